"""The tiebreak catalogue (common.md §4) on the reference event of conftest.py, values by hand.

Reference event (7 players, 4 rounds, 2/1/0, bye 2; F = first player, S = second player):

| player | round 1      | round 2      | round 3      | round 4      | running      | total |
|--------|--------------|--------------|--------------|--------------|--------------|-------|
| 1      | F vs 5 W 2   | S vs 4 D 1   | S vs 7 W 2   | S vs 3 L 0   | 2  3  5  5   | 5     |
| 2      | F vs 6 D 1   | S vs 7 L 0   | S vs 5 L 0   | bye 2        | 1  1  1  3   | 3     |
| 3      | F vs 7 L 0   | S vs 6 W 2   | F vs 4 D 1   | F vs 1 W 2   | 0  2  3  5   | 5     |
| 4      | bye 2        | F vs 1 D 1   | S vs 3 D 1   | S vs 7 W 2   | 2  3  4  6   | 6     |
| 5      | S vs 1 L 0   | bye 2        | F vs 2 W 2   | S vs 6 D 1   | 0  2  4  5   | 5     |
| 6      | S vs 2 D 1   | F vs 3 L 0   | bye 2        | F vs 5 D 1   | 1  1  3  4   | 4     |
| 7      | S vs 3 W 2   | F vs 2 W 2   | F vs 1 L 0   | F vs 4 L 0   | 2  4  4  4   | 4     |

Lowest final score among players who have points (seed 004 bye rule): 3 (player 2).
Tied groups after round 4: {1, 3, 5} on 5 points, {6, 7} on 4 points.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from site_builder.engine.fide_tiebreaks import COMMON_CRITERIA, FIDE_CRITERIA
from site_builder.engine.go_tiebreaks import GO_CRITERIA
from site_builder.engine.scoring import records
from site_builder.engine.standings import standings
from site_builder.engine.tiebreaks import (
    CRITERIA,
    TiebreakInput,
    direct_encounter,
    lot,
)
from site_builder.model import (
    FIDE_ONLY_TIEBREAKS,
    GO_TIEBREAKS,
    TIEBREAK_OPTIONS,
    GameKind,
    Scoring,
    Tiebreak,
)

PLAYERS = (1, 2, 3, 4, 5, 6, 7)


def values(ctx: TiebreakInput, tb_id: str, **options) -> dict[int, object]:
    """Every player's value of one criterion."""
    tb = Tiebreak(tb_id, options)
    return {p: CRITERIA[tb_id].compute(ctx, p, tb) for p in sorted(ctx.totals)}


def order(section, upto: int | None = None, draw_seed: int | None = None):
    """Standings as (place, last_place, player) triples."""
    recs = records(section)
    table = standings(section, recs, recs.rounds if upto is None else upto, draw_seed)
    return [(r.place, r.last_place, r.player) for r in table.rows]


@pytest.fixture
def ctx(reference, make_context):
    return make_context(reference())


def test_reference_totals(ctx):
    """common.md §2: 2/1/0 with bye 2; the totals every table below relies on."""
    assert ctx.totals == {1: 5, 2: 3, 3: 5, 4: 6, 5: 5, 6: 4, 7: 4}
    assert ctx.lowest_positive == 3


def test_criterion_units_and_directions():
    """common.md §4: point-valued criteria are in point units (power 1), Sonneborn-Berger in units²,
    counts and orders have power 0; penalties, warnings, number, lot and manual rank lower first."""
    powers = {tb_id: c.power for tb_id, c in CRITERIA.items()}
    assert powers == {
        "opponent-score": 1, "cumulative": 1, "progressive-cuts": 1, "sonneborn-berger": 2,
        "direct-encounter": 1, "wins": 0, "second-wins": 0, "second-games": 0, "second-points": 1,
        "penalties": 0, "warnings": 0, "number": 0, "lot": 0, "manual": 0}
    lower = {tb_id for tb_id, c in CRITERIA.items() if c.better_when_lower(Tiebreak(tb_id))}
    assert lower == {"penalties", "warnings", "number", "lot", "manual"}


def test_criteria_cover_the_catalogue():
    """common.md §4: every tiebreak id except `points` (the primary key), those FIDE C.07 alone
    defines and go's (engine/go_tiebreaks.py) has a criterion; go's have theirs under both rules."""
    assert set(CRITERIA) == set(TIEBREAK_OPTIONS) - {"points"} - set(FIDE_ONLY_TIEBREAKS) - set(GO_TIEBREAKS)
    assert set(GO_CRITERIA) == set(GO_TIEBREAKS)
    assert set(GO_TIEBREAKS) <= set(COMMON_CRITERIA) & set(FIDE_CRITERIA)


# ------------------------------------------------------------------------------------ opponent score
#
# | player | opponents' final scores (bye = 3) | plain | bye: zero | from_round 3 | cut 1 | median 1 |
# |--------|-----------------------------------|-------|-----------|--------------|-------|----------|
# | 1      | 5:5  4:6  7:4  3:5                | 20    | 20        | 4+5 = 9      | 16    | 10       |
# | 2      | 6:4  7:4  5:5  bye:3              | 16    | 13        | 5+3 = 8      | 13    | 8        |
# | 3      | 7:4  6:4  4:6  1:5                | 19    | 19        | 6+5 = 11     | 15    | 9        |
# | 4      | bye:3  1:5  3:5  7:4              | 17    | 14        | 5+4 = 9      | 14    | 9        |
# | 5      | 1:5  bye:3  2:3  6:4              | 15    | 12        | 3+4 = 7      | 12    | 7        |
# | 6      | 2:3  3:5  bye:3  5:5              | 16    | 13        | 3+5 = 8      | 13    | 8        |
# | 7      | 3:5  2:3  1:5  4:6                | 19    | 19        | 5+6 = 11     | 16    | 10       |


def test_opponent_score_plain(ctx):
    """common.md §4 opponent-score (对手分): sum of opponents' final scores; a bye counts the lowest
    score among players with points (common.md §3, seed 004 有分棋手中最低得分)."""
    assert values(ctx, "opponent-score") == {1: 20, 2: 16, 3: 19, 4: 17, 5: 15, 6: 16, 7: 19}


def test_opponent_score_bye_lowest_is_explicit_default(ctx):
    """common.md §3: `bye: lowest` is the default rule."""
    assert values(ctx, "opponent-score", bye="lowest") == values(ctx, "opponent-score")


def test_opponent_score_bye_zero(ctx):
    """common.md §3 option: a bye's missing opponent counts 0 instead."""
    assert values(ctx, "opponent-score", bye="zero") == {1: 20, 2: 13, 3: 19, 4: 14, 5: 12, 6: 13, 7: 19}


def test_opponent_score_from_round(ctx):
    """common.md §4 opponent-score `from_round: N` (seed 003 小分 "从第三轮始记")."""
    assert values(ctx, "opponent-score", from_round=3) == {1: 9, 2: 8, 3: 11, 4: 9, 5: 7, 6: 8, 7: 11}
    assert values(ctx, "opponent-score", from_round=1) == values(ctx, "opponent-score")
    assert set(values(ctx, "opponent-score", from_round=5).values()) == {0}


def test_opponent_score_cut(ctx):
    """common.md §4 opponent-score cut: drop the N lowest opponent scores (bye value included)."""
    assert values(ctx, "opponent-score", cut=1) == {1: 16, 2: 13, 3: 15, 4: 14, 5: 12, 6: 13, 7: 16}
    # cut 2: the two highest remain
    assert values(ctx, "opponent-score", cut=2) == {1: 11, 2: 9, 3: 11, 4: 10, 5: 9, 6: 10, 7: 11}
    # cutting everything leaves nothing
    assert set(values(ctx, "opponent-score", cut=4).values()) == {0}
    assert set(values(ctx, "opponent-score", cut=9).values()) == {0}


def test_opponent_score_median(ctx):
    """common.md §4 opponent-score median: drop the N lowest and the N highest."""
    assert values(ctx, "opponent-score", median=1) == {1: 10, 2: 8, 3: 9, 4: 9, 5: 7, 6: 8, 7: 10}
    assert set(values(ctx, "opponent-score", median=2).values()) == {0}


def test_opponent_score_options_combine(ctx):
    """common.md §4: from_round, cut and bye options apply together (rounds 2-4, cut 1, bye 0).

    player 2: rounds 2-4 opponents 7:4, 5:5, bye:0 → cut the 0 → 9.
    player 5: bye:0, 2:3, 6:4 → cut the 0 → 7.
    """
    got = values(ctx, "opponent-score", from_round=2, cut=1, bye="zero")
    assert got[2] == 9
    assert got[5] == 7
    assert got[1] == 6 + 4 + 5 - 4


def test_opponent_score_upto_uses_scores_after_that_round(reference, make_context):
    """common.md §4: standings after round 2 use the scores after round 2 (and the lowest positive
    score then, 1), never later results.

    After round 2: 1:3 2:1 3:2 4:3 5:2 6:1 7:4.
    player 1: 5:2 + 4:3 = 5; player 4: bye:1 + 1:3 = 4; player 5: 1:3 + bye:1 = 4.
    """
    ctx2 = make_context(reference(), upto=2)
    assert ctx2.totals == {1: 3, 2: 1, 3: 2, 4: 3, 5: 2, 6: 1, 7: 4}
    assert ctx2.lowest_positive == 1
    got = values(ctx2, "opponent-score")
    assert (got[1], got[4], got[5]) == (5, 4, 4)


def test_opponent_score_lowest_positive_ignores_zero_scores(make_section, make_context):
    """common.md §3: the bye counts the lowest score *among players who have points* — a player on 0
    does not make it 0.

    round 1: 1-2 1-0, 3-4 =, bye 5 → 1:2 2:0 3:1 4:1 5:2; lowest positive = 1.
    """
    ctx = make_context(make_section(5, [{"games": [(1, 2, "1-0"), (3, 4, "=")], "byes": [5]}]))
    assert ctx.lowest_positive == 1
    assert values(ctx, "opponent-score") == {1: 0, 2: 2, 3: 1, 4: 1, 5: 1}


def test_opponent_score_bye_when_nobody_has_points(make_section, make_context):
    """common.md §3: if nobody has points yet, the bye's opponent counts 0."""
    scoring = Scoring(bye=Fraction(0))
    ctx = make_context(make_section(3, [{"games": [(1, 2, "?")], "byes": [3]}], scoring=scoring))
    assert ctx.lowest_positive == 0
    assert values(ctx, "opponent-score") == {1: 0, 2: 0, 3: 0}


def test_opponent_score_skips_pending_games(make_section, make_context):
    """common.md §1: a game not yet played has no opponent score yet."""
    ctx = make_context(make_section(4, [[(1, 2, "1-0"), (3, 4, "=")], [(1, 3, "?"), (2, 4, "1-0")]]))
    # totals 1:2 2:2 3:1 4:1; player 1 met only 2 so far
    assert values(ctx, "opponent-score") == {1: 2, 2: 3, 3: 1, 4: 3}


# ---------------------------------------------------------------------------------------- cumulative
#
# | player | running    | cumulative | drop_first 1 | drop_first 2 | drop_first 3 |
# |--------|------------|------------|--------------|--------------|--------------|
# | 1      | 2 3 5 5    | 15         | 13           | 10           | 5            |
# | 2      | 1 1 1 3    | 6          | 5            | 4            | 3            |
# | 3      | 0 2 3 5    | 10         | 10           | 8            | 5            |
# | 4      | 2 3 4 6    | 15         | 13           | 10           | 6            |
# | 5      | 0 2 4 5    | 11         | 11           | 9            | 5            |
# | 6      | 1 1 3 4    | 9          | 8            | 7            | 4            |
# | 7      | 2 4 4 4    | 14         | 12           | 8            | 4            |

CUMULATIVE = {
    0: {1: 15, 2: 6, 3: 10, 4: 15, 5: 11, 6: 9, 7: 14},
    1: {1: 13, 2: 5, 3: 10, 4: 13, 5: 11, 6: 8, 7: 12},
    2: {1: 10, 2: 4, 3: 8, 4: 10, 5: 9, 6: 7, 7: 8},
    3: {1: 5, 2: 3, 3: 5, 4: 6, 5: 5, 6: 4, 7: 4},
}


def test_cumulative(ctx):
    """common.md §4 cumulative (累进分): Σ of the running score after each round."""
    assert values(ctx, "cumulative") == CUMULATIVE[0]


@pytest.mark.parametrize("drop", [0, 1, 2, 3])
def test_cumulative_drop_first(ctx, drop):
    """common.md §4 cumulative `drop_first: N` skips the first N terms."""
    assert values(ctx, "cumulative", drop_first=drop) == CUMULATIVE[drop]


def test_cumulative_after_round_2(reference, make_context):
    """common.md §4: cumulative after round 2 sums only two terms (1: 2+3, 7: 2+4, 3: 0+2)."""
    got = values(make_context(reference(), upto=2), "cumulative")
    assert (got[1], got[7], got[3]) == (5, 6, 2)


# ---------------------------------------------------------------------------------- progressive-cuts


def test_progressive_cuts_tuple(ctx):
    """common.md §4 progressive-cuts (seed 003 §5.3.1.1 B): (cumulative, drop_first 1, 2, 3)."""
    got = values(ctx, "progressive-cuts")
    assert got == {p: tuple(CUMULATIVE[d][p] for d in range(4)) for p in PLAYERS}
    assert got[1] == (15, 13, 10, 5)


def test_progressive_cuts_later_terms_only_break_equal_earlier_terms(make_section):
    """common.md §4 progressive-cuts: compare cumulative; only if equal compare drop_first=1, then 2, …

    Six players end on 4 points after 4 rounds (W 2 / D 1 / L 0), each meeting a filler (7-12):

    | player | results | running  | (cum, drop 1, drop 2, drop 3) | why                           |
    |--------|---------|----------|-------------------------------|-------------------------------|
    | 6      | D D W L | 1 2 4 4  | (11, 10, 8, 4)                | 1st: 11, 10 tie 5; 8 > 7      |
    | 5      | D W L D | 1 3 3 4  | (11, 10, 7, 4)                | 2nd; above 4 although 7 < 8   |
    | 4      | L W W L | 0 2 4 4  | (10, 10, 8, 4)                | 3rd: 10 tie, 10 > 9           |
    | 3      | D D D D | 1 2 3 4  | (10, 9, 7, 4)                 | 4th: 10 tie, 9 > 8            |
    | 2      | W L L W | 2 2 2 4  | (10, 8, 6, 4)                 | 5th; above 1 although 8 < 9   |
    | 1      | L W D D | 0 2 3 4  | (9, 9, 7, 4)                  | 6th: lowest cumulative        |

    Fillers 7-12 end on 7, 1, 6, 6, 2, 2 points (none on 4; three of them above).
    """
    results = {1: "LWDD", 2: "WLLW", 3: "DDDD", 4: "LWWL", 5: "DWLD", 6: "DDWL"}
    notation = {"W": "1-0", "D": "=", "L": "0-1"}
    rounds = [[(p, 7 + (p - 1 + r) % 6, notation[results[p][r]]) for p in range(1, 7)]
              for r in range(4)]
    section = make_section(12, rounds, tiebreaks=["progressive-cuts"])
    table = standings(section, records(section), 4)
    main = [(r.place, r.last_place, r.player, r.values[0]) for r in table.rows if r.points == 4]
    assert main == [
        (4, 4, 6, (11, 10, 8, 4)),
        (5, 5, 5, (11, 10, 7, 4)),
        (6, 6, 4, (10, 10, 8, 4)),
        (7, 7, 3, (10, 9, 7, 4)),
        (8, 8, 2, (10, 8, 6, 4)),
        (9, 9, 1, (9, 9, 7, 4)),
    ]


def test_progressive_cuts_equal_first_term_decided_later(ctx, reference):
    """common.md §4 progressive-cuts: in the reference event 1 (15, 13, …) and 4 (15, 13, 10, 6)
    share cumulative, drop 1 and drop 2; drop_first 3 decides (6 > 5). Totals differ, so only the
    value comparison is shown here."""
    got = values(ctx, "progressive-cuts")
    assert got[4] > got[1]
    assert got[4][:3] == got[1][:3]


# ---------------------------------------------------------------------------------- Sonneborn-Berger
#
# | player | opponent final score × points scored                | Σ (units² = points² at scale 1) |
# |--------|------------------------------------------------------|---------------------------------|
# | 1      | 5×2 + 6×1 + 4×2 + 5×0                                | 24                              |
# | 2      | 4×1 + 4×0 + 5×0 (bye not counted)                    | 4                               |
# | 3      | 4×0 + 4×2 + 6×1 + 5×2                                | 24                              |
# | 4      | 5×1 + 5×1 + 4×2                                      | 18                              |
# | 5      | 5×0 + 3×2 + 4×1                                      | 10                              |
# | 6      | 3×1 + 5×0 + 5×1                                      | 8                               |
# | 7      | 5×2 + 3×2 + 5×0 + 6×0                                | 16                              |

SB = {1: 24, 2: 4, 3: 24, 4: 18, 5: 10, 6: 8, 7: 16}


def test_sonneborn_berger(ctx):
    """common.md §4 sonneborn-berger: Σ opponent's final score × points scored against them."""
    got = values(ctx, "sonneborn-berger")
    assert got == SB
    assert {p: ctx.records.points(v, 2) for p, v in got.items()} == SB
    assert CRITERIA["sonneborn-berger"].power == 2


def test_sonneborn_berger_half_points(reference, make_context):
    """common.md §4 sonneborn-berger under 1/½/0: every score halves, so SB is a quarter; values are
    in units² (scale 2 → ¼ point²) and Records.points(value, 2) gives points (player 1: 6)."""
    halves = Scoring(win=Fraction(1), draw=Fraction(1, 2), forfeit_win=Fraction(1), bye=Fraction(1))
    ctx = make_context(reference(scoring=halves))
    got = values(ctx, "sonneborn-berger")
    assert got == SB  # units² of ¼: the same integers
    assert {p: ctx.records.points(v, 2) for p, v in got.items()} == {
        p: Fraction(v, 4) for p, v in SB.items()}
    assert ctx.records.points(got[1], 2) == 6


# --------------------------------------------------------------------------------- wins and colours
#
# | player | wins (bye counts) | wins (bye: none) | second-wins | second-games | second-points |
# |--------|-------------------|------------------|-------------|--------------|---------------|
# | 1      | 2                 | 2                | 1 (r3)      | 3 (r2-r4)    | 1+2+0 = 3     |
# | 2      | 1 (bye)           | 0                | 0           | 2 (r2, r3)   | 0             |
# | 3      | 2                 | 2                | 1 (r2)      | 1 (r2)       | 2             |
# | 4      | 2 (bye, r4)       | 1                | 1 (r4)      | 2 (r3, r4)   | 1+2 = 3       |
# | 5      | 2 (bye, r3)       | 1                | 0           | 2 (r1, r4)   | 0+1 = 1       |
# | 6      | 1 (bye)           | 0                | 0           | 1 (r1)       | 1             |
# | 7      | 2                 | 2                | 1 (r1)      | 1 (r1)       | 2             |


def test_wins_bye_counts(ctx):
    """common.md §3–§4 wins: a bye counts as a win unless configured."""
    assert values(ctx, "wins") == {1: 2, 2: 1, 3: 2, 4: 2, 5: 2, 6: 1, 7: 2}
    assert values(ctx, "wins", bye="win") == values(ctx, "wins")


def test_wins_bye_none(ctx):
    """common.md §4 wins with `bye: none`: only games won."""
    assert values(ctx, "wins", bye="none") == {1: 2, 2: 0, 3: 2, 4: 1, 5: 1, 6: 0, 7: 2}


def test_wins_forfeit_win_counts_and_armageddon(make_section, make_context):
    """common.md §1/§4: a forfeit win is a win; an Armageddon draw is a win for the second player."""
    section = make_section(4, [[(1, 2, "+-"), (3, 4, "=", GameKind.ARMAGEDDON)]])
    got = values(make_context(section), "wins")
    assert got == {1: 1, 2: 0, 3: 0, 4: 1}
    assert values(make_context(section), "second-wins")[4] == 1


def test_second_wins(ctx):
    """common.md §4 second-wins (后胜局数): wins as the second player."""
    assert values(ctx, "second-wins") == {1: 1, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0, 7: 1}


def test_second_games(ctx):
    """common.md §4 second-games (后手局数); §3: a bye is neither a first- nor a second-player game."""
    assert values(ctx, "second-games") == {1: 3, 2: 2, 3: 1, 4: 2, 5: 2, 6: 1, 7: 1}


def test_second_points(ctx):
    """common.md §4 second-points (后手总分): points scored as the second player."""
    assert values(ctx, "second-points") == {1: 3, 2: 0, 3: 2, 4: 3, 5: 1, 6: 1, 7: 2}


def test_second_games_direction():
    """common.md §4 second-games: more ranks higher unless the event says fewer."""
    criterion = CRITERIA["second-games"]
    assert not criterion.better_when_lower(Tiebreak("second-games"))
    assert not criterion.better_when_lower(Tiebreak("second-games", {"prefer": "more"}))
    assert criterion.better_when_lower(Tiebreak("second-games", {"prefer": "fewer"}))


def test_second_games_more_ranks_higher(reference):
    """common.md §4 second-games: tied {1, 3, 5} with 3, 1, 2 second games → 1, 5, 3;
    tied {6, 7} with 1 each stay shared 5-6."""
    assert order(reference(["second-games"])) == [
        (1, 1, 4), (2, 2, 1), (3, 3, 5), (4, 4, 3), (5, 6, 6), (5, 6, 7), (7, 7, 2)]


def test_second_games_prefer_fewer(reference):
    """common.md §4 second-games `prefer: fewer`: 3 (1), 5 (2), 1 (3)."""
    assert order(reference([("second-games", {"prefer": "fewer"})])) == [
        (1, 1, 4), (2, 2, 3), (3, 3, 5), (4, 4, 1), (5, 6, 6), (5, 6, 7), (7, 7, 2)]


def test_second_wins_ranks(reference):
    """common.md §4 second-wins: {1, 3, 5} have 1, 1, 0 → 1 and 3 share 2-3, 5 is 4th;
    {6, 7} have 0, 1 → 7 then 6."""
    assert order(reference(["second-wins"])) == [
        (1, 1, 4), (2, 3, 1), (2, 3, 3), (4, 4, 5), (5, 5, 7), (6, 6, 6), (7, 7, 2)]


def test_second_points_ranks(reference):
    """common.md §4 second-points: {1, 3, 5} have 3, 2, 1; {6, 7} have 1, 2."""
    assert order(reference(["second-points"])) == [
        (1, 1, 4), (2, 2, 1), (3, 3, 3), (4, 4, 5), (5, 5, 7), (6, 6, 6), (7, 7, 2)]


def test_second_colour_counts_skip_forfeits_and_pending(make_section, make_context):
    """common.md §4 second-games counts games *played* as second player; forfeits and pending
    games are not played games."""
    section = make_section(4, [[(1, 2, "-+"), (3, 4, "?")], [(1, 3, "0-1"), (2, 4, "=")]])
    ctx = make_context(section)
    assert values(ctx, "second-games") == {1: 0, 2: 0, 3: 1, 4: 1}
    assert values(ctx, "second-wins") == {1: 0, 2: 0, 3: 1, 4: 0}
    assert values(ctx, "second-points") == {1: 0, 2: 0, 3: 2, 4: 1}


# -------------------------------------------------------------------------------- penalties/warnings
#
# Round files: penalties r2 {3: 1}, r4 {3: 1, 5: 1}; warnings r1 {1: 2}, r3 {5: 1}.
# | player | penalties | warnings |
# | 1      | 0         | 2        |
# | 3      | 2         | 0        |
# | 5      | 1         | 1        |


def test_penalties_and_warnings_summed(ctx):
    """common.md §4 penalties / warnings: counts recorded by the arbiter, summed over round files."""
    assert values(ctx, "penalties") == {1: 0, 2: 0, 3: 2, 4: 0, 5: 1, 6: 0, 7: 0}
    assert values(ctx, "warnings") == {1: 2, 2: 0, 3: 0, 4: 0, 5: 1, 6: 0, 7: 0}


def test_penalties_and_warnings_upto(reference, make_context):
    """common.md §4: standings after round 2 only count round files 1-2."""
    ctx = make_context(reference(), upto=2)
    assert values(ctx, "penalties")[3] == 1
    assert values(ctx, "penalties")[5] == 0
    assert values(ctx, "warnings")[5] == 0
    assert values(ctx, "warnings")[1] == 2


def test_penalties_fewer_ranks_higher(reference):
    """common.md §4 penalties: fewer ranks higher → {1, 3, 5} ordered 1 (0), 5 (1), 3 (2)."""
    assert order(reference(["penalties"]))[1:4] == [(2, 2, 1), (3, 3, 5), (4, 4, 3)]


def test_warnings_fewer_ranks_higher(reference):
    """common.md §4 warnings: fewer ranks higher → {1, 3, 5} ordered 3 (0), 5 (1), 1 (2)."""
    assert order(reference(["warnings"]))[1:4] == [(2, 2, 3), (3, 3, 5), (4, 4, 1)]


# ---------------------------------------------------------------------------------- number and lot


def test_number(ctx, reference):
    """common.md §4 number: the pairing number, smaller ranks higher (final fallback)."""
    assert values(ctx, "number") == {p: p for p in PLAYERS}
    assert order(reference(["number"])) == [
        (1, 1, 4), (2, 2, 1), (3, 3, 3), (4, 4, 5), (5, 5, 6), (6, 6, 7), (7, 7, 2)]


def test_lot_is_reproducible(reference, make_context):
    """common.md §6: a lot from the recorded draw seed gives the same result on every build."""
    first = values(make_context(reference(), draw_seed=20171024), "lot")
    again = values(make_context(reference(), draw_seed=20171024), "lot")
    assert first == again
    assert len(set(first.values())) == len(PLAYERS)
    assert order(reference(["lot"]), draw_seed=20171024) == order(reference(["lot"]), draw_seed=20171024)


def test_lot_depends_on_the_seed(reference, make_context):
    """common.md §6: another draw seed is another lot."""
    a = values(make_context(reference(), draw_seed=20171024), "lot")
    b = values(make_context(reference(), draw_seed=20171025), "lot")
    assert all(a[p] != b[p] for p in PLAYERS)
    # over a few seeds the order of the tied group {1, 3, 5} is not always the same
    orders = {tuple(row[2] for row in order(reference(["lot"]), draw_seed=seed)[1:4])
              for seed in range(1, 40)}
    assert len(orders) > 1


def test_lot_orders_a_tie_by_smallest_lot(reference, make_context):
    """common.md §4 lot: smaller lot ranks higher; the lot separates every tie."""
    lots = values(make_context(reference(), draw_seed=7), "lot")
    table = order(reference(["lot"]), draw_seed=7)
    assert [row[2] for row in table[1:4]] == sorted((1, 3, 5), key=lots.__getitem__)
    assert [row[2] for row in table[4:6]] == sorted((6, 7), key=lots.__getitem__)
    assert all(place == last for place, last, _ in table)


def test_lot_depends_on_section(make_section, make_context):
    """common.md §6: the lot of two sections of one event (same seed) are independent."""
    men = values(make_context(make_section(4, [[(1, 2, "=")]], section_id="men"), draw_seed=1), "lot")
    women = values(make_context(make_section(4, [[(1, 2, "=")]], section_id="women"), draw_seed=1),
                   "lot")
    assert men != women
    assert lot(make_context(make_section(4, [[(1, 2, "=")]], section_id="men"), draw_seed=1), 1,
               Tiebreak("lot")) == men[1]


# ------------------------------------------------------------------------------------------- manual


def test_manual_without_order_does_not_separate(reference):
    """common.md §4 manual: with no ranking_order entered the tie stays (shared 2-4 and 5-6)."""
    assert order(reference(["manual"])) == [
        (1, 1, 4), (2, 4, 1), (2, 4, 3), (2, 4, 5), (5, 6, 6), (5, 6, 7), (7, 7, 2)]


def test_manual_latest_ranking_order_applies(reference, reference_rounds):
    """common.md §4 / §8 manual: the order given by the arbiter in the latest round file (up to the
    round of the standings) applies; unlisted players come after every listed one.

    Round 2 file: 2, 6, 1, 4.  Round 3 file: 7, 4, 5, 3, 6.  Round 4 file: 5, 1, 3, 7.
    After round 2 (groups {1, 4}, {3, 5}, {2, 6}): round 2's order → 1, 4; 3, 5 (both unlisted,
      still shared 4-5); 2, 6.
    After round 3 (totals 1:5 2:1 3:3 4:4 5:4 6:3 7:4; groups {4, 5, 7}, {3, 6}): round 3's order
      → 7, 4, 5 and 3, 6.
    After round 4 (groups {1, 3, 5}, {6, 7}): round 4's order → 5, 1, 3 and 7, 6.
    """
    rounds = reference_rounds
    rounds[1]["ranking_order"] = [2, 6, 1, 4]
    rounds[2]["ranking_order"] = [7, 4, 5, 3, 6]
    rounds[3]["ranking_order"] = [5, 1, 3, 7]
    section = reference(["manual"], rounds=rounds)
    assert order(section, upto=2) == [
        (1, 1, 7), (2, 2, 1), (3, 3, 4), (4, 5, 3), (4, 5, 5), (6, 6, 2), (7, 7, 6)]
    assert order(section, upto=3) == [
        (1, 1, 1), (2, 2, 7), (3, 3, 4), (4, 4, 5), (5, 5, 3), (6, 6, 6), (7, 7, 2)]
    assert order(section) == [
        (1, 1, 4), (2, 2, 5), (3, 3, 1), (4, 4, 3), (5, 5, 7), (6, 6, 6), (7, 7, 2)]


def test_manual_values(reference, reference_rounds, make_context):
    """common.md §4 manual: position in the latest order; unlisted players after every listed one."""
    rounds = reference_rounds
    rounds[3]["ranking_order"] = [5, 1, 3]
    got = values(make_context(reference(rounds=rounds)), "manual")
    assert got == {1: 1, 2: 3, 3: 2, 4: 3, 5: 0, 6: 3, 7: 3}


# -------------------------------------------------------------------------------- direct encounter


def test_direct_encounter_not_all_met_does_not_separate(reference, make_context):
    """common.md §4 direct-encounter applies only when every pair of the tied group has met:
    {1, 3, 5}: 1-3 and 1-5 met, 3-5 did not → no separation; {6, 7} never met."""
    ctx = make_context(reference())
    assert direct_encounter(ctx, [1, 3, 5]) is None
    assert direct_encounter(ctx, [6, 7]) is None
    table = standings(reference(["direct-encounter"]), ctx.records, 4)
    assert [(r.place, r.last_place, r.player, r.values) for r in table.rows] == [
        (1, 1, 4, (None,)), (2, 4, 1, (None,)), (2, 4, 3, (None,)), (2, 4, 5, (None,)),
        (5, 6, 6, (None,)), (5, 6, 7, (None,)), (7, 7, 2, (None,))]


def test_direct_encounter_pair_that_met(reference):
    """common.md §4 direct-encounter on a pair: after `wins (bye: none)` splits {1, 3, 5} into
    {1, 3} (2 wins) and 5 (1 win), 3 beat 1 in round 4 → 3 ahead of 1."""
    section = reference([("wins", {"bye": "none"}), "direct-encounter"])
    table = standings(section, records(section), 4)
    rows = [(r.place, r.last_place, r.player, r.values) for r in table.rows]
    assert rows[1:4] == [(2, 2, 3, (2, 2)), (3, 3, 1, (2, 0)), (4, 4, 5, (1, None))]


def test_direct_encounter_three_players(make_section, make_context):
    """common.md §4 direct-encounter, a 3-player group that all met (mini-table of their games):

    | round | games                         |
    |-------|-------------------------------|
    | 1     | 1-2 1-0   3-4 1-0   5-6 0-1   |
    | 2     | 1-3 =     2-5 =     4-6 0-1   |
    | 3     | 2-3 1-0   1-6 0-1   4-5 =     |

    Totals: 1:3 2:3 3:3 4:1 5:2 6:6. Mini-table of {1, 2, 3}: 1: 2+1 = 3, 2: 0+2 = 2, 3: 1+0 = 1.
    Standings: 6, 1, 2, 3, 5, 4.
    """
    rounds = [[(1, 2, "1-0"), (3, 4, "1-0"), (5, 6, "0-1")],
              [(1, 3, "="), (2, 5, "="), (4, 6, "0-1")],
              [(2, 3, "1-0"), (1, 6, "0-1"), (4, 5, "=")]]
    section = make_section(6, rounds, tiebreaks=["direct-encounter"])
    ctx = make_context(section)
    assert ctx.totals == {1: 3, 2: 3, 3: 3, 4: 1, 5: 2, 6: 6}
    assert direct_encounter(ctx, [1, 2, 3]) == {1: 3, 2: 2, 3: 1}
    table = standings(section, ctx.records, 3)
    assert [(r.place, r.last_place, r.player, r.values) for r in table.rows] == [
        (1, 1, 6, (None,)), (2, 2, 1, (3,)), (3, 3, 2, (2,)), (4, 4, 3, (1,)),
        (5, 5, 5, (None,)), (6, 6, 4, (None,))]


def test_direct_encounter_three_players_cycle(make_section, make_context):
    """common.md §4 direct-encounter: a cycle (1 beats 2, 2 beats 3, 3 beats 1) leaves the group equal
    in its mini-table, so it does not separate them."""
    rounds = [[(1, 2, "1-0")], [(2, 3, "1-0")], [(3, 1, "1-0")]]
    section = make_section(3, rounds, tiebreaks=["direct-encounter"])
    ctx = make_context(section)
    assert direct_encounter(ctx, [1, 2, 3]) == {1: 2, 2: 2, 3: 2}
    table = standings(section, ctx.records, 3)
    assert [(r.place, r.last_place) for r in table.rows] == [(1, 3)] * 3


def test_direct_encounter_pending_game_is_not_a_meeting(make_section, make_context):
    """common.md §4 direct-encounter: a pair whose only game is still "?" has not met yet."""
    section = make_section(2, [[(1, 2, "?")]])
    assert direct_encounter(make_context(section), [1, 2]) is None


def test_direct_encounter_upto(reference, make_context):
    """common.md §4: after round 3 the round-4 game 3-1 does not exist yet → 1 and 3 have not met."""
    assert direct_encounter(make_context(reference(), upto=3), [1, 3]) is None
    assert direct_encounter(make_context(reference(), upto=4), [1, 3]) == {1: 0, 3: 2}


def test_direct_encounter_uses_point_units(make_section, make_context):
    """common.md §4 direct-encounter with 1/½/0 and two meetings: 1 scores ½ + 1 = 3 half-point units."""
    halves = Scoring(win=Fraction(1), draw=Fraction(1, 2), forfeit_win=Fraction(1), bye=Fraction(1))
    section = make_section(2, [[(1, 2, "=")], [(2, 1, "0-1")]], scoring=halves)
    assert direct_encounter(make_context(section), [1, 2]) == {1: 3, 2: 1}


# ------------------------------------------------------------------------------ the xiangqi chain


def test_xiangqi_chain(reference):
    """xiangqi-national-individual.md tiebreaks (decision): points, opponent score, cumulative, wins,
    second-player wins, second-player games. {1, 3, 5} → OS 20, 19, 15; {6, 7} → OS 16, 19."""
    chain = ["opponent-score", "cumulative", "wins", "second-wins", "second-games"]
    section = reference(chain)
    table = standings(section, records(section), 4)
    assert [(r.place, r.player, r.points) for r in table.rows] == [
        (1, 4, 6), (2, 1, 5), (3, 3, 5), (4, 5, 5), (5, 7, 4), (6, 6, 4), (7, 2, 3)]
    by_player = {r.player: r.values for r in table.rows}
    assert by_player[1] == (20, 15, 2, 1, 3)
    assert by_player[2] == (16, 6, 1, 0, 2)


