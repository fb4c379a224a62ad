"""Game 1's colours of a match (C.04.5 art. 4): a player's colour in a match is its colour in game 1,
counted only when a game of the match was played (art. 1.6). The pairing itself has no colour
criterion: colours are allocated to the pairs once they are made.

The higher-ranked player (art. 1.2: the higher score, then the smaller pairing number) is the one
the rules decide for: 4.3.1 when neither has a colour, it gets the initial-colour if its pairing
number is odd, the other colour if even; 4.3.2 else White goes to the player with fewer Whites;
4.3.3 else each gets the colour the other had in the most recent match in which their colours
differed; 4.3.4 else the higher-ranked player alternates from its last colour; 4.3.5 else it takes
the colour its opponent had last (the opponent alternates)."""

from __future__ import annotations

from dataclasses import dataclass

WHITE, BLACK = "w", "b"


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


@dataclass(frozen=True)
class Side:
    """What art. 4 compares of a player: pairing number, pairing score, game 1's colour of each
    match in which a game was played, oldest first."""

    number: int
    score: int
    colours: str


def higher(a: Side, b: Side) -> bool:
    """Art. 1.2: is `a` ranked above `b` (the higher score, then the smaller pairing number)."""
    return (a.score, -a.number) > (b.score, -b.number)


def allocate(a: Side, b: Side, initial: str) -> tuple[int, int, str]:
    """(the player with White in game 1, the other, the article that decided)."""
    hrp, opp = (a, b) if higher(a, b) else (b, a)

    def give(colour: str, rule: str) -> tuple[int, int, str]:
        return (hrp.number, opp.number, rule) if colour == WHITE else (opp.number, hrp.number, rule)

    if not hrp.colours and not opp.colours:
        return give(initial if hrp.number % 2 else other(initial), "4.3.1")
    whites, theirs = hrp.colours.count(WHITE), opp.colours.count(WHITE)
    if whites != theirs:
        return give(WHITE if whites < theirs else BLACK, "4.3.2")
    for own, their in zip(reversed(hrp.colours), reversed(opp.colours), strict=False):
        if own != their:
            return give(their, "4.3.3")
    if hrp.colours:
        return give(other(hrp.colours[-1]), "4.3.4")
    return give(opp.colours[-1], "4.3.5")
