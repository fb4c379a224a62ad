"""One round of the FIDE Burstein system (C.04.4.2, rules from 1 February 2026).

Seeding rounds (art. 1.6) are paired by the Dutch engine. After them: the pairing-allocated bye
first (art. 3.1), then one bracket at a time from the top scoregroup down, each by one maximum-weight
matching over every player still to pair whose weights hold, from the most important down, the
completion of the round (C4), the pairs of the bracket (C5), the scores of the players they pair
(C6), the pairs and paired scores of the following bracket (C7), the colour preferences granted
(C8) and, lowest, the order of art. 4 (BSN 1's opponent as low in the bracket as possible, then
BSN 2's, …). Those weights make the chosen matching the first pairing, in the order of art. 4, of
those that comply best with the criteria (art. 3.2.2)."""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from site_builder.pairing.burstein.colours import colour_rule
from site_builder.pairing.burstein.index import Index, index_of, ranking_key, seeding_rounds
from site_builder.pairing.dutch.history import WHITE, Entrant, State, state_of
from site_builder.pairing.matching import perfectly_matchable


class NoPairing(Exception):
    """No pairing of the round satisfies the absolute criteria."""


@dataclass(frozen=True)
class BursteinPairing:
    pairs: tuple[tuple[int, int], ...]  # (white, black) pairing numbers, in board order
    bye: int | None  # the pairing-allocated bye


@dataclass(frozen=True)
class Player:
    """A player to pair: colours and past opponents (`state`), the Index, the place of art. 1.8."""

    state: State
    index: Index

    @property
    def number(self) -> int:
        return self.state.number

    @property
    def score(self) -> int:
        return self.state.score

    @property
    def key(self) -> tuple[int, int, int]:
        return ranking_key(self.index, self.state.rank)


def players_of(entrants: list[Entrant], absent: set[int]) -> list[Player]:
    """The players to pair, by pairing score (virtual points included), then the order of art. 1.8.
    TPNs count the players who take part (absent ones who were never paired do not)."""
    by_number = {e.number: e for e in entrants}
    valid = [e for e in entrants if e.number not in absent or any(g.paired for g in e.history)]
    players = [Player(state_of(e, rank), index_of(e, by_number))
               for rank, e in enumerate(valid) if e.number not in absent]
    return sorted(players, key=lambda p: (-p.score, p.key))


def may_meet(a: Player, b: Player, apart: frozenset[frozenset[int]]) -> bool:
    """C1 (no second game: a forfeit is not a meeting), C3 (not two players with the same absolute
    colour preference), and the organizer's pairs kept apart."""
    if b.number in a.state.forbidden or frozenset((a.number, b.number)) in apart:
        return False
    both_absolute = a.state.absolute and b.state.absolute
    return not (both_absolute and a.state.preference == b.state.preference)


def colour_conflict(a: Player, b: Player) -> bool:
    """Whether one of the two cannot get their colour preference (C8): both prefer the same."""
    return a.state.preference is not None and a.state.preference == b.state.preference


def pair_round(entrants: list[Entrant], absent: set[int], total_rounds: int, first_colour: str,
               apart: frozenset[frozenset[int]] = frozenset()) -> BursteinPairing:
    """Pair the next round. `entrants` are in pairing-number order with equally long histories;
    `absent` players are not paired; the pairs of `apart` may not meet."""
    played = len(entrants[0].history) if entrants else 0
    if played < seeding_rounds(total_rounds):
        return _seeding_round(entrants, absent, total_rounds, first_colour, apart)
    players = players_of(entrants, absent)
    adj = [[j for j, q in enumerate(players) if j != i and may_meet(p, q, apart)]
           for i, p in enumerate(players)]
    bye = choose_bye(players, adj) if len(players) % 2 else None
    if bye is None and not perfectly_matchable(adj):
        raise NoPairing("the players cannot all be paired without breaking an absolute criterion")
    left = [v for v in range(len(players)) if v != bye]
    mates = pair_brackets(players, adj, left)
    pairs = [_coloured(players[a], players[b], first_colour) for a, b in mates]
    pairs.sort(key=lambda pair: _board_key(players, pair))
    return BursteinPairing(tuple(pairs), players[bye].number if bye is not None else None)


def _seeding_round(entrants: list[Entrant], absent: set[int], total_rounds: int, first_colour: str,
                   apart: frozenset[frozenset[int]]) -> BursteinPairing:
    """A seeding round, paired by the rules of the Dutch system (art. 1.6.1)."""
    from site_builder.pairing.dutch import engine as dutch

    try:
        result = dutch.pair_round(entrants, absent, total_rounds, first_colour, apart)
    except dutch.NoPairing as error:
        raise NoPairing(str(error)) from None
    return BursteinPairing(result.pairs, result.bye)


def bye_order(players: list[Player]) -> list[int]:
    """The players who may get the pairing-allocated bye (art. 3.1.1, C2), in the order art. 3.1.3–
    3.1.5 gives them: lowest score, most games played, lowest ranking (art. 1.8)."""
    eligible = [v for v, p in enumerate(players) if p.state.bye_eligible]
    return sorted(eligible, key=lambda v: (players[v].score, -players[v].state.played_games,
                                           tuple(-x for x in players[v].key)))


def choose_bye(players: list[Player], adj: list[list[int]]) -> int:
    """The pairing-allocated bye (art. 3.1): the first of `bye_order` whose absence lets all the
    other players be paired (art. 3.1.2, C4)."""
    for v in bye_order(players):
        if _completes(adj, [u for u in range(len(players)) if u != v]):
            return v
    raise NoPairing("no player can get the pairing-allocated bye and leave the others all paired (C2, C4)")


def pair_brackets(players: list[Player], adj: list[list[int]], left: list[int]) -> list[tuple[int, int]]:
    """The pairs of every bracket, from the top scoregroup down (art. 3.2)."""
    remaining = list(left)
    floaters: list[int] = []
    pairs: list[tuple[int, int]] = []
    while remaining:
        top = max(players[v].score for v in remaining if v not in floaters)
        bracket = floaters + [v for v in remaining if players[v].score == top and v not in floaters]
        lower = [v for v in remaining if v not in bracket]
        nxt = [v for v in lower if players[v].score == max(players[u].score for u in lower)] if lower else []
        found = bracket_pairs(players, adj, bracket, nxt, lower)
        pairs.extend(found)
        paired = {v for pair in found for v in pair}
        floaters = [v for v in bracket if v not in paired]
        remaining = [v for v in remaining if v not in paired]
        if not lower:
            break
    return pairs


def bracket_pairs(players: list[Player], adj: list[list[int]], bracket: list[int], nxt: list[int],
                  lower: list[int]) -> list[tuple[int, int]]:
    """The pairs the bracket makes (art. 3.2): those of the heaviest matching over the bracket and
    every lower player (`Weights`), each as (higher BSN, lower BSN). The matching over the bracket and
    the following scoregroup alone is that one whenever the players it leaves can all be paired:
    the fields below C4 only weigh pairs inside that scope."""
    weigh = Weights(players, bracket, nxt, len(bracket + lower) // 2)
    matching = _heaviest(adj, bracket + nxt, weigh, completion=False)
    rest = [v for v in bracket + lower if v not in {u for pair in matching for u in pair}]
    if not _completes(adj, rest):
        matching = _heaviest(adj, bracket + lower, weigh, completion=True)
    members, bsn = set(bracket), weigh.bsn
    return sorted(((a, b) if bsn[a] < bsn[b] else (b, a) for a, b in matching
                   if a in members and b in members), key=lambda pair: bsn[pair[0]])


def _heaviest(adj: list[list[int]], scope: list[int], weigh: Weights, completion: bool
              ) -> list[tuple[int, int]]:
    """The maximum-weight matching over the players of `scope`, with C4's field or without it."""
    graph: nx.Graph[int] = nx.Graph()
    inside = set(scope)
    graph.add_nodes_from(scope)
    for v in scope:
        graph.add_edges_from((v, u, {"weight": weigh(v, u, completion)})
                             for u in adj[v] if u in inside and u > v)
    return [(a, b) for a, b in nx.max_weight_matching(graph)]


def _completes(adj: list[list[int]], rest: list[int]) -> bool:
    """Whether the players of `rest` can all be paired among themselves."""
    where = {v: i for i, v in enumerate(rest)}
    return perfectly_matchable([[where[u] for u in adj[v] if u in where] for v in rest])


def _score_bits(players: list[Player], group: list[int]) -> dict[int, tuple[int, int]]:
    """For the players of `group`, by score: (offset, width) of a bit field counting those paired,
    higher scores at higher offsets (a sum over paired players then orders as C6 asks)."""
    counts: dict[int, int] = {}
    for v in group:
        counts[players[v].score] = counts.get(players[v].score, 0) + 1
    fields, offset = {}, 0
    for score in sorted(counts):
        width = counts[score].bit_length()
        fields[score] = (offset, width)
        offset += width
    return fields


class Weights:
    """The weight of a pair for the matching of one bracket: criteria fields, highest first."""

    def __init__(self, players: list[Player], bracket: list[int], nxt: list[int], pairs: int) -> None:
        self.players = players
        ranked = sorted(bracket, key=lambda v: players[v].key)
        self.bsn = {v: i + 1 for i, v in enumerate(ranked)}  # art. 4.1
        self.nxt = set(nxt)
        self.c6 = _score_bits(players, bracket)
        self.c7 = _score_bits(players, bracket + nxt)
        self.base = len(bracket) + 1
        count_bits = pairs.bit_length()
        self.widths = (count_bits, count_bits, _width(self.c6), count_bits, _width(self.c7), count_bits,
                       (self.base ** len(bracket)).bit_length())

    def _value(self, fields: dict[int, tuple[int, int]], v: int) -> int:
        return 1 << fields[self.players[v].score][0]

    def fields(self, a: int, b: int) -> tuple[int, int, int, int, int, int, int]:
        """C4, C5, C6, C7 (pairs, then paired scores of the following bracket), C8, art. 4."""
        in_a, in_b = a in self.bsn, b in self.bsn
        if in_a and in_b:
            i, j = sorted((self.bsn[a], self.bsn[b]))
            n = len(self.bsn)
            order = j * self.base ** (n - i) + i * self.base ** (n - j)
            c6 = self._value(self.c6, a) + self._value(self.c6, b)
            c8 = 0 if colour_conflict(self.players[a], self.players[b]) else 1
            return (1, 1, c6, 0, 0, c8, order)
        if (in_a or a in self.nxt) and (in_b or b in self.nxt):
            return (1, 0, 0, 1, self._value(self.c7, a) + self._value(self.c7, b), 0, 0)
        return (1, 0, 0, 0, 0, 0, 0)

    def __call__(self, a: int, b: int, completion: bool = True) -> int:
        """The fields packed into one integer; C4's field left out without `completion`."""
        fields = self.fields(a, b)
        if not completion:
            fields = (0, *fields[1:])
        weight = 0
        for value, width in zip(fields, self.widths, strict=True):
            weight = (weight << width) | value
        return weight


def _width(fields: dict[int, tuple[int, int]]) -> int:
    return max((offset + width for offset, width in fields.values()), default=0)


def _coloured(a: Player, b: Player, first_colour: str) -> tuple[int, int]:
    """The pair as (white, black) by art. 5.2."""
    a_higher = a.key < b.key
    colour, _ = colour_rule(a.state, b.state, a_higher, first_colour)
    return (a.number, b.number) if colour == WHITE else (b.number, a.number)


def _board_key(players: list[Player], pair: tuple[int, int]) -> tuple[int, int, int]:
    """Boards (the publishing rule): by the score of the pair's higher player (more points, then the smaller
    TPN), the sum of the two scores, then the higher player's TPN; scores without virtual points."""
    states = {p.number: p.state for p in players}
    a, b = states[pair[0]], states[pair[1]]
    sa, sb = a.entrant.score, b.entrant.score
    hi = a if (sa, -a.rank) >= (sb, -b.rank) else b
    return (-hi.entrant.score, -(sa + sb), hi.rank)
