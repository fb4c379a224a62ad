"""The built example site in headless Chromium: no console errors, no horizontal scroll on phones."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PAGES = ["index.html", "2017-xiangqi-national/index.html", "2017-xiangqi-national/regulations.html",
         "2017-xiangqi-national/women/players.html", "2017-xiangqi-national/women/round-01.html",
         "2017-xiangqi-national/women/standings-01.html", "2017-xiangqi-national/women/crosstable.html",
         "2017-xiangqi-national/women/players/1.html",
         "2017-xiangqi-national-full/index.html", "2017-xiangqi-national-full/women/round-09.html",
         "2017-xiangqi-national-full/women/standings-09.html", "2017-xiangqi-national-full/women/codes.html",
         "2017-xiangqi-national-full/men-b/crosstable.html", "2017-xiangqi-national-full/men-a/round-06.html",
         "2017-xiangqi-national-full/men-a/placings.html", "2017-xiangqi-national-full/men-a/players/1.html",
         "2023-yuangou-cup/open/round-05.html", "2023-yuangou-cup/open/standings-05.html",
         "2023-yuangou-cup/open/teams/1.html", "2023-yuangou-cup/open/crosstable.html",
         "2023-yuangou-cup/open/boards.html",
         "2024-gomoku-open/open/final.html", "2024-gomoku-open/open/elimination.html",
         "2024-student-shogi-league/league/ranking.html", "2024-student-shogi-league/league/challenges.html",
         "2024-student-shogi-league/league/schools.html", "2024-student-shogi-league/final-a/crosstable.html",
         "2025-club-open/open/prizes.html", "2025-club-open/open/certificates.html",
         "2024-gomoku-open/open/standings-07.html", "2026-spring-open/main/statistics.html",
         "2017-xiangqi-national/women/statistics.html"]

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed")


def _open(browser, url: str, width: int):
    """A page at `url` with a viewport `width` wide, and the list its console errors go to."""
    page = browser.new_page(viewport={"width": width, "height": 800})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


@pytest.mark.parametrize("page_path", PAGES)
@pytest.mark.parametrize("width", [1100, 360])
def test_page_renders_cleanly(browser, example_site: Path, page_path: str, width: int) -> None:
    page, errors = _open(browser, (example_site / page_path).as_uri(), width)
    assert errors == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "horizontal page scroll"
    # every local link resolves to a file of the site
    for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
        if href.startswith("file://"):
            target = Path(href.removeprefix("file://").split("#")[0])
            assert target.exists(), f"{page_path}: broken link {href}"
    if width == 360:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / (page_path.replace("/", "_") + ".png")))
    page.close()


def test_search_finds_a_player(browser, example_site: Path) -> None:
    """A spectator types part of a Chinese name and gets the player's card in two taps."""
    page, errors = _open(browser, (example_site / "2017-xiangqi-national/index.html").as_uri(), 360)
    page.fill("#player-search", "唐丹")
    page.wait_for_selector("#search-results a")
    links = page.eval_on_selector_all("#search-results a", "els => els.map(e => e.textContent)")
    assert "唐丹" in links
    page.click("#search-results a >> nth=0")
    assert page.url.endswith("/players/1.html") or "players/" in page.url
    assert errors == []
    page.close()


def test_sorting_and_highlighting(browser, example_site: Path) -> None:
    standings = example_site / "2017-xiangqi-national/women/standings-01.html"
    page, errors = _open(browser, standings.as_uri(), 1100)
    number_header = page.locator("table.standings thead th").nth(1)
    number_header.click()
    numbers = page.eval_on_selector_all("table.standings tbody tr td:nth-child(2)",
                                        "els => els.map(e => Number(e.textContent))")
    assert numbers == sorted(numbers)
    number_header.click()
    numbers = page.eval_on_selector_all("table.standings tbody tr td:nth-child(2)",
                                        "els => els.map(e => Number(e.textContent))")
    assert numbers == sorted(numbers, reverse=True)
    page.locator("table.standings tbody tr").first.locator("td").first.click()
    assert page.locator("table.standings tr.hl").count() == 1
    assert errors == []
    page.close()


@pytest.mark.parametrize("query", ["garcia", "Lucia Garcia", "GARCÍA", "dvorak jan"])
def test_search_ignores_accents_case_and_name_order(browser, example_site: Path, query: str) -> None:
    """The content writes "García, Lucía" and "Dvořák, Jan"; a spectator types without accents, in
    any case, first name first."""
    page, errors = _open(browser, (example_site / "2026-spring-open/index.html").as_uri(), 360)
    page.fill("#player-search", query)
    page.wait_for_selector("#search-results a")
    links = page.eval_on_selector_all("#search-results a", "els => els.map(e => e.textContent)")
    # "jan" also begins "Jana" (the go example's Dvořák, Jana): a name of the query's words, prefixes
    assert links and all(name in ("García, Lucía", "Dvořák, Jan", "Dvořák, Jana") for name in links), links
    assert {"García, Lucía", "Dvořák, Jan"} & set(links), links
    assert errors == []
    page.close()


@pytest.mark.parametrize(("page_path", "query", "found"), [
    ("2024-gomoku-open/en/index.html", "dengzijia", "邓子嘉"),  # an English reader of Hanzi names
    ("2024-gomoku-open/en/index.html", "Deng Zijia", "邓子嘉"),
    ("2024-gomoku-open/en/index.html", "dzj", "邓子嘉"),
    ("2024-gomoku-open/index.html", "dengzijia", "邓子嘉"),
    ("2025-club-open/index.html", "obrien", "O'Brien, Sean"),
    ("2025-club-open/index.html", "mueller", "Müller, Anna"),
    ("2023-yuangou-cup/index.html", "北京威凯", "北京威凯建设"),  # teams are indexed
    ("2023-yuangou-cup/index.html", "beijingweikai", "北京威凯建设"),
    ("2025-club-open/index.html", "gomoku", "2024 华式五子棋公开赛"),  # an event by its game
])
def test_search_finds_people_teams_and_events_as_readers_type_them(
        browser, example_site: Path, page_path: str, query: str, found: str) -> None:
    page, errors = _open(browser, (example_site / page_path).as_uri(), 360)
    page.fill("#player-search", query)
    page.wait_for_selector("#search-results a")
    links = page.eval_on_selector_all("#search-results a", "els => els.map(e => e.textContent)")
    assert found in links, links
    assert errors == []
    page.close()


@pytest.mark.parametrize(("page_path", "folder"), [
    ("2024-gomoku-open/en/index.html", "/2024-gomoku-open/en/open/"),
    ("2024-gomoku-open/index.html", "/2024-gomoku-open/open/"),
])
def test_search_results_open_the_page_in_the_pages_language(browser, example_site: Path, page_path: str,
                                                           folder: str) -> None:
    """The gomoku open publishes its pages in Chinese and, under en/, in English: a search made on
    an English page opens the English card, one made on a Chinese page the Chinese card."""
    page, errors = _open(browser, (example_site / page_path).as_uri(), 1100)
    page.fill("#player-search", "dengzijia")
    page.wait_for_selector("#search-results a")
    assert folder + "players/" in page.eval_on_selector("#search-results a", "e => e.href")
    page.click("#search-results a >> nth=0")
    assert folder in page.url and Path(page.url.removeprefix("file://")).is_file()
    assert errors == []
    page.close()


def test_search_says_when_nothing_or_more_is_found(browser, example_site: Path) -> None:
    """No silent empty list and no silent cut at 20: a line says there is no match, or how many
    more there are."""
    page, errors = _open(browser, (example_site / "2025-club-open/index.html").as_uri(), 1100)
    page.fill("#player-search", "zzqqxx")
    page.wait_for_selector("#search-results li.muted")
    assert page.inner_text("#search-results") == "No match"
    page.fill("#player-search", "j")  # the words beginning with j: more than 20 (Jana, jia, jin …)
    assert page.inner_text("#search-results") != "No match"  # not the last query's, while j's load
    page.wait_for_selector("#search-results a")
    page.wait_for_selector("#search-results li.muted")
    assert page.locator("#search-results a").count() == 20
    more = page.inner_text("#search-results li.muted")
    assert more.endswith("more: type more to narrow them down") and int(more.split()[0]) > 0
    part = (example_site / "search/6a.js").read_text(encoding="utf-8")  # every entry with a word in j…
    assert int(more.split()[0]) == len(json.loads(part[part.index(",") + 1:part.rindex(")")])) - 20
    assert errors == []
    page.close()


def test_the_first_sort_of_points_puts_the_highest_first(browser, example_site: Path) -> None:
    """Points and tiebreaks sort highest first on the first click (by Enter or Space as well);
    places and pairing numbers lowest first."""
    standings = example_site / "2017-xiangqi-national-full/women/standings-09.html"
    page, errors = _open(browser, standings.as_uri(), 1100)
    points_header = page.locator("table.standings thead th").nth(3)
    points_header.focus()
    page.keyboard.press(" ")
    points = page.eval_on_selector_all("table.standings tbody tr td:nth-child(4)",
                                       "els => els.map(e => Number(e.textContent))")
    assert points == sorted(points, reverse=True) and points[0] > points[-1]
    assert page.evaluate("window.scrollY") == 0  # Space sorted, it did not scroll the page
    page.locator("table.standings thead th").nth(0).click()
    places = page.eval_on_selector_all("table.standings tbody tr td:nth-child(1)",
                                       "els => els.map(e => parseInt(e.textContent))")
    assert places == sorted(places)
    assert errors == []
    page.close()


@pytest.mark.parametrize("width", [1100, 360])
def test_the_header_row_of_long_standings_stays_in_view(browser, example_site: Path, width: int) -> None:
    """Scrolling down 51 players of standings keeps the column headings on screen."""
    standings = example_site / "2017-xiangqi-national-full/women/standings-09.html"
    page, errors = _open(browser, standings.as_uri(), width)
    page.locator("table.standings tbody tr").nth(40).scroll_into_view_if_needed()
    top = page.evaluate("document.querySelector('table.standings thead th').getBoundingClientRect().top")
    assert 0 <= top < 800, top
    assert errors == []
    page.close()


def test_a_player_finds_their_board_from_the_home_on_a_phone(browser, example_site: Path) -> None:
    """Type the name on the home page, tap the result that names the event: the card opens with the
    latest round's board, side and opponent (content/2017-xiangqi-national/women/rounds/01.yaml:
    board 3, 郭玥 red against 陈幸琳 black). One field and one tap, nothing to scroll."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page.goto((example_site / "index.html").as_uri())
    page.fill("#player-search", "陈幸琳")
    page.wait_for_selector("#search-results a")
    results = page.locator("#search-results li")
    labels = [results.nth(i).inner_text() for i in range(results.count())]
    assert labels[0].startswith("陈幸琳") and "2017全国象棋个人赛 · 女子组" in labels[0]
    with page.expect_navigation():
        page.tap("#search-results a >> nth=0")
    assert page.url.endswith("2017-xiangqi-national/women/players/3.html")
    row = page.locator("main table tbody tr").last
    assert row.is_visible() and row.bounding_box()["y"] < 844  # on the first screen
    cells = [c.strip() for c in row.inner_text().split("\t")]
    assert cells[:4] == ["第 1 轮", "3", "黑方", "郭玥 #31"]
    page.close()


@pytest.mark.parametrize("page_path", ["2024-student-shogi-league/group-b/players.html",
                                       "2017-xiangqi-national-full/men-a/players/1.html",
                                       "2024-student-shogi-league/league/ranking.html"])
def test_the_menu_leaves_room_on_a_phones_first_screen(browser, example_site: Path, page_path: str) -> None:
    """Seven sections, five links each, would fill a phone's first screen: there the other sections
    show by name only, and the page's heading starts within the top half (390 × 844)."""
    page, _ = _open(browser, (example_site / page_path).as_uri(), 390)
    assert page.locator("main h1").bounding_box()["y"] < 422
    hidden = page.locator(".nav > li.other > ul").first
    assert hidden.count() == 0 or not hidden.is_visible()
    page.close()
    wide, _ = _open(browser, (example_site / page_path).as_uri(), 1366)  # on a desktop, everything
    assert all(ul.is_visible() for ul in wide.locator(".nav > li > ul").all())
    wide.close()


@pytest.mark.parametrize("page_path", ["2026-go-mcmahon/open/round-03.html",
                                       "2017-xiangqi-national-full/women/round-09.html",
                                       "2024-gomoku-open/en/open/round-07.html"])
def test_a_phones_first_screen_shows_the_round(browser, example_site: Path, page_path: str) -> None:
    """On a phone (390 × 844) the header (event, menu, search) takes at most 15 % of the screen and
    the round's first board starts in the top half; the menu's link to the page itself is on screen."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto((example_site / page_path).as_uri())
    header = page.locator(".site-header").bounding_box()
    assert header["y"] + header["height"] <= 0.15 * 844, header
    assert page.locator("main table.pairings tbody tr").first.bounding_box()["y"] < 422
    assert page.locator("main table.pairings tbody tr").first.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "horizontal page scroll"
    page.close()
