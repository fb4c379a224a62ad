"""A maximum-weight matching over the players still to be paired, with weights that can change.

Weights carry a completion field on top (`Matcher.low_bits` and above) and the criteria below it.
Edges that leave the current bracket and the next scoregroup weigh only completion, so the matching
is first computed inside this scope on the criteria alone; it is the round's optimum whenever the
players left over can still all be paired (checked with a cardinality matching), and only otherwise
is the whole round's matching computed. Inside the scope, the bracket and the next scoregroup are
matched apart when that is shown optimal (`_apart`): C5, the highest criterion, counts the pairs in
the bracket.

Each matching packs the weights first: fields that are zero on every edge are dropped and the others
narrowed to what their sums need, which usually brings them under 127 bits for the fast matcher of
`rustworkx`; when not, tighter bounds read edge by edge (`tightened`) usually do (a 526-player
bracket of a 1000-player round 3: from 126 bits to 86, from 71 s to 2 s); wider weights still go to
the exact big-integer matcher of `networkx`. A matching is not searched for at all when the heaviest
edges already pair everyone (`_evident`: a first round's bracket).

Settling players one after another (`settle_in_order`) keeps one graph for all its matchings, and
works inside the bracket alone when every optimum pairs it among itself (`settle_closed`) or when the
result is shown optimal (`settle_apart`): S1 and S2 of a remainder make a bipartite graph that the
matcher solves many times faster than the whole scope. A few players to settle (moved-down ones,
say) try their candidates in turn instead (`settle_tried`), each try a matching of the bracket and
one of the next scoregroup.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from operator import itemgetter

import networkx as nx
import rustworkx as rx

from site_builder.pairing.dutch.weights import Field
from site_builder.pairing.matching import maximum_matching, perfectly_matchable

FAST_BITS = 124  # rustworkx weights are 128-bit integers and it doubles them


class Packing:
    """Narrow weights for one matching that order every matching alike.

    Dropped: fields that are zero on every edge, and fields that are constant over every kind of
    pair that C5–C7 tell apart (pairs in the bracket by the score of the higher player, pairs in the
    next scoregroup likewise): their sums follow from C5–C7, which rank above them. The others get
    just the bits their sums over a matching can need."""

    def __init__(self, edges: list[tuple[int, int, int]], fields: list[Field], top: int,
                 score: list[int], vertices: list[int], stand_ins: Mapping[int, int] | None = None) -> None:
        """`stand_ins`: how many more players of each score the edges' higher players can be than
        `vertices` have (a vertex standing for players of other scores, `Matcher._outside_bound`)."""
        key_low = min(f.position for f in fields if f.head)
        key_mask = (1 << top) - 1
        seen = 0
        lo: dict[int, int] = {}  # AND and OR of the weights of each kind of pair
        hi: dict[int, int] = {}
        self.values = set(map(itemgetter(2), edges))  # players alike weigh alike: few values
        for w in self.values:
            seen |= w
            kind = (w & key_mask) >> key_low
            lo[kind] = lo.get(kind, w) & w
            hi[kind] = hi.get(kind, 0) | w
        counts: dict[int, int] = dict(stand_ins or {})
        for v in vertices:
            counts[score[v]] = counts.get(score[v], 0) + 1
        pairs = len(vertices) // 2  # at most this many edges in a matching
        self.used: list[tuple[int, int, int]] = []  # (position, width, packed width), lowest first
        for f in fields:
            mask = (1 << f.width) - 1
            value = (seen >> f.position) & mask
            if not value:
                continue
            if f.position and not f.head and not (hi.get(0, 0) >> f.position) & mask and all(
                    (lo[k] >> f.position) & mask == (hi[k] >> f.position) & mask for k in hi):
                continue
            need = (value * pairs).bit_length()  # `value` (an OR) bounds every edge's value
            if f.score is not None:  # a scoregroup's sum counts its players, each at most once
                need = min(need, counts.get(f.score, 0).bit_length())
            self.used.append((f.position, f.width, need))
        if seen >> top:
            self.used.append((top, 2, (3 * pairs).bit_length()))
        self.bits = sum(need for _, _, need in self.used)
        self._packed: dict[int, int] = {}

    def tighten(self, edges: list[tuple[int, int, int]]) -> None:
        """Narrow the fields by `tightened` (slower than the constructor's bounds: used only when
        those are too wide for the fast matcher)."""
        self.used = tightened(self.used, edges)
        self.bits = sum(need for _, _, need in self.used)
        self._packed.clear()

    def weights(self, edges: list[tuple[int, int, int]], shift: int) -> list[int]:
        """The packed weight of each edge, shifted left by `shift` bits."""
        return list(map(self.table(shift).__getitem__, map(itemgetter(2), edges)))

    def table(self, shift: int) -> dict[int, int]:
        """Each weight of the edges packed, shifted left by `shift` bits."""
        return {w: self.weight(w) << shift for w in self.values}

    def weight(self, w: int) -> int:
        v = self._packed.get(w)
        if v is None:
            v = 0
            for pos, width, need in reversed(self.used):  # highest field first
                v = (v << need) | ((w >> pos) & ((1 << width) - 1))
            self._packed[w] = v
        return v


def tightened(used: list[tuple[int, int, int]], edges: list[tuple[int, int, int]]
              ) -> list[tuple[int, int, int]]:
    """`used` ((position, width, packed width) per field) with each packed width cut to a bound
    of the field's sum over any matching of `edges`: the largest values of a vertex cover of the
    edges where it is nonzero (each vertex covers at most one pair of a matching), or half the sum
    of every vertex's largest value."""
    out = []
    for pos, width, need in used:
        mask = (1 << width) - 1
        largest: dict[int, int] = {}
        support: dict[int, list[int]] = {}
        for a, b, w in edges:
            value = (w >> pos) & mask
            if value:
                for v, u in ((a, b), (b, a)):
                    largest[v] = max(largest.get(v, 0), value)
                    support.setdefault(v, []).append(u)
        cover: set[int] = set()
        for v in sorted(support, key=lambda v: -len(support[v])):
            if any(u not in cover for u in support[v]):
                cover.add(v)
        bound = min(sum(largest[v] for v in cover), sum(largest.values()) // 2)
        out.append((pos, width, min(need, bound.bit_length())))
    return out


#: Checks a matching made over some vertices (given them, the bonus and its shift), or makes another.
Decide = Callable[[list[int], Collection[int], dict[tuple[int, int], int], int], list[int]]


class _TooWide(Exception):
    """A matching needs more bits than the fast matcher has, where its caller can do with narrower
    ones (`Matcher._settle`: fewer ranks at a time) rather than the slow matcher; `bits`: those its
    weights take without the ranks."""

    def __init__(self, bits: int) -> None:
        super().__init__(bits)
        self.bits = bits


class Matcher:
    """Symmetric edge weights between vertices 0..n−1; `solve` returns each vertex's mate (itself
    when unmatched). Vertices whose pair is final take no further part."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.weight: list[list[int]] = [[0] * n for _ in range(n)]
        self.final: dict[int, int] = {}
        self.fields: list[Field] = []  # the criteria fields of the weights
        self.score: list[int] = [0] * n
        self.low_bits = 0
        self.bye_ok: list[bool] = [True] * n  # who may be left unpaired when the count is odd
        self._rest: tuple[int, list[list[int]], list[int]] | None = None
        self._outer: tuple[list[tuple[int, int, int]], list[int]] | None = None
        self._bound: tuple[tuple[list[tuple[int, int, int]], dict[int, int], int], int] | None = None
        self._crossed: tuple[int, bool] | None = None
        self._completable: dict[tuple[object, ...], bool] = {}
        self._fast_only = False  # a matching too wide for the fast matcher raises `_TooWide`

    def set(self, a: int, b: int, w: int) -> None:
        self.weight[a][b] = self.weight[b][a] = w

    def finalize(self, a: int, b: int) -> None:
        self.final[a], self.final[b] = b, a

    @property
    def mask(self) -> int:
        """Selects the criteria fields of a weight (everything below completion)."""
        return (1 << self.low_bits) - 1

    def value(self, mate: list[int], vertices: Sequence[int]) -> int:
        """Total criteria weight of the pairs of `mate` among `vertices` (final pairs excluded)."""
        mask, w = self.mask, self.weight
        return sum(w[a][mate[a]] & mask for a in vertices if mate[a] > a and a not in self.final)

    def solve(self, scope: Sequence[int] | None = None, rest: int | None = None,
              bonus: dict[tuple[int, int], int] | None = None, shift: int = 0,
              split: int | None = None) -> list[int]:
        """The optimum matching; with `scope` (the bracket and the next scoregroup, all vertices
        below `rest`), computed inside the scope when that is the round's optimum too. `bonus`
        (keyed by vertex pairs, smaller first) breaks ties below the weights, in `shift` bits.
        `split` is where the next scoregroup begins in `scope` (see `_apart`)."""
        bonus = bonus or {}
        if scope is not None and rest is not None:
            local = [v for v in scope if v not in self.final]
            mate = self._apart(scope, split) if split and not bonus else None
            if mate is None:
                mate = self._max_weight(local, self.mask, bonus, shift)
            if self.completable([v for v in local if mate[v] == v], rest):
                return self._with_final(mate)
        live = [v for v in range(self.n) if v not in self.final]
        return self._with_final(self._max_weight(live, -1, bonus, shift))

    def _edges(self, vertices: list[int], mask: int) -> list[tuple[int, int, int]]:
        edges: list[tuple[int, int, int]] = []
        for i, a in enumerate(vertices):
            row = self.weight[a]
            edges += [(a, b, w) for b in vertices[i + 1:] if (w := row[b] & mask) > 0]
        return edges

    def settle_in_order(self, scope: Sequence[int], rest: int, firsts: list[int],
                        rank: dict[int, int]) -> list[int]:
        """The optimum (as `solve` finds it) in which each vertex of `firsts` in turn meets the
        candidate of highest `rank` that keeps it optimal; those pairs become final."""
        def decide(mate: list[int], live: Collection[int], bonus: dict[tuple[int, int], int],
                   shift: int) -> list[int]:
            if self.completable([v for v in live if mate[v] == v], rest):
                return mate
            return self.solve(scope, rest, bonus, shift)  # the whole round's matching decides

        return self._settle(scope, rest, firsts, rank, decide)

    def settle_closed(self, group: Sequence[int], rest: int, firsts: list[int], rank: dict[int, int],
                      optimum: list[int]) -> list[int]:
        """`settle_in_order` when `optimum` pairs `group` within itself and so does every optimum
        (the caller knows): the matchings are made inside the group alone, and the other
        vertices keep their pairs of `optimum`."""
        def decide(mate: list[int], live: Collection[int], bonus: dict[tuple[int, int], int],
                   shift: int) -> list[int]:
            if any(mate[v] == v for v in live):  # not closed after all: the whole round decides
                return self.solve(None, None, bonus, shift)
            return self._with_final([mate[v] if v in live else optimum[v] for v in range(self.n)])

        return self._settle(group, rest, firsts, rank, decide)

    def settle_apart(self, group: Sequence[int], scope: Sequence[int], rest: int, firsts: list[int],
                     rank: dict[int, int], optimum: list[int], split: int) -> list[int] | None:
        """`settle_in_order` over `scope` worked out inside `group` alone (all the bracket's players
        left to pair, `scope[:split]`), the rest of the scope then paired by `solve` (`split` as
        there); None (nothing settled) unless that is exact.

        No criterion weighs both pairs inside the group and pairs of the other vertices (the caller
        knows), but the group's players left over (the floaters) join the next scoregroup (C7), so
        which of them float ties the two parts together: the group's own optimum may leave over a
        player the scope's optima do not. Exact when `optimum` weighs as much as the group's optimum
        and a bound of the rest (`_outside_bound`) together: then every optimum of the scope pairs
        the group as one of the group's optima, and a choice best among those, kept by an optimum
        of the scope, is best among the scope's."""
        target = self.value(optimum, scope)
        before = dict(self.final)
        grouped = self._settle(group, rest, firsts, rank, lambda mate, live, bonus, shift: mate)
        inner = [v for v in group if v not in before]
        inside = sum(self.weight[a][grouped[a]] & self.mask for a in inner if grouped[a] > a)
        outer = [v for v in scope[split:] if v not in before]
        floaters = [v for v in inner if grouped[v] == v]
        if target != inside + self._outside_bound(self._leftovers(inner, grouped), outer, floaters):
            self.final = before
            return None
        mate = self.solve(scope, rest, split=split)
        settled, self.final = self.final, before
        if self.value(mate, scope) < target or not self.completable(
                self.left_over(mate, scope, rest, before), rest):
            return None
        self.final = settled
        return mate

    def settle_tried(self, scope: Sequence[int], rest: int, firsts: list[int], candidates: list[int],
                     optimum: list[int], split: int, tries: int = 8) -> list[int] | None:
        """`settle_in_order` with each vertex of `firsts` trying `candidates` (highest first) in
        turn; None (nothing settled) unless that is shown exact within `tries` candidates.

        Exact when `optimum` pairs the scope within itself and no pair leaving the scope weighs any
        criterion (else a round optimum could make up below the scope for what a candidate costs
        inside it): then a candidate keeps the pairing optimal when its pair, made final, leaves a
        scope whose optimum weighs as much as `optimum` with it, and the first such candidate,
        kept by a matching that leaves the players below a pairing, is the one `settle_in_order`
        takes. Each such optimum is one matching of the bracket and one of the next scoregroup
        (`_apart`), many times faster than a matching of the whole scope for each vertex."""
        mask = self.mask
        if len(firsts) > tries or self._crossing(scope, rest) or any(
                optimum[v] >= rest for v in scope if v not in self.final):
            return None
        target = self.value(optimum, scope)
        before = dict(self.final)
        mate: list[int] | None = None
        for v in firsts:
            for c in candidates:
                if c in self.final or not self.weight[v][c]:
                    continue
                tries -= 1
                self.finalize(v, c)
                found = self._apart(scope, split) if tries >= 0 else None
                if found is None:
                    self.final = before
                    return None
                value = self.value(found, scope) + sum(
                    self.weight[a][b] & mask for a, b in self.final.items() if a < b and a not in before)
                if value > target:  # `optimum` was not the scope's optimum: leave it to the matchings
                    self.final = before
                    return None
                if value == target:
                    mate = self._with_final(found)
                    if not self.completable(self.left_over(mate, scope, rest, self.final), rest):
                        self.final = before
                        return None
                    break
                del self.final[v], self.final[c]
            else:
                self.final = before
                return None
        return mate

    def _crossing(self, scope: Sequence[int], rest: int) -> bool:
        """Does a pair of a player of `scope` with one below it (from `rest` on) weigh any criterion?
        (Those weights do not change while the scope is paired: asked once per scope.)"""
        if self._crossed is None or self._crossed[0] != rest:
            mask = self.mask
            self._crossed = (rest, any(any(map(mask.__and__, self.weight[v][rest:])) for v in scope))
        return self._crossed[1]

    def _settle(self, scope: Sequence[int], rest: int, firsts: list[int], rank: dict[int, int],
                decide: Decide) -> list[int]:
        """Settle `firsts` in turn by matchings inside `scope`, each checked by `decide` (given the
        matching, the vertices it was made over, the bonus and its shift) before it is used.

        Below the weights, a block of bits per vertex of `firsts`, the earlier blocks higher, holds
        the rank of the opponent; each matching settles as many vertices as the fast matcher has
        room for (`_settle_blocks`), beside the weights of the scope and of any matching `decide`
        makes: one that needs more bits than the scope's (the whole round's) makes the blocks left
        fewer, and the vertices left are settled again from there."""
        width = len(rank).bit_length()
        needed = 0  # the most bits a matching of `decide` was found to need
        while True:
            local = [v for v in scope if v not in self.final]
            edges = self._edges(local, self.mask)
            packing = self._packing(edges, local, width)
            per = (FAST_BITS - max(packing.bits, needed)) // width
            todo = [v for v in firsts if v not in self.final]
            if per < 1:  # no room for even one block: one matching per vertex
                return self._settle_each(local, todo, rank, width, decide)
            try:
                return self._settle_blocks(local, edges, packing, todo, rank, width, per, decide)
            except _TooWide as wide:
                needed = wide.bits

    def _settle_blocks(self, local: list[int], edges: list[tuple[int, int, int]], packing: Packing,
                       firsts: list[int], rank: dict[int, int], width: int, per: int, decide: Decide
                       ) -> list[int]:
        """`_settle` with `per` blocks of `width` bits per matching. The graph is made once and kept
        between matchings: settled vertices leave it, and only the next blocks' edges are reweighed.
        Raises `_TooWide` (the vertices of the blocks before settled) when a matching of `decide`
        has no room for the blocks."""
        shift = width * per
        graph = rx.PyGraph()
        node = {v: graph.add_node(v) for v in local}
        plain = packing.weights(edges, shift)
        ids = graph.add_edges_from([(node[a], node[b], w) for (a, b, _), w in zip(edges, plain, strict=True)])
        edge_of = {(a, b): e for (a, b, _), e in zip(edges, ids, strict=True)}
        weight_of = dict(zip(ids, plain, strict=True))
        mate = list(range(self.n))
        for at in range(0, len(firsts), per):
            chunk = firsts[at:at + per]
            bonus = {}
            for t, v in enumerate(chunk):
                block = width * (per - 1 - t)
                for u, r in rank.items():
                    key = (v, u) if v < u else (u, v)
                    if u in node and key in edge_of:
                        bonus[key] = r << block
                        e = edge_of[key]
                        graph.update_edge_by_index(e, weight_of[e] + (r << block))
            mate = list(range(self.n))
            for x, y in rx.max_weight_matching(graph, weight_fn=int):
                a, b = graph[x], graph[y]
                mate[a], mate[b] = b, a
            self._fast_only = True  # a matching with no room for the blocks raises `_TooWide`
            try:
                mate = decide(self._with_final(mate), node.keys(), bonus, shift)
            finally:
                self._fast_only = False
            for v in chunk:
                self.finalize(v, mate[v])
                for x in (v, mate[v]):
                    if x in node:
                        graph.remove_node(node.pop(x))
        return self._with_final(mate)

    def _settle_each(self, local: list[int], firsts: list[int], rank: dict[int, int], width: int,
                     decide: Decide) -> list[int]:
        """`_settle` with one matching per vertex of `firsts`, the opponent's rank in `width` bits."""
        mate = list(range(self.n))
        for v in firsts:
            bonus = {(min(v, u), max(v, u)): r for u, r in rank.items() if u != v}
            mate = self._with_final(self._max_weight(local, self.mask, bonus, width))
            mate = decide(mate, local, bonus, width)
            self.finalize(v, mate[v])
            local = [u for u in local if u not in self.final]
        return mate

    def _packing(self, edges: list[tuple[int, int, int]], vertices: list[int], shift: int,
                 stand_ins: Mapping[int, int] | None = None) -> Packing:
        """The packing of `edges`' criteria, tightened when it leaves less than `shift` bits."""
        packing = Packing(edges, self.fields, self.low_bits, self.score, vertices, stand_ins)
        if packing.bits + shift > FAST_BITS:
            packing.tighten(edges)
        return packing

    def _apart(self, scope: Sequence[int], split: int) -> list[int] | None:
        """The scope's optimum as matchings of its bracket (`scope[:split]`) and of the next
        scoregroup apart, when the bracket pairs among itself but for at most one player; None when
        that cannot be shown optimal.

        C5, the highest criterion, counts the pairs in the bracket, so every optimum pairs the
        bracket as fully. When it pairs everyone, the next scoregroup is paired on its own (its
        matching kept while its weights do not change). When one player is left, it joins the next
        scoregroup's matching; that is optimal when it weighs as much as the next scoregroup's
        matching with a stand-in that meets each of them as well as the best of the bracket who may
        be left over would (`_leftovers`)."""
        inner = [v for v in scope[:split] if v not in self.final]
        outer = [v for v in scope[split:] if v not in self.final]
        mate = self._max_weight(inner, self.mask, {}, 0)
        left = [v for v in inner if mate[v] == v]
        if len(left) != len(inner) % 2:
            return None
        if not left:
            edges = self._edges(outer, self.mask)
            known = self._outer
            if known is None or known[0] != edges:
                known = self._outer = (edges, self._max_weight(outer, self.mask, {}, 0, edges))
            for v in outer:
                mate[v] = known[1][v]
            return mate
        floater, mask, w = left[0], self.mask, self.weight
        joined = self._max_weight([*outer, floater], mask, {}, 0)
        if sum(w[a][b] & mask for a in [*outer, floater] if (b := joined[a]) > a) < self._outside_bound(
                self._leftovers(inner, mate), outer, left):
            return None
        for v in (*outer, floater):
            mate[v] = joined[v]
        return mate

    def _outside_bound(self, can_float: list[int], outer: list[int], floaters: list[int]) -> int:
        """An upper bound of the criteria weight that the pairs of the next scoregroup (`outer`) and
        of the bracket's floaters (as many as `floaters`, each one of `can_float`) can have in any
        optimal matching of the scope: the next scoregroup matched with a stand-in per floater
        (named by the floaters) that meets each of its players as well as the best of `can_float`
        (`_leftovers`)."""
        mask, w = self.mask, self.weight
        best = {b: max((w[g][b] & mask for g in can_float), default=0) for b in outer}
        within = self._edges(outer, mask)
        key = (within, best, len(floaters))
        if self._bound is not None and self._bound[0] == key:  # asked again for the same scope
            return self._bound[1]
        edges = within + [(s, b, x) for s in floaters for b, x in best.items() if x]
        weight = {(a, b): x for a, b, x in edges} | {(b, a): x for a, b, x in edges}
        # a stand-in weighs as any player of `can_float` would: their scores count in the packing
        stand_ins = dict.fromkeys({self.score[g] for g in can_float}, len(floaters))
        mate = self._max_weight([*outer, *floaters], mask, {}, 0, edges, stand_ins)
        value = sum(weight[a, b] for a in [*outer, *floaters] if (b := mate[a]) > a)
        self._bound = (key, value)
        return value

    def _leftovers(self, inner: list[int], mate: list[int]) -> list[int]:
        """The players of the bracket `inner` (`mate`: its optimum) whom an optimal matching of the
        scope may leave over, when the bracket is odd and its optimum pairs it but one (else all
        of them). C5 and C6, the highest criteria, weigh only the pairs of the bracket, C6 the
        score of the higher player of each pair. When the optimum counts the bracket's `p`
        highest scores so (the most C6 can count: each pair counts one player), a player whose
        score is above the (p+1)-th highest cannot be left over, as no matching without them
        counts as much; else any player may be.

        >>> m = Matcher(5)
        >>> m.score = [3, 2, 2, 1, 1]
        >>> m._leftovers([0, 1, 2, 3, 4], [3, 2, 1, 0, 4])  # C6 counts 3 and 2: the 3 is never left
        [1, 2, 3, 4]
        >>> m._leftovers([0, 1, 2, 3, 4], [0, 3, 4, 1, 2])  # C6 counts 2 and 2: anyone may be
        [0, 1, 2, 3, 4]
        >>> m._leftovers([], [])
        []
        """
        score = self.score
        scores = sorted((score[v] for v in inner), reverse=True)
        pairs = len(inner) // 2
        counted = sorted((max(score[a], score[b]) for a in inner if (b := mate[a]) > a), reverse=True)
        if len(inner) % 2 == 0 or counted != scores[:pairs]:
            return inner
        return [v for v in inner if score[v] <= scores[pairs]]

    def matched_over(self, vertices: list[int], edges: list[tuple[int, int, int]]) -> list[int]:
        """A maximum-weight matching of `vertices` over `edges` alone (weights as given: criteria
        weights), final pairs included."""
        return self._with_final(self._max_weight(vertices, self.mask, {}, 0, edges))

    def _max_weight(self, vertices: list[int], mask: int, bonus: dict[tuple[int, int], int],
                    shift: int, edges: list[tuple[int, int, int]] | None = None,
                    stand_ins: Mapping[int, int] | None = None) -> list[int]:
        """A maximum-weight matching of `vertices` (`edges`, when given, are theirs; `stand_ins`
        as `Packing` takes them)."""
        edges = self._edges(vertices, mask) if edges is None else edges
        packing = self._packing(edges, vertices, shift, stand_ins)
        mate = list(range(self.n))
        if packing.bits + shift <= FAST_BITS:
            table = packing.table(shift)
            if bonus:
                weighted = [(a, b, table[w] + bonus.get((a, b), 0)) for a, b, w in edges]
                pairs = _evident(vertices, weighted)
            else:  # only the heaviest edges can make an evident matching
                top = max(table.values(), default=0)
                heaviest = {w for w, packed in table.items() if packed == top}
                pairs = _evident(vertices, [(a, b, top) for a, b, w in edges if w in heaviest])
            if pairs is None:
                graph = rx.PyGraph()
                graph.add_nodes_from(vertices)
                at = {v: k for k, v in enumerate(vertices)}
                graph.add_edges_from([(at[a], at[b], w) for a, b, w in weighted] if bonus
                                     else [(at[a], at[b], table[w]) for a, b, w in edges])
                pairs = [(vertices[x], vertices[y]) for x, y in rx.max_weight_matching(graph, weight_fn=int)]
        else:
            if self._fast_only:
                raise _TooWide(packing.bits)
            nx_graph: nx.Graph[int] = nx.Graph()
            nx_graph.add_nodes_from(vertices)
            nx_graph.add_weighted_edges_from([(a, b, (w << shift) + bonus.get((a, b), 0))
                                              for a, b, w in edges])
            pairs = list(nx.max_weight_matching(nx_graph))
        for a, b in pairs:
            mate[a], mate[b] = b, a
        return mate

    def _with_final(self, mate: list[int]) -> list[int]:
        for a, b in self.final.items():
            mate[a] = b
        return mate

    def _rest_graph(self, rest: int) -> tuple[list[list[int]], list[int]]:
        """Adjacency and a maximum matching of the players below the scope (cached per bracket)."""
        if self._rest is None or self._rest[0] != rest:
            adj = [[k for k, w in enumerate(self.weight[a][rest:]) if w > 0] for a in range(rest, self.n)]
            self._rest = (rest, adj, maximum_matching(adj))
        return self._rest[1], self._rest[2]

    @staticmethod
    def left_over(mate: list[int], scope: Sequence[int], rest: int, final: Collection[int]) -> list[int]:
        """The players of `scope` (but `final` ones) that `mate` leaves to be paired with those
        below it (vertices from `rest` on): unpaired, or paired below the scope. A matching of the
        whole round, or one changed from it, can hold such a pair, and `completable` takes every
        player below the scope as free: counted as paired, it would let a matching through that
        leaves a player below without an opponent."""
        return [v for v in scope if v not in final and (mate[v] == v or mate[v] >= rest)]

    def completable(self, leftover: list[int], rest: int) -> bool:
        """Can the players left over by the scope and all below it be paired (with an allowed bye
        when their number is odd)? Remembered for the round under who may meet whom (a positive
        weight), all it reads besides who may have the bye (set for the round): a bracket asks the
        same question again and again while it settles its pairs."""
        if self._pairs_greedily(leftover, rest):
            return True
        leftover = sorted(leftover)
        below = [[b - rest for b in range(rest, self.n) if self.weight[v][b] > 0] for v in leftover]
        among = [[u for u in leftover if u != v and self.weight[v][u] > 0] for v in leftover]
        key = (rest, tuple(leftover), tuple(map(tuple, below)), tuple(map(tuple, among)))
        known = self._completable.get(key)
        if known is None:
            known = self._completable[key] = self._perfectly_matchable(leftover, rest, below, among)
        return known

    def _pairs_greedily(self, leftover: list[int], rest: int) -> bool:
        """Do `leftover` and the players below `rest` pair off greedily (the bye, when their number is
        odd, to the lowest who may have it; then each, the left over first, with the first free one
        they may meet)? True proves them `completable`, in about a row's time where the exact
        search reads every row; False proves nothing."""
        weight = self.weight
        free = [*leftover, *range(rest, self.n)]
        if len(free) % 2:
            bye = next((v for v in reversed(free) if self.bye_ok[v]), None)
            if bye is None:
                return False
            free.remove(bye)
        free.reverse()  # taken from the end
        while free:
            row = weight[free.pop()]
            at = next((k for k in range(len(free) - 1, -1, -1) if row[free[k]] > 0), None)
            if at is None:
                return False
            del free[at]
        return True

    def _perfectly_matchable(self, leftover: list[int], rest: int, below: list[list[int]],
                             among: list[list[int]]) -> bool:
        """`completable`: the players below `rest` with `leftover` (who meet `below` and `among`)."""
        adj0, match0 = self._rest_graph(rest)
        size = len(adj0)
        adj = [list(row) for row in adj0]
        match = list(match0)
        ids = {v: size + k for k, v in enumerate(leftover)}
        for v, mine, others in zip(leftover, below, among, strict=True):
            for r in mine:
                adj[r].append(ids[v])
            adj.append(mine + [ids[u] for u in others])
            match.append(-1)
        if (size + len(leftover)) % 2:
            dummy = len(adj)
            allowed = [k for k, v in enumerate(list(range(rest, self.n)) + leftover) if self.bye_ok[v]]
            for k in allowed:
                adj[k].append(dummy)
            adj.append(allowed)
            match.append(-1)
        return perfectly_matchable(adj, match)


def _evident(vertices: list[int], edges: list[tuple[int, int, int]]) -> list[tuple[int, int]] | None:
    """A maximum-weight matching found without search, when one is evident: the heaviest edges,
    taken greedily, pair all but at most one vertex, so that no matching can weigh more.

    >>> _evident([0, 1, 2, 3], [(0, 1, 5), (0, 2, 5), (1, 3, 5), (2, 3, 5)])
    [(0, 1), (2, 3)]
    >>> _evident([0, 1, 2, 3], [(0, 1, 5), (0, 2, 5), (1, 3, 4), (2, 3, 4)]) is None
    True
    """
    top = max((w for _, _, w in edges), default=0)
    taken: set[int] = set()
    pairs = []
    for a, b, w in edges:
        if w == top and a not in taken and b not in taken:
            taken.update((a, b))
            pairs.append((a, b))
    return pairs if len(pairs) == len(vertices) // 2 else None
