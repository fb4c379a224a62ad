"""The Burstein system's own checker (C.04.4.2): each criterion named on a round built to break it,
and its two searches for the best value of a bracket (exhaustive, and by matching) agreeing."""

from __future__ import annotations

import random

import pytest
from handbook import HANDBOOK_4_3_FIRST, HANDBOOK_4_3_LAST, HANDBOOK_4_3_MIDDLE, two_pair_pairings, written
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from site_builder.pairing.burstein.bracket import Bracket, allowed_pairs, completes, seats_of
from site_builder.pairing.burstein.checker import Published, round_breaches
from site_builder.pairing.dutch.history import DRAW, LOSS, WIN, Entrant, Game

W, B = "W", "B"
PAB = Game(None, None, WIN, False, True)


def played(opponent: int, colour: str, points: int) -> Game:
    return Game(opponent, colour, points, True, True)


#: Round 1 of eight players (1–5 drawn, the higher seeds win the others); round 2 of 3 is the
#: first after the seeding rounds (tests/pairing/test_burstein_engine.py works it out).
ROUND_1 = {1: played(5, W, DRAW), 5: played(1, B, DRAW), 6: played(2, W, LOSS), 2: played(6, B, WIN),
           3: played(7, W, WIN), 7: played(3, B, LOSS), 8: played(4, W, LOSS), 4: played(8, B, WIN)}
ENTRANTS = [Entrant(n, (ROUND_1[n],)) for n in range(1, 9)]
RIGHT = ((2, 3), (4, 1), (5, 6), (7, 8))


def breaches(pairs: tuple[tuple[int, int], ...], bye: int | None = None,
             entrants: list[Entrant] = ENTRANTS) -> list[tuple[str, str, tuple[int, ...]]]:
    found = round_breaches(entrants, set(), 3, Published(pairs, bye), frozenset(), W)
    return [(b.criterion, b.article, b.players) for b in found]


def test_the_rounds_pairing_keeps_every_rule() -> None:
    assert breaches(RIGHT) == []


def test_a_rematch_breaks_c1() -> None:
    assert breaches(((2, 6), (4, 1), (5, 3), (7, 8)))[0] == ("C1", "C.04.4.2 art. 2.1.1", (2, 6))


def test_a_player_left_out_breaks_c4() -> None:
    assert breaches(((2, 3), (4, 1), (5, 6)))[0][:2] == ("C4", "C.04.4.2 art. 2.2.1")


def test_two_absolute_preferences_for_the_same_colour_break_c3() -> None:
    """1 and 2 had White twice, 3 and 4 Black twice: 1–2 and 3–4 break C3 (and none other is legal)."""
    entrants = [Entrant(1, (played(3, W, WIN), played(4, W, WIN))),
                Entrant(2, (played(4, W, WIN), played(3, W, WIN))),
                Entrant(3, (played(1, B, LOSS), played(2, B, LOSS))),
                Entrant(4, (played(2, B, LOSS), played(1, B, LOSS)))]
    assert breaches(((1, 2), (3, 4)), None, entrants) == [("C3", "C.04.4.2 art. 2.1.3", (1, 2)),
                                                          ("C3", "C.04.4.2 art. 2.1.3", (3, 4))]


def test_no_pair_in_a_bracket_that_can_make_one_breaks_c5() -> None:
    """Bracket {2, 3, 4} can pair two of them; pairing all three lower breaks C5."""
    assert breaches(((2, 1), (3, 5), (4, 6), (7, 8)))[0][:2] == ("C5", "C.04.4.2 art. 2.3.1")


def test_a_colour_clash_breaks_c8_in_its_bracket() -> None:
    """Bracket {4, 1, 5}: 4 against 5 (both prefer white) where 4 against 1 grants both."""
    assert breaches(((2, 3), (4, 5), (1, 6), (7, 8)))[0][:2] == ("C8", "C.04.4.2 art. 2.3.4")


def test_two_players_with_the_same_preference_break_c8_in_the_top_bracket() -> None:
    """Bracket {2, 3, 4}: 2–4 (both prefer white) where 2–3 grants both."""
    assert breaches(((2, 4), (3, 1), (5, 6), (7, 8)))[0][:2] == ("C8", "C.04.4.2 art. 2.3.4")


def test_floating_a_higher_score_breaks_c6() -> None:
    """Ten players, round 1 as the Dutch system pairs it: 1, 2, 3 win, 4–9 and 5–10 drawn. Bracket
    {3 (floating from 1 point), 4, 5, 9, 10 (½)}: two pairs either way, but pairing 4–5 and 10–9
    floats 3 (1 point) where a player of ½ could float."""
    first = {1: played(6, W, WIN), 6: played(1, B, LOSS), 7: played(2, W, LOSS), 2: played(7, B, WIN),
             3: played(8, W, WIN), 8: played(3, B, LOSS), 9: played(4, W, DRAW), 4: played(9, B, DRAW),
             5: played(10, W, DRAW), 10: played(5, B, DRAW)}
    entrants = [Entrant(n, (first[n],)) for n in range(1, 11)]
    found = breaches(((2, 1), (4, 5), (10, 9), (6, 3), (8, 7)), None, entrants)
    assert found[0][:2] == ("C6", "C.04.4.2 art. 2.3.2")


def test_the_first_pairing_of_art_4_is_required() -> None:
    """Bracket {6, 7, 8, 5}: 6–7 and 5–8 grant every preference as 5–6 and 7–8 do, but art. 4 gives
    BSN 1 (6) the lowest possible opponent, 5."""
    assert breaches(((2, 3), (4, 1), (7, 6), (5, 8)))[0] == ("4", "C.04.4.2 art. 4.3", (6, 5))


def test_colours_against_art_5_2_2() -> None:
    assert breaches(((3, 2), (4, 1), (5, 6), (7, 8))) == [("5.2", "C.04.4.2 art. 5.2.2", (3, 2))]


def test_the_bye_by_art_3_1() -> None:
    """Nine players, 9 had the bye: the lowest score, then the lowest ranking, is 8 (art. 3.1.5);
    giving it to 7 is refused, and to 9 breaks C2."""
    entrants = [*ENTRANTS, Entrant(9, (PAB,))]
    assert breaches(((2, 3), (4, 1), (9, 5), (6, 8)), 7, entrants)[0] == (
        "3.1", "C.04.4.2 art. 3.1", (7, 8))
    assert breaches(((2, 3), (4, 1), (5, 6), (7, 8)), 9, entrants)[0][:2] == ("C2", "C.04.4.2 art. 2.1.2")


def test_a_seeding_round_must_be_the_dutch_pairing() -> None:
    """Art. 1.6.1: round 1 of 8 (four seeding rounds) folds the field; 1–4 is not the Dutch pairing."""
    entrants = [Entrant(n) for n in range(1, 9)]
    right = round_breaches(entrants, set(), 8, Published(((1, 5), (6, 2), (3, 7), (8, 4)), None),
                           frozenset(), W)
    assert right == []
    wrong = round_breaches(entrants, set(), 8, Published(((1, 4), (6, 2), (3, 7), (8, 5)), None),
                           frozenset(), W)
    assert [(b.criterion, b.players) for b in wrong] == [("1.6.1", (1, 5))]


def random_field(seed: int, players: int, rounds: int) -> list[Entrant]:
    """Histories of random pairings (no rematch) with random results and a few byes."""
    rng = random.Random(seed)
    games: dict[int, list[Game]] = {n: [] for n in range(1, players + 1)}
    for _ in range(rounds):
        order = list(games)
        rng.shuffle(order)
        met = {n: {g.opponent for g in games[n]} for n in games}
        while len(order) > 1:
            a = order.pop()
            b = next((x for x in order if x not in met[a]), None)
            if b is None:
                games[a].append(PAB)
                continue
            order.remove(b)
            points = rng.choice((WIN, DRAW, LOSS))
            first = rng.random() < 0.5
            games[a].append(played(b, W if first else B, points))
            games[b].append(played(a, B if first else W, WIN - points))
        for n in order:
            games[n].append(PAB)
    return [Entrant(n, tuple(g)) for n, g in games.items()]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(6, 14), rounds=st.integers(1, 4),
       size=st.integers(2, 8))
def test_the_exhaustive_search_and_the_matching_agree(seed: int, players: int, rounds: int, size: int
                                                    ) -> None:
    """A bracket of the first `size` players (by score) over the rest: the best value and the first
    pairing of art. 4 are the same by both searches."""
    seats = seats_of(random_field(seed, players, rounds), set())
    ranked = sorted(seats, key=lambda n: -seats[n].score)
    members, lower = ranked[:size], ranked[size:]
    if (len(members) + len(lower)) % 2:
        lower = lower[:-1]
    nxt = [n for n in lower if seats[n].score == seats[lower[0]].score] if lower else []
    allowed = allowed_pairs(seats, frozenset())
    bracket = Bracket(seats, members, nxt, lower, allowed, seats[members[-1]].score)
    assume(completes(allowed, members + lower))
    assert bracket._searched() == bracket._matched()


def test_the_checker_never_pairs_with_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every round of a generated tournament is checked with the engine's procedures made to fail."""
    from site_builder.engine.scoring import records
    from site_builder.pairing import Pair, Pairing
    from site_builder.pairing.burstein import engine
    from site_builder.pairing.burstein.checker import section_breaches
    from site_builder.systems import unpaired
    from site_builder.tournament.generator import Spec, generate

    section = generate(Spec(seed=8, system="burstein", players=11, rounds=6, half_byes=0.05)).section

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the checker called the engine")

    for name in ("pair_round", "pair_brackets", "bracket_pairs", "choose_bye", "players_of"):
        monkeypatch.setattr(engine, name, refuse)
    for index, rnd in enumerate(section.rounds):
        before = unpaired(section, index)
        published = Pairing(rnd.number, tuple(Pair(g.board, g.first, g.second) for g in rnd.games), rnd.byes)
        assert section_breaches(before, records(before), published) == []


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(4, 12), rounds=st.integers(0, 5),
       first=st.sampled_from((W, B)))
def test_the_engine_and_the_checker_allocate_colours_alike(seed: int, players: int, rounds: int,
                                                           first: str) -> None:
    """Art. 5.2 written twice (`colours.colour_rule` for the engine, `checker.allocated`): every pair of
    a random field gets the same colour and article from both."""
    from site_builder.pairing.burstein.checker import allocated
    from site_builder.pairing.burstein.colours import colour_rule
    from site_builder.pairing.burstein.engine import players_of

    field = random_field(seed, players, rounds)
    engine_players = {p.number: p for p in players_of(field, set())}
    seats = seats_of(field, set())
    for a in seats:
        for b in seats:
            if a != b:
                x, y = engine_players[a], engine_players[b]
                engine_says = colour_rule(x.state, y.state, x.key < y.key, first)
                assert engine_says == allocated(seats[a], seats[b], first)


def test_a_player_without_games_gets_the_colour_the_other_does_not_prefer() -> None:
    """Art. 1.5.4 and 5.2.2: a late entrant has no preference; the other's is granted."""
    from site_builder.pairing.burstein.checker import allocated

    seats = seats_of([Entrant(1, (played(2, W, WIN),)), Entrant(2, (played(1, B, LOSS),)),
                      Entrant(3, (Game(None, None, LOSS, False, False),))], set())
    assert allocated(seats[3], seats[1], W) == (W, "5.2.2")  # 1 had White: prefers Black
    assert allocated(seats[3], seats[2], W) == (B, "5.2.2")


def test_the_higher_ranked_by_index_gets_their_preference_last() -> None:
    """Art. 5.2.5 refers to art. 1.8: with equal preferences and colour histories the higher Index,
    not the smaller TPN, gets its preference. 2 and 3 both had White, then Black, and have 2 points;
    3's opponents (1 and 5) scored 5, 2's (6 and 4) 3: 3 ranks first and gets White."""
    from site_builder.pairing.burstein.checker import allocated

    field = [Entrant(1, (played(3, B, WIN), played(6, W, WIN))),
             Entrant(2, (played(6, W, LOSS), played(4, B, WIN))),
             Entrant(3, (played(1, W, LOSS), played(5, B, WIN))),
             Entrant(4, (played(5, W, DRAW), played(2, W, LOSS))),
             Entrant(5, (played(4, B, DRAW), played(3, W, LOSS))),
             Entrant(6, (played(2, B, WIN), played(1, B, LOSS)))]
    seats = seats_of(field, set())
    assert seats[3].key < seats[2].key and seats[2].preference == seats[3].preference == W
    assert allocated(seats[2], seats[3], W) == (B, "5.2.5")
    assert allocated(seats[3], seats[2], W) == (W, "5.2.5")


def test_the_checkers_order_of_pairings_is_the_note_to_article_4_3() -> None:
    """Art. 4.3's note (C.04.4.2, 2026; https://handbook.fide.com/chapter/C040402202602), read by the
    checker's own order (`Bracket.order`: each BSN's opponent, 0 for a floater, larger first): the 45
    pairings of six players making two pairs come in the note's order (the lines as reproduced in
    MarkDechamps/fide-swiss-pairing-engine, BursteinHandbookExamplesTest)."""
    seats = seats_of([Entrant(n) for n in range(1, 7)], set())
    bracket = Bracket(seats, list(range(1, 7)), [], [], allowed_pairs(seats, frozenset()), 0)
    order = sorted(two_pair_pairings(), key=lambda pairing: bracket.order(frozenset(pairing)), reverse=True)
    shown = [written(pairing) for pairing in order]
    assert shown[:7] == HANDBOOK_4_3_FIRST and shown[21:24] == HANDBOOK_4_3_MIDDLE
    assert shown[-1] == HANDBOOK_4_3_LAST and len(set(shown)) == 45


def test_a_count_of_one_is_said_in_the_singular() -> None:
    """C8 broken by one player (4 against 5, both preferring White, where 4 against 1 grants both):
    "has 1 player without their colour preference", a plural message of the catalogues in each
    language, never "1 players"; C5's "0 pairs" in the plural."""
    from site_builder.languages import catalogue
    for pairs, said in ((((2, 3), (4, 5), (1, 6), (7, 8)), "has 1 player without their colour preference"),
                        (((2, 1), (3, 5), (4, 6), (7, 8)), "has 0 pairs of its own players")):
        (first, *_) = round_breaches(ENTRANTS, set(), 3, Published(pairs, None), frozenset(), W)
        values = dict(first.values)
        assert said in catalogue("en").formatted(first.message, values), values
        assert all("{" not in catalogue(language).formatted(first.message, values)
                   for language in ("zh", "ja"))
