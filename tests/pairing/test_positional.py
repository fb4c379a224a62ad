"""Chinese positional Swiss (rules/common.md §5), worked examples for each clause."""

from __future__ import annotations

import pytest

from site_builder.pairing import Contender, PairingError
from site_builder.pairing.positional import choose_bye, first_player, fold_pairs, pair_round, pairing_order


def c(number: int, score: int = 0, met: tuple[int, ...] = (), first: int = 0, bye: bool = False) -> Contender:
    return Contender(id=number, number=number, score=score, opponents=frozenset(met),
                     first_games=first, second_games=0, had_bye=bye)


def boards(pairing) -> list[tuple[int, int]]:
    return [(p.first, p.second) for p in pairing.pairs]


def unordered(pairing) -> list[set[int]]:
    return [{p.first, p.second} for p in pairing.pairs]


def test_round_one_fold_even() -> None:
    """§5 Round 1 (seed 003 §3.2.1): upper[i] meets lower[i]; the smaller number plays first."""
    pairing = pair_round([c(n) for n in range(1, 9)], 1)
    assert boards(pairing) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert pairing.byes == ()


def test_round_one_fold_odd_gives_number_one_the_bye() -> None:
    """Seed 003 "首号位轮空": with 7 players number 1 has the bye, then 2 meets ⌈7/2⌉+1 = 5."""
    pairs, bye = fold_pairs([c(n) for n in range(1, 8)])
    assert bye is not None and bye.id == 1
    assert [(a.id, b.id) for a, b in pairs] == [(2, 5), (3, 6), (4, 7)]


def test_pairing_order_parity() -> None:
    """§5.1: inside a score group, ascending numbers in odd rounds, descending in even rounds."""
    players = [c(1, 2), c(2, 0), c(3, 2), c(4, 0)]
    assert [p.id for p in pairing_order(players, 3)] == [1, 3, 2, 4]
    assert [p.id for p in pairing_order(players, 2)] == [3, 1, 4, 2]


def test_same_position_pairing_round_two() -> None:
    """§5.3 同位配对: after 1,2,3,4 beat 5,6,7,8, round 2 (even, descending): [4,3] v [2,1], [8,7] v [6,5]."""
    players = [c(1, 2, (5,), 1), c(2, 2, (6,), 1), c(3, 2, (7,), 1), c(4, 2, (8,), 1),
               c(5, 0, (1,)), c(6, 0, (2,)), c(7, 0, (3,)), c(8, 0, (4,))]
    pairing = pair_round(players, 2)
    # §5.7: equal first-player counts → in even rounds the larger number plays first.
    # 5–8 had no first-player game, so they play first against... only among themselves here.
    assert boards(pairing) == [(4, 2), (3, 1), (8, 6), (7, 5)]


def test_shifted_pairing() -> None:
    """§5.3 错位配对: upper[0] has met lower[0], so it takes lower[1]; upper[1] then takes lower[0]."""
    # round 3 (odd, ascending); group of 4 on 4 points: 1, 2, 3, 4 → upper [1, 2], lower [3, 4]; 1 met 3.
    players = [c(1, 4, (3, 9)), c(2, 4, (10, 11)), c(3, 4, (1, 12)), c(4, 4, (13, 14))]
    pairing = pair_round(players, 3)
    assert unordered(pairing) == [{1, 4}, {2, 3}]
    assert [n.players for n in pairing.notes if n.kind == "shift"] == [(1, 4)]


def test_down_float_of_the_last_player_paired_first_below() -> None:
    """§5.2 下调: an odd group sends its last player down; it is paired first, with the first player
    of the next group it has not met; the rest of that group is then paired positionally."""
    # round 3 (odd, ascending): 4 points: 1, 2, 3 → 3 floats; 2 points: 4, 5, 6, 7 (+1 bye none: 7 players?)
    players = [c(1, 4), c(2, 4), c(3, 4, (4,)), c(4, 2, (3,)), c(5, 2), c(6, 2), c(7, 2), c(8, 2)]
    pairing = pair_round(players, 3)
    # 1 v 2 in the top group; 3 (has met 4) takes 5; the rest [4, 6, 7, 8] → 4 v 7, 6 v 8.
    assert unordered(pairing) == [{1, 2}, {3, 5}, {4, 7}, {6, 8}]
    assert any(n.kind == "float" and n.players == (3, 5) for n in pairing.notes)


def test_break_up_upward_when_the_last_group_is_stuck() -> None:
    """§5.4 向上临近拆对: the last two players have met, so a pair of the group above is broken."""
    # round 3 (odd): 2 points: 1, 2, 3, 4; 0 points: 5, 6 who met each other.
    players = [c(1, 2), c(2, 2), c(3, 2), c(4, 2), c(5, 0, (6,)), c(6, 0, (5,))]
    pairing = pair_round(players, 3)
    pairs = unordered(pairing)
    assert {5, 6} not in pairs
    # the first solution in search order: the top group keeps 1 v 3 and sends its last two (2, 4) down
    assert pairs == [{1, 3}, {2, 5}, {4, 6}]
    assert [n.players for n in pairing.notes if n.kind == "break"] == [(2, 4)]


def test_no_rematch_possible_raises() -> None:
    """§5 absolute rule: two players never meet twice."""
    with pytest.raises(PairingError):
        pair_round([c(1, 2, (2,)), c(2, 0, (1,))], 2)


def test_bye_goes_to_the_lowest_player_without_one() -> None:
    """common.md §3: the lowest in pairing order without a bye; nobody gets a second bye."""
    ordered = pairing_order([c(1, 4), c(2, 2), c(3, 0, bye=True), c(4, 0), c(5, 0)], 2)
    assert [p.id for p in ordered] == [1, 2, 5, 4, 3]
    assert choose_bye(ordered).id == 4
    pairing = pair_round([c(1, 4), c(2, 2), c(3, 0, bye=True), c(4, 0), c(5, 0)], 2)
    assert pairing.byes == (4,)


@pytest.mark.parametrize(("a_first", "b_first", "round_number", "expected"), [
    (1, 0, 2, 2),  # fewer first-player games plays first
    (0, 1, 3, 1),
    (1, 1, 3, 1),  # equal: odd round → smaller number first
    (1, 1, 4, 2),  # equal: even round → larger number first
])
def test_colours(a_first: int, b_first: int, round_number: int, expected: int) -> None:
    """§5.7 colours (seed 003 §4.1)."""
    first, _ = first_player(c(1, first=a_first), c(2, first=b_first), round_number)
    assert first.id == expected


def test_round_one_lot_between_halves_seed_004() -> None:
    """Seed 004 二.1: upper half (first ⌊n/2⌋) draws lower-half numbers; odd sum → smaller number
    first (red), even sum → larger number first; with an odd count the undrawn lower player has the bye."""
    import random

    from site_builder.pairing.lots import halves_lot

    players = [c(n) for n in range(1, 52)]
    pairing = halves_lot(players, random.Random(7))
    assert len(pairing.pairs) == 25 and len(pairing.byes) == 1
    assert pairing.byes[0] > 25  # the bye is in the (larger) lower half
    for pair in pairing.pairs:
        low, high = sorted((pair.first, pair.second))
        assert low <= 25 < high
        if (low + high) % 2:
            assert pair.first == low
        else:
            assert pair.first == high
    assert [p.board for p in pairing.pairs] == list(range(1, 26))
