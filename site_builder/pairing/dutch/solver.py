"""A maximum-weight matching over the players still to be paired, with weights that can change."""

from __future__ import annotations

import networkx as nx


class Matcher:
    """Symmetric edge weights between vertices 0..n−1; `solve` returns each vertex's mate (itself
    when unmatched). Vertices whose pair is final are removed from later solves."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.weight: list[list[int]] = [[0] * n for _ in range(n)]
        self.final: dict[int, int] = {}

    def set(self, a: int, b: int, w: int) -> None:
        self.weight[a][b] = self.weight[b][a] = w

    def finalize(self, a: int, b: int) -> None:
        self.final[a], self.final[b] = b, a

    def solve(self) -> list[int]:
        live = [v for v in range(self.n) if v not in self.final]
        graph = nx.Graph()
        graph.add_nodes_from(live)
        for i, a in enumerate(live):
            row = self.weight[a]
            for b in live[i + 1:]:
                if row[b] > 0:
                    graph.add_edge(a, b, weight=row[b])
        mate = list(range(self.n))
        for a, b in self.final.items():
            mate[a] = b
        for a, b in nx.max_weight_matching(graph):
            mate[a], mate[b] = b, a
        return mate
