"""The standings' page data: a table's rows (place, points, tiebreak values, how a place was
decided, the marks of the field's changes), its block as the standings pages and PDFs show it (with
its legends), and the names of the section's points and tiebreaks."""

from __future__ import annotations

from typing import Any

from site_builder.cache.digest import Deferred
from site_builder.engine.standings import Row, Standings
from site_builder.model import TiebreakId
from site_builder.systems import system_of
from site_builder.systems.base import NamesRounds
from site_builder.views import columns as cols
from site_builder.views import format as fmt
from site_builder.views.field_changes import legend
from site_builder.views.i18n import Labels
from site_builder.views.section import SectionData, SectionShown, SectionUpto, deferred_upto


def tiebreak_value(data: SectionShown, tiebreak_id: TiebreakId, value: Any) -> str:
    """A tiebreak's value as the tables show it: a count as it is, points in the section's notation —
    one format per column, whatever the value (an AOB's mean and a withdrawal's adjusted 小分 keep the
    decimals they have, `fmt.points`), so that a table and event.json give the same value."""
    if value is None or tiebreak_id == "lot":
        return ""
    if isinstance(value, tuple):
        value = value[0] if value else 0
    power = data.tiebreak_power(tiebreak_id)
    return str(value) if power == 0 else data.pts(value, power)


def standing_rows(data: SectionShown, table: Standings) -> list[dict[str, Any]]:
    """The rows of a table of standings as shown: place, player, optional columns, points, tiebreak
    values, how a place was decided and the mark of a change of the field."""
    rows = []
    changes = data.changes_upto(table.upto)
    for row in table.rows:
        mark, what = changes.get(row.player, ("", ""))
        rows.append({
            "place": place_text(row),
            "player": data.ref(row.player),
            "cols": data.cells(row.player),  # the optional columns (the block's `columns`)
            "points": data.pts(row.points),
            "values": [tiebreak_value(data, tb.id, v)
                       for tb, v in zip(data.section.tiebreaks, row.values, strict=True)],
            "playoff": row.playoff,
            "decided": how_decided(data, row.decided),
            "mark": mark, "mark_title": what,
        })
    return rows


def stage_label(data: SectionData, round_number: int) -> str:
    """The stage of a round in the pages' language (预赛 / 复赛 / 决赛 of a staged Swiss), or the part
    of something larger it is (`NamesRounds`: a Double-Swiss match's game), else ""."""
    system = system_of(data.section)
    if isinstance(system, NamesRounds):
        key, values = system.round_part(round_number)
        return data.labels(key, **values)
    stage = data.results.stage(round_number)
    return data.labels("stage." + stage) if stage else ""


def how_decided(data: SectionShown, how: str) -> str:
    """How a final place was decided (§5.2), as shown: 决赛, 加赛快棋, 按第 6 轮后名次, 预赛淘汰 …
    (a player out after the preliminaries: the label of their list on the elimination page)."""
    if how in ("eliminated", "dropped", "withdrawn"):
        return data.labels(how)
    return data.labels("how." + how, n=data.section.rounds_planned - 1) if how else ""


def place_text(row: Row) -> str:
    """A place as the tables show it: `3`, or `2-4` where it is shared."""
    return f"{row.place}-{row.last_place}" if row.shared else str(row.place)


class _Blocks(dict[int, Deferred[dict[str, Any]]]):
    """The standings blocks of a section by round, each made when first read."""

    def __init__(self, data: SectionData) -> None:
        super().__init__()
        self.data = data

    def __missing__(self, n: int) -> Deferred[dict[str, Any]]:
        block = self[n] = deferred_upto(self.data, n, _make_standings_block, n)
        return block


def standings_block(data: SectionData, n: int) -> dict[str, Any]:
    """The standings after round `n` as shown (computed once, shared by its pages and PDF)."""
    return data.part(_Blocks)[n].value


def deferred_standings_block(data: SectionData, n: int) -> Deferred[dict[str, Any]]:
    """`standings_block(data, n)`, made or loaded when a page first reads it."""
    return data.part(_Blocks)[n]


def _make_standings_block(data: SectionUpto, n: int) -> dict[str, Any]:
    table = data.standings[n]
    headers, rows = data.tiebreak_headers, standing_rows(data, table)
    notes = [*legend(data.section, data.labels, table.upto), *_empty_tiebreaks(data, headers, rows)]
    if rules := tiebreak_rules_text(data):  # which C.07 text the columns follow
        notes = [*notes, f"{data.labels('tiebreak_rules.line')}{data.labels.colon}{rules}"]
    if data.section.ranking.rating_columns:  # after the tiebreaks: what the rating change and performance are
        t, ratings = data.labels, data.ratings_after(n)
        headers = [*headers, {"short": t.change, "full": t.rating_change_full},
                   {"short": t.performance_short, "full": t.performance_full}]
        for row in rows:
            rating = ratings.get(row["player"]["number"])
            row["values"] = [*row["values"], fmt.signed(rating.change) if rating else "",
                             str(rating.performance) if rating else ""]
        notes = [*notes, t.group_sep.join(h["full"] for h in headers[-2:])]
    block: dict[str, Any] = {
        "after": n,
        "points_heading": points_heading(data),
        "columns": data.columns(cols.STANDINGS),
        "headers": headers,
        "rows": rows,
        "pending": table.pending,
        "playoff": any(r.playoff for r in table.rows),
        "decided": any(r.decided for r in table.rows),  # a final placing: how each place was decided
        "shared": any(r.shared for r in table.rows),
        "legend": notes,
        "score_legend": score_legend(data),  # what the points are, before the tiebreaks: go's MMS
        "tiebreak_legend": tiebreak_legend(data),
    }
    add_table(block, data.labels)
    return block


def add_table(block: dict[str, Any], t: Labels) -> None:
    """Give a standings block its table's columns (`table`) and each of its rows its text in each
    column (`texts`)."""
    block["table"] = table_columns(block, t)
    for row in block["rows"]:
        row["texts"] = [cell_text(row, column) for column in block["table"]]


def table_columns(block: dict[str, Any], t: Labels) -> list[dict[str, Any]]:
    """The columns of a standings table in their order: the one list its web page, its PDF and its
    CSV file print, so that none has a column the others lack. Each has its `kind` (place, number,
    name; `col`, an optional column; points; `decided`, how a final place was decided; `value`, a
    tiebreak or a rating column), its `key` in a row (an optional column's key, a value's index), its
    `heading` (the place's is the page's `place_heading`: "" here), the `full` name a tiebreak's
    heading abbreviates, whether it holds numbers (`num`) and whether a phone folds it (`minor`)."""
    table = [_column("place", "", num=True), _column("number", t.number, num=True, minor=True),
             _column("name", t.name)]
    table += [_column("col", c["label"], key=c["key"], num=c["num"], minor=True) for c in block["columns"]]
    table.append(_column("points", block["points_heading"] or t.points, num=True))
    if block["decided"]:
        table.append(_column("decided", t.decided_how, minor=True))
    table += [_column("value", h["short"], key=i, full=h["full"], num=True, minor=i > 0)
              for i, h in enumerate(block["headers"])]
    return table


def _column(kind: str, heading: str, key: str | int = "", full: str = "", num: bool = False,
            minor: bool = False) -> dict[str, Any]:
    """One column of `table_columns`."""
    return {"kind": kind, "key": key, "heading": heading, "full": full, "num": num, "minor": minor}


def cell_text(row: dict[str, Any], column: dict[str, Any]) -> str:
    """The text of a standings row (`standing_rows`) in one of its table's columns (`table_columns`)."""
    kind = column["kind"]
    if kind == "col":
        return str(row["cols"][column["key"]])
    if kind == "value":
        return str(row["values"][column["key"]])
    if kind in ("number", "name"):
        return str(row["player"][kind])
    return str(row[kind])  # place, points, decided


def _empty_tiebreaks(data: SectionShown, headers: list[dict[str, str]],
                     rows: list[dict[str, Any]]) -> list[str]:
    """Why a direct-encounter column is empty for every player (it breaks only ties among players
    who have all met, rules/common.md §4): one legend line each; a column with a value needs none."""
    return [data.labels("tiebreak_empty", short=header["short"])
            for i, (tb, header) in enumerate(zip(data.section.tiebreaks, headers, strict=True))
            if tb.id == "direct-encounter" and rows and all(row["values"][i] == "" for row in rows)]


def points_heading(data: SectionShown) -> str:
    """The heading of the standings' points where they are go's main score (MMS, NBW; 麦氏分), else
    "" (the pages' `points`): every table of the section's points names them so."""
    return score_names(data)[0]


def score_names(data: SectionShown) -> tuple[str, str]:
    """(heading, full name) of the section's points where its system scores them by a score of its
    own (go's MMS, NBW: `System.score`), else ("", "")."""
    system = system_of(data.section)
    return data.labels.tiebreak(system.score.main) if system.score.main is not None else ("", "")


def score_legend(data: SectionShown) -> list[str]:
    """What the points column is, where the system scores by a score of its own (`MMS: McMahon
    score (…)`, 麦氏分：麦克马洪分（…）), as the tiebreaks' legend names them; else none."""
    short, full = score_names(data)
    if not short:
        return []
    return [full if full.startswith(short) else f"{short}{data.labels.colon}{full}"]


def tiebreak_names(data: SectionShown) -> list[str]:
    """Each tiebreak in order, named as the standings' legend names it (对手分：所有对手积分之和)."""
    t = data.labels
    return [h["full"] if h["full"].startswith(h["short"]) else f"{h['short']}{t.colon}{h['full']}"
            for h in data.tiebreak_headers]


def tiebreak_rules_text(data: SectionShown) -> str:
    """The text of FIDE C.07 a `fide` section's tiebreaks follow (2023, or with Article 16.4 as
    amended in 2026: `Section.c07_text`), as the standings' legend and the details name it; ""
    under the common rules or without tiebreaks."""
    section = data.section
    if section.ranking.rules != "fide" or not section.tiebreaks:
        return ""
    return data.labels(f"tiebreak_rules.c07.{section.ranking.c07_text}")


def tiebreak_legend(data: SectionShown) -> str:
    """What each tiebreak column means, in one line under the table (对手分：所有对手积分之和；…)."""
    return data.labels.group_sep.join(tiebreak_names(data))
