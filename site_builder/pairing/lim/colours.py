"""The colours of a pair (C.04.4.3 art. 5)."""

from __future__ import annotations

from site_builder.pairing.dutch.history import invert
from site_builder.pairing.lim.players import Player


def _alternating(a: Player, b: Player, due: str) -> Player | None:
    """Art. 5.4: back to the latest round in which the two had different colours, the one who then
    had the other colour receives the colour both are due now; None when they never differed."""
    for x, y in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if x != y:
            return b if x == due else a
    return None


def colours_of(higher: Player, lower: Player, round_number: int, above_median: bool,
               first_colour: str, higher_rank: int) -> tuple[int, int]:
    """(white, black) of a pair whose `higher` player ranks above `lower` (`higher_rank`: its
    0-based place among the players of the round, by pairing number): `colour_rule`'s colours."""
    return colour_rule(higher, lower, round_number, above_median, first_colour, higher_rank)[0]


def colour_rule(higher: Player, lower: Player, round_number: int, above_median: bool,
                first_colour: str, higher_rank: int) -> tuple[tuple[int, int], str]:
    """(white, black) of a pair and the rule of art. 5 that gives them.

    A colour a player must receive (art. 5.3, 2.1: "5.3") is given first; different due colours are
    both given ("5.2"); the same due colour goes by art. 5.4 (alternation from the latest round that
    differs, "5.4-alternate"; else above the median the higher ranked, below it the lower ranked
    player, "5.4-median"); neither due one ("7.2", as in round 1): the higher ranked player takes
    the first colour on an even place, the other on an odd one."""
    must_h, must_l = higher.must(), lower.must()
    if must_h or must_l:
        colour, player = (must_h, higher) if must_h else (must_l, lower)
        return _ordered(player, colour or "W", higher, lower), "5.3"
    due_h, due_l = higher.due(round_number), lower.due(round_number)
    if due_h and due_h != due_l:
        return _ordered(higher, due_h, higher, lower), "5.2"
    if due_l and due_l != due_h:
        return _ordered(lower, due_l, higher, lower), "5.2"
    if due_h:
        alternated = _alternating(higher, lower, due_h)
        if alternated:
            return _ordered(alternated, due_h, higher, lower), "5.4-alternate"
        return _ordered(higher if above_median else lower, due_h, higher, lower), "5.4-median"
    colour = first_colour if higher_rank % 2 == 0 else invert(first_colour)
    return _ordered(higher, colour, higher, lower), "7.2"


def _ordered(player: Player, colour: str, a: Player, b: Player) -> tuple[int, int]:
    """(white, black) when `player`, one of `a` and `b`, receives `colour`."""
    other = b if player is a else a
    return (player.number, other.number) if colour == "W" else (other.number, player.number)
