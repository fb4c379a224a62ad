"""Random rounds across parallel groups (seed 000 stage 2-B; rules/shogi-student-league.md, common.md §6).

Everyone is paired by lot with a player of another group they have not met; colours are drawn too,
and an odd field gives one bye by lot to a player without a previous bye. All randomness comes from
the `draw` generator (made by `lots.rng` from the event's recorded seed), so the same seed always
gives the same round (§6). The lot is drawn one pair at a time, and a drawn pair is kept only if
the players still unpaired can all be paired (Edmonds' blossom algorithm decides that exactly), so a
pairing is found whenever one exists.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet

from site_builder.pairing import Note, Pair, Pairing, PairingError
from site_builder.pairing.matching import perfectly_matchable

Graph = Mapping[int, AbstractSet[int]]  # player → the players they may be paired with


def allowed(a: int, b: int, group_of: Mapping[int, str], met: Mapping[int, AbstractSet[int]]) -> bool:
    """May a and b meet in stage 2-B? Different groups and no rematch (either side's record counts)."""
    return (a != b and group_of[a] != group_of[b]
            and b not in met.get(a, ()) and a not in met.get(b, ()))


def pairing_graph(players: Sequence[int], group_of: Mapping[int, str],
                  met: Mapping[int, AbstractSet[int]]) -> dict[int, frozenset[int]]:
    """Every player's allowed opponents among `players`."""
    return {a: frozenset(b for b in players if allowed(a, b, group_of, met)) for a in players}


def has_perfect_matching(nodes: AbstractSet[int], graph: Graph) -> bool:
    """Can all of `nodes` be paired along edges of `graph` among themselves? (Edmonds' blossom)"""
    if len(nodes) % 2:
        return False
    order = sorted(nodes)
    index = {v: i for i, v in enumerate(order)}
    adj = [[index[w] for w in sorted(graph[v]) if w in index] for v in order]
    return perfectly_matchable(adj)


def shuffled(items: AbstractSet[int] | Sequence[int], draw: random.Random) -> list[int]:
    """The items in sorted order, then shuffled by `draw` (the input order never matters, §6)."""
    out = sorted(items)
    draw.shuffle(out)
    return out


def draw_bye(players: Sequence[int], graph: Graph, had_bye: AbstractSet[int],
             draw: random.Random) -> int:
    """The bye of an odd field: the first player by lot, among those without a previous bye, whose
    absence leaves a field that can still be paired; raises `PairingError` when there is none."""
    everyone = frozenset(players)
    for player in shuffled(everyone - had_bye, draw):
        if has_perfect_matching(everyone - {player}, graph):
            return player
    raise PairingError("no player without a previous bye can take the bye and leave a pairable field")


def draw_pairs(field: AbstractSet[int], graph: Graph, draw: random.Random) -> list[tuple[int, int]]:
    """Pairs drawn by lot: players in a random order each draw a random allowed opponent among the
    unpaired, kept only if the rest can still all be paired (`field` must be pairable)."""
    free = set(field)
    pairs = []
    for player in shuffled(field, draw):
        if player not in free:
            continue
        free.discard(player)
        for opponent in shuffled(graph[player] & free, draw):
            if has_perfect_matching(free - {opponent}, graph):
                free.discard(opponent)
                pairs.append((player, opponent))
                break
        else:  # cannot happen while `field` is pairable (some opponent is its matching partner)
            raise PairingError(f"player {player} cannot be paired")
    return pairs


def random_round(players: Sequence[int], group_of: Mapping[int, str], met: Mapping[int, AbstractSet[int]],
                 draw: random.Random, round_number: int, *, had_bye: AbstractSet[int] = frozenset()
                 ) -> Pairing:
    """One stage 2-B round: everyone against a player of another group not met before, by lot.

    Order of draws from `draw`: the bye (odd field), the pairs, then each pair's colours in the order
    drawn; none depends on the order of `players`, which only orders the boards (the earlier-listed
    player of each pair decides, so pass the stage ranking). Raises `ValueError` for repeated
    players or a player without a group, `PairingError` when no round exists (fewer than two
    players, every pairing a rematch or within a group, or no possible bye).
    """
    if len(set(players)) != len(players):
        raise ValueError("player numbers must be unique")
    missing = [p for p in players if p not in group_of]
    if missing:
        raise ValueError(f"players without a group: {missing}")
    if len(players) < 2:
        raise PairingError("fewer than two players to pair")
    graph = pairing_graph(players, group_of, met)
    bye = draw_bye(players, graph, had_bye, draw) if len(players) % 2 else None
    field = frozenset(players) - {bye}
    if bye is None and not has_perfect_matching(field, graph):
        raise PairingError(f"round {round_number}: no pairing across groups without a rematch exists")
    coloured = [(a, b) if draw.random() < 0.5 else (b, a) for a, b in draw_pairs(field, graph, draw)]
    position = {p: i for i, p in enumerate(players)}
    pairs = sorted(coloured, key=lambda pair: min(position[p] for p in pair))
    boards, notes = [], []
    if bye is not None:
        notes.append(Note("bye", (bye,), "by lot"))
    for board, (first, second) in enumerate(pairs, start=1):
        boards.append(Pair(board, first, second))
        notes.append(Note("drew_across", (first, second), f"{group_of[first]} – {group_of[second]}"))
    return Pairing(round_number, tuple(boards), (bye,) if bye is not None else (), tuple(notes))
