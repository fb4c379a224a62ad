"""The "Why these pairings?" page of a go round with a jigo (MMS with halves), players kept apart, an
absent player and a bye: the scores are those the round page shows (the score groups said to count
them rounded down), every player kept apart is said so and a swap that pairs them is named so, the
colour line counts even games in words, and the bye and the absent player are explained."""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.commands.new import scaffold
from site_builder.commands.pair import pair_next
from site_builder.engine.go_section import key
from site_builder.model import Provenance, Section
from site_builder.pairing.gotha.section import round_why
from site_builder.pairing.gotha.why import Apart, NewPairs, RoundWhy
from site_builder.results.section import section_results
from site_builder.systems import system_of
from site_builder.systems.go_common import PAIRING_WHY, GoSystem
from site_builder.views.i18n import Labels
from site_builder.views.why_go_not import criteria_text

RESULTS = ("jigo", "B+", "W+", "B+", "W+", "B+")  # round 1, board by board: a jigo at board 1


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """12 players (1 and 2 kept apart), komi 7, round 1 with a jigo, round 2 with player 12 absent."""
    content = tmp_path_factory.mktemp("why-scores") / "content"
    event = content / "go"
    scaffold(event, game="go", language="en", players=12, secret_seed=False)
    yaml = event / "event.yaml"
    text = yaml.read_text(encoding="utf-8").replace("komi: 6.5", "komi: 7").replace(
        "language: en", "languages: [en, zh, ja]")
    yaml.write_text(text + '    keep_apart: {pairs: [["Player 01", "Player 02"]]}\n', encoding="utf-8")
    pair_next(content)
    first = event / "open" / "rounds" / "01.yaml"
    text = first.read_text(encoding="utf-8")
    for result in RESULTS:
        text = text.replace('result: "?"', f'result: "{result}"', 1)
    first.write_text(text, encoding="utf-8")
    (event / "open" / "rounds" / "02.yaml").write_text(
        'round: 2\nabsent: ["Player 12"]\ngames: []\n', encoding="utf-8")
    pair_next(content)
    return content


@pytest.fixture(scope="module")
def site(content: Path) -> Path:
    output = content.parent / "output"
    build_site(content, output, pdf=False)
    return output / "go"


@pytest.fixture(scope="module")
def explained(content: Path) -> dict[int, RoundWhy]:
    event = load_checked(content / "go").events[0]
    return section_results(event, event.sections[0]).extra(PAIRING_WHY)


def _page(site: Path, number: int, language: str = "") -> str:
    folder = site / language / "open" if language else site / "open"
    return html.unescape((folder / f"round-{number:02d}-why.html").read_text(encoding="utf-8"))


def _text(page: str) -> str:
    """A page's text, its tags left out."""
    return re.sub(r"<[^>]+>", "", page)


def _reasons(page: str, table: int) -> list[str]:
    """The reasons of a table, as text."""
    block = page.split(f'id="table-{table}"', 1)[1].split('class="why-raw', 1)[0]
    return [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li>(.*?)</li>", block, re.S)]


def test_the_scores_are_the_round_pages_and_the_groups_said_whole(site: Path, content: Path,
                                                                  explained: dict[int, RoundWhy]) -> None:
    event = load_checked(content / "go").events[0]
    section = event.sections[0]
    results = section_results(event, section)
    before = results.points_before(2)
    shown = {n: f"{float(results.records.points(units)):g}" for n, units in before.items()}
    assert any(value.endswith(".5") for value in shown.values())  # the jigo's halves
    page = _page(site, 2)
    round_page = html.unescape((site / "open" / "round-02.html").read_text(encoding="utf-8"))
    assert "The score groups count whole MMS, rounded down" in page
    for pair in explained[2].pairs:
        line = _reasons(page, pair.table)[0]
        for seat in (pair.black, pair.white):
            number = int(seat.key)
            assert shown[number] in line, line
            assert f"({shown[number]})" in round_page  # the round page's bracketed points, the same
            assert seat.score == int(float(shown[number]))  # the score group: whole, rounded down
        halves = any(shown[int(s.key)].endswith(".5") for s in (pair.black, pair.white))
        if pair.handicap.based_on_mms and halves and pair.handicap.stones:
            assert "whole MMS (rounded down)" in " ".join(_reasons(page, pair.table))
    assert "MMS rounded down" not in _page(site, 1) and "The score groups count whole" not in _page(site, 1)


def test_players_kept_apart_are_said_so_in_every_language(site: Path, explained: dict[int, RoundWhy]) -> None:
    for number in (1, 2):
        assert explained[number].apart == (Apart(key(1), key(2), "keep_apart"),)
        page = _page(site, number)
        lines = "\n".join(line for p in explained[number].pairs for line in _reasons(page, p.table))
        assert "Player 01 is kept apart from Player 02 (keep_apart): such a pair weighs as a rematch" in lines
        assert "Player 02 is kept apart from Player 01 (keep_apart)" in lines
        # the names, in the event's Latin letters, are marked lang="en" on the other languages' pages
        assert "Player 01 与 Player 02 不相遇（keep_apart）" in _text(_page(site, number, "zh"))
        assert "Player 01 は Player 02 と対戦させない（keep_apart）" in _text(_page(site, number, "ja"))


def test_each_alternative_names_the_pairs_kept_apart_it_makes(explained: dict[int, RoundWhy]) -> None:
    for why in explained.values():
        apart = {frozenset((a.a, a.b)): a for a in why.apart}
        for pair in why.pairs:
            for alt in pair.alternatives:
                made = [frozenset((alt.player, alt.opponent)), frozenset((alt.partner, alt.other))]
                assert alt.swap_pairs.apart == tuple(apart[p] for p in made if p in apart)


def _section(content: Path) -> Section:
    return load_checked(content / "go").events[0].sections[0]


def test_a_pair_kept_apart_and_paired_weighs_as_a_rematch(content: Path) -> None:
    """Round 2 with its board 1 forbidden (`forbidden:`): the pair is given with its rule, and either
    player's next-best opponent gains what the pair lost on `duplicate`."""
    section = _section(content)
    second = section.rounds[1]
    board = second.games[0]
    section = dataclasses.replace(section, rounds=(section.rounds[0], dataclasses.replace(
        second, provenance=Provenance(forbidden=((board.first, board.second),)))))
    system = system_of(section)
    assert isinstance(system, GoSystem)
    why = round_why(section, system.gotha_parameters(section), 2)
    rules = {frozenset((a.a, a.b)): a.rule for a in why.apart}
    assert rules[frozenset((key(board.first), key(board.second)))] == "forbidden"
    table = next(p for p in why.pairs if p.table == board.board)
    assert table.weight.duplicate == 0
    assert all(alt.swap["duplicate"] < 0 for alt in table.alternatives)


def test_a_swap_that_pairs_players_kept_apart_is_named_so() -> None:
    t = Labels("en")
    values = {"duplicate": 500, "score": 3}
    apart = NewPairs((), (Apart("1", "2", "keep_apart"),))
    assert criteria_text(t, values, apart) == "kept apart 500, score gap 3"
    both = NewPairs((("1", "2"),), (Apart("1", "2", "keep_apart"),))
    assert criteria_text(t, values, both) == "no rematch and kept apart 500, score gap 3"
    assert criteria_text(t, values, NewPairs((("1", "3"),))) == "no rematch 500, score gap 3"


def test_the_colour_line_counts_even_games_in_words(site: Path) -> None:
    first, second = _page(site, 1), _page(site, 2)
    assert "no even game yet" in first and " 0/0" not in first
    assert re.search(r"White in [01] of 1 even games so far", second)
    assert re.search(r"执白 [01] 局（共 1 局分先对局）", _page(site, 2, "zh"))
    assert "/1 局" not in _page(site, 2, "zh")


def test_the_bye_and_the_absent_player_are_explained(site: Path, explained: dict[int, RoundWhy]) -> None:
    why = explained[2]
    assert why.bye is not None and why.bye == why.engine_bye and why.absent == (key(12),)
    page = _page(site, 2)
    assert "by OpenGotha's rule: the fewest byes before, then the lowest MMS" in page
    assert re.search(r"Not paired in this round: .*Player 12</a> ?\(absent\)", page, re.S)
    assert "按 OpenGotha 的规则" in _text(_page(site, 2, "zh"))
    assert "OpenGotha の規則による" in _text(_page(site, 2, "ja"))
