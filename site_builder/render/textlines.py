"""Tables as aligned text for the PDF bulletins.

Each cell is its own table cell (up to `CELL_ROWS` rows), so that the PDF's structure tree has a
cell per column and a screen reader moves through a table cell by cell. The text of a cell is padded
to its column (and the gap after it) in a monospaced CJK font, so the table prints as aligned lines,
CJK characters counting two columns as in the seed's own bulletins; each column's width is known, so
WeasyPrint lays the table out with `table-layout: fixed` and never measures its cells' contents.

A table of more than `CELL_ROWS` rows (the standings of a 900-player section) prints its rows as
lines, `LINES_PER_CELL` of them to a cell (`Lines.by_line`, `Lines.line_cells`), each line ruled as
a row is: it prints the same, but WeasyPrint styles, lays out, draws and tags every cell as a box of
its own, about 0.7 ms and 30 KB a cell. A 900-row standings took 7 s cell by cell, 2.0 s a line to a
cell and 1.7 s five lines to a cell, and a two-core build lays out two such tables at a time. Its
web page is the table a screen reader moves through column by column.

The print font (Noto Sans Mono CJK) is monospaced for ASCII and CJK only: it draws accented Latin
letters, ½ or ß at widths of their own. Such characters are printed in a box of one column (two for
symbols such as ½), so the columns stay aligned whatever the names.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

from markupsafe import Markup, escape

from site_builder.views.i18n import Labels
from site_builder.views.team_data import cell_labels


@cache
def _columns(char: str) -> int:
    """Columns a character takes: two for CJK, and for symbols drawn as wide as ½."""
    if unicodedata.combining(char):
        return 0
    kind = unicodedata.east_asian_width(char)
    if kind in "WF" or (kind == "A" and not unicodedata.category(char).startswith("L")):
        return 2
    return 1


def _fixed(char: str) -> bool:
    """Does the print font draw `char` at exactly its columns (ASCII, CJK)?"""
    return " " <= char <= "~" or unicodedata.east_asian_width(char) in "WF"


def display_width(text: str) -> int:
    """Columns a text takes in the printed line."""
    return sum(_columns(c) for c in unicodedata.normalize("NFC", text))


#: Columns a name (or a team's, a school's) takes at most in a printed line: a longer one ends in
#: "…", so the columns after it (points, tiebreaks, prizes) stay on the page. Web pages show it whole.
NAME_COLUMNS = 32


def clip(text: str, columns: int = NAME_COLUMNS) -> str:
    """`text` cut to at most `columns` columns, ending in "…" (two columns) when it was longer.

    >>> clip("Alice Smith"), clip("x" * 40, 10), clip("唐丹" * 10, 9)
    ('Alice Smith', 'xxxxxxxx…', '唐丹唐…')
    """
    text = unicodedata.normalize("NFC", text)
    if display_width(text) <= columns:
        return text
    kept, width = [], _columns("…")
    for char in text:
        width += _columns(char)
        if width > columns:
            break
        kept.append(char)
    return "".join(kept).rstrip() + "…"


def _markup(line: str) -> Markup:
    """The line as HTML, characters of other widths boxed to their columns (see `print.css`)."""
    if all(_fixed(c) for c in line):
        return escape(line)
    return Markup("").join(c if _fixed(c) else Markup('<span class="c{}">{}</span>').format(_columns(c), c)
                           for c in line)


#: Columns of the print font (half-width glyphs, 0.5 em) that fit the width of an A4 page inside its
#: margins (print.css: 210 mm − 2 × 14 mm = 516 pt) at the tables' size, 10.5 pt.
_PAGE_POINTS, _SIZE, _SMALLEST = 516, 10.5, 6.0
#: Columns between two columns of a printed table.
_GAP = 2
#: The most rows a printed table has with a cell per column; a longer one prints its rows as lines.
CELL_ROWS = 200
#: The lines a cell of a long table holds (print.css rules each line as a row).
LINES_PER_CELL = 5


class Row(tuple[Markup, ...]):
    """A printed row: its cells, each padded to its column and the gap after it; `str` gives the
    row as one line of text."""

    def __str__(self) -> str:
        return "".join(self)

    @property
    def line(self) -> Markup:
        """The row as one cell's HTML."""
        return Markup("").join(self)


class Lines(list[Row]):
    """A table's printed rows, the first its header. `widths`: the CSS width of each column (its
    columns of 0.5 em, the gap after it included); `style`: the table's width, and a smaller font for
    a table wider than the page (down to 6 pt) so that its last columns stay on the page."""

    def __init__(self, rows: list[Row], columns: list[int]) -> None:
        super().__init__(rows)
        self.widths = [f"{width / 2:g}em" for width in columns]
        total = sum(columns)
        fits = _PAGE_POINTS / (0.5 * max(total, 1))
        font = f"font-size: {max(fits, _SMALLEST):.1f}pt; " if fits < _SIZE else ""
        self.style = f"{font}width: {total / 2:g}em"

    @property
    def by_line(self) -> bool:
        """Does the table print its rows as lines (`line_cells`) rather than a cell per column?"""
        return len(self) - 1 > CELL_ROWS

    def line_cells(self) -> list[Markup]:
        """The rows below the header as lines, `LINES_PER_CELL` to a cell.

        >>> align([["No", "Pts"], *([str(n), "1"] for n in range(1, 8))], "rr").line_cells()[1]
        Markup(' 6    1\\n 7    1')
        """
        lines = [row.line for row in self[1:]]
        return [Markup("\n").join(lines[start:start + LINES_PER_CELL])
                for start in range(0, len(lines), LINES_PER_CELL)]


def align(rows: list[list[str]], right: str) -> Lines:
    """Pad the cells of each row to the widest cell of their column, with a gap between columns.

    `right` has one letter per column: "r" right-aligns it, "c" centres it, anything else
    left-aligns it.
    """
    rows = [[unicodedata.normalize("NFC", cell) for cell in row] for row in rows]
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    columns = [width + _GAP for width in widths[:-1]] + widths[-1:]
    return Lines([Row(_padded(row, widths, right)) for row in rows], columns)


def _padded(row: list[str], widths: list[int], right: str) -> list[Markup]:
    """The cells of one row, each padded to its column and followed by the gap; the last one
    without the spaces after its text."""
    cells = []
    for i, cell in enumerate(row):
        gap = widths[i] - display_width(cell)
        before = gap if right[i] == "r" else gap // 2 if right[i] == "c" else 0
        after = gap - before + (_GAP if i < len(row) - 1 else 0)
        text = " " * before + cell + " " * after
        cells.append(_markup(text if i < len(row) - 1 else text.rstrip()))
    return cells


def round_lines(rows: list[dict[str, Any]], t: Labels, game: str,
                pairing: dict[str, Any] | None = None) -> Lines:
    """Header and board lines in the shape of the web page's (`pairing`: `section.pairing_shape`):
    numbered as chess players read them, else board, first (points before), result, second, a bye
    on the player's own line where the game prints it so (go)."""
    if pairing is not None and pairing["numbered"]:
        return _numbered_lines(rows, t, game, pairing["columns"])
    go = pairing is not None and pairing.get("handicaps", False)  # ranks by the names, handicap and komi
    points = pairing.get("points_heading", "") if pairing is not None else ""  # MMS, NBW as the standings
    table = [[t.board, t.side(game, False), points, t.result, t.side(game, True), points,
              *([t.handicap] if go else [])]]
    for row in rows:
        if row["bye"] and row.get("own_line"):  # go: the player on the left, the bye in the result
            table.append([str(row["board"]), _ranked(row, "first", go), row["first_before"], row["bye_text"],
                          "", "", *([""] if go else [])])
        elif row["bye"]:
            table.append([str(row["board"]), row["bye_mark"], "", row["bye_text"],
                          _ranked(row, "second", go), row["second_before"], *([""] if go else [])])
        else:
            table.append([str(row["board"]), _ranked(row, "first", go), row["first_before"],
                          row["result"] + (f" {row['kind']}" if row["kind"] else ""),
                          _ranked(row, "second", go), row["second_before"], *([row["terms"]] if go else [])])
    return align(table, "rlrllll" if go else "rlrlll")


def _ranked(row: dict[str, Any], side: str, go: bool) -> str:
    """A board line's player, clipped, with their go rank after the name where the game has ranks."""
    rank = row[f"{side}_cols"].get("rank", "") if go else ""
    return clip(row[side]["name"]) + (f" {rank}" if rank else "")


def _numbered_lines(rows: list[dict[str, Any]], t: Labels, game: str,
                    columns: list[dict[str, Any]]) -> Lines:
    """`Bo. No. White Rtg Pts  Result  Pts Black Rtg No.`; a bye on the player's own line."""
    heads = [c["label"] for c in columns]
    table = [[t.board, t.number, t.side(game, False), *heads, t.points, t.result,
              t.points, t.side(game, True), *heads, t.number]]
    blank = [""] * (len(columns) + 3)
    for row in rows:
        first = [str(row["board"]), str(row["first"]["number"]), clip(row["first"]["name"]),
                 *(row["first_cols"][c["key"]] for c in columns), row["first_points"]]
        if row["bye"]:
            table.append([*first, row["bye_text"], *blank])
        else:
            table.append([*first, row["result"] + (f" {row['kind']}" if row["kind"] else ""),
                          row["second_points"], clip(row["second"]["name"]),
                          *(row["second_cols"][c["key"]] for c in columns), str(row["second"]["number"])])
    sides = "".join("r" if c["num"] else "l" for c in columns)
    return align(table, f"rrl{sides}rcrl{sides}r")


def _column_texts(row: dict[str, Any], columns: list[dict[str, Any]]) -> list[str]:
    """A row's optional columns (`cols`) under `columns`; a club clipped as a name is."""
    return [clip(row["cols"][c["key"]], NAME_COLUMNS // 2) for c in columns]


def standings_lines(block: dict[str, Any], t: Labels, place: str = "") -> Lines:
    """Header and rows of a standings table, the columns of its web page (`table`); `*` marks places
    still to be decided by playoff (`place`: the heading of the place column when it is not the
    place, `SectionData.place_heading`)."""
    columns = block["table"]
    table = [[(place or t.place) if c["kind"] == "place" else c["heading"] for c in columns]]
    table += [[_standings_cell(row, c, text, t) for c, text in zip(columns, row["texts"], strict=True)]
              for row in block["rows"]]
    return align(table, "".join("r" if c["num"] else "l" for c in columns))


def _standings_cell(row: dict[str, Any], column: dict[str, Any], text: str, t: Labels) -> str:
    """A standings row's text in one column as printed: a place to be decided by playoff starred, a
    name clipped and marked (withdrawn, late entry: the legend below the table explains it), a club
    clipped as a name is."""
    kind = column["kind"]
    if kind == "place":
        return text + ("*" if row["playoff"] else "")
    if kind == "name":
        return _marked(clip(text), row, t)
    return clip(text, NAME_COLUMNS // 2) if kind == "col" else text


def _marked(name: str, row: dict[str, Any], t: Labels) -> str:
    """A name with the mark of its row's change of the field (withdrawn, late entry: explained by the
    legend below the table), bracketed as the language brackets."""
    return name + t.paren(row["mark"]) if row.get("mark") else name


def crosstable_lines(cross: dict[str, Any], t: Labels) -> Lines:
    """Header and rows of a crosstable in the order of places: place, number, name (marked as the
    standings mark it: withdrawn, late entry, explained by the crosstable's `legend`), the optional
    columns, a cell per round (`12W1`, a forfeit `12W+`) and the points (the tiebreaks are the
    standings' above it)."""
    columns = cross["columns"]
    rounds = [t("round_short", n=n) for n in cross["rounds"]]
    points = cross.get("points_heading") or t.points  # MMS, NBW: as the standings name them
    table = [[t.place, t.number, t.name, *(c["label"] for c in columns), *rounds, points]]
    for row in cross["rows"]:
        name = _marked(clip(row["player"]["name"]), row, t)
        table.append([row["place"], str(row["player"]["number"]), name,
                      *_column_texts(row, columns), *(cell["text"] for cell in row["cells"]), row["points"]])
    sides = "".join("r" if c["num"] else "l" for c in columns)
    return align(table, f"rrl{sides}" + "l" * len(rounds) + "r")


def match_lines(match: dict[str, Any], t: Labels, game: str) -> Lines:
    """Header and games of a knockout mini-match: kind, first, result, second, time control."""
    table = [[t.match, t.side(game, False), t.result, t.side(game, True), t.time_control]]
    table += [[g["kind"], clip(g["first"]["name"]), g["result"], clip(g["second"]["name"]), g["time"]]
              for g in match["games"]]
    return align(table, "lllll")


def placing_lines(rows: list[dict[str, Any]], t: Labels, columns: list[dict[str, Any]]) -> Lines:
    """Header and rows of a knockout placing table, with the section's optional `columns`; a player
    who withdrew marked after the name, as the web page marks him."""
    table = [[t.place, t.number, t.name, *(c["label"] for c in columns)]]
    table += [[row["place"], str(row["player"]["number"]), _marked(clip(row["player"]["name"]), row, t),
               *_column_texts(row, columns)] for row in rows]
    return align(table, "rrl" + "".join("r" if c["num"] else "l" for c in columns))


def final_lines(rows: list[dict[str, Any]], t: Labels) -> Lines:
    """Header and rows of the staged Swiss' final placing table."""
    table = [[t.place, t.number, t.name, t.points, t.how]]
    table += [[r["place"], str(r["player"]["number"]), clip(r["player"]["name"]), r["points"], r["how"]]
              for r in rows]
    return align(table, "rrlrl")


def team_board_lines(match: dict[str, Any], t: Labels, totals: bool = True) -> Lines:
    """Header and boards of a team match as its web page shows them: the two teams head their columns,
    each player with the side it plays (红 吴少洪), results home : away; then, with `totals` and every
    result in, both teams' game and match points."""
    table = [[t.board, f"{clip(match['home']['name'])}{t.paren(t.home_team)}", t.number, t.result,
              f"{clip(match['away']['name'])}{t.paren(t.away_team)}", t.number]]
    table += [[str(b["board"]), f"{b['home']['mark']} {clip(b['home']['name'])}", str(b["home"]["number"]),
               b["result"], f"{b['away']['mark']} {clip(b['away']['name'])}", str(b["away"]["number"])]
              for b in match["boards"]]
    if totals and match["scored"]:
        home, away = match["game_points"]
        table.append([t.game_points, home, "", match["score"], away, ""])
        home, away = match["match_points"]
        table.append([t.match_points, home, "", match["verdict"], away, ""])
    return align(table, "rlrlll")


def team_standing_lines(rows: list[dict[str, Any]], t: Labels, prizes: bool = False) -> Lines:
    """Header and rows of the team standings with their ranking columns (`ranking_cells`: 二's, or
    the primary score and the C.07 team tiebreaks); with `prizes` (the final standings of a section
    with place prizes: `prize_column`) each team's prize, as the web page does; a team that withdrew
    or entered late marked after its name, as `standings_lines` marks a player."""
    labels = cell_labels(rows)
    table = [[t.place, t.number, t.team, *labels, *([t.prize] if prizes else [])]]
    table += [[str(r["place"]), str(r["team"]["number"]), _marked(clip(r["team"]["name"]), r, t),
               *(c["value"] for c in r["cells"]), *([r["prize"]] if prizes else [])]
              for r in rows]
    return align(table, "rrl" + "r" * len(labels) + ("l" if prizes else ""))


def league_lines(rows: list[dict[str, Any]], t: Labels) -> Lines:
    """Header and rows of the league's final ranking with every term of the formula."""
    table = [[t.place, t.name, t.school, "A", "X", "C", "Y", "B", "k", "D", t.score, t.award]]
    table += [[str(r["rank"]), clip(r["player"]["name"]), clip(r["player"]["school"]), r["a"], r["x"], r["c"],
               str(r["y"]), str(r["b"]), r["k"], r["d"], r["score"], r["award"]] for r in rows]
    return align(table, "rllrrrrrrrrl")


def school_lines(rows: list[dict[str, Any]], t: Labels) -> Lines:
    """Header and rows of the school ranking (X1..X6, score, award)."""
    table = [[t.place, t.school, "X1", "X2", "X3", "X4", "X5", "X6", t.school_total, t.award]]
    table += [[str(r["rank"]), clip(r["school"]), *r["scores"], str(r["total"]), r["award"]] for r in rows]
    return align(table, "rlrrrrrrrl")


def prize_lines(rows: list[dict[str, Any]], t: Labels) -> Lines:
    """Header and rows of the prize list: prize, winners, places, prize money or item."""
    table = [[t.prizes, t.winner, t.place, t.prize]]
    table += [[r["title"],
               clip(t.names_sep.join(clip(p["name"]) for p in r["players"]), 2 * NAME_COLUMNS),
               t.list_sep.join(r["places"]), r["prize_label"]]
              for r in rows]
    return align(table, "llrr")


def certificate_lines(rows: list[dict[str, Any]], t: Labels) -> Lines:
    """Header and rows of the certificate list: name, club or school, award."""
    table = [[t.name, t.club, t.prizes]]
    table += [[clip(r["player"]["name"]), clip(r["club"]), r["award"]] for r in rows]
    return align(table, "lll")
