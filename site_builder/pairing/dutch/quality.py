"""Which C.04.3 criterion tells two pairings of one round apart: the first, in the rules' order,
on which one of them is worse, as far as the criteria can be read off the whole round.

The absolute criteria (C1 no rematch, C2 no second unplayed point for the bye, C3 no two
non-topscorers with the same absolute colour preference), then the pairing score differences (C6:
the round's score differences sorted from the highest, the lower list the better; the bye's is its
player's score less one point below the round's lowest score, A.8), the unplayed games of the bye's
player (C9), the colour
criteria (C10–C13, counted over every pair: each is made in a bracket, a moved-down player's in the
bracket it moved down to, where the colours weigh as the engine's weights weigh them), the
repeated floats (C14–C17) and, when all these are equal, the colours of the same pairs (§5.2),
the order of the bracket's transpositions and exchanges (§4), or only the boards' order (§5.3).

A pairing's values are sums over its pairs (`Tally`), so that a pairing that differs from another
in a few pairs (a swap of partners, `why.py`) is judged without reading the whole round again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from site_builder.pairing.dutch.history import Entrant, Float, float_of, state_of
from site_builder.pairing.dutch.weights import Layout, RoundFacts, colour_fields, compatible

Pairs = tuple[tuple[int, int], ...]  # (white, black)
Profile = list[tuple[str, tuple[int, ...]]]


@dataclass(frozen=True)
class Criterion:
    """The criterion that decides, and which pairing is worse on it ("published" or "engine")."""

    code: str  # "C1", "C2", "C3", "C6", "C9", "C10".."C13", "C14-C17", "5.2", "4", "boards"
    worse: str


@dataclass(frozen=True)
class Tally:
    """A set of pairs' values: C1, C3, C10–C13 and the repeated floats (C14–C17) as sums, the
    pairing score differences (C6) as how many pairs have each."""

    sums: tuple[int, ...]
    differences: Counter[int]

    def __add__(self, other: Tally) -> Tally:
        return Tally(tuple(a + b for a, b in zip(self.sums, other.sums, strict=True)),
                     self.differences + other.differences)

    def __sub__(self, other: Tally) -> Tally:
        return Tally(tuple(a - b for a, b in zip(self.sums, other.sums, strict=True)),
                     self.differences - other.differences)


class Judge:
    """The criteria of one round (its players before it is paired), read off any pairing of it."""

    def __init__(self, entrants: list[Entrant], absent: set[int], total_rounds: int) -> None:
        played = len(entrants[0].history) if entrants else 0
        valid = [e for e in entrants if e.number not in absent or any(g.paired for g in e.history)]
        self.states = {e.number: state_of(e, rank) for rank, e in enumerate(valid)}
        paired = [s.score for n, s in self.states.items() if n not in absent]
        self._lowest = min(paired, default=0)  # the lowest pairing score of the round's players
        self._unplayed = {e.number: sum(not g.played for g in e.history) for e in valid}
        by_number = {e.number: e for e in entrants}
        floats = {n: tuple(float_of(s.entrant, back, by_number) if back <= played else None
                           for back in (1, 2)) for n, s in self.states.items()}
        self.ctx = RoundFacts(Layout(1, 1, {}), played, played >= total_rounds - 1, 0, floats)
        self._width = 6 + 2 * min(played, 2)

    def tally(self, pairs: Pairs) -> Tally:
        """The values of `pairs` (either colour first), summed."""
        total = Tally((0,) * self._width, Counter())
        for pair in pairs:
            total += self.pair(*pair)
        return total

    def pair(self, x: int, y: int) -> Tally:
        """One pair's values (none for a player the round does not know)."""
        if x not in self.states or y not in self.states:
            return Tally((0,) * self._width, Counter())
        a, b = self.states[x], self.states[y]
        high, low = (a, b) if (a.score, -a.rank) >= (b.score, -b.rank) else (b, a)
        met = low.number in high.forbidden
        c3 = not met and not compatible(high, low, self.ctx)
        colours = tuple(1 - f for f in colour_fields(low, high))
        floats: list[int] = []
        for back in range(min(self.ctx.rounds_played, 2)):
            floated = high.score > low.score
            floats += [floated and self.ctx.floats[high.number][back] is Float.DOWN,
                       floated and self.ctx.floats[low.number][back] is Float.UP]
        return Tally((int(met), int(c3), *colours, *map(int, floats)), Counter({high.score - low.score: 1}))

    def profile(self, tally: Tally, bye: int | None) -> Profile:
        """The pairing's value on each criterion, in the rules' order; lower is better."""
        s = tally.sums
        c2 = int(bye is not None and bye in self.states and not self.states[bye].bye_eligible)
        differences = tally.differences + Counter(self.bye_difference(bye))
        psd = tuple(d for d in sorted(differences, reverse=True) for _ in range(differences[d]))
        c9 = self._unplayed.get(bye, 0) if bye is not None else 0
        values: Profile = [("C1", (s[0],)), ("C2", (c2,)), ("C3", (s[1],)), ("C6", psd), ("C9", (c9,))]
        values += [(f"C{10 + i}", (s[2 + i],)) for i in range(4)]
        values.append(("C14-C17", s[6:]))
        return values

    def bye_difference(self, bye: int | None) -> dict[int, int]:
        """The bye's score difference (A.8): its player's score less one point below the round's
        lowest score (a point is 2 half points)."""
        if bye is None or bye not in self.states:
            return {}
        return {self.states[bye].score - (self._lowest - 2): 1}

    def decide(self, published: tuple[Pairs, int | None], engine: tuple[Pairs, int | None]) -> Criterion:
        """The first criterion on which the published pairing and the engine's differ."""
        found = first_difference(self.profile(self.tally(published[0]), published[1]),
                                 self.profile(self.tally(engine[0]), engine[1]))
        if found is not None:
            return found
        if set(published[0]) == set(engine[0]) and published[1] == engine[1]:
            return Criterion("boards", "published")  # C.04.3 §5.3: the order of the boards
        same_pairs = {frozenset(p) for p in published[0]} == {frozenset(p) for p in engine[0]}
        return Criterion("5.2" if same_pairs and published[1] == engine[1] else "4", "published")


def first_difference(published: Profile, engine: Profile) -> Criterion | None:
    """The first criterion of two profiles on which they differ, and which is worse; None: none."""
    for (code, mine), (_, other) in zip(published, engine, strict=True):
        if mine != other:
            return Criterion(code, "published" if mine > other else "engine")
    return None


def deciding_criterion(entrants: list[Entrant], absent: set[int], total_rounds: int,
                       published: tuple[Pairs, int | None], engine: tuple[Pairs, int | None]) -> Criterion:
    """The first criterion on which the published pairing and the engine's differ."""
    return Judge(entrants, absent, total_rounds).decide(published, engine)

