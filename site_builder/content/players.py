"""Player lists (YAML or CSV) and resolution of player references by name or number."""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from site_builder.cache.store import Store
from site_builder.content.schema import MapReader, type_name
from site_builder.content.yamlsource import (
    LList,
    LMap,
    close_matches,
    file_key,
    read_once,
    read_source,
    read_yaml,
)
from site_builder.errors import Location, Problems
from site_builder.games.go_latin import LATIN_NAME, latin9_form
from site_builder.games.go_ranks import LOWEST_RATING, GoRank, RankError, parse_rank
from site_builder.model import Player, Section

STANDARD_FIELDS = ("number", "name", "rating", "club", "sex", "birth_year", "title")
#: The fields whose place a player keeps (`Player.at`): those the go federations' files and TRF
#: write, for the errors of their exports.
LOCATED_FIELDS = ("name", "club", LATIN_NAME, "number", "rating", "title", "federation", "fide_id",
                  "birth_date", "birth_year")
#: The largest pairing number: TRF's start rank and the opponent of every round are four digits
#: (C.04 Annex 2), and no event has more entrants.
MAX_NUMBER = 9999
#: The digits of TRF's FIDE id field (columns 58-68); FIDE's ids have 9 at most.
FIDE_ID_DIGITS = 11
SEXES = {"m": "m", "male": "m", "男": "m", "f": "f", "w": "f", "female": "f", "女": "f", "": ""}


def normalize_name(name: str) -> str:
    """A name as compared when resolving references: NFKC, no spaces (孙　文 == 孙文), casefolded."""
    text = unicodedata.normalize("NFKC", name)
    return "".join(text.split()).casefold()


def player_identity(name: str, club: str, birth_year: int | None) -> tuple[str, str, int | None]:
    """What tells two entries of a player list apart: two with the same are one player entered twice
    (the name as references compare it, `normalize_name`, the club and the birth year)."""
    return normalize_name(name), club, birth_year


def file_ref(section: Section, number: int) -> str:
    """A player as the files `bulletin` writes name him: by name (quoted), or by number where
    names repeat."""
    name = section.player(number).name
    return json.dumps(name, ensure_ascii=False) if sum(p.name == name for p in section.players) == 1 \
        else str(number)


def load_players(path: Path, shown: Path, problems: Problems, cache: Store | None = None,
                 ranks: bool = False, born_by: int | None = None) -> Roster:
    """Read a player list; numbers default to the position in the list. With `ranks` (go), a
    player's `rank:` is a go rank, `egd_pin:` an EGD number and `country:` a two-letter code.
    `born_by`: the latest birth year a player may have (the event's year; None: no bound).

    A list that cannot be read at all gives an unreadable `Roster`, so that round files do not
    repeat the list's error as one 'unknown player' per reference. A list read without a problem is
    kept in the build's `cache`, under its file's bytes, where it is shown and how it is read.
    """
    key = file_key(path, shown, path, ranks, born_by)
    return read_once(cache, "players", key, problems,
                     lambda: _load_players(path, shown, problems, cache, ranks, born_by))


def _load_players(path: Path, shown: Path, problems: Problems, cache: Store | None, ranks: bool,
                  born_by: int | None) -> Roster:
    before = len(problems.items)
    if path.suffix.lower() == ".csv":
        rows = _csv_rows(path, shown, problems)
        if rows is None:
            return Roster((), readable=False)
    else:
        data = read_yaml(path, problems, shown, cache)
        if data is None and len(problems.items) > before:
            return Roster((), readable=False)  # a YAML syntax error, already reported
        loc = Location(shown)
        if isinstance(data, LMap) and "players" in data:
            loc = data.at("players")
            data = data["players"]
        if data is None:
            problems.add(loc, "the player list is empty", "add '- name: ...' lines")
            return Roster((), readable=False)
        if not isinstance(data, LList):
            problems.add(getattr(data, "loc", loc),
                         f"a player list must be a list, found {type_name(data)}",
                         "write one '- {number: 1, name: ...}' line per player")
            return Roster((), readable=False)
        rows = [(item, data.at(i)) for i, item in enumerate(data)]
    return _players_from_rows(rows, shown, problems, ranks, born_by)


#: Column names of common exports (Swiss-Manager, Vega, FIDE and federation rating lists, Chinese
#: registration sheets), after `column_key`'s normalization, and the player field each one is.
COLUMN_ALIASES = {
    "no": "number", "nr": "number", "snr": "number", "start_no": "number", "startnr": "number",
    "pairing_no": "number", "#": "number", "序号": "number", "编号": "number",
    "player": "name", "player_name": "name", "names": "name", "姓名": "name", "棋手": "name",
    "rtg": "rating", "elo": "rating", "fide_rtg": "rating", "frtg": "rating", "std": "rating",
    "等级分": "rating",
    "fideid": "fide_id", "fide_no": "fide_id", "fide_nr": "fide_id", "id_fide": "fide_id",
    "id_number": "fide_id", "fide_code": "fide_id",
    "fed": "federation", "country": "federation", "nat": "federation",
    "club/city": "club", "club_city": "club", "verein": "club", "单位": "club", "俱乐部": "club",
    "gender": "sex", "性别": "sex",
    "birth": "birth_year", "born": "birth_year", "b_day": "birth_year", "birthday": "birth_year",
    "b_year": "birth_year", "byear": "birth_year",
    "yob": "birth_year", "year_of_birth": "birth_year", "出生年份": "birth_year",
    "tit": "title", "titel": "title", "称号": "title",
}


#: A birth date as exports write it (1990/05/12, 1990-05-12, 12.05.1990): the year is kept.
_BIRTH_DATE = re.compile(r"^(?:(\d{4})[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](\d{4}))$")


def column_keys(header: list[str]) -> list[str]:
    """The player field each CSV column holds, from the header as exports write it; a column whose
    field another column names outright keeps its own name (a free field).

    >>> column_keys(["No.", "Name", "Rtg", "FIDE ID", "Fed", " Club/City ", "B-day"])
    ['number', 'name', 'rating', 'fide_id', 'federation', 'club', 'birth_year']
    >>> column_keys(["Name", "Sex", "Gender"])
    ['name', 'sex', 'gender']
    """
    keys = [h.strip().lower().rstrip(".").replace(" ", "_").replace("-", "_") for h in header]
    return [COLUMN_ALIASES[k] if k in COLUMN_ALIASES and COLUMN_ALIASES[k] not in keys else k for k in keys]


def csv_delimiter(text: str) -> str:
    r"""The delimiter of a CSV text: comma, semicolon (what Excel writes in many locales) or tab, as
    its header line uses them.

    >>> csv_delimiter("No;Name;Rtg\n1;Kim, Ann;2100\n"), csv_delimiter("name,rating\n"), csv_delimiter("a\tb")
    (';', ',', '\t')
    """
    header = text.split("\n", 1)[0]
    try:
        return csv.Sniffer().sniff(header, delimiters=",;\t").delimiter
    except csv.Error:
        return ","


def _csv_rows(path: Path, shown: Path, problems: Problems) -> list[tuple[Any, Location]] | None:
    """The rows of a CSV player list as located mappings, or None if the file is unusable."""
    text = read_source(path, shown, problems)
    if text is None:
        return None
    reader = csv.reader(io.StringIO(text), delimiter=csv_delimiter(text))
    header = next(reader, None)
    if not header:
        problems.add(Location(shown), "the CSV file is empty", "the first line names the columns")
        return None
    columns = column_keys(header)
    if "name" not in columns:
        problems.add(Location(shown, 1, 1), "the CSV header has no 'name' column",
                     "the first line names the columns, e.g. number,name,rating,club (or No;Name;Rtg;Fed)")
        return None
    rows = []
    for line_number, cells in enumerate(reader, start=2):
        if not any(c.strip() for c in cells):
            continue
        loc = Location(shown, line_number, 1)
        if len(cells) > len(columns):
            problems.add(loc, f"{len(cells)} cells but only {len(columns)} columns in the header",
                         "quote cells that contain commas")
            # the row is still read (extra cells ignored) so rounds can refer to this player
        row = LMap()
        row.loc, row.key_locs, row.value_locs = loc, {}, {}
        column = 1
        for key, cell in zip(columns, cells, strict=False):
            value: Any = cell.strip()
            if key == "birth_year" and (date := _BIRTH_DATE.match(value)):
                value = date.group(1) or date.group(2)  # an export's birth date: its year
            if key in ("number", "rating", "birth_year") and value:
                value = int(value) if value.lstrip("-").isdigit() else value
            if value != "" or key == "name":  # an empty name is reported at its cell
                row[key] = value
                row.key_locs[key] = row.value_locs[key] = Location(shown, line_number, column)
            column += len(cell) + 1
        rows.append((row, loc))
    return rows


def _players_from_rows(rows: list[tuple[Any, Location]], shown: Path, problems: Problems,
                       ranks: bool = False, born_by: int | None = None) -> Roster:
    players: list[Player] = []
    rejected: list[str] = []  # names of entries dropped for an error already reported
    unnamed: list[int] = []  # numbers of entries without a name (reported)
    seen_numbers: dict[int, Location] = {}
    seen_identity: dict[tuple[str, str, int | None], Location] = {}
    for position, (row, loc) in enumerate(rows, start=1):
        if isinstance(row, str):
            row_map = LMap({"name": row})
            row_map.loc, row_map.key_locs, row_map.value_locs = loc, {"name": loc}, {"name": loc}
            row = row_map
        fields = MapReader(row, loc, problems, "a player", allowed=_allowed_keys(row))
        name = fields.text("name", required=True, hint="every player needs 'name: ...'")
        number = fields.integer("number", default=position, minimum=1, maximum=MAX_NUMBER) or position
        if not name and fields.has("name"):
            problems.add(fields.at("name"), f"the name of player #{number} is empty",
                         "write the player's name, or delete the entry")
        sex_raw = fields.text("sex").lower()
        if sex_raw not in SEXES:
            problems.add(fields.at("sex"), f"unknown sex {sex_raw!r}", "write m or f (男/女)")
        extra = {k: str(v) for k, v in fields.data.items() if k not in STANDARD_FIELDS and v is not None}
        rank = _go_fields(fields, extra, problems) if ranks else None
        fide_id(fields, extra, problems)
        player = Player(
            number=number,
            name=name,
            rating=fields.integer("rating", minimum=LOWEST_RATING if ranks else 0),
            club=fields.text("club"),
            sex=SEXES.get(sex_raw, ""),
            birth_year=birth_year(fields, born_by, problems),
            title=fields.text("title"),
            fields=extra,
            loc=fields.data.loc,
            rank=rank,
            field_locs={key: fields.at(key) for key in LOCATED_FIELDS if fields.has(key)},
        )
        if not name:  # reported above: the player keeps the number, which round files may name
            if number not in seen_numbers:
                seen_numbers[number] = fields.data.loc
                unnamed.append(number)
            continue
        if number in seen_numbers:
            problems.add(fields.at("number") if fields.has("number") else loc,
                         f"duplicate player number {number} (first on line {seen_numbers[number].line})",
                         "give every player a different number")
            rejected.append(name)
            continue
        identity = player_identity(name, player.club, player.birth_year)
        if identity in seen_identity:
            problems.add(loc, f"duplicate player {name!r} (same name and club as on line "
                              f"{seen_identity[identity].line})",
                         "remove the second entry, or tell them apart by club or birth_year")
            continue
        seen_numbers[number] = fields.data.loc
        seen_identity[identity] = fields.data.loc
        players.append(player)
    return Roster(tuple(sorted(players, key=lambda p: p.number)), rejected=rejected,
                  rejected_numbers=unnamed)


def fide_id(fields: MapReader, extra: dict[str, str], problems: Problems) -> None:
    """Check a player's `fide_id:` among the free fields `extra`: digits, as many as TRF's field
    holds; another is an error at it, and left out."""
    found = extra.get("fide_id", "")
    if not found:
        return
    if not (found.isascii() and found.isdigit()):
        problems.add(fields.at("fide_id"), f"the FIDE id {found!r} is not a number: a FIDE id is digits",
                     "copy the player's FIDE id from ratings.fide.com, e.g. 'fide_id: 1503014', or "
                     "leave 'fide_id:' out")
    elif len(found) > FIDE_ID_DIGITS:
        problems.add(fields.at("fide_id"), f"the FIDE id {found} has {len(found)} digits, more than "
                     f"TRF's FIDE id field holds ({FIDE_ID_DIGITS})",
                     "FIDE's ids have up to 9 digits: copy the player's from ratings.fide.com")
    else:
        return
    del extra["fide_id"]


#: The earliest birth year a player list may give.
FIRST_BIRTH_YEAR = 1850


def birth_year(fields: MapReader, born_by: int | None, problems: Problems) -> int | None:
    """A player's `birth_year:`, from `FIRST_BIRTH_YEAR` to `born_by` (the event's year; None: no
    bound); a year after the event is an error at it (None)."""
    year = fields.integer("birth_year", minimum=FIRST_BIRTH_YEAR)
    if year is not None and born_by is not None and year > born_by:
        problems.add(fields.at("birth_year"), f"birth year {year} is after the event ({born_by})",
                     "write the year the player was born, e.g. 'birth_year: 1990'")
        return None
    return year


_EGD_PIN = re.compile(r"\d{8}")
_COUNTRY = re.compile(r"[A-Za-z]{2}")


#: A go player's `mms_correction:`, the start MMS given on top of the rank's (OpenGotha's McMahon groups
#: window gives −1 to +2: a super-bar's group +1).
MMS_CORRECTIONS = ("-1", "0", "1", "2")


def _go_fields(fields: MapReader, extra: dict[str, str], problems: Problems) -> GoRank | None:
    """A go player's rank (`rank: 5k`), with their `egd_pin:` (8 digits), `mms_correction:` (−1 to 2),
    `latin_name:` (Latin-9 text, what the federations' files hold) and `country:` (two letters, kept
    as the federation chess players have) checked in `extra`, the free fields."""
    rank = None
    if fields.has("rank"):
        try:
            rank = parse_rank(str(fields.raw("rank")))
        except RankError as error:
            problems.add(fields.at("rank"), str(error), "write a rank such as 5k, 1d or 2p")
        extra.pop("rank", None)
    pin = extra.get("egd_pin", "")
    if pin and not _EGD_PIN.fullmatch(pin):
        problems.add(fields.at("egd_pin"), f"{pin!r} is not an EGD PIN: it has 8 digits",
                     "copy the PIN from the European Go Database, e.g. 'egd_pin: 10461107'")
        del extra["egd_pin"]
    correction = extra.get("mms_correction", "0")
    if correction not in MMS_CORRECTIONS:
        problems.add(fields.at("mms_correction"), f"mms_correction {correction!r} is not one of -1, 0, 1, 2",
                     "OpenGotha's McMahon groups move a start MMS by -1 to 2; a super-bar's players "
                     "start one above the bar: 'mms_correction: 1'")
        del extra["mms_correction"]
    latin = extra.get(LATIN_NAME, "")
    if latin and latin9_form(latin) is None:
        problems.add(fields.at(LATIN_NAME), f"the {LATIN_NAME} {latin!r} has letters the go federations' "
                     "files (ISO-8859-15) cannot hold",
                     "write the name in Latin letters, as the player's federation registers it, "
                     "e.g. 'latin_name: \"Li, Ming\"'")
        del extra[LATIN_NAME]
    country = extra.pop("country", "")
    if country and not _COUNTRY.fullmatch(country):
        problems.add(fields.at("country"), f"{country!r} is not a country code of two letters",
                     "write the code the EGD uses, e.g. 'country: FR' (DE, CN, JP …)")
    elif country:
        extra.setdefault("federation", country.upper())
    return rank


#: How close a key must be to a standard field to be taken for its typo (`ratng`, `nubmer`, `titel`);
#: looser matching rejected ordinary free fields such as team, federation, gender or region.
TYPO_CUTOFF = 0.75
#: Free fields that regulations read (never reported as typos of a standard field).
KNOWN_FIELDS = ("first_year", "overseas", "team", "tsume", "school", "grade", "fide_id", "federation",
                "rank", "egd_pin", "country", "aga_id", "mms_correction", "latin_name")


def _allowed_keys(row: Any) -> list[str]:
    """Standard fields plus any free field (free fields are any key not looking like a typo)."""
    keys = [*STANDARD_FIELDS, *KNOWN_FIELDS]
    if isinstance(row, dict):
        for key in row:
            if (isinstance(key, str) and key not in keys
                    and not close_matches(key, list(STANDARD_FIELDS), 1, cutoff=TYPO_CUTOFF)):
                keys.append(key)
    return keys


class Roster:
    """Resolves references to players (a number, a name, or '#12') in round files.

    References the player list's own errors explain are not reported again: every reference when
    the list is not `readable`, names in `rejected` and numbers in `rejected_numbers` (entries
    dropped for an error, such as an empty name).
    """

    def __init__(self, players: tuple[Player, ...], rejected: Iterable[str] = (),
                 readable: bool = True, known: tuple[Player, ...] | None = None,
                 rejected_numbers: Iterable[int] = ()) -> None:
        """`known`: every player references may name (a section of a multi-stage event resolves
        against the event's whole list), when larger than the section's own `players`."""
        self.players = players
        self.readable = readable
        self.rejected = {normalize_name(name) for name in rejected}
        self.rejected_numbers = set(rejected_numbers)
        everyone = players if known is None else known
        self.by_number = {p.number: p for p in everyone}
        self.by_name: dict[str, list[Player]] = {}
        for p in everyone:
            self.by_name.setdefault(normalize_name(p.name), []).append(p)
        self.names = [p.name for p in everyone]

    def resolve(self, ref: Any, loc: Location, problems: Problems) -> int | None:
        """The pairing number `ref` names, or None after adding a problem."""
        if isinstance(ref, bool) or ref is None or isinstance(ref, dict | list):
            problems.add(loc, f"expected a player (name or number), found {type_name(ref)}",
                         "write the player's name or pairing number")
            return None
        if not self.readable:
            return None
        text = str(ref).strip()
        if isinstance(ref, int) or text.lstrip("#").isdigit():
            number = int(text.lstrip("#"))
            if number in self.by_number:
                return number
            if number in self.rejected_numbers:
                return None
            low, high = min(self.by_number, default=0), max(self.by_number, default=0)
            problems.add(loc, f"no player has number {number}", f"numbers run from {low} to {high}")
            return None
        matches = self.by_name.get(normalize_name(text), [])
        if len(matches) == 1:
            return matches[0].number
        if len(matches) > 1:
            options = ", ".join(f"#{p.number} ({p.club or 'no club'})" for p in matches)
            problems.add(loc, f"ambiguous player {text!r}: {len(matches)} players have this name",
                         f"write the number instead: {options}")
            return None
        if normalize_name(text) in self.rejected:
            return None
        close = close_matches(text, self.names)
        if close:
            hint = "did you mean " + " or ".join(
                f"{name!r} (#{self.by_name[normalize_name(name)][0].number})" for name in close) + "?"
        elif self.rejected_numbers:
            numbers = ", ".join(f"#{n}" for n in sorted(self.rejected_numbers))
            hint = f"the player list has no name for {numbers}: give it this player's name"
        else:
            hint = "check the spelling against the player list, or use the pairing number"
        problems.add(loc, f"unknown player {text!r}", hint)
        return None
