"""Fixed-column fields of TRF-2026's records, and the reader that locates what is wrong in them.

Columns are 1-based and inclusive, as FIDE's tables give them (C.04 Annex 2, TRF-2026).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from site_builder.errors import Location, Problems

#: The hint of every warning about something read leniently (`--strict` refuses it).
LENIENT_HINT = "read so by 'bulletin import trf'; --strict refuses the file instead"
_POINTS = re.compile(r"-?(\d+(\.\d+)?|\.\d+)")


def text_at(line: str, first: int, last: int) -> str:
    """The text of columns `first`..`last` (blanks where the line is shorter)."""
    return line[first - 1:last].ljust(last - first + 1)


def points_of(text: str) -> Fraction | None:
    """A points field such as ` 1.0`, `11.5` or `-0.5` (four columns); None when malformed.

    >>> points_of(" 1.0"), points_of("-0.5"), points_of("12.5"), points_of(" 1,5")
    (Fraction(1, 1), Fraction(-1, 2), Fraction(25, 2), None)
    """
    text = text.strip()
    return Fraction(text) if _POINTS.fullmatch(text) else None


def format_points(value: Fraction) -> str:
    """Points in four columns with one decimal, as TRF writes them (` 1.0`, `12.5`)."""
    return f"{float(value):4.1f}"


def number_of(text: str) -> int | None:
    """A whole number field (`001`, `  12`, `0090`); None when blank or not digits."""
    text = text.strip()
    return int(text) if text.isdigit() else None


def ids_from(line: str, first: int) -> list[tuple[int, str]]:
    """The 4-column fields from column `first` on, 5 columns apart (player ids of 260 and 299), with
    the column each starts at: (column, text)."""
    return [(column, text_at(line, column, column + 3)) for column in range(first, len(line.rstrip()) + 1, 5)]


@dataclass
class RecordReader:
    """What a record's check needs: where to report, the file's start ranks and its rounds."""

    shown: Path
    problems: Problems
    notes: Problems  # the warnings: read leniently, refused with --strict
    starts: frozenset[int]
    rounds: int  # the rounds of the tournament (142 or XXR, else the rounds the player lines fill)
    limit: int = 999  # the last round a record may name (142 or XXR when the file gives it)

    def error(self, line: int, column: int, message: str, hint: str) -> None:
        self.problems.add(Location(self.shown, line, column), message, hint)

    def warn(self, line: int, column: int, message: str) -> None:
        self.notes.add(Location(self.shown, line, column), message, LENIENT_HINT)

    def player(self, line: int, column: int, text: str, code: str) -> int | None:
        """A start rank field that must name a player of the file; None (reported) otherwise."""
        rank = number_of(text)
        if rank is None:
            self.error(line, column, f"{code}: a start rank is 1 to 9999, found {text.strip()!r}",
                       f"write the player's start rank right-aligned in columns {column}-{column + 3}")
        elif rank not in self.starts:
            self.error(line, column, f"{code}: no player has start rank {rank}",
                       f"the file's start ranks run from {min(self.starts, default=0)} to "
                       f"{max(self.starts, default=0)}")
            return None
        return rank

    def round(self, line: int, column: int, text: str, code: str, what: str) -> int | None:
        """A round field (`001`, `  3`) that must be a round of the tournament; None (reported)."""
        number = number_of(text)
        if number is None or not 1 <= number <= self.limit:
            span = f"a round from 1 to {self.limit}" if self.limit < 999 else "a round number"
            found = text.strip() or "nothing"
            self.error(line, column, f"{code}: the {what} must be {span}, found {found!r}",
                       f"write it in columns {column}-{column + len(text) - 1}, e.g. {'1'.zfill(len(text))}")
            return None
        return number
