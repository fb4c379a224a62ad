"""Static-site generator for tournament bulletins."""

__version__ = "0.1.0"
