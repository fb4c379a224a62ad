"""The pages of the small go event (tests/fixtures/go-open, with a fourth round still being played):
ranks beside the names on the pairings and in every player table, each game's result as go writes
it with its handicap and komi, the player's card with rank, EGD PIN, result and handicap, the result
slips with the handicap — in English, Chinese and Japanese, names escaped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from go_event import FIXTURE, go_event

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.engine.statistics import section_statistics
from site_builder.model import Game, Outcome
from site_builder.render.textlines import round_lines
from site_builder.results import event_results
from site_builder.views.i18n import Labels
from site_builder.views.pages import event_pages
from site_builder.views.section import SectionData
from site_builder.views.slips import result_slips

EVENT = (FIXTURE / "event.yaml").read_text(encoding="utf-8").replace("rounds: 3", "rounds: 4")
ROUND_4 = """\
games:
  - {board: 1, first: "Novak, Eva", second: "Dubois, Claire", result: "?", handicap: 9}
  - [2, "Wang, Fang", "Müller, Jörg", "?"]
  - [3, "Smith, <b>Ann</b>", "Sato, Ken", "?"]
bye: "Janssen, Pieter"
"""


#: Wang's name in Latin letters as her federation registers it (`latin_name:`), which her card shows.
PLAYERS = (FIXTURE / "players.yaml").read_text(encoding="utf-8").replace(
    '"Wang, Fang", rank: 5k', '"Wang, Fang", latin_name: "Wang, Fang", aga_id: 24680, rank: 5k')


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return go_event(tmp_path_factory.mktemp("go"), {"event.yaml": EVENT, "rounds/04.yaml": ROUND_4,
                                                     "players.yaml": PLAYERS})


@pytest.fixture(scope="module")
def site(content: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("go-out") / "out"
    build_site(content.parent, out, pdf=False, jobs=1)
    return out / "go-open"


def _rows(html: str, index: int = 0) -> list[list[str]]:
    """The cells' texts of the `index`-th table of a page, its header line first."""
    table = re.findall(r"<table.*?</table>", html, re.S)[index]
    return [[re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr.*?</tr>", table, re.S)]


def test_pairings_show_ranks_results_handicap_and_komi(site: Path) -> None:
    rows = _rows((site / "main" / "round-02.html").read_text(encoding="utf-8"))
    assert rows[0] == ["Bd", "Black", "Pts", "Result", "White", "Pts", "Hd"]
    assert rows[1] == ["1", "Sato, Ken 1p", "(1)", "W+F", "Wang, Fang 5k", "(1)", "komi 6.5"]
    assert rows[2] == ["2", "Müller, Jörg 2k", "(1)", "B+12", "Dubois, Claire 3d", "(0)", "H4 · komi 0"]
    assert rows[3][3:] == ["W+R", "Janssen, Pieter 1d", "(0)", "H9 · komi 0.5"]
    html = (site / "main" / "round-03.html").read_text(encoding="utf-8")
    assert [row[3] for row in _rows(html)[1:4]] == ["Jigo", "0-0", "B+"]
    assert "Smith, &lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann" not in html


def test_a_round_being_played_shows_its_handicaps(site: Path) -> None:
    rows = _rows((site / "main" / "round-04.html").read_text(encoding="utf-8"))
    assert rows[1] == ["1", "Novak, Eva 12k", "(2)", "?pending", "Dubois, Claire 3d", "(0)", "H9 · komi 0.5"]
    assert rows[2][-1] == "komi 6.5"


def test_the_player_tables_have_a_rank_column(site: Path) -> None:
    players = _rows((site / "main" / "players.html").read_text(encoding="utf-8"))
    assert players[0][:4] == ["No.", "Name", "Rank", "FED"]
    assert players[1][:3] == ["1", "Dubois, Claire", "3d"]
    standings = _rows((site / "main" / "standings-03.html").read_text(encoding="utf-8"))
    assert "Rank" in standings[0]


def test_the_card_has_rank_pin_results_and_handicaps(site: Path) -> None:
    html = (site / "main" / "players" / "3.html").read_text(encoding="utf-8")
    assert "<dt>Rank</dt><dd>2k</dd>" in html
    games = _rows(html)
    assert games[1][:5] == ["R1", "3", "White", "Novak, Eva #6", "2"]
    assert games[1][5] == "win W+T H8 · komi 0.5"
    assert games[2][5] == "win B+12 H4 · komi 0"
    card = (site / "main" / "players" / "1.html").read_text(encoding="utf-8")
    assert "<dt>EGD PIN</dt><dd>10461107</dd>" in card
    # a result without a margin in go's own words, a jigo as go players say it
    def third_round(number: int) -> str:
        return _rows((site / "main" / "players" / f"{number}.html").read_text(encoding="utf-8"))[3][5]

    assert (third_round(6), third_round(2)) == ("win B+ H1 · komi 0.5", "draw Jigo komi 7")


@pytest.mark.parametrize(("language", "rank", "handicap", "stones", "results", "kyu"), [
    ("zh", "段位", "让子", "让4子 · 贴目 0", ["和棋", "双方负", "黑胜"], "2级"),
    ("ja", "段級位", "置石", "4子 · コミ 0", ["持碁", "両者負け", "黒勝ち"], "2級")])
def test_the_other_languages(site: Path, language: str, rank: str, handicap: str, stones: str,
                             results: list[str], kyu: str) -> None:
    pairings = _rows((site / language / "main" / "round-02.html").read_text(encoding="utf-8"))
    assert pairings[0][-1] == handicap and pairings[2][-1] == stones
    third = _rows((site / language / "main" / "round-03.html").read_text(encoding="utf-8"))
    assert [row[3] for row in third[1:4]] == results  # go's results as the language says them
    card = (site / language / "main" / "players" / "3.html").read_text(encoding="utf-8")
    assert f"<dt>{rank}</dt><dd>{kyu}</dd>" in card


@pytest.mark.parametrize(("language", "latin", "aga"), [
    ("", "Name in Latin letters", "AGA ID"), ("zh/", "拉丁字母姓名", "AGA 编号"),
    ("ja/", "ラテン文字表記", "AGA 番号")])
def test_the_card_names_the_federations_fields_in_its_language(site: Path, language: str, latin: str,
                                                               aga: str) -> None:
    """The fields' values as written: the Latin name marked as English on the Chinese and Japanese
    cards (docs/content.md)."""
    card = (site / f"{language}main" / "players" / "4.html").read_text(encoding="utf-8")
    name = '<span lang="en">Wang, Fang</span>' if language else "Wang, Fang"
    assert f"<dt>{latin}</dt><dd>{name}</dd>" in card and f"<dt>{aga}</dt><dd>24680</dd>" in card
    assert "latin name" not in card and "aga id" not in card


def test_the_result_slips_name_the_handicap(content: Path) -> None:
    event = load_checked(content).events[0]
    [section] = event_results(event).sections
    data = SectionData(event, section, Labels("en"), pdfs=True)
    slips = result_slips(data, event.sections[0].rounds[3])["slips"]
    assert [(s["first"]["name"], s["first_side"], s["terms"]) for s in slips] == [
        ("Novak, Eva", "Black", "H9 · komi 0.5"), ("Wang, Fang", "Black", "komi 6.5"),
        ("Smith, <b>Ann</b>", "Black", "komi 6.5")]
    assert slips[0]["hint"].endswith("B+ / W+")


def test_the_bulletin_prints_ranks_and_handicaps(content: Path) -> None:
    event = load_checked(content).events[0]
    pages = {p.path: p.data() for p in event_pages(event, event_results(event), pdfs=False)}
    context = pages["go-open/main/round-02.html"]
    lines = [re.sub(r"<[^>]+>", "", str(line)) for line in round_lines(context["rows"], Labels("en"), "go",
                                                                        context["pairing"])]
    assert lines[0].split() == ["Bd", "Black", "Result", "White", "Handicap"]
    assert lines[2].split() == ["2", "Müller,", "Jörg", "2k", "(1)", "B+12", "Dubois,", "Claire", "3d",
                                "(0)", "H4", "·", "komi", "0"]


@pytest.mark.parametrize("path", ["main/round-02.html", "main/round-04.html", "main/players/3.html",
                                  "zh/main/round-04.html", "ja/main/players/1.html"])
def test_a_phone_shows_the_go_pairings_and_cards_without_scrolling(browser, site: Path, path: str) -> None:
    """At 390 px the pairings (ranks beside the names, the handicap column) and a card's games fit."""
    sync_api = pytest.importorskip("playwright.sync_api")
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto((site / path).as_uri())
    sync_api.expect(page.locator(".table-wrap").first).to_have_class(re.compile(r"\bfits\b"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


def test_a_handicap_game_is_no_upset(tmp_path: Path) -> None:
    """Statistics: the lower-rated player winning a game with a handicap is no upset (the stones
    answer the rating gap), and the note says so; an even game won so still is."""
    example = Path(__file__).resolve().parents[2] / "content" / "2026-go-mcmahon"
    section = load_checked(example).events[0].sections[0]
    rating = {p.number: p.rating or 0 for p in section.players}
    games = {(r.number, g.board): g for r in section.rounds for g in r.games}

    def lower_won(game: Game) -> bool:
        if game.outcome not in (Outcome.FIRST_WINS, Outcome.SECOND_WINS):
            return False
        winner, loser = (game.first, game.second) if game.outcome is Outcome.FIRST_WINS else \
            (game.second, game.first)
        return rating[winner] < rating[loser]

    upsets = {(u.round, u.board) for u in section_statistics(section).upsets}
    assert any(lower_won(g) and g.handicap for g in games.values())  # such games exist, and are not upsets
    assert upsets == {k for k, g in games.items() if lower_won(g) and not g.handicap} != set()


def test_the_statistics_note_says_handicap_games_are_no_upsets(site: Path) -> None:
    page = (site / "main" / "statistics.html").read_text(encoding="utf-8")
    assert "A game with a handicap is none: its stones answer the rating gap." in page
