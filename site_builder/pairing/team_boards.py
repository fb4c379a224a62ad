"""Board order and colours inside a team match of the xiangqi team Swiss (seed 001 五).

The home team plays red (first) on every board but the last and black on the last (boards 1, 2
red and board 3 black for three boards, 五.1); the away team the reverse. Each team's players are
put on boards 1..n by the comparisons of 五.2 (home) and 五.3 (away).

Transitivity. 五.2(2)/五.3(2) is a pairwise rule ("look back to the most recent round in which the
two players had different colours"). It is evaluated as a comparison of keys: each player's colour
history read backwards from the last round, mapped to numbers (home: black 0, no game 1, red 2;
away: red 0, no game 1, black 2). Two such keys first differ exactly at the most recent round in
which the colours differ, and there the player who had black (home) or red (away) has the smaller
key. Every level of the comparison is therefore a comparison of keys (a total preorder), their
lexicographic combination is a total preorder, and the last level (distinct player numbers) breaks
every tie, so the comparison is a strict total order and safe for `functools.cmp_to_key`. Ranking
"no game" (a bye, "-") between the two colours is the decision that keeps the rule transitive when a
bye lies between two rounds with different colours; without byes it is the rule word for word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cmp_to_key

RED, BLACK, NONE = "R", "B", "-"


@dataclass(frozen=True)
class BoardPlayer:
    """A player as the board order sees them before a round."""

    number: int  # player number (team t has 3t-2, 3t-1, 3t)
    colours: tuple[str, ...] = ()  # per past round, oldest first: "R" red, "B" black, "-" none (bye)
    score: int = 0  # total game points (2 win, 1 draw, 0 loss)
    cumulative: int = 0  # Σ over rounds of the running total
    red_score: int = 0  # points scored with red
    black_score: int = 0  # points scored with black


def _lookback(colours: Sequence[str], first: str) -> tuple[int, ...]:
    """The colours read backwards from the last round: `first` 0, no game 1, the other colour 2."""
    return tuple(0 if colour == first else 1 if colour == NONE else 2 for colour in reversed(colours))


def _parity(number: int, round_number: int) -> int:
    """五.2(4)/五.3(4): smaller number first in odd rounds, larger number first in even rounds."""
    return number if round_number % 2 else -number


Key = Callable[[BoardPlayer], int | tuple[int, ...]]


def home_levels(round_number: int) -> tuple[Key, ...]:
    """五.2 (1)–(4) as keys, smaller first: more black games; black in the most recent round with
    different colours; higher score, cumulative, black score; number by round parity."""
    return _levels(round_number, BLACK, lambda p: p.black_score)


def away_levels(round_number: int) -> tuple[Key, ...]:
    """五.3 (1)–(4): the same with red games and the red score."""
    return _levels(round_number, RED, lambda p: p.red_score)


def _levels(round_number: int, colour: str, colour_score: Callable[[BoardPlayer], int]) -> tuple[Key, ...]:
    return (
        lambda p: -p.colours.count(colour),
        lambda p: _lookback(p.colours, colour),
        lambda p: (-p.score, -p.cumulative, -colour_score(p)),
        lambda p: _parity(p.number, round_number),
    )


def _compare(levels: Sequence[Key]) -> Callable[[BoardPlayer, BoardPlayer], int]:
    """The pairwise comparison of 五.2/五.3: the first level on which the two players differ decides."""

    def compare(a: BoardPlayer, b: BoardPlayer) -> int:
        for level in levels:
            ka, kb = level(a), level(b)
            if ka != kb:
                return -1 if ka < kb else 1  # type: ignore[operator]  # one level's keys share a type
        return 0

    return compare


def compare_home(a: BoardPlayer, b: BoardPlayer, round_number: int) -> int:
    """五.2: negative when `a` takes the earlier board of the home team, positive when `b` does."""
    return _compare(home_levels(round_number))(a, b)


def compare_away(a: BoardPlayer, b: BoardPlayer, round_number: int) -> int:
    """五.3: negative when `a` takes the earlier board of the away team, positive when `b` does."""
    return _compare(away_levels(round_number))(a, b)


def _order(players: Sequence[BoardPlayer], levels: Sequence[Key]) -> list[int]:
    numbers = [p.number for p in players]
    if len(set(numbers)) != len(numbers):
        raise ValueError("player numbers must be unique")
    return [p.number for p in sorted(players, key=cmp_to_key(_compare(levels)))]


def order_home(players: Sequence[BoardPlayer], round_number: int) -> list[int]:
    """The home team's players for boards 1..n (五.2)."""
    return _order(players, home_levels(round_number))


def order_away(players: Sequence[BoardPlayer], round_number: int) -> list[int]:
    """The away team's players for boards 1..n (五.3)."""
    return _order(players, away_levels(round_number))


def boards(home: Sequence[BoardPlayer], away: Sequence[BoardPlayer],
           round_number: int) -> list[tuple[int, int]]:
    """(red/first, black/second) player numbers for boards 1..n (五.1): the home team is red on every
    board but the last and black on the last; the away team the reverse."""
    if len(home) != len(away) or not home:
        raise ValueError("both teams need the same, non-zero number of players")
    return seated(order_home(home, round_number), order_away(away, round_number))


def seated(home_order: Sequence[int], away_order: Sequence[int]) -> list[tuple[int, int]]:
    """(red/first, black/second) for boards 1..n of the two teams' players in board order (五.1)."""
    last = len(home_order) - 1
    return [(h, a) if board < last else (a, h)
            for board, (h, a) in enumerate(zip(home_order, away_order, strict=True))]
