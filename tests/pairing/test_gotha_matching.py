"""OpenGotha's matcher (`pairing.gotha.matching`, scans on numpy rows) against the plain, scalar form
of the same algorithm (`gabow_reference.py`): the same mates on every graph, ties included (the
ties are why both exist: of equal pairings the algorithm's own state picks one, and OpenGotha's
pairing is that one); and a maximum weight, by networkx."""

from __future__ import annotations

import networkx as nx
from gabow_reference import GabowMatcher
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing.gotha.matching import max_weight_matching


@st.composite
def cost_matrices(draw: st.DrawFn) -> list[list[int]]:
    """A symmetric matrix of positive costs, up to 26 vertices, often with many equal costs."""
    n = draw(st.integers(2, 26))
    top = draw(st.sampled_from([1, 2, 3, 5, 20, 10**6, 10**15]))
    costs = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            costs[i][j] = costs[j][i] = draw(st.integers(1, top))
    return costs


@settings(max_examples=300, deadline=None)
@given(cost_matrices())
def test_the_mates_are_the_plain_algorithms(costs: list[list[int]]) -> None:
    assert max_weight_matching(costs) == GabowMatcher(costs).mates()


@settings(max_examples=100, deadline=None)
@given(cost_matrices())
def test_the_matching_is_perfect_and_of_maximum_weight(costs: list[list[int]]) -> None:
    n = len(costs)
    mates = max_weight_matching(costs)
    assert all(mates[mates[i]] == i for i in range(n) if mates[i] >= 0)
    assert sum(m < 0 for m in mates) == n % 2
    graph = nx.Graph()
    graph.add_weighted_edges_from((i, j, costs[i][j]) for i in range(n) for j in range(i + 1, n))
    best = sum(costs[i][j] for i, j in nx.max_weight_matching(graph, maxcardinality=True))
    assert sum(costs[i][j] for i, j in enumerate(mates) if i < j) == best


def test_of_equal_pairings_the_algorithms_own() -> None:
    # four players, every pairing of the same weight: the algorithm pairs 1 with 3 and 2 with 4
    costs = [[0, 5, 5, 5], [5, 0, 5, 5], [5, 5, 0, 5], [5, 5, 5, 0]]
    assert max_weight_matching(costs) == GabowMatcher(costs).mates() == [2, 3, 0, 1]
    assert max_weight_matching([[0]]) == [-1]
    assert max_weight_matching([]) == []
