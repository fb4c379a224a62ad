"""Names, clubs and titles from the content are text, never markup, on every HTML page."""

from __future__ import annotations

from pathlib import Path

import pytest
from markupsafe import escape

from site_builder.build import build_site

SCRIPT = "<script>alert(1)</script>"
NASTY = "<b>&\"'"

EVENT = """\
name: 'Evil {nasty} Open'
short_name: 'Evil {nasty}'
venue: 'Hall {nasty}'
description: 'About {nasty}'
game: xiangqi
language: {language}
sections:
  open:
    name: 'Section {nasty}'
    system: swiss
    rounds: 3
"""

PLAYERS = """\
players:
  - {{number: 1, name: '{script}', club: 'Club {nasty}', title: 'GM {nasty}'}}
  - {{number: 2, name: Bob Jones, club: South}}
  - {{number: 3, name: Carol White, club: East}}
  - {{number: 4, name: '"><img src=x onerror=alert(2)>', club: West}}
"""

ROUND_1 = """\
round: 1
games:
  - [1, '#1', Bob Jones, "1-0"]
  - [2, Carol White, '#4', "="]
"""

ROUND_2 = """\
round: 2
games:
  - [1, Carol White, '#1', "?"]
  - [2, '#4', Bob Jones, "?"]
"""


def yaml_single_quoted(text: str) -> str:
    return text.replace("'", "''")


def write_evil_event(content: Path, language: str) -> None:
    event = content / "evil-open"
    nasty = yaml_single_quoted(NASTY)
    files = {
        "event.yaml": EVENT.format(nasty=nasty, language=language),
        "open/players.yaml": PLAYERS.format(script=SCRIPT, nasty=nasty),
        "open/rounds/01.yaml": ROUND_1,
        "open/rounds/02.yaml": ROUND_2,
    }
    for relative, text in files.items():
        path = event / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture(params=["en", "zh"])
def built(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """The evil event built to HTML (no PDF) in both page languages."""
    content, output = tmp_path / "content", tmp_path / "output"
    write_evil_event(content, request.param)
    build_site(content, output, pdf=False)
    return output


def test_raw_markup_from_content_never_reaches_any_output_file(built: Path) -> None:
    """Every file a browser may show (pages, feeds, JSON, scripts); the CSV downloads are data for
    spreadsheets and the PGN files data for chess programs, checked below."""
    files = [p for p in built.rglob("*") if p.is_file() and p.suffix not in (".csv", ".pgn")]
    assert len(files) > 10
    for path in files:
        data = path.read_bytes()
        assert SCRIPT.encode() not in data, path
        assert b"<img src=x" not in data, path
        assert NASTY.encode() not in data, path
        assert b"<b>" not in data, path


@pytest.mark.parametrize("page", [
    "players.html", "round-01.html", "round-02.html", "standings-01.html", "crosstable.html",
    "players/1.html",
])
def test_the_escaped_player_name_is_shown_on_each_page(built: Path, page: str) -> None:
    html = (built / "evil-open" / "open" / page).read_text(encoding="utf-8")
    assert str(escape(SCRIPT)) in html  # &lt;script&gt;alert(1)&lt;/script&gt;
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert str(escape("Section " + NASTY)) in html  # the section name is in every section page


def test_the_other_player_escapes_out_of_attributes_too(built: Path) -> None:
    html = (built / "evil-open" / "open" / "players.html").read_text(encoding="utf-8")
    assert str(escape('"><img src=x onerror=alert(2)>')) in html


def test_event_name_club_and_title_are_escaped(built: Path) -> None:
    escaped = str(escape(NASTY))
    assert escaped == "&lt;b&gt;&amp;&#34;&#39;"
    event_home = (built / "evil-open" / "index.html").read_text(encoding="utf-8")
    assert f"Evil {escaped} Open" in event_home
    assert f"Section {escaped}" in event_home
    site_index = (built / "index.html").read_text(encoding="utf-8")
    assert f"Evil {escaped}" in site_index
    player_list = (built / "evil-open" / "open" / "players.html").read_text(encoding="utf-8")
    assert f"Club {escaped}" in player_list
    assert f"GM {escaped}" in player_list
    title = player_list.split("<title>", 1)[1].split("</title>", 1)[0]
    assert f"Section {escaped}" in title


def test_csv_downloads_hold_names_as_written_and_run_no_formula(built: Path) -> None:
    """A CSV file is data: the name as the content writes it, and no cell a spreadsheet would run."""
    import csv

    files = list(built.rglob("standings.csv"))
    assert files
    for path in files:
        rows = list(csv.reader(path.read_text(encoding="utf-8-sig").splitlines()))
        names = {row[2] for row in rows[1:]}
        assert SCRIPT in names
        assert not any(cell[:1] in "=+@" for row in rows for cell in row if cell)


def test_pgn_files_hold_names_as_written_inside_their_tags(built: Path) -> None:
    """A PGN file is data: each name as the content writes it, quoted so that no name ends its tag
    (`"` and `\\` escaped, PGN §8.1.1), and read back whole."""
    from site_builder.games.pgn import games

    files = list(built.rglob("rounds/*.pgn"))
    assert files
    names = set()
    for path in files:
        for game in games(path.read_text(encoding="utf-8")):
            names |= {game.tags["White"], game.tags["Black"]}
            assert NASTY in game.tags["Event"] and game.tokens[-1].kind == "result"
    assert {SCRIPT, '"><img src=x onerror=alert(2)>'} <= names
