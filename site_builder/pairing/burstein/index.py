"""What the Burstein system reads off the rounds played so far (C.04.4.2 art. 1.5–1.8).

Scores are in half points, as in `pairing.dutch.history`. The Index (art. 1.7, 1.8.1) is Buchholz,
then Sonneborn-Berger, both from the current scores of the tournament."""

from __future__ import annotations

from dataclasses import dataclass

from site_builder.pairing.dutch.history import DRAW, Entrant, Game


def seeding_rounds(total_rounds: int) -> int:
    """How many rounds are seeding rounds (art. 1.6.2): half the rounds, rounded down, at most 4.

    >>> seeding_rounds(9), seeding_rounds(7), seeding_rounds(5), seeding_rounds(1)
    (4, 3, 2, 0)
    """
    return min(total_rounds // 2, 4)


def _absent_since(history: tuple[Game, ...]) -> int:
    """How many zero-point-byes (rounds neither paired nor scored) end the history."""
    count = 0
    for game in reversed(history):
        if game.paired or game.points:
            break
        count += 1
    return count


def score_for_opponents(entrant: Entrant) -> int:
    """The score that counts in the Index of the player's opponents (art. 1.7.2): the current score,
    each zero-point-bye of a series reaching the current round counted as a draw."""
    return entrant.score + DRAW * _absent_since(entrant.history)


@dataclass(frozen=True, order=True)
class Index:
    """The opposition Index (art. 1.8.1): Buchholz, then Sonneborn-Berger; higher ranks higher.
    Sonneborn-Berger is in quarter points (half points times half points)."""

    buchholz: int
    sonneborn_berger: int


def index_of(entrant: Entrant, by_number: dict[int, Entrant]) -> Index:
    """Buchholz (art. 1.7.1.1: the sum of the opponents' current scores) and Sonneborn-Berger
    (art. 1.7.1.2: each opponent's score times the points scored against them). An unplayed round
    counts as a game against a virtual opponent with the player's own current score (art. 1.7.2)."""
    buchholz = sonneborn = 0
    for game in entrant.history:
        if game.played and game.opponent is not None and game.opponent in by_number:
            value = score_for_opponents(by_number[game.opponent])
        else:
            value = entrant.score
        buchholz += value
        sonneborn += value * game.points
    return Index(buchholz, sonneborn)


def ranking_key(index: Index, rank: int) -> tuple[int, int, int]:
    """The order of art. 1.8 (ascending is best first): Index descending, then TPN ascending
    (`rank` is the 0-based place in the initial order)."""
    return (-index.buchholz, -index.sonneborn_berger, rank)
