"""The Dutch engine's shortcuts change no pairing: a bracket matched apart from the next scoregroup
(`Matcher._apart`, with or without a player left over), choices settled inside the bracket alone
(`settle_closed`, `settle_apart`) or tried candidate by candidate (`settle_tried`), evident
matchings (`_evident`), a remainder's natural pairing taken when optimal (`_Bracket._natural`) and
a remainder paired without exchanges when that is optimal (`_Bracket._unexchanged`) give, round
after round, the pairings of the plain procedure, which matches every bracket over its whole scope.

The plain procedure is the oracle of bbpPairings' corpora (tests/pairing/test_dutch_corpus.py);
here generated events with many players per scoregroup, draws, half-point byes and odd fields
reach the shortcuts in their every branch (checked below by counting them)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from corpus import DIVERGENCES, imported, next_round
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing.dutch import DutchPairing, Entrant, Game, engine, pair_round, solver
from site_builder.pairing.dutch.history import DRAW, LOSS, WIN

ROUNDS = 7


@contextmanager
def plain() -> Iterator[None]:
    """The engine without its shortcuts: every matching over the bracket's whole scope, and the
    natural pairing of a remainder never taken without its matchings."""
    patch = pytest.MonkeyPatch()

    def solve_in_order(self: engine._Bracket, firsts: list[int], candidates: list[int],
                       mate: list[int], remainder: bool = False) -> list[int]:
        if not firsts:
            return mate
        b = self.b
        rank = {b[j]: len(candidates) - k for k, j in enumerate(candidates)}
        ahead = [b[i] for i in firsts]
        settled = self.m.settle_in_order(b, self.rest, ahead, rank)
        for v in ahead:
            self.matched[v] = self.matched[settled[v]] = True
        return settled

    patch.setattr(engine._Bracket, "solve_in_order", solve_in_order)
    patch.setattr(engine._Bracket, "_natural", lambda self, *args: None)
    patch.setattr(engine._Bracket, "_unexchanged", lambda self, *args: None)
    patch.setattr(solver.Matcher, "_apart", lambda self, *args: None)
    patch.setattr(solver, "_evident", lambda *args: None)
    try:
        yield
    finally:
        patch.undo()


@contextmanager
def counted(taken: Counter) -> Iterator[None]:
    """Count each shortcut taken (and whether it held) while the engine runs."""
    patch = pytest.MonkeyPatch()
    for name in ("_apart", "settle_closed", "settle_apart", "settle_tried"):
        original = getattr(solver.Matcher, name)

        def wrapper(self, *args, _name=name, _original=original, **kwargs):  # type: ignore[no-untyped-def]
            if _name == "_apart":  # a bracket left with a player over, or not
                scope, split = args[0], args[1]
                odd = sum(v not in self.final for v in scope[:split]) % 2
                _name = ("_apart", "_apart_odd")[odd]
            result = _original(self, *args, **kwargs)
            taken[_name, result is not None] += 1
            return result

        patch.setattr(solver.Matcher, name, wrapper)
    unexchanged = engine._Bracket._unexchanged

    def unexchanged_counted(self, *args):  # type: ignore[no-untyped-def]
        result = unexchanged(self, *args)
        taken["_unexchanged", result is not None] += 1
        return result

    patch.setattr(engine._Bracket, "_unexchanged", unexchanged_counted)
    try:
        yield
    finally:
        patch.undo()


def play(players: int, seed: int, taken: Counter) -> None:
    """Pair ROUNDS rounds with and without the shortcuts; both must agree every round."""
    rng = random.Random(seed)
    games: dict[int, list[Game]] = {n: [] for n in range(1, players + 1)}
    for rnd in range(1, ROUNDS + 1):
        entrants = [Entrant(n, tuple(games[n])) for n in games]
        absent = {n for n in games if rng.random() < 0.04}
        with counted(taken):
            fast = pair_round(entrants, absent, ROUNDS, "W")
        with plain():
            slow = pair_round(entrants, absent, ROUNDS, "W")
        assert fast == slow, f"{players} players, seed {seed}: round {rnd} paired otherwise"
        played(games, fast, absent, rng)


def played(games: dict[int, list[Game]], pairing: DutchPairing, absent: set[int], rng: random.Random) -> None:
    """Each player's game of the round `pairing` pairs added to `games`: results drawn by `rng`, the
    higher seed scoring more; the bye and the absent (half a point) too."""
    for white, black in pairing.pairs:
        roll = rng.random() + (black - white) / (2 * len(games))
        w = WIN if roll > 0.65 else DRAW if roll > 0.3 else LOSS
        games[white].append(Game(black, "W", w, True, True))
        games[black].append(Game(white, "B", WIN - w, True, True))
    if pairing.bye is not None:
        games[pairing.bye].append(Game(None, None, WIN, False, True))
    for n in absent:
        games[n].append(Game(None, None, DRAW, False, False))


@settings(max_examples=12)
@given(players=st.integers(24, 90), seed=st.integers(0, 10**6))
def test_shortcuts_pair_as_the_plain_procedure(players: int, seed: int) -> None:
    play(players, seed, Counter())


def test_every_shortcut_is_taken_and_sometimes_declined() -> None:
    """The fixed events below reach each shortcut, and `_apart` and `settle_apart` also decline
    (the bracket cannot pair among itself, or its player left over is not shown to float
    optimally; the choices are not optimal alone), so the comparison above covers their every
    branch."""
    taken: Counter = Counter()
    for players, seed in ((24, 0), (30, 5), (55, 0), (90, 3)):
        play(players, seed, taken)
    for branch in (("_apart", True), ("_apart", False), ("_apart_odd", True), ("_apart_odd", False),
                   ("settle_closed", True),
                   ("settle_apart", True), ("settle_apart", False),
                   ("settle_tried", True), ("settle_tried", False),
                   ("_unexchanged", True), ("_unexchanged", False)):
        assert taken[branch], f"never reached: {branch} ({dict(taken)})"


def test_a_bracket_that_cannot_pair_among_itself_is_matched_with_the_next_scoregroup() -> None:
    """Bracket 0–3, next scoregroup 4–5, players 6–7 below: 2 and 3 may meet no one in the bracket
    (C1, C3), so the optimum floats them into the next scoregroup (2–4, 3–5), which pairing the
    bracket and the next scoregroup apart would miss (4–5, with 2 and 3 left for the players
    below)."""
    m = solver.Matcher(8)
    m.fields = [solver.Field(0, 4, head=True)]
    m.low_bits = 4
    m.score = [0] * 8
    for a, b, w in ((0, 1, 3), (2, 4, 2), (3, 5, 2), (4, 5, 1), (2, 6, 1), (3, 7, 1), (6, 7, 1)):
        m.set(a, b, w)
    mate = m.solve(list(range(6)), 6, split=4)
    assert (mate[0], mate[2], mate[3]) == (1, 4, 5)


@pytest.mark.parametrize("source", sorted(DIVERGENCES.glob("*.trf")), ids=lambda p: p.stem)
def test_the_rounds_a_shortcut_once_paired_wrongly_pair_as_the_plain_procedure(source: Path,
                                                                              tmp_path: Path) -> None:
    """The rounds of tests/data/dutch-divergences. In two, the bracket's own optimum floats another
    player than the round's optima do (the next scoregroup's C7 decides who floats), so settling the
    moved-down player's opponent inside the bracket alone chose a later one: `settle_apart` now
    declines there. In a third, the natural pairing was taken from an optimum of the whole round
    whose pair across the scope was counted as free (`Matcher.left_over` now counts it). The others
    (C9 for a bye among moved-down players) were wrong with and without the shortcuts."""
    section, seed = imported(source, tmp_path / "event")
    fast = next_round(section, seed)
    with plain():
        assert next_round(section, seed) == fast


def test_weights_read_by_kind_are_the_weights_of_each_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    """`_Round.weight_rows` reads one table per kind of player and side: every entry of its rows is
    `criteria_weight` of that very pair (the higher player first, the lower player's place naming
    the kind of pair), or 0 when either player refuses the other — over the whole round and over
    each bracket with its next scoregroup."""
    original = engine._Round.weight_rows
    kinds: Counter = Counter()

    def checked(self: engine._Round, lo: int, rest: int, split: int | None) -> list[list[int]]:
        rows = original(self, lo, rest, split)
        for v in range(lo, rest):
            for u in range(v, rest):
                flags = (False, False) if split is None else (u < split, u >= split)
                refused = u == v or u in self.refused[v] or v in self.refused[u]
                expected = 0 if refused else engine.criteria_weight(self.p[v], self.p[u], *flags, self.ctx)
                assert rows[v - lo][u - lo] == rows[u - lo][v - lo] == expected
                kinds[flags, refused] += 1
        return rows

    monkeypatch.setattr(engine._Round, "weight_rows", checked)
    play(36, 4, Counter())
    for flags in ((False, False), (True, False), (False, True)):
        assert kinds[flags, False] and kinds[flags, True], dict(kinds)


def test_trying_candidates_declines_when_a_pair_leaving_the_scope_weighs_a_criterion() -> None:
    """Bracket 0–4 (no next scoregroup), player 5 below it; the pair 2–5 leaving the scope weighs
    a criterion (as C9 does when the bye comes from the top scoregroup). The round's optimum
    0–3, 1–4, 2–5 gives 0 its highest candidate 3, but inside the scope 0–3 weighs less than
    that optimum, so trying candidates inside the scope alone would pass over 3 and take 1:
    `settle_tried` declines, and the matchings settle 0 with 3."""
    low = 40
    m = solver.Matcher(6)
    m.fields = [solver.Field(0, 8), solver.Field(8, 6), solver.Field(14, 6),
                *(solver.Field(at, width, head=True) for at, width in ((20, 6), (26, 6), (32, 4), (36, 4)))]
    m.low_bits, m.score, m.bye_ok = low, [2] * 5 + [0], [False, True, True, False, False, False]
    pair = 0x1100000000  # a pair in the bracket; from bit 8, other criteria
    for a, b, completion, criteria in ((0, 1, 2, pair | 0x200), (0, 2, 2, pair | 0x4100),
                                       (0, 3, 3, pair | 0x200), (1, 2, 1, pair | 0x300),
                                       (1, 4, 2, pair | 0x4200), (2, 3, 2, pair | 0x4300),
                                       (2, 4, 2, pair | 0x4100), (2, 5, 2, 0x100), (4, 5, 3, 0)):
        m.set(a, b, (completion << low) | criteria)
    scope, candidates = [0, 1, 2, 3, 4], [3, 1, 4]
    with plain():
        optimum = m.solve(scope, 5, split=5)
    assert (optimum[0], optimum[2]) == (3, 5)
    assert m.settle_tried(scope, 5, [0, 2], candidates, optimum, 5) is None and not m.final
    settled = m.settle_in_order(scope, 5, [0, 2], {u: 3 - k for k, u in enumerate(candidates)})
    assert settled[0] == 3


def test_the_bound_of_a_floater_joining_the_next_scoregroup_counts_the_scores_it_stands_for() -> None:
    """Bracket 0 (6 points), 1 (5), 2 (4); next scoregroup 3–5 (3). The bracket's optimum pairs 0–1
    and floats 2, who meets 4; yet 0–2 with 1 floating to 3 (4–5) weighs more, by C7's score of
    the higher player: 1's 5 points, which neither 2 nor the next scoregroup has. The bound's
    stand-in carries that score, and its packing must have room for it, or the bound comes out too
    low and the bracket is wrongly matched apart."""
    from site_builder.pairing.dutch.history import Entrant, State
    from site_builder.pairing.dutch.solver import Matcher
    from site_builder.pairing.dutch.weights import (
        RoundFacts,
        criteria_bits,
        criteria_fields,
        criteria_weight,
        layout_for,
    )

    scores = [6, 5, 4, 3, 3, 3]
    players = [State(Entrant(k + 1, ()), k, score=s, preference=c)
               for k, (s, c) in enumerate(zip(scores, ["W", "B", "W", None, None, None], strict=True))]
    facts = RoundFacts(layout_for(scores), 2, False, 0, {k + 1: (None, None) for k in range(6)})
    m = Matcher(6)
    m.fields, m.low_bits, m.score = criteria_fields(facts.layout, 2), criteria_bits(facts.layout, 2), scores
    for a, b in [(0, 1), (0, 2), (1, 3), (2, 4), (3, 5), (4, 5)]:
        m.set(a, b, criteria_weight(players[a], players[b], b < 3, b >= 3, facts))
    mate = m.solve(list(range(6)), 6, split=3)
    assert [(a, mate[a]) for a in range(6) if mate[a] > a] == [(0, 2), (1, 3), (4, 5)]


def test_a_deciding_matching_too_wide_for_the_blocks_makes_them_fewer_and_pairs_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The ranks that settle a bracket's players in turn sit in blocks below the weights, as many
    per matching as the fast matcher has room for beside the bracket's weights; a matching that
    checks them over the whole round can need more bits (a 2,000-player round 2 needed one more,
    and went to the slow matcher a dozen times: 85 s, now 8 s). Then the blocks left are made fewer:
    the pairing is the one the slow matcher, which takes weights of any width, makes of them."""
    raised: list[int] = []

    class Counted(solver._TooWide):
        def __init__(self, bits: int) -> None:
            raised.append(bits)
            super().__init__(bits)

    monkeypatch.setattr(solver, "_TooWide", Counted)
    rng = random.Random(1)
    games: dict[int, list[Game]] = {n: [] for n in range(1, 301)}
    for rnd in range(3):
        entrants = [Entrant(n, tuple(games[n])) for n in games]
        half = {n for n in games if rng.random() < 0.01} if rnd else set()
        paired = pair_round(entrants, half, 9, "W")
        with monkeypatch.context() as slow:  # every matching too wide for the blocks made by the slow matcher
            slow.setattr(solver.Matcher, "_fast_only", property(lambda self: False, lambda self, value: None),
                         raising=False)
            assert pair_round(entrants, half, 9, "W") == paired, f"round {rnd + 1}"
        played(games, paired, half, rng)
    assert raised, "no deciding matching was too wide: the test reaches nothing"
