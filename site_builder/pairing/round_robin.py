"""Round robin by the FIDE Berger tables (FIDE Handbook C.05 Annex 1; rules/common.md §7).

Seed 000 stage 2A: players get Berger numbers 1..n in their pairing order; an odd field adds a dummy
n+1, and the game against the dummy is a bye. Round 1 pairs board b with n−b+1 (1-n, 2-(n−1), …);
each later round rotates the numbers 1..n−1 by n/2 (mod n−1) while n stays on board 1, playing
second in odd rounds and first in even rounds. A double round robin repeats the first cycle with
colours reversed (§7).
"""

from __future__ import annotations

from collections.abc import Sequence

from site_builder.pairing import Note, Pair, Pairing, PairingError

Game = tuple[int, int]  # (first / white, second / black) by Berger number


def table_size(n: int) -> int:
    """The size of the Berger table used for n players: n, or n+1 with the dummy for odd n (§7)."""
    return n + n % 2


def _rotate(number: int, shift: int, size: int) -> int:
    """Berger number `number` (1..size−1) moved `shift` places round the circle of size−1 (C.05 Annex 1)."""
    return (number - 1 + shift) % (size - 1) + 1


def berger_round(size: int, round_number: int) -> list[Game]:
    """Round `round_number` (1..size−1) of the Berger table for an even `size`, in board order.

    Board 1 is the fixed number `size` against the rotated player 1: `size` plays second in odd
    rounds, first in even rounds; board b > 1 rotates round 1's (b, size−b+1), colours kept (§7).
    """
    shift = (round_number - 1) * (size // 2)
    head = _rotate(1, shift, size)
    games = [(head, size) if round_number % 2 else (size, head)]
    for board in range(2, size // 2 + 1):
        games.append((_rotate(board, shift, size), _rotate(size + 1 - board, shift, size)))
    return games


def berger_rounds(n: int, double: bool = False) -> list[list[Game]]:
    """Every round's games for players 1..n as (first, second) pairs in board order (§7).

    Odd n uses the table of n+1 and omits the games against the dummy n+1 (those are byes). With
    `double`, the second cycle repeats the first with colours reversed (§7).
    """
    if n < 2:
        raise ValueError("a round robin needs at least two players")
    size = table_size(n)
    dummy = size if size > n else None
    cycle = [[g for g in berger_round(size, r) if dummy not in g] for r in range(1, size)]
    if double:
        cycle += [[(second, first) for first, second in games] for games in cycle]
    return cycle


def bye_number(n: int, round_number: int) -> int | None:
    """The Berger number meeting the dummy in a round (odd n only), else None (§7)."""
    if n % 2 == 0:
        return None
    size = table_size(n)
    cycle_round = (round_number - 1) % (size - 1) + 1
    first, second = berger_round(size, cycle_round)[0]
    return first if second == size else second


def round_robin_pairing(players: Sequence[int], round_number: int, double: bool = False) -> Pairing:
    """Round `round_number` of the round robin of `players` (position i has Berger number i+1), §7.

    Boards are numbered 1.. in Berger board order without the dummy's game; for an odd field the
    player meeting the dummy has the bye. Raises `PairingError` for fewer than two players or a round
    past the end, `ValueError` for repeated players or a round number below 1.
    """
    if len(set(players)) != len(players):
        raise ValueError("player numbers must be unique")
    if round_number < 1:
        raise ValueError("rounds are numbered from 1")
    if len(players) < 2:
        raise PairingError("fewer than two players to pair")
    rounds = berger_rounds(len(players), double)
    if round_number > len(rounds):
        raise PairingError(f"the round robin has {len(rounds)} rounds; round {round_number} does not exist")
    pairs = tuple(Pair(board, players[first - 1], players[second - 1])
                  for board, (first, second) in enumerate(rounds[round_number - 1], start=1))
    bye = bye_number(len(players), round_number)
    if bye is None:
        return Pairing(round_number, pairs)
    byes = (players[bye - 1],)
    note = Note("bye", byes, f"Berger number {bye} meets the dummy {len(players) + 1}")
    return Pairing(round_number, pairs, byes, (note,))
