"""FIDE's tools for pairing programs, over content folders and TRF files alike: the random
tournament generator (`generator`, `bulletin generate`), the checker of a content folder's pairings,
codes and standings (`verify`, `bulletin verify`) and of a TRF file's (`check`, `bulletin verify
FILE.trf`). A library: it never imports the commands (`content/pair_text.py` writes the round files
the generator and `bulletin pair` both write)."""
