"""What bad input must not do to the published site: run scripts from a Markdown page (unless the
site opts in to raw HTML), or push the columns of the printed bulletins off the page."""

from __future__ import annotations

import subprocess
from pathlib import Path

from site_builder.build import build_site

PAGE = """\
---
title: About
---
# About

Kept: *emphasis*, **strong**, `code`, [a link](https://example.org/), ![a logo](logo.png).

| Board | Player |
|------:|:-------|
| 1 | Player One |

<script>document.title = "owned"</script>
<img src="x.png" onerror="alert('owned')">
"""


def _page_site(content: Path, small_event, site_yaml: str) -> Path:
    small_event(content / "cup", name="Cup", language="en")
    (content / "cup" / "pages").mkdir(exist_ok=True)
    (content / "cup" / "pages" / "about.md").write_text(PAGE, encoding="utf-8")
    (content / "site.yaml").write_text(site_yaml, encoding="utf-8")
    return content


def test_markdown_pages_are_sanitized_by_default(tmp_path: Path, small_event) -> None:
    """docs/content.md, Markdown pages: raw HTML is sanitized (nh3) unless site.yaml says
    `raw_html: true` — no script or event handler reaches the page; ordinary formatting stays."""
    content = _page_site(tmp_path / "content", small_event, "title: Club\n")
    build_site(content, tmp_path / "out", pdf=False)
    html = (tmp_path / "out" / "cup" / "about.html").read_text(encoding="utf-8")
    article = html[html.index('<article class="prose">'):html.index("</article>")]
    assert "<script" not in article and "owned" not in article and "onerror" not in article
    assert "<em>emphasis</em>" in article and "<strong>strong</strong>" in article
    assert "<code>code</code>" in article and 'href="https://example.org/"' in article
    assert '<img alt="a logo" src="logo.png">' in article and '<img src="x.png">' in article
    assert '<th align="right">Board</th>' in article and "<td>" not in article.split("<tbody>")[0]


def test_raw_html_is_kept_only_when_site_yaml_opts_in(tmp_path: Path, small_event) -> None:
    """docs/content.md, Markdown pages: `raw_html: true` in site.yaml publishes the pages' HTML as
    written (scripts included)."""
    content = _page_site(tmp_path / "content", small_event, "title: Club\nraw_html: true\n")
    build_site(content, tmp_path / "out", pdf=False)
    html = (tmp_path / "out" / "cup" / "about.html").read_text(encoding="utf-8")
    assert '<script>document.title = "owned"</script>' in html
    assert "onerror=\"alert('owned')\"" in html


LONG = "Wolfeschlegelsteinhausenbergerdorff" * 300  # 10,500 characters


def test_a_very_long_name_is_cut_in_the_pdf_and_whole_on_the_card(tmp_path: Path, small_event) -> None:
    """Print tables (textlines.NAME_COLUMNS): a long name ends in "…" in the PDF bulletin, so the
    points and tiebreak columns after it stay on the page; the player's web card shows it whole."""
    event = small_event(tmp_path / "content" / "cup", name="Cup", language="en")
    players = (event / "open" / "players.yaml").read_text(encoding="utf-8").replace("Player Three", LONG)
    (event / "open" / "players.yaml").write_text(players, encoding="utf-8")
    (event / "open" / "rounds" / "01.yaml").write_text(
        'round: 1\ngames:\n  - [1, 1, 3, "1-0"]\n  - [2, 4, 2, "0-1"]\n', encoding="utf-8")
    build_site(tmp_path / "content", tmp_path / "out", pdf=True)
    pdf = tmp_path / "out" / "cup" / "open" / "bulletin-round-01.pdf"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    header = next(line for line in text.splitlines() if "Name" in line and "Pts" in line)
    row = next(line for line in text.splitlines() if "Wolfeschlegel" in line and "(" not in line)
    assert row.split()[:2] == ["3", "3"] and "…" in row
    assert row.split()[-6:] == ["0", "2", "0", "0", "0", "1"]  # Pts, Opp, Cum, W, BW, BG (2/1/0: whole)
    assert header.split()[-6:] == ["Pts", "Opp", "Cum", "W", "BW", "BG"]
    assert len(row) < 120
    card = (tmp_path / "out" / "cup" / "open" / "players" / "3.html").read_text(encoding="utf-8")
    assert LONG in card
