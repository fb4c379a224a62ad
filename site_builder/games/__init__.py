"""The games: a module each (`chess`, `xiangqi`, `shogi`, `go`, `gomoku`) with its reader and its
`Game` (`spec`), listed in `registry`. Records are the moves of a game read from its file (PGN,
KIF/CSA, SGF, a gomoku move list), checked for legality, as positions a board viewer and a diagram
can show (`record`)."""
