"""FIDE's Double-Swiss System (Handbook C.04.5, approved 28/10/2025, applied from 1 February 2026):
every pairing is a match of two games between the same two players, colours reversed in the second.

A match is two rounds of the section: game 1 in an odd round, game 2 (the same players, colours
reversed, the same byes) in the even round after it. `matches` reads the players' match history
from the records, `engine` pairs a match round, `from_section` pairs a section's next round, and
`checker` judges a published match round criterion by criterion without pairing it again."""
