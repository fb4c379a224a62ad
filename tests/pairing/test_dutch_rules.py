"""The FIDE Dutch system (C.04.3, 2025 rules): worked examples worked out by hand, and pairing
invariants over random tournaments."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing.dutch import Entrant, Game, NoPairing, pair_round
from site_builder.pairing.dutch.history import DRAW, LOSS, WIN, state_of


def played(opponent: int, colour: str, points: int) -> Game:
    return Game(opponent, colour, points, True, True)


PAB = Game(None, None, WIN, False, True)


def test_round_one_folds_the_field_and_alternates_colours_down_the_ranks() -> None:
    """§1.2 order, homogeneous bracket S1 = 1–3 against S2 = 4–6 in order; §5.2.5: with no
    preferences the higher-ranked player of a pair takes the top seed's colour (white here) when
    their rank is odd (1st, 3rd, …) and the other colour when it is even."""
    result = pair_round([Entrant(n) for n in range(1, 7)], set(), 5, "W")
    assert result.pairs == ((1, 4), (5, 2), (3, 6))
    assert result.bye is None


def test_the_pairing_allocated_bye_goes_to_the_lowest_ranked_player() -> None:
    """C.04.1 / §1.5: with an odd number of players the last one of the lowest scoregroup is left
    out (C5 pairs as many as possible, C9 equal unplayed games); 1–3 and 2–4 are the fold of 1–4."""
    result = pair_round([Entrant(n) for n in range(1, 6)], set(), 5, "W")
    assert set(result.pairs) == {(1, 3), (4, 2)}
    assert result.bye == 5


def test_no_rematch_and_colour_preferences_come_before_the_order_of_s2() -> None:
    """C1 forbids 1–3 again; of the two pairings left, {1–4, 2–3} gives both pairs the same colour
    preference (1 and 4 want black, 2 and 3 want white), {1–2, 3–4} satisfies all four, and colour
    preferences (C12) weigh more than the order of candidates (§4), so 2–1 and 3–4 it is."""
    entrants = [
        Entrant(1, (played(3, "W", DRAW),)),
        Entrant(2, (played(4, "B", DRAW),)),
        Entrant(3, (played(1, "B", DRAW),)),
        Entrant(4, (played(2, "W", DRAW),)),
    ]
    assert set(pair_round(entrants, set(), 5, "W").pairs) == {(2, 1), (3, 4)}


def test_a_second_pairing_allocated_bye_is_never_given() -> None:
    """C2 (2025 rules: no bye for a player who already scored a win without playing): 2 and 3 had
    the bye, so it goes to 1 although 1 leads; 2 (black in round 1) gets white against 3."""
    entrants = [
        Entrant(1, (played(2, "W", WIN), played(3, "B", WIN))),
        Entrant(2, (played(1, "B", LOSS), PAB)),
        Entrant(3, (PAB, played(1, "W", LOSS))),
    ]
    result = pair_round(entrants, set(), 3, "W")
    assert result.pairs == ((2, 3),)
    assert result.bye == 1


def test_absent_players_are_not_paired() -> None:
    result = pair_round([Entrant(n) for n in range(1, 6)], {3}, 5, "W")
    assert {p for pair in result.pairs for p in pair} == {1, 2, 4, 5}
    assert result.bye is None


def test_colour_preferences_follow_the_colour_history() -> None:
    """§1.6–1.7: two blacks in a row (absolute), a colour difference of 1 (strong), equal colours
    with black last (mild); forfeited games do not count."""
    absolute = state_of(Entrant(1, (played(2, "B", WIN), played(3, "B", WIN))), 0)
    strong = state_of(Entrant(1, (played(2, "W", WIN), played(3, "B", WIN), played(4, "W", WIN))), 0)
    mild = state_of(Entrant(1, (played(2, "W", WIN), played(3, "B", WIN), Game(4, "W", WIN, False, True))), 0)
    assert (absolute.preference, absolute.absolute) == ("W", True)
    assert (strong.preference, strong.strong, strong.absolute) == ("B", True, False)
    assert (mild.preference, mild.strong, mild.absolute) == ("W", False, False)


def test_no_pairing_when_everyone_has_met() -> None:
    entrants = [Entrant(1, (played(2, "W", WIN),)), Entrant(2, (played(1, "B", LOSS),))]
    with pytest.raises(NoPairing):
        pair_round(entrants, set(), 3, "W")


def simulate(players: int, rounds: int, seed: int) -> list[tuple[list[Entrant], set[int], object]]:
    """A tournament paired by the engine with random results; each round's input and output."""
    rng = random.Random(seed)
    games: dict[int, list[Game]] = {n: [] for n in range(1, players + 1)}
    steps = []
    for _ in range(rounds):
        entrants = [Entrant(n, tuple(g)) for n, g in games.items()]
        absent = {n for n in games if rng.random() < 0.1}
        try:
            result = pair_round(entrants, absent, rounds, "W")
        except NoPairing:
            break
        steps.append((entrants, absent, result))
        for white, black in result.pairs:
            points = rng.choice((WIN, DRAW, LOSS))
            forfeit = rng.random() < 0.05
            games[white].append(Game(black, "W", points, not forfeit, True))
            games[black].append(Game(white, "B", WIN - points, not forfeit, True))
        if result.bye is not None:
            games[result.bye].append(PAB)
        for n in absent:
            games[n].append(Game(None, None, DRAW if rng.random() < 0.5 else LOSS, False, False))
    return steps


@settings(max_examples=60)
@given(players=st.integers(2, 24), rounds=st.integers(1, 7), seed=st.integers(0, 10**6))
def test_pairing_invariants(players: int, rounds: int, seed: int) -> None:
    """Every present player is paired once or gets the bye; no rematch of a played game (C1); the
    bye only to a player without an unplayed win (C2); never two non-topscorers with the same
    absolute colour preference (C3); white and black differ in every pair."""
    for entrants, absent, result in simulate(players, rounds, seed):
        present = {e.number for e in entrants} - absent
        seen = [p for pair in result.pairs for p in pair] + ([result.bye] if result.bye else [])
        assert sorted(seen) == sorted(present)
        assert (result.bye is not None) == (len(present) % 2 == 1)
        states = {e.number: state_of(e, i) for i, e in enumerate(entrants)}
        last = len(entrants[0].history) >= rounds - 1
        for white, black in result.pairs:
            assert white != black
            assert black not in states[white].forbidden
            a, b = states[white], states[black]
            if a.absolute and b.absolute and a.preference == b.preference:
                assert last and max(a.score, b.score) > len(entrants[0].history)
        if result.bye is not None:
            assert states[result.bye].bye_eligible


def test_a_lone_player_who_had_the_bye_cannot_be_paired() -> None:
    """C2 holds even when only one player is left to pair (the other is absent)."""
    entrants = [Entrant(1, (PAB,)), Entrant(2, (Game(None, None, LOSS, False, False),))]
    with pytest.raises(NoPairing):
        pair_round(entrants, {2}, 3, "W")
    assert pair_round([Entrant(1), Entrant(2)], {2}, 3, "W").bye == 1
