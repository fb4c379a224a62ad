"""The first sheet of an Excel workbook (.xlsx), as `bulletin import players` reads a list from it
(python-calamine): its rows of cells as the text Excel shows (a number 2301, not 2301.0; a date
1988-05-01), each cell named as Excel names it, `entrants.xlsx:Sheet1!B7`."""

from __future__ import annotations

import datetime as dt
import io
import re
from dataclasses import dataclass
from pathlib import Path

from site_builder.commands.list_text import ListRefused

#: How a workbook's bytes start: a zip archive (.xlsx, .ods) or an OLE compound file (.xls).
WORKBOOK_MAGIC = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")


def is_workbook(data: bytes) -> bool:
    """Whether a file's `data` is a workbook (or another zip archive), not text."""
    return data.startswith(WORKBOOK_MAGIC)


@dataclass(frozen=True)
class Sheet:
    """A workbook's first sheet: its rows from A1, every cell as text."""

    path: Path
    name: str
    rows: list[list[str]]

    def place(self, row: int, column: int) -> str:
        """Where the cell of 0-based `row` and `column` is: `entrants.xlsx:Sheet1!B7`."""
        return f"{self.path}:{sheet_reference(self.name)}!{column_letters(column)}{row + 1}"


def first_sheet(data: bytes, path: Path) -> Sheet:
    """The first sheet of the workbook `data` (read from `path`); a file no workbook reader opens is
    refused in one line."""
    from python_calamine import CalamineError, load_workbook

    try:
        book = load_workbook(io.BytesIO(data))
        sheet = book.get_sheet_by_index(0)
        rows = sheet.to_python(skip_empty_area=False)
    except (CalamineError, ValueError) as error:
        raise ListRefused(f"{path}: not an Excel workbook that can be read ({error}) (hint: save the list "
                          "from Excel as .xlsx or as CSV UTF-8; unzip a FIDE download (players_list.zip) "
                          "first)") from None
    return Sheet(path, sheet.name, [[cell_text(value) for value in row] for row in rows])


def cell_text(value: object) -> str:
    """A cell's value as the text Excel shows: whole numbers without `.0` (ratings, ids), dates as
    2024-05-01, TRUE and FALSE, an empty or error cell as ""."""
    if isinstance(value, bool):
        return str(value).upper()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date().isoformat()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return str(value).strip()


def column_letters(index: int) -> str:
    """The letters of the 0-based column `index`: 0 → A, 25 → Z, 26 → AA.

    >>> [column_letters(i) for i in (0, 1, 25, 26, 701, 702)]
    ['A', 'B', 'Z', 'AA', 'ZZ', 'AAA']
    """
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def sheet_reference(name: str) -> str:
    """A sheet's name as a cell reference writes it: quoted when it is not a plain word.

    >>> sheet_reference("Sheet1"), sheet_reference("Go list"), sheet_reference("O'Neil")
    ('Sheet1', "'Go list'", "'O''Neil'")
    """
    return name if re.fullmatch(r"[^\W\d]\w*", name) else "'" + name.replace("'", "''") + "'"
