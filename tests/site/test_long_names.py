"""Long names never make a page overflow (docs/index.md, "Pages and PDFs": no page scrolls sideways;
printed, every row and every column of a table): copies of two example events with players renamed
to a long name (Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine) and to one of 150 letters without a
space, built and opened in headless Chromium on a phone, on a desktop and printed on A4. The long name
wraps (a word that cannot fit breaks) in headings, cards, the podium, the search's results and table
cells, whose columns stay on the screen and on the paper; the example's own names keep their line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_browser_print import _printed_text, _squeeze

from site_builder.build import build_site
from site_builder.commands.rename import rename

sync_api = pytest.importorskip("playwright.sync_api")
EXAMPLE = Path(__file__).resolve().parents[2] / "content"
#: the first of the club open (its certificates, its podium) and a withdrawn prize winner, 150 letters each
FIRST, LAST = "Zyxwvutsrq" * 15, "Abcdefghij" * 15
LONG = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"
CLUB = "2025-club-open"
PAGES = [f"{CLUB}/index.html", f"{CLUB}/open/players/4.html", f"{CLUB}/open/players/1.html",
         f"{CLUB}/open/certificates.html", f"{CLUB}/open/prizes.html", f"{CLUB}/open/standings-05.html",
         f"{CLUB}/open/crosstable.html", f"{CLUB}/open/crosstable-start.html", f"{CLUB}/open/round-01.html",
         f"{CLUB}/open/players.html", f"{CLUB}/open/statistics.html", "2026-spring-open/main/players/9.html",
         "2026-spring-open/main/round-03-why.html", "2026-spring-open/main/standings-07.html"]

#: What sticks out at the width given: the page scrolling sideways, a box of <main> (outside a table's
#: scroll box) or a table cell whose text runs out of it; with `keys`, a key column of the table (the
#: standings, a crosstable: their names stay in view as they scroll sideways) off the screen.
OVERFLOWS = """([width, keys]) => {
  const problems = [];
  const page = document.documentElement.scrollWidth;
  if (page > width) { problems.push(`the page scrolls sideways (${page} px)`); }
  for (const box of document.querySelectorAll('main *')) {
    const style = getComputedStyle(box);
    if (style.display === 'inline' || style.display === 'none' || style.overflowX !== 'visible') { continue; }
    if (!box.matches('th, td') && box.closest('.table-wrap')) { continue; }
    if (box.scrollWidth > box.clientWidth + 1) {
      const name = `${box.tagName.toLowerCase()}.${box.className}`;
      problems.push(`${name}: ${box.scrollWidth} > ${box.clientWidth} px`);
    }
  }
  for (const key of keys ? document.querySelectorAll('main table > thead th.key') : []) {
    const edges = key.getBoundingClientRect();
    if (edges.left < 0 || edges.right > width) {
      problems.push(`key column ${key.textContent.trim()} off the screen`);
    }
  }
  return problems;
}"""
#: Whether the page's heading stays within its box.
HEADING_FITS = "() => (h1 => h1.scrollWidth <= h1.clientWidth)(document.querySelector('main h1'))"
#: The names of the tables' rows that take more than one line.
WRAPPED = """() => [...document.querySelectorAll('main tbody .name > a')]
  .filter(link => link.getBoundingClientRect().height > 2.4 * parseFloat(getComputedStyle(link).fontSize))
  .map(link => link.textContent)"""


@pytest.fixture(scope="module")
def long_names(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club open and the spring open with the players renamed, built without PDFs: the output."""
    root = tmp_path_factory.mktemp("long-names")
    for event in (CLUB, "2026-spring-open"):
        shutil.copytree(EXAMPLE / event, root / "content" / event)
    rename(root / "content", "Dubois, Claire", FIRST)
    rename(root / "content", "Müller, Anna", LAST)
    rename(root / "content", "Ito, Haruki", LONG)
    build_site(root / "content", root / "output", pdf=False)
    return root / "output"


@pytest.mark.parametrize("width", [390, 1366])
def test_a_long_name_wraps_on_a_phone_and_a_desktop(browser, long_names: Path, width: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": 844})
    problems: list[str] = []
    for path in PAGES:
        page.goto((long_names / path).as_uri())
        keys = "/standings-" in path or "/crosstable" in path
        problems += [f"{path}: {problem}" for problem in page.evaluate(OVERFLOWS, [width, keys])]
    page.close()
    assert not problems, "\n".join(problems)


def test_the_search_wraps_a_long_name_on_a_phone(browser, long_names: Path) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto((long_names / CLUB / "open/round-01.html").as_uri())
    page.fill("#player-search", "zyxwvutsrq")
    page.wait_for_selector("#search-results a")
    results = page.locator("#search-results li").first
    assert results.evaluate("item => item.scrollWidth <= item.clientWidth")
    box = results.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


@pytest.mark.parametrize(("path", "columns"), [
    ("open/crosstable.html", ["Rk", "R1", "R4", "R5", "Pts"]),
    ("open/standings-05.html", ["Rk", "Name", "Pts"]),
    ("open/players/4.html", ["Result"]),
    ("open/certificates.html", []),
])
def test_a_printed_page_holds_a_long_name_and_every_column(browser, long_names: Path, tmp_path: Path,
                                                           path: str, columns: list[str]) -> None:
    """Chromium's A4 printout: the long names whole (in the heading of the card, in the table's rows)
    and each column's heading, up to the last; the card's heading within the sheet."""
    page = browser.new_page(viewport={"width": 718, "height": 800})  # an A4 sheet's width: 190 mm
    page.goto((long_names / CLUB / path).as_uri())
    page.emulate_media(media="print")
    heading = page.evaluate(HEADING_FITS)
    text = _squeeze(_printed_text(page.pdf(format="A4"), tmp_path))
    page.close()
    assert heading, "the heading runs out of its box"
    assert FIRST in text
    assert [column for column in columns if column not in text] == []


ORDINARY = ["2026-spring-open/main/standings-07.html", "2026-spring-open/main/crosstable.html",
            "2026-go-mcmahon/open/standings-05.html", "2017-xiangqi-national/women/crosstable.html"]


@pytest.mark.parametrize("path", ORDINARY)
@pytest.mark.parametrize("media", ["screen", "print"])
def test_an_ordinary_name_keeps_its_line(browser, example_site: Path, path: str, media: str) -> None:
    """On a desktop and printed (an A4 sheet's width: 190 mm, 718 px), each name of the example's
    standings and crosstables is on one line."""
    page = browser.new_page(viewport={"width": 1366 if media == "screen" else 718, "height": 800})
    page.goto((example_site / path).as_uri())
    page.emulate_media(media=media)
    wrapped = page.evaluate(WRAPPED)
    page.close()
    assert wrapped == []
