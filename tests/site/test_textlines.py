"""PDF tables as aligned text: columns stay aligned whatever the characters of the names, a cell per
column."""

from __future__ import annotations

import html
import re

from site_builder.render.textlines import align, display_width


def columns_before(line: str, marker: str) -> int:
    text = html.unescape(re.sub(r"<[^>]+>", "", str(line)))
    return display_width(text[:text.index(marker)])


def test_accented_names_fractions_and_cjk_keep_the_columns_aligned() -> None:
    rows = [["1", "García, Lucía", "½-½", "A|"], ["2", "Dvořák, Jan", "1-0", "B|"],
            ["3", "王文君", "0-1", "C|"], ["4", "Müller <Anna>", "0-1", "D|"]]
    lines = align(rows, "rlll")
    assert {columns_before(line, "|") for line in lines} == {display_width("1  García, Lucía  ½-½  A")}
    assert '<span class="c1">í</span>' in str(lines[0]) and '<span class="c2">½</span>' in str(lines[0])
    assert "&lt;Anna&gt;" in str(lines[3])  # names stay escaped
    assert "<span" not in str(lines[2])  # CJK and ASCII are drawn at their width already


def test_decomposed_accents_count_once() -> None:
    assert display_width("Garci\u0301a") == display_width("García") == 6


def test_printed_standings_head_their_points_as_the_web_does() -> None:
    """A McMahon section's points are MMS: the bulletin's standings say so, as the web table does
    (`points_heading`); without one they are the language's "Pts"."""
    from site_builder.render.textlines import standings_lines
    from site_builder.views.i18n import Labels
    from site_builder.views.standings_rows import add_table

    def block(points_heading: str) -> dict:
        row = {"place": "1", "playoff": False, "player": {"number": 1, "name": "Müller, Jörg"}, "cols": {},
               "points": "36", "values": []}
        made = {"headers": [], "columns": [], "rows": [row], "points_heading": points_heading,
                "decided": False}
        add_table(made, Labels("en"))
        return made

    assert "MMS" in str(standings_lines(block("MMS"), Labels("en"))[0])
    plain = str(standings_lines(block(""), Labels("en"))[0])
    assert "MMS" not in plain and Labels("en").points in plain


def test_printed_standings_have_the_columns_of_the_web_table() -> None:
    """The bulletin prints the standings' columns of their web page and CSV file (`table`, one list):
    how a final place was decided (seed 003 §5.2) after the points, a playoff's place starred."""
    from site_builder.render.textlines import standings_lines
    from site_builder.views.i18n import Labels
    from site_builder.views.standings_rows import add_table

    t = Labels("en")
    row = {"place": "1", "playoff": True, "player": {"number": 5, "name": "Du Haoshi"}, "cols": {},
           "points": "10", "values": ["55.5"], "decided": "rapid playoff"}
    block = {"headers": [{"short": "Opp", "full": "Opponents' scores"}], "columns": [], "rows": [row],
             "points_heading": "", "decided": True}
    add_table(block, t)
    lines = standings_lines(block, t)
    assert str(lines[0]).split() == ["Rk", "No.", "Name", "Pts", "Decided", "by", "Opp"]
    assert str(lines[1]).split() == ["1*", "5", "Du", "Haoshi", "10", "rapid", "playoff", "55.5"]


def test_each_cell_is_padded_to_its_column_and_the_columns_widths_add_up_to_the_table() -> None:
    """A cell per column, each as wide as its column and the gap after it (the last without the
    trailing spaces), so that the cells laid side by side print the aligned line."""
    lines = align([["No.", "Name", "Pts"], ["12", "王文君", "3.5"], ["3", "Dvořák, Jan", "10"]], "rlr")
    assert [list(map(str, row)) for row in lines] == [
        ["No.  ", "Name         ", "Pts"],
        [" 12  ", "王文君       ", "3.5"],
        ["  3  ", 'Dvo<span class="c1">ř</span><span class="c1">á</span>k, Jan  ', " 10"]]
    assert lines.widths == ["2.5em", "6.5em", "1.5em"]  # 3 + 2, 11 + 2, 3 columns of 0.5 em
    assert lines.style == "width: 10.5em"
    assert str(lines[1]) == " 12  王文君" + " " * 7 + "3.5"  # the line the cells print


def test_a_long_table_prints_its_rows_as_aligned_lines(monkeypatch) -> None:
    """Beyond `CELL_ROWS` rows a printed table has its rows as lines, `LINES_PER_CELL` to a cell
    (print/lines.html): each line the row's cells joined, so it prints the same line, names still
    escaped."""
    from site_builder.render import textlines
    from site_builder.render.html import environment

    rows = [["No.", "Name", "Pts"], ["12", "王文君", "3.5"], ["3", "Dvořák <Jan>", "10"]]
    template = environment().from_string('{% include "print/lines.html" %}')
    by_column = template.render(lines=align(rows, "rlr"))
    monkeypatch.setattr(textlines, "CELL_ROWS", 1)
    monkeypatch.setattr(textlines, "LINES_PER_CELL", 1)  # a line to a cell, compared cell by cell
    lines = align(rows, "rlr")
    assert lines.by_line
    by_row = template.render(lines=lines)
    assert "<colgroup>" in by_column and "<colgroup>" not in by_row
    cell = r"<t[hd](?: [^>]*)?>(.*?)</t[hd]>"
    rows_by_column = re.findall(r"<tr>.*?</tr>", by_column)
    assert re.findall(cell, by_row) == ["".join(re.findall(cell, row)) for row in rows_by_column]
    assert "&lt;Jan&gt;" in by_row and '<span class="c1">ř</span>' in by_row
    assert re.search(r'<table class="lines by-line" style="width: [\d.]+em">', by_row)  # the widths, added
    monkeypatch.setattr(textlines, "LINES_PER_CELL", 2)
    two = template.render(lines=lines)
    assert re.findall(cell, two, re.S)[1:] == ["\n".join(re.findall(cell, by_row)[1:])]  # the lines, joined


def test_printed_team_standings_mark_a_team_that_withdrew_as_the_web_does() -> None:
    """The bulletin prints the team standings as the web page does (docs/systems.md, Team events): a
    team that withdrew (or entered late) carries its mark after its name, which the legend printed
    under the table explains."""
    from site_builder.render.textlines import team_standing_lines
    from site_builder.views.i18n import Labels

    t = Labels("en")
    cells = [{"label": t.match_points, "value": "1.0", "key": True},
             {"label": "GP", "value": "2.0", "key": False}]
    rows = [{"place": 6, "team": {"number": 5, "name": "Echo"}, "cells": cells, "mark": t.withdrawn_mark},
            {"place": 7, "team": {"number": 2, "name": "Bravo"}, "cells": cells, "mark": ""}]
    lines = [re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", str(line)))).strip()
             for line in team_standing_lines(rows, t)]
    assert lines[1:] == ["6 5 Echo (withdrew) 1.0 2.0", "7 2 Bravo 1.0 2.0"]
