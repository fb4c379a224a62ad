"""The standings and the crosstable of a section as CSV files, for spreadsheets (and a page set's
own, such as a team Swiss's team standings): the same values the pages show (place, number, name,
club, points, every tiebreak; a cell per round), UTF-8 with a byte-order mark so that spreadsheet
programs read Chinese names right.

A CSV file is data, never a page: names are written as they are, except that a text a spreadsheet
would run as a formula (starting with = + - @) starts with an apostrophe, as spreadsheets expect."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from site_builder.views.page_set import page_set_of
from site_builder.views.section import SectionData, crosstable, standings_block

_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")


def csv_tables(data: SectionData) -> bool:
    """Whether the section's standings and crosstable pages offer CSV files, as its page set says
    (the individual Swiss systems and round robins; team and knockout sections have tables of their
    own)."""
    return page_set_of(data.section).csv_tables


def standings_path(data: SectionData) -> str:
    return f"{data.base}/standings.csv"


def crosstable_path(data: SectionData) -> str:
    return f"{data.base}/crosstable.csv"


def table_csv_files(data: SectionData) -> dict[str, str]:
    """The section's latest standings and its crosstable (none before the first result), and the CSV
    files of its page set (a team Swiss's team standings)."""
    own = page_set_of(data.section).csv_files(data)
    latest = data.latest
    if latest is None or not csv_tables(data):
        return own
    t = data.labels
    block = standings_block(data, latest.upto)
    headers = [h["short"] for h in block["headers"]]
    standings = [[data.place_heading, t.number, t.name, t.club, t.points, *headers]]
    standings += [[row["place"], row["player"]["number"], row["player"]["name"], row["club"], row["points"],
                   *row["values"]] for row in block["rows"]]
    cross = crosstable(data, latest)
    rounds = [t("round_short", n=n) for n in cross["rounds"]]
    table = [[data.place_heading, t.number, t.name, *rounds, t.points, *headers]]
    table += [[row["place"], row["player"]["number"], row["player"]["name"],
               *(cell["text"] for cell in row["cells"]), row["points"], *row["values"]]
              for row in cross["rows"]]
    return {**own, standings_path(data): csv_text(standings), crosstable_path(data): csv_text(table)}


def csv_text(rows: Sequence[Sequence[object]]) -> str:
    """Rows as a CSV file's text: UTF-8 with a byte-order mark, no cell a spreadsheet would run."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows([[_inert(cell) for cell in row] for row in rows])
    return "\ufeff" + out.getvalue()


def _inert(cell: object) -> object:
    """A cell a spreadsheet takes as text, never as a formula.

    >>> _inert("=HYPERLINK(1)"), _inert("-1.5"), _inert("García")
    ("'=HYPERLINK(1)", '-1.5', 'García')
    """
    text = str(cell)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.fullmatch(text):
        return "'" + text
    return cell
