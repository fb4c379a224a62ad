"""The TRF file as read: header records as written, player lines (001) field by field.

Columns are 1-based, as in the FIDE specification (C.04 Annex 2, TRF16).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from site_builder.errors import Problem
from site_builder.trf.team_records import TeamFile

#: Player line fields: (first column, last column).
FIELDS: dict[str, tuple[int, int]] = {
    "start_rank": (5, 8), "sex": (10, 10), "title": (11, 13), "name": (15, 47), "rating": (49, 52),
    "federation": (54, 56), "fide_id": (58, 68), "birth": (70, 79), "points": (81, 84), "rank": (86, 89),
}
#: Columns between the fields of a player line, which must be blank.
GAPS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
ROUND_START = 92  # round r's opponent starts at column 92 + 10·(r − 1)
ROUND_WIDTH = 10
PLAYER = "001"  # the code of player lines; a record "001" in `TrfFile.records` marks where they stand

#: Result codes of a round with an opponent ("" = not played yet) and without one (byes).
GAME_CODES = ("1", "=", "0", "+", "-", "W", "D", "L", "")
BYE_CODES = ("U", "H", "F", "Z")
#: The code the opponent's line may show for each code: each line gives its own player's result,
#: so a game played may also score ½-0 or 0-0 (an abnormal result: "=" against "0", "0" against "0").
COMPLEMENTS: dict[str, tuple[str, ...]] = {
    "1": ("0",), "0": ("1", "=", "0"), "=": ("=", "0"), "+": ("-",), "-": ("+", "-"), "W": ("L",),
    "L": ("W", "D", "L"), "D": ("D", "L"), "": ("",),
}
#: Points of each code with the usual scoring (for ordering boards on import).
CODE_POINTS = {"1": Fraction(1), "W": Fraction(1), "+": Fraction(1), "U": Fraction(1), "F": Fraction(1),
               "=": Fraction(1, 2), "D": Fraction(1, 2), "H": Fraction(1, 2)}

@dataclass(frozen=True)
class Cell:
    """One round of a player line: opponent (None for a bye or no pairing), colour, result code."""

    opponent: int | None
    colour: str  # "w", "b", "-" or ""
    result: str  # a code of GAME_CODES or BYE_CODES, "" when empty
    column: int  # where the cell starts (the opponent field)

    @property
    def empty(self) -> bool:
        return self.opponent is None and not self.result


@dataclass(frozen=True)
class PlayerLine:
    line: int
    start_rank: int
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str
    fide_id: str
    birth: str
    points: str
    rank: int | None
    rounds: tuple[Cell, ...]


@dataclass(frozen=True)
class TrfFile:
    path: Path
    records: tuple[str, ...]  # every line but the player lines, as written; PLAYER where those stand
    players: tuple[PlayerLine, ...]
    total_rounds: int | None = None  # XXR
    round_dates: tuple[dt.date | None, ...] = ()  # 132
    #: how cells other programs write differently from TRF16 were read (trf/lenient.py), by place
    warnings: tuple[Problem, ...] = ()
    teams: TeamFile | None = None  # a team file's teams and matches (its 310 records)

    def header(self, code: str) -> str:
        """The text of the first record with `code` (from column 5), or ""."""
        for record in self.records:
            if record[:3] == code and record != PLAYER:
                return record[4:].strip()
        return ""

    @property
    def rounds_present(self) -> int:
        """The last round any player line fills."""
        return max((i + 1 for p in self.players for i, c in enumerate(p.rounds) if not c.empty), default=0)


def parse_date(text: str) -> dt.date | None:
    """A TRF date: YYYY/MM/DD, YY/MM/DD, YYYY-MM-DD, or DD.MM.YYYY and DD/MM/YYYY (the day first, as
    JaVaFo's and other programs' files write it); None otherwise."""
    text = text.strip()
    for pattern, order in ((r"(\d{4})[/-](\d\d)[/-](\d\d)", "ymd"), (r"(\d\d)/(\d\d)/(\d\d)", "ymd"),
                           (r"(\d\d)[./](\d\d)[./](\d{4})", "dmy")):
        match = re.fullmatch(pattern, text)
        if match:
            a, b, c = (int(g) for g in match.groups())
            year, month, day = (a, b, c) if order == "ymd" else (c, b, a)
            if year < 100:
                year += 2000
            try:
                return dt.date(year, month, day)
            except ValueError:
                return None
    return None


def format_date(day: dt.date) -> str:
    return f"{day.year:04d}/{day.month:02d}/{day.day:02d}"


def format_round_date(day: dt.date) -> str:
    """A 132 round date: YY/MM/DD."""
    return f"{day.year % 100:02d}/{day.month:02d}/{day.day:02d}"


def player_line(number: int, sex: str, title: str, name: str, rating: str, federation: str, fide_id: str,
                birth: str, points: str, rank: str, cells: list[str] | tuple[str, ...]) -> str:
    """A 001 player line in TRF16's columns (`FIELDS`), its rounds' 10-column `cells` from column 92;
    `sex` as the content says it (m, f). Each value must fit its field (the export checks them:
    `trf/fit.py`); none is cut short."""
    sex = {"m": "m", "f": "w"}.get(sex, " ")
    return (f"001 {number:>4} {sex}{title:>3} {name:<33} {rating:>4} {federation:<3} "
            f"{fide_id:>11} {birth:<10} {points:>4} {rank:>4}") + "".join("  " + c for c in cells)
