"""Names longer than their TRF field: a player line's name (33 characters, columns 15–47) and a team
record's (310: 32 characters, columns 9–40). FIDE's programs write such a name cut to the field;
`export trf` does too, so that other programs read the file, and carries the whole name in a `###`
line (TRF-2026's comments, which other programs skip), `### bulletin: name N "…"` for the player of
start rank N and `### bulletin: team N "…"` for team N, which `import trf` and `verify` read back,
so the round trip gives the name as the content writes it.

>>> line = name_lines({3: "Fernández García-Pertierra, Francisco Javier"})
>>> line
['### bulletin: name 3 "Fernández García-Pertierra, Francisco Javier"']
>>> cut("Fernández García-Pertierra, Francisco Javier")
'Fernández García-Pertierra, Franc'
>>> whole_names(line)
{3: 'Fernández García-Pertierra, Francisco Javier'}
>>> teams = team_name_lines({2: "The Royal Knights of the Round Table Chess Club", 3: "Owls"})
>>> teams
['### bulletin: team 2 "The Royal Knights of the Round Table Chess Club"']
>>> cut("The Royal Knights of the Round Table Chess Club", TEAM_WIDTH)
'The Royal Knights of the Round T'
>>> whole_names(teams, TEAM_KIND), whole_names(teams)
({2: 'The Royal Knights of the Round Table Chess Club'}, {})
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping

from site_builder.trf.field_changes import PREFIX
from site_builder.trf.records import FIELDS
from site_builder.trf.team_records import TEAM_NAME

WIDTH = FIELDS["name"][1] - FIELDS["name"][0] + 1
TEAM_WIDTH = TEAM_NAME[1] - TEAM_NAME[0] + 1
#: The word of each kind of `###` line: a player's name, a team's.
PLAYER_KIND, TEAM_KIND = "name", "team"
_LINE = re.compile(r'^### bulletin: (name|team) (\d+) (".*")$')


def cut(name: str, width: int = WIDTH) -> str:
    """`name` as a field of `width` characters holds it (a player line's, by default): its first
    characters."""
    return name[:width].rstrip()


def name_lines(names: Mapping[int, str], kind: str = PLAYER_KIND, width: int = WIDTH) -> list[str]:
    """A `###` line of `kind` for each name (by start rank, or team number) its field of `width`
    holds cut, in number order."""
    return [f"{PREFIX}{kind} {number} {json.dumps(name, ensure_ascii=False)}"
            for number, name in sorted(names.items()) if len(name) > width]


def team_name_lines(names: Mapping[int, str]) -> list[str]:
    """A `###` line for each team name (by team number) the 310 record holds cut."""
    return name_lines(names, TEAM_KIND, TEAM_WIDTH)


def whole_names(records: Iterable[str], kind: str = PLAYER_KIND) -> dict[int, str]:
    """The whole names the `###` lines of `kind` among `records` carry, by start rank (or team
    number)."""
    found = {}
    for record in records:
        match = _LINE.match(record.rstrip())
        if match and match[1] == kind:
            try:
                name = json.loads(match[3])
            except ValueError:
                continue
            if isinstance(name, str):
                found[int(match[2])] = name
    return found


def restored(written: str, whole: str | None, width: int = WIDTH) -> str:
    """The name a field holds as `written`: the `whole` one a `###` line carries when its cut is
    the one written (a line left over from another name is not), else `written`.

    >>> restored("Owls of the", "Owls of the North", 11), restored("Lions", "Owls of the North", 11)
    ('Owls of the North', 'Lions')
    """
    return whole if whole is not None and cut(whole, width) == written else written
