"""Abnormal results of a game played — one player scores a draw's points and the other a loss's
(½-0, 0-½), or both a loss's (0-0) — scored per player and counted by FIDE C.07 (2023) as games
played: none is an unplayed round of Article 16.2 (a bye, a forfeit, an absence), so no dummy
opponent stands in for the real one (16.4) and no cut takes it first as voluntarily unplayed (16.5).

The fixture `tests/fixtures/abnormal/` (1/½/0, ratings 2000, 1900, 1800, 1600):

    round 1: Adler–Berg ½-0, Costa–Dahl 1-0
    round 2: Costa–Adler 0-0, Berg–Dahl 0-½

Scores: Adler ½, Berg 0, Costa 1, Dahl ½.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from site_builder.content.loader import load_site
from site_builder.content.notation import parse_result
from site_builder.engine.fide_tiebreaks import direct_encounter
from site_builder.engine.scoring import Kind, records
from site_builder.engine.standings import standings
from site_builder.engine.tiebreaks import TiebreakInput
from site_builder.model import Outcome, Ranking, Scoring, Section

FIXTURE = Path(__file__).parent.parent / "fixtures" / "abnormal"
ADLER, BERG, COSTA, DAHL = 1, 2, 3, 4
CHAIN = ("BH", "SB", "WIN", "WON", "BPG", "ARO", "PS")


@pytest.fixture(scope="module")
def section() -> Section:
    return load_site(FIXTURE).events[0].sections[0]


def column(section: Section, label: str) -> dict[int, object]:
    table = standings(section, records(section), 2)
    return {row.player: row.values[CHAIN.index(label)] for row in table.rows}


@pytest.mark.parametrize(("text", "outcome"), [
    ("½-0", Outcome.FIRST_HALF), ("0.5:0", Outcome.FIRST_HALF), ("1/2-0", Outcome.FIRST_HALF),
    ("0-½", Outcome.SECOND_HALF), ("0 : 0.5", Outcome.SECOND_HALF), ("0-0", Outcome.DOUBLE_LOSS),
    ("0:0", Outcome.DOUBLE_LOSS)])
def test_the_notations_of_an_abnormal_result(text: str, outcome: Outcome) -> None:
    assert parse_result(text) is outcome and outcome.is_played and outcome.is_abnormal


def test_each_player_scores_their_own_half_of_the_result(section: Section) -> None:
    recs = records(section)
    kinds = {p: [e.kind for e in recs.entries[p]] for p in (ADLER, BERG, COSTA, DAHL)}
    assert kinds == {ADLER: [Kind.DRAW, Kind.LOSS], BERG: [Kind.LOSS, Kind.LOSS],
                     COSTA: [Kind.WIN, Kind.LOSS], DAHL: [Kind.LOSS, Kind.DRAW]}
    assert {p: Fraction(recs.total(p, 2), recs.scale) for p in kinds} == {
        ADLER: Fraction(1, 2), BERG: 0, COSTA: 1, DAHL: Fraction(1, 2)}


def test_a_draw_s_points_and_a_loss_s_points_under_another_scoring(make_section) -> None:
    """3/1/0: ½-0 is a draw's point for one player and nothing for the other."""
    section = make_section(2, [[(1, 2, "½-0")]], scoring=Scoring(win=3, draw=1, loss=0))
    recs = records(section)
    assert (recs.total(1, 1), recs.total(2, 1)) == (1, 0)


def test_buchholz_counts_the_real_opponent_of_a_game_played(section: Section) -> None:
    """C.07 8.1: the opponents' scores; the 0-0 of round 2 is a game played, not a 16.2 round with a
    dummy scoring the player's own points (Adler would then have 0 + ½, Costa ½ + 1)."""
    assert column(section, "BH") == {ADLER: 2, BERG: 2, COSTA: 2, DAHL: 2}  # 1 point each, in halves


def test_sonneborn_berger_multiplies_by_the_points_the_player_scored(section: Section) -> None:
    """C.07 9.1: Adler 0 (Berg) × ½ + 1 (Costa) × 0 = 0; Costa ½ (Dahl) × 1 + ½ (Adler) × 0 = ½."""
    assert column(section, "SB") == {ADLER: 0, BERG: 0, COSTA: 2, DAHL: 0}  # in quarters


def test_a_half_point_is_no_win_and_an_abnormal_game_is_a_game_played_with_its_colour(section) -> None:
    """C.07 7.1 (WIN: rounds scoring a win's points) and 7.2 (WON) count Costa's win only; 7.3 (BPG)
    counts every game played with black, the abnormal ones too."""
    assert column(section, "WIN") == column(section, "WON") == {ADLER: 0, BERG: 0, COSTA: 1, DAHL: 0}
    assert column(section, "BPG") == {ADLER: 1, BERG: 1, COSTA: 0, DAHL: 2}


def test_the_opponents_rating_counts_the_abnormal_games(section: Section) -> None:
    """C.07 10.1: games played over the board against rated opponents — Adler met Berg (1900) and
    Costa (1800): 1850, where leaving the 0-0 out would give 1900."""
    assert column(section, "ARO") == {ADLER: 1850, BERG: 1800, COSTA: 1800, DAHL: 1850}


def test_direct_encounter_takes_the_points_each_scored(make_section) -> None:
    """C.07 6.1.1: the points scored in the games between the tied players — ½ and 0, not ½ and ½
    (2/1/0 scoring: 1 and 0)."""
    section = make_section(2, [[(1, 2, "½-0")]])
    section = replace(section, ranking=Ranking(rules="fide"))
    assert direct_encounter(TiebreakInput(section, records(section), 1), [1, 2]) == {1: 1, 2: 0}


def test_the_standings_rank_by_points_then_the_chain(section: Section) -> None:
    """Adler and Dahl share ½: equal BH, SB, WIN and WON; Dahl played black twice (BPG 2 to 1)."""
    table = standings(section, records(section), 2)
    assert [row.player for row in table.rows] == [COSTA, DAHL, ADLER, BERG]
