"""FIDE's Double-Swiss System (C.04.5): a player's matches read from the games of two rounds (the
preface: a match ends by forfeit only when one player forfeits both games), and match rounds of
random histories that keep the absolute criteria."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder import model
from site_builder.engine.scoring import Entry, Kind, Side
from site_builder.model import Game, Outcome, Round
from site_builder.pairing import Pair, Pairing
from site_builder.pairing.double_swiss.checker import second_game
from site_builder.pairing.double_swiss.colours import Side as Seat
from site_builder.pairing.double_swiss.colours import allocate
from site_builder.pairing.double_swiss.engine import NoMatchPairing, Player, pair_match
from site_builder.pairing.double_swiss.matches import SplitBye, match_of, split_byes


def _entry(kind: Kind, points: int = 0, opponent: int | None = 2, side: Side | None = Side.FIRST) -> Entry:
    return Entry(1, kind, points, points, opponent, side if opponent else None)


def test_a_match_with_a_game_forfeited_by_each_player_is_a_meeting_without_a_colour() -> None:
    """Preface and art. 1.6: not ended by forfeit (no player forfeited both games), so a meeting;
    but no game was played, so no colour."""
    each = match_of(_entry(Kind.FORFEIT_WIN, 2), _entry(Kind.FORFEIT_LOSS, side=Side.SECOND), 1)
    assert each.played and each.colour is None


def test_a_match_is_forfeited_only_when_one_player_forfeits_both_games() -> None:
    """Preface: one forfeited game of two leaves the match played (a meeting, and a colour)."""
    one = match_of(_entry(Kind.FORFEIT_LOSS), _entry(Kind.WIN, 2, side=Side.SECOND), 1)
    assert one.played and one.colour == "w" and one.points == 2 and not one.forfeit_won
    both = match_of(_entry(Kind.FORFEIT_LOSS), _entry(Kind.FORFEIT_LOSS, side=Side.SECOND), 1)
    assert not both.played and both.colour is None and not both.forfeit_won


def test_a_match_won_by_forfeit_bars_the_bye_but_one_forfeited_each_does_not() -> None:
    """[C2]: the opponent forfeited both games; a game forfeited by each player is a played match."""
    won = match_of(_entry(Kind.FORFEIT_WIN, 2), _entry(Kind.FORFEIT_WIN, 2, side=Side.SECOND), 1)
    assert won.forfeit_won and not won.played
    each = match_of(_entry(Kind.FORFEIT_WIN, 2), _entry(Kind.FORFEIT_LOSS, side=Side.SECOND), 1)
    assert each.played and not each.forfeit_won


def test_double_forfeits_in_both_games_end_the_match_for_both() -> None:
    """Both players forfeited both games: the match ended by forfeit, nobody won it."""
    both = match_of(_entry(Kind.DOUBLE_FORFEIT), _entry(Kind.DOUBLE_FORFEIT, side=Side.SECOND), 1)
    assert not both.played and not both.forfeit_won


def test_a_bye_is_the_matchs() -> None:
    """Byes apply to matches: the pairing-allocated bye of game 1 is the match's."""
    bye = match_of(_entry(Kind.BYE, 2, None), _entry(Kind.BYE, 2, None), 1)
    assert bye.pab and bye.opponent is None and bye.points == 4


#: Game 1 of match 1: 1-2 and 7-8 play, 3 has the pairing-allocated bye, 4 a half-point bye, 5 a
#: full-point bye, 6 is absent, 7 withdraws after the game.
GAME_ONE = Round(1, (Game(1, 1, 2, Outcome.FIRST_WINS), Game(2, 7, 8, Outcome.DRAW)), byes=(3,),
                 half_byes=(4,), full_byes=(5,), absent=(6,), withdrawn=(7,))
#: Game 2 as `bulletin pair` writes it: the pairs reversed, 7 losing by forfeit, the bye 1½ points.
GAME_TWO = Round(2, (Game(1, 2, 1, Outcome.DRAW), Game(2, 8, 7, Outcome.FIRST_WINS_FORFEIT)),
                 half_byes=(3, 4), full_byes=(5,), absent=(6,))


def test_game_two_repeats_game_ones_byes_and_absences() -> None:
    """Preface: "byes apply to matches, never to one game"; art. 1.4: the pairing-allocated bye is a
    game won and a game drawn. A player entered between the games (9) is absent from game 2, and
    one who withdrew after game 1 is named in game 2 only by its forfeit."""
    assert split_byes(GAME_ONE, dataclasses.replace(GAME_TWO, absent=(6, 9))) == []
    dropped = dataclasses.replace(GAME_TWO, half_byes=(3,), absent=(4, 6), full_byes=(), byes=(9,))
    assert split_byes(GAME_ONE, dropped) == [SplitBye(4, "half_byes", "absent"), SplitBye(5, "full_byes", ""),
                                             SplitBye(9, "", "byes")]


def test_the_checker_refuses_a_bye_of_one_game() -> None:
    """Preface: game 1's half-point bye given in game 2 as an absence is refused by `verify`, naming
    the two keys; a half-point bye of game 2 only, the same."""
    players = tuple(model.Player(n, f"P{n}") for n in range(1, 10))
    two = dataclasses.replace(GAME_TWO, half_byes=(3, 1), absent=(4, 6))
    section = model.Section(id="s", name="S", system="double-swiss", rounds_planned=4,
                            scoring=model.Scoring(), tiebreaks=(), rounds=(GAME_ONE, two), players=players)
    published = Pairing(2, (Pair(1, 2, 1), Pair(2, 8, 7)))
    found = [(b.criterion, b.article, b.message, b.players, b.values)
             for b in second_game(section, published)]
    assert found == [
        ("0", "C.04.5, preface", "check.double_swiss.request_not_repeated", (4,), (("key", "half_byes"),)),
        ("0", "C.04.5, preface", "check.double_swiss.request_of_game_two", (1,), (("key", "half_byes"),)),
        ("0", "C.04.5, preface", "check.double_swiss.request_of_game_two", (4,), (("key", "absent"),))]
    assert second_game(dataclasses.replace(section, rounds=(GAME_ONE, GAME_TWO)), published) == []


@st.composite
def fields(draw: st.DrawFn) -> tuple[list[Player], int]:
    """A field after some matches: random scores, meetings, colours and bars."""
    size = draw(st.integers(2, 11))
    numbers = list(range(1, size + 1))
    met: dict[int, set[int]] = {n: set() for n in numbers}
    for a in numbers:
        for b in numbers:
            if a < b and draw(st.integers(0, 4)) == 0:
                met[a].add(b)
                met[b].add(a)
    colours = st.sampled_from(["", "w", "b", "wb", "bb", "ww", "wbw"])
    players = [Player(n, draw(st.integers(0, 8)), frozenset(met[n]), draw(colours), draw(st.booleans()),
                      draw(st.integers(0, 5)) == 0, len(met[n]))
               for n in numbers]
    return players, draw(st.integers(1, 5))


@settings(max_examples=150, deadline=None)
@given(fields())
def test_a_match_round_keeps_the_absolute_criteria(field: tuple[list[Player], int]) -> None:
    """[C1] no rematch, [C2] no bye to a barred player, every player paired but at most one bye,
    and game 1's colours given once per pair."""
    players, number = field
    try:
        result = pair_match(players, number, 5, "w")
    except NoMatchPairing:
        return
    by = {p.number: p for p in players}
    seen = [n for m in result.matches for n in m[:2]] + ([result.bye] if result.bye is not None else [])
    assert sorted(seen) == sorted(by)
    assert (result.bye is None) == (len(players) % 2 == 0)
    assert result.bye is None or not by[result.bye].bye_barred
    for white, black, _ in result.matches:
        assert black not in by[white].opponents


def test_the_bye_goes_to_the_lowest_score_then_the_largest_pairing_number() -> None:
    """Art. 3.4: the lowest score, then the largest TPN, among the players it can go to."""
    players = [Player(1, 4), Player(2, 2), Player(3, 2), Player(4, 6), Player(5, 2, bye_barred=True)]
    assert pair_match(players, 2, 5, "w").bye == 3


def test_the_first_match_pairs_the_top_half_against_the_bottom_half_lexicographically() -> None:
    """Art. 3.6.2: the smallest identifier has the top members 1, 2, 3 and the bottom members 4, 5,
    6 in their order; game 1's colours alternate with the odd and even first players (art. 4)."""
    result = pair_match([Player(n, 0) for n in range(1, 7)], 1, 5, "w")
    assert result.matches == ((1, 4, "4.3.1"), (5, 2, "4.3.1"), (3, 6, "4.3.1"))
    assert [m[:2] for m in pair_match([Player(n, 0) for n in range(1, 7)], 1, 5, "b").matches] == \
        [(4, 1), (2, 5), (6, 3)]


def test_colours_go_to_the_player_with_fewer_whites_first() -> None:
    """Art. 4.3.2: fewer Whites in game 1 gets White, whoever is higher-ranked."""
    assert allocate(Seat(1, 4, "wbw"), Seat(2, 2, "bwb"), "w") == (2, 1, "4.3.2")


def test_colours_then_follow_the_most_recent_difference() -> None:
    """Art. 4.3.3: equal Whites: each takes the colour the other had when they last differed."""
    assert allocate(Seat(1, 4, "wbbw"), Seat(2, 2, "bwbw"), "w") == (1, 2, "4.3.3")


def test_colours_then_alternate_the_higher_ranked_then_the_opponent() -> None:
    """Art. 4.3.4: the higher-ranked (the higher score, then the smaller number) alternates;
    4.3.5: a higher-ranked player without colours takes its opponent's last colour."""
    assert allocate(Seat(3, 4, "bw"), Seat(2, 2, "bw"), "w") == (2, 3, "4.3.4")
    assert allocate(Seat(3, 2, "bw"), Seat(2, 2, "bw"), "w") == (3, 2, "4.3.4")
    assert allocate(Seat(1, 2, ""), Seat(2, 0, "b"), "w") == (2, 1, "4.3.5")


def test_the_identifier_of_the_handbooks_example() -> None:
    """Art. 3.6.2's example: the pairing 11-24 16-6 10-9 8-4 has the identifier 4 6 9 11 8 16 10 24."""
    from site_builder.pairing.double_swiss.checker import identifier

    assert identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def test_the_first_set_of_upfloaters_of_the_handbooks_example() -> None:
    """Art. 3.5.4's example (C.04.5, 2026; https://handbook.fide.com/chapter/DoubleSwissSystem202602):
    "2,6,8 have 3 points, and 1,3,5 have 2.5 points. [C4] determines that a set of three upfloaters
    is needed, and [C5] determines that two upfloaters must have 3 points and the other 2.5 points.
    The possible set of upfloaters are: {2,6,1} < {2,6,3} < … < {6,8,5}". Set in a round as
    MarkDechamps/fide-swiss-pairing-engine (DoubleSwissHandbookExamplesTest) sets it: 4, 7 and 9
    (4 points) have met each other, so each needs an upfloater; 10 (0 points) has met 1, 3 and 5,
    so {2,6,8} would leave it without an opponent ([C3]). Every set of the example pairs the bracket:
    the first, {2,6,1}, is taken (art. 3.5.5)."""
    met = {4: {7, 9}, 7: {4, 9}, 9: {4, 7}, 1: {10}, 3: {10}, 5: {10}, 10: {1, 3, 5}}
    score = {4: 8, 7: 8, 9: 8, 2: 6, 6: 6, 8: 6, 1: 5, 3: 5, 5: 5, 10: 0}  # half points
    players = [Player(n, score[n], frozenset(met.get(n, ())), "w" if n % 2 else "b", matches=2)
               for n in sorted(score)]
    result = pair_match(players, 3, 5, "w")
    assert result.upfloaters[:3] == (2, 6, 1)
    top = {frozenset(m[:2]) for m in result.matches if {4, 7, 9} & set(m[:2])}
    assert {n for pair in top for n in pair} == {1, 2, 4, 6, 7, 9}


def test_boards_follow_the_higher_ranked_player_of_each_pair() -> None:
    """C.04.2 art. 3.6: the boards by the higher-ranked player's score, then the other's, then the
    higher-ranked player's number (not the smaller number of the pair)."""
    players = [Player(1, 2, frozenset({2})), Player(2, 4, frozenset({1, 5})), Player(5, 4, frozenset({2})),
               Player(6, 2)]
    result = pair_match(players, 2, 5, "w")  # 2 and 5 have met: 2-6 and 5-1, equal on both scores
    assert [sorted(m[:2]) for m in result.matches] == [[2, 6], [1, 5]]


def test_a_game_two_that_does_not_repeat_game_one_is_said_as_what_is_wrong() -> None:
    """Preface (numbered 0 in the handbook) and art. 1.4: game 2 pairing 1 and 7 (not game 1's 2-1
    and 8-7) and giving 3 a pairing-allocated bye is refused as the preface's, each breach worded as
    what the round does, in every language."""
    from site_builder.languages import catalogue
    players = tuple(model.Player(n, f"P{n}") for n in range(1, 10))
    section = model.Section(id="s", name="S", system="double-swiss", rounds_planned=4,
                            scoring=model.Scoring(), tiebreaks=(), players=players,
                            rounds=(GAME_ONE, dataclasses.replace(GAME_TWO, half_byes=(4,))))
    found = second_game(section, Pairing(2, (Pair(1, 1, 7), Pair(2, 2, 8)), byes=(3,)))
    assert [(b.criterion, b.article, b.message, b.players) for b in found] == [
        ("0", "C.04.5, preface", "check.double_swiss.second_game", (2, 1)),
        ("0", "C.04.5, preface", "check.double_swiss.second_game", (8, 7)),
        ("0", "C.04.5, preface", "check.double_swiss.not_in_game_one", (1, 7)),
        ("0", "C.04.5, preface", "check.double_swiss.not_in_game_one", (2, 8)),
        ("1.4", "C.04.5 art. 1.4", "check.double_swiss.bye_of_match", (3,)),
        ("1.4", "C.04.5 art. 1.4", "check.double_swiss.bye_of_game_two", (3,))]
    said = {language: [catalogue(language).formatted(b.message, {"a": f"P{b.players[0]}",
                                                                  "b": f"P{b.players[-1]}"})
                       for b in found] for language in ("en", "zh", "ja")}
    assert said["en"][0] == ("P2 and P1 played game 1 of their match, but game 2 does not pair them with its "
                             "colours reversed (P2 White)")
    assert said["en"][5].startswith("P3 has a pairing-allocated bye in game 2")
    assert all(len(set(texts)) == 6 and all("{" not in t for t in texts) for texts in said.values())


def test_counts_in_the_checkers_messages_agree_with_their_nouns() -> None:
    """The checkers' counts are plural messages of the catalogues ({n}): one pairing-allocated bye for
    four players is "1 pairing-allocated bye", never "bye(s)"; Dubov's [C7] and [C10], Burstein's
    [C5], Double-Swiss's [C7] and [C8] alike, in every language."""
    from site_builder.languages import catalogue
    from site_builder.pairing.double_swiss.checker import Seat, _absolute
    seats = {n: Seat(n, 0, frozenset(), "", False, False, 0) for n in range(1, 5)}
    found = [b for b in _absolute(seats, Pairing(1, (Pair(1, 1, 2),), byes=(3,)))
             if b.message == "check.double_swiss.bye_count"]
    assert [catalogue("en").formatted(b.message, dict(b.values)) for b in found] == [
        "1 pairing-allocated bye for 4 players"]
    en = catalogue("en")
    values = {"a": "A", "score": "2", "value": "1", "published": "1", "best": "1"}
    said = {key: (en.formatted(key, {**values, "n": "1"}), en.formatted(key, {**values, "n": "2"}))
            for key in ("check.dubov.c7", "check.dubov.c10", "check.burstein.c5",
                        "check.double_swiss.floated_up", "check.double_swiss.floaters")}
    assert said["check.dubov.c7"][0].startswith("1 player of the bracket of A does not get")
    assert said["check.dubov.c10"][0].startswith("1 upfloater of the bracket of A also floated up")
    assert "has 1 pair of its own players" in said["check.burstein.c5"][0]
    assert "can take 1 upfloater who floated" in said["check.double_swiss.floated_up"][0]
    assert "can pair 1 upfloater with" in said["check.double_swiss.floaters"][0]
    assert all(one != other and "(s)" not in one + other for one, other in said.values())
    for language in ("zh", "ja"):
        assert all("{" not in catalogue(language).formatted(key, {**values, "n": "1"}) for key in said)
