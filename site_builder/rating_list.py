"""`bulletin import players`: a player list started from a rating list.

Reads FIDE's rating lists (the XML of `players_list_xml.zip` / `standard_rating_list_xml.zip`, and
the fixed-width TXT lists) and any CSV a federation or a pairing program exports (its headers read
as player lists read them, `content.players.column_keys`). The entries chosen (by FIDE id, by
federation) are written as a YAML player list in seeding order — rating, then name — with their
FIDE ids, titles, ratings, federations, sex and birth years.
"""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from site_builder.content.atomic import write_atomic
from site_builder.content.players import column_keys, csv_delimiter


class ListRefused(Exception):
    """The list cannot be read or written (a one-line reason)."""


@dataclass(frozen=True)
class Entry:
    name: str
    fide_id: str = ""
    federation: str = ""
    sex: str = ""  # m, f or ""
    title: str = ""
    rating: int | None = None
    birth_year: int | None = None


#: The fixed-width columns of FIDE's TXT lists, by the header words that start them.
TXT_COLUMNS = {"ID Number": "fide_id", "Name": "name", "Fed": "federation", "Sex": "sex", "Tit": "title",
               "SRtng": "rating", "RRtng": "rating", "BRtng": "rating", "B-day": "birth_year",
               "Born": "birth_year"}


def read_list(path: Path) -> Iterator[Entry]:
    """The entries of a rating list: FIDE XML, FIDE TXT, or CSV (by its extension and first line)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        text = path.read_text(encoding="latin-1")  # FIDE's TXT lists are Latin-1
    except OSError as error:
        raise ListRefused(f"{path}: {error.strerror}") from None
    head = text.lstrip()[:200]
    if head.startswith("<"):
        return _xml(text, path)
    if "ID Number" in head.split("\n", 1)[0]:
        return _txt(text)
    return _csv(text, path)


def _xml(text: str, path: Path) -> Iterator[Entry]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        line, column = error.position
        raise ListRefused(f"{path}:{line}:{column + 1}: not a FIDE XML list ({error})") from None
    for player in root.iter("player"):
        def field(tag: str, player: ET.Element = player) -> str:
            return (player.findtext(tag) or "").strip()
        yield _entry({"name": field("name"), "fide_id": field("fideid"), "federation": field("country"),
                      "sex": field("sex"), "title": field("title"), "rating": field("rating"),
                      "birth_year": field("birthday")})


def _txt(text: str) -> Iterator[Entry]:
    header, *lines = text.splitlines()
    words = [(m.start(), m.group()) for m in re.finditer(r"ID Number|\S+", header)]  # every column
    spans = [(start, words[i + 1][0] if i + 1 < len(words) else None, TXT_COLUMNS[word])
             for i, (start, word) in enumerate(words) if word in TXT_COLUMNS]
    for line in lines:
        if not line.strip():
            continue
        yield _entry({key: line[start:end].strip() for start, end, key in spans})


def _csv(text: str, path: Path) -> Iterator[Entry]:
    reader = csv.reader(io.StringIO(text), delimiter=csv_delimiter(text))
    header = next(reader, None)
    keys = column_keys(header or [])
    if "name" not in keys:
        raise ListRefused(f"{path}:1:1: the list has no name column (hint: a FIDE XML or TXT list, or a "
                          "CSV whose first line names the columns: Name, FIDE ID, Rtg, Fed …)")
    for cells in reader:
        row = dict(zip(keys, (c.strip() for c in cells), strict=False))
        if row.get("name"):
            yield _entry(row)


def _entry(cells: dict[str, str]) -> Entry:
    """An entry from the cells of a row, by player field."""
    return Entry(cells.get("name", ""), cells.get("fide_id", ""), cells.get("federation", ""),
                 _sex(cells.get("sex", "")), cells.get("title", ""), _number(cells.get("rating", "")),
                 _year(cells.get("birth_year", "")))


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() and int(text) > 0 else None


def _year(text: str) -> int | None:
    found = re.search(r"\b(19|20)\d\d\b", text)
    return int(found.group()) if found else None


def _sex(text: str) -> str:
    return {"m": "m", "f": "f", "w": "f", "男": "m", "女": "f"}.get(text.strip().lower()[:1], "")


def choose(entries: Iterable[Entry], ids: Iterable[str] = (), federation: str = "") -> list[Entry]:
    """The entries with one of `ids` (all when none are given) of `federation` (any when ""), in
    seeding order: rating, highest first, then name."""
    wanted = {i.strip() for i in ids if i.strip()}
    chosen = [e for e in entries if (not wanted or e.fide_id in wanted)
              and (not federation or e.federation.upper() == federation.upper())]
    missing = wanted - {e.fide_id for e in chosen}
    if missing:
        raise ListRefused(f"{len(missing)} FIDE id(s) not in the list: {', '.join(sorted(missing)[:5])}")
    return sorted(chosen, key=lambda e: (-(e.rating or 0), e.name))


def players_yaml(entries: list[Entry], source: str) -> str:
    """The YAML player list of `entries`, numbered 1… in their order."""
    lines = [f"# Started from {source} by 'bulletin import players'; numbers are the seeding order.",
             "players:"]
    for number, e in enumerate(entries, start=1):
        fields = [f"number: {number}", f"name: {json.dumps(e.name, ensure_ascii=False)}"]
        texts = (("title", e.title), ("federation", e.federation), ("fide_id", e.fide_id), ("sex", e.sex))
        fields += [f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in texts if value]
        fields += [f"{key}: {value}" for key, value in (("rating", e.rating), ("birth_year", e.birth_year))
                   if value is not None]
        lines.append("  - {" + ", ".join(fields) + "}")
    return "\n".join(lines) + "\n"


def import_players(source: Path, target: Path, ids: Iterable[str] = (), federation: str = "") -> int:
    """Write the player list `target` from the rating list `source`; returns how many players."""
    if target.exists():
        raise ListRefused(f"{target} exists; it is never overwritten (add the players to it by hand, or "
                          "choose another file)")
    entries = choose(read_list(source), ids, federation)
    if not entries:
        raise ListRefused(f"{source}: no player matches (check --fed and --id)")
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, players_yaml(entries, source.name))
    return len(entries)
