"""Pages carry no weight that buys the reader nothing (docs/themes.md, "Tables on a phone"; issue 41):
no indentation runs between their tags, and no class repeated on every cell of a column."""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import DictLoader, Environment

from site_builder.build import build_site
from site_builder.render.html import unindented


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
