"""The event's home names each section's podium once it is finished and its leaders while it is
played, from the section's official order (the same rows its standings, team standings, final
placing or knockout placings show); a crowd sharing a place is counted, not listed."""

from __future__ import annotations

import html
import re
from pathlib import Path


def _leaders(site: Path, event: str) -> list[str]:
    page = (site / event / "index.html").read_text(encoding="utf-8")
    return [re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", line))).strip()
            for line in re.findall(r'<p class="leaders">(.*?)</p>', page)]


def _first_row(page: str) -> str:
    body = page.split("<tbody", 1)[1]
    row = body.split("</tr>", 1)[0]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", row))).strip()


def test_a_finished_section_shows_its_podium_from_its_standings(example_site: Path) -> None:
    assert _leaders(example_site, "2025-club-open") == [
        "Podium: 1 Dubois, Claire 4.0, 2-3 Kowalski, Piotr 3.5, 2-3 Ahmed, Omar 3.5"]
    standings = (example_site / "2025-club-open/open/standings-05.html").read_text(encoding="utf-8")
    assert "Dubois, Claire" in _first_row(standings)


def test_a_running_section_shows_its_leaders_and_counts_a_crowd(example_site: Path) -> None:
    (line,) = _leaders(example_site, "2017-xiangqi-national")
    assert line == "第 1 轮后领先：1 李鎣 2、2-7 6 人并列"
    page = (example_site / "2017-xiangqi-national/index.html").read_text(encoding="utf-8")
    assert '<a href="women/standings-01.html">6 人并列</a>' in page


def test_team_staged_and_knockout_sections_name_their_official_order(example_site: Path) -> None:
    (team,) = _leaders(example_site, "2023-yuangou-cup")
    assert team.startswith("前三名：1 元谷象棋俱乐部 11.0、")
    standings = (example_site / "2023-yuangou-cup/open/standings-05.html").read_text(encoding="utf-8")
    assert "元谷象棋俱乐部" in _first_row(standings) and "11.0" in _first_row(standings)
    gomoku = _leaders(example_site, "2024-gomoku-open")
    assert gomoku == ["前三名：1 杜浩诗、2 肖雨一、3 邓琪"]  # the final placing (§5.2): no points
    final = (example_site / "2024-gomoku-open/open/final.html").read_text(encoding="utf-8")
    assert "杜浩诗" in _first_row(final)
    assert "前三名：1 覃建涛、2 方刚、3 方宁林" in _leaders(example_site, "2017-xiangqi-national-full")


def test_a_league_whose_official_order_is_the_events_shows_no_second_one(example_site: Path) -> None:
    assert _leaders(example_site, "2024-student-shogi-league") == []


def test_the_event_home_links_each_section_where_the_site_home_does(example_site: Path) -> None:
    """One rule: the current round while played, the final standings once finished."""
    home = (example_site / "index.html").read_text(encoding="utf-8")
    for event in ("2017-xiangqi-national", "2025-club-open", "2017-xiangqi-national-full"):
        page = (example_site / event / "index.html").read_text(encoding="utf-8")
        links = re.findall(r'<h3><a href="([^"]+)"', page)
        assert links and all(f'href="{event}/{link}"' in home for link in links), (event, links)
    running = (example_site / "2017-xiangqi-national/index.html").read_text(encoding="utf-8")
    assert '<h3><a href="women/round-01.html"' in running


def test_the_homes_link_each_section_to_the_page_a_reader_wants_first(example_site: Path) -> None:
    """A knockout section leads to its bracket (not its starting list); a finished stage-1 group of the
    shogi league to its official stage-1 order on the league's group tables (not its points table,
    which its own page says is not the official order); a finished Swiss to its final standings."""
    site_home = (example_site / "index.html").read_text(encoding="utf-8")
    full = (example_site / "2017-xiangqi-national-full/index.html").read_text(encoding="utf-8")
    league = (example_site / "2024-student-shogi-league/index.html").read_text(encoding="utf-8")
    assert '<a href="2017-xiangqi-national-full/men-a/bracket.html">男子甲组</a>' in site_home
    assert '<h3><a href="men-a/bracket.html">男子甲组</a></h3>' in full
    assert '<a href="2024-student-shogi-league/league/groups.html#stage1-group-a">平行组A</a>' in site_home
    assert '<h3><a href="league/groups.html#stage1-group-a">平行组A</a></h3>' in league
    assert '<h3><a href="final-a/standings-07.html">决赛甲组</a></h3>' in league  # its own order (六.2)
    assert '<h3><a href="women/standings-09.html">女子组</a></h3>' in full
