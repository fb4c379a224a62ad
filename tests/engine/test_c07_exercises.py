"""FIDE C.07 against FIDE's published answers (tests/fixtures/c07-exercises/README.md): every player
of the exercises' 5-round Swiss, imported from its TRF, on BH, BH-C1, AOB, SB, FB, ARO, ARO-C1,
TPR, PTP, APRO and APPO; DE re-applied within tied groups (6.2) on the 9-round Swiss, and in the
round robin with a forfeit counted as a game (15.2). PTP and TPR
are also checked against a plain second implementation of their definitions (10.2, 10.3).

The answers are FIDE's for the 2023 text of C.07; the exercises' files are dated 2024-08-01 (042),
so the import ranks them under that text, not under Article 16.4 as amended in 2026, which
changes some BH, AOB, SB and FB values (tests/engine/test_c07_2026.py)."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from site_builder.content.loader import load_site
from site_builder.engine.fide_tiebreaks import direct_encounter
from site_builder.engine.rating import expected, perfect_performance, performance
from site_builder.engine.scoring import records
from site_builder.engine.standings import standings
from site_builder.engine.tiebreaks import TiebreakInput
from site_builder.model import TIEBREAK_ALIASES, Section, Tiebreak
from site_builder.systems import section_standings
from site_builder.trf.importer import import_trf

EXERCISES = Path(__file__).parent.parent / "fixtures" / "c07-exercises"
ANSWERS = json.loads((EXERCISES / "expected.json").read_text(encoding="utf-8"))
CHAIN = ("BH", "BH-C1", "AOB", "SB", "FB", "ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO")
#: Engine units per published unit: points ×2 (1/½/0), Sonneborn-Berger points² ×4, ratings ×1.
UNITS = {"SB": 4, "ARO": 1, "ARO-C1": 1, "TPR": 1, "PTP": 1, "APRO": 1, "APPO": 1}


def _imported(tmp_path_factory, name: str) -> Section:
    target = tmp_path_factory.mktemp("c07") / "event"
    import_trf(EXERCISES / name, target)
    return load_site(target).events[0].sections[0]


def _with(section: Section, chain: tuple[str, ...]) -> Section:
    tiebreaks = tuple(Tiebreak(id_, dict(options)) for id_, options in (TIEBREAK_ALIASES[n] for n in chain))
    return dataclasses.replace(section, tiebreaks=tiebreaks)


@pytest.fixture(scope="module")
def swiss_5(tmp_path_factory) -> dict[str, dict[str, object]]:
    section = _with(_imported(tmp_path_factory, "swiss-5.trf"), CHAIN)
    assert section.ranking.rules == "fide"  # the default of every TRF import
    assert section.ranking.c07_text == "2023"  # 042 2024-08-01: the text FIDE's answers are for
    table = standings(section, records(section), 5)
    return {name: {str(row.player): row.values[k] for row in table.rows} for k, name in enumerate(CHAIN)}


@pytest.mark.parametrize("name", CHAIN)
def test_each_player_has_the_published_value(swiss_5, name):
    published = ANSWERS["swiss-5"][name.replace("-", "_")]
    units = UNITS.get(name, 2)
    ours = {player: None if value is None else Fraction(value) / units
            for player, value in swiss_5[name].items()}
    assert ours == {player: None if value is None else Fraction(str(value))
                    for player, value in published.items()}


def test_aro_cut_1_of_a_player_with_one_rated_game_has_no_value(swiss_5):
    """Exercise 18 (ARO-C1), player 12 (Nick): one game over the board (lost to 4, rated 2050), then
    a pairing-allocated bye, a forfeit win and two zero-point byes, none of them a game of Article 10.
    ARO (10.1) is 2050; Cut-1 (14.1) leaves out that one rating, and the mean of no rating is no
    value: FIDE's answer (kept as `None` in TieBreakServer's tests/test_fide_held_individual_exercises.py)
    and the value the tool gives, shown as none and ranked last — not 0, a rating nobody has."""
    assert swiss_5["ARO"]["12"] == 2050
    assert swiss_5["ARO-C1"]["12"] is None
    assert ANSWERS["swiss-5"]["ARO_C1"]["12"] is None


def test_direct_encounter_is_reapplied_within_a_tied_group(tmp_path_factory):
    """Exercise 25: in the 6-point group 1, 2, 4, 6 (all met) Franck (6) scores 2, Alyx (1) and
    David (4) 1½, Bruno (2) 1; DE again between 1 and 4, who drew, leaves them sharing 3rd."""
    section = _with(_imported(tmp_path_factory, "swiss-9.trf"), ("DE",))
    table = standings(section, records(section), 9)
    assert {str(row.player): row.place for row in table.rows} == ANSWERS["swiss-9"]["DE_places"]


def test_direct_encounter_in_the_round_robin_counts_the_forfeit_as_a_game(tmp_path_factory):
    """The round-robin exercise: David (4), Franck (5) and Helene (6) share 1½ points; 5 beat 4, 4
    and 6 drew, and 6 won against 5 by forfeit. In a round robin a forfeit is a game against the
    scheduled opponent (Art. 15.2, which 6.1.1 defers to), so DE gives 6 (1½), 5 (1), 4 (½): places
    4, 5, 6, as published; counted as unplayed (a Swiss), the three would share 4th–6th."""
    section = _with(_imported(tmp_path_factory, "round-robin.trf"), ("DE",))
    assert section.system == "round-robin"  # the file's 092 record
    table = section_standings(section, records(section), 5)
    places = {row.player: row.place for row in table.rows}
    assert (places[6], places[5], places[4]) == (4, 5, 6)
    assert places[1] == 1 and places[2] == places[3] == 2


def test_direct_encounter_splits_a_subgroup_by_its_own_games(make_section):
    """6.2 (2/1/0): 1, 2, 3, 4 all met and all have 4 points. 1 beat 2 and 3, lost to 4; 2 beat 3
    and 4; 3 beat 4. Within the group 1 and 2 score 4, 3 and 4 score 2 (4 also beat outsider 6 and
    3 outsider 5). DE again: 1 beat 2, 3 beat 4 — so 1, 2, 3, 4, each place alone."""
    rounds = [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "1-0"), (2, 4, "1-0")], [(4, 1, "1-0"), (2, 3, "1-0")],
              [(3, 5, "1-0"), (4, 6, "1-0")]]
    made = make_section(6, rounds, tiebreaks=["direct-encounter"])
    section = dataclasses.replace(made, ranking=dataclasses.replace(made.ranking, rules="fide"))
    assert direct_encounter(TiebreakInput(section, records(section), 4), [1, 2, 3, 4]) == {
        1: (4, 2), 2: (4, 0), 3: (2, 2), 4: (2, 0)}  # (in the group, in the subgroup)
    table = standings(section, records(section), 4)
    assert [(row.player, row.place, row.shared) for row in table.rows[:4]] == [
        (1, 1, False), (2, 2, False), (3, 3, False), (4, 4, False)]


def _ptp_by_definition(ratings: list[int], score: Fraction) -> int:
    """10.3 read literally: try every rating from far below upwards."""
    if not score:
        return min(ratings) - 800
    rating = min(ratings) - 1000
    while sum(expected(rating - r) for r in ratings) < score:
        rating += 1
    return rating


def _tpr_by_definition(ratings: list[int], score: Fraction) -> int:
    """10.2: the mean rating (½ up) plus dp of table 8.1.1 for the score in hundredths (½ up)."""
    table = {1.0: 800, .99: 677, .98: 589, .97: 538, .96: 501, .95: 470, .94: 444, .93: 422, .92: 401,
             .91: 383, .90: 366, .89: 351, .88: 336, .87: 322, .86: 309, .85: 296, .84: 284, .83: 273,
             .82: 262, .81: 251, .80: 240, .79: 230, .78: 220, .77: 211, .76: 202, .75: 193, .74: 184,
             .73: 175, .72: 166, .71: 158, .70: 149, .69: 141, .68: 133, .67: 125, .66: 117, .65: 110,
             .64: 102, .63: 95, .62: 87, .61: 80, .60: 72, .59: 65, .58: 57, .57: 50, .56: 43, .55: 36,
             .54: 29, .53: 21, .52: 14, .51: 7, .50: 0}
    hundredths = int(score * 100 / len(ratings) + Fraction(1, 2))
    dp = table[hundredths / 100] if hundredths >= 50 else -table[(100 - hundredths) / 100]
    mean = Fraction(sum(ratings), len(ratings))
    return int(mean + Fraction(1, 2)) + dp


games = st.lists(st.tuples(st.integers(1000, 2800), st.sampled_from([0, 1, 2])), min_size=1, max_size=11)


@given(games)
def test_perfect_performance_is_the_lowest_rating_reaching_the_score(played):
    ratings, score = [r for r, _ in played], Fraction(sum(s for _, s in played), 2)
    assert perfect_performance(ratings, score) == _ptp_by_definition(ratings, score)


@given(games)
def test_performance_is_the_mean_rating_plus_dp(played):
    ratings, score = [r for r, _ in played], Fraction(sum(s for _, s in played), 2)
    assert performance(ratings, score) == _tpr_by_definition(ratings, score)
