"""TRF-2026's team records, as FIDE's reference checker Gacrux reads them: 310 (a team), 320 (the
pairing-allocated byes) and 362 (the match points of each match result). Written here from plain
values (for `export trf` and the bench's cross-checks) and read back field by field.

310: the team number in columns 5-7, its name in 9-40, a short name in 42-46, its strength in 48-53,
match points in 55-60, game points in 62-67, its rank in 69-71, then its players' start ranks in
board order from 74-77, 5 columns apart. 320: the bye's match points in 5-8 and game points in
10-13, then the team given the bye in each round, from 15-17, 4 columns apart (blank: none). 362:
as 162 (a symbol in column 6 and its points in 7-10, the next 9 columns on): W a match won, D drawn,
L lost, P the pairing-allocated bye.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from site_builder.trf.fields import RecordReader, format_points, number_of, points_of, text_at

TEAM, TEAM_BYES, MATCH_SCORING = "310", "320", "362"
MEMBERS_FROM = 74  # the first player's start rank: columns 74-77, the next 5 columns on
BYES_FROM = 15  # the team given the bye in round 1: columns 15-17, the next round 4 columns on
TEAM_HINT = "310: team number in 5-7, name in 9-40, match points in 55-60, game points in 62-67, rank " \
            "in 69-71, the players' start ranks in board order from 74-77, 5 columns apart"
BYES_HINT = "320: the bye's match points in 5-8, game points in 10-13, the team of each round from 15-17, " \
            "4 columns apart"
MATCH_SYMBOLS = "WDLP"


@dataclass(frozen=True)
class TeamRecord:
    """A 310 record as read: where it stands, the team and its players' start ranks in board order."""

    line: int
    number: int
    name: str
    match_points: Fraction | None
    game_points: Fraction | None
    rank: int | None
    members: tuple[tuple[int, int], ...]  # (column, start rank), board order


#: C.04.6's match points when the file has no 362: 2 a win, 1 a draw, 0 a loss, the bye as a draw.
MATCH_DEFAULTS = {"W": Fraction(2), "D": Fraction(1), "L": Fraction(0)}


@dataclass(frozen=True)
class TeamMatchRead:
    """A match as the player lines give it: the team with White on board 1 first, and its boards as
    (White's start rank, Black's, White's result code, Black's), board 1 first."""

    round: int
    home: int
    away: int
    boards: tuple[tuple[int, int, str, str], ...]


@dataclass(frozen=True)
class TeamFile:
    """The teams of a file (by team number), its matches round by round and its byes."""

    teams: tuple[TeamRecord, ...]
    matches: tuple[tuple[TeamMatchRead, ...], ...]  # by round
    byes: dict[int, int] = field(default_factory=dict)  # round → team
    match_points: dict[str, Fraction] = field(default_factory=dict)  # 362: W, D, L, P
    bye_points: tuple[Fraction | None, Fraction | None] = (None, None)  # 320: match, game points

    @property
    def boards(self) -> int:
        """The boards of a match: its matches' (else the smallest team's players)."""
        sizes = {len(m.boards) for r in self.matches for m in r}
        return max(sizes) if sizes else min((len(t.members) for t in self.teams), default=1)


def team_points(value: Fraction) -> str:
    """Match or game points in a 310 record's six columns (`  12.5`)."""
    return f"{float(value):6.1f}"


def team_line(number: int, name: str, match_points: Fraction, game_points: Fraction, rank: int | None,
              members: Sequence[int]) -> str:
    """A 310 record; each value must fit its field (the export checks them: `trf/fit.py`)."""
    players = "".join(f"{m:>4} " for m in members).rstrip()
    return (f"310 {number:>3} {name:<32} {'':<5} {'':>6} {team_points(match_points)} "
            f"{team_points(game_points)} "
            f"{'' if rank is None else rank:>3}  {players}").rstrip()


def bye_line(match_points: Fraction, game_points: Fraction, byes: Sequence[int | None]) -> str:
    """The 320 record of the byes round by round (None: no bye that round); "" when there is none."""
    if not any(byes):
        return ""
    rounds = "".join(f" {b:>3}" if b else "    " for b in byes)
    return f"320 {format_points(match_points)} {format_points(game_points)}{rounds}".rstrip()


def match_scoring_line(win: Fraction, draw: Fraction, loss: Fraction, bye: Fraction) -> str:
    """The 362 record: the match points of a match won, drawn, lost and of the bye."""
    values = zip(MATCH_SYMBOLS, (win, draw, loss, bye), strict=True)
    return "362  " + "    ".join(f"{s}{format_points(v)}" for s, v in values)


def is_team_file(records: Sequence[str]) -> bool:
    """Whether the file has team records (310)."""
    return any(r[:4] == f"{TEAM} " for r in records)


def read_team(line: str, number: int, reader: RecordReader) -> TeamRecord | None:
    """A 310 record; None (every malformed field reported) when it cannot be read."""
    before = len(reader.problems.items)
    team = number_of(text_at(line, 5, 7))
    if team is None or team < 1:
        reader.error(number, 5, f"310: the team number must be 1 to 999, found "
                     f"{text_at(line, 5, 7).strip()!r}", TEAM_HINT)
    name = text_at(line, 9, 40).strip()
    if not name:
        reader.error(number, 9, "310: the team has no name", TEAM_HINT)
    values: list[Fraction | None] = []
    for first, what in ((55, "match points"), (62, "game points")):
        text = text_at(line, first, first + 5)
        value = points_of(text) if text.strip() else None
        if text.strip() and value is None:
            reader.error(number, first, f"310: the {what} must be a number such as 4.5, found "
                         f"{text.strip()!r}", TEAM_HINT)
        values.append(value)
    rank_text = text_at(line, 69, 71)
    rank = number_of(rank_text)
    if rank_text.strip() and rank is None:
        reader.error(number, 69, f"310: the rank must be a number, found {rank_text.strip()!r}", TEAM_HINT)
    if text_at(line, 72, 73).strip():
        reader.error(number, 72, "310: columns 72-73 must be blank (the players start in column 74)",
                     TEAM_HINT)
    fields_wrong = len(reader.problems.items) > before  # a player the file lacks still leaves the team
    members = []
    for column in range(MEMBERS_FROM, len(line.rstrip()) + 1, 5):
        text = text_at(line, column, column + 3)
        if not text.strip():
            continue
        rank_of = reader.player(number, column, text, "310")
        if rank_of is not None:
            members.append((column, rank_of))
    if fields_wrong or team is None:
        return None
    return TeamRecord(number, team, name, values[0], values[1], rank, tuple(members))


def read_byes(line: str, number: int, reader: RecordReader
              ) -> tuple[Fraction | None, Fraction | None, dict[int, tuple[int, int]]]:
    """A 320 record: the bye's match and game points, and the team given the bye by round (with the
    column it stands in)."""
    points = []
    for first, what in ((5, "match points"), (10, "game points")):
        value = points_of(text_at(line, first, first + 3))
        if value is None:
            reader.error(number, first, f"320: the bye's {what} must be a number such as 1.0, found "
                         f"{text_at(line, first, first + 3).strip()!r}", BYES_HINT)
        points.append(value)
    byes: dict[int, tuple[int, int]] = {}
    for index, column in enumerate(range(BYES_FROM, len(line.rstrip()) + 1, 4)):
        text = text_at(line, column, column + 2)
        if not text.strip():
            continue
        team = number_of(text)
        if team is None:
            reader.error(number, column, f"320: round {index + 1}: a team number, found {text.strip()!r}",
                         BYES_HINT)
        elif team:
            byes[index + 1] = (team, column)
    return points[0], points[1], byes


def read_match_scoring(line: str) -> dict[str, Fraction]:
    """The points a 362 record gives, by symbol (W, D, L, P)."""
    values: dict[str, Fraction] = {}
    for column in range(6, len(line.rstrip()) + 1, 9):
        value = points_of(text_at(line, column + 1, column + 4))
        if line[column - 1:column] in MATCH_SYMBOLS and value is not None:
            values[line[column - 1]] = value
    return values


def team_ranks(records: Sequence[str]) -> dict[int, int]:
    """The rank column of each 310 record (kept as written), by team number."""
    ranks = {}
    for record in records:
        team, rank = number_of(text_at(record, 5, 7)), number_of(text_at(record, 69, 71))
        if record[:4] == f"{TEAM} " and team is not None and rank is not None:
            ranks[team] = rank
    return ranks
