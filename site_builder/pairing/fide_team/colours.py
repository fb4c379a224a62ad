"""Colours of C.04.6: a team's colour preference by its colour model (art. 1.7) and the colour
allocation of a pair (art. 4).

A team's colour in a match is the colour of its first board (art. 1.6.1), counted only when the
match was played; its colour difference is its Whites minus its Blacks (art. 1.6.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

WHITE, BLACK = "w", "b"
ColourModel = Literal["A", "B", "none"]
#: The colour models of art. 1.7: Type A (the default), Type B, no colour preferences at all.
COLOUR_MODELS: tuple[ColourModel, ...] = ("A", "B", "none")


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


@dataclass(frozen=True)
class Preference:
    """A colour preference: the colour (None: no preference) and whether it is strong (Type B's
    strong preference, or Type A's simple one)."""

    colour: str | None = None
    strong: bool = False


NONE = Preference()


def preference(colours: str, model: ColourModel, last_round: bool) -> Preference:
    """Art. 1.7: the preference of a team whose played matches had `colours` ("w"/"b", oldest first).

    Type A (1.7.1): a preference for White when the difference is below −1, or is 0 or −1 and the
    last two played matches were with Black (and the same for Black); no other preference. Type B
    (1.7.2): those preferences are strong; a difference of ±1 otherwise gives a mild preference for
    the other colour, and so does a difference of 0 (alternating from the last match) unless the round
    is the last."""
    if model == "none" or not colours:
        return NONE
    diff = colours.count(WHITE) - colours.count(BLACK)
    if diff < -1 or (diff in (0, -1) and colours[-2:] == BLACK * 2):
        return Preference(WHITE, True)
    if diff > 1 or (diff in (0, 1) and colours[-2:] == WHITE * 2):
        return Preference(BLACK, True)
    if model == "A":
        return NONE
    if diff == -1:
        return Preference(WHITE)
    if diff == 1:
        return Preference(BLACK)
    if not last_round:
        return Preference(other(colours[-1]))
    return NONE


@dataclass(frozen=True)
class ColourTeam:
    """What art. 4 compares of a team."""

    number: int  # its pairing number (TPN)
    primary: int
    secondary: int
    colours: str  # of its played matches, oldest first
    preference: Preference


def first_team(a: ColourTeam, b: ColourTeam, secondary_used: bool) -> bool:
    """Art. 4.2: is `a` the first-team: the higher primary score, then the higher secondary score
    (unless the rules say it is not used), then the smaller pairing number."""
    if a.primary != b.primary:
        return a.primary > b.primary
    if secondary_used and a.secondary != b.secondary:
        return a.secondary > b.secondary
    return a.number < b.number


def allocate(a: ColourTeam, b: ColourTeam, initial: str, model: ColourModel, secondary_used: bool
             ) -> tuple[int, int, str]:
    """Art. 4.3: (the team with White on board 1, the other, the article that decided)."""
    first, second = (a, b) if first_team(a, b, secondary_used) else (b, a)
    fp, sp = first.preference, second.preference

    def give(colour: str, rule: str) -> tuple[int, int, str]:
        return (first.number, second.number, rule) if colour == WHITE else (second.number, first.number, rule)

    if not first.colours and not second.colours:
        return give(initial if first.number % 2 else other(initial), "4.3.1")
    if fp.colour and not sp.colour:
        return give(fp.colour, "4.3.2")
    if sp.colour and not fp.colour:
        return give(other(sp.colour), "4.3.2")
    if fp.colour and sp.colour and fp.colour != sp.colour:
        return give(fp.colour, "4.3.3")
    if model == "B" and fp.colour and sp.colour and fp.strong != sp.strong:
        return give(fp.colour if fp.strong else other(sp.colour), "4.3.4")
    fd = first.colours.count(WHITE) - first.colours.count(BLACK)
    sd = second.colours.count(WHITE) - second.colours.count(BLACK)
    if fd != sd:
        return give(WHITE if fd < sd else BLACK, "4.3.5")
    for fc, sc in zip(reversed(first.colours), reversed(second.colours), strict=False):
        if fc != sc:
            return give(other(fc), "4.3.6")
    if fp.colour:
        return give(fp.colour, "4.3.7")
    if first.colours:
        return give(other(first.colours[-1]), "4.3.8")
    return give(second.colours[-1], "4.3.9")
