"""Random rounds across parallel groups (seed 000 stage 2-B; rules/common.md §6)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing import Pairing, PairingError
from site_builder.pairing.lots import rng
from site_builder.pairing.random_draw import has_perfect_matching, random_round

Met = dict[int, set[int]]


def _groups(sizes: list[int]) -> dict[int, str]:
    """Players 1.. in groups A, B, C, … of the given sizes."""
    ids = iter(range(1, sum(sizes) + 1))
    return {next(ids): "ABCDEF"[g] for g, size in enumerate(sizes) for _ in range(size)}


def _pairable(players: frozenset[int], group_of: Mapping[int, str], met: Met) -> bool:
    """Brute force: can `players` all be paired across groups without a rematch?"""

    @cache
    def solve(rest: frozenset[int]) -> bool:
        if not rest:
            return True
        head = min(rest)
        return any(group_of[o] != group_of[head] and o not in met[head] and solve(rest - {head, o})
                   for o in rest - {head})

    return solve(players)


def _exists(players: list[int], group_of: Mapping[int, str], met: Met, had_bye: AbstractSet[int]) -> bool:
    """Brute force: does a valid round exist (with a bye to a player without one for odd fields)?"""
    field = frozenset(players)
    if len(field) % 2 == 0:
        return _pairable(field, group_of, met)
    return any(_pairable(field - {b}, group_of, met) for b in field - had_bye)


def _biggest_group_too_big(players: list[int], group_of: Mapping[int, str],
                           had_bye: AbstractSet[int]) -> bool:
    """The plain reason a field has no round: the biggest group outnumbers everyone else (after a
    bye, which must then come from it), or nobody can take the bye."""
    groups = sorted({group_of[p] for p in players})
    members = {g: [p for p in players if group_of[p] == g] for g in groups}
    biggest = max(groups, key=lambda g: len(members[g]))
    n, size = len(players), len(members[biggest])
    if n % 2 == 0:
        return 2 * size > n
    if not set(players) - had_bye:
        return True
    return 2 * size > n + 1 or (2 * size == n + 1 and set(members[biggest]) <= had_bye)


def _check(pairing: Pairing, players: list[int], group_of: Mapping[int, str], met: Met,
           had_bye: AbstractSet[int]) -> None:
    """Every absolute rule of stage 2-B holds for the round."""
    seated = [x for p in pairing.pairs for x in (p.first, p.second)]
    assert sorted(seated + list(pairing.byes)) == sorted(players), "everyone exactly once"
    assert len(pairing.byes) == len(players) % 2
    assert not set(pairing.byes) & set(had_bye), "a bye only to a player without one"
    assert [p.board for p in pairing.pairs] == list(range(1, len(pairing.pairs) + 1))
    for p in pairing.pairs:
        assert group_of[p.first] != group_of[p.second], "players from different groups"
        assert p.second not in met[p.first] and p.first not in met[p.second], "no rematch"


def _play(players: list[int], group_of: Mapping[int, str], met: Met, rounds: int, seed: int,
          check_exists: bool) -> None:
    """Draw `rounds` rounds, checking each; a `PairingError` only when brute force finds no round."""
    had_bye: set[int] = set()
    for number in range(1, rounds + 1):
        try:
            pairing = random_round(players, group_of, met, rng(seed, "2B", number), number,
                                   had_bye=frozenset(had_bye))
        except PairingError:
            if check_exists:
                assert not _exists(players, group_of, met, had_bye)
            else:  # large fields here only fail for lack of players outside the biggest group
                assert _biggest_group_too_big(players, group_of, had_bye)
            return
        if check_exists:
            assert _exists(players, group_of, met, had_bye)
        else:
            assert not _biggest_group_too_big(players, group_of, had_bye)
        _check(pairing, players, group_of, met, had_bye)
        for p in pairing.pairs:
            met[p.first].add(p.second)
            met[p.second].add(p.first)
        had_bye.update(pairing.byes)


FIELD = _groups([5, 5, 4, 3])  # 17 players in groups A–D


def test_reproducible_from_the_seed() -> None:
    players = sorted(FIELD)
    met: Met = {p: set() for p in players}
    first = random_round(players, FIELD, met, rng(20240501, "2B", 1), 1)
    again = random_round(players, FIELD, met, rng(20240501, "2B", 1), 1)
    assert first == again
    others = {random_round(players, FIELD, met, rng(seed, "2B", 1), 1) for seed in range(2, 7)}
    assert first not in others and len(others) == 5, "another seed, another draw"
    _check(first, players, FIELD, met, frozenset())


def test_the_input_order_does_not_change_the_draw() -> None:
    players = sorted(FIELD)
    met: Met = {p: set() for p in players}
    draw = random_round(players, FIELD, met, rng(7, "2B", 1), 1)
    backwards = random_round(players[::-1], FIELD, met, rng(7, "2B", 1), 1)
    assert {(p.first, p.second) for p in draw.pairs} == {(p.first, p.second) for p in backwards.pairs}
    assert draw.byes == backwards.byes
    assert draw.pairs[0].board == 1 and 1 in (draw.pairs[0].first, draw.pairs[0].second)
    assert 17 in (backwards.pairs[0].first, backwards.pairs[0].second), "boards follow the given order"


def test_two_rounds_never_repeat_or_stay_in_a_group() -> None:
    for seed in range(20):
        players = sorted(FIELD)
        _play(players, FIELD, {p: set() for p in players}, 2, seed, check_exists=True)


def test_colours_and_bye_are_drawn_by_lot() -> None:
    group_of = _groups([10, 10, 10, 10, 10, 9])
    players = sorted(group_of)
    met: Met = {p: set() for p in players}
    firsts, byes = 0, set()
    for seed in range(40):
        pairing = random_round(players, group_of, met, rng(seed, "2B", 1), 1)
        firsts += sum(p.first < p.second for p in pairing.pairs)
        byes.update(pairing.byes)
        assert pairing.notes[0].kind == "bye" and pairing.notes[0].players == pairing.byes
    assert 0.4 < firsts / (40 * 29) < 0.6
    assert len(byes) > 20


def test_a_unique_pairing_is_found() -> None:
    """Groups A = {1, 2}, B = {3, 4}, C = {5, 6}, with meetings leaving 1-3, 2-5, 4-6 as the only way."""
    group_of = {1: "A", 2: "A", 3: "B", 4: "B", 5: "C", 6: "C"}
    met: Met = {1: {4, 5, 6}, 2: {3, 4, 6}, 3: {2, 5, 6}, 4: {1, 2, 5}, 5: {1, 3, 4}, 6: {1, 2, 3}}
    for seed in range(30):
        pairing = random_round(list(group_of), group_of, met, rng(seed, "2B", 1), 1)
        assert {frozenset((p.first, p.second)) for p in pairing.pairs} == {
            frozenset(x) for x in ((1, 3), (2, 5), (4, 6))}


def test_a_long_chain_needs_backtracking() -> None:
    """Players 1..2k in two groups, met so that the only pairing is 1-2, 3-4, …: a greedy draw would
    pick a wrong partner almost surely, but each drawn pair is kept only if the rest can be paired."""
    k = 15
    group_of = {i: "AB"[i % 2] for i in range(1, 2 * k + 1)}
    # i may meet only i±1 (the chain 1-2-3-…-2k), whose only perfect matching is 1-2, 3-4, …
    met = {a: {b for b in group_of if b != a and abs(a - b) != 1} for a in group_of}
    for seed in range(5):
        pairing = random_round(list(group_of), group_of, met, rng(seed, "2B", 1), 1)
        assert sorted(tuple(sorted((p.first, p.second))) for p in pairing.pairs) == [
            (i, i + 1) for i in range(1, 2 * k, 2)]


def test_the_bye_goes_to_the_only_possible_player() -> None:
    group_of = _groups([3, 2])  # A = 1, 2, 3; B = 4, 5: a bye from A
    met: Met = {p: set() for p in group_of}
    byes = {random_round(list(group_of), group_of, met, rng(s, "2B", 1), 1).byes for s in range(20)}
    assert byes == {(1,), (2,), (3,)}
    byes = {random_round(list(group_of), group_of, met, rng(s, "2B", 2), 2, had_bye={1, 3}).byes
            for s in range(5)}
    assert byes == {(2,)}


def test_impossible_rounds_raise() -> None:
    same_group = {1: "A", 2: "A", 3: "A", 4: "A"}
    with pytest.raises(PairingError):
        random_round([1, 2, 3, 4], same_group, {}, random.Random(1), 1)
    lopsided = _groups([4, 1, 1])
    with pytest.raises(PairingError):
        random_round(list(lopsided), lopsided, {}, random.Random(1), 1)
    two = {1: "A", 2: "B"}
    with pytest.raises(PairingError):
        random_round([1, 2], two, {1: {2}}, random.Random(1), 1)  # a rematch
    odd = _groups([2, 1])
    with pytest.raises(PairingError):
        random_round([1, 2, 3], odd, {}, random.Random(1), 1, had_bye={1, 2})  # only 3 left: A v A
    with pytest.raises(PairingError):
        random_round([1], {1: "A"}, {}, random.Random(1), 1)


def test_input_errors() -> None:
    with pytest.raises(ValueError):
        random_round([1, 2, 2], {1: "A", 2: "B"}, {}, random.Random(1), 1)
    with pytest.raises(ValueError):
        random_round([1, 2, 3], {1: "A", 2: "B"}, {}, random.Random(1), 1)


def test_perfect_matching_test_agrees_with_brute_force() -> None:
    draw = random.Random(0)
    for _ in range(400):
        n = draw.randrange(0, 11)
        edges = {frozenset(e) for e in combinations(range(n), 2) if draw.random() < draw.random()}
        graph = {v: frozenset(w for w in range(n) if frozenset((v, w)) in edges) for v in range(n)}

        @cache
        def brute(rest: frozenset[int], graph: dict[int, frozenset[int]] = graph) -> bool:
            return not rest or any(brute(rest - {min(rest), o}) for o in graph[min(rest)] & rest)

        assert has_perfect_matching(frozenset(range(n)), graph) == brute(frozenset(range(n)))


_SETTINGS = settings(max_examples=150)


@_SETTINGS
@given(groups=st.integers(2, 6), n=st.integers(4, 13), rounds=st.integers(1, 3),
       density=st.floats(0, 0.8), seed=st.integers(0, 10**6))
def test_small_fields_pair_whenever_brute_force_can(groups: int, n: int, rounds: int, density: float,
                                                     seed: int) -> None:
    """Random layouts and random earlier meetings (stage 1): a round is found exactly when one exists."""
    layout = random.Random(seed)
    group_of = {p: "ABCDEF"[layout.randrange(groups)] for p in range(1, n + 1)}
    met: Met = {p: set() for p in group_of}
    for a, b in combinations(group_of, 2):
        if layout.random() < density:
            met[a].add(b)
            met[b].add(a)
    _play(list(group_of), group_of, met, rounds, seed, check_exists=True)


@_SETTINGS
@given(groups=st.integers(2, 6), n=st.integers(4, 60), rounds=st.integers(1, 3), seed=st.integers(0, 10**6))
def test_large_fields_pair_unless_one_group_is_too_big(groups: int, n: int, rounds: int, seed: int) -> None:
    layout = random.Random(seed)
    group_of = {p: "ABCDEF"[layout.randrange(groups)] for p in range(1, n + 1)}
    _play(list(group_of), group_of, {p: set() for p in group_of}, rounds, seed, check_exists=n <= 16)
