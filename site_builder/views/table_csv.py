"""The standings and the crosstables of a section as CSV files, for spreadsheets (and a page set's
own, such as a team Swiss's team standings): the same columns and values the pages show (the
standings' columns are the list their page and PDF print: place, number, name, the optional columns
the section has, points, how a final place was decided, every tiebreak; the crosstables' a cell per
round, in the order of places and by starting rank), UTF-8 with a byte-order mark so that
spreadsheet programs read Chinese names right.

A CSV file is data, never a page: names are written as they are, except that a text a spreadsheet
would run as a formula (starting with = + - @) starts with an apostrophe, as spreadsheets expect."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from typing import Any

from site_builder.model import Section
from site_builder.views.crosstable import crosstable
from site_builder.views.page_set import PageSet, page_set_of
from site_builder.views.section import SectionData
from site_builder.views.standings_rows import standings_block

_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")


def csv_tables(data: SectionData) -> bool:
    """Whether the section's standings and crosstable pages offer CSV files, as its page set says
    (the individual Swiss systems and round robins; team and knockout sections have tables of their
    own)."""
    return page_set_of(data.section).csv_tables


def offers_csv(section: Section) -> bool:
    """Whether the pages of `section` offer CSV files: its standings and crosstable's (`csv_tables`)
    or its page set's own (a team section's, `PageSet.csv_files`); a knockout's offer none."""
    page_set = page_set_of(section)
    return page_set.csv_tables or type(page_set).csv_files is not PageSet.csv_files


def standings_path(data: SectionData) -> str:
    return f"{data.base}/standings.csv"


def crosstable_path(data: SectionData, by_start: bool = False) -> str:
    """The crosstable's file, in the order of places or by starting rank (`by_start`)."""
    return f"{data.base}/crosstable-start.csv" if by_start else f"{data.base}/crosstable.csv"


def _tables(data: SectionData) -> bool:
    """Whether the section has its standings and crosstables as CSV now: its system offers them and
    a round has a result."""
    return data.latest is not None and csv_tables(data)


def table_csv_paths(data: SectionData) -> list[str]:
    """Where `table_csv_files` writes the section's files (for the pages that link them)."""
    own = list(page_set_of(data.section).csv_files(data))
    if not _tables(data):
        return own
    return [*own, standings_path(data), crosstable_path(data), crosstable_path(data, by_start=True)]


def table_csv_files(data: SectionData) -> dict[str, str]:
    """The section's latest standings and its two crosstables (none before the first result), and the
    CSV files of its page set (a team Swiss's team standings); memoized between builds by the whole
    section and the event's settings, so a section no result changed costs no time."""
    last = max((rnd.number for rnd in data.section.rounds), default=0)
    name = f"{__name__}.table_csv_files\0{data.settings}"
    return data.results.derived(last, name, lambda: _table_csv_files(data))


def _table_csv_files(data: SectionData) -> dict[str, str]:
    own = page_set_of(data.section).csv_files(data)
    if not _tables(data):
        return own
    latest = data.latest
    assert latest is not None  # `_tables`
    block = standings_block(data, latest.upto)
    files = {**own, standings_path(data): csv_text(_standings_rows(data, block))}
    for by_start in (False, True):
        cross = crosstable(data, latest, by_start)
        files[crosstable_path(data, by_start)] = csv_text(_crosstable_rows(data, cross))
    return files


def _standings_rows(data: SectionData, block: dict[str, Any]) -> list[list[str]]:
    """The standings' lines: the headings and texts of the columns of the web table (`table`, the
    one list the page, the PDF and this file print: how a final place was decided, go's MMS …)."""
    heading = [data.place_heading if c["kind"] == "place" else c["heading"] for c in block["table"]]
    return [heading, *(row["texts"] for row in block["rows"])]


def _crosstable_rows(data: SectionData, cross: dict[str, Any]) -> list[list[object]]:
    """A crosstable's lines: its heading and a line per player, in the order of its page (the place
    first in the order of places, after the points by starting rank)."""
    t, columns, by_start = data.labels, cross["columns"], cross["by_start"]
    rounds = [t("round_short", n=n) for n in cross["rounds"]]
    place = [data.place_heading]
    table: list[list[object]] = [[*([] if by_start else place), t.number, t.name,
                                  *(c["label"] for c in columns), *rounds,
                                  cross.get("points_heading") or t.points,  # MMS, NBW: as the standings
                                  *(place if by_start else []), *(h["short"] for h in cross["headers"])]]
    for row in cross["rows"]:
        place = [row["place"]]
        table.append([*([] if by_start else place), row["player"]["number"], row["player"]["name"],
                      *(row["cols"][c["key"]] for c in columns), *(cell["text"] for cell in row["cells"]),
                      row["points"], *(place if by_start else []), *row["values"]])
    return table


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
