"""Board order and colours inside a team match (seed 001 五), worked examples for each rule."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing.team_boards import (
    BoardPlayer,
    boards,
    compare_away,
    compare_home,
    order_away,
    order_home,
)


def p(number: int, colours: str = "", score: int = 0, cumulative: int = 0, red: int = 0,
      black: int = 0) -> BoardPlayer:
    return BoardPlayer(number, tuple(colours), score, cumulative, red, black)


# --- 五.1 colours by board -----------------------------------------------------------------------


def test_round_one_boards() -> None:
    """Round 1: no history, so numbers decide (odd round: smaller first); the home team is red on
    boards 1 and 2 and black on board 3."""
    home, away = [p(1), p(2), p(3)], [p(4), p(5), p(6)]
    assert boards(home, away, 1) == [(1, 4), (2, 5), (6, 3)]


def test_boards_in_general_and_errors() -> None:
    """n boards: the home team red on all but the last."""
    home, away = [p(n) for n in (1, 2, 3, 4)], [p(n) for n in (5, 6, 7, 8)]
    assert boards(home, away, 1) == [(1, 5), (2, 6), (3, 7), (8, 4)]
    with pytest.raises(ValueError):
        boards(home, away[:3], 1)
    with pytest.raises(ValueError):
        order_home([p(1), p(1)], 1)


# --- 五.2 home team ------------------------------------------------------------------------------


def test_home_more_black_games_first() -> None:
    """五.2(1): more total black games first, whatever the other rules say."""
    players = [p(1, "RB", score=4), p(2, "BB"), p(3, "RR", score=4, cumulative=6)]
    assert order_home(players, 3) == [2, 1, 3]


def test_home_lookback_black_first() -> None:
    """五.2(2): equal black counts; in round 2 (the most recent round with different colours) 5 had
    black, so 5 comes first, before the parity of round 3 or the higher score of 4 would count."""
    players = [p(4, "BR", score=4), p(5, "RB")]
    assert order_home(players, 3) == [5, 4]
    # the look-back skips rounds with the same colour: round 3 both red, round 2 decides
    players = [p(4, "BRR", score=4), p(5, "RBR")]
    assert order_home(players, 4) == [5, 4]


def test_home_score_cumulative_black_score() -> None:
    """五.2(3): same colours: higher total score, then cumulative, then points with black."""
    players = [p(7, "RB", score=2, cumulative=3), p(8, "RB", score=4, cumulative=6),
               p(9, "RB", score=4, cumulative=8)]
    assert order_home(players, 3) == [9, 8, 7]
    players = [p(7, "RB", score=2, cumulative=4, black=0), p(8, "RB", score=2, cumulative=4, black=2)]
    assert order_home(players, 3) == [8, 7]


def test_home_number_parity() -> None:
    """五.2(4): all equal: smaller number first in odd rounds, larger number first in even rounds."""
    players = [p(10, "RB", 2, 2, 0, 2), p(11, "RB", 2, 2, 0, 2), p(12, "RB", 2, 2, 0, 2)]
    assert order_home(players, 3) == [10, 11, 12]
    assert order_home(players, 4) == [12, 11, 10]


# --- 五.3 away team ------------------------------------------------------------------------------


def test_away_more_red_games_first() -> None:
    """五.3(1): more total red games first."""
    players = [p(1, "RB", score=4), p(2, "BB", score=4), p(3, "RR")]
    assert order_away(players, 3) == [3, 1, 2]


def test_away_lookback_red_first() -> None:
    """五.3(2): equal red counts; in round 2, 4 had red, so 4 comes first even in an even round."""
    players = [p(4, "BR"), p(5, "RB", score=4)]
    assert order_away(players, 4) == [4, 5]


def test_away_score_cumulative_red_score() -> None:
    """五.3(3): higher total score, then cumulative, then points with red."""
    players = [p(7, "RB", score=4, cumulative=5), p(8, "RB", score=4, cumulative=6)]
    assert order_away(players, 3) == [8, 7]
    players = [p(7, "RB", score=2, cumulative=4, red=2), p(8, "RB", score=2, cumulative=4, red=0, black=2)]
    assert order_away(players, 3) == [7, 8]


def test_away_number_parity() -> None:
    """五.3(4): the same parity rule."""
    players = [p(13), p(14), p(15)]
    assert order_away(players, 1) == [13, 14, 15]
    assert order_away(players, 2) == [15, 14, 13]


def test_full_match() -> None:
    """Round 3 of a match: home team 1 (players 1–3), away team 2 (4–6).

    Home: 2 has two black games (board 1); 1 and 3 one each, 3 had black in round 2 (board 2).
    Away: 5 has two red games (board 1); 4 and 6 one each, 4 had red in round 2 (board 2)."""
    home = [p(1, "BR", score=2), p(2, "BB"), p(3, "RB")]
    away = [p(4, "BR"), p(5, "RR"), p(6, "RB", score=4)]
    assert order_home(home, 3) == [2, 3, 1]
    assert order_away(away, 3) == [5, 4, 6]
    assert boards(home, away, 3) == [(2, 5), (3, 4), (6, 1)]


def test_a_bye_lies_between_the_colours() -> None:
    """Decision: in the look-back "no game" ranks between the two colours, which keeps the
    comparison transitive; without byes it is the rule word for word.

    Home: 3 has no black game and is last. 1 (black, none) v 2 (none, black): read literally no round
    has one red and one black, so (3) would decide; with "no game" between the colours round 2 decides
    (2 black, 1 none): 2 first."""
    players = [p(1, "B-", score=4), p(2, "-B"), p(3, "R-")]
    assert order_home(players, 3) == [2, 1, 3]


# --- properties ----------------------------------------------------------------------------------

colours = st.text(alphabet="RB-", min_size=0, max_size=6)
players_strategy = st.builds(BoardPlayer, number=st.integers(1, 90), colours=colours.map(tuple),
                             score=st.integers(0, 12), cumulative=st.integers(0, 40),
                             red_score=st.integers(0, 12), black_score=st.integers(0, 12))


def _literal_lookback(a: BoardPlayer, b: BoardPlayer, first: str) -> int:
    """五.2(2)/五.3(2) word for word: the most recent round with one red and one black."""
    for x, y in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if {x, y} == {"R", "B"}:
            return -1 if x == first else 1
    return 0


@settings(max_examples=300)
@given(trio=st.lists(players_strategy, min_size=3, max_size=3, unique_by=lambda q: q.number),
       round_number=st.integers(1, 9))
def test_comparisons_are_total_orders(trio: list[BoardPlayer], round_number: int) -> None:
    """Antisymmetric, never 0 for different players, transitive on every triple."""
    for compare in (compare_home, compare_away):
        for a, b in permutations(trio, 2):
            assert compare(a, b, round_number) == -compare(b, a, round_number) != 0
        for a, b, c in permutations(trio, 3):
            if compare(a, b, round_number) < 0 and compare(b, c, round_number) < 0:
                assert compare(a, c, round_number) < 0


@settings(max_examples=300)
@given(pair=st.lists(st.builds(BoardPlayer, number=st.integers(1, 90),
                               colours=st.text(alphabet="RB", min_size=4, max_size=4).map(tuple)),
                     min_size=2, max_size=2, unique_by=lambda q: q.number),
       round_number=st.integers(1, 9))
def test_lookback_is_the_literal_rule_without_byes(pair: list[BoardPlayer], round_number: int) -> None:
    a, b = pair
    if a.colours.count("B") == b.colours.count("B"):
        literal = _literal_lookback(a, b, "B")
        if literal:
            assert compare_home(a, b, round_number) == literal
            assert compare_away(a, b, round_number) == -literal


@settings(max_examples=500)
@given(data=st.data(), size=st.integers(1, 5), round_number=st.integers(1, 9))
def test_boards_colours_and_everyone_once(data: st.DataObject, size: int, round_number: int) -> None:
    """五.1: the home team red on all boards but the last, black on the last; every player once."""
    history = st.text(alphabet="RB-", min_size=round_number - 1, max_size=round_number - 1).map(tuple)

    def team(first: int) -> list[BoardPlayer]:
        return [BoardPlayer(first + i, data.draw(history), data.draw(st.integers(0, 16)),
                            data.draw(st.integers(0, 60)), data.draw(st.integers(0, 8)),
                            data.draw(st.integers(0, 8))) for i in range(size)]

    home, away = team(1), team(100)
    result = boards(home, away, round_number)
    assert len(result) == size
    home_numbers = {q.number for q in home}
    for board, (red, black) in enumerate(result, 1):
        assert (red in home_numbers) == (board < size)
        assert (black in home_numbers) == (board == size)
    played = [x for pair in result for x in pair]
    assert sorted(played) == sorted(home_numbers | {q.number for q in away})
    assert [x for x in played if x in home_numbers] == order_home(home, round_number)
