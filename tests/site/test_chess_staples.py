"""The chess-results staples (issue 27, item 6) on a small chess event built here: federation and
rating wherever a player is listed and no column that is empty for the whole section (web, PDF,
CSV), pairings in the shape chess players read with a bye on the player's own line, forfeits that
read as forfeits, a crosstable by starting rank beside the one by places, and the tournament
details. Seven players (five rated, one titled, none with a club), three rounds:

    round 1: Alpha 1-0 Evans, Brown +- Fox (forfeit), Chen ½-½ Grey, Dahl the bye
    round 2: Dahl 0-1 Alpha, Fox -+ Chen (forfeit), Evans ½-½ Brown, Grey the bye
    round 3: Alpha ½-½ Chen, Brown 1-0 Dahl, Grey 0-1 Evans, Fox the bye
"""

from __future__ import annotations

import csv
import io
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.results import event_results
from site_builder.views.details import average_rating
from site_builder.views.pages import event_pages

EVENT = """\
name: Staples Open
dates: [2026-05-01, 2026-05-03]
venue: Town Hall
organizers: [Town Chess Club]
chief_arbiter: IA Chief
arbiters: [FA Deputy]
time_control: 90 min + 30 s per move
game: chess
language: en
draw_seed: 1
system: swiss
rounds: 3
tiebreak_rules: fide
tiebreaks: [BH, SB]
"""
PLAYERS = """\
players:
  - {number: 1, name: "Alpha, Ann", rating: 2200, federation: NOR, title: FM}
  - {number: 2, name: "Brown, Bob", rating: 2101, federation: ENG}
  - {number: 3, name: "Chen, Cai", rating: 2000, federation: CHN}
  - {number: 4, name: "Dahl, Dag", rating: 1900, federation: NOR}
  - {number: 5, name: "Evans, Eve", rating: 1800, federation: ENG}
  - {number: 6, name: "Fox, Finn", federation: IRL}
  - {number: 7, name: "Grey, Gus"}
"""
ROUNDS = {
    1: 'games:\n  - [1, "Alpha, Ann", "Evans, Eve", "1-0"]\n  - [2, "Brown, Bob", "Fox, Finn", "+-"]\n'
       '  - [3, "Chen, Cai", "Grey, Gus", "½-½"]\nbye: "Dahl, Dag"\n',
    2: 'games:\n  - [1, "Dahl, Dag", "Alpha, Ann", "0-1"]\n  - [2, "Fox, Finn", "Chen, Cai", "-+"]\n'
       '  - [3, "Evans, Eve", "Brown, Bob", "½-½"]\nbye: "Grey, Gus"\n',
    3: 'games:\n  - [1, "Alpha, Ann", "Chen, Cai", "½-½"]\n  - [2, "Brown, Bob", "Dahl, Dag", "1-0"]\n'
       '  - [3, "Grey, Gus", "Evans, Eve", "0-1"]\nbye: "Fox, Finn"\n',
}


def _write(directory: Path, game: str = "chess") -> Path:
    event = directory / "staples"
    (event / "rounds").mkdir(parents=True)
    (event / "event.yaml").write_text(EVENT.replace("game: chess", f"game: {game}"), encoding="utf-8")
    (event / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    for n, text in ROUNDS.items():
        (event / "rounds" / f"{n:02d}.yaml").write_text(f"round: {n}\n{text}", encoding="utf-8")
    return directory


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    content = _write(tmp_path_factory.mktemp("staples"))
    out = tmp_path_factory.mktemp("staples-out") / "out"
    build_site(content, out, pdf=True, jobs=1)
    return out / "staples" / "main"


def _contexts(content: Path) -> dict[str, dict[str, Any]]:
    """Each page's data by its path (without the event's folder), from the views alone."""
    event = load_checked(content).events[0]
    return {page.path.removeprefix(f"{event.slug}/"): page.data()
            for page in event_pages(event, event_results(event), pdfs=False)}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    return _contexts(_write(tmp_path_factory.mktemp("staples-views")))


def _table(html: str, index: int = 0) -> list[list[str]]:
    """The cells' texts of the `index`-th table of a page, its header line first."""
    table = re.findall(r"<table.*?</table>", html, re.S)[index]
    return [[re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr.*?</tr>", table, re.S)]


def _pdf(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def _csv(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


# ---------------------------------------------------------------- columns


def test_one_decision_per_section_omits_the_empty_columns_everywhere(site: Path) -> None:
    """Title, FED and rating have values for some player and are shown; no player has a club, a sex
    or a year of birth, so no table of the section has such a column, on the web, in the CSV files
    and in the bulletin."""
    heads = {
        "players.html": ["No.", "Name", "Title", "FED", "Rtg"],
        "standings-03.html": ["Rk", "No.", "Name", "Title", "FED", "Rtg", "Pts", "BH", "SB"],
        "crosstable.html": ["Rk", "No.", "Name", "Title", "FED", "Rtg", "R1", "R2", "R3", "Pts", "BH", "SB"],
        "crosstable-start.html": ["No.", "Name", "Title", "FED", "Rtg", "R1", "R2", "R3", "Pts", "Rk", "BH",
                                  "SB"],
    }
    for page, expected in heads.items():
        html = (site / page).read_text(encoding="utf-8")
        assert _table(html)[0] == expected, page
        assert not re.search(r">(Club|Sex|Born)<", html), page
    assert _csv(site / "standings.csv")[0] == ["Rk", "No.", "Name", "Title", "FED", "Rtg", "Pts", "BH", "SB"]
    assert _csv(site / "crosstable.csv")[0][:6] == ["Rk", "No.", "Name", "Title", "FED", "Rtg"]
    assert _csv(site / "crosstable-start.csv")[0][:5] == ["No.", "Name", "Title", "FED", "Rtg"]
    text = _pdf(site / "bulletin-round-03.pdf")
    assert re.search(r"Rk\s+No\.\s+Name\s+Title\s+FED\s+Rtg\s+Pts\s+BH\s+SB", text)
    assert "Club" not in text and "Sex" not in text and "Born" not in text
    # a player's values in every table: FM Alpha of Norway, 2200
    assert _table((site / "players.html").read_text("utf-8"))[1] == ["1", "Alpha, Ann", "FM", "NOR", "2200"]
    assert re.search(r"Alpha, Ann\s+FM\s+NOR\s+2200", text)


def test_the_columns_follow_the_players(pages: dict[str, dict[str, Any]]) -> None:
    """The same decision for every kind of table: the starting list, the standings, the
    crosstables and the pairings show the optional columns the section has, in one order."""
    keys = lambda columns: [c["key"] for c in columns]  # noqa: E731
    assert keys(pages["main/players.html"]["columns"]) == ["title", "fed", "rating"]
    assert keys(pages["main/standings-03.html"]["block"]["columns"]) == ["title", "fed", "rating"]
    assert keys(pages["main/crosstable.html"]["columns"]) == ["title", "fed", "rating"]
    assert keys(pages["main/round-01.html"]["pairing"]["columns"]) == ["title", "fed", "rating"]


# ---------------------------------------------------------------- pairings


def test_chess_pairings_read_board_number_name_rating_points_result(site: Path) -> None:
    rows = _table((site / "round-02.html").read_text(encoding="utf-8"))
    assert rows[0] == ["Bd", "No.", "White", "Title", "FED", "Rtg", "Pts", "Result", "Pts", "Black", "Title",
                       "FED", "Rtg", "No."]
    # Dahl had the bye in round 1 (1 point), Alpha beat Evans (1 point)
    assert rows[1] == ["1", "4", "Dahl, Dag", "", "NOR", "1900", "1.0", "0-1",
                       "1.0", "Alpha, Ann", "FM", "NOR", "2200", "1"]
    assert rows[2][7] == "- +"  # a forfeit as the result shows it
    text = _pdf(site / "bulletin-round-02.pdf")
    assert re.search(r"Bd\s+No\.\s+White\s+Title\s+FED\s+Rtg\s+Pts\s+Result\s+Pts\s+Black\s+Title\s+FED\s+Rtg"
                     r"\s+No\.", text)
    assert re.search(r"1\s+4\s+Dahl, Dag\s+NOR\s+1900\s+1\.0\s+0-1\s+1\.0\s+Alpha, Ann\s+FM\s+NOR\s+2200\s+1",
                     text)


def test_a_bye_is_printed_on_the_players_own_line(site: Path, pages: dict[str, dict[str, Any]]) -> None:
    """Grey's bye of round 2: Grey on the left with his points, "bye" in the result, nobody on the
    right; not the bye mark in the White column with Grey as its opponent."""
    html = (site / "round-02.html").read_text(encoding="utf-8")
    # the bye in the result column; no points, name, title, FED, rating or number on the right
    assert _table(html)[-1] == ["4", "7", "Grey, Gus", "", "", "", "0.5", "bye", "", "", "", "", "", ""]
    assert '<td class="result">bye</td><td></td>' in html
    bye = pages["main/round-02.html"]["rows"][-1]
    assert bye["bye"] and bye["first"]["name"] == "Grey, Gus" and "second" not in bye
    line = next(line for line in _pdf(site / "bulletin-round-02.pdf").splitlines() if "Grey, Gus" in line
                and "bye" in line)
    assert re.fullmatch(r"\s*4\s+7\s+Grey, Gus\s+0\.5\s+bye\s*", line)
    assert "(bye)" not in (site / "round-02.html").read_text(encoding="utf-8")


def test_other_games_keep_their_shape(tmp_path: Path) -> None:
    """Xiangqi's pairings stay board, red (points), result, black (points), with the bye where
    its lists print it: the bye mark on the left, the player on the right."""
    pages = _contexts(_write(tmp_path, game="xiangqi"))
    round_page = pages["main/round-02.html"]
    assert round_page["pairing"] == {"numbered": False, "columns": [], "handicaps": False,
                                     "points_heading": ""}
    bye = round_page["rows"][-1]
    assert bye["bye_mark"] == "(bye)" and bye["second"]["name"] == "Grey, Gus" and "first" not in bye
    assert bye["bye_text"] == "—"  # the mark names the bye; the result does not say it twice


# ---------------------------------------------------------------- forfeits


def test_forfeits_are_marked_apart_from_games_won_and_lost(site: Path) -> None:
    """Brown won round 1 by forfeit against Fox (6) with White: `6W+`, Fox `2B−`; Alpha won over the
    board: `5W1`. The legend says what the marks mean; the CSV and the last bulletin print the same."""
    html = (site / "crosstable.html").read_text(encoding="utf-8")
    rows = {row[2]: row for row in _table(html)[1:]}
    assert rows["Brown, Bob"][6] == "6W+" and rows["Fox, Finn"][6] == "2B−"
    assert rows["Chen, Cai"][7] == "6B+" and rows["Fox, Finn"][7] == "3W−"
    assert rows["Alpha, Ann"][6:9] == ["5W1", "4B1", "3W½"] and rows["Evans, Eve"][6] == "1B0"
    assert '<td class="cell forfeit"><a href="players/6.html">6W+</a></td>' in html
    assert "+ won by forfeit, − lost by forfeit" in html
    assert "1 win, ½ draw, 0 loss" in html
    csv_rows = {row[2]: row for row in _csv(site / "crosstable.csv")[1:]}
    assert csv_rows["Brown, Bob"][6] == "6W+" and csv_rows["Fox, Finn"][6:9] == ["2B−", "3W−", "bye"]
    text = _pdf(site / "bulletin-round-03.pdf")
    assert re.search(r"Brown, Bob\s+ENG\s+2101\s+6W\+\s+5B½\s+4W1", text)
    assert re.search(r"Fox, Finn\s+IRL\s+2B−\s+3W−\s+bye", text)
    assert "+ won by forfeit, − lost by forfeit" in text
    rounds = {n: (site / f"round-{n:02d}.html").read_text(encoding="utf-8") for n in (1, 2, 3)}
    assert "<p>“+ -” White won by forfeit: the game was not played.</p>" in rounds[1]
    assert "<p>“- +” Black won by forfeit: the game was not played.</p>" in rounds[2]
    assert "won by forfeit: the game" not in rounds[3]  # no forfeit in round 3
    assert "“+ -” White won by forfeit" in _pdf(site / "bulletin-round-01.pdf")


# ---------------------------------------------------------------- crosstables


def test_the_starting_rank_crosstable_lists_players_by_number(site: Path) -> None:
    by_place = _table((site / "crosstable.html").read_text(encoding="utf-8"))[1:]
    by_start = _table((site / "crosstable-start.html").read_text(encoding="utf-8"))[1:]
    assert [row[0] for row in by_start] == ["1", "2", "3", "4", "5", "6", "7"]
    assert [row[1] for row in by_place] != [row[0] for row in by_start]  # a different order
    # the same rows: each player's cells, points and place
    place = {row[2]: (row[6:10], row[0]) for row in by_place}
    assert all(place[row[1]] == (row[5:9], row[9]) for row in by_start)
    assert [row[0] for row in _csv(site / "crosstable-start.csv")[1:]] == ["1", "2", "3", "4", "5", "6", "7"]


def test_both_crosstables_say_their_order_and_link_each_other(site: Path) -> None:
    by_place = (site / "crosstable.html").read_text(encoding="utf-8")
    by_start = (site / "crosstable-start.html").read_text(encoding="utf-8")
    assert "rows in the order of places" in by_place and '<a href="crosstable-start.html">' in by_place
    assert "rows in the order of starting rank" in by_start and '<a href="crosstable.html">' in by_start
    menu = (site / "players.html").read_text(encoding="utf-8").split("</nav>")[0]
    assert 'href="crosstable.html">Crosstable<' in menu
    assert 'href="crosstable-start.html">Starting rank crosstable<' in menu


# ---------------------------------------------------------------- tournament details


def test_the_average_rating_is_of_the_rated_players_rounded() -> None:
    assert average_rating([2200, 2101, 2000, 1900, 1800]) == 2000  # 2000.2
    assert average_rating([1500, 1501]) == 1501  # 1500.5, half up
    assert average_rating([]) is None


def test_the_tournament_details_list_the_lines_with_data(site: Path, pages: dict[str, Any]) -> None:
    home = pages["index.html"]
    assert [(d["label"], d["value"]) for d in home["details"]] == [
        ("Organizers", "Town Chess Club"), ("Venue", "Town Hall"), ("Dates", "2026-05-01 – 2026-05-03"),
        ("Chief arbiter", "IA Chief"), ("Arbiters", "FA Deputy"), ("Time control", "90 min + 30 s per move")]
    [section] = home["sections"]
    lines = {d["label"]: d["value"] or d["list"] for d in section["details"]}
    assert lines == {
        "System": "Swiss", "Rounds": "3", "Players": "7", "Federations": "4",
        "Average rating": "2000 (of the 5 rated players)",  # (2200 + 2101 + 2000 + 1900 + 1800) / 5
        "Tiebreaks": ["BH: Buchholz (C.07 8.1)", "SB: Sonneborn-Berger (C.07 9.1)"],
        # dates: [2026-05-01, …]: Article 16.4 as amended in 2026
        "Tie-break rules": "FIDE Handbook C.07, Tie-Break Regulations (2023), with Article 16.4 as amended "
                           "in 2026 (events from 1 March 2026)",
    }
    # the tiebreaks as the standings' legend names them, in order, and the text they follow
    block = pages["main/standings-03.html"]["block"]
    assert block["tiebreak_legend"] == "; ".join(lines["Tiebreaks"])
    assert block["legend"] == [f"Tie-break rules: {lines['Tie-break rules']}"]
    assert pages["main/players.html"]["details"] == [*home["details"], *section["details"]]
    event_home = (site.parent / "index.html").read_text(encoding="utf-8")
    assert "<dt>Average rating</dt><dd>2000 (of the 5 rated players)</dd>" in event_home
    assert "<li>BH: Buchholz (C.07 8.1)</li><li>SB: Sonneborn-Berger (C.07 9.1)</li>" in event_home
    assert "Time control: 90 min + 30 s per move" in _pdf(site / "bulletin-round-01.pdf")


def test_a_details_line_without_data_is_left_out(tmp_path: Path) -> None:
    content = _write(tmp_path)
    event = content / "staples" / "event.yaml"
    kept = [line for line in event.read_text(encoding="utf-8").splitlines()
            if not line.startswith(("organizers", "arbiters", "time_control", "venue", "tiebreaks"))]
    event.write_text("\n".join(kept) + "\ntiebreaks: []\n", encoding="utf-8")
    (content / "staples" / "players.yaml").write_text(re.sub(r", (rating|federation): \w+", "", PLAYERS),
                                                       encoding="utf-8")
    home = _contexts(content)["index.html"]
    assert [d["label"] for d in home["details"]] == ["Dates", "Chief arbiter"]
    assert [d["label"] for d in home["sections"][0]["details"]] == ["System", "Rounds", "Players"]
