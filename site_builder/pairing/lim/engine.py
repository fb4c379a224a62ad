"""The Lim system (C.04.4.3): one round's pairs from the players' past rounds.

The bye first (art. 1.1), then the scoregroups in the order of art. 2.2: from the highest down to
just above the median scoregroup (paired downward), from the lowest up to just below it (paired
upward), the median scoregroup last (paired downward). Each group takes the floaters the group
before it in that order leaves (art. 2.3), and leaves as few as let every player still unpaired be
paired (art. 2.3.1–2.3.4); of those, the floaters that let the fewest pairs be due the same colour
(art. 3.2.2, 5.2), then the lowest numbered when pairing downward and the highest numbered when
pairing upward (art. 3.2.4). The floaters that come in are paired first, each with the highest
numbered player available (lowest numbered upward, art. 3.6–3.8); the rest top half against
bottom half with the exchanges of art. 4, scrutinised from #1 and proposed afresh once each player
has an opponent (the tables of art. 4.2 and 4.3), the first pairing in their order that gives as
few pairs due the same colour as any (art. 4.1, 5.2). "Numbered" counts in the direction of pairing: a
group paired upward is read from its lowest ranked player.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

import networkx as nx

from site_builder.pairing.lim.colours import colours_of
from site_builder.pairing.lim.players import Player, compatible
from site_builder.pairing.matching import perfectly_matchable

T = TypeVar("T")


class NoPairing(Exception):
    """No pairing keeps the absolute rules (every remaining pairing is a rematch)."""


@dataclass(frozen=True)
class LimPairing:
    """A round: (white, black) pairs in board order, the bye, and whether the colour rules of
    art. 2.1 hold (False when no pairing keeps them and only rematches are avoided)."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    strict: bool


@dataclass(frozen=True)
class Round:
    """What every step of one round's pairing reads."""

    number: int
    strict: bool


def matchable(players: Sequence[Player], strict: bool) -> bool:
    """Whether `players` can all be paired among themselves (art. 2.1; rematches only without
    `strict`)."""
    if len(players) % 2:
        return False
    adj = [[j for j, q in enumerate(players) if j != i and compatible(p, q, strict)]
           for i, p in enumerate(players)]
    return perfectly_matchable(adj)


def clashing(a: Player, b: Player, rnd: Round) -> bool:
    """Whether both players are due the same colour (art. 5.2)."""
    due = a.due(rnd.number)
    return due is not None and due == b.due(rnd.number)


def fewest_clashes(players: Sequence[Player], rnd: Round) -> int | None:
    """The fewest pairs due the same colour any pairing of all `players` gives, None when they
    cannot all be paired."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(len(players)))
    for i, j in combinations(range(len(players)), 2):
        if compatible(players[i], players[j], rnd.strict):
            graph.add_edge(i, j, weight=1 if clashing(players[i], players[j], rnd) else 2)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(players):
        return None
    return sum(1 for i, j in matching if clashing(players[i], players[j], rnd))


def bye_of(players: Sequence[Player], strict: bool) -> Player | None:
    """Art. 1.1: the lowest ranked player of the lowest scoregroup who may have the bye (C.04.1
    art. 3) and leaves the others a pairing; None when none does."""
    for player in sorted(players, key=lambda p: (p.score, -p.number)):
        rest = [p for p in players if p is not player]
        if player.bye_eligible and matchable(rest, strict):
            return player
    return None


def group_order(players: Sequence[Player], median: int) -> list[tuple[int, bool]]:
    """Art. 2.2: the scores of the scoregroups in the order they are paired, each with whether it
    is paired downward; the median scoregroup (score `median`) last, even when empty."""
    scores = sorted({p.score for p in players}, reverse=True)
    above = [(s, True) for s in scores if s > median]
    below = [(s, False) for s in reversed(scores) if s < median]
    return [*above, *below, (median, True)]


def ordered(players: Sequence[Player], down: bool) -> list[Player]:
    """A group's players from its first in the direction of pairing: downward from the highest
    score and lowest number, upward from the lowest score and highest number."""
    if down:
        return sorted(players, key=lambda p: (-p.score, p.number))
    return sorted(players, key=lambda p: (p.score, -p.number))


def pair_round(players: Sequence[Player], number: int, first_colour: str) -> LimPairing:
    """Round `number`'s pairing of `players` (those taking part, in pairing-number order)."""
    strict = _keeps_colours(players)
    bye = bye_of(players, strict) if len(players) % 2 else None
    if len(players) % 2 and bye is None:
        raise NoPairing("no player can take the bye and leave a pairing of the others")
    if not strict and not matchable([p for p in players if p is not bye], False):
        raise NoPairing("every pairing of the players repeats a game")
    rnd = Round(number, strict)
    rest = [p for p in players if p is not bye]
    median = number - 1  # half the rounds played, in half points
    pairs = [pair for group in _groups(rest, median, rnd) for pair in group]
    rank = {p.number: i for i, p in enumerate(sorted(players, key=lambda p: p.number))}
    coloured = [_coloured(a, b, rnd, median, first_colour, rank) for a, b in pairs]
    coloured.sort(key=lambda c: _board_key(c[0], c[1], {p.number: p for p in players}))
    return LimPairing(tuple((w, b) for w, b in coloured), bye.number if bye else None, strict)


def _keeps_colours(players: Sequence[Player]) -> bool:
    """Whether a pairing keeping the colour rules of art. 2.1 exists (with a bye when odd)."""
    if len(players) % 2 == 0:
        return matchable(players, True)
    return bye_of(players, True) is not None


def _board_key(white: int, black: int, by_number: dict[int, Player]) -> tuple[int, int]:
    """Boards by the higher score of the pair, then its lower pairing number."""
    a, b = by_number[white], by_number[black]
    return -max(a.score, b.score), min(a.number, b.number)


def _coloured(a: Player, b: Player, rnd: Round, median: int, first_colour: str,
              rank: dict[int, int]) -> tuple[int, int]:
    """(white, black) of a pair by art. 5."""
    higher, lower = (a, b) if (-a.score, a.number) < (-b.score, b.number) else (b, a)
    above = max(a.score, b.score) >= median
    return colours_of(higher, lower, rnd.number, above, first_colour, rank[higher.number])


def _groups(players: Sequence[Player], median: int, rnd: Round) -> Iterator[list[tuple[Player, Player]]]:
    """The pairs of each scoregroup in the order of art. 2.2."""
    waiting = list(players)
    carried: dict[bool, list[Player]] = {True: [], False: []}
    order = group_order(players, median)
    for index, (score, down) in enumerate(order):
        last = index == len(order) - 1
        incoming = carried[True] + carried[False] if last else carried[down]
        residents = [p for p in waiting if p.score == score]
        waiting = [p for p in waiting if p.score != score]
        others = waiting + ([] if last else carried[not down])
        pairs, leftover = pair_group(incoming, residents, down, others, rnd, last)
        if last:
            carried = {True: [], False: []}
        carried[down] = leftover
        yield pairs


def pair_group(incoming: Sequence[Player], residents: Sequence[Player], down: bool,
               others: Sequence[Player], rnd: Round, last: bool
               ) -> tuple[list[tuple[Player, Player]], list[Player]]:
    """A scoregroup's pairs and its floaters (art. 2.3, 3, 4): `others` are the players still to
    be paired after it; the last group leaves none."""
    group = ordered([*incoming, *residents], down)
    sizes = [0] if last else range(len(group) % 2, len(group) + 1, 2)
    for size in sizes:
        chosen = _floaters(group, size, others, rnd)
        if chosen is not None:
            floaters, clashes = chosen
            rest = [p for p in group if p not in floaters]
            pairs = _first_pairing(rest, incoming, down, rnd, clashes)
            return pairs, floaters
    raise NoPairing("no pairing of the scoregroups keeps the rules")


def _floaters(group: list[Player], size: int, others: Sequence[Player], rnd: Round
              ) -> tuple[list[Player], int] | None:
    """The `size` floaters of art. 3.2 and the fewest pairs due the same colour they leave: among
    the sets that leave both the group and the players after it a pairing, those leaving the
    fewest such pairs, the first in the direction of pairing; None when no set does."""
    best: tuple[list[Player], int] | None = None
    for floaters in combinations(group, size):
        if not matchable([*floaters, *others], rnd.strict):
            continue
        clashes = fewest_clashes([p for p in group if p not in floaters], rnd)
        if clashes is not None and (best is None or clashes < best[1]):
            best = list(floaters), clashes
            if clashes == 0:
                break
    return best


def _first_pairing(group: list[Player], incoming: Sequence[Player], down: bool, rnd: Round,
                   clashes: int) -> list[tuple[Player, Player]]:
    """The first pairing of the group in the order of art. 3.6–3.8 and 4 with no more than
    `clashes` pairs due the same colour."""
    floaters = sorted((p for p in group if p in incoming), key=lambda p: (-p.score, -p.number) if down
                      else (p.score, p.number))
    residents = [p for p in group if p not in incoming]
    found = next(_search(floaters, residents, [], rnd, clashes), None)
    if found is None:
        raise NoPairing("no pairing of a scoregroup keeps the rules")
    return found


def _search(floaters: list[Player], residents: list[Player], pairs: list[tuple[Player, Player]],
            rnd: Round, budget: int) -> Iterator[list[tuple[Player, Player]]]:
    """Pairings in the order of the articles: each floater with the residents from the last in
    the direction of pairing (art. 3.8), then the other floaters; then the residents (art. 4)."""
    if not floaters:
        yield from _exchanges(residents, pairs, rnd, budget)
        return
    floater, others = floaters[0], floaters[1:]
    for partner in [*reversed(residents), *others]:
        if not compatible(floater, partner, rnd.strict):
            continue
        cost = budget - clashing(floater, partner, rnd)
        left_f = [p for p in others if p is not partner]
        left_r = [p for p in residents if p is not partner]
        if cost >= 0 and _completable([*left_f, *left_r], rnd, cost):
            yield from _search(left_f, left_r, [*pairs, (floater, partner)], rnd, cost)


def _completable(players: list[Player], rnd: Round, budget: int) -> bool:
    """Whether `players` can all be paired with no more than `budget` pairs due the same colour."""
    fewest = fewest_clashes(players, rnd)
    return fewest is not None and fewest <= budget


def exchange_order(players: Sequence[T]) -> list[T]:
    """Art. 4.2: the opponents the first of `players` (those of the group still to pair, in the
    direction of pairing, proposed top half against bottom half by art. 2.4) is tried against: its
    proposed opponent, the first of the lower half, then the lower half's others in order, then the
    upper half from its last.

    >>> exchange_order("123456")
    ['4', '5', '6', '3', '2']
    >>> exchange_order("2345")
    ['4', '5', '3']
    """
    half = len(players) // 2
    return [*players[half:], *reversed(players[1:half])]


def _exchanges(residents: list[Player], pairs: list[tuple[Player, Player]], rnd: Round,
               budget: int) -> Iterator[list[tuple[Player, Player]]]:
    """Art. 4.1–4.3: the residents proposed top half against bottom half and scrutinised from the
    highest numbered (#1; pairing upward, the group's lowest ranked), who takes the first opponent
    of art. 4.2 that leaves the others a pairing with no more pairs due the same colour than
    `budget`; the players still to pair are proposed afresh and the first of them scrutinised next,
    as #2 is in the table of art. 4.3. An opponent that leaves no such pairing is passed over, so a
    player scrutinised later may move an earlier one on to its next opponent (art. 4.3: #2 against
    #6 moves #1 to #3)."""
    if not residents:
        yield pairs
        return
    player = residents[0]
    for partner in exchange_order(residents):
        if not compatible(player, partner, rnd.strict):
            continue
        cost = budget - clashing(player, partner, rnd)
        left = [p for p in residents[1:] if p is not partner]
        if cost >= 0 and _completable(left, rnd, cost):
            yield from _exchanges(left, [*pairs, (player, partner)], rnd, cost)
