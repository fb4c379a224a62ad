"""The hand-written blossom algorithm (`pairing.matching`) against networkx's, on random graphs."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing.matching import maximum_matching, perfectly_matchable


@st.composite
def graphs(draw: st.DrawFn) -> list[list[int]]:
    """Adjacency lists of a random simple graph of up to 16 vertices, sparse to dense."""
    n = draw(st.integers(0, 16))
    density = draw(st.floats(0.05, 0.9))
    edges = [(v, w) for v in range(n) for w in range(v + 1, n)
             if draw(st.floats(0, 1)) < density]
    adj: list[list[int]] = [[] for _ in range(n)]
    for v, w in edges:
        adj[v].append(w)
        adj[w].append(v)
    return adj


def _oracle_size(adj: list[list[int]]) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(range(len(adj)))
    graph.add_edges_from((v, w) for v, ws in enumerate(adj) for w in ws if v < w)
    return len(nx.max_weight_matching(graph, maxcardinality=True))


@settings(max_examples=400)
@given(graphs())
def test_maximum_matching_is_a_matching_as_large_as_networkx_finds(adj: list[list[int]]) -> None:
    mate = maximum_matching(adj)
    for v, w in enumerate(mate):
        if w != -1:
            assert mate[w] == v and w in adj[v]  # mutual, and along an edge
    assert sum(w != -1 for w in mate) // 2 == _oracle_size(adj)


@settings(max_examples=400)
@given(graphs())
def test_perfectly_matchable_agrees_with_networkx(adj: list[list[int]]) -> None:
    assert perfectly_matchable(adj) == (2 * _oracle_size(adj) == len(adj))
