"""Secret pairing codes (seed 004 二.2), drawn once by `bulletin pair` and frozen in `codes.yaml`."""

from __future__ import annotations

from pathlib import Path

from site_builder.content.players import Roster
from site_builder.content.schema import MapReader, type_name
from site_builder.content.yamlsource import read_yaml
from site_builder.errors import Location, Problems


def load_codes(path: Path, shown: Path, roster: Roster, problems: Problems) -> dict[int, int]:
    """Read `codes: {player: code}`; codes must be the numbers 1..n, one per player."""
    data = read_yaml(path, problems, shown)
    fields = MapReader(data, Location(shown), problems, "the codes file", ("codes",))
    table = fields.mapping("codes")
    if table is None:
        return {}
    codes: dict[int, int] = {}
    holders: dict[int, int] = {}
    for ref, code in table.items():
        player = roster.resolve(ref, table.key_locs[ref], problems)
        if isinstance(code, bool) or not isinstance(code, int) or not 1 <= code <= len(roster.players):
            problems.add(table.at(ref), f"a code must be a number from 1 to {len(roster.players)}, "
                                        f"found {type_name(code)}", "codes are 1..n, one per player")
            continue
        if code in holders:
            problems.add(table.at(ref), f"code {code} is given twice", "every player has a different code")
            continue
        if player is not None:
            codes[player] = code
            holders[code] = player
    missing = [p.name for p in roster.players if p.number not in codes]
    if codes and missing:
        problems.add(table.loc, f"{len(missing)} player(s) have no code: {', '.join(missing[:5])}",
                     "give every player a code, or delete the file and let 'bulletin pair' draw them")
    return codes
