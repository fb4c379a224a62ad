"""The staged Swiss of seed 003 (rules/gomoku-staged-swiss.md): worked examples for each clause."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from site_builder.engine import staged
from site_builder.engine.scoring import records
from site_builder.engine.staged import StagedRound
from site_builder.model import Game, GameKind, Outcome, Tiebreak
from site_builder.regulations.gomoku import round_count
from site_builder.systems import section_standings

CHAIN = (Tiebreak("opponent-score", {"from_round": 3}), Tiebreak("progressive-cuts"),
         Tiebreak("penalties"), Tiebreak("warnings"))


@pytest.mark.parametrize(("entrants", "rounds"), [(7, 7), (18, 7), (37, 7), (100, 11), (300, 13),
                                                  (12, 7), (1000, 15)])
def test_round_count(entrants: int, rounds: int) -> None:
    """§1: nearest power of two (ties: the smaller), × 1.5, odd (halfway: the larger), at least 7."""
    assert round_count(entrants)[0] == rounds


def test_round_count_explains_itself() -> None:
    assert round_count(18)[1] == "n = 18 ≈ 2^4; 1.5 × 4 = 6 → 7; max(7, 7) = 7"


def test_stages() -> None:
    """§2: preliminaries are rounds 1–2, the final is the last round, the rest is the main stage."""
    assert [staged.stage(n, 7) for n in range(1, 8)] == \
        ["preliminary"] * 2 + ["main"] * 4 + ["final"]


def _prelims(make_section, players: int, rounds: list, **kw):
    return make_section(players, rounds, system="staged-swiss", rounds_planned=7, tiebreaks=CHAIN, **kw)


def test_elimination_of_the_weakest_zero_score_players_and_reinstatement(make_section) -> None:
    """§2.1.1: about a quarter (round(n/4)) of the zero-score players, largest numbers first; if the
    rest is odd, the eliminated player with the smallest number is reinstated."""
    # 12 players, rounds 1–2: the first player of every board wins.
    r1 = [(1, 7, "1-0"), (2, 8, "1-0"), (3, 9, "1-0"), (4, 10, "1-0"), (5, 11, "1-0"), (6, 12, "1-0")]
    r2 = [(1, 2, "1-0"), (3, 4, "1-0"), (5, 6, "1-0"), (7, 8, "1-0"), (9, 10, "1-0"), (11, 12, "1-0")]
    section = _prelims(make_section, 12, [r1, r2])
    result = staged.elimination(section, records(section), enabled=True)
    # zero-score: 8, 10, 12; quota min(round(12/4) = 3, 3) = 3 → all three; 9 remain (odd)
    # → the eliminated player with the smallest number (8) is reinstated
    assert (result.eliminated, result.reinstated) == ((10, 12), 8)
    # 13 players (13 has the bye of round 1 in this layout): zero-score 8, 10, 12;
    # quota round(13/4) = 3 → 8, 10, 12 eliminated, 10 remain (even): nobody reinstated
    section = _prelims(make_section, 13, [{"games": r1, "byes": [13]}, {"games": r2, "byes": [13]}])
    result = staged.elimination(section, records(section), enabled=True)
    assert (result.eliminated, result.reinstated) == ((8, 10, 12), None)
    # 24 players: six zero-score players, quota round(24/4) = 6; elimination is optional per event
    r1 = [(n, n + 12, "1-0") for n in range(1, 13)]
    r2 = [(n, n + 1, "1-0") for n in range(1, 12, 2)] + [(n, n + 1, "1-0") for n in range(13, 24, 2)]
    section = _prelims(make_section, 24, [r1, r2])
    zero = [p for p in range(1, 25) if records(section).total(p, 2) == 0]
    assert zero == [14, 16, 18, 20, 22, 24]
    assert staged.elimination(section, records(section), enabled=True).eliminated == tuple(zero)
    assert staged.elimination(section, records(section), enabled=False).eliminated == ()


def test_elimination_override_and_dropped_players(make_section) -> None:
    """§2.1.1 (the chief arbiter decides) and §3.1.2.3 (forfeits and withdrawals do not continue)."""
    r1 = {"games": [(1, 3, "1-0"), (2, 4, "-+")]}
    r2 = {"games": [(1, 4, "1-0"), (3, 2, "1-0")], "withdrawn": [3]}
    section = _prelims(make_section, 4, [r1, r2])
    result = staged.elimination(section, records(section), enabled=True)
    assert result.dropped == (2, 3)  # 2 forfeited in round 1, 3 withdrew after round 2
    rounds = list(section.rounds)
    rounds[1] = dataclasses.replace(rounds[1], detail=StagedRound(eliminated=(4,)))
    section = dataclasses.replace(section, rounds=tuple(rounds))
    result = staged.elimination(section, records(section), enabled=True)
    assert result.overridden and result.eliminated == (4,)


def test_the_final_placing_says_why_a_player_is_out_as_the_elimination_does(make_section) -> None:
    """§2.1.1 and §3.1.2.3: below the final's places, each player out after the preliminaries is
    placed for the reason the elimination lists them under (`Elimination.reason`), computed once:
    eliminated, or withdrew or forfeited in the preliminaries ("dropped") — a withdrawal in round 2
    is no elimination, even with points."""
    r1 = {"games": [(1, 5, "1-0"), (2, 6, "1-0"), (3, 7, "1-0"), (4, 8, "+-")]}  # 8 forfeits
    r2 = {"games": [(1, 2, "1-0"), (3, 4, "1-0"), (5, 6, "1-0"), (7, 8, "1-0")], "withdrawn": [5]}
    r3 = {"games": [(1, 3, "1-0"), (2, 4, "1-0")], "byes": [7]}  # the final
    section = make_section(8, [r1, r2, r3], system="staged-swiss", rounds_planned=3, tiebreaks=CHAIN)
    rounds = list(section.rounds)
    rounds[1] = dataclasses.replace(rounds[1], detail=StagedRound(eliminated=(6,)))  # the arbiter's list
    section = dataclasses.replace(section, rounds=tuple(rounds))
    recs = records(section)
    result = staged.elimination(section, recs, enabled=True)
    assert (result.eliminated, result.dropped) == ((6,), (5, 8))
    before = [row.player for row in section_standings(section, recs, 2).rows]
    placing = staged.final_order(section, recs, before)
    out = {p.player: p.how for p in placing if p.player in result.out}
    assert out == {5: "dropped", 6: "eliminated", 8: "dropped"}
    assert all(result.reason(player) == how for player, how in out.items())
    assert result.reason(1) is None
    # the standings after the final round are the final placing, with the same reasons
    table = section_standings(section, recs, 3)
    assert {row.player: row.decided for row in table.rows if row.player in result.out} == out


def test_eliminated_players_rank_below_everyone(make_section) -> None:
    """rules: players eliminated after the preliminaries are ranked below all others."""
    r1 = {"games": [(1, 3, "0-1"), (2, 4, "1-0")]}
    r2 = {"games": [(3, 2, "1-0"), (1, 4, "1-0")]}
    r2_override = {**r2}
    section = _prelims(make_section, 4, [r1, r2_override])
    rounds = list(section.rounds)
    rounds[1] = dataclasses.replace(rounds[1], detail=StagedRound(eliminated=(1,)))
    section = dataclasses.replace(section, rounds=tuple(rounds))
    table = section_standings(section, records(section), 2)
    assert [row.player for row in table.rows][-1] == 1


def test_withdrawn_opponents_score_is_extrapolated(make_section) -> None:
    """§5.4.2: a main-stage withdrawal counts score + score / rounds played × rounds missed."""
    rounds = [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "1-0"), (2, 4, "1-0")],
              {"games": [(4, 1, "1-0"), (2, 3, "1-0")], "withdrawn": [4]},  # 4 leaves after round 3
              {"games": [(1, 2, "=")], "absent": [3]}, {"games": [(2, 1, "=")], "absent": [3]}]
    section = _prelims(make_section, 4, rounds)
    recs = records(section)
    # player 4: 2 points after 3 rounds; 2 rounds missed → 2 + 2/3 × 2 = 10/3
    assert staged.extrapolated_totals(section, recs, 5) == {4: Fraction(10, 3)}
    table = section_standings(section, recs, 5)
    one = next(row for row in table.rows if row.player == 1)
    # player 1's 小分 from round 3: opponents 4 (10/3), 2 (0+2+2+1+1 = 6), 2 (6) → 46/3 points
    assert recs.points(one.values[0]) == Fraction(46, 3)


def _final(players: list[int], games: list[tuple[int, int, Outcome]],
           playoffs: list[tuple[int, int, Outcome]], make_section):
    section = make_section(len(players), [{"games": [(a, b, o.value) for a, b, o in games]}],
                           system="staged-swiss")
    rnd = dataclasses.replace(section.rounds[0], detail=StagedRound(playoffs=tuple(
        Game(i, a, b, o, GameKind.RAPID) for i, (a, b, o) in enumerate(playoffs, start=1))))
    return dataclasses.replace(section, rounds=(rnd,))


def test_final_segments_and_placings(make_section) -> None:
    """§2.3 and §5.2: 1v2, 3v4, 5v6; the winner takes the upper place; a drawn final goes to the
    rapid playoff (§5.2.1), then to the ranking after the second-to-last round (§5.2.2)."""
    ranking = [1, 2, 3, 4, 5, 6, 7]
    pairs, bye = staged.final_pairs(ranking)
    assert (pairs, bye) == ([(1, 2), (3, 4), (5, 6)], 7)
    games = [(2, 1, Outcome.FIRST_WINS), (3, 4, Outcome.DRAW), (6, 5, Outcome.DRAW)]
    playoffs = [(4, 3, Outcome.FIRST_WINS), (5, 6, Outcome.DRAW)]
    section = _final(ranking, games, playoffs, make_section)
    placings = [(p.place, p.player, p.how) for p in staged.final_placings(ranking, section)]
    assert placings == [(1, 2, "final"), (2, 1, "final"), (3, 4, "playoff"), (4, 3, "playoff"),
                        (5, 5, "ranking"), (6, 6, "ranking"), (7, 7, "bye")]


def test_progressive_cuts_break_the_tie(make_section) -> None:
    """§5.3.1.1 B: equal cumulative scores go to the cumulative score without round 1, then 2, …"""
    # 1: W L W L → running 2 2 4 4, cumulative 12; without round 1: 10
    # 2: L W W L → running 0 2 4 4, cumulative 10 … so use two players with equal cumulatives:
    # 3: W L L W → 2 2 2 4 = 10 ; without round 1: 8
    # 2: L W W L → 0 2 4 4 = 10 ; without round 1: 10 → 2 ranks above 3
    rounds = [[(3, 5, "1-0"), (2, 6, "0-1")], [(3, 6, "0-1"), (2, 5, "1-0")],
              [(3, 7, "0-1"), (2, 8, "1-0")], [(3, 8, "1-0"), (2, 7, "0-1")]]
    section = make_section(8, rounds, tiebreaks=[Tiebreak("progressive-cuts")])
    table = section_standings(section, records(section), 4)
    order = [row.player for row in table.rows if row.player in (2, 3)]
    assert order == [2, 3]


def test_withdrawal_before_the_final_keeps_the_final_game(make_section) -> None:
    """§5.4.4: whoever withdraws in the final stage has the final game counted as a loss, so they are
    still paired in the final (the arbiter enters the forfeit)."""
    from site_builder.pairing.staged import next_staged_round

    rounds = [[(1, 3, "1-0"), (2, 4, "1-0")], [(1, 2, "1-0"), (3, 4, "1-0")],
              {"games": [(1, 4, "1-0"), (2, 3, "1-0")], "withdrawn": [4]}]
    section = make_section(4, rounds, system="staged-swiss", rounds_planned=4, tiebreaks=CHAIN)
    section = dataclasses.replace(section, options={"eliminate_after_prelims": False})
    pairing = next_staged_round(section, records(section), draw_seed=1)
    assert {p for pair in pairing.pairs for p in (pair.first, pair.second)} == {1, 2, 3, 4}
