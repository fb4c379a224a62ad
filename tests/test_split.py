"""`bulletin split`: serpentine groups by strength (seed 000 六.2)."""

from __future__ import annotations

from site_builder.commands.split import groups_needed, serpentine
from site_builder.model import Player


def test_serpentine_deals_back_and_forth() -> None:
    players = [Player(n, f"P{n}") for n in range(1, 11)]
    groups = [[p.number for p in g] for g in serpentine(players, 4)]
    assert groups == [[1, 8, 9], [2, 7, 10], [3, 6], [4, 5]]


def test_groups_of_at_most_eighteen() -> None:
    assert [groups_needed(n) for n in (1, 18, 19, 66, 108)] == [1, 1, 2, 4, 6]
