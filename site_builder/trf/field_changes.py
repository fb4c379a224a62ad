"""Withdrawals and late entries carried through TRF in `###` comment lines (TRF-2026's comments,
which other programs skip). TRF itself has no record for them: a withdrawn player's later rounds and a
late entrant's earlier ones are `0000 - Z` cells like any absence, so without these lines a file
written by `bulletin export trf` would come back with absences instead.

>>> lines = ["### bulletin: withdrawn 7 after round 4", "### bulletin: late entry 12 from round 3"]
>>> read_field_changes(lines)
FieldChanges(withdrawn={7: 4}, entered={12: 3}, teams_withdrawn={})
>>> read_field_changes(lines).outside(7, 5), read_field_changes(lines).outside(12, 2)
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from site_builder.model import FieldChanges

PREFIX = "### bulletin: "
_LINE = re.compile(r"^### bulletin: (withdrawn|late entry) (\d+) (after|from) round (\d+)$")


def comment_lines(changes: FieldChanges) -> list[str]:
    """The `###` lines of the withdrawals and late entries, by round and start rank."""
    lines = [(n, p, f"{PREFIX}withdrawn {p} after round {n}") for p, n in changes.withdrawn.items()]
    lines += [(n, p, f"{PREFIX}late entry {p} from round {n}") for p, n in changes.entered.items()]
    return [text for _, _, text in sorted(lines)]


def read_field_changes(records: Iterable[str]) -> FieldChanges:
    """The withdrawals and late entries that the `###` lines among `records` carry."""
    withdrawn: dict[int, int] = {}
    entered: dict[int, int] = {}
    for record in records:
        match = _LINE.match(record.rstrip())
        if match:
            table = withdrawn if match[1] == "withdrawn" else entered
            table[int(match[2])] = int(match[4])
    return FieldChanges(withdrawn, entered)

