"""Standings after a round: points, the tiebreak chain, shared places, playoffs (common.md §4).

The reference event is described in conftest.py; totals after each round:

| player | r1 | r2 | r3 | r4 |
|--------|----|----|----|----|
| 1      | 2  | 3  | 5  | 5  |
| 2      | 1  | 1  | 1  | 3  |
| 3      | 0  | 2  | 3  | 5  |
| 4      | 2  | 3  | 4  | 6  |
| 5      | 0  | 2  | 4  | 5  |
| 6      | 1  | 1  | 3  | 4  |
| 7      | 2  | 4  | 4  | 4  |
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.engine.scoring import records
from site_builder.engine.standings import Row, Standings, standings
from site_builder.model import Game, GameKind, Outcome, Player, Ranking, Round, Scoring, Section, Tiebreak

XIANGQI_CHAIN = ["opponent-score", "cumulative", "wins", "second-wins", "second-games"]


def table(section: Section, upto: int | None = None, draw_seed: int | None = None) -> Standings:
    recs = records(section)
    return standings(section, recs, recs.rounds if upto is None else upto, draw_seed)


def places(result: Standings) -> list[tuple[int, int, int]]:
    return [(r.place, r.last_place, r.player) for r in result.rows]


# ------------------------------------------------------------------------------------ shared places


def test_shared_places_without_tiebreaks(reference):
    """common.md §4: players still equal at the end of the chain share the place (shown 2-4)."""
    result = table(reference())
    assert places(result) == [
        (1, 1, 4), (2, 4, 1), (2, 4, 3), (2, 4, 5), (5, 6, 6), (5, 6, 7), (7, 7, 2)]
    shared = {r.player: r.shared for r in result.rows}
    assert shared == {4: False, 1: True, 3: True, 5: True, 6: True, 7: True, 2: False}
    assert all(not r.playoff for r in result.rows)
    assert {row.player: row.place for row in result.rows} == {4: 1, 1: 2, 3: 2, 5: 2, 6: 5, 7: 5, 2: 7}


def test_shared_places_after_round_2(reference):
    """common.md §4: after round 2 (7:4, 1:3, 4:3, 3:2, 5:2, 2:1, 6:1) → 1, 2-3, 4-5, 6-7."""
    result = table(reference(), upto=2)
    assert result.upto == 2
    assert places(result) == [
        (1, 1, 7), (2, 3, 1), (2, 3, 4), (4, 5, 3), (4, 5, 5), (6, 7, 2), (6, 7, 6)]
    assert [r.points for r in result.rows] == [4, 3, 3, 2, 2, 1, 1]


def test_partially_separated_group_keeps_a_shared_place(reference):
    """common.md §4: `second-wins` splits {1, 3, 5} into {1, 3} (1 each) and 5 (0): 1 and 3 share
    2-3, 5 is 4th; within the shared place, order by pairing number."""
    assert places(table(reference(["second-wins"]))) == [
        (1, 1, 4), (2, 3, 1), (2, 3, 3), (4, 4, 5), (5, 5, 7), (6, 6, 6), (7, 7, 2)]


def test_chain_applies_in_order(reference):
    """common.md §4: an event lists its tiebreaks in order; the next one only orders players the
    previous ones left equal. [second-wins, second-games]: {1, 3} → second games 3 vs 1 → 1, 3."""
    result = table(reference(["second-wins", "second-games"]))
    assert places(result) == [
        (1, 1, 4), (2, 2, 1), (3, 3, 3), (4, 4, 5), (5, 5, 7), (6, 6, 6), (7, 7, 2)]
    # the reverse chain: second games first → 1 (3), 5 (2), 3 (1); second wins no longer matters
    assert places(table(reference(["second-games", "second-wins"])))[1:4] == [
        (2, 2, 1), (3, 3, 5), (4, 4, 3)]


def test_tiebreaks_never_reorder_different_points(reference):
    """common.md §4: `points` comes first; player 2 (3 points) stays last even though `number` would
    put it ahead of 3-7; tiebreaks only compare players on equal points."""
    result = table(reference(["number"]))
    assert [r.points for r in result.rows] == [6, 5, 5, 5, 4, 4, 3]
    assert result.rows[-1].player == 2


def test_shared_group_ordered_by_number(make_section):
    """common.md §4: players who share a place are listed by pairing number, whatever order the
    section lists them in (players given as 9, 5, 2).

    round 1: 2-5 =, bye 9; round 2: 9-2 = (5 not paired); round 3: 9-5 = (2 not paired)
    → 9: 4, 2: 2, 5: 2; `second-wins` is 0 for both 2 and 5 → they share 2-3.
    """
    section = make_section([9, 5, 2], [{"games": [(2, 5, "=")], "byes": [9]}, [(9, 2, "=")],
                                       [(9, 5, "=")]], tiebreaks=["second-wins"])
    assert places(table(section)) == [(1, 1, 9), (2, 3, 2), (2, 3, 5)]


def test_row_values_follow_the_chain(reference):
    """common.md §4: every tiebreak of the chain is a column, in chain order (values in units)."""
    section = reference(XIANGQI_CHAIN)
    result = table(section)
    assert result.tiebreaks == section.tiebreaks
    assert {r.player: r.values for r in result.rows} == {
        1: (20, 15, 2, 1, 3), 2: (16, 6, 1, 0, 2), 3: (19, 10, 2, 1, 1), 4: (17, 15, 2, 1, 2),
        5: (15, 11, 2, 0, 2), 6: (16, 9, 1, 0, 1), 7: (19, 14, 2, 1, 1)}


def test_xiangqi_chain_after_each_round(reference):
    """xiangqi-national-individual.md chain after round 3 (totals 1:5 4:4 5:4 7:4 3:3 6:3 2:1).

    Opponent scores after round 3 (lowest positive 1):
      4: bye 1 + 1:5 + 3:3 = 9;  5: 1:5 + bye 1 + 2:1 = 7;  7: 3:3 + 2:1 + 1:5 = 9
      3: 7:4 + 6:3 + 4:4 = 11;   6: 2:1 + 3:3 + bye 1 = 5
    {4, 7} tie at 9 → cumulative 4: 2+3+4 = 9, 7: 2+4+4 = 10 → 7, 4; then 5.
    """
    result = table(reference(XIANGQI_CHAIN), upto=3)
    assert places(result) == [
        (1, 1, 1), (2, 2, 7), (3, 3, 4), (4, 4, 5), (5, 5, 3), (6, 6, 6), (7, 7, 2)]
    assert {r.player: r.values[:2] for r in result.rows if r.player in (3, 4, 5, 6, 7)} == {
        4: (9, 9), 5: (7, 6), 7: (9, 10), 3: (11, 5), 6: (5, 5)}


def test_standings_in_half_point_units(reference):
    """common.md §2: under 1/½/0 rows carry points in half-point units; ranking is unchanged."""
    halves = Scoring(win=Fraction(1), draw=Fraction(1, 2), forfeit_win=Fraction(1), bye=Fraction(1))
    section = reference(XIANGQI_CHAIN, scoring=halves)
    recs = records(section)
    result = standings(section, recs, 4)
    assert places(result) == places(table(reference(XIANGQI_CHAIN)))
    assert [recs.points(r.points) for r in result.rows] == [3, Fraction(5, 2), Fraction(5, 2),
                                                            Fraction(5, 2), 2, 2, Fraction(3, 2)]


def test_before_round_one_everyone_shares_first_place(reference):
    """common.md §4: after round 0 nobody has points; all seven share 1-7."""
    result = table(reference(XIANGQI_CHAIN), upto=0)
    assert places(result) == [(1, 7, p) for p in range(1, 8)]
    assert all(r.points == 0 for r in result.rows)


# ---------------------------------------------------------------------------------------- playoffs


def test_playoff_marks_still_tied_rows(reference):
    """common.md §4: where a unique order is required (ties: playoff), rows still equal at the end of
    the chain are marked "to be decided by playoff"; separated rows are not."""
    result = table(reference(["wins"], ties="playoff"))
    # wins: {1, 3, 5} = 2, 2, 2 (5's bye counts) → still tied; {6, 7} = 1, 2 → separated
    assert [(r.place, r.last_place, r.player, r.playoff) for r in result.rows] == [
        (1, 1, 4, False), (2, 4, 1, True), (2, 4, 3, True), (2, 4, 5, True),
        (5, 5, 7, False), (6, 6, 6, False), (7, 7, 2, False)]


def test_share_never_marks_playoff(reference):
    """common.md §4: where the seed allows shared places (ties: share), nothing is a playoff."""
    assert not any(r.playoff for r in table(reference(["wins"], ties="share")).rows)


def test_playoff_resolved_by_manual_order(reference, reference_rounds):
    """common.md §4 / §8: once the arbiter enters the playoff outcome (ranking_order), the tie is
    resolved and no longer marked."""
    section = reference(["wins", "manual"], ties="playoff")
    assert sum(r.playoff for r in table(section).rows) == 3
    reference_rounds[3]["ranking_order"] = [3, 5, 1]
    result = table(reference(["wins", "manual"], rounds=reference_rounds, ties="playoff"))
    assert [(r.place, r.player, r.playoff) for r in result.rows][1:4] == [
        (2, 3, False), (3, 5, False), (4, 1, False)]


# ------------------------------------------------------------------------------------- round range


def test_standings_after_round_k_ignore_later_rounds(reference, reference_rounds):
    """common.md §4: standings after round k depend only on rounds 1..k (a later round file, its
    penalties or its ranking_order change nothing)."""
    reference_rounds[3]["ranking_order"] = [5, 3, 1]
    chain = [*XIANGQI_CHAIN, "sonneborn-berger", "progressive-cuts", "direct-encounter", "penalties",
             "warnings", "manual", "number"]
    full = reference(chain, rounds=reference_rounds)
    for k in range(5):
        truncated = reference(chain, rounds=reference_rounds[:k])
        assert table(full, upto=k, draw_seed=3) == table(truncated, upto=k, draw_seed=3), k


def test_pending_count(reference, reference_rounds):
    """common.md §1: "?" results are pending; the standings after round k count the pending games of
    rounds 1..k and score them 0.

    round 5: 4-3 ?, 1-7 ?, 5-2 1-0, bye 6 → 5:7, 6:6, 4, 3, 1, 7 unchanged.
    """
    rounds = [*reference_rounds,
              {"games": [(4, 3, "?"), (1, 7, "?"), (5, 2, "1-0")], "byes": [6]}]
    section = reference(XIANGQI_CHAIN, rounds=rounds)
    assert table(section, upto=4).pending == 0
    result = table(section, upto=5)
    assert result.pending == 2
    assert {r.player: r.points for r in result.rows} == {1: 5, 2: 3, 3: 5, 4: 6, 5: 7, 6: 6, 7: 4}


def test_pending_count_over_several_rounds(make_section):
    """common.md §1: pending games are summed over every round up to k."""
    section = make_section(4, [[(1, 2, "?"), (3, 4, "1-0")], [(1, 3, "?"), (2, 4, "?")]])
    assert [table(section, upto=k).pending for k in (0, 1, 2)] == [0, 1, 3]


def test_a_late_entrant_is_in_the_standings_from_the_round_he_enters(make_section):
    """A player first named in round 2 (a late entry) is not ranked after round 1, where he has
    not entered yet; from round 2 on he is. Before any round everyone is listed."""
    section = make_section(5, [[(1, 2, "1-0"), (3, 4, "=")], [(1, 3, "="), (5, 2, "1-0")]])
    assert [r.player for r in table(section, upto=1).rows] == [1, 3, 4, 2]
    assert sorted(r.player for r in table(section, upto=2).rows) == [1, 2, 3, 4, 5]
    assert sorted(r.player for r in table(section, upto=0).rows) == [1, 2, 3, 4, 5]


def test_row_shared_property():
    """Row.shared is true exactly when last_place differs from place."""
    assert Row(3, 5, 1, 0, ()).shared
    assert not Row(3, 3, 1, 0, ()).shared


# ---------------------------------------------------------------------------------- property test

SCORINGS = [
    Scoring(),
    Scoring(win=Fraction(1), draw=Fraction(1, 2), forfeit_win=Fraction(1), bye=Fraction(1)),
    Scoring(win=Fraction(3), draw=Fraction(2), forfeit_win=Fraction(3), bye=Fraction(3),
            absent=Fraction(1, 3)),
    Scoring(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(2), forfeit_loss=Fraction(-1),
            double_forfeit=Fraction(-1), bye=Fraction(2)),
]

TIEBREAK_POOL = [
    Tiebreak("opponent-score"), Tiebreak("opponent-score", {"bye": "zero"}),
    Tiebreak("opponent-score", {"from_round": 2}), Tiebreak("opponent-score", {"cut": 1}),
    Tiebreak("opponent-score", {"median": 1}), Tiebreak("cumulative"),
    Tiebreak("cumulative", {"drop_first": 1}), Tiebreak("progressive-cuts"),
    Tiebreak("sonneborn-berger"), Tiebreak("direct-encounter"), Tiebreak("wins"),
    Tiebreak("wins", {"bye": "none"}), Tiebreak("second-wins"), Tiebreak("second-games"),
    Tiebreak("second-games", {"prefer": "fewer"}), Tiebreak("second-points"), Tiebreak("penalties"),
    Tiebreak("warnings"), Tiebreak("manual"), Tiebreak("lot"), Tiebreak("number"),
]

OUTCOMES = [Outcome.FIRST_WINS, Outcome.DRAW, Outcome.SECOND_WINS, Outcome.FIRST_WINS_FORFEIT,
            Outcome.SECOND_WINS_FORFEIT, Outcome.DOUBLE_FORFEIT, Outcome.PENDING]

# strategies built once (building them inside the generator dominates the run time)
OUTCOME_ST = st.sampled_from(OUTCOMES)
KIND_ST = st.sampled_from([GameKind.SLOW] * 3 + [GameKind.ARMAGEDDON])
SWAP_ST = st.booleans()
SCORING_ST = st.sampled_from(SCORINGS)
CHAIN_ST = st.lists(st.sampled_from(TIEBREAK_POOL), max_size=6, unique_by=repr)
TIES_ST = st.sampled_from(["share", "playoff"])


def _game_points(scoring: Scoring, outcome: Outcome, kind: GameKind) -> tuple[Fraction, Fraction]:
    """Points (first, second) written out independently of the engine (common.md §1–§2)."""
    if kind is GameKind.ARMAGEDDON and outcome is Outcome.DRAW:
        outcome = Outcome.SECOND_WINS
    return {
        Outcome.FIRST_WINS: (scoring.win, scoring.loss),
        Outcome.DRAW: (scoring.draw, scoring.draw),
        Outcome.SECOND_WINS: (scoring.loss, scoring.win),
        Outcome.FIRST_WINS_FORFEIT: (scoring.forfeit_win, scoring.forfeit_loss),
        Outcome.SECOND_WINS_FORFEIT: (scoring.forfeit_loss, scoring.forfeit_win),
        Outcome.DOUBLE_FORFEIT: (scoring.double_forfeit, scoring.double_forfeit),
        Outcome.PENDING: (Fraction(0), Fraction(0)),
    }[outcome]


def _expected_totals(section: Section, upto: int) -> dict[int, Fraction]:
    totals = {p.number: Fraction(0) for p in section.players}
    for rnd in section.rounds:
        if rnd.number > upto:
            continue
        for g in rnd.games:
            first, second = _game_points(section.scoring, g.outcome, g.kind)
            totals[g.first] += first
            totals[g.second] += second
        for p in rnd.byes:
            totals[p] += section.scoring.bye
        for p in rnd.absent:
            totals[p] += section.scoring.absent
    return totals


@st.composite
def swiss_events(draw):
    """A random small event paired Swiss-like: sort by score, a bye for the lowest player without
    one, adjacent players paired avoiding rematches where the greedy search allows it."""
    n = draw(st.integers(2, 30), label="players")
    n_rounds = draw(st.integers(1, 7), label="rounds")
    scoring = draw(SCORING_ST, label="scoring")
    players = list(range(1, n + 1))
    player_st = st.integers(1, n)
    absent_st = st.lists(player_st, max_size=2)
    counts_st = st.dictionaries(player_st, st.integers(0, 2), max_size=2)
    ranking_st = st.lists(player_st, unique=True, max_size=4)
    score = dict.fromkeys(players, Fraction(0))
    had_bye: set[int] = set()
    met: set[frozenset[int]] = set()
    rounds = []
    for number in range(1, n_rounds + 1):
        absent = set(draw(absent_st, label="absent"))
        active = sorted((p for p in players if p not in absent), key=lambda p: (-score[p], p))
        byes = []
        if len(active) % 2:
            candidates = [p for p in active if p not in had_bye] or active
            byes = [candidates[-1]]
            had_bye.add(byes[0])
            active.remove(byes[0])
        games = []
        while active:
            first = active.pop(0)
            partner = next((q for q in active if frozenset((first, q)) not in met), active[0])
            active.remove(partner)
            met.add(frozenset((first, partner)))
            if draw(SWAP_ST, label="swap colours"):
                first, partner = partner, first
            outcome = draw(OUTCOME_ST, label="outcome")
            kind = draw(KIND_ST, label="kind")
            games.append(Game(len(games) + 1, first, partner, outcome, kind))
            a, b = _game_points(scoring, outcome, kind)
            score[first] += a
            score[partner] += b
        for p in byes:
            score[p] += scoring.bye
        for p in absent:
            score[p] += scoring.absent
        penalties = draw(counts_st, label="penalties")
        warnings = draw(counts_st, label="warnings")
        ranking = draw(ranking_st, label="ranking_order")
        rounds.append(Round(number, tuple(games), tuple(byes), tuple(sorted(absent)),
                            penalties=penalties, warnings=warnings, ranking_order=tuple(ranking)))
    chain = draw(CHAIN_ST, label="chain")
    ties = draw(TIES_ST, label="ties")
    section = Section(id="s", name="S", system="swiss", rounds_planned=n_rounds, scoring=scoring,
                      tiebreaks=tuple(chain), players=tuple(Player(p, f"P{p}") for p in players),
                      rounds=tuple(rounds), ranking=Ranking(ties=ties))
    upto = draw(st.integers(0, n_rounds), label="upto")
    return section, upto


@settings(max_examples=200)
@given(swiss_events(), st.integers(0, 10**9))
def test_standings_properties(event, draw_seed):
    """common.md §2–§4 invariants on random Swiss-like events (2-30 players, 1-7 rounds):
    rows are a permutation of the players; points never increase down the table; places are
    consistent (place ≤ row ≤ last_place, shared groups contiguous, listed by number); each player's
    points equal the points awarded by his games, byes and absences (written out independently),
    so the sum of all points is the sum over games plus byes; playoff marks exactly the shared rows
    where ties are "playoff"; one value per tiebreak; the pending count is the "?" games."""
    section, upto = event
    recs = records(section)
    for k in sorted({upto, recs.rounds}):
        result = standings(section, recs, k, draw_seed)
        rows = result.rows
        assert sorted(r.player for r in rows) == [p.number for p in section.players]
        assert all(a.points >= b.points for a, b in pairwise(rows))
        for index, row in enumerate(rows):
            assert row.place <= index + 1 <= row.last_place
            group = [r for r in rows if (r.place, r.last_place) == (row.place, row.last_place)]
            assert len(group) == row.last_place - row.place + 1
            assert list(rows[row.place - 1: row.last_place]) == group
            assert len({r.points for r in group}) == 1
            assert row.playoff == (section.ranking.ties == "playoff" and row.shared)
            assert len(row.values) == len(section.tiebreaks)
        for place in {r.place for r in rows if r.shared}:
            numbers = [r.player for r in rows if r.place == place]
            assert numbers == sorted(numbers)
        expected = _expected_totals(section, k)
        assert {r.player: recs.points(r.points) for r in rows} == expected
        awarded = sum((sum(_game_points(section.scoring, g.outcome, g.kind)) for r in section.rounds
                       if r.number <= k for g in r.games), Fraction(0))
        byes = sum(section.scoring.bye * len(r.byes) + section.scoring.absent * len(r.absent)
                   for r in section.rounds if r.number <= k)
        assert recs.points(sum(r.points for r in rows)) == awarded + byes
        assert result.pending == sum(1 for r in section.rounds if r.number <= k
                                     for g in r.games if g.outcome is Outcome.PENDING)
        if section.tiebreaks and section.tiebreaks[-1].id in ("number", "lot"):
            assert not any(r.shared for r in rows)
