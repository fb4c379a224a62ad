"""The shogi league (seed 000, rules/shogi-student-league.md): ties left for a playoff, byes in
score₁, prizes by place, the arbiters' and organizer's decisions, challenge errors, the stage-2
page, result notation and the league's part of `event.json`. Expected values are worked out by
hand from the rules."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.engine import league
from site_builder.engine.league import League
from site_builder.engine.league_event import LeagueResults, LeagueRow, StageGroup, group_table, league_results
from site_builder.engine.scoring import records
from site_builder.model import Event, Game, Outcome, Player, Round, Scoring, Section
from site_builder.regulations.shogi_league import RULES
from site_builder.results.event import EventResults
from site_builder.systems import section_standings
from site_builder.views import format as fmt

ROOT = Path(__file__).resolve().parents[2]
SLUG = "2024-student-shogi-league"
STAGE1 = Scoring(win=Fraction(3), draw=Fraction(2), forfeit_win=Fraction(3), bye=Fraction(3))
FINALS = Scoring(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3), bye=Fraction(0))


def games(number: int, *specs: tuple[int, int, str], byes: tuple[int, ...] = (),
          ranking_order: tuple[int, ...] = ()) -> Round:
    return Round(number, tuple(Game(board, first, second, Outcome(result))
                               for board, (first, second, result) in enumerate(specs, start=1)),
                 byes=byes, ranking_order=ranking_order)


def section(section_id: str, players: list[Player], rounds: list[Round], *, stage: int,
            scoring: Scoring = STAGE1, qualify: tuple[int, ...] = (), planned: int | None = None) -> Section:
    return Section(section_id, section_id, "round-robin" if stage == 2 else "swiss-positional",
                   planned or len(rounds), scoring, (), tuple(players), tuple(rounds),
                   stage=StageGroup(stage, qualify))


def roster(count: int, tsume: dict[int, int] | None = None) -> list[Player]:
    """Players 1..count, each of their own school, tsume 0 unless given."""
    return [Player(n, f"P{n}", club=f"School {n}", fields={"tsume": str((tsume or {}).get(n, 0))})
            for n in range(1, count + 1)]


def three_group_league(b_final_order: tuple[int, ...] = ()) -> Event:
    """Three groups of three (1-3, 4-6, 7-9); the B-final 3, 6, 9 ends in a cycle: 3 beats 6,
    6 beats 9, 9 beats 3 — three points each, and the games between them are 1-1 each."""
    players = roster(9)
    by = {p.number: p for p in players}
    groups = [section(f"g{g}", [by[1 + 3 * g], by[2 + 3 * g], by[3 + 3 * g]],
                      [games(1, (1 + 3 * g, 2 + 3 * g, "1-0"), byes=(3 + 3 * g,)),
                       games(2, (1 + 3 * g, 3 + 3 * g, "1-0"), byes=(2 + 3 * g,)),
                       games(3, (2 + 3 * g, 3 + 3 * g, "1-0"), byes=(1 + 3 * g,))], stage=1)
              for g in range(3)]
    a_final = section("final-a", [by[n] for n in (1, 2, 4, 5, 7, 8)],
                      [games(1, (1, 4, "1-0"), (5, 7, "1-0"), (8, 2, "1-0"))], stage=2, scoring=FINALS,
                      qualify=(1, 2))
    b_final = section("final-b", [by[3], by[6], by[9]],
                      [games(1, (3, 6, "1-0"), byes=(9,)), games(2, (6, 9, "1-0"), byes=(3,)),
                       games(3, (9, 3, "1-0"), byes=(6,), ranking_order=b_final_order)],
                      stage=2, scoring=FINALS, qualify=(3,))
    event = Event("league", "League", "shogi", "zh", (*groups, a_final, b_final), players=tuple(players),
                  regulation="shogi-student-league")
    # the finals as the loaded event holds them (`stages.resolve_qualification`)
    return dataclasses.replace(event, sections=tuple(
        RULES.qualified_section(event, s) if s.stage and s.stage.qualify else s for s in event.sections))


def b_final_page_order(event: Event) -> list[tuple[int, int, bool]]:
    """(place, player, playoff) of the B-final's standings, as its standings page shows them."""
    final_b = next(s for s in event.sections if s.id == "final-b")
    recs = records(final_b)
    return [(row.place, row.player, row.playoff)
            for row in section_standings(final_b, recs, recs.rounds).rows]


def test_b_final_three_way_tie_gives_nobody_the_winners_a() -> None:
    """六.2 (final groups: ties by the games between the tied players, otherwise playoff) and
    补充细则 7.2 3) (the B-final winner gets A = 1.125): three players level on points and on their
    mutual games have no winner yet — a playoff is needed, nobody gets 1.125 (not the smallest
    number, 3), and the B-final standings mark all three as awaiting a playoff."""
    event = three_group_league()
    results = league_results(event)
    assert results.b_final_playoff == [3, 6, 9]
    assert results.b_final_winner is None
    assert Decimal("1.125") not in {row.a for row in results.final}
    assert b_final_page_order(event) == [(1, 3, True), (1, 6, True), (1, 9, True)]


def test_b_final_playoff_order_is_used_for_a_and_the_standings() -> None:
    """六.2 and 7.2 3): once the arbiters enter the playoff order (9, then 3, then 6) in the
    B-final's round file, 9 is the winner with A = 1.125, and the standings page shows 9 first."""
    event = three_group_league(b_final_order=(9, 3, 6))
    results = league_results(event)
    assert results.b_final_winner == 9 and results.b_final_playoff == []
    a = {row.player: row.a for row in results.final}
    assert a[9] == Decimal("1.125") and a[3] != Decimal("1.125") and a[6] != Decimal("1.125")
    assert b_final_page_order(event) == [(1, 9, False), (2, 3, False), (3, 6, False)]


def test_fully_tied_group_players_are_marked_for_a_playoff() -> None:
    """rules/common.md §4 and the rules file (六.2 group placing: score₁, direct encounter,
    opponent score, Y, then the arbiters' order; never by number): 1 and 3 both won their only game
    (score₁ 3.000), never met, their opponents 2 and 4 both have 0 and their Y are equal — marked
    "playoff needed"; the arbiters' order 3, 1 then places 3 first."""
    players = roster(4)
    tied = section("g", players, [games(1, (1, 2, "1-0"), (3, 4, "1-0"))], stage=1)
    rows = group_table(tied, dict.fromkeys(range(1, 5), 0))
    assert [(row.player, row.playoff) for row in rows] == [(1, True), (3, True), (2, True), (4, True)]
    ordered = dataclasses.replace(tied, rounds=(games(1, (1, 2, "1-0"), (3, 4, "1-0"),
                                                      ranking_order=(3, 1, 4, 2)),))
    rows = group_table(ordered, dict.fromkeys(range(1, 5), 0))
    assert [(row.place, row.player, row.playoff) for row in rows] == [
        (1, 3, False), (2, 1, False), (3, 4, False), (4, 2, False)]


def test_a_stage1_bye_counts_as_a_won_game_in_score1() -> None:
    """补充细则 7.0 and the rules file's decision: a stage-1 bye counts as a won game, so player 3
    (bye in round 1, Y = 50) has W = 1 and score₁ = 3·1 + 50/25 = 5.000."""
    players = roster(3)
    group = section("g", players, [games(1, (1, 2, "1-0"), byes=(3,))], stage=1)
    row = next(row for row in group_table(group, {1: 0, 2: 0, 3: 50}) if row.player == 3)
    assert (row.wins, row.score1) == (1, Decimal("5.000"))


def with_league(event: Event, computed: LeagueResults) -> EventResults:
    results = EventResults(event)
    results.__dict__["league"] = computed  # the league's results, as `EventResults.league` caches them
    return results


def test_schools_tied_for_first_win_no_prize_and_the_third_keeps_the_third_prize() -> None:
    """七 注 (a tie for first is decided by playoff) and 九.2 (team prizes by place: 1st 15000 and
    a shogi set, 2nd 3000, 3rd 1000): two schools tied for first (rank "?") win nothing yet; the
    third school, rank 3, wins the third prize, 1000 — not the first."""
    pad = (Decimal("0.8"),) * 6
    computed = LeagueResults(schools=[
        league.SchoolRow("A", pad, 300, None, playoff=True),
        league.SchoolRow("B", pad, 300, None, playoff=True),
        league.SchoolRow("C", pad, 250, 3), league.SchoolRow("D", pad, 200, 4)])
    event = Event("league", "League", "shogi", "zh", (), regulation="shogi-student-league")
    prizes = {entry: (award.prize.place, award.amount) for award in with_league(event, computed).school_prizes
              for entry in award.players}
    assert prizes == {2: (3, Decimal(1000))}


def test_individuals_awaiting_a_playoff_win_no_prize_yet() -> None:
    """七 注 and 九.2 (individual prizes by place, 1st–3rd 1000): players 1 and 2 level awaiting a
    playoff (places 1–2) win none yet; player 3, third, keeps the third prize, 1000."""
    def line(rank: int, player: int, playoff: bool) -> LeagueRow:
        return LeagueRow(rank, player, Decimal(1), Decimal(0), Decimal(0), 0, 0, Decimal(1), Decimal(0),
                         Decimal(10), playoff=playoff)

    computed = LeagueResults(final=[line(1, 1, True), line(2, 2, True), line(3, 3, False)])
    event = Event("league", "League", "shogi", "zh", (), regulation="shogi-student-league")
    prizes = {entry: (award.prize.place, award.amount) for award in with_league(event, computed).league_prizes
              for entry in award.players}
    assert prizes == {3: (3, Decimal(1000))}


def test_playoff_outcome_orders_a_tie_left_by_the_rules() -> None:
    """七 注: equal scores, no direct game, equal Y → playoff; its outcome (2 before 1) gives
    D = 0.001 to 2 (one tied player below) and 0 to 1, and nothing is left for a playoff."""
    scores = {1: Decimal("50.000"), 2: Decimal("50.000")}
    d, left = league.tie_corrections(scores, lambda a, b: None, {1: 30, 2: 30}, [[2, 1]])
    assert d == {1: Decimal(0), 2: Decimal("0.001")} and left == []


def one_stage_league(**decisions: Any) -> Event:
    """One group of two: 1 beats 2 (X: 1st 75, 2nd 68); Y of 2 is 15. Stage 2 is not played, so
    A = 1, B = 0, C = 0 for everyone."""
    players = roster(2, {2: 15})
    group = section("g", players, [games(1, (1, 2, "1-0"))], stage=1)
    return Event("league", "League", "shogi", "zh", (group,), players=tuple(players),
                 regulation="shogi-student-league", league=League(**decisions))


def test_organizer_x_adjustment_and_arbiters_d_correction_apply() -> None:
    """补充细则 7.1 (the organizer may adjust X) and 七 (D, the arbiters' correction): player 2 with
    X set to 70 and D set to 0.005 scores 1·(70 + 0) + 15/7.5 + 0 + 0.005 = 72.005."""
    event = one_stage_league(x_adjustments={2: Decimal(70)}, d_corrections={2: Decimal("0.005")})
    results = league_results(event)
    row = next(r for r in results.final if r.player == 2)
    assert (row.x, row.d, row.score, row.d_set) == (Decimal(70), Decimal("0.005"), Decimal("72.005"), True)
    assert next(r for r in results.groups["g"] if r.player == 2).x_adjusted


@pytest.fixture
def content(tmp_path: Path) -> Path:
    copy = tmp_path / SLUG
    shutil.copytree(ROOT / "content" / SLUG, copy)
    return copy


def add_to_event(content: Path, text: str) -> None:
    event = content / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + text, encoding="utf-8")


def check(content: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", str(content)])
    return result.exit_code, result.output


def test_league_decisions_are_loaded_from_the_event_file(content: Path) -> None:
    """七 注 (playoff outcome), 七 (D), 补充细则 7.1 (X), 七 注 (school playoff): the keys of
    event.yaml reach the event."""
    add_to_event(content, "final_playoffs: [[叶欣, 蒋晨]]\nd_corrections: {叶欣: 0.002}\n"
                          "x_adjustments: {蒋晨: 10.5}\n")
    event = load_checked(content).events[0]
    assert event.league.final_playoffs == ((1, 2),)
    assert event.league.d_corrections == {1: Decimal("0.002")}
    assert event.league.x_adjustments == {2: Decimal("10.5")}


@pytest.mark.parametrize("text, message", [
    ("final_playoffs: [叶欣]\n", "a playoff outcome lists two or more players"),
    ("d_corrections: {叶欣: 0.0005}\n", "D of a player must be a number with at most three decimals"),
    ("x_adjustments: {叶欣: -1}\n", "X of a player must be a number with at most three decimals and not neg"),
    ("school_playoff: 浙江大学\n", "school_playoff '浙江大学' is not one of the schools tied for first"),
])
def test_bad_league_decisions_are_located_errors(content: Path, text: str, message: str) -> None:
    """七 注, 七, 补充细则 7.1: a value the rules do not allow is an error at its line in event.yaml
    (the example has no tie for first among schools, so no school playoff)."""
    add_to_event(content, text)
    line = len((content / "event.yaml").read_text(encoding="utf-8").splitlines())
    code, output = check(content)
    assert code == 2 and message in output
    assert re.search(rf"event\.yaml:{line}:\d+: ", output), output


def test_challenge_errors_name_the_players(content: Path) -> None:
    """六.3 (six places): an invalid challenge names both players by name and number."""
    (content / "challenges.yaml").write_text("challenges:\n  - [曹晨, 程佳, \"1-0\"]\n", encoding="utf-8")
    numbers = {p.name: p.number for p in load_checked(ROOT / "content" / SLUG).events[0].players}
    code, output = check(content)
    assert code == 2
    assert (f"challenges.yaml:2:5: challenge not allowed: 曹晨 (#{numbers['曹晨']}) may not challenge "
            f"程佳 (#{numbers['程佳']})") in output
    assert "(六.3: 位次不低于自己六位及以内)" in output


def test_a_stage2_change_that_breaks_a_challenge_is_located_at_it(content: Path) -> None:
    """六.3 (six places): with the B-final's round-3 result reversed, 高明宇 wins the B-final
    (A = 1.125) and 韩晨梓 drops, so his challenge of 杜杰 (line 5 of challenges.yaml) reaches more
    than six places; the error is at that challenge, names both and the clause."""
    round3 = content / "final-b" / "rounds" / "03.yaml"
    text = round3.read_text(encoding="utf-8")
    round3.write_text(text.replace('[1, "韩晨梓", "高明宇", "1-0"]', '[1, "韩晨梓", "高明宇", "0-1"]'),
                      encoding="utf-8")
    code, output = check(content)
    assert code == 2
    assert re.search(r"challenges\.yaml:5:5: challenge not allowed: 韩晨梓 \(#\d+\) may not challenge "
                     r"杜杰 \(#\d+\): the target is ranked \d+ places above, more than six "
                     r"\(六\.3: 位次不低于自己六位及以内\)", output), output


def test_a_challenge_before_stage2_ends_is_named(content: Path) -> None:
    """六.3: challenges follow the stage-2 ranking; a challenge entered while a stage-2 result is
    pending is an error at the first challenge, naming it and the clause."""
    round3 = content / "final-b" / "rounds" / "03.yaml"
    text = round3.read_text(encoding="utf-8")
    round3.write_text(text.replace('[1, "韩晨梓", "高明宇", "1-0"]', '[1, "韩晨梓", "高明宇", "?"]'),
                      encoding="utf-8")
    code, output = check(content)
    assert code == 2
    assert re.search(r"challenges\.yaml:3:5: challenge of 朱轩文 \(#\d+\) to 张梓梓 \(#\d+\) is entered "
                     r"before stage 2 is complete \(六\.3", output), output


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from site_builder.build import build_site

    out = tmp_path_factory.mktemp("league") / "out"
    build_site(ROOT / "content" / SLUG, out, pdf=False)
    return out / SLUG


def test_stage2_page_shows_no_prizes_or_award_notes(built: Path) -> None:
    """六.2 (the stage-2 ranking is the formula with C = 0, a basis for the challenges) and 九:
    prizes and the arbiters' special awards belong to the final ranking only."""
    stage2 = (built / "league" / "stage2.html").read_text(encoding="utf-8")
    final = (built / "league" / "ranking.html").read_text(encoding="utf-8")
    assert "皮面将棋盘" not in stage2 and "裁判委员会特别决定" not in stage2 and "赞助奖励" not in stage2
    assert "1000 + 皮面将棋盘" in final and "三等奖（裁判委员会特别决定）" in final


def test_league_results_are_game_results_not_point_scores(built: Path) -> None:
    """rules/common.md §1 (points never come from the notation) and seed 000 六.2 (a win is worth 3,
    a draw 2 or 1): shogi results are printed 1-0 / ½-½ / 0-1, never 2:0 or 1:1."""
    assert (fmt.result(Outcome.FIRST_WINS, "shogi"), fmt.result(Outcome.DRAW, "shogi"),
            fmt.result(Outcome.SECOND_WINS, "shogi")) == ("1-0", "½-½", "0-1")
    page = (built / "group-a" / "round-01.html").read_text(encoding="utf-8")
    assert ">1-0<" in page and ">2:0<" not in page


def test_event_json_holds_the_league(built: Path) -> None:
    """七 (score = A·(X + C) + Y/7.5 + 4.5·B·k + D, half-up to three decimals), 九.2 (team 1st:
    15000 and a shogi set): the export carries every term; for each final row the terms give the
    score by hand arithmetic, and the first school's prize is the first prize."""
    document = json.loads((built / "event.json").read_text(encoding="utf-8"))["league"]
    assert {"groups", "stage2", "final", "schools", "playoffs", "challenges", "targets"} <= set(document)
    for row in document["final"]:
        a, x, c, d, k = (Decimal(row[key]) for key in ("a", "x", "c", "d", "k"))
        exact = a * (x + c) + Decimal(row["y"]) / Decimal("7.5") + Decimal("4.5") * row["b"] * k + d
        assert abs(Decimal(row["score"]) - exact) <= Decimal("0.0005")
    first = next(row for row in document["schools"] if row["rank"] == 1)
    assert first["prize"] == {"amount": "15000", "item": "将棋套装"}
    groups = {g["section"]: g["rows"] for g in document["groups"]}
    assert [row["x"] for row in groups["group-a"][:3]] == ["75", "68", "60"]
