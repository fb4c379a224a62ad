"""Scoring: outcomes → per-player kinds and points, byes, absences, running totals (common.md §1–§3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from site_builder.engine.scoring import (
    Kind,
    Records,
    Side,
    effective_outcome,
    kind_points,
    point_scale,
    records,
)
from site_builder.model import Game, GameKind, Outcome, Scoring

XIANGQI = Scoring()  # 2 / 1 / 0, bye 2 (common.md §2, seed 004)
HALVES = Scoring(win=Fraction(1), draw=Fraction(1, 2), loss=Fraction(0), forfeit_win=Fraction(1),
                 forfeit_loss=Fraction(0), double_forfeit=Fraction(0), bye=Fraction(1))

# outcome → (first kind, second kind, first points 2/1/0, second points 2/1/0, same in 1/½/0)
OUTCOMES = [
    (Outcome.FIRST_WINS, Kind.WIN, Kind.LOSS, 2, 0, Fraction(1), Fraction(0)),
    (Outcome.DRAW, Kind.DRAW, Kind.DRAW, 1, 1, Fraction(1, 2), Fraction(1, 2)),
    (Outcome.SECOND_WINS, Kind.LOSS, Kind.WIN, 0, 2, Fraction(0), Fraction(1)),
    (Outcome.FIRST_WINS_FORFEIT, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, 2, 0, Fraction(1), Fraction(0)),
    (Outcome.SECOND_WINS_FORFEIT, Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN, 0, 2, Fraction(0), Fraction(1)),
    (Outcome.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT, 0, 0, Fraction(0), Fraction(0)),
    (Outcome.PENDING, Kind.PENDING, Kind.PENDING, 0, 0, Fraction(0), Fraction(0)),
]


def _one_game(make_section, outcome: Outcome, scoring: Scoring, kind: GameKind = GameKind.SLOW):
    section = make_section(2, [[(1, 2, outcome.value, kind)]], scoring=scoring)
    recs = records(section)
    return recs, recs.entries[1][0], recs.entries[2][0]


# ---------------------------------------------------------------------------------------------- scale


def test_point_scale_whole_points():
    """common.md §2: 2/1/0 scoring needs no fractions, so one unit is one point."""
    assert point_scale(XIANGQI) == 1
    assert point_scale(Scoring(win=Fraction(3), draw=Fraction(2), bye=Fraction(3))) == 1


def test_point_scale_halves():
    """common.md §2: 1/½/0 scoring is kept in half-point units (scale 2)."""
    assert point_scale(HALVES) == 2


def test_point_scale_lcm_of_all_denominators():
    """common.md §2: every configured value (here the absent score, ⅓) must be whole in units."""
    scoring = Scoring(win=Fraction(1), draw=Fraction(1, 2), bye=Fraction(1), absent=Fraction(1, 3))
    assert point_scale(scoring) == 6


def test_kind_points_table():
    """common.md §2: each kind of round is worth the scoring system's value; pending/not paired 0."""
    scoring = Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0), forfeit_win=Fraction(2),
                      forfeit_loss=Fraction(-1), double_forfeit=Fraction(-1), bye=Fraction(3),
                      absent=Fraction(1, 2))
    assert kind_points(scoring) == {
        Kind.WIN: 3, Kind.DRAW: 1, Kind.LOSS: 0, Kind.FORFEIT_WIN: 2, Kind.FORFEIT_LOSS: -1,
        Kind.DOUBLE_FORFEIT: -1, Kind.PENDING: 0, Kind.BYE: 3, Kind.ABSENT: Fraction(1, 2),
        Kind.NOT_PAIRED: 0, Kind.HALF_BYE: 1, Kind.FULL_BYE: 3,  # requested byes: as a draw, as a bye
    }


# ------------------------------------------------------------------------------------------- outcomes


@pytest.mark.parametrize(("outcome", "k1", "k2", "p1", "p2", "h1", "h2"), OUTCOMES,
                         ids=[o[0].name for o in OUTCOMES])
def test_outcome_kinds_and_points_2_1_0(make_section, outcome, k1, k2, p1, p2, h1, h2):
    """common.md §1–§2: every outcome, 2/1/0 scoring (seed 004); forfeits score as win/loss,
    a double forfeit 0/0, a pending game nothing."""
    recs, first, second = _one_game(make_section, outcome, XIANGQI)
    assert recs.scale == 1
    assert (first.kind, second.kind) == (k1, k2)
    assert (recs.points(first.points), recs.points(second.points)) == (p1, p2)
    assert (first.running, second.running) == (p1, p2)


@pytest.mark.parametrize(("outcome", "k1", "k2", "p1", "p2", "h1", "h2"), OUTCOMES,
                         ids=[o[0].name for o in OUTCOMES])
def test_outcome_kinds_and_points_1_half_0(make_section, outcome, k1, k2, p1, p2, h1, h2):
    """common.md §1–§2: every outcome under 1/½/0; units are half points (scale 2)."""
    recs, first, second = _one_game(make_section, outcome, HALVES)
    assert recs.scale == 2
    assert (first.kind, second.kind) == (k1, k2)
    assert (recs.points(first.points), recs.points(second.points)) == (h1, h2)
    assert (first.points, second.points) == (int(h1 * 2), int(h2 * 2))


def test_entry_records_opponent_side_board(make_section):
    """common.md §1: a result is entered from the first player's view; each entry knows its side."""
    section = make_section(4, [[(1, 2, "1-0"), (4, 3, "0-1")]])
    recs = records(section)
    e1, e2, e3, e4 = (recs.entries[p][0] for p in (1, 2, 3, 4))
    assert (e1.opponent, e1.side, e1.board) == (2, Side.FIRST, 1)
    assert (e2.opponent, e2.side, e2.board) == (1, Side.SECOND, 1)
    assert (e4.opponent, e4.side, e4.board, e4.kind) == (3, Side.FIRST, 2, Kind.LOSS)
    assert (e3.opponent, e3.side, e3.board, e3.kind) == (4, Side.SECOND, 2, Kind.WIN)
    assert all(e.round == 1 for e in (e1, e2, e3, e4))


def test_points_not_taken_from_notation(make_section):
    """common.md §1: "2:0 in a 3/1/0 event is a win worth 3" — the scoring maps outcomes to points."""
    scoring = Scoring(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3), bye=Fraction(3))
    recs, first, second = _one_game(make_section, Outcome.FIRST_WINS, scoring)
    assert recs.points(first.points) == 3
    assert recs.points(second.points) == 0


def test_configured_forfeit_points(make_section):
    """common.md §2: forfeit win/loss score as configured when the event says so."""
    scoring = Scoring(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(2),
                      forfeit_loss=Fraction(-1), double_forfeit=Fraction(-1))
    recs, first, second = _one_game(make_section, Outcome.SECOND_WINS_FORFEIT, scoring)
    assert (recs.points(first.points), recs.points(second.points)) == (-1, 2)
    recs, first, second = _one_game(make_section, Outcome.DOUBLE_FORFEIT, scoring)
    assert (recs.points(first.points), recs.points(second.points)) == (-1, -1)


def test_pending_scores_nothing_and_has_no_result(make_section):
    """common.md §1: "?" is not yet played; it scores nothing and does not count as a result."""
    _, first, second = _one_game(make_section, Outcome.PENDING, XIANGQI)
    assert first.kind is Kind.PENDING and not first.kind.has_result
    assert first.points == second.points == 0
    assert first.opponent == 2 and second.opponent == 1


# ------------------------------------------------------------------------------------------ Armageddon


@pytest.mark.parametrize("scoring", [XIANGQI, HALVES], ids=["2-1-0", "1-half-0"])
def test_armageddon_draw_is_a_win_for_the_second_player(make_section, scoring):
    """common.md §1: "=" in an Armageddon game counts as a win for the second player (和棋黑胜)."""
    recs, first, second = _one_game(make_section, Outcome.DRAW, scoring, GameKind.ARMAGEDDON)
    assert (first.kind, second.kind) == (Kind.LOSS, Kind.WIN)
    assert recs.points(first.points) == scoring.loss
    assert recs.points(second.points) == scoring.win
    assert second.game_kind is GameKind.ARMAGEDDON


@pytest.mark.parametrize("kind", [GameKind.SLOW, GameKind.RAPID, GameKind.BLITZ])
def test_draw_in_other_game_kinds_stays_a_draw(make_section, kind):
    """common.md §1: only an Armageddon draw is converted; rapid/blitz/slow draws are draws."""
    _, first, second = _one_game(make_section, Outcome.DRAW, XIANGQI, kind)
    assert (first.kind, second.kind) == (Kind.DRAW, Kind.DRAW)
    assert first.game_kind is kind


@pytest.mark.parametrize("outcome", [o for o in Outcome if o is not Outcome.DRAW])
def test_armageddon_other_outcomes_unchanged(outcome):
    """common.md §1: a decisive, forfeited or pending Armageddon game keeps its outcome."""
    assert effective_outcome(Game(1, 1, 2, outcome, GameKind.ARMAGEDDON)) is outcome


# -------------------------------------------------------------------------------------- byes, absent


@pytest.mark.parametrize(("scoring", "units", "points"), [(XIANGQI, 2, 2), (HALVES, 2, 1)],
                         ids=["2-1-0", "1-half-0"])
def test_bye_scores_bye_points(make_section, scoring, units, points):
    """common.md §3 / seed 004 "凡轮空者按胜局计分": a bye scores the event's bye points."""
    section = make_section(3, [{"games": [(1, 2, "=")], "byes": [3]}], scoring=scoring)
    recs = records(section)
    entry = recs.entries[3][0]
    assert entry.kind is Kind.BYE
    assert entry.points == units and recs.points(entry.points) == points
    assert entry.opponent is None and entry.side is None and entry.board is None


def test_configured_bye_points(make_section):
    """common.md §2: seed 000 stage 1 uses 3/2/0 with a bye worth 3 (decision)."""
    scoring = Scoring(win=Fraction(3), draw=Fraction(2), forfeit_win=Fraction(3), bye=Fraction(3))
    recs = records(make_section(3, [{"games": [(1, 2, "=")], "byes": [3]}], scoring=scoring))
    assert [recs.points(recs.entries[p][0].points) for p in (1, 2, 3)] == [2, 2, 3]


@pytest.mark.parametrize(("absent", "expected"), [(Fraction(0), 0), (Fraction(1, 2), Fraction(1, 2))])
def test_absent_scores_absent_points(make_section, absent, expected):
    """common.md §2: an absent player scores the configured absent value (0 by default)."""
    scoring = Scoring(win=Fraction(1), draw=Fraction(1, 2), forfeit_win=Fraction(1), bye=Fraction(1),
                      absent=absent)
    recs = records(make_section(3, [{"games": [(1, 2, "1-0")], "absent": [3]}], scoring=scoring))
    entry = recs.entries[3][0]
    assert entry.kind is Kind.ABSENT
    assert recs.points(entry.points) == expected
    assert entry.opponent is None


def test_player_not_in_round_is_not_paired(make_section):
    """A player neither in a game, nor a bye, nor absent gets NOT_PAIRED worth 0 (e.g. withdrawn)."""
    section = make_section(4, [[(1, 2, "1-0"), (3, 4, "=")],
                               {"games": [(1, 3, "1-0")], "withdrawn": [2]}])
    recs = records(section)
    for player in (2, 4):
        entry = recs.entries[player][1]
        assert entry.kind is Kind.NOT_PAIRED
        assert entry.points == 0 and entry.opponent is None
    assert recs.entries[2][1].running == 0
    assert recs.entries[4][1].running == 1


def test_missing_round_number_is_not_paired(make_section):
    """Rounds are numbered; a round without a file (round 2 here) is NOT_PAIRED for everyone."""
    section = make_section(2, [[(1, 2, "1-0")], {"number": 3, "games": [(2, 1, "1-0")]}])
    recs = records(section)
    assert recs.rounds == 3
    assert [e.kind for e in recs.entries[1]] == [Kind.WIN, Kind.NOT_PAIRED, Kind.LOSS]
    assert [e.round for e in recs.entries[1]] == [1, 2, 3]
    assert [e.running for e in recs.entries[2]] == [0, 0, 2]


# -------------------------------------------------------------------------------------------- totals


def test_running_totals(make_section):
    """common.md §4 (cumulative uses it): running score after each round, byes included.

    | round | player 1 | player 2 | player 3 |
    |-------|----------|----------|----------|
    | 1     | W 2 → 2  | L 0 → 0  | bye 2 →2 |
    | 2     | D 1 → 3  | bye 2→2  | D 1 → 3  |
    | 3     | bye 2→5  | W 2 → 4  | L 0 → 3  |
    | 4     | ? 0 → 5  | ? 0 → 4  | absent 0 → 3 |
    """
    section = make_section(3, [
        {"games": [(1, 2, "1-0")], "byes": [3]},
        {"games": [(3, 1, "=")], "byes": [2]},
        {"games": [(2, 3, "1-0")], "byes": [1]},
        {"games": [(1, 2, "?")], "absent": [3]},
    ])
    recs = records(section)
    assert [e.running for e in recs.entries[1]] == [2, 3, 5, 5]
    assert [e.running for e in recs.entries[2]] == [0, 2, 4, 4]
    assert [e.running for e in recs.entries[3]] == [2, 3, 3, 3]
    assert [recs.total(3, r) for r in range(5)] == [0, 2, 3, 3, 3]
    assert recs.total(1, 0) == 0


def test_running_totals_in_half_points(make_section):
    """common.md §2: 1/½/0 totals stay exact (units of ½); Records.points converts back."""
    section = make_section(2, [[(1, 2, "=")], [(2, 1, "=")], [(1, 2, "1-0")]], scoring=HALVES)
    recs = records(section)
    assert [e.running for e in recs.entries[1]] == [1, 2, 4]
    assert recs.points(recs.total(1, 3)) == 2
    assert recs.points(recs.total(2, 3)) == 1
    assert recs.points(recs.total(2, 1)) == Fraction(1, 2)


def test_records_points_power_two():
    """common.md §4 Sonneborn-Berger: products of two unit values are in units²."""
    recs = Records(scale=2, entries={}, rounds=0)
    assert recs.points(5) == Fraction(5, 2)
    assert recs.points(5, 2) == Fraction(5, 4)


def test_no_rounds(make_section):
    """Before round 1 nobody has a record and every total is 0."""
    recs = records(make_section(3, []))
    assert recs.rounds == 0
    assert recs.entries == {1: (), 2: (), 3: ()}
    assert recs.total(2, 0) == 0
