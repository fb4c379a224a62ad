"""OpenGotha's matcher: a maximum-weight matching of a complete graph by Gabow's O(n³) form of
Edmonds' algorithm (H. N. Gabow, thesis, Stanford 1973, appendix D, steps W1–W9), on 64-bit
integers with every cost doubled, as E. Rothberg (1985) and P. Cappello (2004) coded it and
OpenGotha pairs with it (`WeightedMatchLong.weightedMatchLong(costs, MAXIMIZE)`, called by
`Tournament.pairAGroup`).

Of several pairings of the same total weight the algorithm returns one that depends on the order of
the vertices and on its own state as it goes, so the state is kept as the algorithm keeps it (shared
registers included) and the result is OpenGotha's to the pair. The scans of a blossom's edges, the
bulk of the work, run on numpy rows; each scan inserts its edges in a blossom's pair list (sorted by
neighbour, one edge per neighbour, the smaller half-slack kept, the first of equals) all at once,
with the same list and the same links as one edge after the other.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.int64]


def _half(value: int) -> int:
    """Halving truncated toward zero, as 64-bit integer division."""
    return value // 2 if value >= 0 else -(-value // 2)


def _halves(values: Array) -> Array:
    halves = values // 2
    negative = values < 0
    if negative.any():
        halves[negative] = -(-values[negative] // 2)
    return halves


def max_weight_matching(costs: Sequence[Sequence[int]] | Array) -> list[int]:
    """The mate (an index) of each of the n vertices, the costs an n × n symmetric matrix of
    positive integers (the diagonal unread); a perfect matching when n is even."""
    return _Gabow(np.asarray(costs, dtype=np.int64)).solve() if len(costs) > 1 else [-1] * len(costs)


class _Gabow:
    """The algorithm's state; vertices from 1, the dummy vertex n + 1, edges numbered from n + 1 in
    opposite pairs, the dummy edge last."""

    def __init__(self, costs: Array) -> None:
        n = self.n = len(costs)
        self.de = n * n + 1  # n + 2·n(n−1)/2 + 1
        self.dv = n + 1
        size = self.de + 1
        # Edges: for i from n down to 1 and j from i − 1 down to 1, the pair (c − 1: towards i,
        # c: towards j), c from n + 2 by 2; each vertex's edges run by increasing neighbour.
        i_idx, j_idx = np.tril_indices(n, -1)  # i > j (from 0), row-major: i ascending
        order = np.lexsort((-j_idx, -i_idx))  # i descending, then j descending
        ii, jj = i_idx[order] + 1, j_idx[order] + 1
        towards_j = n + 2 + 2 * np.arange(len(ii), dtype=np.int64)
        end = np.zeros(size, dtype=np.int64)
        end[towards_j - 1], end[towards_j] = ii, jj
        end[self.de] = self.dv
        weight = np.zeros(size, dtype=np.int64)
        weight[towards_j] = weight[towards_j - 1] = 2 * costs[ii - 1, jj - 1]
        self.end_np = end
        self.end = end.tolist()
        self.weight = weight.tolist()
        # by vertex: the edge towards each neighbour and its (doubled) weight, columns 1..n
        edge_to = np.zeros((n + 2, n + 1), dtype=np.int64)
        edge_to[ii, jj] = towards_j
        edge_to[jj, ii] = towards_j - 1
        self.edge_to = edge_to[:, 1:]
        w2 = np.zeros((n + 2, n), dtype=np.int64)
        w2[1:n + 1] = 2 * costs
        self.w2 = w2
        last = _half(int(2 * costs[ii - 1, jj - 1].max()))
        self.last_delta = last
        self.delta = 0
        k = n + 2
        self.mate = np.full(k, self.de, dtype=np.int64)
        self.next_edge = np.full(k, self.de, dtype=np.int64)
        self.next_vertex = np.zeros(k, dtype=np.int64)
        self.link = np.full(k, -self.de, dtype=np.int64)
        self.base = np.arange(k, dtype=np.int64)
        self.last_vertex = np.arange(k, dtype=np.int64)
        self.y = np.full(k, last, dtype=np.int64)
        self.next_delta = np.full(k, last, dtype=np.int64)
        self.next_pair = np.zeros(size, dtype=np.int64)
        self.last_edge = [0, 0, 0]
        # the pair list being built, by neighbour (columns 1..n): its edge (0: none) and that
        # edge's own vertex
        self.list_edge = np.zeros(n, dtype=np.int64)
        self.list_from = np.zeros(n, dtype=np.int64)
        # the algorithm's shared registers
        self.new_base = self.next_base = self.stop_scan = self.pair_point = 0
        self.neighbor = self.new_last = self.old_first = self.second_mate = 0
        self.f = self.nxt_edge = self.next_e = self.next_u = 0
        self.e = self.v = self.i = 0

    # the five small functions
    def opp(self, e: int) -> int:
        return e - 1 if (e - self.n) % 2 == 0 else e + 1

    def slack(self, e: int) -> int:
        y, end = self.y, self.end
        return int(y[end[e]] + y[end[self.opp(e)]]) - self.weight[e]

    def bend(self, e: int) -> int:
        return int(self.base[self.end[e]])

    def blink(self, v: int) -> int:
        return int(self.base[self.end[int(self.link[v])]])

    def bmate(self, v: int) -> int:
        return int(self.base[self.end[int(self.mate[v])]])

    def solve(self) -> list[int]:
        n = self.n
        while True:
            self.delta = 0
            if not self.link_exposed_at_once():
                for v in range(1, n + 1):
                    self.v = v
                    if self.mate[v] == self.de:
                        self.pointer(self.dv, v, self.de)
            self.v = n + 1
            while True:
                self.i = int(np.argmin(self.next_delta[1:n + 1])) + 1
                self.delta = int(self.next_delta[self.i])
                if self.delta == self.last_delta:
                    self.set_bounds()
                    self.unpair_all()
                    mates = [self.end[int(m)] for m in self.mate[1:n + 1]]
                    return [-1 if m == self.dv else m - 1 for m in mates]
                self.v = int(self.base[self.i])
                if self.link[self.v] >= 0:
                    if self.pair():
                        break
                else:
                    w = self.bmate(self.v)
                    if self.link[w] < 0:
                        self.pointer(self.v, w, self.opp(int(self.next_edge[self.i])))
                    else:
                        self.unpair(self.v, w)
            self.last_delta -= self.delta
            self.set_bounds()
            g = self.opp(self.e)
            self.rematch(self.bend(self.e), g)
            self.rematch(self.bend(g), self.e)

    def link_exposed_at_once(self) -> bool:
        """Step W2 (link every exposed vertex, one after another, each scanned with a delta of 0)
        in one pass, when every exposed vertex is a blossom of its own and every blossom is
        unlinked: the k-th exposed vertex's scan lowers the next delta of the vertices not yet
        linked (the first of equal slacks winning) and makes its pair list of its edges towards
        the k − 1 linked before it. False (nothing done) otherwise."""
        n, de, dv = self.n, self.de, self.dv
        exposed = np.flatnonzero(self.mate[1:n + 1] == de) + 1
        if not len(exposed):
            return True
        base = self.base[1:n + 1]
        if (np.any(self.base[exposed] != exposed) or np.any(self.last_vertex[exposed] != exposed)
                or np.any(self.link[base] >= 0)):
            return False
        m = len(exposed)
        self.link[dv] = -de
        self.next_vertex[dv] = dv
        self.next_vertex[exposed] = dv
        self.link[exposed] = de
        slacks = self.y[exposed][:, None] + self.y[None, 1:n + 1] - self.w2[exposed]
        edges = self.edge_to[exposed]
        # the next delta of a vertex not exposed is lowered by every exposed vertex's scan (those
        # of the exposed vertices are set again by their own scans)
        columns = exposed - 1
        others = np.flatnonzero(self.mate[1:n + 1] != de)
        if len(others):
            first = np.argmin(slacks[:, others], axis=0)
            lowest = slacks[first, others]
            lower = lowest < self.next_delta[others + 1]
            self.next_delta[others[lower] + 1] = lowest[lower]
            self.next_edge[others[lower] + 1] = edges[first[lower], others[lower]]
        # the k-th exposed vertex's pair list: its edges towards the k − 1 exposed before it
        ex_edges = edges[:, columns]
        self.next_delta[exposed] = self.last_delta
        self.next_edge[exposed] = de
        if m > 1:
            rows, cols = np.tril_indices(m, -1)
            self.next_pair[ex_edges[rows, cols]] = de
            inner = cols < rows - 1
            self.next_pair[ex_edges[rows[inner], cols[inner]]] = ex_edges[rows[inner], cols[inner] + 1]
            self.next_edge[exposed[1:]] = ex_edges[1:, 0]
            halves = _halves(slacks[:, columns])
            halves[np.triu_indices(m)] = np.iinfo(np.int64).max
            self.next_delta[exposed] = np.minimum(halves.min(axis=1), self.last_delta)
        last = int(exposed[-1])
        self.next_pair[de] = self.next_edge[last]
        self.new_base, self.stop_scan, self.e = last, dv, 0
        return True

    # the pair list being built
    def start_list(self) -> None:
        self.list_edge[:] = 0
        self.next_pair[self.de] = self.de

    def insert_edges(self, columns: Array, edges: Array, sources: Array, halves: Array) -> None:
        """Insert edges (towards the vertices `columns` + 1, increasing) in the list being built,
        each keeping its place by neighbour, the smaller half-slack winning a neighbour (the one
        there of equals); the base's next delta lowered to the smallest half-slack inserted."""
        if not len(columns):
            return
        held = self.list_edge[columns]
        there = held != 0
        taken = ~there
        if there.any():
            y = self.y
            old = y[self.list_from[columns[there]]] + y[columns[there] + 1] - self.w2[
                self.list_from[columns[there]], columns[there]]
            taken[there] = halves[there] < _halves(old)
        if not taken.any():
            return
        self.list_edge[columns[taken]] = edges[taken]
        self.list_from[columns[taken]] = sources[taken]
        low = int(halves[taken].min())
        if self.next_delta[self.new_base] > low:
            self.next_delta[self.new_base] = low
        members = self.list_edge[self.list_edge != 0]
        self.next_pair[members[:-1]] = members[1:]
        self.next_pair[members[-1]] = self.de
        self.next_pair[self.de] = members[0]

    def link_path(self, e: int) -> None:
        self.v = self.bend(e)
        while self.v != self.new_base:
            v = self.v
            u = self.bmate(v)
            self.link[u] = self.opp(e)
            self.next_vertex[self.new_last] = v
            self.next_vertex[self.last_vertex[v]] = u
            self.new_last = int(self.last_vertex[u])
            self.i = v
            while True:
                self.base[self.i] = self.new_base
                self.i = int(self.next_vertex[self.i])
                if self.i == self.dv:
                    break
            e = int(self.link[v])
            self.v = self.bend(e)

    def merge_pairs(self, v: int) -> None:
        """Insert the pair list of subblossom `v` (edges leaving the new blossom) in the new list."""
        self.next_delta[v] = self.last_delta
        self.pair_point = self.de
        chain = []
        f = int(self.next_edge[v])
        while f != self.de:
            chain.append(f)
            f = int(self.next_pair[f])
        self.f = f
        if not chain:
            return
        self.e = chain[-1]
        self.neighbor = self.end[self.e]
        edges = np.array(chain, dtype=np.int64)
        ends = self.end_np[edges]
        if np.any(ends[1:] <= ends[:-1]):
            # every pair list runs by increasing neighbour, and so does a chain read from the head of
            # a list merged since (its links were rewritten in the sorted merged list)
            raise AssertionError("a pair list out of order")
        keep = self.base[ends] != self.new_base
        edges, ends = edges[keep], ends[keep]
        sources = self.end_np[np.where((edges - self.n) % 2 == 0, edges - 1, edges + 1)]
        halves = _halves(self.y[ends] + self.y[sources] - self.w2[sources, ends - 1])
        self.insert_edges(ends - 1, edges, sources, halves)

    def pair(self) -> bool:
        self.e = int(self.next_edge[self.v])
        while self.slack(self.e) != 2 * self.delta:
            self.e = int(self.next_pair[self.e])
        w = self.bend(self.e)
        self.link[self.bmate(w)] = -self.e
        u = self.bmate(self.v)
        while self.link[u] != -self.e:
            self.link[u] = -self.e
            if self.mate[w] != self.de:
                self.v, w = w, self.v
            self.v = self.blink(self.v)
            u = self.bmate(self.v)
        if u == self.dv and self.v != w:
            return True
        self.new_last = self.new_base = self.v
        self.old_first = int(self.next_vertex[self.v])
        self.link_path(self.e)
        self.link_path(self.opp(self.e))
        self.next_vertex[self.new_last] = self.old_first
        if self.last_vertex[self.new_base] == self.new_base:
            self.last_vertex[self.new_base] = self.new_last
        self.start_list()
        self.merge_pairs(self.new_base)
        self.i = int(self.next_vertex[self.new_base])
        while True:
            self.merge_pairs(self.i)
            self.i = int(self.next_vertex[self.last_vertex[self.i]])
            self.scan(self.i, 2 * self.delta - self.slack(int(self.mate[self.i])))
            self.i = int(self.next_vertex[self.last_vertex[self.i]])
            if self.i == self.old_first:
                return False

    def pointer(self, u: int, v: int, e: int) -> None:
        self.link[u] = -self.de
        self.next_vertex[self.last_vertex[u]] = self.dv
        self.next_vertex[self.last_vertex[v]] = self.dv
        if self.last_vertex[u] != u:
            delta = -_half(self.slack(int(self.mate[self.next_vertex[u]])))
        else:
            delta = self.last_delta
        i = u
        while i != self.dv:
            self.y[i] += delta
            self.next_delta[i] += delta
            i = int(self.next_vertex[i])
        if self.link[v] < 0:
            self.link[v] = e
            self.start_list()
            self.scan(v, self.delta)
        else:
            self.link[v] = e

    def rematch(self, first: int, e: int) -> None:
        self.mate[first] = e
        self.next_e = -int(self.link[first])
        while self.next_e != self.de:
            e = self.next_e
            self.f = self.opp(e)
            first = self.bend(e)
            self.second_mate = self.bend(self.f)
            self.next_e = -int(self.link[first])
            self.link[first] = -self.mate[self.second_mate]
            self.link[self.second_mate] = -self.mate[first]
            self.mate[first] = self.f
            self.mate[self.second_mate] = e

    def scan(self, x: int, delta: int) -> None:
        """Scan the blossom of `x` (just linked): its edges to unlinked blossoms lower their
        neighbours' next delta, its edges to other linked blossoms join its pair list."""
        n = self.n
        self.new_base = new_base = int(self.base[x])
        self.stop_scan = int(self.next_vertex[self.last_vertex[x]])
        base = self.base[1:n + 1]
        link_of_base = self.link[base]
        unlinked = link_of_base < 0
        mate_base = self.base[self.end_np[self.mate[base]]]
        open_ = unlinked & ((self.link[mate_base] < 0) | (self.last_vertex[base] != base))
        linked = ~unlinked & (base != new_base)
        columns = np.flatnonzero(linked)
        y_all = self.y[1:n + 1]
        nd = self.next_delta[1:n + 1]
        ne = self.next_edge[1:n + 1]
        while x != self.stop_scan:
            self.y[x] += delta
            self.next_delta[x] = self.last_delta
            self.pair_point = self.de
            slacks = y_all + self.y[x] - self.w2[x]
            lower = open_ & (nd > slacks)
            nd[lower] = slacks[lower]
            ne[lower] = self.edge_to[x][lower]
            if len(columns):
                self.insert_edges(columns, self.edge_to[x][columns], np.full(len(columns), x),
                                  _halves(slacks[columns]))
            x = int(self.next_vertex[x])
        self.e = 0
        self.next_edge[new_base] = self.next_pair[self.de]

    def set_bounds(self) -> None:
        for v in range(1, self.n + 1):
            if self.link[v] < 0 or self.base[v] != v:
                self.next_delta[v] = self.last_delta
                continue
            self.link[v] = -self.link[v]
            self.i = v
            while self.i != self.dv:
                self.y[self.i] -= self.delta
                self.i = int(self.next_vertex[self.i])
            self.f = int(self.mate[v])
            if self.f != self.de:
                self.i = self.bend(self.f)
                delta = self.slack(self.f)
                while self.i != self.dv:
                    self.y[self.i] -= delta
                    self.i = int(self.next_vertex[self.i])
            self.next_delta[v] = self.last_delta
        self.v = self.n + 1

    def unlink(self, old_base: int) -> None:
        nv, lv, link = self.next_vertex, self.last_vertex, self.link
        self.i = self.new_base = int(nv[old_base])
        self.next_base = int(nv[lv[self.new_base]])
        self.e = int(link[self.next_base])
        for j in (1, 2):
            while True:
                self.nxt_edge = self.opp(int(link[self.new_base]))
                for _ in range(2):
                    link[self.new_base] = -link[self.new_base]
                    while True:
                        self.base[self.i] = self.new_base
                        self.i = int(nv[self.i])
                        if self.i == self.next_base:
                            break
                    self.new_base = self.next_base
                    self.next_base = int(nv[lv[self.new_base]])
                if link[self.next_base] != self.nxt_edge:
                    break
            if j == 1:
                self.last_edge[1] = self.nxt_edge
                self.nxt_edge = self.opp(self.e)
                if link[self.next_base] == self.nxt_edge:
                    continue
            break
        self.last_edge[2] = self.nxt_edge
        if self.base[lv[old_base]] == old_base:
            nv[old_base] = self.new_base
        else:
            nv[old_base] = self.dv
            lv[old_base] = old_base

    def unpair(self, old_base: int, old_mate: int) -> None:
        self.unlink(old_base)
        new_base = self.bmate(old_mate)
        if new_base != old_base:
            self.link[old_base] = -self.de
            self.rematch(new_base, int(self.mate[old_base]))
            self.link[self.second_mate] = (-self.last_edge[2] if self.f == self.last_edge[1]
                                           else -self.last_edge[1])
        e = int(self.link[old_mate])
        u = self.bend(self.opp(e))
        if u == new_base:
            self.pointer(new_base, old_mate, e)
            return
        self.link[self.bmate(u)] = -e
        while True:
            e = -int(self.link[u])
            self.v = self.bmate(u)
            self.pointer(u, self.v, -int(self.link[self.v]))
            u = self.bend(e)
            if u == new_base:
                break
        e = self.opp(e)
        self.pointer(new_base, old_mate, e)

    def unpair_all(self) -> None:
        nv, lv = self.next_vertex, self.last_vertex
        for v in range(1, self.n + 1):
            if self.base[v] != v or lv[v] == v:
                continue
            self.next_u = v
            nv[lv[self.next_u]] = self.dv
            while True:
                u = self.next_u
                self.next_u = int(nv[self.next_u])
                self.unlink(u)
                if lv[u] != u:
                    self.f = self.last_edge[1] if self.last_edge[2] == self.opp(self.e) else self.last_edge[2]
                    nv[lv[self.bend(self.f)]] = u
                self.new_base = self.bmate(self.bmate(u))
                if self.new_base not in (self.dv, u):
                    self.link[u] = -self.de
                    self.rematch(self.new_base, int(self.mate[u]))
                while lv[self.next_u] == self.next_u and self.next_u != self.dv:
                    self.next_u = int(nv[self.next_u])
                if lv[self.next_u] == self.next_u and self.next_u == self.dv:
                    break
