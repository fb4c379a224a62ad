"""Loading and validation of the organizer's content files."""
