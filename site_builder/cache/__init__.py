"""What a build remembers between builds, in a hidden cache directory (`.bulletin-cache/`).

Everything here is derived from the content, the theme and this software, keyed by a digest of
exactly those inputs: deleting the directory only makes the next build slower, and a full build
without any cache is the reference every cached build must reproduce byte for byte.
"""
