"""Colour allocation of a pair (C.04.4.2 art. 5.2) and the colour preferences it reads (art. 1.5).

A player's preference, its strength and the colours played come from `pairing.dutch.history.State`:
the Burstein system defines them as the Dutch system does (art. 1.4–1.5)."""

from __future__ import annotations

from site_builder.pairing.dutch.history import State, invert

ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0


def strength(player: State) -> int:
    """The strength of the player's colour preference (art. 1.5.1–1.5.4)."""
    if player.preference is None:
        return NONE
    return ABSOLUTE if player.absolute else STRONG if player.strong else MILD


def _played(player: State) -> list[str | None]:
    return [g.colour for g in player.entrant.history if g.played]


def _last_difference(a: State, b: State) -> tuple[str | None, str | None]:
    """The colours of the two players in the latest of their played games (counted back from each
    one's last) in which they differed (art. 5.2.4), or (None, None)."""
    for x, y in zip(reversed(_played(a)), reversed(_played(b)), strict=False):
        if x != y:
            return x, y
    return None, None


def _initial(a: State, b: State, first_colour: str) -> str:
    """Art. 5.2.1: the colour of `a` when neither has played. The higher of the two (more points,
    or the smaller TPN when equal) gets the initial colour if their TPN is odd, else the other."""
    a_higher = (a.score, -a.rank) > (b.score, -b.rank)
    higher = a if a_higher else b
    colour = first_colour if higher.rank % 2 == 0 else invert(first_colour)  # rank 0 is TPN 1
    return colour if a_higher else invert(colour)


def colour_rule(a: State, b: State, a_ranks_higher: bool, first_colour: str) -> tuple[str, str]:
    """The colour `a` gets against `b`, and the article of 5.2 that gives it; `a_ranks_higher`
    tells whether `a` is the higher ranked of the two by art. 1.8 (art. 5.2.5)."""
    if not _played(a) and not _played(b):
        return _initial(a, b, first_colour), "5.2.1"
    p, o = a.preference, b.preference
    if p is None or o is None or p != o:  # art. 5.2.2: both preferences granted
        return (p or invert(o) or first_colour), "5.2.2"
    sp, so = strength(a), strength(b)
    if sp != so:  # art. 5.2.3: the stronger preference
        return (p if sp > so else invert(o)), "5.2.3"
    mine, theirs = _last_difference(a, b)
    if mine and theirs:  # art. 5.2.4: alternate from the last round with different colours
        return theirs, "5.2.4"
    return (p if a_ranks_higher else invert(o)), "5.2.5"  # the higher ranked player's preference
