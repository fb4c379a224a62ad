"""Pages carry no weight that buys the reader nothing (docs/themes.md, "Tables on a phone"; issue 41):
no indentation runs between their tags, and no class repeated on every cell of a column."""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import DictLoader, Environment

from site_builder.build import build_site
from site_builder.render.columns import FROM_END, FROM_START, MARKED, ColumnMarks
from site_builder.render.html import DEFAULT_THEME, unindented


def rendered(template: str, **context: object) -> str:
    """`template` as the pages' environment renders it (trim_blocks, lstrip_blocks), unindented."""
    env = Environment(loader=DictLoader({"t": unindented(template)}), trim_blocks=True, lstrip_blocks=True)
    return env.get_template("t").render(context)


def test_a_template_s_indentation_is_left_out_but_whitespace_stays_whitespace() -> None:
    template = "<ul>\n    <li>a</li>\n\n    {% for x in xs %}\n    <li>{{ x }}</li>\n    {% endfor %}\n</ul>"
    page = rendered(template, xs=[1, 2])
    # a line after a block tag keeps one space for its indentation (see below), the others none
    assert page == "<ul>\n<li>a</li>\n <li>1</li>\n <li>2</li>\n</ul>"
    # trim_blocks drops the newline after `%}`: one space keeps the two links apart, as the indentation did
    page = rendered('<a>x</a>{% if on %}\n    <a>y</a>{% endif %}', on=True)
    assert page == "<a>x</a> <a>y</a>"


def test_the_lines_of_a_pre_or_a_textarea_are_kept_as_written() -> None:
    template = "<div>\n  <pre>a\n    b\n\n  c</pre>\n  <textarea>\n  d</textarea>\n</div>"
    assert rendered(template) == "<div>\n<pre>a\n    b\n\n  c</pre>\n<textarea>\n  d</textarea>\n</div>"


def test_a_built_page_has_no_indentation_between_its_tags(tmp_path: Path, small_event) -> None:
    content = tmp_path / "content"
    small_event(content / "cup", language="en")
    out = tmp_path / "out"
    build_site(content, out, pdf=False)
    pages = sorted(out.rglob("*.html"))
    assert len(pages) > 5
    for path in pages:
        page = path.read_text(encoding="utf-8")
        assert not re.search(r"\n[ \t]{2,}", page), path
        assert "\n\n" not in page, path


def test_a_table_s_columns_are_marked_once_on_its_body_by_position() -> None:
    """render/columns.py: the first 24 columns from the start, the last 12 from the end."""
    marks = ColumnMarks()
    assert marks.add("num rank key") == "num rank key"  # the heading keeps its classes
    marks.add("name key")
    marks.add("num key", body="num strong")
    marks.add("num minor")
    assert marks.tbody() == ' data-num="1 3 4" data-minor="4" data-strong="3"'
    wide = ColumnMarks()
    for _ in range(40):  # a crosstable of a long round robin: its tiebreaks counted from the end
        wide.add("cell")
    wide.columns[0], wide.columns[-1], wide.columns[-2] = ["num"], ["num", "minor"], ["num"]
    wide.columns[27] = ["minor"]  # the 28th of 40: neither among the first 24 nor the last 12
    assert wide.tbody() == ' data-num="1 -2 -1" data-minor="-1"'


def test_the_stylesheet_has_a_rule_for_every_position_a_table_marks() -> None:
    css = (DEFAULT_THEME / "static" / "style.css").read_text(encoding="utf-8")
    for mark in MARKED:
        for n in range(1, FROM_START + 1):
            assert f'[data-{mark}~="{n}"]>*>:nth-child({n})' in css, (mark, n)
        for n in range(1, FROM_END + 1):
            assert f'[data-{mark}~="-{n}"]>*>:nth-last-child({n})' in css, (mark, n)
    assert f'~="{FROM_START + 1}"' not in css and f'~="-{FROM_END + 1}"' not in css


def test_a_body_cell_takes_its_column_s_marks_from_the_tbody(tmp_path: Path, played: Path) -> None:
    """The standings, the pairings, the crosstable, the player list and a card: no cell of their bodies
    carries `num`, `minor` or `strong`; the <tbody> marks the columns whose headings say `num` or
    `minor` (docs/themes.md, "Tables on a phone")."""
    out = tmp_path / "out"
    build_site(played, out, pdf=False)
    section = out / "cup" / "open"
    card = sorted((section / "players").glob("*.html"))[0]
    for path in (section / "round-04.html", section / "standings-04.html", section / "crosstable.html",
                 section / "players.html", card):
        name, page = path.name, path.read_text(encoding="utf-8")
        body = re.search(r"<tbody([^>]*)>(.*?)</tbody>", page, re.S)
        assert body, name
        assert not re.search(r'<t[dh][^>]* class="[^"]*\b(num|minor|strong)\b', body[2]), name
        heads = re.findall(r'<th scope="col" class="([^"]*)"', page.split("<tbody")[0].split("<thead>")[-1])
        minor = [str(i) for i, classes in enumerate(heads, 1) if "minor" in classes.split()]
        if minor:
            assert f' data-minor="{" ".join(minor)}"' in body[1], name
        else:
            assert "data-minor" not in body[1], name
        nums = [str(i) for i, classes in enumerate(heads, 1) if "num" in classes.split()]
        assert f' data-num="{" ".join(nums)}"' in body[1], name
