"""The FIDE Burstein system (C.04.4.2, 2026 rules): rounds worked out by hand from the articles,
and pairing invariants over random tournaments."""

from __future__ import annotations

import random

from handbook import HANDBOOK_4_3_FIRST, HANDBOOK_4_3_LAST, HANDBOOK_4_3_MIDDLE, two_pair_pairings, written
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing.burstein.engine import (
    BursteinPairing,
    NoPairing,
    Player,
    Weights,
    pair_round,
    players_of,
)
from site_builder.pairing.burstein.index import Index, index_of, seeding_rounds
from site_builder.pairing.dutch import engine as dutch
from site_builder.pairing.dutch.history import DRAW, LOSS, WIN, Entrant, Game, state_of

W, B = "W", "B"
PAB = Game(None, None, WIN, False, True)
ABSENT = Game(None, None, LOSS, False, False)


def played(opponent: int, colour: str, points: int) -> Game:
    return Game(opponent, colour, points, True, True)


#: Round 1 of eight players as the Dutch system pairs it (1–5, 6–2, 3–7, 8–4): 1–5 drawn, the
#: higher seeds win the others.
ROUND_1 = {1: played(5, W, DRAW), 5: played(1, B, DRAW), 6: played(2, W, LOSS), 2: played(6, B, WIN),
           3: played(7, W, WIN), 7: played(3, B, LOSS), 8: played(4, W, LOSS), 4: played(8, B, WIN)}


def test_seeding_rounds_are_half_the_rounds_at_most_four() -> None:
    """Art. 1.6.2."""
    assert [seeding_rounds(r) for r in (1, 2, 3, 5, 8, 9, 11)] == [0, 1, 1, 2, 4, 4, 4]


def test_a_seeding_round_is_the_dutch_systems_pairing() -> None:
    """Art. 1.6.1: round 1 of 9 is a seeding round, paired as the Dutch system pairs it."""
    entrants = [Entrant(n) for n in range(1, 10)]
    dutch_result = dutch.pair_round(entrants, set(), 9, W)
    assert pair_round(entrants, set(), 9, W) == BursteinPairing(dutch_result.pairs, dutch_result.bye)


def test_the_index_is_buchholz_then_sonneborn_berger_with_unplayed_rounds_at_the_own_score() -> None:
    """Art. 1.7.1: Buchholz sums the opponents' current scores, Sonneborn-Berger weighs each by the
    points scored against them; art. 1.7.2: an unplayed round counts the player's own score, and
    a series of zero-point-byes up to now counts as draws for the opponents. Half points; SB in
    half points times half points."""
    one = Entrant(1, (played(2, W, WIN), PAB, played(3, B, DRAW)))  # 2 + 2 + 1 = 5 half points
    two = Entrant(2, (played(1, B, LOSS), played(3, W, WIN), ABSENT))  # 2 points, then absent
    three = Entrant(3, (PAB, played(2, B, LOSS), played(1, W, DRAW)))  # 3 half points
    by_number = {e.number: e for e in (one, two, three)}
    # 1: opponent 2 has 2 + one zero-point-bye as a draw = 3; the bye at the own score 5; 3 has 3
    assert index_of(one, by_number) == Index(3 + 5 + 3, 3 * WIN + 5 * WIN + 3 * DRAW)
    # 2's own absence is its own unplayed round: its own score 2
    assert index_of(two, by_number) == Index(5 + 3 + 2, 0 + 3 * WIN + 0)


def test_a_bracket_pairs_top_against_bottom_after_the_criteria() -> None:
    """Round 2 of 3 follows the single seeding round. Bracket 1 point {2, 3, 4} (equal Index: BSN by
    TPN): C5 one pair; C8 rules out 2–4 (both prefer white); art. 4 puts 2–3 before 3–4 (BSN 1 paired
    rather than floating), so 4 floats. Bracket {4 (1), 1, 5 (½)}: C6 pairs 4, C8 against 1 (who
    prefers black). Bracket {5, 6, 7, 8}: Index ranks 6, 7, 8 (Buchholz 1) above 5 (½); art. 4 gives
    BSN 1 (6) the lowest possible opponent, 5 (BSN 4), and C8 holds: 5–6 and 7–8. Boards by the higher
    player's score, then the sum (the publishing rule); colours by art. 5.2.2."""
    entrants = [Entrant(n, (ROUND_1[n],)) for n in range(1, 9)]
    assert pair_round(entrants, set(), 3, W).pairs == ((2, 3), (4, 1), (5, 6), (7, 8))


def test_the_bye_goes_to_the_lowest_score_then_the_lowest_index() -> None:
    """Art. 3.1: 7 and 8 have the lowest score (0) and as many games; 7 and 8 have Buchholz 1 like
    6, so the lowest ranking is the largest TPN: 8."""
    entrants = [Entrant(n, (ROUND_1[n],)) for n in range(1, 9)] + [Entrant(9, (PAB,))]
    result = pair_round(entrants, set(), 3, W)
    assert result.bye == 8


def test_the_bye_skips_a_player_who_had_one() -> None:
    """C2 (art. 2.1.2, 3.1.1): 3 and 5 had the bye and are left out; of 2 and 4 (2 points each, two
    games each, art. 3.1.3–3.1.4) 4 ranks lower (Buchholz 4 against 6, art. 3.1.5)."""
    entrants = [Entrant(1, (played(2, W, WIN), played(3, B, WIN))),
                Entrant(2, (played(1, B, LOSS), played(4, W, WIN))),
                Entrant(3, (PAB, played(1, W, LOSS))),
                Entrant(4, (played(5, W, WIN), played(2, B, LOSS))),
                Entrant(5, (played(4, B, LOSS), PAB))]
    result = pair_round(entrants, set(), 3, W)
    assert result.bye == 4
    assert {frozenset(pair) for pair in result.pairs} == {frozenset((1, 5)), frozenset((2, 3))}


def simulate(players: int, rounds: int, seed: int) -> list[tuple[list[Entrant], set[int], BursteinPairing]]:
    """A tournament paired by the engine with random results, forfeits and absences."""
    rng = random.Random(seed)
    games: dict[int, list[Game]] = {n: [] for n in range(1, players + 1)}
    steps = []
    for _ in range(rounds):
        entrants = [Entrant(n, tuple(g)) for n, g in games.items()]
        absent = {n for n in games if rng.random() < 0.1}
        try:
            result = pair_round(entrants, absent, rounds, W)
        except NoPairing:
            break
        steps.append((entrants, absent, result))
        for white, black in result.pairs:
            points = rng.choice((WIN, DRAW, LOSS))
            forfeit = rng.random() < 0.05
            games[white].append(Game(black, W, points, not forfeit, True))
            games[black].append(Game(white, B, WIN - points, not forfeit, True))
        if result.bye is not None:
            games[result.bye].append(PAB)
        for n in absent:
            games[n].append(Game(None, None, DRAW if rng.random() < 0.5 else LOSS, False, False))
    return steps


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 20), rounds=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_pairing_invariants(players: int, rounds: int, seed: int) -> None:
    """Every present player paired once or given the bye; no rematch of a played game (C1); the bye
    only to a player without one or an unplayed win (C2); after the seeding rounds never two players
    with the same absolute colour preference (C3), and each absolute preference granted."""
    for entrants, absent, result in simulate(players, rounds, seed):
        present = {e.number for e in entrants} - absent
        seen = [n for pair in result.pairs for n in pair] + ([result.bye] if result.bye else [])
        assert sorted(seen) == sorted(present)
        states = {e.number: state_of(e, 0) for e in entrants}
        for white, black in result.pairs:
            assert black not in states[white].forbidden
        if result.bye is not None:
            assert states[result.bye].bye_eligible
        if len(entrants[0].history) < seeding_rounds(rounds):
            continue
        for white, black in result.pairs:
            a, b = states[white], states[black]
            assert not (a.absolute and b.absolute and a.preference == b.preference)
            assert a.preference == W or not a.absolute
            assert b.preference == B or not b.absolute


def test_players_rank_by_score_then_index_then_tpn() -> None:
    """Art. 1.8 inside each score: the order `players_of` gives the brackets."""
    entrants = [Entrant(n, (ROUND_1[n],)) for n in range(1, 9)]
    assert [p.number for p in players_of(entrants, set())] == [2, 3, 4, 1, 5, 6, 7, 8]



def test_the_order_of_pairings_is_the_note_to_article_4_3() -> None:
    """Art. 4.3 and its note: a pairing precedes another when BSN 1's opponent has the larger BSN,
    then BSN 2's, … (a floater meets the virtual BSN 0). The engine's lowest weight field (the sum
    of each pair's art. 4 value, `Weights.fields`), heaviest first, lists the 45 pairings of six
    players making two pairs as the handbook's note does."""
    players = players_of([Entrant(n) for n in range(1, 7)], set())
    weigh = Weights(players, list(range(6)), [], 3)
    order = sorted(two_pair_pairings(), key=lambda pairing: -sum(
        weigh.fields(weigh_index(players, a), weigh_index(players, b))[-1] for a, b in pairing))
    shown = [written(pairing) for pairing in order]
    assert len(shown) == 45 and len(set(shown)) == 45
    assert shown[:7] == HANDBOOK_4_3_FIRST
    assert shown[21:24] == HANDBOOK_4_3_MIDDLE
    assert shown[-1] == HANDBOOK_4_3_LAST


def weigh_index(players: list[Player], number: int) -> int:
    """The index in `players` of the player with pairing number `number` (BSN = TPN here)."""
    return next(i for i, p in enumerate(players) if p.number == number)
