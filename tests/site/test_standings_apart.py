"""A big section prints its standings after each round in a PDF of their own, `standings-round-NN.pdf`,
and the last round's crosstable in another, `crosstable-round-NN.pdf`; its round bulletin names those
files instead of holding them. The
same standings, computed once, on the web page, in that PDF and in the bulletin of a small section.
(The section here is made "big" by lowering the threshold: the rule, not the size, is under test.)"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from organizer import give_dates

import site_builder.views.section
from site_builder.cli import main


def ok(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def pdf_text(path: Path) -> str:
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 12-player chess Swiss of 3 rounds, every round paired and played."""
    content = tmp_path_factory.mktemp("apart") / "content"
    ok("new", str(content / "open"), "--name", "Open", "--game", "chess", "--language", "en",
       "--rounds", "3", "--players", "12", "--plain-seed")
    give_dates(content / "open")
    for number in range(1, 4):
        ok("pair", str(content))
        path = content / "open" / "open" / "rounds" / f"{number:02d}.yaml"
        results = itertools.cycle(("1-0", "½-½", "0-1"))
        text = re.sub(r'"\?"', lambda _, r=results: f'"{next(r)}"', path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
    return content


def built(content: Path, output: Path, apart_above: int, event: str = "open") -> Path:
    """The site built with PDFs with the threshold at `apart_above`: the folder of `event`'s section."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(site_builder.views.section, "STANDINGS_APART_ABOVE", apart_above)
        ok("build", str(content), "--output", str(output))
    return output / event / "open"


def test_a_big_sections_standings_print_apart_and_its_bulletins_name_them(event: Path,
                                                                          tmp_path: Path) -> None:
    section = built(event, tmp_path / "big", apart_above=10)
    for n in (1, 2, 3):
        bulletin = pdf_text(section / f"bulletin-round-{n:02d}.pdf")
        standings = pdf_text(section / f"standings-round-{n:02d}.pdf")
        heading = "Final standings" if n == 3 else f"Standings after round {n}"
        assert f"Open · {heading}" in standings and f"Open · {heading}" not in bulletin
        assert f"{heading}: printed apart, in standings-round-{n:02d}.pdf." in bulletin
        assert "Open · Crosstable" not in standings and "Open · Crosstable" not in bulletin
        crosstable = section / f"crosstable-round-{n:02d}.pdf"
        assert crosstable.exists() == (n == 3)  # the last round's, in a PDF of its own
        assert f"Open · Round {n}" in bulletin and "Pairings and results" in bulletin  # the round stays
        for name in ("Player 01", "Player 12"):  # every row of the standings
            assert name in standings
        page = (section / f"standings-{n:02d}.html").read_text(encoding="utf-8")
        assert f'href="standings-round-{n:02d}.pdf"' in page
        assert f'href="standings-round-{n:02d}.pdf"' in (section / f"round-{n:02d}.html").read_text(
            encoding="utf-8")
        assert f'href="open/standings-round-{n:02d}.pdf"' in (section.parent / "index.html").read_text(
            encoding="utf-8")  # the event's table of rounds
    crosstable = pdf_text(section / "crosstable-round-03.pdf")
    assert "Open · Crosstable" in crosstable and "Final standings" not in crosstable
    assert all(name in crosstable for name in ("Player 01", "Player 12"))
    last = pdf_text(section / "bulletin-round-03.pdf")
    assert "Crosstable: printed apart, in crosstable-round-03.pdf." in last
    assert 'href="crosstable-round-03.pdf"' in (section / "round-03.html").read_text(encoding="utf-8")
    assert "crosstable-round-" not in (section / "round-02.html").read_text(encoding="utf-8")


def test_a_small_sections_bulletin_holds_its_standings(event: Path, tmp_path: Path) -> None:
    section = built(event, tmp_path / "small", apart_above=12)  # 12 players: not above
    assert not list(section.glob("standings-round-*.pdf"))
    last = pdf_text(section / "bulletin-round-03.pdf")
    assert "Open · Final standings" in last and "Open · Crosstable" in last
    assert "printed apart" not in last and not list(section.glob("crosstable-round-*.pdf"))
    assert "standings-round-" not in (section / "standings-03.html").read_text(encoding="utf-8")


def test_a_big_staged_swiss_prints_its_final_placing_in_the_bulletin_and_its_crosstable_apart(
        tmp_path: Path) -> None:
    """The staged Swiss's final placing, printed once, stays in the last bulletin; only the
    crosstable moves, into the standings PDF, which would hold nothing else
    (rules/gomoku-staged-swiss.md "Stage 3"; the example's gomoku open)."""
    content = tmp_path / "content"
    shutil.copytree(Path(__file__).parents[2] / "content" / "2024-gomoku-open", content / "2024-gomoku-open")
    section = built(content, tmp_path / "out", apart_above=10, event="2024-gomoku-open")
    last = pdf_text(section / "bulletin-round-07.pdf")
    apart = pdf_text(section / "standings-round-07.pdf")
    assert "公开组 · 最终名次" in last and "成绩交叉表另见 standings-round-07.pdf。" in last
    assert "公开组 · 成绩交叉表" in apart and "最终名次" not in apart and "第 7 轮后名次" not in apart
    assert "第 6 轮后名次另见 standings-round-06.pdf。" in pdf_text(section / "bulletin-round-06.pdf")
    assert not list(section.glob("crosstable-round-*.pdf"))


def _links(value: object) -> set[str]:
    """Every string ending in ".pdf" in a page's data."""
    if isinstance(value, str):
        return {value} if value.endswith(".pdf") else set()
    if isinstance(value, dict):
        return {link for item in value.values() for link in _links(item)}
    if isinstance(value, (list, tuple)):
        return {link for item in value for link in _links(item)}
    return set()


def test_every_pdf_a_page_links_is_one_the_build_writes_when_every_section_is_big(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each example event (team Swiss, knockout, league, go, staged, chess) with every section
    "big": a link to a standings PDF only where that system's pages print one."""
    from site_builder.checks import load_checked
    from site_builder.results import event_results
    from site_builder.views.pages import event_pages

    monkeypatch.setattr(site_builder.views.section, "STANDINGS_APART_ABOVE", 0)
    apart = 0
    for event in load_checked(Path(__file__).parents[2] / "content").events:
        pages = event_pages(event, event_results(event), pdfs=True)
        written = {page.path for page in pages if page.pdf}
        linked = {link for page in pages for link in _links(page.data())}
        assert linked <= written, (event.slug, sorted(linked - written)[:5])
        apart += sum("/standings-round-" in path for path in written)
    assert apart  # the ranked systems' sections did print theirs apart
