"""Rating change and performance (engine/rating.py), FIDE B.02 8.1.2 / 8.3 and B.01 1.4.9."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from site_builder.content.loader import load_site
from site_builder.engine.rating import expected, k_factor, performance_dp, rating_results
from site_builder.model import Game, Outcome, Player, Round, Scoring, Section

EXAMPLE = Path(__file__).resolve().parents[2] / "content"


def test_andersen_in_the_spring_open_by_hand() -> None:
    """content/2026-spring-open: Andersen (2366, K 20: no birth year, below 2400) meets Petrov 2036,
    Jansen 2198, Horvat 2236, Larsen 2086, Baptiste 2355, Novak 2065, García 2241 and scores 4½.
    Differences 330, 168, 130, 280, 11, 301, 125 give, by table 8.1.2, 0.88, 0.72, 0.68, 0.84,
    0.52, 0.85, 0.67 — 5.16 in all: change 20 × (4.5 − 5.16) = −13.2. Performance: the opponents
    average 15217 / 7 = 2173.9 → 2174; 4.5 / 7 = 0.64 → dp 102 (table 1.4.9): 2276."""
    [event] = [e for e in load_site(EXAMPLE).events if e.slug == "2026-spring-open"]
    andersen = rating_results(event.sections[0], 7, 2026)[1]
    assert [float(g.expected) for g in andersen.games] == [0.88, 0.72, 0.68, 0.84, 0.52, 0.85, 0.67]
    assert andersen.k == 20 and andersen.change == Fraction(-132, 10) and andersen.performance == 2276


def test_k_factor_from_the_player_data() -> None:
    """8.3.3: 40 under 18 while below 2300; 10 from 2400; 20 otherwise; a `k` field decides."""
    assert k_factor(Player(1, "A", 2250, birth_year=2010), 2026) == 40
    assert k_factor(Player(1, "A", 2310, birth_year=2010), 2026) == 20
    assert k_factor(Player(1, "A", 2450), 2026) == 10
    assert k_factor(Player(1, "A", 1800, fields={"k": "40"}), 2026) == 40


def test_a_difference_above_400_is_an_upgrade_once_for_the_higher_rated() -> None:
    """8.3.1: a 2000 player meets 1500 and 1550 (differences 500 and 450). The cap counts the
    greatest difference, 500, as 400 (We 0.92); the other game keeps 450 (We 0.94). For the two
    lower-rated players the cap applies: We 0.08 each."""
    players = (Player(1, "A", 2000), Player(2, "B", 1500), Player(3, "C", 1550))
    rounds = (Round(1, (Game(1, 1, 2, Outcome.FIRST_WINS),)), Round(2, (Game(1, 3, 1, Outcome.SECOND_WINS),)))
    results = rating_results(Section("s", "S", "swiss", 2, Scoring(), (), players, rounds), 2, None)
    assert [g.expected for g in results[1].games] == [Fraction(92, 100), Fraction(94, 100)]
    assert results[2].games[0].expected == results[3].games[0].expected == Fraction(8, 100)


def test_unrated_games_forfeits_and_unrated_players_do_not_count() -> None:
    players = (Player(1, "A", 2000), Player(2, "B", 1900), Player(3, "C"))
    rounds = (Round(1, (Game(1, 1, 2, Outcome.FIRST_WINS_FORFEIT),)),
              Round(2, (Game(1, 1, 3, Outcome.FIRST_WINS),)),
              Round(3, (Game(1, 2, 1, Outcome.DRAW, rated=False),)))
    assert rating_results(Section("s", "S", "swiss", 3, Scoring(), (), players, rounds), 3, None) == {}


@given(st.integers(-735, 735))
def test_the_table_is_symmetric_and_rises_with_the_difference(difference: int) -> None:
    assert expected(difference) + expected(-difference) == 1
    assert expected(difference) <= expected(difference + 1)


@given(st.integers(1000, 2600), st.integers(1000, 2600), st.sampled_from([Outcome.FIRST_WINS, Outcome.DRAW,
                                                                           Outcome.SECOND_WINS]))
def test_with_the_same_k_and_no_cap_a_game_moves_no_points_in_all(a: int, b: int, outcome: Outcome) -> None:
    if abs(a - b) > 400:
        return
    players = (Player(1, "A", a, fields={"k": "20"}), Player(2, "B", b, fields={"k": "20"}))
    results = rating_results(Section("s", "S", "swiss", 1, Scoring(), (), players,
                                     (Round(1, (Game(1, 1, 2, outcome),)),)), 1, None)
    assert results[1].change + results[2].change == 0


def test_performance_table_ends() -> None:
    assert performance_dp(Fraction(1)) == 800 and performance_dp(Fraction(1, 4)) == -193


def test_an_events_own_k_and_logistic_table(tmp_path: Path, small_event) -> None:
    """`rating: {k: 32, table: logistic}` for a xiangqi event: 2000 beats 1900, expected
    1 / (1 + 10^(−100/400)) = 0.64, change 32 × 0.36 = 11.52; the loser −11.52."""
    players = (Player(1, "A", 2000), Player(2, "B", 1900))
    games = (Round(1, (Game(1, 1, 2, Outcome.FIRST_WINS),)),)
    section = Section("s", "S", "swiss", 1, Scoring(), (), players, games)
    results = rating_results(section, 1, None, k=32, table="logistic")
    assert results[1].games[0].expected == Fraction(64, 100)
    assert results[1].change == Fraction(1152, 100) == -results[2].change
    content = small_event(tmp_path / "cup")
    event_yaml = content / "event.yaml"
    event_yaml.write_text(event_yaml.read_text("utf-8") + "rating: {table: logistic}\n", encoding="utf-8")
    from site_builder.errors import ContentError

    try:
        load_site(content)
    except ContentError as error:
        assert "rating needs its K" in str(error)
    else:
        raise AssertionError("a rating without K was accepted")
