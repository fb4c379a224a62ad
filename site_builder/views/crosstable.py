"""The crosstable's page data: each row of a table of standings with a cell per round (opponent,
side, result), in the order of places or by starting rank, and what its cells mean."""

from __future__ import annotations

import hashlib
from typing import Any

from site_builder.cache.digest import keyed
from site_builder.engine.scoring import Entry, Kind, Side
from site_builder.engine.standings import Standings
from site_builder.views import columns as cols
from site_builder.views import format as fmt
from site_builder.views.field_changes import legend
from site_builder.views.section import SectionData, SectionShown, SectionUpto, upto
from site_builder.views.standings_rows import points_heading, score_legend, standing_rows, standings_block


class _Crosstables(dict[int, dict[str, Any]]):
    """The crosstables of the section's standings by round, each made when first asked for."""

    def __init__(self, data: SectionData) -> None:
        super().__init__()
        self.data = data

    def __missing__(self, n: int) -> dict[str, Any]:
        table = self[n] = _crosstable(self.data, self.data.standings[n])
        return table


def _entry_text(data: SectionShown, entry: Entry) -> dict[str, Any]:
    """A crosstable cell: opponent's pairing number, side, result mark (`12W1`, `12黑2`, a forfeit
    `12W+` or `12B−`: `format.result_mark`)."""
    t = data.labels
    if entry.kind is Kind.BYE:
        return {"text": t.bye, "cls": "bye", "url": ""}
    if entry.kind in (Kind.HALF_BYE, Kind.FULL_BYE):
        return {"text": t.half_bye if entry.kind is Kind.HALF_BYE else t.full_bye, "cls": "bye", "url": ""}
    if entry.kind in (Kind.ABSENT, Kind.NOT_PAIRED):
        return {"text": "—", "cls": "absent", "url": ""}
    side = t.side(data.event.game, entry.side is Side.SECOND)[:1]
    mark = fmt.result_mark(entry.kind, data.section.scoring) + (fmt.ABNORMAL_MARK if entry.abnormal else "")
    return {
        "text": f"{entry.opponent}{side}{mark}",
        "url": data.player_url(entry.opponent) if entry.opponent else "",
        "cls": "forfeit" if entry.kind in fmt.FORFEIT_MARKS else
        f"{entry.kind.value} abnormal" if entry.abnormal else entry.kind.value,
    }


def cell_legend(data: SectionShown, forfeits: bool, abnormal: bool = False) -> list[str]:
    """What a crosstable cell says (`12W1`: against number 12 with White, won), and what its
    forfeit marks mean when the table has a forfeit (`forfeits`), and its abnormal results' mark
    when it has an abnormal result (`abnormal`: ½-0, 0-½, 0-0)."""
    t, game, scoring = data.labels, data.event.game, data.section.scoring
    sides = t.list_sep.join(f"{t.side(game, second)[:1]} {t.side(game, second)}" for second in (False, True))
    results = t.list_sep.join(f"{fmt.result_mark(kind, scoring)} {t(kind.value)}"
                              for kind in (Kind.WIN, Kind.DRAW, Kind.LOSS))
    lines = [t("cell_legend", sides=sides, results=results)]
    if forfeits:
        lines.append(t("forfeit_legend", win=fmt.FORFEIT_MARKS[Kind.FORFEIT_WIN],
                       loss=fmt.FORFEIT_MARKS[Kind.FORFEIT_LOSS]))
    if abnormal:
        lines.append(t("abnormal_legend", half=fmt.result_mark(Kind.DRAW, scoring) + fmt.ABNORMAL_MARK,
                       zero=fmt.result_mark(Kind.LOSS, scoring) + fmt.ABNORMAL_MARK))
    return lines


def crosstable(data: SectionData, table: Standings, by_start: bool = False) -> dict[str, Any]:
    """The crosstable of `table`: its rows in the order of its places, or by starting rank (pairing
    number: `by_start`, chess-results' "starting rank crosstable": the same rows in another order);
    memoized for the section's standings, which its pages, its CSV files and the last bulletin print."""
    if data.standings.get(table.upto) is table:
        by_place = data.part(_Crosstables)[table.upto]
    else:
        by_place = _crosstable(data, table)
    if not by_start:
        return by_place
    by_number = {**by_place, "by_start": True,
                 "rows": sorted(by_place["rows"], key=lambda row: row["player"]["number"])}
    key = getattr(by_place, "key", None)
    return keyed(by_number, hashlib.sha256(key + b"\0by_start").digest()) if key else by_number


def _crosstable(data: SectionData, table: Standings) -> dict[str, Any]:
    """The crosstable of `table`; of the section's standings after a round, made of what is memoized
    between builds (the standings block, the cells: `upto`) and keyed by their keys."""
    section_standings = data.standings.get(table.upto) is table
    if section_standings:
        block = standings_block(data, table.upto)
        shown_rows, headers = block["rows"], block["headers"]
        cells = upto(data, table.upto, _section_cells, table.upto)
    else:
        shown_rows, headers = standing_rows(data, table), data.tiebreak_headers
        cells = _cells(data, table)
    rows = [{**shown, "cells": row_cells} for shown, row_cells in zip(shown_rows, cells, strict=True)]
    forfeits = any(cell["cls"] == "forfeit" for row_cells in cells for cell in row_cells)
    abnormal = any(e.abnormal for row in table.rows for e in data.records.entries[row.player][: table.upto])
    made = {"after": table.upto, "rounds": list(range(1, table.upto + 1)), "rows": rows,
            "by_start": False, "columns": data.columns(cols.CROSSTABLE),
            "headers": headers, "pending": table.pending, "points_heading": points_heading(data),
            "cell_legend": cell_legend(data, forfeits, abnormal),
            "legend": [*score_legend(data), *legend(data.section, data.labels, table.upto)]}
    keys: list[bytes] = [getattr(part, "key", b"") for part in (block, cells)] if section_standings else [b""]
    if all(keys):  # the rest is made of the same section up to the round and the same settings
        return keyed(made, hashlib.sha256(b"crosstable\0" + b"".join(keys)).digest())
    return made


def _cells(data: SectionShown, table: Standings) -> list[list[dict[str, Any]]]:
    """Each row's cells, in the order of `table`'s places."""
    entries = data.records.entries
    return [[_entry_text(data, e) for e in entries[row.player][: table.upto]] for row in table.rows]


def _section_cells(data: SectionUpto, n: int) -> list[list[dict[str, Any]]]:
    """The cells of the crosstable of the standings after round `n` (memoized: `upto`)."""
    return _cells(data, data.standings[n])
