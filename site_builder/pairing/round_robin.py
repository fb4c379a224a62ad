"""Round robin by the FIDE Berger tables (FIDE Handbook C.05 Annex 1; rules/common.md §7).

Players get Berger (pairing) numbers 1..n in their pairing order; an odd field plays the table of
n+1, whose highest number is the bye (C.05 Annex 1). Round 1 pairs board b with n−b+1 (1-n, 2-(n−1),
…); each later round rotates the numbers 1..n−1 by n/2 (mod n−1) while n stays on board 1, playing
second in odd rounds and first in even rounds. A double round robin plays the table again with
colours reversed; C.05 Annex 1 recommends swapping the last two rounds of the first cycle, so that
no player has the same colour three times in a row where the cycles meet (`swap_last`).
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


def schedule(n: int, cycles: int = 1, swap_last: bool = False) -> list[tuple[int, bool]]:
    """Which round of the Berger table each round plays, and whether its colours are reversed.

    Cycle c (from 1) plays the table's rounds in order, colours reversed in even cycles; with
    `swap_last` and more than one cycle, the first cycle's last two rounds change places
    (C.05 Annex 1: against three games in a row with the same colour).

    >>> schedule(4, cycles=2, swap_last=True)
    [(1, False), (3, False), (2, False), (1, True), (2, True), (3, True)]
    """
    if cycles < 1:
        raise ValueError("a round robin has at least one cycle")
    per_cycle = table_size(n) - 1
    order = [(r, c % 2 == 1) for c in range(cycles) for r in range(1, per_cycle + 1)]
    if swap_last and cycles > 1 and per_cycle > 1:
        order[per_cycle - 2], order[per_cycle - 1] = order[per_cycle - 1], order[per_cycle - 2]
    return order


def berger_rounds(n: int, cycles: int = 1, swap_last: bool = False) -> list[list[Game]]:
    """Every round's games for players 1..n as (first, second) pairs in board order (§7).

    Odd n uses the table of n+1 and omits the games against the dummy n+1 (those are byes); the
    rounds follow `schedule`.
    """
    if n < 2:
        raise ValueError("a round robin needs at least two players")
    size = table_size(n)
    dummy = size if size > n else None
    rounds = []
    for table_round, reverse in schedule(n, cycles, swap_last):
        games = [g for g in berger_round(size, table_round) if dummy not in g]
        rounds.append([(b, a) for a, b in games] if reverse else games)
    return rounds


def bye_number(n: int, round_number: int, cycles: int = 1, swap_last: bool = False) -> int | None:
    """The Berger number meeting the dummy in a round (odd n only), else None (§7)."""
    if n % 2 == 0:
        return None
    size = table_size(n)
    order = schedule(n, cycles, swap_last)
    table_round = order[(round_number - 1) % len(order)][0]
    first, second = berger_round(size, table_round)[0]
    return first if second == size else second


def round_robin_pairing(players: Sequence[int], round_number: int, cycles: int = 1,
                        swap_last: bool = False, schedule_tables: bool = False,
                        withdrawn: frozenset[int] = frozenset()) -> Pairing:
    """Round `round_number` of the round robin of `players` (position i has Berger number i+1), §7.

    Boards are numbered 1.. in Berger board order without the dummy's game, or with
    `schedule_tables` by their table in the printed Berger table (an odd field's games on tables
    2.., table 1 being the dummy's); for an odd field the player meeting the dummy has the bye.
    A `withdrawn` player keeps his place in the table: his games are forfeits he loses (noted
    "withdrawn", `Pairing.forfeit`; FIDE C.06 (2011) art. 5.4: "-" for him, "+" for the opponent)
    and his bye is nobody's.
    Raises `PairingError` for fewer than two players, no cycle or a round past the end,
    `ValueError` for repeated players or a round number below 1.
    """
    if len(set(players)) != len(players):
        raise ValueError("player numbers must be unique")
    if round_number < 1:
        raise ValueError("rounds are numbered from 1")
    if len(players) < 2:
        raise PairingError("fewer than two players to pair")
    if cycles < 1:
        raise PairingError(f"a round robin plays at least one cycle, not {cycles} ('cycles: 1' or 2)")
    rounds = berger_rounds(len(players), cycles, swap_last)
    if round_number > len(rounds):
        raise PairingError(f"the round robin has {len(rounds)} rounds; round {round_number} does not exist")
    start = 2 if schedule_tables and len(players) % 2 else 1  # the dummy's game is always on table 1
    pairs = tuple(Pair(board, players[first - 1], players[second - 1])
                  for board, (first, second) in enumerate(rounds[round_number - 1], start=start))
    gone = tuple(sorted({p for pair in pairs for p in (pair.first, pair.second)} & withdrawn))
    notes = (Note("withdrawn", gone),) if gone else ()
    bye = bye_number(len(players), round_number, cycles, swap_last)
    if bye is None or players[bye - 1] in withdrawn:
        return Pairing(round_number, pairs, notes=notes)
    byes = (players[bye - 1],)
    note = Note("bye", byes, f"Berger number {bye} meets the dummy {len(players) + 1}")
    return Pairing(round_number, pairs, byes, (note, *notes))
