"""Withdrawals (of players and of teams) and late entries carried through TRF in `###` comment lines
(TRF-2026's comments, which other programs skip). TRF itself has no record for them: a withdrawn
player's later rounds and a late entrant's earlier ones are `0000 - Z` cells like any absence, so
without these lines a file written by `bulletin export trf` would come back with absences instead
(and a team file's withdrawn team with its matches left unpaired, and no word why); a team's late
entry is said for the reader of the file.

>>> lines = ["### bulletin: withdrawn 7 after round 4", "### bulletin: late entry 12 from round 3",
...          "### bulletin: withdrawn team 2 after round 1", "### bulletin: late entry team 4 from round 2"]
>>> read_field_changes(lines)
FieldChanges(withdrawn={7: 4}, entered={12: 3}, teams_withdrawn={2: 1}, teams_entered={})
>>> read_field_changes(lines).outside(7, 5), read_field_changes(lines).outside(12, 2)
(True, True)
>>> comment_lines(FieldChanges(entered={12: 2}, teams_entered={4: 2}), teams=True)
['### bulletin: late entry team 4 from round 2']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from site_builder.model import FieldChanges

PREFIX = "### bulletin: "
_LINE = re.compile(r"^### bulletin: (withdrawn|late entry|withdrawn team) (\d+) (after|from) round (\d+)$")


def comment_lines(changes: FieldChanges, teams: bool = False) -> list[str]:
    """The `###` lines of the withdrawals and late entries, of players and of teams (by their number
    in the 310 records), by round and number. In a team section (`teams`) a late team's line says
    its players' entry too: they enter with it, as its 310 record lists them."""
    entered = {} if teams else changes.entered
    lines = [(n, p, f"{PREFIX}withdrawn {p} after round {n}") for p, n in changes.withdrawn.items()]
    lines += [(n, p, f"{PREFIX}late entry {p} from round {n}") for p, n in entered.items()]
    lines += [(n, t, f"{PREFIX}withdrawn team {t} after round {n}")
              for t, n in changes.teams_withdrawn.items()]
    lines += [(n, t, f"{PREFIX}late entry team {t} from round {n}") for t, n in changes.teams_entered.items()]
    return [text for _, _, text in sorted(lines)]


def read_field_changes(records: Iterable[str]) -> FieldChanges:
    """The withdrawals and late entries that the `###` lines among `records` carry (a team's late
    entry is not read: its players' rounds before it are blank, so no round file names the team, and
    the section sees it enter where it did)."""
    tables: dict[str, dict[int, int]] = {"withdrawn": {}, "late entry": {}, "withdrawn team": {}}
    for record in records:
        match = _LINE.match(record.rstrip())
        if match:
            tables[match[1]][int(match[2])] = int(match[4])
    return FieldChanges(tables["withdrawn"], tables["late entry"], tables["withdrawn team"])

