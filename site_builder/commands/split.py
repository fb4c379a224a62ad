"""`bulletin split`: a proposed split of the players into parallel groups by strength (serpentine),
for the organizer to paste into the event file and edit (seed 000 六.2: groups of at most 18)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from site_builder.commands.list_sheet import column_letters
from site_builder.model import Player

MAX_GROUP = 18


def serpentine(players: list[Player], groups: int) -> list[list[Player]]:
    """Players in strength order (pairing number) dealt 1→G, then G→1, and so on."""
    out: list[list[Player]] = [[] for _ in range(groups)]
    for index, player in enumerate(sorted(players, key=lambda p: p.number)):
        lap, position = divmod(index, groups)
        out[position if lap % 2 == 0 else groups - 1 - position].append(player)
    return out


def groups_needed(count: int) -> int:
    return max(1, math.ceil(count / MAX_GROUP))


def group_letters(index: int) -> str:
    """The letters of the group `index` (0-based), as spreadsheet columns are named.

    >>> [group_letters(i) for i in (0, 25, 26, 27, 701, 702)]
    ['a', 'z', 'aa', 'ab', 'zz', 'aaa']
    """
    return column_letters(index).lower()


def split_yaml(players: list[Player], groups: int, words: Mapping[str, str]) -> str:
    """Section entries for the event file, one per group, named in the event's language (`words`,
    its catalogue: `split.head`, `split.group`)."""
    lines = ["# " + words["split.head"].format(players=len(players), groups=groups)]
    for index, members in enumerate(serpentine(players, groups)):
        letters = group_letters(index)
        numbers = ", ".join(str(p.number) for p in members)
        name = words["split.group"].format(letters=letters.upper())
        lines.append(f"  group-{letters}: {{name: {name}, stage: 1, system: swiss-positional, "
                     f"rounds: 4, players: [{numbers}]}}")
    return "\n".join(lines) + "\n"
