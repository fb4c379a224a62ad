"""Game records: the moves of a game read from its file (PGN, KIF/CSA, SGF, a gomoku move list),
checked for legality, as positions a board viewer and a diagram can show (`record`)."""
