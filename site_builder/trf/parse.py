"""Reading a TRF file: every malformed field is a located problem (file:line:column)."""

from __future__ import annotations

import codecs
import datetime as dt
import re
from dataclasses import replace
from pathlib import Path

from site_builder.engine.team_tiebreaks import team_tiebreak
from site_builder.errors import Location, Problems
from site_builder.systems import SYSTEMS
from site_builder.trf.acceleration import check_accelerated, check_method
from site_builder.trf.fields import LENIENT_HINT, RecordReader
from site_builder.trf.lenient import cell_variant, colour_forfeits, drop_dummies, is_ruler
from site_builder.trf.long_names import cut, whole_names
from site_builder.trf.prohibited import check_prohibited
from site_builder.trf.rank_method import check_rank_method
from site_builder.trf.records import (
    BYE_CODES,
    COMPLEMENTS,
    FIELDS,
    GAME_CODES,
    GAPS,
    PLAYER,
    ROUND_START,
    ROUND_WIDTH,
    Cell,
    PlayerLine,
    TrfFile,
    parse_date,
)
from site_builder.trf.scoring import check_abnormal, check_scoring
from site_builder.trf.team_read import read_team_file
from site_builder.trf.team_records import MATCH_SCORING, TEAM, TEAM_BYES, is_team_file
from site_builder.trf.tiebreaks import read_chain
from site_builder.trf.type_code import check_type_code, imported_system, type_code_of

SEXES = ("m", "w", "f", "")
COLOUR_CODES = {"w": "w", "b": "b", "-": "-", " ": ""}
_POINTS = re.compile(r"\d{1,2}(\.\d{1,2})?")
FIELD_HINT = "TRF16 player lines are fixed-width: 001, start rank in 5-8, sex 10, title 11-13, name 15-47, " \
             "rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89"
CELL_HINT = "each round takes 10 columns from column 92: opponent (4), colour (w/b/-), result"


def read_text(path: Path) -> str:
    """The file's text: UTF-16 by its byte-order mark, UTF-8 (with or without one), or else
    Windows-1252, as programs on Windows write it (a superset of Latin-1's letters; a byte it leaves
    undefined reads as U+FFFD).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile(suffix=".trf") as f:
    ...     _ = f.write("012 Café – Open".encode("cp1252")); f.flush(); read_text(Path(f.name))
    '012 Café – Open'
    """
    data = path.read_bytes()
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")

COMMENT = "###"  # TRF-2026's comment lines: kept as written
#: TRF-2026's records checked once the player lines are read (they name players and rounds).
CHECKS = {"162": check_scoring, "172": check_rank_method, "192": check_type_code, "250": check_accelerated,
          "260": check_prohibited, "299": check_abnormal}


def parse_trf(path: Path, shown: Path | None = None, strict: bool = False) -> TrfFile:
    """Parse a TRF file; raises `ContentError` listing every malformed field (one branch per kind
    of record line, in the order of the TRF specification). What other programs write differently
    (trf/lenient.py) is read with a warning in `TrfFile.warnings`, or refused with `strict`."""
    shown = shown or path
    problems = Problems()
    notes = Problems()  # the warnings
    try:
        text = read_text(path)
    except OSError as exc:
        problems.add(Location(shown), f"cannot read the file: {exc.strerror}", "check the path")
        problems.raise_if_any()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    records: list[str] = []
    players: list[PlayerLine] = []
    total_rounds: int | None = None
    round_dates: tuple[dt.date | None, ...] = ()
    damaged: set[int] = set()  # start ranks of player lines with errors: not checked against others
    later: list[tuple[int, str]] = []  # records checked once the players are known (CHECKS), by line
    chains: list[tuple[int, str]] = []  # the 202 and 212 records, by line
    team_lines: list[tuple[int, str]] = []  # the team records (310, 320, 362), by line
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if line[:3] == COMMENT:
            records.append(line)
            continue
        if line[:3] == PLAYER:
            if PLAYER not in records:
                records.append(PLAYER)
            player = _player(line, number, shown, problems, notes)
            if player is not None:
                players.append(player)
            elif (rank := _integer(_field(line.ljust(8), "start_rank"))) is not None:
                damaged.add(rank)
            continue
        if is_ruler(line):
            notes.add(Location(shown, number, 1), "a column ruler, not a record (as Swiss-Manager writes "
                      "it): left out", LENIENT_HINT)
            continue
        records.append(line)
        if not line:
            continue
        if len(line) > 3 and line[3] != " ":
            problems.add(Location(shown, number, 4), f"a record starts with a 3-character code and a "
                         f"blank, found {line[:4]!r}", "e.g. '012 Tournament name'; fields start in column 5")
        elif line[:3] in ("XXR", "142"):  # 142: the number of rounds in TRF-2026
            value = line[4:].strip()
            if not value.isdigit() or int(value) < 1:
                problems.add(Location(shown, number, 5), f"{line[:3]} must give the number of rounds, "
                             f"found {value!r}", f"write e.g. '{line[:3]} 9'")
            else:
                total_rounds = int(value)
        elif line[:3] in CHECKS:
            later.append((number, line))
        elif line[:3] == "152" and line[4:].strip() not in ("W", "B"):
            problems.add(Location(shown, number, 5), f"152 gives the top seed's colour in round 1 as W or B, "
                         f"found {line[4:].strip()!r}", "write '152 W' or '152 B'")
        elif line[:3] == "XXC":
            words = line[4:].split()
            if not words or not set(words) <= {"white1", "black1", "rank"}:
                problems.add(Location(shown, number, 5), f"unknown XXC setting {line[4:].strip()!r}",
                             "write 'XXC white1' or 'XXC black1' (the top seed's colour in round 1)")
        elif line[:3] == "132":
            round_dates = _round_dates(line, number, shown, problems)
        elif line[:3] in ("202", "212"):
            chains.append((number, line))
        elif line[:3] in (TEAM, TEAM_BYES, MATCH_SCORING):
            team_lines.append((number, line))
    if not players:
        problems.add(Location(shown), "no player lines (001) in the file", "is this a FIDE TRF file?")
    players = colour_forfeits(drop_dummies(players, shown, notes), shown, notes)
    whole = whole_names(records)  # names the player lines hold cut (`### bulletin: name`)
    players = [replace(p, name=whole[p.start_rank]) if cut(whole.get(p.start_rank, "")) == p.name else p
               for p in players]
    rounds = total_rounds or max((i + 1 for p in players for i, c in enumerate(p.rounds) if not c.empty),
                                 default=0)  # as TrfFile.rounds_present
    reader = RecordReader(shown, problems, notes, frozenset(p.start_rank for p in players) | damaged, rounds,
                          total_rounds or 999)
    for number, line in later:
        CHECKS[line[:3]](line, number, reader)
    if not problems:
        check_method([(n, line) for n, line in later if line[:3] == "250"], len(players), reader)
    _check_players(players, damaged, shown, problems)
    teams = None
    if is_team_file(records):
        _team_chains(chains, reader)
        if not problems:
            teams = read_team_file(team_lines, players, records, rounds, reader)
    else:
        _unknown_tiebreaks(chains, shown, notes)
        _unfit_tiebreaks(records, chains, shown, notes)
    if strict:
        problems.items.extend(notes.items)
    trf = TrfFile(shown, tuple(records), tuple(players), total_rounds, round_dates,
                  tuple(sorted(notes.items, key=lambda p: p.location)), teams)
    if total_rounds is not None and trf.rounds_present > total_rounds:
        at = next(i for i, r in enumerate(lines, start=1) if r[:3] in ("XXR", "142"))
        code = lines[at - 1][:3]
        problems.add(Location(shown, at, 5), f"{code} says {total_rounds} rounds, but the player lines "
                     f"have {trf.rounds_present}", f"correct {code}")
    problems.raise_if_any()
    return trf


def _unknown_tiebreaks(chains: list[tuple[int, str]], shown: Path, notes: Problems) -> None:
    """A tie-break of the 202/212 records the content cannot name: read with a warning, left out."""
    for number, line in chains:
        for column, code in read_chain(line)[1]:
            notes.add(Location(shown, number, column), f"tie-break {code!r} is not one the content "
                      "can name: left out of the chain", LENIENT_HINT)


def _team_chains(chains: list[tuple[int, str]], reader: RecordReader) -> None:
    """A team file's 202/212 name team tiebreaks (C.07, as `team_tiebreaks`): one this tool does not
    compute is read with a warning and left out."""
    for number, line in chains:
        column = 5
        for word in line[4:].split():
            column = line.index(word, column - 1) + 1
            if team_tiebreak(word, "M") is None and word.upper() not in ("MPTS", "GPTS", "PTS"):
                reader.warn(number, column, f"team tie-break {word!r} is not one this tool computes: left "
                            "out of the chain")
            column += len(word)


def _unfit_tiebreaks(records: list[str], chains: list[tuple[int, str]], shown: Path, notes: Problems) -> None:
    """A tie-break of the 202/212 records that cannot break a tie in the file's system (a Buchholz
    in a round robin): read with a warning, left out of the chain (`to_content` leaves it out)."""
    system = SYSTEMS[imported_system(type_code_of(records), _type_092(records))]
    for number, line in chains:
        for column, code in read_chain(line, system.ranking.unfit_tiebreaks)[2]:
            notes.add(Location(shown, number, column), f"tie-break {code!r} cannot break a tie in a "
                      f"{system.name} section (every player meets the same opponents): left out of the "
                      "chain", LENIENT_HINT)


def _type_092(records: list[str] | tuple[str, ...]) -> str:
    """The tournament type of the 092 record ("" without one)."""
    return next((r[4:].strip() for r in records if r[:4] == "092 "), "")


def _field(line: str, name: str) -> str:
    first, last = FIELDS[name]
    return line[first - 1:last]


def _player(line: str, number: int, shown: Path, problems: Problems, notes: Problems) -> PlayerLine | None:
    before = len(problems.items)
    line = line.ljust(FIELDS["rank"][1])

    def bad(column: int, message: str, hint: str = FIELD_HINT) -> None:
        problems.add(Location(shown, number, column), message, hint)

    for column in GAPS:
        if column <= len(line) and line[column - 1] != " ":
            bad(column, f"column {column} must be blank, found {line[column - 1]!r}")
            return None
    start_rank = _integer(_field(line, "start_rank"))
    if start_rank is None or start_rank < 1:
        bad(5, f"the start rank must be a number, found {_field(line, 'start_rank').strip()!r}")
    sex = _field(line, "sex").strip().lower()
    if sex not in SEXES:
        bad(10, f"unknown sex {sex!r}", "write m or w in column 10, or leave it blank")
    name = _field(line, "name").strip()
    if not name:
        bad(15, "the player has no name", FIELD_HINT)
    rating_text = _field(line, "rating").strip()
    rating = _integer(rating_text)
    if rating_text and rating is None:
        bad(49, f"the rating must be a number, found {rating_text!r}")
    fide_id = _field(line, "fide_id").strip()
    if fide_id and not fide_id.isdigit():
        bad(58, f"the FIDE id must be digits, found {fide_id!r}")
    points = _field(line, "points").strip()
    if points and not _POINTS.fullmatch(points):
        bad(81, f"the points must be a number such as 4.5, found {points!r}")
    rank_text = _field(line, "rank").strip()
    rank = _integer(rank_text)
    if rank_text and rank is None:
        bad(86, f"the rank must be a number, found {rank_text!r}")
    cells = []
    for start in range(ROUND_START, len(line) + 1, ROUND_WIDTH):
        cell = _cell(line, start, number, shown, problems, notes)
        if cell is None:
            break
        cells.append(cell)
    if len(problems.items) > before or start_rank is None:
        return None
    return PlayerLine(number, start_rank, sex, _field(line, "title").strip(), name, rating,
                      _field(line, "federation").strip(), fide_id, _field(line, "birth").strip(), points,
                      rank, tuple(cells))


def _cell(line: str, start: int, number: int, shown: Path, problems: Problems,
          notes: Problems) -> Cell | None:
    text = line[start - 1:start - 1 + 8].ljust(8)
    spacer = line[start + 7:start + 9]
    for offset in (4, 6):
        if text[offset] != " ":
            problems.add(Location(shown, number, start + offset),
                         f"column {start + offset} must be blank, found {text[offset]!r}", CELL_HINT)
            return None
    if spacer.strip():
        column = start + 8 + (0 if spacer[0] != " " else 1)
        problems.add(Location(shown, number, column), f"column {column} must be blank, found "
                     f"{line[column - 1]!r}", CELL_HINT)
        return None
    opponent_text, colour, code = text[:4].strip(), text[5], text[7].strip()
    round_number = (start - ROUND_START) // ROUND_WIDTH + 1
    where = f"round {round_number}"
    opponent_text, colour, code = cell_variant(
        opponent_text, colour, code, where,
        lambda offset, message: notes.add(Location(shown, number, start + offset), message, LENIENT_HINT))
    if opponent_text and not opponent_text.isdigit():
        problems.add(Location(shown, number, start), f"{where}: the opponent must be a start rank, found "
                     f"{opponent_text!r}", CELL_HINT)
        return None
    if colour not in COLOUR_CODES:
        problems.add(Location(shown, number, start + 5), f"{where}: unknown colour {colour!r}",
                     "write w (white), b (black) or - (no colour)")
        return None
    opponent = int(opponent_text) if opponent_text else 0
    if opponent:
        if code not in GAME_CODES:
            hint = "a bye has no opponent: write 0000 - " + code if code in BYE_CODES else \
                "write 1, =, 0 (played), W, D, L (not rated), + or - (forfeit), or leave it blank"
            problems.add(Location(shown, number, start + 7), f"{where}: unknown result code {code!r}", hint)
            return None
        if COLOUR_CODES[colour] not in ("w", "b") and not (colour == "-" and code in ("+", "-")):
            problems.add(Location(shown, number, start + 5), f"{where}: a game needs colour w or b, "
                         f"found {colour!r}", "write w for white or b for black")
            return None
    elif code or opponent_text or colour.strip():
        if code not in BYE_CODES:
            problems.add(Location(shown, number, start + 7), f"{where}: unknown result code {code!r} "
                         "without an opponent", "a round without an opponent is a bye: U (pairing-allocated),"
                         " H (half point), F (full point) or Z (zero points)")
            return None
        if colour not in ("-", " "):
            problems.add(Location(shown, number, start + 5),
                         f"{where}: a bye has no colour, found {colour!r}", "write 0000 - " + code)
            return None
    return Cell(opponent or None, COLOUR_CODES[colour], code, start)


def _round_dates(line: str, number: int, shown: Path, problems: Problems) -> tuple[dt.date | None, ...]:
    """The dates of a 132 record; a date that is no date, or before an earlier round's, is an error."""
    dates: list[dt.date | None] = []
    latest: tuple[int, dt.date] | None = None  # the round with the latest date so far
    for start in range(ROUND_START, len(line) + 1, ROUND_WIDTH):
        text = line[start - 1:start + 7].strip()
        day = parse_date(text) if text else None
        if text and day is None:
            problems.add(Location(shown, number, start), f"round {len(dates) + 1}: {text!r} is not a date",
                         "write round dates as YY/MM/DD from column 92, 10 columns apart")
        elif day is not None and latest is not None and day < latest[1]:
            before = line[ROUND_START - 1 + ROUND_WIDTH * (latest[0] - 1):][:8]
            problems.add(Location(shown, number, start), f"132: round {len(dates) + 1} is dated {text}, "
                         f"before round {latest[0]} ({before})",
                         "the rounds' dates go in the order the rounds were played; correct the date")
        if day is not None and (latest is None or day >= latest[1]):
            latest = (len(dates) + 1, day)
        dates.append(day)
    return tuple(dates)


def _integer(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else None


def _check_players(players: list[PlayerLine], damaged: set[int], shown: Path, problems: Problems) -> None:
    """Start ranks are unique; every opponent exists, and the two lines of a game agree."""
    by_rank: dict[int, PlayerLine] = {}
    for player in players:
        if player.start_rank in by_rank:
            problems.add(Location(shown, player.line, 5), f"start rank {player.start_rank} is used twice "
                         f"(first on line {by_rank[player.start_rank].line})", "give every player their own")
        else:
            by_rank[player.start_rank] = player
    for player in players:
        for index, cell in enumerate(player.rounds):
            if cell.opponent is None:
                continue
            where = Location(shown, player.line, cell.column)
            other = by_rank.get(cell.opponent)
            if other is None and cell.opponent in damaged:
                continue  # that line's own errors are reported
            if other is None:
                problems.add(where, f"round {index + 1}: opponent {cell.opponent} is not a start rank of "
                             "the file", f"start ranks run from {min(by_rank)} to {max(by_rank)}")
                continue
            if other.start_rank == player.start_rank:
                problems.add(where, f"round {index + 1}: the player is paired against themself",
                             "check the opponent's start rank")
                continue
            if other.line < player.line:
                continue  # each pair is checked once, from the line that comes first
            theirs = other.rounds[index] if index < len(other.rounds) else Cell(None, "", "", 0)
            problem = _disagreement(player, cell, other, theirs)
            if problem:
                problems.add(Location(shown, other.line, theirs.column or where.column),
                             f"round {index + 1}: {problem}",
                             f"line {player.line} says #{player.start_rank} plays #{other.start_rank} "
                             f"with {cell.colour} and result {cell.result or 'blank'}; "
                             "the two lines of a game must agree")


def _disagreement(player: PlayerLine, cell: Cell, other: PlayerLine, theirs: Cell) -> str:
    if theirs.opponent != player.start_rank:
        found = f"#{theirs.opponent}" if theirs.opponent else "no opponent"
        return f"#{other.start_rank}'s line gives {found}, not #{player.start_rank}"
    if {cell.colour, theirs.colour} != {"w", "b"}:
        return f"both players have colour {cell.colour}"
    if theirs.result not in COMPLEMENTS[cell.result]:
        return f"result {theirs.result or 'blank'} does not answer {cell.result or 'blank'}"
    return ""
