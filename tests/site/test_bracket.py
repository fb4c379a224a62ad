"""A knockout section's bracket: every round's matches on one line each (two players and the slow
games' score), the winner marked for eyes and screen readers, linked from the section's menu; the
64-player example's first round no longer a column of game cards on a phone."""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path

import pytest

axe_package = pytest.importorskip("axe_playwright_python")
AXE = (Path(axe_package.__file__).parent / "axe.min.js").read_text(encoding="utf-8")

SECTION = "2017-xiangqi-national-full/men-a"


def _matches(page: str) -> list[list[str]]:
    rounds = page.split('<section class="bracket-round">')[1:]
    return [re.findall(r'<li class="bracket-match">', part) for part in rounds]


def test_every_round_lists_every_match_with_its_winner(example_site: Path) -> None:
    page = (example_site / SECTION / "bracket.html").read_text(encoding="utf-8")
    assert [len(m) for m in _matches(page)] == [32, 16, 8, 4, 4, 4]  # the last two with placement matches
    first = page.split('<li class="bracket-match">', 2)[1]
    names = [html.unescape(n) for n in re.findall(r'<a href="players/\d+\.html">([^<]+)</a>', first)]
    assert len(names) == 2
    won = re.findall(r'<span class="bracket-player won"><a href="players/\d+\.html">([^<]+)</a>', first)
    assert len(won) == 1 and html.unescape(won[0]) in names
    assert first.count('<span class="sr">（晋级）</span>') == 1  # said to screen readers too


def test_the_menu_links_the_bracket(example_site: Path) -> None:
    round_page = (example_site / SECTION / "round-01.html").read_text(encoding="utf-8")
    assert 'href="bracket.html">对阵图</a>' in round_page


def test_the_placings_give_the_players_rating_and_club_as_the_standings_do(example_site: Path) -> None:
    """The placings list players with the section's optional columns (here rating and club)."""
    page = (example_site / SECTION / "placings.html").read_text(encoding="utf-8")
    heads = re.findall(r'<th scope="col" class="[^"]*">([^<]+)</th>', page.split("</thead>")[0])
    assert heads == ["名次", "序号", "姓名", "等级分", "单位", "出局轮次"]
    assert re.search(r'>刘帅鹏</a></th><td class="minor num">2612</td><td class="minor">黑龙江</td>', page)


@pytest.mark.parametrize("width", [1366, 1024])
def test_the_bracket_scrolls_in_its_own_box_and_reaches_the_final(browser, example_site: Path,
                                                                  width: int) -> None:
    """On a desktop the page never scrolls sideways (its visually hidden texts stay inside the
    bracket); the rounds that do not fit scroll in the bracket's box, under a hint that says so, and
    the final is then on screen."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto((example_site / SECTION / "bracket.html").as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "horizontal page scroll"
    bracket = page.locator(".bracket")
    overflows = bracket.evaluate("b => b.scrollWidth > b.clientWidth")
    assert page.locator(".bracket-hint").is_visible() == overflows
    bracket.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    final = page.locator(".bracket-round h2").last.bounding_box()
    assert final["x"] >= 0 and final["x"] + final["width"] <= width
    page.close()


def test_the_hint_shows_where_the_bracket_is_wider_than_the_screen(browser, example_site: Path) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 900})
    page.goto((example_site / SECTION / "bracket.html").as_uri())
    assert page.locator(".bracket").evaluate("b => b.scrollWidth > b.clientWidth")
    assert page.locator(".bracket-hint").is_visible()
    assert page.locator(".bracket").get_attribute("tabindex") == "0"  # scrolled by the arrow keys too
    page.close()


def test_every_link_of_the_bracket_is_big_enough_to_tap_on_a_phone(browser, example_site: Path) -> None:
    """axe's target-size rule (WCAG 2.5.8: 24 × 24 CSS pixels, or as far apart) on a 390 px phone."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page.goto((example_site / SECTION / "bracket.html").as_uri())
    page.add_script_tag(content=AXE)
    violations = page.evaluate("""async () => (await axe.run(document, {runOnly: ['target-size']}))
        .violations.map(v => `${v.id} (${v.nodes.length}): ${v.nodes[0].target.join(' ')}`)""")
    assert violations == []
    page.close()


def test_the_printed_bracket_begins_on_the_first_sheet(browser, example_site: Path, tmp_path: Path) -> None:
    """Printed from the browser, the first sheet holds the heading and the first round's matches,
    not the heading alone."""
    page = browser.new_page()
    page.goto((example_site / SECTION / "bracket.html").as_uri())
    path = tmp_path / "bracket.pdf"
    path.write_bytes(page.pdf(format="A4"))
    page.close()
    first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(path), "-"],
                           capture_output=True, text=True, check=True).stdout
    assert "对阵图" in first and "魏涛鹏" in first, first  # a name of the first round


def test_the_event_home_names_no_tiebreak_for_a_knockout(example_site: Path) -> None:
    """A knockout places its players by the bracket (no tiebreak chain ranks them): its section's
    details on the event's home name none, where the Swiss sections beside it name theirs."""
    home = (example_site / "2017-xiangqi-national-full" / "index.html").read_text(encoding="utf-8")
    sections = {" ".join(re.sub(r"<[^>]+>", " ", s).split()).split(" ", 1)[0]: s
                for s in re.findall(r"<section.*?</section>", home, re.S)}
    assert "破同分" not in sections["男子甲组"] and "淘汰赛" in sections["男子甲组"]
    assert "破同分" in sections["女子组"]
