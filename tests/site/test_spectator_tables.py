"""What chess-results users look for: a round's players by name with their board ("where do I
play?"), a legend naming every tiebreak under the standings, and the standings and crosstable as
CSV files with the values the pages show."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

WOMEN = "2017-xiangqi-national/women"


def test_a_round_lists_its_players_by_name_with_board_side_and_opponent(example_site: Path) -> None:
    """Round 1 of the women (content/2017-xiangqi-national/women/rounds/01.yaml): 孙文 plays board 1
    with red against 唐丹; 李鎣 has the bye."""
    html = (example_site / WOMEN / "round-01.html").read_text(encoding="utf-8")
    listed = html[html.index('<table class="by-name">'):]
    body = listed[listed.index("<tbody"):]
    rows = [re.sub(r"<[^>]+>", "|", row) for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]
    cells = [[c for c in row.split("|") if c.strip()] for row in rows]
    by_player = {row[0]: row[1:] for row in cells if row}
    assert by_player["孙文"] == ["1", "红方", "唐丹"] and by_player["唐丹"] == ["1", "黑方", "孙文"]
    assert by_player["李鎣"] == ["轮空"]
    assert len(by_player) == 51
    names = [row[0] for row in cells if row]
    assert names.index("邵如凌冰") < names.index("唐丹") < names.index("王琳娜")  # pinyin order


def test_every_standings_table_names_its_tiebreaks(example_site: Path) -> None:
    html = (example_site / WOMEN / "standings-01.html").read_text(encoding="utf-8")
    assert "破同分：对手分：所有对手积分之和；累进分：每轮后积分之和" in html


def test_the_csv_files_hold_the_values_of_the_pages(example_site: Path) -> None:
    data = (example_site / WOMEN / "standings.csv").read_bytes()
    assert data.startswith("\ufeff".encode())  # spreadsheets read the Chinese names right
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    # the women have no club, title, rating or federation: no such column (a sex column is the
    # starting list's only)
    assert rows[0][:4] == ["名次", "序号", "姓名", "积分"] and "单位" not in rows[0]
    html = (example_site / WOMEN / "standings-01.html").read_text(encoding="utf-8")
    first = html.split("<tbody")[1].split("</tr>")[0]
    assert rows[1][2] == "李鎣" and "李鎣" in first and rows[1][3] == "2"  # 2/1/0: whole points
    assert len(rows) == 1 + 51
    text = (example_site / WOMEN / "crosstable.csv").read_text(encoding="utf-8-sig")
    cross = list(csv.reader(io.StringIO(text)))
    assert cross[1][:4] == ["1", "40", "李鎣", "轮空"]
    page = (example_site / WOMEN / "standings-01.html").read_text(encoding="utf-8")
    assert 'href="standings.csv" download' in page
    assert (example_site / "2024-gomoku-open/en/open/standings.csv").read_text(encoding="utf-8-sig") \
        .startswith("Rk,")  # each language its own


def test_a_statistics_page_per_section_with_games(example_site: Path) -> None:
    """The spring open's round 5 as counted by hand in tests/engine/test_statistics.py, linked from
    the section's menu; the upsets listed with both ratings."""
    page = (example_site / "2026-spring-open/main/statistics.html").read_text("utf-8")
    row = page[page.index('round-05.html">Round 5</a>'):]
    row = row[:row.index("</tr>")]
    cells = [cell.split(">")[-1] for cell in row.split("</td>")[:-1]]
    assert cells == ["13", "5", "3", "5", "50%", "77%", "1", "2", "0", "5"]
    assert "Dvořák, Jan</a></th><td class=\"num minor\">1452</td>" in page
    players = (example_site / "2026-spring-open/main/players.html").read_text("utf-8")
    assert 'href="statistics.html"' in players
    chinese = (example_site / "2017-xiangqi-national/women/statistics.html").read_text("utf-8")
    assert "红方胜" in chinese and "爆冷" not in chinese  # no ratings: no upsets


def test_the_spring_open_lists_federations_and_ratings_and_marks_its_forfeit(example_site: Path) -> None:
    """content/2026-spring-open: the starting list has the FED column the cards had alone (Novak,
    CZE), no Club column (nobody has one); round 4's forfeit (O'Connor, 15, did not play Dubois, 4)
    reads `15W+` / `4B−` in the crosstable, not as a game won, and the event home has the details."""
    main = example_site / "2026-spring-open/main"
    players = (main / "players.html").read_text("utf-8")
    # a minor column: its heading says so, its cells take it from the <tbody>'s marks (render/columns.py)
    assert '<th scope="col" class="minor">FED</th>' in players and '<td>CZE</td>' in players
    assert ">Club<" not in players
    cross = (main / "crosstable.html").read_text("utf-8")
    assert ">15W+</a>" in cross and ">4B−</a>" in cross and "+ won by forfeit" in cross
    home = (example_site / "2026-spring-open/index.html").read_text("utf-8")
    assert "<dt>Time control</dt>" in home and "<dt>Average rating</dt>" in home
