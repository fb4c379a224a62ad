"""Secret pairing codes (seed 004 二.2), drawn once by `bulletin pair` and frozen in `codes.yaml`.

The file holds the codes in clear (`codes: {player: code}`, events with a public `draw_seed`) or
sealed (`sealed: <token>`, events with a committed secret seed): encrypted with a key derived from
the seed and the section id (`site_builder.draw_seed.seal`), so a public repository does not show
them. Without the seed, sealed codes are unknown (an empty mapping).
"""

from __future__ import annotations

import json
from pathlib import Path

from site_builder.cache.store import Store
from site_builder.content.players import Roster, file_ref
from site_builder.content.schema import MapReader, type_name
from site_builder.content.yamlsource import read_yaml
from site_builder.errors import Location, Problems
from site_builder.model import Section

SEALED_FORMAT = "bulletin-sealed-codes"


def load_codes(path: Path, shown: Path, roster: Roster, problems: Problems, seed: int | None = None,
               section_id: str = "", cache: Store | None = None) -> tuple[dict[int, int], bool]:
    """Read `codes: {player: code}` or `sealed: <token>` (opened with `seed`); codes must be the
    numbers 1..n, one per player. Returns the codes (empty while sealed without the seed) and
    whether the file is sealed."""
    data = read_yaml(path, problems, shown, cache)
    fields = MapReader(data, Location(shown), problems, "the codes file", ("codes", "sealed"))
    if fields.has("sealed"):
        if fields.has("codes"):
            problems.add(fields.at("codes"), "the codes file gives both sealed and plain codes",
                         "keep only 'sealed:' (the codes in clear must not be in a public repository)")
        return _sealed(fields, roster, problems, seed, section_id), True
    table = fields.mapping("codes")
    if table is None:
        return {}, False
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
    return codes, False


def codes_text(section: Section, codes: dict[int, int], seed: int, sealed: bool) -> str:
    """The text of `codes.yaml`: the codes in clear (a public seed) or sealed with the secret seed
    (docs/secrets.md). The same codes give the same text, byte for byte (`bulletin verify`)."""
    from site_builder.draw_seed import ENV, seal

    if not sealed:
        body = "".join(f"  {file_ref(section, p)}: {c}\n" for p, c in sorted(codes.items()))
        return ("# Secret pairing codes (seed 004 二.2), drawn once from draw_seed and kept "
                "secret until the last round starts.\ncodes:\n" + body)
    payload = json.dumps({"format": SEALED_FORMAT, "section": section.id,
                          "codes": {str(p): c for p, c in sorted(codes.items())}}, sort_keys=True)
    return (f"# Secret pairing codes (seed 004 二.2) of the section {section.name!r}, drawn once\n"
            "# from the event's secret draw seed by 'bulletin pair' and sealed: encrypted (AES-SIV)\n"
            "# with a key derived from that seed and the section id. bulletin opens them when\n"
            f"# {ENV} holds the seed; the site publishes them once the last round is paired.\n"
            "# Do not edit (see docs/secrets.md).\n"
            f"sealed: {seal(payload.encode('utf-8'), seed, section.id)}\n")


def _sealed(fields: MapReader, roster: Roster, problems: Problems, seed: int | None,
            section_id: str) -> dict[int, int]:
    from site_builder.draw_seed import unseal

    token, where = fields.raw("sealed"), fields.at("sealed")
    if not isinstance(token, str):
        problems.add(where, f"'sealed' must be the token 'bulletin pair' wrote, found {type_name(token)}",
                     "restore the file from the repository's history")
        return {}
    if seed is None:
        return {}  # unknown without the seed: whatever needs the codes says so
    opened = unseal(token, seed, section_id)
    payload = None
    if opened is not None:
        try:
            payload = json.loads(opened)
        except ValueError:
            payload = None
    if not isinstance(payload, dict) or payload.get("format") != SEALED_FORMAT \
            or payload.get("section") != section_id or not isinstance(payload.get("codes"), dict):
        problems.add(where, "the sealed codes cannot be opened with the event's draw seed",
                     "the file was sealed with another seed or for another section, or was altered; "
                     "restore it from the repository's history")
        return {}
    codes = {}
    for number, code in payload["codes"].items():
        if number.isdigit() and int(number) in roster.by_number and isinstance(code, int):
            codes[int(number)] = code
    expected = {p.number for p in roster.players}
    if set(codes) != expected or sorted(codes.values()) != list(range(1, len(expected) + 1)):
        problems.add(where, "the sealed codes do not fit the player list (codes 1..n, one per player)",
                     "the player list changed after the codes were drawn; restore it, or delete "
                     "codes.yaml and pair round 2 again")
        return {}
    return codes
