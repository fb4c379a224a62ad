"""`bulletin import players`: a player list started from a rating list.

Reads FIDE's rating lists — the combined lists (`players_list_foa.txt`, `players_list_xml_foa.xml`,
and their legacy forms) and the one-kind lists (`standard_rating_list.txt`, `rapid_rating_list.xml` …,
and the archive's `standard_oct26frl.txt` …) — and any CSV a federation or a pairing program exports
(its headers read as player lists read them, `content.players.column_keys`), the EGD's list, and the
players of an OpenGotha tournament file (`opengotha.read`). One rating is taken:
the standard rating, or the rapid or blitz rating when asked; a list without it is refused, naming
the ratings it has. The entries chosen (by FIDE id, by federation) are written as a YAML player list
in seeding order — a go list's rank, then rating, then name — with their FIDE ids, titles, ratings,
federations, clubs, sex and birth years.

An Excel workbook (.xlsx) is read from its first sheet, as a CSV (`list_sheet`). A text list is
read in the encoding `--encoding` names, or else as UTF-8 (with or without a byte-order mark); a CSV
that is not UTF-8 is read in an encoding its event's language saves lists in (GB18030, which holds
GBK, what a Chinese Excel saves, for a Chinese event or a list outside any event) unless that reading
cannot be right (`list_text`); an XML list in the encoding it declares, UTF-8 when it declares none
(as FIDE writes them). Any other file is refused at its first byte that is not UTF-8: Latin-1 is
never guessed.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from site_builder.commands.list_sheet import Sheet, first_sheet, is_workbook
from site_builder.commands.list_text import (
    ListRefused,
    codec_name,
    decode_guessed,
    decode_named,
    not_utf8_error,
)
from site_builder.content.atomic import write_atomic
from site_builder.content.event import event_language
from site_builder.content.players import column_keys, csv_delimiter, player_identity
from site_builder.content.yamlsource import byte_location, parse_yaml
from site_builder.errors import ContentError, Problems
from site_builder.games.go_ranks import LOWEST_RATING, MIN_RANK, GoRank, RankError, parse_rank
from site_builder.goformats.egd_list import ListLineError, egd_players, is_egd_list
from site_builder.languages import CATALOGUES, catalogue
from site_builder.languages.catalogue import folded

#: The ratings a list may hold; the first is taken unless another is asked for.
KINDS = ("standard", "rapid", "blitz")


@dataclass(frozen=True)
class Entry:
    name: str
    fide_id: str = ""
    federation: str = ""
    sex: str = ""  # m, f or ""
    title: str = ""
    rating: int | None = None
    birth_year: int | None = None
    club: str = ""
    rank: str = ""  # go: 5k, 3d, 2p (the EGD's list, or a CSV's rank column)
    egd_pin: str = ""
    # go: the McMahon group correction (a super-bar's +1) of an OpenGotha file or a CSV, as written
    # ("": none); the player list's check refuses what is not -1 to 2, at its place
    mms_correction: str = ""
    latin_name: str = ""  # go: the name in Latin letters, for the federations' files
    aga_id: str = ""  # go: the AGA's member number
    at: str = ""  # where the entry's name is in the list ("list.csv:3:1", "list.xlsx:Sheet1!B3"); "": ask
    # the list (`RatingList.locate`)


#: The player fields a CSV's columns give an entry (after `content.players.column_keys`): any other
#: column is named in the command's warning.
CSV_FIELDS = ("name", "fide_id", "federation", "sex", "title", "rating", "birth_year", "club", "rank",
              "egd_pin", "mms_correction", "latin_name", "aga_id")


def _at(entry: Entry) -> str:
    return entry.at


@dataclass(frozen=True)
class RatingList:
    """A list being read: its entries (read as they are consumed), the rating they carry and the
    column it came from ("" when the list has none), and the encoding the file was read in."""

    entries: Iterator[Entry]
    kind: str
    column: str
    encoding: str = "UTF-8"  # "": a workbook, not text
    unread: tuple[str, ...] = ()  # the columns of a CSV no entry takes, as its header names them
    locate: Callable[[Entry], str] = _at  # where an entry is in the list: its `at`, or found in the file

    @property
    def ratings(self) -> str:
        """Which rating the entries carry, as the command reports it: "standard (SRtng)"."""
        return f"{self.kind} ({self.column})" if self.kind else "none (the list has no rating column)"


#: The encodings a list of no event may be in: those any language saves its lists in.
ANY_LANGUAGE = tuple(dict.fromkeys(code for c in CATALOGUES.values() for code in c.file_encodings))


@dataclass(frozen=True)
class Reading:
    """How a text list is read: in the encoding `--encoding` names (`named`, as `codec_name` gives
    it), or else as UTF-8, a CSV that is not UTF-8 in the first of the encodings `guesses` that reads
    it (`list_text.decode_guessed`); `refused` says why there are none."""

    named: str = ""
    guesses: tuple[str, ...] = ANY_LANGUAGE
    refused: str = ""


@dataclass(frozen=True)
class Imported:
    count: int
    ratings: str
    encoding: str
    named: bool = False  # the encoding is the one --encoding names (else UTF-8, or a guess)
    order: str = "rating, then name"  # the seeding order, as `seeding_order` says it
    replaced: bool = False  # the target existed, listing no player yet (`empty_list_head`)
    unread: tuple[str, ...] = ()  # the source's columns not imported (`RatingList.unread`)


#: The fixed-width columns of FIDE's TXT lists other than the ratings, by their header words
#: (lower case): the current lists, and the older ones (`ID number`, `Titl`, `Born`).
TXT_COLUMNS = {"id number": "fide_id", "name": "name", "fed": "federation", "sex": "sex", "tit": "title",
               "titl": "title", "b-day": "birth_year", "born": "birth_year"}
#: The rating columns of FIDE's combined TXT lists (players_list_foa.txt, players_list.txt).
TXT_RATINGS = {"SRtng": "standard", "RRtng": "rapid", "BRtng": "blitz"}
#: The rating column of FIDE's one-kind TXT lists is headed by the list's month: OCT26.
TXT_MONTH = re.compile(r"[A-Za-z]{3}\d{2}")
#: The rating elements of FIDE's combined XML list (players_list_xml_foa.xml); a one-kind list
#: (standard_rating_list.xml …) has `rating` only.
XML_RATINGS = {"rating": "standard", "rapid_rating": "rapid", "blitz_rating": "blitz"}
#: CSV rating columns by kind, after `column_keys` (Rating, Rtg, Elo, Std, 等级分 … are all `rating`:
#: a rating column that does not name its kind is the standard rating).
CSV_RATINGS = {
    "rating": "standard", "srtng": "standard", "standard": "standard", "standard_rating": "standard",
    "classical": "standard", "标准等级分": "standard",
    "rrtng": "rapid", "rapid": "rapid", "rapid_rating": "rapid", "rapid_rtg": "rapid", "rpd": "rapid",
    "快棋等级分": "rapid",
    "brtng": "blitz", "blitz": "blitz", "blitz_rating": "blitz", "blitz_rtg": "blitz", "blz": "blitz",
    "超快棋等级分": "blitz",
}
def read_list(path: Path, rating: str | None = None, reading: Reading = Reading()) -> RatingList:
    """The entries of a rating list — an Excel workbook, or FIDE XML, FIDE TXT, the EGD's list, an
    OpenGotha file or CSV, by its first line — with the `rating` asked for (standard when None), its
    text read as `reading` says."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ListRefused(f"{path}: {error.strerror}") from None
    asked, explicit = rating or KINDS[0], rating is not None
    if is_workbook(data):
        _no_encoding(reading, path, "an Excel workbook keeps its text in its own form")
        return _sheet(first_sheet(data, path), asked, explicit)
    head = data[:2000].decode(reading.named or "utf-8", errors="replace").removeprefix("\ufeff").lstrip()
    if head.startswith("<"):
        _no_encoding(reading, path, "an XML file names its own (<?xml … encoding=…?>)")
        return _gotha(path, data) if re.search(r"<Tournament\b", head[:1000]) else (
            _xml(data, path, asked, explicit))
    first_line = head.split("\n", 1)[0]
    if re.search(r"(?i)\bID Number\b", first_line) and not re.search(r"[,;\t]", first_line):
        text = _text(data, path, reading, "not UTF-8 text (FIDE's TXT lists are ASCII)",
                     "save the file as UTF-8, download FIDE's list again, or name its encoding with "
                     "--encoding")
        return _txt(text, path, asked, explicit)
    if is_egd_list(head.splitlines()[:5]):
        return _egd(_text(data, path, reading, "not UTF-8 text", "download the EGD's list again, as text, "
                          "or name its encoding with --encoding"), path)
    if reading.named:
        return _csv(decode_named(data, path, reading.named), path, asked, explicit, reading.named)
    text, encoding = decode_guessed(data, path, reading.guesses, reading.refused)
    return _csv(text, path, asked, explicit, encoding)


def _no_encoding(reading: Reading, path: Path, why: str) -> None:
    """Refuse an `--encoding` for a file that is not read as text in it (`why`)."""
    if reading.named:
        raise ListRefused(f"{path}: --encoding names the encoding of a CSV or text list, and {why} "
                          "(hint: leave out --encoding)")


def _text(data: bytes, path: Path, reading: Reading, what: str, hint: str) -> str:
    """A text list's `data` in the encoding `--encoding` names, else as UTF-8; a file that is not is
    refused as `what`, with the `hint`."""
    if reading.named:
        return decode_named(data, path, reading.named)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise not_utf8_error(data, error, path, what, hint) from None


def _egd(text: str, path: Path) -> RatingList:
    """The EGD's rating list (text, UTF-8 as the EGD writes it; Latin-1 bytes are refused)."""
    lines = egd_players(text, path)

    def entries() -> Iterator[Entry]:
        try:
            for p in lines:
                yield Entry(p.name, federation=p.country, club=p.club, rating=p.rating, rank=p.rank,
                            egd_pin=p.egd_pin, at=f"{path}:{p.line}:{p.column}")
        except ListLineError as error:
            raise ListRefused(str(error)) from None

    return RatingList(entries(), "EGD", "GoR")


def _gotha(path: Path, data: bytes) -> RatingList:
    """The players of an OpenGotha tournament file, as `bulletin import opengotha` reads them."""
    from site_builder.opengotha.read import content_name, read_gotha
    from site_builder.opengotha.to_content import content_rank

    try:
        gotha = read_gotha(path)
    except ContentError as error:
        raise ListRefused(str(error)) from None
    entries = (Entry(content_name(p, gotha.player_attributes.get(p.key)), federation=p.country.upper(),
                     club=p.club.strip(),
                     rating=p.rating if p.rating > LOWEST_RATING else None,
                     rank=content_rank(p, gotha.player_attributes.get(p.key, {})),
                     egd_pin=gotha.player_attributes.get(p.key, {}).get("egfPin", ""),
                     mms_correction=str(p.smms_correction or ""),
                     aga_id=gotha.player_attributes.get(p.key, {}).get("agaId", "").strip())
               for p in gotha.event.players)
    return RatingList(iter(entries), "OpenGotha", "rating",
                      locate=_found(data, path, lambda e: (f'name="{escape(e.name.split(",")[0])}"',)))


def _found(data: bytes, path: Path, needles: Callable[[Entry], Iterable[str]]) -> Callable[[Entry], str]:
    """Where an entry of the XML `data` is: the place of the first of its `needles` found in the
    file, else the file's start."""
    def locate(entry: Entry) -> str:
        places = (data.find(needle.encode()) for needle in needles(entry) if needle)
        return str(byte_location(data, next((at for at in places if at >= 0), 0), path))

    return locate


def _kind_of_name(path: Path) -> str:
    """The kind of a FIDE one-kind list, as its file's name says it (standard_rating_list.txt,
    rapid_oct26frl.xml …); "" when the name does not say."""
    said = [kind for kind in KINDS if kind in path.name.lower()]
    return said[0] if len(said) == 1 else ""


def _has(columns: dict[str, str]) -> str:
    return ", ".join(f"{kind} ({column})" for kind, column in columns.items())


def _choose_column(columns: dict[str, str], asked: str, explicit: bool, where: str, names: str,
                   instead: str) -> str:
    """The column of the `asked` rating among a list's rating `columns` (kind → column); "" when the
    list has no rating column and no rating was asked for (`explicit`). A list without the rating is
    refused at `where`, naming its rating columns (or all its columns, `names`) and what to do
    `instead`."""
    if not columns:
        if explicit:
            raise ListRefused(f"{where}: the list has no rating column (hint: its columns are {names})")
        return ""
    if asked not in columns:
        raise ListRefused(f"{where}: the list has no {asked} rating (hint: it has {_has(columns)}: use "
                          f"--rating {next(iter(columns))}, or {instead})")
    return columns[asked]


#: What to do instead when a FIDE list has not the rating asked for.
_FIDE_INSTEAD = "take FIDE's list with that rating: the combined list players_list.zip has all three"


def _one_kind(path: Path, column: str, where: str) -> dict[str, str]:
    """The rating columns of a FIDE one-kind list whose only rating is `column`: of the kind its
    file's name says, or refused when the name does not say."""
    kind = _kind_of_name(path)
    if not kind:
        raise ListRefused(f"{where}: the list's one rating column, {column}, does not say whether it holds "
                          "the standard, rapid or blitz rating, nor does the file's name (hint: keep "
                          "the name FIDE gives the list: standard_rating_list.txt, rapid_rating_list.txt, "
                          "blitz_rating_list.txt (.xml), or take the combined list players_list.zip)")
    return {kind: column}


def _xml(data: bytes, path: Path, asked: str, explicit: bool) -> RatingList:
    players = _xml_players(data, path)
    first = next(players, None)
    tags = {child.tag for child in first} if first is not None else set()
    at = data.find(b"<rating")
    where = str(byte_location(data, at if at >= 0 else max(data.find(b"<player"), 0), path))
    if tags & {"rapid_rating", "blitz_rating"}:  # the combined list
        columns = {kind: tag for tag, kind in XML_RATINGS.items() if tag in tags}
    elif "rating" in tags:
        columns = _one_kind(path, "rating", where)
    else:
        columns = {}
    tag = _choose_column(columns, asked, explicit, where, ", ".join(sorted(tags)), _FIDE_INSTEAD)

    def entries() -> Iterator[Entry]:
        for player in itertools.chain([first] if first is not None else [], players):
            def field(name: str, player: ET.Element = player) -> str:
                return (player.findtext(name) or "").strip()
            yield _entry({"name": field("name"), "fide_id": field("fideid"), "federation": field("country"),
                          "sex": field("sex"), "title": field("title"),
                          "rating": field(tag) if tag else "", "birth_year": field("birthday")})
            player.clear()

    def needles(entry: Entry) -> tuple[str, ...]:
        fide_id = f"<fideid>{entry.fide_id}</fideid>" if entry.fide_id else ""
        return fide_id, f"<name>{escape(entry.name)}</name>"

    return RatingList(entries(), asked if tag else "", tag, locate=_found(data, path, needles))


def _xml_players(data: bytes, path: Path) -> Iterator[ET.Element]:
    """The <player> elements of a FIDE XML list as they are parsed; a list that is not well-formed
    XML is refused at the place the parser stopped, one declaring a multi-byte encoding other than
    UTF-8 or UTF-16 (GBK) at its declaration."""
    try:
        for _, element in ET.iterparse(io.BytesIO(data), events=("end",)):
            if element.tag == "player":
                yield element
    except ValueError as error:  # "multi-byte encodings are not supported"
        where = byte_location(data, max(data.find(b"encoding"), 0), path)
        raise ListRefused(f"{where}: the XML list declares an encoding that cannot be read ({error}) "
                          "(hint: save the file as UTF-8, declaring encoding=\"UTF-8\")") from None
    except ET.ParseError as error:
        line, column = error.position
        reason = re.sub(r": line \d+, column \d+$", "", str(error))
        raise ListRefused(f"{path}:{line}:{column + 1}: not a FIDE XML list ({reason}) (hint: FIDE's "
                          "players_list_xml.zip and standard_rating_list_xml.zip hold the XML lists)"
                          ) from None


def _txt(text: str, path: Path, asked: str, explicit: bool) -> RatingList:
    lines = io.StringIO(text)
    header = lines.readline().rstrip("\r\n")
    words = [(m.start(), m.group()) for m in re.finditer(r"(?i:ID Number)|\S+", header)]  # every column
    spans: list[tuple[int, int | None, str]] = []
    ratings: dict[str, tuple[int, int | None]] = {}  # the rating columns' spans, by header word
    for i, (start, word) in enumerate(words):
        end = words[i + 1][0] if i + 1 < len(words) else None
        if word.lower() in TXT_COLUMNS:
            spans.append((start, end, TXT_COLUMNS[word.lower()]))
        elif word in TXT_RATINGS or TXT_MONTH.fullmatch(word):
            ratings[word] = (start, end)
    columns = {TXT_RATINGS[word]: word for word in ratings if word in TXT_RATINGS}
    months = [word for word in ratings if word not in TXT_RATINGS]
    if not columns and len(months) == 1:
        columns = _one_kind(path, months[0], f"{path}:1:{ratings[months[0]][0] + 1}")
    where = f"{path}:1:{next(iter(ratings.values()))[0] + 1 if len(ratings) == 1 else 1}"
    column = _choose_column(columns, asked, explicit, where, ", ".join(word for _, word in words),
                            _FIDE_INSTEAD)
    if column:
        spans.append((*ratings[column], "rating"))
    name_column = next((start + 1 for start, _, key in spans if key == "name"), 1)

    def entries() -> Iterator[Entry]:
        for number, line in enumerate(lines, start=2):
            if line.strip():
                yield _entry({key: line[start:end].strip() for start, end, key in spans},
                             f"{path}:{number}:{name_column}")

    return RatingList(entries(), asked if column else "", column)


@dataclass(frozen=True)
class Table:
    """A list of rows of cells, a CSV's or a sheet's: its header, its rows by number (the header's is
    `header_row`), and where a cell is (`place(row number, column index, the row's cells)`)."""

    header: list[str]
    header_row: int
    rows: Iterator[tuple[int, list[str]]]
    place: Callable[[int, int, list[str]], str]


def _csv(text: str, path: Path, asked: str, explicit: bool, encoding: str) -> RatingList:
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # newlines as text mode reads them
    delimiter = csv_delimiter(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    raw_lines = text.split("\n")

    def place(line: int, index: int, cells: list[str]) -> str:
        cell, raw = (cells[index].strip() if index < len(cells) else ""), raw_lines[line - 1]
        return f"{path}:{line}:{raw.find(cell) + 1 if cell and cell in raw else _column(cells, index)}"

    read = ((reader.line_num, cells) for cells in _csv_rows(reader, path))
    header = next(read, (1, []))[1]
    rows = _as_wide(read, len(header), raw_lines, delimiter, path)
    return _table(Table(header, 1, rows, place), asked, explicit, encoding)


def _as_wide(rows: Iterable[tuple[int, list[str]]], width: int, lines: list[str], delimiter: str,
             path: Path) -> Iterator[tuple[int, list[str]]]:
    """The rows of a CSV, each as many fields as its header has `width`; a row with more (a name
    `Müller, Jörg` unquoted) or fewer is refused at its line: the columns would shift. An empty line
    is passed over."""
    for number, cells in rows:
        if len(cells) != width and any(c.strip() for c in cells):
            raw = lines[number - 1]
            more = len(cells) > width
            column = _field_start(raw, width, delimiter) if more else len(raw) + 1
            hint = ("quote a name that contains a comma" if more else
                    "write every field of the header, an empty one as nothing between two commas")
            raise ListRefused(f"{path}:{number}:{column}: {len(cells)} fields where the header has {width} "
                              f"(hint: {hint})")
        yield number, cells


def _field_start(raw: str, index: int, delimiter: str) -> int:
    """The 1-based column of the CSV line `raw` where its field `index` (0-based) starts.

    >>> _field_start('"Müller, Jörg",2100,GER', 2, ","), _field_start("Müller, Jörg,2100", 1, ",")
    (21, 8)
    """
    for end in range(len(raw) + 1):
        if len(next(csv.reader([raw[:end]], delimiter=delimiter), [])) > index:
            return end + 1
    return len(raw) + 1


def _sheet(sheet: Sheet, asked: str, explicit: bool) -> RatingList:
    """The list of a workbook's first sheet: its first row that is not empty names the columns."""
    rows = ((number, cells) for number, cells in enumerate(sheet.rows) if any(cells))
    header_row, header = next(rows, (0, []))
    return _table(Table(header, header_row, rows, lambda row, column, _: sheet.place(row, column)),
                  asked, explicit, "")


def _table(table: Table, asked: str, explicit: bool, encoding: str) -> RatingList:
    """The entries of a CSV's or a sheet's `table`, its columns named by its header as player lists
    name them (`column_keys`)."""
    header, place = table.header, table.place

    def at_header(index: int) -> str:
        return place(table.header_row, index, header)

    keys = column_keys(header)
    if "name" not in keys:
        raise ListRefused(f"{at_header(0)}: the list has no name column (hint: a FIDE XML or TXT list, or a "
                          "CSV or sheet whose first line names the columns: Name, FIDE ID, Rtg, Fed, 姓名, "
                          "等级分 …)")
    by_kind: dict[str, list[int]] = {}
    for index, title in enumerate(header):
        kind = CSV_RATINGS.get(column_keys([title])[0])
        if kind:
            by_kind.setdefault(kind, []).append(index)
    columns = {kind: header[indexes[0]].strip() for kind, indexes in by_kind.items()}
    names = ", ".join(h.strip() for h in header) + "; a column named Rtg, Rapid or Blitz holds ratings"
    chosen = -1
    if _choose_column(columns, asked, explicit, at_header(0), names,
                      f"name the column of {asked} ratings {asked.capitalize()}"):
        if len(by_kind[asked]) > 1:
            twice = ", ".join(header[i].strip() for i in by_kind[asked])
            raise ListRefused(f"{at_header(by_kind[asked][1])}: the list has two {asked} rating columns: "
                              f"{twice} (hint: delete one, or name it after its kind: Standard, Rapid, "
                              "Blitz)")
        chosen = by_kind[asked][0]
    rating_columns = {i for indexes in by_kind.values() for i in indexes}
    rank_at = next((i for i, key in enumerate(keys) if key in RANK_COLUMNS), -1)
    name_at = keys.index("name")
    ranks: list[bool] = []  # whether the rank column holds go ranks, decided at its first cell

    def entries() -> Iterator[Entry]:
        for number, cells in table.rows:
            row = {key: cell.strip() for i, (key, cell) in enumerate(zip(keys, cells, strict=False))
                   if i not in rating_columns and i != rank_at}
            if chosen >= 0:
                row["rating"] = cells[chosen].strip() if chosen < len(cells) else ""
            if 0 <= rank_at < len(cells) and cells[rank_at].strip():
                row["rank"] = _go_rank(cells[rank_at].strip(), ranks, place(number, rank_at, cells))
            if row.get("name"):
                yield _entry(row, place(number, name_at, cells))

    taken = {*rating_columns, rank_at}
    unread = tuple(header[i].strip() for i, key in enumerate(keys)
                   if key not in CSV_FIELDS and i not in taken and header[i].strip())
    return RatingList(entries(), asked if chosen >= 0 else "", header[chosen].strip() if chosen >= 0 else "",
                      encoding, unread)


#: The CSV columns that hold go ranks (after `column_keys`), when their first cell is one.
RANK_COLUMNS = ("rank", "go_rank", "段位", "棋力", "段級位")


def _go_rank(text: str, decided: list[bool], where: str) -> str:
    """A rank column's cell as a go rank; a column whose first cell is no go rank (a place: "1")
    is not a rank column, and a later cell that is not one is refused at its place (`where`)."""
    try:
        rank = str(parse_rank(text))
    except RankError as error:
        if not decided:
            decided.append(False)
        if decided[0]:
            raise ListRefused(f"{where}: {error} (hint: write ranks as 5k, 1d or 2p)") from None
        return ""
    if not decided:
        decided.append(True)
    return rank if decided[0] else ""


def _csv_rows(reader: Iterator[list[str]], path: Path) -> Iterator[list[str]]:
    """The rows of a CSV `reader` (a `csv.reader`); a line it cannot read is refused at that line."""
    try:
        yield from reader
    except csv.Error as error:
        line = getattr(reader, "line_num", 1)
        raise ListRefused(f"{path}:{line}:1: not a CSV line ({error}) (hint: a CSV list has one player a "
                          "line, its cells separated by commas, semicolons or tabs)") from None


def _column(header: list[str], index: int) -> int:
    """The 1-based column (in characters, one delimiter each) where header cell `index` starts."""
    return sum(len(cell) + 1 for cell in header[:index]) + 1


def _entry(cells: dict[str, str], at: str = "") -> Entry:
    """An entry from the cells of a row, by player field; `at`: where its name is."""
    return Entry(cells.get("name", ""), cells.get("fide_id", ""), cells.get("federation", ""),
                 _sex(cells.get("sex", "")), cells.get("title", ""), _number(cells.get("rating", "")),
                 _year(cells.get("birth_year", "")), cells.get("club", ""), cells.get("rank", ""),
                 cells.get("egd_pin", ""), cells.get("mms_correction", "").removeprefix("+"),
                 cells.get("latin_name", ""), cells.get("aga_id", ""), at)


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() and int(text) > 0 else None


def _year(text: str) -> int | None:
    found = re.search(r"\b(19|20)\d\d\b", text)
    return int(found.group()) if found else None


def _sex(text: str) -> str:
    return {"m": "m", "f": "f", "w": "f", "男": "m", "女": "f"}.get(text.strip().lower()[:1], "")


def read_ids(path: Path) -> list[str]:
    """The FIDE ids of an ids file: one a line (or separated by spaces)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ListRefused(f"{path}: {error.strerror}") from None
    try:
        return data.decode("utf-8-sig").split()
    except UnicodeDecodeError as error:
        raise not_utf8_error(data, error, path, "not UTF-8 text", "FIDE ids are digits, one a line: save the "
                        "file as UTF-8") from None


def choose(entries: Iterable[Entry], ids: Iterable[str] = (), federation: str = "",
           locate: Callable[[Entry], str] = _at) -> list[Entry]:
    """The entries with one of `ids` (all when none are given) of `federation` (any when ""), in
    seeding order (`seeding_key`); one player twice among them is refused (`refuse_twice`)."""
    wanted = {i.strip() for i in ids if i.strip()}
    chosen = [e for e in entries if (not wanted or e.fide_id in wanted)
              and (not federation or e.federation.upper() == federation.upper())]
    missing = wanted - {e.fide_id for e in chosen}
    if missing:
        raise ListRefused(f"{len(missing)} FIDE id(s) not in the list: {', '.join(sorted(missing)[:5])}")
    refuse_twice(chosen, locate)
    return sorted(chosen, key=seeding_key)


def refuse_twice(entries: list[Entry], locate: Callable[[Entry], str]) -> None:
    """Refuse `entries` (in the list's order) that give one player twice, as `bulletin check` finds it
    in a player list (`player_identity`: the same name, club and birth year), at the second entry's
    place in the list (`locate`)."""
    seen: dict[tuple[str, str, int | None], Entry] = {}
    for entry in entries:
        first = seen.setdefault(player_identity(entry.name, entry.club, entry.birth_year), entry)
        if first is not entry:
            raise ListRefused(f"{locate(entry)}: {entry.name!r} is in the list twice: the same name, club "
                              f"and birth year as at {locate(first)}, which 'bulletin check' refuses in a "
                              "player list (hint: delete one of the two, or tell them apart by club or birth "
                              "year; from a FIDE list, take the entrants with --id or --ids-file)")


def seeding_key(entry: Entry) -> tuple[int, int, int, str, str]:
    """An entry's place in the seeding order: a go rank, strongest first (entries without one after
    those with one), then the rating, highest first, then the name, its accents and case ignored
    ("Ó Briain" among the O).

    >>> names = [Entry("Zhang, Wei", rank="25k"), Entry("Ó Briain, Seán", rank="20k"),
    ...          Entry("Smith, Ann", rank="18k"), Entry("Petrov, Ivan", rank="20k", rating=1100),
    ...          Entry("Owen, Tom", rank="20k"), Entry("Kim, Min", rank="1p")]
    >>> [e.name for e in sorted(names, key=seeding_key)]
    ['Kim, Min', 'Smith, Ann', 'Petrov, Ivan', 'Ó Briain, Seán', 'Owen, Tom', 'Zhang, Wei']
    """
    rank = parse_rank(entry.rank) if entry.rank else GoRank(MIN_RANK - 1)
    rating = entry.rating if entry.rating is not None else LOWEST_RATING  # unrated: below every rating
    return -rank.value, -rank.pro, -rating, folded(entry.name)[0], entry.name


def seeding_order(entries: Iterable[Entry]) -> str:
    """What the seeding order of `entries` reads, as the command says it: "rank, then rating, then
    name" for a go list (an entry with a rank), else "rating, then name"."""
    return "rank, then rating, then name" if any(e.rank for e in entries) else "rating, then name"


def players_yaml(entries: list[Entry], source: str, ratings: str = "") -> str:
    """The YAML player list of `entries`, numbered 1… in their order; its first line names the
    `source` and the `ratings` taken ("standard ratings (SRtng)")."""
    taken = f", {ratings}" if ratings else ""
    lines = [f"# Started from {source}{taken} by 'bulletin import players'; numbers are the seeding order.",
             "players:"]
    for number, e in enumerate(entries, start=1):
        fields = [f"number: {number}", f"name: {json.dumps(e.name, ensure_ascii=False)}"]
        country = "country" if e.rank and re.fullmatch("[A-Za-z]{2}", e.federation) else "federation"
        texts = (("latin_name", e.latin_name), ("rank", e.rank), ("title", e.title), (country, e.federation),
                 ("fide_id", e.fide_id), ("egd_pin", e.egd_pin), ("aga_id", e.aga_id), ("club", e.club),
                 ("sex", e.sex))
        fields += [f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in texts if value]
        fields += [f"{key}: {value}" for key, value in (("rating", e.rating), ("birth_year", e.birth_year))
                   if value is not None]
        if e.mms_correction not in ("", "0"):  # a number as such, anything else quoted (and refused at check)
            whole = re.fullmatch(r"-?\d+", e.mms_correction)
            fields.append(f"mms_correction: {e.mms_correction if whole else json.dumps(e.mms_correction)}")
        lines.append("  - {" + ", ".join(fields) + "}")
    return "\n".join(lines) + "\n"


def import_players(source: Path, target: Path, ids: Iterable[str] = (), federation: str = "",
                   rating: str | None = None, encoding: str | None = None) -> Imported:
    """Write the player list `target` from the rating list `source`, with the `rating` asked for
    (standard when None), its text read in the `encoding` named or as `reading_for` the event of
    `target` says: nothing is written unless the whole list was read. An existing `target` is
    replaced only when it lists no player yet (`bulletin new` writes one), its comments kept."""
    reading = reading_for(target, encoding)
    replaced = target.exists()
    head = empty_list_head(target) if replaced else ""
    if head is None:
        raise ListRefused(f"{target} exists and is not an empty player list; it is never overwritten "
                          "(hint: add the players to it by hand, or choose another file; only a list of "
                          "no player yet, as 'bulletin new' writes it, is replaced)")
    rating_list = read_list(source, rating, reading)
    entries = choose(rating_list.entries, ids, federation, rating_list.locate)
    if not entries:
        raise ListRefused(f"{source}: no player matches (check --fed and --id)")
    target.parent.mkdir(parents=True, exist_ok=True)
    taken = f"{rating_list.kind} ratings ({rating_list.column})" if rating_list.kind else "no ratings"
    write_atomic(target, head + players_yaml(entries, source.name, taken))
    return Imported(len(entries), rating_list.ratings, rating_list.encoding, bool(reading.named),
                    seeding_order(entries), replaced, rating_list.unread)


def reading_for(target: Path, encoding: str | None) -> Reading:
    """How to read a list for the player list `target`: in the `encoding` named, else as its event's
    language saves lists (`Catalogue.file_encodings`), as any language does for a list of no event."""
    if encoding:
        return Reading(named=codec_name(encoding))
    event = event_file(target)
    language = event_language(event) if event else None
    if event is None or language is None:
        return Reading()
    guesses = catalogue(language).file_encodings
    return Reading(guesses=guesses, refused="" if guesses else f"the lists of the event "
                   f"{event.parent.name} (language: {language}) are read as UTF-8 only")


def event_file(target: Path) -> Path | None:
    """The `event.yaml` of the event the player list `target` belongs to: in its folder or the
    nearest one above it within the content folder (the one holding `site.yaml`); None for none."""
    for folder in target.absolute().parents:
        if (folder / "event.yaml").is_file():
            return folder / "event.yaml"
        if (folder / "site.yaml").is_file():
            return None
    return None


def empty_list_head(path: Path) -> str | None:
    """The comment lines at the top of the YAML player list `path` when it lists no player yet
    (`players: []`, `players:` or nothing, as `bulletin new --players 0` writes it); None when it
    lists players, holds anything else or cannot be read: such a file is never replaced."""
    if path.suffix.lower() not in (".yaml", ".yml"):
        return None
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None
    problems = Problems()
    data = parse_yaml(text, path, problems)
    if problems or not (data is None or data == {"players": None} or data == {"players": []}):
        return None
    head = list(itertools.takewhile(lambda line: line.startswith("#"), text.splitlines()))
    return "".join(f"{line}\n" for line in head)
