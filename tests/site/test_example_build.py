"""End to end: the example content (seed 004, Women round 1) builds into a complete site."""

from __future__ import annotations

import subprocess
from pathlib import Path

from pypdf import PdfReader

from site_builder.build import build_site

EVENT = "2017-xiangqi-national"
WOMEN = f"{EVENT}/women"


def test_pages_exist(example_site: Path) -> None:
    for page in ("index.html", f"{EVENT}/index.html", f"{EVENT}/regulations.html",
                 f"{WOMEN}/players.html", f"{WOMEN}/round-01.html", f"{WOMEN}/standings-01.html",
                 f"{WOMEN}/crosstable.html", f"{WOMEN}/bulletin-round-01.pdf", "static/style.css"):
        assert (example_site / page).is_file(), page
    cards = list((example_site / WOMEN / "players").glob("*.html"))
    assert len(cards) == 51


def test_round_page_uses_seed_004_line_format(example_site: Path) -> None:
    """rules/xiangqi-national-individual.md "Bulletin format": board, red(points), result, black(points)."""
    html = (example_site / WOMEN / "round-01.html").read_text(encoding="utf-8")
    assert "孙\u3000文" in html and "唐\u3000丹" in html  # two-character names padded (seed 004)
    assert html.count("(0.0)") == 51  # 25 boards × 2 players + the bye
    pending = '<td class="result"><span aria-hidden="true">?</span><span class="sr">未赛</span></td>'
    assert html.count(pending) == 4  # four results pending, each read out
    assert "(轮空)" in html


def test_standings_after_round_one(example_site: Path) -> None:
    """Bye scores as a win (2); its opponent score is the lowest positive score (1, seed 004 二.1)."""
    html = (example_site / WOMEN / "standings-01.html").read_text(encoding="utf-8")
    assert "尚有 4 局结果待定" in html
    first_row = html.split("<tbody")[1].split("</tr>")[0]
    assert "李鎣" in first_row and ">2<" in first_row and ">1<" in first_row


def test_pdf_contains_chinese_names(example_site: Path) -> None:
    pdf = example_site / WOMEN / "bulletin-round-01.pdf"
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    for name in ("唐丹", "王琳娜", "邵如凌冰", "李鎣", "陈丽淳"):
        assert name in text, name
    reader = PdfReader(str(pdf))
    assert len(reader.pages) >= 2
    fonts = {str(font) for page in reader.pages
             for font in (page["/Resources"].get("/Font") or {}).values()}
    assert fonts  # fonts are embedded (subsets of Noto CJK)
    first = reader.pages[0].mediabox
    assert (round(float(first.width)), round(float(first.height))) == (595, 842)  # A4 in points


def test_links_are_relative(example_site: Path) -> None:
    for page in example_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert 'href="/' not in html and 'src="/' not in html, page


def test_two_builds_are_byte_identical(example_site: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    build_site(Path(__file__).resolve().parents[2] / "content", again, pdf=True)
    first = {p.relative_to(example_site): p.read_bytes() for p in example_site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    assert [p for p in first if first[p] != second[p]] == []


def test_cached_builds_equal_full_builds_over_random_edits(tmp_path: Path, small_event) -> None:
    """Incremental (PDF-cached) builds produce exactly the files of a full build without cache."""
    import random

    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    path = content / "cup" / "open" / "rounds" / "01.yaml"
    good = path.read_text(encoding="utf-8")
    rng = random.Random(7)
    for _ in range(3):
        edited = good.replace('[1, 1, 3, "?"]', f'[1, 1, 3, "{rng.choice(["1-0", "0-1", "="])}"]')
        path.write_text(edited, encoding="utf-8")
        incremental, full = tmp_path / "inc" / "out", tmp_path / f"full-{rng.random()}" / "out"
        build_site(content, incremental, pdf=True)  # reuses tmp/inc/.bulletin-cache across edits
        build_site(content, full, pdf=True, cache=tmp_path / f"fresh-{rng.random()}")
        files = {p.relative_to(full): p.read_bytes() for p in full.rglob("*") if p.is_file()}
        assert files == {p.relative_to(incremental): p.read_bytes()
                         for p in incremental.rglob("*") if p.is_file()}


def test_both_languages_with_a_switch(example_site: Path) -> None:
    """An event with `languages: [zh, en]` publishes both, each page linking to its counterpart."""
    zh = (example_site / "2024-gomoku-open/open/final.html").read_text(encoding="utf-8")
    en = (example_site / "2024-gomoku-open/en/open/final.html").read_text(encoding="utf-8")
    assert "最终名次" in zh and 'href="../en/open/final.html"' in zh
    assert "Final placings" in en and 'href="../../open/final.html"' in en
    round_one = example_site / "2024-gomoku-open/en/open/round-01.html"
    assert "preliminaries" in round_one.read_text(encoding="utf-8")


def test_the_home_links_each_section_to_what_a_reader_wants_now(example_site: Path) -> None:
    """A section being played links to its current round, a finished one to its final standings,
    a knockout to its bracket."""
    home = (example_site / "index.html").read_text(encoding="utf-8")
    assert 'href="2017-xiangqi-national/women/round-01.html"' in home  # round 1 of 9 is on
    assert 'href="2017-xiangqi-national-full/women/standings-09.html"' in home  # finished
    assert 'href="2017-xiangqi-national-full/men-a/bracket.html"' in home  # the knockout
    assert "/players.html" not in home
