"""Colour allocation of a pair (C.04.3 §5.2)."""

from __future__ import annotations

from site_builder.pairing.dutch.history import State, invert


def _last_difference(a: State, b: State) -> tuple[str | None, str | None]:
    """The two players' colours in the latest round (counting back over each one's played games)
    in which they differed, or (None, None) when they never did."""
    ca = [g.colour for g in a.entrant.history if g.played]
    cb = [g.colour for g in b.entrant.history if g.played]
    for x, y in zip(reversed(ca), reversed(cb), strict=False):
        if x != y:
            return x, y
    return None, None


def _decided(player: State, opponent: State) -> tuple[str | None, str]:
    """The colour §5.2.1–5.2.3 give `player` and the rule that gives it, or (None, "5.2.4") when only
    ranking decides. §5.2.2 grants the stronger preference: an absolute one before the other's
    ("5.2.2-absolute"), of two absolute ones that of the wider colour difference ("5.2.2-wider"), a
    strong one before a mild one ("5.2.2-strong")."""
    p, o = player.preference, opponent.preference
    if p is None or o is None or p != o:  # §5.2.1: both preferences granted
        return p or invert(o), "5.2.1"
    both = "5.2.2-wider" if player.absolute and opponent.absolute else "5.2.2-absolute"
    if player.absolute and (player.imbalance > opponent.imbalance or not opponent.absolute):
        return p, both
    if opponent.absolute and (opponent.imbalance > player.imbalance or not player.absolute):
        return invert(o), both
    if player.strong and not opponent.strong:  # §5.2.2: a strong preference before a mild one
        return p, "5.2.2-strong"
    if opponent.strong and not player.strong:
        return invert(o), "5.2.2-strong"
    mine, theirs = _last_difference(player, opponent)  # §5.2.3: alternate from the last difference
    return (theirs, "5.2.3") if mine and theirs else (None, "5.2.4")


def colour_of(player: State, opponent: State, first_colour: str) -> str:
    """The colour `player` gets against `opponent`; `first_colour` is the top seed's colour in
    round 1, which odd and even pairing numbers alternate (§5.2.5)."""
    return colour_rule(player, opponent, first_colour)[0]


def colour_rule(player: State, opponent: State, first_colour: str) -> tuple[str, str]:
    """`colour_of` and the rule of §5.2 that gives it: "5.2.1", "5.2.2-absolute", "5.2.2-wider",
    "5.2.2-strong" (`_decided`), "5.2.3", "5.2.4" (the higher ranked player's preference) or "5.2.5"
    (neither has one: the initial colour by the higher ranked player's pairing number)."""
    decided, rule = _decided(player, opponent)
    if decided:
        return decided, rule
    lower = (player.score, -player.rank) < (opponent.score, -opponent.rank)
    if player.preference is None:
        higher = opponent if lower else player
        colour = invert(first_colour) if higher.rank & 1 else first_colour
        return (invert(colour) if lower else colour), "5.2.5"
    assert opponent.preference is not None  # both have a preference here, else `_decided` decided
    return (invert(opponent.preference) if lower else player.preference), "5.2.4"
