"""`bulletin split`: a proposed split of the players into parallel groups by strength (serpentine),
for the organizer to paste into the event file and edit (seed 000 六.2: groups of at most 18)."""

from __future__ import annotations

import math

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


def split_yaml(players: list[Player], groups: int) -> str:
    """Section entries for the event file, one per group."""
    lines = [f"# serpentine split of {len(players)} players into {groups} groups (edit freely)"]
    for index, members in enumerate(serpentine(players, groups)):
        letter = chr(ord("a") + index)
        numbers = ", ".join(str(p.number) for p in members)
        lines.append(f"  group-{letter}: {{name: 平行组{letter.upper()}, stage: 1, system: swiss-positional, "
                     f"rounds: 4, players: [{numbers}]}}")
    return "\n".join(lines) + "\n"
