"""FIDE's tools for pairing programs, over content folders and TRF files alike: the random
tournament generator (`generator`, `bulletin generate`) and the checker of a TRF file's pairings
and standings (`check`, `bulletin verify FILE.trf`)."""
