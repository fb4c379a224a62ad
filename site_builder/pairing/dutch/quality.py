"""Which C.04.3 criterion tells two pairings of one round apart: the first, in the rules' order,
on which one of them is worse, as far as the criteria can be read off the whole round.

The absolute criteria (C1 no rematch, C2 no second unplayed point for the bye, C3 no two
non-topscorers with the same absolute colour preference), then the pairing score differences (C6:
the round's score differences sorted from the highest, the lower list the better), the colour
criteria (C10–C13, counted over the pairs of players with equal scores, where they weigh), the
repeated floats (C14–C17) and, when all these are equal, the colours of the same pairs (§5.2),
the order of the bracket's transpositions and exchanges (§4), or only the boards' order (§5.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from site_builder.pairing.dutch.history import Entrant, Float, State, float_of, state_of
from site_builder.pairing.dutch.weights import Layout, RoundFacts, colour_fields, compatible

Pairs = tuple[tuple[int, int], ...]  # (white, black)


@dataclass(frozen=True)
class Criterion:
    """The criterion that decides, and which pairing is worse on it ("published" or "engine")."""

    code: str  # "C1", "C2", "C3", "C6", "C10".."C13", "C14-C17", "5.2", "4", "boards"
    worse: str


def deciding_criterion(entrants: list[Entrant], absent: set[int], total_rounds: int,
                       published: tuple[Pairs, int | None], engine: tuple[Pairs, int | None]) -> Criterion:
    """The first criterion on which the published pairing and the engine's differ."""
    played = len(entrants[0].history) if entrants else 0
    valid = [e for e in entrants if e.number not in absent or any(g.paired for g in e.history)]
    states = {e.number: state_of(e, rank) for rank, e in enumerate(valid)}
    by_number = {e.number: e for e in entrants}
    floats = {n: tuple(float_of(s.entrant, back, by_number) if back <= played else None for back in (1, 2))
              for n, s in states.items()}
    ctx = RoundFacts(Layout(1, 1, {}), played, played >= total_rounds - 1, 0, floats)
    ours, theirs = _profile(published, states, ctx), _profile(engine, states, ctx)
    for (code, mine), (_, other) in zip(ours, theirs, strict=True):
        if mine != other:
            return Criterion(code, "published" if mine > other else "engine")
    if set(published[0]) == set(engine[0]) and published[1] == engine[1]:
        return Criterion("boards", "published")  # C.04.3 §5.3: the order of the boards
    same_pairs = {frozenset(p) for p in published[0]} == {frozenset(p) for p in engine[0]}
    return Criterion("5.2" if same_pairs and published[1] == engine[1] else "4", "published")


def _profile(pairing: tuple[Pairs, int | None], states: dict[int, State], ctx: RoundFacts
             ) -> list[tuple[str, tuple[int, ...]]]:
    """The pairing's value on each criterion, in the rules' order; lower is better."""
    pairs, bye = pairing
    known = [(states[w], states[b]) for w, b in pairs if w in states and b in states]
    ordered = [(a, b) if (a.score, -a.rank) >= (b.score, -b.rank) else (b, a) for a, b in known]
    c1 = sum(b.number in a.forbidden for a, b in ordered)
    c2 = int(bye is not None and bye in states and not states[bye].bye_eligible)
    c3 = sum(b.number not in a.forbidden and not compatible(a, b, ctx) for a, b in ordered)
    psd = tuple(sorted((a.score - b.score for a, b in ordered), reverse=True))
    colours = [colour_fields(low, high) for high, low in ordered if high.score == low.score]
    values: list[tuple[str, tuple[int, ...]]] = [("C1", (c1,)), ("C2", (c2,)), ("C3", (c3,)), ("C6", psd)]
    values += [(f"C{10 + i}", (sum(1 - fields[i] for fields in colours),)) for i in range(4)]
    values.append(("C14-C17", _repeated_floats(ordered, ctx)))
    return values


def _repeated_floats(ordered: list[tuple[State, State]], ctx: RoundFacts) -> tuple[int, ...]:
    """C14–C17: players who float down (the higher) or up (the lower) again as one and two rounds
    before."""
    counts = []
    for back in range(min(ctx.rounds_played, 2)):
        down = sum(ctx.floats[a.number][back] is Float.DOWN for a, b in ordered if a.score > b.score)
        up = sum(ctx.floats[b.number][back] is Float.UP for a, b in ordered if a.score > b.score)
        counts += [down, up]
    return tuple(counts)
