"""The Lim system's engine (C.04.4.3): the articles' own cases as golden tests, and properties of
random tournaments (no rematch, everyone paired but one bye at most, the colour rules of art. 2.1)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing.lim.colours import colours_of
from site_builder.pairing.lim.engine import NoPairing, exchange_order, group_order, matchable, pair_round
from site_builder.pairing.lim.players import Player, compatible


def player(number: int, score: int = 0, colours: str = "", met: tuple[int, ...] = (),
           bye_eligible: bool = True) -> Player:
    return Player(number, score, tuple(colours), frozenset(met), bye_eligible)


def test_round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_colours() -> None:
    """Art. 4 (the proposed pairings 1–5, 2–6 …) and art. 5: the first colour on odd boards."""
    result = pair_round([player(n) for n in range(1, 9)], 1, "W")
    assert result.pairs == ((1, 5), (6, 2), (3, 7), (8, 4)) and result.bye is None


def test_the_bye_goes_to_the_lowest_ranked_player_of_the_lowest_scoregroup() -> None:
    """Art. 1.1 with C.04.1 art. 3: not to a player who had one (5), so to 3, the lowest ranked of
    the lowest scoregroup who may have it."""
    players = [player(1, 2, "W"), player(2, 2, "B"), player(3, 0, "B"), player(4, 0, "W"),
               player(5, 0, "", bye_eligible=False)]
    assert pair_round(players, 2, "W").bye == 4
    players[3] = player(4, 0, "W", bye_eligible=False)
    assert pair_round(players, 2, "W").bye == 3


def test_scoregroups_are_paired_from_the_top_down_then_from_the_bottom_up_the_median_last() -> None:
    """Art. 2.2: after four rounds the median scoregroup has 2 points (4 half points)."""
    players = [player(n, s) for n, s in enumerate((8, 6, 5, 4, 4, 3, 1, 0), 1)]
    assert group_order(players, 4) == [(8, True), (6, True), (5, True), (0, False), (1, False),
                                       (3, False), (4, True)]


def test_the_exchange_order_of_article_4_2() -> None:
    """Art. 4.2, 4.3: the first player still to pair tries its proposed opponent, the lower half's
    others in order, then the upper half from its last: #1 of six tries 4, 5, 6, 3, 2; once #1 has
    #6, the four left are proposed afresh and #2 tries 4, 5, 3."""
    assert exchange_order([1, 2, 3, 4, 5, 6]) == [4, 5, 6, 3, 2]
    assert exchange_order([2, 3, 4, 5]) == [4, 5, 3]
    assert exchange_order([7, 8]) == [8]


def test_a_player_who_has_met_the_whole_scoregroup_floats() -> None:
    """Art. 2.3.1: 1 has met 2, the only other player of the top group: both float down into the
    median group, where the colours due pair them (art. 5.2): 1 and 3 are both due White, 2 and 4
    both Black, so 1 plays 4 and 2 plays 3 although art. 3.8 tries 2 against 4 first."""
    players = [player(1, 4, "WB", (2, 9)), player(2, 4, "BW", (1, 10)), player(3, 2, "WB", (4, 11)),
               player(4, 2, "BW", (3, 12))]
    pairs = {frozenset(p) for p in pair_round(players, 3, "W").pairs}
    assert all(pair & {1, 2} != {1, 2} for pair in pairs)
    assert pairs == {frozenset((1, 4)), frozenset((2, 3))}


def test_compatibility_counts_colours_three_in_a_row_and_three_more_of_one() -> None:
    """Art. 2.1: two players both after two Whites are not compatible; nor one with two Whites more
    and one who must have White."""
    assert not compatible(player(1, colours="BWW"), player(2, colours="WBWW"))
    assert compatible(player(1, colours="BWW"), player(2, colours="WBB"))
    assert not compatible(player(1, colours="WBWW"), player(2, colours="WBB", met=(1,)))
    assert compatible(player(1, colours="WW"), player(2, colours="WW"), strict=False)


def test_the_same_due_colour_alternates_from_the_latest_round_they_differ() -> None:
    """Art. 5.4: both due White; in the latest round their colours differ 1 had White, so 2 has
    White now."""
    a, b = player(1, 2, "WB"), player(2, 2, "BB")
    assert b.due(3) == "W" and a.due(3) == "W"
    assert colours_of(a, b, 3, True, "W", 0) == (2, 1)


@pytest.mark.parametrize(("above", "white"), [(True, 1), (False, 2)])
def test_the_same_history_gives_the_due_colour_by_the_median(above: bool, white: int) -> None:
    """Art. 5.4: the same colours in every round: above the median the higher ranked player has
    the colour due, below it the lower ranked one."""
    a, b = player(1, 2, "WB"), player(2, 2, "WB")
    assert colours_of(a, b, 3, above, "W", 0)[0] == white


def test_even_rounds_equalise_odd_rounds_alternate() -> None:
    """Art. 5.2: after W B W the colour due is Black in either round; after W W B the equalising
    Black in an even round, the alternating White in an odd one."""
    assert player(1, colours="WBW").due(4) == "B"
    assert player(1, colours="WWB").due(4) == "B" and player(1, colours="WWB").due(5) == "W"


def _play(n: int, rounds: int, seed: int) -> None:
    """Pairs and plays random rounds, checking each round's absolute rules."""
    rng = random.Random(seed)
    players = {i: player(i) for i in range(1, n + 1)}
    for number in range(1, rounds + 1):
        taking = [players[i] for i in sorted(players)]
        try:
            result = pair_round(taking, number, "W")
        except NoPairing:
            assert not any(matchable([p for p in taking if p is not bye], False)
                           for bye in (taking if n % 2 else [None]))
            return
        seated = [x for pair in result.pairs for x in pair] + ([result.bye] if result.bye else [])
        assert sorted(seated) == sorted(players) and (result.bye is not None) == (n % 2 == 1)
        for white, black in result.pairs:
            assert black not in players[white].met
            if result.strict:
                assert players[white].may_take("W") and players[black].may_take("B")
        players = _played(players, result.pairs, result.bye, rng)


def _played(players: dict[int, Player], pairs: tuple[tuple[int, int], ...], bye: int | None,
            rng: random.Random) -> dict[int, Player]:
    new = dict(players)
    for white, black in pairs:
        points = rng.choice((0, 1, 2))
        w, b = players[white], players[black]
        new[white] = Player(white, w.score + points, (*w.colours, "W"), w.met | {black}, w.bye_eligible)
        new[black] = Player(black, b.score + 2 - points, (*b.colours, "B"), b.met | {white}, b.bye_eligible)
    if bye is not None:
        p = players[bye]
        new[bye] = Player(bye, p.score + 2, p.colours, p.met, False)
    return new


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 18), rounds=st.integers(1, 9), seed=st.integers(0, 10_000))
def test_random_tournaments_keep_the_absolute_rules(n: int, rounds: int, seed: int) -> None:
    _play(n, min(rounds, n - 1) or 1, seed)


def test_the_floater_is_one_whom_a_lower_group_can_pair() -> None:
    """Art. 2.3, 3.2.4: 1, the lowest numbered of the top group, would float down, but has met the
    whole lower part: 3 floats instead (2 and 3 leave no pair due the same colour, 1 and 3 would),
    and from the bottom group, paired upward, its highest numbered player 6 floats up to meet 3 in
    the (empty) median group."""
    players = [player(1, 6, "WBW", (4, 5, 6)), player(2, 6, "BWB"), player(3, 6, "WBW"),
               player(4, 0, "WBW", (1,)), player(5, 0, "BWB", (1,)), player(6, 0, "BWB", (1,))]
    pairs = {frozenset(p) for p in pair_round(players, 4, "W").pairs}
    assert pairs == {frozenset((1, 2)), frozenset((4, 5)), frozenset((3, 6))}


def test_a_median_score_no_one_has_still_ends_the_order() -> None:
    """Art. 2.2: after three rounds the median score 1½ (3 half points) is nobody's; the floaters of
    both parts meet there."""
    players = [player(1, 4), player(2, 2)]
    assert group_order(players, 3) == [(4, True), (2, False), (3, True)]


def test_the_pairing_score_includes_the_baku_virtual_points() -> None:
    """C.04.7 with art. 2.2: a GA player's pairing score counts the virtual points of the round."""
    from site_builder.pairing.dutch.history import Entrant, Game
    from site_builder.pairing.lim.players import player_of

    entrant = Entrant(1, (Game(5, "W", 2, True, True),), (2, 2, 1))
    assert player_of(entrant).score == 4


def test_three_successive_rounds_are_three_games_played() -> None:
    """Art. 2.1, 5.3: White, a bye, White: a third White would be three in a row."""
    from site_builder.pairing.dutch.history import Entrant, Game
    from site_builder.pairing.lim.players import player_of

    history = (Game(5, "W", 2, True, True), Game(None, None, 2, False, True), Game(6, "W", 0, True, True))
    lim = player_of(Entrant(1, history))
    assert lim.colours == ("W", "W") and not lim.may_take("W") and not lim.bye_eligible


def test_when_no_pairing_keeps_the_colour_rules_only_rematches_are_avoided() -> None:
    """Art. 2.1 cannot hold when all four must have Black: the round is paired without it."""
    players = [player(n, 2, "WW") for n in range(1, 5)]
    result = pair_round(players, 3, "W")
    assert not result.strict and len(result.pairs) == 2


@pytest.mark.parametrize(("rank", "white"), [(0, 1), (1, 2), (4, 1)])
def test_players_without_a_game_take_round_one_s_colours_by_place(rank: int, white: int) -> None:
    """Art. 7.2 read for a later round: two players who have played no game (byes, absences) — the
    higher ranked has the first colour on an odd place (1st, 3rd, 5th), the other on an even one."""
    assert colours_of(player(1, 2), player(2, 2), 3, True, "W", rank)[0] == white


#: The worked examples of the handbook's Lim text (C.04.4.3, 2026,
#: https://handbook.fide.com/chapter/C040403202602) below are read as
#: MarkDechamps/fide-swiss-pairing-engine (LimHandbookExamplesTest) reproduces them.


def test_round_one_of_the_handbooks_forty_players() -> None:
    """Art. 7.2's forty players: with #1 White by lot, 1–21, 22–2, 3–23, 24–4 … 40–20; with #1
    Black, the mirror 21–1, 2–22, 23–3, 4–24 … 20–40."""
    white = pair_round([player(n) for n in range(1, 41)], 1, "W").pairs
    black = pair_round([player(n) for n in range(1, 41)], 1, "B").pairs
    assert white[:4] == ((1, 21), (22, 2), (3, 23), (24, 4)) and white[-1] == (40, 20)
    assert black[:4] == ((21, 1), (2, 22), (23, 3), (4, 24)) and black[-1] == (20, 40)
    assert len(white) == 20 and all((b, a) in black for a, b in white)


def test_round_two_pairs_one_point_then_zero_then_the_median_half_point() -> None:
    """Art. 8 (with art. 2.2): in round 2 the 1-point group is paired first (downward), then the
    0-point group (upward), the median ½-point group last (downward)."""
    players = [player(1, 2, "W"), player(2, 1, "B"), player(3, 0, "W")]
    assert group_order(players, 1) == [(2, True), (0, False), (1, True)]


def _six(met: dict[int, list[int]]) -> list[tuple[int, int]]:
    """A scoregroup of six players of round 2, 1–3 due White and 4–6 due Black, where `met` says
    whom each has already played; its pairs, each (smaller, larger)."""
    seen: dict[int, set[int]] = {n: set() for n in range(1, 7)}
    for a, opponents in met.items():
        for b in opponents:
            seen[a].add(b)
            seen[b].add(a)
    group = [player(n, 2, "B" if n <= 3 else "W", tuple(seen[n])) for n in range(1, 7)]
    return sorted(tuple(sorted(pair)) for pair in pair_round(group, 2, "W").pairs)  # type: ignore[misc]


#: Art. 4.2's table: #1 tries 4, 5, 6, then 3, 2; each column what the group becomes when #1 has met
#: the opponents of the columns before it. Art. 4.3's: #1 has found #6 (it has met 4 and 5); #2 tries
#: 4, 5, 3, then 6 (which moves #1 to 3), then 1. Both scrutinise from #1, "the highest numbered
#: player" (art. 4.1, 4.2), and propose the players left afresh once it has an opponent.
TABLE_4_2 = [([], [(1, 4), (2, 5), (3, 6)]), ([4], [(1, 5), (2, 4), (3, 6)]),
             ([4, 5], [(1, 6), (2, 4), (3, 5)]), ([4, 5, 6], [(1, 3), (2, 5), (4, 6)]),
             ([4, 5, 6, 3], [(1, 2), (3, 5), (4, 6)])]
TABLE_4_3 = [([], [(1, 6), (2, 4), (3, 5)]), ([4], [(1, 6), (2, 5), (3, 4)]),
             ([4, 5], [(1, 6), (2, 3), (4, 5)]), ([4, 5, 3], [(1, 3), (2, 6), (4, 5)]),
             ([4, 5, 3, 6], [(1, 2), (3, 5), (4, 6)])]


@pytest.mark.parametrize(("met", "pairs"), TABLE_4_2)
def test_the_exchanges_of_player_one_in_the_handbooks_table(met: list[int],
                                                            pairs: list[tuple[int, int]]) -> None:
    """Art. 4.2's six-player table (#1 against 4, 5, 6, 3, 2)."""
    assert _six({1: met}) == pairs


@pytest.mark.parametrize(("met", "pairs"), TABLE_4_3)
def test_the_exchanges_of_player_two_in_the_handbooks_table(met: list[int],
                                                            pairs: list[tuple[int, int]]) -> None:
    """Art. 4.3's six-player table (#1 has met 4 and 5; #2 against 4, 5, 3, 6, 1)."""
    assert _six({1: [4, 5], 2: met}) == pairs
