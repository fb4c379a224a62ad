"""The statistics of a section (engine/statistics.py): counted by hand from a round file of the
example, and properties that hold for any section."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from site_builder.content.loader import load_site
from site_builder.engine.knockout import KnockoutRound
from site_builder.engine.statistics import Tally, Upset, section_statistics
from site_builder.model import Game, Match, Outcome, Player, Round, Scoring, Section

EXAMPLE = Path(__file__).resolve().parents[2] / "content"


def test_round_5_of_the_spring_open_counted_by_hand() -> None:
    """content/2026-spring-open/rounds/05.yaml: 14 boards — white wins on boards 2, 4, 12, 13, 14;
    draws on 5, 10, 11; black wins on 1, 3, 6, 7, 8; a forfeit on 9; two half-point byes. Upsets
    (players.yaml ratings): Baptiste 2355 over Andersen 2366, Jansen 2198 over Eriksen 2252, Larsen
    2086 over Kowalczyk 2112, Urban 1952 over Moreau 2078, Dvořák 1452 over Yilmaz 1695."""
    [event] = [e for e in load_site(EXAMPLE).events if e.slug == "2026-spring-open"]
    section = event.sections[0]
    stats = section_statistics(section)
    tally = stats.rounds[5]
    assert (tally.first_wins, tally.draws, tally.second_wins) == (5, 3, 5)
    assert (tally.forfeits, tally.played) == (1, 13)
    assert (tally.requested_byes, tally.byes, tally.absent, tally.pending) == (2, 0, 0, 0)
    assert tally.first_score == Fraction(5 * 2 + 3, 2 * 13)  # white's points: 5 wins and 3 draws
    assert tally.upsets == 5
    fifth = sorted((u.board, u.difference) for u in stats.upsets if u.round == 5)
    assert fifth == [(1, 11), (3, 54), (6, 26), (8, 126), (13, 243)]


def test_knockout_games_count_each_game_of_a_match_and_unrated_games_no_upset() -> None:
    players = (Player(1, "A", 1500), Player(2, "B", 1700), Player(3, "C"), Player(4, "D", 2000))
    match = Match(1, (Game(1, 1, 2, Outcome.DRAW), Game(1, 2, 1, Outcome.SECOND_WINS)))
    unrated = Match(2, (Game(2, 3, 4, Outcome.FIRST_WINS), Game(2, 4, 3, Outcome.DOUBLE_FORFEIT)))
    section = Section("k", "KO", "knockout", 2, Scoring(), (), players,
                      (Round(1, detail=KnockoutRound((match, unrated))),))
    stats = section_statistics(section)
    assert stats.total == Tally(first_wins=1, draws=1, second_wins=1, double_forfeits=1, upsets=1)
    assert stats.upsets == [Upset(1, 1, 1, 2, 200)]


_OUTCOMES = st.sampled_from(list(Outcome))


@given(st.lists(st.lists(_OUTCOMES, max_size=8), max_size=6),
       st.lists(st.one_of(st.none(), st.integers(1000, 2800)), min_size=16, max_size=16))
def test_every_game_is_counted_once_and_shares_stay_within_bounds(outcomes, ratings) -> None:
    players = tuple(Player(n, f"P{n}", ratings[n - 1]) for n in range(1, 17))
    rounds = tuple(Round(r, tuple(Game(b, 2 * b - 1, 2 * b, o) for b, o in enumerate(row, start=1)))
                   for r, row in enumerate(outcomes, start=1))
    stats = section_statistics(Section("s", "S", "swiss", 6, Scoring(), (), players, rounds))
    total = stats.total
    assert total.played + total.forfeits + total.double_forfeits + total.abnormal + total.pending == sum(
        map(len, outcomes))
    assert total.decisive <= total.played and len(stats.upsets) == total.upsets <= total.decisive
    assert total.first_score is None or 0 <= total.first_score <= 1
    assert all(u.difference > 0 for u in stats.upsets)
    assert [u.difference for u in stats.upsets] == sorted((u.difference for u in stats.upsets), reverse=True)
