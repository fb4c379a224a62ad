"""Edmonds' blossom algorithm: does a general graph have a perfect matching? Used to prune pairing
searches exactly (a branch is kept only if everyone still unpaired can be paired)."""

from __future__ import annotations

from collections import deque


def perfectly_matchable(adj: list[list[int]], match: list[int] | None = None) -> bool:
    """Edmonds' blossom algorithm on a general graph (adjacency lists of vertices 0..n−1): does a
    perfect matching exist? Starts from `match` (−1 for exposed vertices) or a greedy matching, and
    stops at the first vertex left exposed, since no augmenting path from it can appear later.
    """
    n = len(adj)
    match = _greedy(adj, [-1] * n if match is None else list(match))
    return all(match[root] != -1 or _augment(adj, match, root) for root in range(n))


def maximum_matching(adj: list[list[int]]) -> list[int]:
    """A maximum matching of a general graph: each vertex's mate, or −1."""
    match = _greedy(adj, [-1] * len(adj))
    for root in range(len(adj)):
        if match[root] == -1:
            _augment(adj, match, root)
    return match


def _greedy(adj: list[list[int]], match: list[int]) -> list[int]:
    for v in range(len(adj)):
        if match[v] == -1:
            for w in adj[v]:
                if match[w] == -1:
                    match[v], match[w] = w, v
                    break
    return match


def _augment(adj: list[list[int]], match: list[int], root: int) -> bool:
    """Grow an alternating tree from the exposed `root`, contracting blossoms; flip a path if found.
    Edmonds' search in one piece: its arrays are shared by every step, as in the textbook."""
    n = len(adj)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, stop: int, child: int, blossom: list[bool]) -> None:
        while base[v] != stop:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for to in adj[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                top = lca(v, to)
                blossom = [False] * n
                mark(v, top, to, blossom)
                mark(to, top, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = top
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    while to != -1:  # flip the augmenting path root … v, to
                        previous = match[parent[to]]
                        match[to], match[parent[to]] = parent[to], to
                        to = previous
                    return True
                used[match[to]] = True
                queue.append(match[to])
    return False
