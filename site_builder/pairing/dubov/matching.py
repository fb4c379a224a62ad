"""A maximum-weight perfect matching of players, for the Dubov engine and its checker: the weights
are integers whose bit fields rank criteria lexicographically (`Fields`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import networkx as nx
import rustworkx as rx

FAST_BITS = 120  # rustworkx weights are 128-bit integers, doubled inside

#: A pair's weight (None: the two may not meet), by the two vertices' indices.
Weigh = Callable[[int, int], int | None]


@dataclass
class Fields:
    """Bit fields, lowest first: each holds a sum over the pairs of a matching of per-pair values
    of at most `most` (`width` bits keep such sums apart)."""

    pairs: int  # the most pairs a matching has
    widths: list[int] = field(default_factory=list)

    def add(self, most: int = 1) -> int:
        """A new field above the others for values up to `most`: its shift."""
        shift = sum(self.widths)
        self.widths.append(max(1, (most * self.pairs).bit_length()))
        return shift


def best(count: int, weigh: Weigh) -> tuple[int, dict[int, int]] | None:
    """The heaviest perfect matching of vertices 0..count−1 (weights ≥ 0) and its weight, or None
    when there is no perfect matching."""
    if count == 0:
        return 0, {}
    edges = [(u, v, w) for u in range(count) for v in range(u + 1, count)
             if (w := weigh(u, v)) is not None]
    top = max((w for _, _, w in edges), default=0)
    if (top * count).bit_length() < FAST_BITS:
        graph = rx.PyGraph()
        graph.add_nodes_from(range(count))
        graph.add_edges_from([(u, v, w + 1) for u, v, w in edges])
        found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        pairs: Sequence[tuple[int, int]] = list(found)
    else:
        big: nx.Graph[int] = nx.Graph()
        big.add_nodes_from(range(count))
        big.add_weighted_edges_from((u, v, w + 1) for u, v, w in edges)
        pairs = list(nx.max_weight_matching(big, maxcardinality=True))
    if 2 * len(pairs) != count:
        return None
    weight = {(u, v): w for u, v, w in edges}
    mates = {}
    total = 0
    for u, v in pairs:
        mates[u], mates[v] = v, u
        total += weight[(min(u, v), max(u, v))]
    return total, mates
