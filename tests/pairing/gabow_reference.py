"""A plain, step-by-step maximum-weight matching of a complete graph by Gabow's O(n³) form of
Edmonds' algorithm (H. N. Gabow's thesis, Stanford 1973, appendix D; E. Rothberg's C coding, 1985;
P. Cappello's Java coding, 2004, MIT), the matcher OpenGotha pairs with, on 64-bit integers.

This is the oracle the vectorised matcher (`site_builder.pairing.gotha.matching`) is compared
with: the same steps (W1–W9 and their helpers), one scalar at a time, shared state included — the
algorithm's ties (and its rare misses of the optimum) depend on that state, so they are kept."""

from __future__ import annotations

from collections.abc import Sequence


def _half(value: int) -> int:
    """Integer halving truncated toward zero (64-bit integer division)."""
    return value // 2 if value >= 0 else -(-value // 2)


class GabowMatcher:
    """One matching: `GabowMatcher(costs).mates()` → the mate of each vertex (from 0)."""

    def __init__(self, costs: Sequence[Sequence[int]]) -> None:
        n = len(costs)
        self.n = n
        edges = n * (n - 1) // 2
        size = n + 2 * edges + 2
        self.adj = [0] * size
        self.end = [0] * size
        self.weight = [0] * size
        # edges numbered from n + 1 in pairs (e, e + 1), built from the last vertex down so that
        # every adjacency list runs by increasing neighbour
        current = n + 2
        for i in range(n, 0, -1):
            for j in range(i - 1, 0, -1):
                w = 2 * costs[i - 1][j - 1]
                self.weight[current - 1] = self.weight[current] = w
                self.end[current - 1], self.end[current] = i, j
                self.adj[current] = self.adj[i]
                self.adj[i] = current
                self.adj[current - 1] = self.adj[j]
                self.adj[j] = current - 1
                current += 2
        self.dv = n + 1  # the dummy vertex
        self.de = n + 2 * edges + 1  # the dummy edge
        self.end[self.de] = self.dv
        top = max((2 * costs[i][j] for i in range(n) for j in range(i + 1, n)), default=0)
        self.last_delta = _half(top)
        self.delta = 0
        k = n + 2
        self.mate = [self.de] * k
        self.next_edge = [self.de] * k
        self.next_vertex = [0] * k
        self.link = [-self.de] * k
        self.base = list(range(k))
        self.last_vertex = list(range(k))
        self.y = [self.last_delta] * k
        self.next_delta = [self.last_delta] * k
        self.next_pair = [0] * size
        self.last_edge = [0, 0, 0]
        # the algorithm's shared registers
        self.new_base = self.next_base = self.stop_scan = self.pair_point = 0
        self.neighbor = self.new_last = self.next_point = self.old_first = self.second_mate = 0
        self.f = self.nxt_edge = self.next_e = self.next_u = 0
        self.e = self.v = self.i = 0

    # the five small functions
    def opp(self, e: int) -> int:
        return e - 1 if (e - self.n) % 2 == 0 else e + 1

    def slack(self, e: int) -> int:
        return self.y[self.end[e]] + self.y[self.end[self.opp(e)]] - self.weight[e]

    def bend(self, e: int) -> int:
        return self.base[self.end[e]]

    def blink(self, v: int) -> int:
        return self.base[self.end[self.link[v]]]

    def bmate(self, v: int) -> int:
        return self.base[self.end[self.mate[v]]]

    def mates(self) -> list[int]:
        n = self.n
        if n == 0:
            return []
        while True:
            self.delta = 0
            for v in range(1, n + 1):
                self.v = v
                if self.mate[v] == self.de:
                    self.pointer(self.dv, v, self.de)
            self.v = n + 1
            while True:
                nd = self.next_delta
                i = 1
                for j in range(2, n + 1):
                    if nd[i] > nd[j]:
                        i = j
                self.i = i
                self.delta = nd[i]
                if self.delta == self.last_delta:
                    self.set_bounds()
                    self.unpair_all()
                    result = []
                    for i in range(1, n + 1):
                        m = self.end[self.mate[i]]
                        result.append(-1 if m == self.dv else m - 1)
                    return result
                self.v = self.base[self.i]
                if self.link[self.v] >= 0:
                    if self.pair():
                        break
                else:
                    w = self.bmate(self.v)
                    if self.link[w] < 0:
                        self.pointer(self.v, w, self.opp(self.next_edge[self.i]))
                    else:
                        self.unpair(self.v, w)
            self.last_delta -= self.delta
            self.set_bounds()
            g = self.opp(self.e)
            self.rematch(self.bend(self.e), g)
            self.rematch(self.bend(g), self.e)

    def insert_pair(self) -> None:
        e, end, nxt = self.e, self.end, self.next_pair
        delta_e = _half(self.slack(e))
        self.next_point = nxt[self.pair_point]
        while end[self.next_point] < self.neighbor:
            self.pair_point = self.next_point
            self.next_point = nxt[self.next_point]
        if end[self.next_point] == self.neighbor:
            if delta_e >= _half(self.slack(self.next_point)):
                return
            self.next_point = nxt[self.next_point]
        nxt[self.pair_point] = e
        self.pair_point = e
        nxt[e] = self.next_point
        if self.next_delta[self.new_base] > delta_e:
            self.next_delta[self.new_base] = delta_e

    def link_path(self, e: int) -> None:
        self.v = self.bend(e)
        while self.v != self.new_base:
            v = self.v
            u = self.bmate(v)
            self.link[u] = self.opp(e)
            self.next_vertex[self.new_last] = v
            self.next_vertex[self.last_vertex[v]] = u
            self.new_last = self.last_vertex[u]
            self.i = v
            while True:
                self.base[self.i] = self.new_base
                self.i = self.next_vertex[self.i]
                if self.i == self.dv:
                    break
            e = self.link[v]
            self.v = self.bend(e)

    def merge_pairs(self, v: int) -> None:
        self.next_delta[v] = self.last_delta
        self.pair_point = self.de
        self.f = self.next_edge[v]
        while self.f != self.de:
            self.e = self.f
            self.neighbor = self.end[self.e]
            self.f = self.next_pair[self.f]
            if self.base[self.neighbor] != self.new_base:
                self.insert_pair()

    def pair(self) -> bool:
        self.e = self.next_edge[self.v]
        while self.slack(self.e) != 2 * self.delta:
            self.e = self.next_pair[self.e]
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
        self.old_first = self.next_vertex[self.v]
        self.link_path(self.e)
        self.link_path(self.opp(self.e))
        self.next_vertex[self.new_last] = self.old_first
        if self.last_vertex[self.new_base] == self.new_base:
            self.last_vertex[self.new_base] = self.new_last
        self.next_pair[self.de] = self.de
        self.merge_pairs(self.new_base)
        self.i = self.next_vertex[self.new_base]
        while True:
            self.merge_pairs(self.i)
            self.i = self.next_vertex[self.last_vertex[self.i]]
            self.scan(self.i, 2 * self.delta - self.slack(self.mate[self.i]))
            self.i = self.next_vertex[self.last_vertex[self.i]]
            if self.i == self.old_first:
                return False

    def pointer(self, u: int, v: int, e: int) -> None:
        self.link[u] = -self.de
        self.next_vertex[self.last_vertex[u]] = self.next_vertex[self.last_vertex[v]] = self.dv
        if self.last_vertex[u] != u:
            delta = -_half(self.slack(self.mate[self.next_vertex[u]]))
        else:
            delta = self.last_delta
        i = u
        while i != self.dv:
            self.y[i] += delta
            self.next_delta[i] += delta
            i = self.next_vertex[i]
        if self.link[v] < 0:
            self.link[v] = e
            self.next_pair[self.de] = self.de
            self.scan(v, self.delta)
        else:
            self.link[v] = e

    def rematch(self, first: int, e: int) -> None:
        self.mate[first] = e
        self.next_e = -self.link[first]
        while self.next_e != self.de:
            e = self.next_e
            self.f = self.opp(e)
            first = self.bend(e)
            self.second_mate = self.bend(self.f)
            self.next_e = -self.link[first]
            self.link[first] = -self.mate[self.second_mate]
            self.link[self.second_mate] = -self.mate[first]
            self.mate[first] = self.f
            self.mate[self.second_mate] = e

    def scan(self, x: int, delta: int) -> None:
        self.new_base = self.base[x]
        self.stop_scan = self.next_vertex[self.last_vertex[x]]
        link, base, end, nd = self.link, self.base, self.end, self.next_delta
        while x != self.stop_scan:
            self.y[x] += delta
            nd[x] = self.last_delta
            self.pair_point = self.de
            self.e = self.adj[x]
            while self.e != 0:
                self.neighbor = end[self.e]
                u = base[self.neighbor]
                if link[u] < 0:
                    if link[self.bmate(u)] < 0 or self.last_vertex[u] != u:
                        delta_e = self.slack(self.e)
                        if nd[self.neighbor] > delta_e:
                            nd[self.neighbor] = delta_e
                            self.next_edge[self.neighbor] = self.e
                elif u != self.new_base:
                    self.insert_pair()
                self.e = self.adj[self.e]
            x = self.next_vertex[x]
        self.next_edge[self.new_base] = self.next_pair[self.de]

    def set_bounds(self) -> None:
        for v in range(1, self.n + 1):
            self.v = v
            if self.link[v] < 0 or self.base[v] != v:
                self.next_delta[v] = self.last_delta
                continue
            self.link[v] = -self.link[v]
            self.i = v
            while self.i != self.dv:
                self.y[self.i] -= self.delta
                self.i = self.next_vertex[self.i]
            self.f = self.mate[v]
            if self.f != self.de:
                self.i = self.bend(self.f)
                delta = self.slack(self.f)
                while self.i != self.dv:
                    self.y[self.i] -= delta
                    self.i = self.next_vertex[self.i]
            self.next_delta[v] = self.last_delta
        self.v = self.n + 1

    def unlink(self, old_base: int) -> None:
        self.i = self.new_base = self.next_vertex[old_base]
        self.next_base = self.next_vertex[self.last_vertex[self.new_base]]
        self.e = self.link[self.next_base]
        for j in (1, 2):
            while True:
                self.nxt_edge = self.opp(self.link[self.new_base])
                for _ in range(2):
                    self.link[self.new_base] = -self.link[self.new_base]
                    while True:
                        self.base[self.i] = self.new_base
                        self.i = self.next_vertex[self.i]
                        if self.i == self.next_base:
                            break
                    self.new_base = self.next_base
                    self.next_base = self.next_vertex[self.last_vertex[self.new_base]]
                if self.link[self.next_base] != self.nxt_edge:
                    break
            if j == 1:
                self.last_edge[1] = self.nxt_edge
                self.nxt_edge = self.opp(self.e)
                if self.link[self.next_base] == self.nxt_edge:
                    continue
            break
        self.last_edge[2] = self.nxt_edge
        if self.base[self.last_vertex[old_base]] == old_base:
            self.next_vertex[old_base] = self.new_base
        else:
            self.next_vertex[old_base] = self.dv
            self.last_vertex[old_base] = old_base

    def unpair(self, old_base: int, old_mate: int) -> None:
        self.unlink(old_base)
        new_base = self.bmate(old_mate)
        if new_base != old_base:
            self.link[old_base] = -self.de
            self.rematch(new_base, self.mate[old_base])
            self.link[self.second_mate] = (-self.last_edge[2] if self.f == self.last_edge[1]
                                           else -self.last_edge[1])
        e = self.link[old_mate]
        u = self.bend(self.opp(e))
        if u == new_base:
            self.pointer(new_base, old_mate, e)
            return
        self.link[self.bmate(u)] = -e
        while True:
            e = -self.link[u]
            self.v = self.bmate(u)
            self.pointer(u, self.v, -self.link[self.v])
            u = self.bend(e)
            if u == new_base:
                break
        e = self.opp(e)
        self.pointer(new_base, old_mate, e)

    def unpair_all(self) -> None:
        for v in range(1, self.n + 1):
            self.v = v
            if self.base[v] != v or self.last_vertex[v] == v:
                continue
            self.next_u = v
            self.next_vertex[self.last_vertex[self.next_u]] = self.dv
            while True:
                u = self.next_u
                self.next_u = self.next_vertex[self.next_u]
                self.unlink(u)
                if self.last_vertex[u] != u:
                    self.f = self.last_edge[1] if self.last_edge[2] == self.opp(self.e) else self.last_edge[2]
                    self.next_vertex[self.last_vertex[self.bend(self.f)]] = u
                self.new_base = self.bmate(self.bmate(u))
                if self.new_base not in (self.dv, u):
                    self.link[u] = -self.de
                    self.rematch(self.new_base, self.mate[u])
                while self.last_vertex[self.next_u] == self.next_u and self.next_u != self.dv:
                    self.next_u = self.next_vertex[self.next_u]
                if self.last_vertex[self.next_u] == self.next_u and self.next_u == self.dv:
                    break
        self.v = self.n + 1
