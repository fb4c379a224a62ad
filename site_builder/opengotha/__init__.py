"""OpenGotha's tournament files (XML): read into the go pairing engine's records (read.py)."""
