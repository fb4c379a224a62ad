"""Round robin by the FIDE Berger tables (FIDE Handbook C.05 Annex 1; rules/common.md §7)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from site_builder.pairing import Note, Pair, PairingError
from site_builder.pairing.round_robin import berger_rounds, bye_number, round_robin_pairing

# The FIDE Berger tables (C.05 Annex 1), one round a line, games in board order "white-black".
FIDE_BERGER = {
    4: """
        1-4 2-3
        4-3 1-2
        2-4 3-1
    """,
    6: """
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1
    """,
    8: """
        1-8 2-7 3-6 4-5
        8-5 6-4 7-3 1-2
        2-8 3-1 4-7 5-6
        8-6 7-5 1-4 2-3
        3-8 4-2 5-1 6-7
        8-7 1-6 2-5 3-4
        4-8 5-3 6-2 7-1
    """,
    10: """
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1
    """,
}


def _table(text: str) -> list[list[tuple[int, int]]]:
    return [[(int(a), int(b)) for a, b in (game.split("-") for game in line.split())]
            for line in text.strip().splitlines()]


@pytest.mark.parametrize("n", sorted(FIDE_BERGER))
def test_even_fields_follow_the_fide_tables(n: int) -> None:
    assert berger_rounds(n) == _table(FIDE_BERGER[n])


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_odd_fields_use_the_next_table_without_the_dummy(n: int) -> None:
    """C.05 Annex 1: an odd field plays the table of n+1; a game against n+1 is a bye (§7)."""
    expected = [[g for g in games if n + 1 not in g] for games in _table(FIDE_BERGER[n + 1])]
    assert berger_rounds(n) == expected
    for number, games in enumerate(_table(FIDE_BERGER[n + 1]), start=1):
        (dummy_game,) = [g for g in games if n + 1 in g]
        assert bye_number(n, number) == sum(dummy_game) - (n + 1)


def test_round_one_pairs_board_b_with_n_minus_b_plus_one() -> None:
    """§7: round 1, board b pairs player b with n−b+1."""
    for n in range(2, 21, 2):
        assert berger_rounds(n)[0] == [(b, n - b + 1) for b in range(1, n // 2 + 1)]


def test_double_round_robin_reverses_colours_in_the_second_cycle() -> None:
    assert berger_rounds(4, cycles=2) == _table("""
        1-4 2-3
        4-3 1-2
        2-4 3-1
        4-1 3-2
        3-4 2-1
        4-2 1-3
    """)
    for n in range(2, 12):
        single, double = berger_rounds(n), berger_rounds(n, cycles=2)
        assert double[: len(single)] == single
        assert double[len(single):] == [[(b, a) for a, b in games] for games in single]


@pytest.mark.parametrize("n", range(2, 21))
@pytest.mark.parametrize("double", [False, True])
def test_round_robin_properties(n: int, double: bool) -> None:
    """Every pair meets once per cycle, one game a round, colours balanced, byes once each (§7)."""
    rounds = berger_rounds(n, 2 if double else 1)
    cycle = n - 1 + n % 2
    assert len(rounds) == cycle * (2 if double else 1)
    for start in range(0, len(rounds), cycle):
        met = Counter(frozenset(g) for games in rounds[start:start + cycle] for g in games)
        assert set(met) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
        assert set(met.values()) == {1}
        byes = [bye_number(n, r) for r in range(start + 1, start + cycle + 1)]
        assert byes == [None] * cycle if n % 2 == 0 else sorted(byes) == list(range(1, n + 1))
    for number, games in enumerate(rounds, start=1):
        seated = [x for g in games for x in g]
        assert len(seated) == len(set(seated)) == n - n % 2
        assert set(range(1, n + 1)) - set(seated) == ({bye_number(n, number)} if n % 2 else set())
    whites = Counter(a for games in rounds for a, _ in games)
    blacks = Counter(b for games in rounds for _, b in games)
    for player in range(1, n + 1):
        assert abs(whites[player] - blacks[player]) <= (0 if double else 1)


def test_pairing_maps_berger_numbers_to_players() -> None:
    players = [17, 3, 42, 8, 11]  # Berger numbers 1..5, dummy 6
    round_two = round_robin_pairing(players, 2)  # table of 6, round 2: 6-4 5-3 1-2
    assert round_two.round == 2
    assert round_two.pairs == (Pair(1, 11, 42), Pair(2, 17, 3))
    assert round_two.byes == (8,)
    assert round_two.notes == (Note("bye", (8,), "Berger number 4 meets the dummy 6"),)
    even = round_robin_pairing([5, 6, 7, 8], 3)  # 2-4 3-1
    assert even.pairs == (Pair(1, 6, 8), Pair(2, 7, 5)) and even.byes == () and even.notes == ()


def test_pairing_of_a_double_round_robin() -> None:
    players = [10, 20, 30]
    assert [round_robin_pairing(players, r, cycles=2).pairs[0] for r in range(1, 7)] == [
        Pair(1, 20, 30), Pair(1, 10, 20), Pair(1, 30, 10),
        Pair(1, 30, 20), Pair(1, 20, 10), Pair(1, 10, 30)]
    assert [round_robin_pairing(players, r, cycles=2).byes for r in range(1, 7)] == [
        (10,), (30,), (20,)] * 2


def test_pairing_errors() -> None:
    with pytest.raises(PairingError):
        round_robin_pairing([1, 2, 3, 4], 4)
    assert round_robin_pairing([1, 2, 3, 4], 6, cycles=2).pairs
    with pytest.raises(PairingError):
        round_robin_pairing([1, 2, 3, 4], 7, cycles=2)
    with pytest.raises(PairingError):
        round_robin_pairing([1], 1)
    with pytest.raises(ValueError):
        round_robin_pairing([1, 2, 2], 1)
    with pytest.raises(ValueError):
        round_robin_pairing([1, 2, 3], 0)
    with pytest.raises(ValueError):
        berger_rounds(1)


def _colour_runs(rounds: list[list[tuple[int, int]]], player: int) -> int:
    """The longest run of one colour `player` has over consecutive rounds (a bye breaks a run)."""
    longest, run, last = 0, 0, ""
    for games in rounds:
        colour = next(("w" if a == player else "b" for a, b in games if player in (a, b)), "")
        run = run + 1 if colour and colour == last else (1 if colour else 0)
        last = colour
        longest = max(longest, run)
    return longest


def test_the_double_round_robin_swaps_the_last_two_rounds_of_the_first_cycle() -> None:
    """C.05 Annex 1: in a double round robin the last two rounds of the first cycle are swapped;
    the second cycle is the table again, colours reversed, in its order."""
    single = berger_rounds(6)
    swapped = berger_rounds(6, cycles=2, swap_last=True)
    assert swapped[:5] == [single[0], single[1], single[2], single[4], single[3]]
    assert swapped[5:] == [[(b, a) for a, b in games] for games in single]


@pytest.mark.parametrize("n", range(4, 21, 2))
def test_the_swap_avoids_three_same_colours_in_a_row(n: int) -> None:
    """C.05 Annex 1 gives the reason for the swap: without it some players have the same colour
    three times in a row where the cycles meet; with it, nobody does."""
    plain, swapped = berger_rounds(n, cycles=2), berger_rounds(n, cycles=2, swap_last=True)
    assert max(_colour_runs(plain, p) for p in range(1, n + 1)) == 3
    assert max(_colour_runs(swapped, p) for p in range(1, n + 1)) == 2


def test_a_single_cycle_never_swaps_and_byes_follow_the_swap() -> None:
    assert berger_rounds(7, swap_last=True) == berger_rounds(7)
    order = [bye_number(5, r, cycles=2, swap_last=True) for r in range(1, 11)]
    plain = [bye_number(5, r) for r in range(1, 6)]
    assert order == [plain[0], plain[1], plain[2], plain[4], plain[3], *plain]
    pairing = round_robin_pairing([11, 12, 13, 14, 15], 4, cycles=2, swap_last=True)
    assert pairing.byes == (10 + plain[4],)


def test_cycles_below_one_is_refused() -> None:
    with pytest.raises(PairingError, match="at least one cycle"):
        round_robin_pairing([1, 2, 3, 4], 1, cycles=0)


def test_schedule_tables_follow_the_printed_table() -> None:
    """C.05 Annex 1's table of 6 for five players: table 1 is the bye's (1-6), the games sit at
    tables 2 and 3, as Gacrux's checker numbers them; an even field is the same either way."""
    odd = round_robin_pairing([1, 2, 3, 4, 5], 1, schedule_tables=True)
    assert odd.pairs == (Pair(2, 2, 5), Pair(3, 3, 4)) and odd.byes == (1,)
    assert round_robin_pairing([1, 2, 3, 4, 5], 1).pairs == (Pair(1, 2, 5), Pair(2, 3, 4))
    assert round_robin_pairing([1, 2, 3, 4], 2, schedule_tables=True) == round_robin_pairing([1, 2, 3, 4], 2)


def test_a_withdrawn_player_keeps_his_place_and_loses_by_forfeit() -> None:
    """FIDE C.06 (2011) art. 5.4: the unplayed games of a player who left are "-" for him and "+"
    for his opponents; the schedule stays the table's, and his bye is nobody's."""
    pairing = round_robin_pairing([1, 2, 3, 4, 5, 6], 2, withdrawn=frozenset({4}))  # 6-4 5-3 1-2
    assert [pairing.forfeit(p).value for p in pairing.pairs] == ["+-", "?", "?"]
    assert pairing.notes == (Note("withdrawn", (4,)),)
    both = round_robin_pairing([1, 2, 3, 4, 5, 6], 2, withdrawn=frozenset({4, 6}))
    assert both.forfeit(both.pairs[0]).value == "--"
    odd = round_robin_pairing([1, 2, 3, 4, 5], 2, withdrawn=frozenset({4}))  # 4 meets the dummy 6
    assert odd.byes == () and odd.notes == ()
