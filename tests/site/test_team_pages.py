"""The pages of a team event (content/2023-yuangou-cup, seed 001) read as a spectator needs them: each
match by home and away team with the side each board plays, a legend explaining 局分 and 场分 (and the
3:3 split of 细则一、2⑶) under every team table, crosstable cells as match scores, team cards, the team
standings CSV and board statistics, all giving the values the team standings give."""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.engine.scoring import records
from site_builder.engine.teams import TeamRound, team_records
from site_builder.model import Outcome, Section

ROOT = Path(__file__).resolve().parents[2]
CUP = "2023-yuangou-cup"
#: A board's result as (first player, second player), as xiangqi writes it.
RESULTS = {Outcome.FIRST_WINS: ("2", "0"), Outcome.DRAW: ("1", "1"), Outcome.SECOND_WINS: ("0", "2"),
           Outcome.FIRST_WINS_FORFEIT: ("+", "-"), Outcome.SECOND_WINS_FORFEIT: ("-", "+"),
           Outcome.DOUBLE_FORFEIT: ("-", "-")}
TIE_RULE = "团体局分相同（如 3:3）时，执黑方台多的客队得 1.5，主队得 1（细则一、2⑶）"


@pytest.fixture(scope="module")
def cup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The team event built alone, without PDFs, with its English pages too: its section's folder."""
    content = tmp_path_factory.mktemp("cup") / "content"
    shutil.copytree(ROOT / "content" / CUP, content / CUP)
    with (content / CUP / "event.yaml").open("a", encoding="utf-8") as event:
        event.write("languages: [en]\n")
    build_site(content, content.parent / "out", pdf=False)
    return content.parent / "out" / CUP / "open"


@pytest.fixture(scope="module")
def section() -> Section:
    return load_checked(ROOT / "content" / CUP).events[0].sections[0]


class _Tables(HTMLParser):
    """The tables of a page: each a list of rows, each row a list of (text, class) of its cells."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[tuple[str, str]]]] = []
        self._cell: list[str] | None = None
        self._class = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th") and self.tables:
            self._cell, self._class = [], dict(attrs).get("class") or ""
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append((" ".join("".join(self._cell).split()), self._class))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _tables(page: Path) -> list[list[list[str]]]:
    parser = _Tables()
    parser.feed(page.read_text(encoding="utf-8"))
    return [[[text for text, _ in row] for row in table if row] for table in parser.tables]


def _legend(page: Path) -> str:
    found = re.search(r'<div class="note muted legend">(.*?)</div>', page.read_text(encoding="utf-8"), re.S)
    assert found, f"{page.name} has no legend"
    return re.sub(r"<[^>]+>", " ", found.group(1))


def test_a_match_shows_home_and_away_by_team_with_each_boards_side(cup: Path, section: Section) -> None:
    """Round pages: the two teams head the columns (主队 / 客队), each board puts the home team's player
    under the home team whatever its colour, marks the side each plays (the home team is black on
    board 3) and gives the result from the home team's side; no 红方 / 黑方 column looks like a team."""
    teams = section.teams_by_number
    for rnd in section.rounds:
        page = cup / f"round-{rnd.number:02d}.html"
        tables = _tables(page)
        assert len(tables) == len(TeamRound.of(rnd).team_matches)
        assert not re.search(r'<th scope="col" class="[^"]*">红方', page.read_text(encoding="utf-8"))
        for match, table in zip(TeamRound.of(rnd).team_matches, tables, strict=True):
            head, *boards, game_points, match_points = table
            home_team, away_team = teams[match.home].name, teams[match.away].name
            assert head == ["台次", f"{home_team} （主队）", "结果", f"{away_team} （客队）"]
            for index, (game, row) in enumerate(zip(match.games, boards, strict=True), start=1):
                home_first = game.first in teams[match.home].players + teams[match.home].reserves
                home, away = (game.first, game.second) if home_first else (game.second, game.first)
                assert home_first == (index < 3)  # 五、1: red on boards 1 and 2, black on board 3
                assert row[1] == f"{'红' if home_first else '黑'} {section.player(home).name} #{home}"
                assert row[3] == f"{'黑' if home_first else '红'} {section.player(away).name} #{away}"
                first, second = RESULTS[game.outcome]
                assert row[2] == (f"{first}:{second}" if home_first else f"{second}:{first}")
            assert game_points[0] == "局分" and match_points[0] == "场分"
            home_gp, away_gp = int(game_points[1]), int(game_points[3])
            assert game_points[2] == f"{home_gp}:{away_gp}"
            assert match_points[1:] == (["2.5", "主队胜", "0.0"] if home_gp > away_gp else
                                        ["0.0", "客队胜", "2.5"] if home_gp < away_gp else
                                        ["1.0", "局分相同", "1.5"])


def test_every_team_table_has_a_legend_with_the_tie_rule(cup: Path) -> None:
    """Under the round's matches, the standings, the crosstable, a team card and the board statistics:
    what 局分 and 场分 are, with the 3:3 split by the second player's boards and its article."""
    pages = ["round-03.html", "standings-03.html", "standings-05.html", "crosstable.html", "teams/1.html",
             "teams/13.html", "boards.html"]
    for name in pages:
        legend = _legend(cup / name)
        assert "局分：每台胜 2、和 1、负 0" in legend, name
        assert "场分：团体局分高者得 2.5，低者得 0" in legend and TIE_RULE in legend, name
    assert "主队第 1、2 台为红方、第 3 台为黑方" in _legend(cup / "round-03.html")
    for name in ("standings-05.html", "teams/1.html"):
        assert "后手局数（少者前）、队号（小者前）排定，没有并列名次（细则二）" in _legend(cup / name)
    assert "本队与对手的团体局分（本队在前）" in _legend(cup / "crosstable.html")
    english = _legend(cup.parent / "en" / "open" / "standings-05.html")
    assert "on equal GP (e.g. 3:3) the away team, Black on more boards, scores 1.5 and the home team 1 " \
           "(regulation 一、2⑶)" in english


def test_crosstable_cells_are_match_scores(cup: Path, section: Section) -> None:
    """Each cell: the team's game points and its opponent's with the result's mark, then the opponent
    and the team's role (`4:2+ 4主`), as the engine scored the match; a bye in words."""
    history = team_records(section, records(section))
    table = _tables(cup / "crosstable.html")[0]
    assert table[0][-2:] == ["场分", "局分"]
    for row in table[1:]:
        team = int(row[1])
        for entry, cell in zip(history[team], row[3:8], strict=True):
            if entry.role == "B":
                assert cell == "轮空"
                continue
            ours, theirs = entry.game_points, entry.opponent_game_points
            mark = "+" if ours > theirs else "−" if ours < theirs else "="
            role = "主" if entry.role == "H" else "客"
            assert cell == f"{ours}:{theirs}{mark} {entry.opponent}{role}"
    assert not re.search(r"\d[主客] \d\.\d", (cup / "crosstable.html").read_text(encoding="utf-8"))


def _standings(cup: Path) -> dict[str, list[str]]:
    """The latest team standings' rows by team name (place, number, team, six columns, prize)."""
    return {row[2]: row for row in _tables(cup / "standings-05.html")[0][1:]}


def test_a_team_card_gives_its_row_of_the_team_standings(cup: Path, section: Section) -> None:
    """The card's place and totals are its row of the final standings; its players' board results add
    up to their points, and each match is shown as on the round page."""
    standings = _standings(cup)
    individual = {row[2]: row[4] for row in _tables(cup / "individual.html")[0][1:]}
    for team in section.teams:
        page = (cup / "teams" / f"{team.number}.html").read_text(encoding="utf-8")
        facts = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", page))
        text = {key: re.sub(r"<[^>]+>", " ", value).split()[0] for key, value in facts.items()}
        row = standings[team.name]
        shown = [text[key] for key in ("名次", "场分", "累进分", "局分", "后手局分", "后手局数")]
        assert shown == [row[0], *row[3:8]]
        assert text.get("奖金", "") == (row[8].split()[0] if row[8] else "")
        boards = _tables(cup / "teams" / f"{team.number}.html")[0]
        for line in boards[1:]:
            assert line[-3] == individual[line[1]]  # points on the boards = individual points
        assert page.count('class="match card"') == sum(1 for r in section.rounds
                                                      for m in TeamRound.of(r).team_matches
                                                      if team.number in (m.home, m.away))


def test_the_team_csv_holds_the_team_standings(cup: Path) -> None:
    """team-standings.csv: the latest team standings' header and rows as the page shows them, linked
    from that page only."""
    data = (cup / "team-standings.csv").read_bytes()
    assert data.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    page = _tables(cup / "standings-05.html")[0]
    assert rows == page
    assert 'href="team-standings.csv" download' in (cup / "standings-05.html").read_text(encoding="utf-8")
    assert "team-standings.csv" not in (cup / "standings-04.html").read_text(encoding="utf-8")
    english = (cup.parent / "en" / "open" / "team-standings.csv").read_text(encoding="utf-8-sig")
    assert english.startswith("Rk,No.,Team,MP,Cum,GP,2nd-player GP,2nd-player games")


def test_the_second_player_s_columns_keep_the_regulation_s_name_whatever_the_game(tmp_path: Path) -> None:
    """二's columns are the second player's (后手, 後手, 2nd-player: the regulation's words, true of
    every game); the legend names that side by the game: White in a gomoku team Swiss."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / CUP, content / CUP)
    event = content / CUP / "event.yaml"
    text = event.read_text(encoding="utf-8").replace("game: xiangqi", "game: gomoku")
    text = text.replace("regulation: xiangqi-team-swiss", "system: team-swiss")
    event.write_text(text + "languages: [en, ja]\n", encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False)
    out = tmp_path / "out" / CUP
    languages = ((out, "后手局分", "后手局数", "执白方"),
                 (out / "en", "2nd-player GP", "2nd-player games", "as White"),
                 (out / "ja", "後手得点", "後手局数", "白"))
    for folder, points, games, side in languages:
        page = folder / "open" / "standings-05.html"
        assert _tables(page)[0][0][-2:] == [points, games]
        legend = _legend(page)
        assert points in legend and games in legend and side in legend, legend
        card = (folder / "open" / "teams" / "1.html").read_text(encoding="utf-8")
        assert f"<dt>{points}</dt>" in card and f"<dt>{games}</dt>" in card
        header = (folder / "open" / "team-standings.csv").read_text(encoding="utf-8-sig").splitlines()[0]
        assert header.endswith(f",{points},{games}")


def test_board_statistics_add_up_to_the_players_points(cup: Path, section: Section) -> None:
    """boards.html, linked from the section's menu: each team's points on a board are its players'
    points on that board, a player's points over the boards are its individual points, and a team's
    total is its game points less its byes' (2 per board)."""
    tables = _tables(cup / "boards.html")
    teams, boards = tables[0], tables[1:]
    assert len(boards) == 3 and teams[0][2:] == ["第 1 台", "第 2 台", "第 3 台", "合计 局分", "合计 局数"]
    by_name = {t.name: t for t in section.teams}
    team_of = {p: t.name for t in section.teams for p in (*t.players, *t.reserves)}
    standings = _standings(cup)
    individual = {row[2]: int(row[4]) for row in _tables(cup / "individual.html")[0][1:]}
    history = team_records(section, records(section))
    per_player: dict[str, int] = {}
    for board, table in enumerate(boards):
        summed: dict[str, tuple[int, int]] = {}
        for row in table[1:]:
            number, name, team, points, games = int(row[0]), row[1], row[2], int(row[3]), int(row[4])
            assert team_of[number] == team
            per_player[name] = per_player.get(name, 0) + points
            old = summed.get(team, (0, 0))
            summed[team] = (old[0] + points, old[1] + games)
        for row in teams[2:]:
            assert summed.get(row[1], (0, 0)) == (int(row[2 + 2 * board]), int(row[3 + 2 * board]))
    assert all(per_player.get(name, 0) == points for name, points in individual.items())
    for row in teams[2:]:
        byes = sum(1 for e in history[by_name[row[1]].number] if e.role == "B")
        assert int(row[-2]) == int(standings[row[1]][5]) - 2 * 3 * byes
    assert 'href="boards.html">台次统计</a>' in (cup / "round-05.html").read_text(encoding="utf-8")


def test_the_round_bulletin_prints_the_matches_and_legends_as_the_web(tmp_path: Path) -> None:
    """The PDF of a round: the teams head the board columns, the sides and the sums are printed, and
    the legends under the matches and under the standings as on the web pages."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / CUP, content / CUP)
    for later in ("04", "05"):
        (content / CUP / "open" / "rounds" / f"{later}.yaml").unlink()
    build_site(content, tmp_path / "out", pdf=True)
    pdf = tmp_path / "out" / CUP / "open" / "bulletin-round-03.pdf"
    text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    compact = text.replace(" ", "")
    assert "广东碧桂园（主队）" in compact and "杭州环境集团（客队）" in compact
    assert "3黑胡磊辉92:0红蔡新东12" in compact  # board 3: the home player black, the result home : away
    assert "场分2.5主队胜0.0" in compact and "场分1.0局分相同1.5" in compact
    assert TIE_RULE.replace(" ", "") in compact and "（细则二）" in compact


def test_a_team_name_stays_text_on_every_team_page_and_in_the_csv(tmp_path: Path) -> None:
    """A team named like markup and a formula: escaped on the pages (crosstable titles included) and
    an apostrophe before it in the CSV file."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / CUP, content / CUP)
    name = "=SUM(1)<b>威凯</b>"
    for path in (content / CUP).rglob("*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("北京威凯建设", name), encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False)
    section = tmp_path / "out" / CUP / "open"
    for page in ("round-03.html", "standings-05.html", "crosstable.html", "boards.html", "teams/1.html",
                 "teams/10.html"):
        html = (section / page).read_text(encoding="utf-8")
        assert "<b>威凯" not in html and "=SUM(1)&lt;b&gt;威凯&lt;/b&gt;" in html, page
    rows = list(csv.reader(io.StringIO((section / "team-standings.csv").read_text(encoding="utf-8-sig"))))
    assert ["'" + name] == [row[2] for row in rows if "威凯" in row[2]]


def test_a_players_title_federation_and_rating_show_on_boards_and_team_pages(tmp_path: Path) -> None:
    """Where a team's players have a title, federation and rating, a match's board names them beside
    the player and the team page's board results has their columns (docs/systems.md)."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / CUP, content / CUP)
    teams = content / CUP / "open" / "teams.yaml"
    teams.write_text(teams.read_text(encoding="utf-8").replace(
        "players: [何学学, 孙立学, 周远]",
        "players: [{name: 何学学, title: GM, federation: CHN, rating: 2510}, 孙立学, 周远]"),
        encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False)
    section = tmp_path / "out" / CUP / "open"
    round_page = (section / "round-01.html").read_text(encoding="utf-8")
    assert re.search(r'>何学学</a> <small class="muted">#1 · GM CHN 2510</small>', round_page)
    assert re.search(r'>孙立学</a> <small class="muted">#2</small>', round_page)  # no facts, no dot
    boards = next(table for table in _tables(section / "teams" / "1.html") if table[0][1] == "姓名")
    assert boards[0][:5] == ["序号", "姓名", "称号", "协会", "等级分"]
    assert boards[1][:5] == ["1", "何学学", "GM", "CHN", "2510"]


def test_a_round_with_forfeits_says_what_their_marks_mean(tmp_path: Path) -> None:
    """A board lost by forfeit prints `+:-` or `-:+` (home : away): the legend under the matches
    says what each mark the matches show means, in the team's words (the home player, the away
    player); a round without a forfeit has no such line."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / CUP, content / CUP)
    third = content / CUP / "open" / "rounds" / "03.yaml"
    text = third.read_text(encoding="utf-8")
    text = text.replace('["吴少洪", "叶少", "2:0"]', '["吴少洪", "叶少", "+:-"]')
    text = text.replace('["何明国", "宋远涛", "0:2"]', '["何明国", "宋远涛", "-:+"]')
    third.write_text(text, encoding="utf-8")
    # board 3: the home player 胡磊辉 is Black, named second; Red's forfeit win prints as -:+
    second = content / CUP / "open" / "rounds" / "02.yaml"
    text = second.read_text(encoding="utf-8")
    text = text.replace('["马军", "蔡新东", "0:2"]', '["马军", "蔡新东", "+:-"]')
    second.write_text(text, encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False)
    out = tmp_path / "out" / CUP / "open"
    assert "“+:-”主队棋手不战胜、“-:+”客队棋手不战胜：该局未下。" in _legend(out / "round-03.html")
    round_2 = _legend(out / "round-02.html")
    assert "“-:+”客队棋手不战胜：该局未下。" in round_2 and "“+:-”" not in round_2
    assert "不战胜" not in _legend(out / "round-01.html")
