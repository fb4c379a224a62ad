"""Knockout mini-matches, tiebreak chains and placings (seed 004 一.(三), 二).

Rules in English: rules/xiangqi-national-individual.md, "Men A: knockout".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from site_builder.engine.knockout import KnockoutRound, match_result, placings, violations
from site_builder.engine.scoring import point_scale
from site_builder.model import Game, GameKind, Match, Outcome, Player, Round, Scoring, Section
from site_builder.regulations import ONE_HALF_ZERO, TWO_ONE_ZERO, XIANGQI_2017_KNOCKOUT

RULES = XIANGQI_2017_KNOCKOUT
W, D, L, P = Outcome.FIRST_WINS, Outcome.DRAW, Outcome.SECOND_WINS, Outcome.PENDING
SLOW, RAPID, BLITZ, ARM = GameKind.SLOW, GameKind.RAPID, GameKind.BLITZ, GameKind.ARMAGEDDON


def match(*games: tuple[int, int, Outcome, GameKind], placement: str = "") -> Match:
    return Match(1, tuple(Game(1, a, b, o, k) for a, b, o, k in games), placement)


def test_slow_games_decide() -> None:
    """二(一): two games, one with each colour; more points advances."""
    result = match_result(match((1, 2, W, SLOW), (2, 1, D, SLOW)), TWO_ONE_ZERO)
    assert (result.winner, result.loser, result.decided_by, result.slow_points) == (1, 2, SLOW, (3, 1))


def _points(units: tuple[int, int] | None, scoring: Scoring) -> tuple[Fraction, ...] | None:
    return None if units is None else tuple(Fraction(u, point_scale(scoring)) for u in units)


@pytest.mark.parametrize(("games", "scoring", "points", "winner"), [
    # chess scores 1/½/0 (docs/content.md, Scoring): a loss and a draw are ½, their opponent's 1½
    ([(1, 2, L, SLOW), (2, 1, D, SLOW)], ONE_HALF_ZERO, (Fraction(1, 2), Fraction(3, 2)), 2),
    ([(1, 2, L, SLOW), (2, 1, W, SLOW)], ONE_HALF_ZERO, (Fraction(0), Fraction(2)), 2),
    ([(1, 2, W, SLOW), (2, 1, D, SLOW)], ONE_HALF_ZERO, (Fraction(3, 2), Fraction(1, 2)), 1),
    # seed 004 二 scores 2/1/0, as before
    ([(1, 2, L, SLOW), (2, 1, D, SLOW)], TWO_ONE_ZERO, (Fraction(1), Fraction(3)), 2),
    ([(1, 2, L, SLOW), (2, 1, W, SLOW)], TWO_ONE_ZERO, (Fraction(0), Fraction(4)), 2),
])
def test_slow_games_score_by_the_sections_scoring(games, scoring: Scoring, points, winner: int) -> None:
    result = match_result(match(*games), scoring)
    assert (_points(result.slow_points, scoring), result.winner) == (points, winner)


def test_a_match_without_results_has_no_score() -> None:
    """A pending game scores nothing: an unplayed match has no score, a half-played one the game
    played."""
    for scoring in (ONE_HALF_ZERO, TWO_ONE_ZERO):
        unplayed = match_result(match((1, 2, P, SLOW), (2, 1, P, SLOW)), scoring)
        assert (unplayed.slow_points, unplayed.winner, unplayed.decided_by) == (None, None, None)
        half = match_result(match((1, 2, W, SLOW), (2, 1, P, SLOW)), scoring)
        assert (_points(half.slow_points, scoring), half.winner) == ((scoring.win, scoring.loss), None)


def test_first_decisive_tiebreak_game_ends_the_match() -> None:
    result = match_result(match((1, 2, D, SLOW), (2, 1, D, SLOW), (1, 2, D, RAPID), (2, 1, W, RAPID)),
                          TWO_ONE_ZERO)
    assert (result.winner, result.decided_by) == (2, RAPID)


def test_armageddon_draw_is_a_win_for_black() -> None:
    """二(一): 附加赛 … 胜者（和棋黑胜）晋级."""
    result = match_result(match((1, 2, D, SLOW), (2, 1, D, SLOW), (1, 2, D, RAPID), (2, 1, D, RAPID),
                                (1, 2, D, ARM)), TWO_ONE_ZERO)
    assert (result.winner, result.decided_by) == (2, ARM)


def test_undecided_while_pending_or_tied() -> None:
    assert match_result(match((1, 2, W, SLOW), (2, 1, P, SLOW)), TWO_ONE_ZERO).winner is None
    assert match_result(match((1, 2, D, SLOW), (2, 1, D, SLOW)), TWO_ONE_ZERO).winner is None


@pytest.mark.parametrize(("games", "placement", "field", "message"), [
    ([(1, 2, W, SLOW), (1, 2, D, SLOW)], "", 64, "reverse the colours of the first"),
    ([(1, 2, W, SLOW), (2, 1, D, SLOW), (1, 2, W, RAPID)], "", 64, "after the match was decided"),
    ([(1, 2, D, SLOW), (2, 1, D, SLOW), (1, 2, D, BLITZ)], "", 64, "must be rapid"),
    ([(1, 2, D, SLOW), (2, 1, D, SLOW), (1, 2, D, RAPID), (1, 2, D, RAPID)], "", 64, "must reverse"),
    # rounds 1–3: rapid, rapid, then Armageddon — no blitz (二(一))
    ([(1, 2, D, SLOW), (2, 1, D, SLOW), (1, 2, D, RAPID), (2, 1, D, RAPID), (1, 2, D, BLITZ)], "", 64,
     "must be armageddon"),
    # from the quarter-final: two blitz before the Armageddon (二(二))
    ([(1, 2, D, SLOW), (2, 1, D, SLOW), (1, 2, D, RAPID), (2, 1, D, RAPID), (1, 2, D, ARM)], "", 8,
     "must be blitz"),
    ([(1, 2, D, SLOW), (2, 1, P, SLOW), (1, 2, D, RAPID)], "", 64, "pending"),
    ([(1, 2, D, RAPID), (2, 1, D, SLOW)], "", 64, "starts with two slow games"),
    ([(1, 2, D, SLOW), (2, 1, D, SLOW), (1, 2, D, RAPID), (2, 1, D, RAPID), (1, 2, W, ARM),
      (2, 1, D, ARM)], "", 64, "after the match was decided"),
])
def test_violations(games, placement: str, field: int, message: str) -> None:
    found = violations(match(*games, placement=placement), RULES.chain(placement, field), TWO_ONE_ZERO)
    assert any(message in text for _, text, _ in found), found


def test_final_plays_blitz_until_decisive_with_colours_alternating() -> None:
    """二(三): the final continues with blitz games, colours swapped each time."""
    games = [(1, 2, D, SLOW), (2, 1, D, SLOW), (1, 2, D, RAPID), (2, 1, D, RAPID)]
    games += [(1, 2, D, BLITZ), (2, 1, D, BLITZ), (1, 2, D, BLITZ), (2, 1, W, BLITZ)]
    final = match(*games, placement="final")
    assert violations(final, RULES.chain("final", 2), TWO_ONE_ZERO) == []
    assert match_result(final, TWO_ONE_ZERO).winner == 2
    wrong = match(*games[:-1], (1, 2, W, BLITZ), placement="final")
    assert violations(wrong, RULES.chain("final", 2), TWO_ONE_ZERO)


def _ko_section(rounds: list[Round], players: int = 16) -> Section:
    return Section("ko", "KO", "knockout", 4, TWO_ONE_ZERO, (),
                   tuple(Player(n, f"P{n}") for n in range(1, players + 1)), tuple(rounds))


def _round(number: int, winners_first: list[tuple[int, int]],
           placement: dict[int, str] | None = None) -> Round:
    matches = tuple(Match(i + 1, (Game(i + 1, a, b, W), Game(i + 1, b, a, L)), (placement or {}).get(i, ""))
                    for i, (a, b) in enumerate(winners_first))
    return Round(number, detail=KnockoutRound(matches))


def test_placings_of_a_16_player_knockout() -> None:
    """一.(三): early losers share places; from the quarter-final placement matches decide 1–8."""
    r1 = _round(1, [(1, 16), (2, 15), (3, 14), (4, 13), (5, 12), (6, 11), (7, 10), (8, 9)])
    after_one = {p.player: (p.first, p.last, p.shared) for p in placings(_ko_section([r1]))}
    assert after_one[16] == (9, 16, True) and after_one[1] == (1, 8, False)
    r2 = _round(2, [(1, 8), (2, 7), (3, 6), (4, 5)])  # quarter-final
    r3 = _round(3, [(1, 4), (2, 3), (5, 8), (6, 7)], {2: "5-8", 3: "5-8"})
    r4 = _round(4, [(1, 2), (3, 4), (5, 6), (7, 8)], {0: "final", 1: "3-4", 2: "5-6", 3: "7-8"})
    final = placings(_ko_section([r1, r2, r3, r4]))
    table = {p.player: (p.first, p.last) for p in final}
    assert [table[n] for n in range(1, 9)] == [(n, n) for n in range(1, 9)]
    assert table[9] == (9, 16)
    # the round each player went out in: the bracket's matches and the final, not placement matches
    out = {p.player: p.out_in for p in final}
    assert [out[n] for n in range(1, 17)] == [None, 4, 3, 3, 2, 2, 2, 2, *([1] * 8)]


def test_placings_follow_the_bracket_as_played_after_a_correction() -> None:
    """A result of round 1 corrected after round 2 was played (docs/systems.md, Knockout sections):
    player 16 now wins the match against 1, but 1 played on in round 2 and 16 did not. Who went on is
    who played on: 1 is not out in round 1, 16 is, sharing 9-16 with the other losers."""
    r1 = _round(1, [(16, 1), (2, 15), (3, 14), (4, 13), (5, 12), (6, 11), (7, 10), (8, 9)])  # corrected
    r2 = _round(2, [(1, 8), (2, 7), (3, 6), (4, 5)])
    table = {p.player: p for p in placings(_ko_section([r1, r2]))}
    assert (table[1].first, table[1].last, table[1].shared, table[1].out_in) == (1, 4, False, None)
    assert (table[16].first, table[16].last, table[16].shared, table[16].out_in) == (9, 16, True, 1)
    assert sorted(p for p, placing in table.items() if placing.out_in == 1) == [9, 10, 11, 12, 13, 14, 15, 16]
    # without a round after it, the result decides
    alone = {p.player: p for p in placings(_ko_section([r1]))}
    assert (alone[16].first, alone[16].last, alone[1].out_in) == (1, 8, 1)
