"""The FIDE handbook's own worked examples that more than one test reads: the note of the Burstein
system's art. 4.3 (C.04.4.2, 2026; https://handbook.fide.com/chapter/C040402202602), whose lines are
taken as MarkDechamps/fide-swiss-pairing-engine (BursteinHandbookExamplesTest) reproduces them."""

from __future__ import annotations

#: The note of art. 4.3: the pairings of a bracket of six BSNs making two pairs, two players
#: floating (each against a virtual player of BSN 0), in the order of art. 4.3: the first seven, the
#: 22nd to the 24th and the last of the 45 (the text prints "1-3, 2-0, 4-5, 6-0" twice, which the
#: order has once).
HANDBOOK_4_3_FIRST = ["1-6, 2-5, 3-0, 4-0", "1-6, 2-4, 3-0, 5-0", "1-6, 2-3, 4-0, 5-0",
                      "1-6, 2-0, 3-5, 4-0", "1-6, 2-0, 3-4, 5-0", "1-6, 2-0, 3-0, 4-5",
                      "1-5, 2-6, 3-0, 4-0"]
HANDBOOK_4_3_MIDDLE = ["1-3, 2-0, 4-6, 5-0", "1-3, 2-0, 4-5, 6-0", "1-3, 2-0, 4-0, 5-6"]
HANDBOOK_4_3_LAST = "1-0, 2-0, 3-4, 5-6"


def two_pair_pairings(n: int = 6) -> list[tuple[tuple[int, int], ...]]:
    """Every set of two pairs of BSNs 1..n, each pair (smaller, larger)."""
    pairs = [(i, j) for i in range(1, n + 1) for j in range(i + 1, n + 1)]
    return [(p, q) for k, p in enumerate(pairs) for q in pairs[k + 1:] if not set(p) & set(q)]


def written(pairing: tuple[tuple[int, int], ...], n: int = 6) -> str:
    """The pairing as the note writes it: each BSN not yet named with its opponent, 0 if it floats."""
    mate = {a: b for a, b in pairing} | {b: a for a, b in pairing}
    named: set[int] = set()
    out = []
    for bsn in range(1, n + 1):
        if bsn not in named:
            out.append(f"{bsn}-{mate.get(bsn, 0)}")
            named |= {bsn, mate.get(bsn, 0)}
    return ", ".join(out)
