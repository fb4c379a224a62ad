"""Names longer than a TRF player line's name field (33 characters, columns 15–47). FIDE's programs
write such a name cut to the field; `export trf` does too, so that other programs read the file, and
carries the whole name in a `###` line (TRF-2026's comments, which other programs skip), which
`import trf` and `verify` read back, so the round trip gives the name as the content writes it.

>>> line = name_lines({3: "Fernández García-Pertierra, Francisco Javier"})
>>> line
['### bulletin: name 3 "Fernández García-Pertierra, Francisco Javier"']
>>> cut("Fernández García-Pertierra, Francisco Javier")
'Fernández García-Pertierra, Franc'
>>> whole_names(line)
{3: 'Fernández García-Pertierra, Francisco Javier'}
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping

from site_builder.trf.field_changes import PREFIX
from site_builder.trf.records import FIELDS

WIDTH = FIELDS["name"][1] - FIELDS["name"][0] + 1
_LINE = re.compile(r'^### bulletin: name (\d+) (".*")$')


def cut(name: str) -> str:
    """`name` as the player line holds it: its first 33 characters."""
    return name[:WIDTH].rstrip()


def name_lines(names: Mapping[int, str]) -> list[str]:
    """A `###` line for each name (by start rank) the player line holds cut, in start-rank order."""
    return [f"{PREFIX}name {rank} {json.dumps(name, ensure_ascii=False)}"
            for rank, name in sorted(names.items()) if len(name) > WIDTH]


def whole_names(records: Iterable[str]) -> dict[int, str]:
    """The whole names the `###` lines among `records` carry, by start rank."""
    found = {}
    for record in records:
        match = _LINE.match(record.rstrip())
        if match:
            try:
                name = json.loads(match[2])
            except ValueError:
                continue
            if isinstance(name, str):
                found[int(match[1])] = name
    return found
