"""The narrowed weights of the Dutch solver order every matching as the full weights do: fields
packed to `tightened` widths never carry into the field above (exhaustive over small graphs)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing.dutch.solver import tightened

WIDTHS = (3, 2, 4)  # three fields, lowest first


@st.composite
def weighted_graphs(draw: st.DrawFn) -> list[tuple[int, int, int]]:
    """Up to 8 vertices; each edge a weight of three fields, often zero (as criteria are)."""
    n = draw(st.integers(2, 8))
    edges = []
    for a in range(n):
        for b in range(a + 1, n):
            if draw(st.booleans()):
                w, pos = 0, 0
                for width in WIDTHS:
                    top = (1 << width) - 1
                    value = draw(st.sampled_from([0, 0, 1, top, draw(st.integers(0, top))]))
                    w |= value << pos
                    pos += width
                edges.append((a, b, w or 1))
    return edges


def _matchings(edges: list[tuple[int, int, int]]) -> list[list[int]]:
    """Every matching, as lists of edge weights."""
    out: list[list[int]] = []

    def extend(start: int, used: set[int], weights: list[int]) -> None:
        out.append(weights)
        for k in range(start, len(edges)):
            a, b, w = edges[k]
            if a not in used and b not in used:
                extend(k + 1, used | {a, b}, [*weights, w])

    extend(0, set(), [])
    return out


def _packed(weight: int, used: list[tuple[int, int, int]]) -> int:
    v = 0
    for pos, width, need in reversed(used):
        v = (v << need) | ((weight >> pos) & ((1 << width) - 1))
    return v


@settings(max_examples=300)
@given(weighted_graphs())
def test_tightened_widths_keep_the_order_of_every_matching(edges):
    positions = [sum(WIDTHS[:k]) for k in range(len(WIDTHS))]
    wide = [(pos, width, width + 3) for pos, width in zip(positions, WIDTHS, strict=True)]  # never carries
    narrow = tightened(wide, edges)
    assert all(need <= wide_need for (_, _, need), (_, _, wide_need) in zip(narrow, wide, strict=True))
    sums = dict(sorted({(sum(_packed(w, wide) for w in m), sum(_packed(w, narrow) for w in m))
                        for m in _matchings(edges)}))
    assert list(sums.values()) == sorted(set(sums.values()))  # one narrow sum per wide sum, in order
