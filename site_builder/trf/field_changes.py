"""Withdrawals and late entries carried through TRF in `###` comment lines (TRF-2026's comments,
which other programs skip). TRF itself has no record for them: a withdrawn player's later rounds and a
late entrant's earlier ones are `0000 - Z` cells like any absence, so without these lines a file
written by `bulletin export trf` would come back with absences instead.

>>> lines = ["### bulletin: withdrawn 7 after round 4", "### bulletin: late entry 12 from round 3"]
>>> read_field_changes(lines)
FieldChanges(withdrawn={7: 4}, entered={12: 3})
>>> read_field_changes(lines).absent(7, 5), read_field_changes(lines).absent(12, 2)
(False, False)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from site_builder.model import Section

PREFIX = "### bulletin: "
_LINE = re.compile(r"^### bulletin: (withdrawn|late entry) (\d+) (after|from) round (\d+)$")


@dataclass(frozen=True)
class FieldChanges:
    """Start rank → the round after which the player withdrew / from which the player takes part."""

    withdrawn: dict[int, int] = field(default_factory=dict)
    entered: dict[int, int] = field(default_factory=dict)

    def absent(self, rank: int, round_number: int) -> bool:
        """Whether a `0000 - Z` cell of `rank` in `round_number` is an absence (and not one of the
        rounds after a withdrawal or before a late entry)."""
        return not (round_number > self.withdrawn.get(rank, round_number)
                    or round_number < self.entered.get(rank, 0))


    def outside(self, rank: int, round_number: int) -> bool:
        """Whether `round_number` is after `rank`'s withdrawal or before `rank`'s late entry."""
        return not self.absent(rank, round_number)


def field_changes_of(section: Section) -> FieldChanges:
    """Who withdrew after which round and who entered late from which, as the round files say."""
    changes = FieldChanges()
    for rnd in section.rounds:
        for player in rnd.entrants:
            changes.entered.setdefault(player, rnd.number)
        for player in rnd.withdrawn:
            changes.withdrawn.setdefault(player, rnd.number)
    for player in [p for p, first in changes.entered.items() if first == 1]:
        del changes.entered[player]
    return changes


def comment_lines(changes: FieldChanges) -> list[str]:
    """The `###` lines of the withdrawals and late entries, by round and start rank."""
    lines = [(n, p, f"{PREFIX}withdrawn {p} after round {n}") for p, n in changes.withdrawn.items()]
    lines += [(n, p, f"{PREFIX}late entry {p} from round {n}") for p, n in changes.entered.items()]
    return [text for _, _, text in sorted(lines)]


def read_field_changes(records: Iterable[str]) -> FieldChanges:
    changes = FieldChanges()
    for record in records:
        match = _LINE.match(record.rstrip())
        if match:
            table = changes.withdrawn if match[1] == "withdrawn" else changes.entered
            table[int(match[2])] = int(match[4])
    return changes

