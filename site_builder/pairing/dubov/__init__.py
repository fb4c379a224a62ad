"""The FIDE Dubov system (C.04.4.1): the engine (`engine.pair_round`), the players' facts it reads
(`players`), the section's records read into it (`from_section`) and the independent checker of a
published round (`checker`)."""
