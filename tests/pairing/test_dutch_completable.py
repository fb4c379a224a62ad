"""`Matcher.completable`: can the players left over by a scope and everyone below it still be
paired? Answered exactly (Edmonds' search) unless a greedy pairing proves it, and remembered for the
round under everything it reads."""

from __future__ import annotations

from site_builder.pairing.dutch.solver import Matcher


def matcher(n: int, pairs: list[tuple[int, int]]) -> Matcher:
    m = Matcher(n)
    for a, b in pairs:
        m.set(a, b, 1)
    return m


def test_a_pairing_the_greedy_one_misses_is_found() -> None:
    """0 takes 1, its first possible opponent, and 2–3 may not meet; 0–2 and 1–3 pair everyone."""
    m = matcher(4, [(0, 1), (0, 2), (1, 3)])
    assert not m._pairs_greedily([], 0)
    assert m.completable([], 0)


def test_players_who_cannot_all_be_paired_are_refused() -> None:
    assert not matcher(4, [(0, 1), (0, 2), (0, 3)]).completable([], 0)


def test_an_odd_field_needs_someone_who_may_have_the_bye() -> None:
    m = matcher(3, [(0, 1), (1, 2)])
    m.bye_ok = [False, False, True]
    assert m.completable([], 0)  # 0–1, the bye to 2
    m.bye_ok = [False, True, False]
    assert not m.completable([], 0)  # the bye to 1 leaves 0 and 2, who may not meet


def test_what_is_remembered_is_asked_again_when_who_may_meet_whom_changes() -> None:
    """Left over 0 and 1, below them 2–5: the greedy pairing (0–1, 2–3) leaves 4 and 5, who may not
    meet; 0–1, 2–4, 3–5 pair everyone. When 0 and 1 may no longer meet (a bracket's weights are
    set again), the answer changes with them."""
    m = matcher(6, [(0, 1), (2, 3), (2, 4), (3, 5), (1, 4)])
    assert not m._pairs_greedily([0, 1], 2)
    assert m.completable([0, 1], 2)
    m.set(0, 1, 0)
    assert not m.completable([0, 1], 2)
    assert not m.completable([1, 0], 2)  # in any order
