"""The Lim system's own checker, criterion by criterion: each one found on a round that breaks it
and on no round the engine pairs (C.04.4.3; the engine is only the source of the untouched rounds)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing.lim.checker import (
    Published,
    _bye_rank,
    _colour_breaches,
    _colour_rules,
    _groups,
    _rematches,
    _second_bye,
)
from site_builder.pairing.lim.engine import NoPairing, pair_round
from site_builder.pairing.lim.players import Player


def player(number: int, score: int = 0, colours: str = "", met: tuple[int, ...] = (),
           bye_eligible: bool = True) -> Player:
    return Player(number, score, tuple(colours), frozenset(met), bye_eligible)


def published(number: int, pairs: list[tuple[int, int]], bye: int | None = None) -> Published:
    partner = {a: b for w, k in pairs for a, b in ((w, k), (k, w))}
    white = {n: n == w for w, k in pairs for n in (w, k)}
    return Published(number, partner, white, bye)


#: Round 4 of six players: the top group (3 points) of three, the bottom group (0) of three, no one
#: on the median 1½; 1 has met the whole bottom group.
FIELD = [player(1, 6, "WBW", (4, 5, 6)), player(2, 6, "BWB"), player(3, 6, "WBW"),
         player(4, 0, "WBW", (1,)), player(5, 0, "BWB", (1,)), player(6, 0, "WBW", (1,))]


def _codes(pairs: list[tuple[int, int]]) -> str | None:
    found = _groups(FIELD, published(4, pairs), True)
    return found.criterion if found else None


def test_the_engine_s_round_keeps_every_group_criterion() -> None:
    result = pair_round(FIELD, 4, "W")
    assert _codes(list(result.pairs)) is None
    assert not _colour_breaches(FIELD, published(4, list(result.pairs)), "W")


def test_more_floaters_than_needed_break_article_2_3() -> None:
    """Q2: one floater from the top group would do; with 2 and 3 paired below, all three float."""
    assert _codes([(2, 4), (3, 5), (1, 6)]) == "Q2"


def test_more_pairs_due_the_same_colour_break_article_5_2() -> None:
    """Q3: 1 and 3 are both due Black; 1–3 with 2 floating leaves a pair due alike where 1–2 leaves
    none."""
    assert _codes([(1, 3), (2, 6), (4, 5)]) == "Q3"


def test_a_later_floater_breaks_article_3_2_4() -> None:
    """Q4: in the bottom group, paired upward, 6 is the first; 4 floating instead, with 5–6 as
    good a pair (5 due White, 6 Black), is later in the direction of pairing."""
    assert _codes([(1, 2), (3, 4), (5, 6)]) == "Q4"
    assert _codes([(1, 2), (3, 6), (4, 5)]) is None


def test_a_pairing_later_in_the_exchange_order_breaks_article_4_2() -> None:
    """Q5: round 1 of eight: 1–6, 2–5 instead of 1–5, 2–6 keeps every other criterion."""
    field = [player(n) for n in range(1, 9)]
    found = _groups(field, published(1, [(1, 6), (5, 2), (3, 7), (8, 4)]), True)
    assert found is not None and found.criterion == "Q5" and found.article == "C.04.4.3 art. 4.2"
    assert _groups(field, published(1, [(1, 5), (6, 2), (3, 7), (8, 4)]), True) is None


def test_the_bye_of_article_1_1() -> None:
    """Q1: the lowest ranked player of the lowest scoregroup who may have it."""
    field = [player(1, 2, "W"), player(2, 2, "B"), player(3, 0, "B"), player(4, 0, "W"),
             player(5, 0, "", bye_eligible=False)]
    found = _bye_rank(field, published(2, [(1, 2), (5, 3)], 4), True)
    assert found is None
    found = _bye_rank(field, published(2, [(1, 2), (5, 4)], 3), True)
    assert found is not None and found.criterion == "Q1" and found.players == (3, 4)
    assert [b.criterion for b in _second_bye(field, published(2, [(1, 2), (3, 4)], 5))] == ["A3"]


def test_the_absolute_criteria_pair_by_pair() -> None:
    """A1: a rematch; A2: a third White in a row."""
    field = [player(1, 2, "WW", (2,)), player(2, 0, "BB", (1,)), player(3, 2, "BW"), player(4, 0, "WB")]
    round_ = published(3, [(1, 2), (3, 4)])
    assert [(b.criterion, b.players) for b in _rematches(field, round_)] == [("A1", (1, 2))]
    assert [(b.criterion, b.players) for b in _colour_rules(field, round_)] == [("A2", (1,)), ("A2", (2,))]


def test_colours_other_than_article_5_s_break_it() -> None:
    """Q6: round 1 with the first colour White: 1 has White on board 1."""
    field = [player(n) for n in range(1, 5)]
    assert not _colour_breaches(field, published(1, [(1, 3), (4, 2)]), "W")
    assert [b.criterion for b in _colour_breaches(field, published(1, [(3, 1), (4, 2)]), "W")] == ["Q6"]


def _next(players: dict[int, Player], pairs: tuple[tuple[int, int], ...], bye: int | None,
          rng: random.Random) -> dict[int, Player]:
    new = dict(players)
    for white, black in pairs:
        points = rng.choice((0, 1, 2))
        w, b = players[white], players[black]
        new[white] = Player(white, w.score + points, (*w.colours, "W"), w.met | {black}, w.bye_eligible)
        new[black] = Player(black, b.score + 2 - points, (*b.colours, "B"), b.met | {white}, b.bye_eligible)
    if bye is not None:
        new[bye] = Player(bye, players[bye].score + 2, players[bye].colours, players[bye].met, False)
    return new


@settings(max_examples=15, deadline=None)
@given(n=st.integers(3, 14), rounds=st.integers(1, 7), seed=st.integers(0, 10_000))
def test_the_checker_finds_nothing_on_the_engine_s_rounds(n: int, rounds: int, seed: int) -> None:
    """Every round the engine pairs in a random tournament keeps every criterion the checker checks."""
    rng = random.Random(seed)
    players = {i: player(i) for i in range(1, n + 1)}
    for number in range(1, min(rounds, n - 1) + 1):
        field = [players[i] for i in sorted(players)]
        try:
            result = pair_round(field, number, "W")
        except NoPairing:
            return
        round_ = published(number, list(result.pairs), result.bye)
        assert _bye_rank(field, round_, result.strict) is None
        assert _groups(field, round_, result.strict) is None
        assert not _colour_breaches(field, round_, "W")
        players = _next(players, result.pairs, result.bye, rng)


def test_a_large_group_is_checked_decision_by_decision() -> None:
    """Q5 beyond `EXHAUSTIVE`: round 1 of sixteen, 8–16 and 7–15 exchanged into 8–15, 7–16; the
    engine's round holds. Scrutiny from #1 (art. 4.1) reaches 7 first: 7 plays 16 where its
    proposed opponent 15 comes first."""
    field = [player(n) for n in range(1, 17)]
    engine = list(pair_round(field, 1, "W").pairs)
    assert _groups(field, published(1, engine), True) is None
    swapped = [(7, 16) if {w, b} == {7, 15} else (15, 8) if {w, b} == {8, 16} else (w, b) for w, b in engine]
    found = _groups(field, published(1, swapped), True)
    assert found is not None and found.criterion == "Q5" and found.players == (7, 16, 15)


def _six(met: dict[int, list[int]]) -> list[Player]:
    """A scoregroup of six players of round 2, 1–3 due White and 4–6 due Black; `met` says whom
    each has already played."""
    seen: dict[int, set[int]] = {n: set() for n in range(1, 7)}
    for a, opponents in met.items():
        for b in opponents:
            seen[a].add(b)
            seen[b].add(a)
    return [player(n, 2, "B" if n <= 3 else "W", tuple(seen[n])) for n in range(1, 7)]


def test_the_handbooks_exchange_tables_keep_the_order_of_article_4() -> None:
    """Art. 4.1–4.3: the checker reads the order of exchanges as the tables do, scrutiny from #1.
    Where #1 has met 4, 5 and 6 the table pairs 1–3, 2–5, 4–6; 1–2, 3–6, 4–5 (scrutiny from #3)
    has as many pairs due the same colour but tries 2 for #1 after 3. Where #1 has met 4 and 5 and
    #2 has met 4, 5 and 3, #2's 6 moves #1 to 3 (art. 4.3)."""
    field = _six({1: [4, 5, 6]})
    assert _groups(field, published(2, [(1, 3), (2, 5), (4, 6)]), True) is None
    found = _groups(field, published(2, [(1, 2), (3, 6), (4, 5)]), True)
    assert found is not None and found.criterion == "Q5" and found.players == (1, 2, 3)
    field = _six({1: [4, 5], 2: [4, 5, 3]})
    assert _groups(field, published(2, [(1, 3), (2, 6), (4, 5)]), True) is None


def test_the_floaters_are_counted_in_a_scoregroup_named_by_its_points() -> None:
    """Q2 said as the other systems say a bracket, with its points: "the 3-point scoregroup"."""
    from site_builder.languages import catalogue
    found = _groups(FIELD, published(4, [(2, 4), (3, 5), (1, 6)]), True)
    assert found is not None
    assert catalogue("en").formatted(found.message, dict(found.values)) == (
        "players floating from the 3-point scoregroup: 3, where 1 would do")
