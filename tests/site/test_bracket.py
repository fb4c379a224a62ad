"""A knockout section's bracket: every round's matches on one line each (two players and the slow
games' score), the winner marked for eyes and screen readers, linked from the section's menu; the
64-player example's first round no longer a column of game cards on a phone."""

from __future__ import annotations

import html
import re
from pathlib import Path

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
