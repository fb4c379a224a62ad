"""Team pairing of the xiangqi team Swiss (seed 001 三, 四), worked examples for each clause.

Scores are match points ×2 (2.5 → 5). Most states are written directly (opponents, roles and
scores chosen to exercise one clause); they need not all come from real rounds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.pairing import Note, PairingError, team_zones
from site_builder.pairing.explain import reason
from site_builder.pairing.team_zones import (
    TeamPairing,
    TeamPairingError,
    TeamState,
    bye_candidates,
    home_and_away,
    in_home_zone,
    pair_teams,
    points,
    round_one,
    streak_warnings,
    zones,
)
from site_builder.views.reasons import said


def english(notes: Sequence[Note]) -> list[str]:
    """A team pairing's notes or warnings as the English catalogue words them (`note.team.*`)."""
    return said([reason(note, str) for note in notes], "en")


def t(number: int, score: int = 0, met: tuple[int, ...] = (), roles: str = "", rank: int = 0) -> TeamState:
    return TeamState(number, score, frozenset(met), tuple(roles), rank)


# --- 三.3 round 1 ------------------------------------------------------------------------------


def test_round_one_by_halves_even() -> None:
    """三.3: upper[i] v lower[i]; the upper-half team is home on odd tables, away on even tables."""
    pairing = pair_teams([t(n) for n in range(1, 9)], 1)
    assert pairing.matches == ((1, 5), (6, 2), (3, 7), (8, 4))
    assert pairing.bye is None
    assert pairing.warnings == ()


def test_round_one_odd_largest_number_has_the_bye() -> None:
    """Byes (rules file): in round 1 the largest number has the bye; the other six are halved."""
    pairing = pair_teams([t(n) for n in range(1, 8)], 1)
    assert pairing.bye == 7
    assert pairing.matches == ((1, 4), (5, 2), (3, 6))
    assert round_one([t(n) for n in (3, 1, 2)]) == ([(1, 2)], 3)


def test_two_teams_and_too_few() -> None:
    assert pair_teams([t(2), t(1)], 1).matches == ((1, 2),)
    with pytest.raises(TeamPairingError):
        pair_teams([t(1)], 1)
    with pytest.raises(ValueError):
        pair_teams([t(1), t(1)], 1)
    assert issubclass(TeamPairingError, PairingError)


# --- 三.4 zones ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("roles", "home_zone"), [
    ("A", True),  # fewer home than away
    ("H", False),  # more home than away
    ("HAA", True),
    ("HHA", False),
    ("HA", True),  # equal counts, away last round
    ("AH", False),  # equal counts, home last round
    ("HAB", True),  # a bye is neither: the last home/away round was away
    ("AHB", False),
    ("AB", True),  # 0 home v 1 away
    ("B", True),  # decision: a team that has been neither home nor away is in the home zone
])
def test_zone_membership(roles: str, home_zone: bool) -> None:
    """三.4 (1)/(2), with byes passed over."""
    assert in_home_zone(t(1, roles=roles)) is home_zone


def test_home_zone_order() -> None:
    """三.4 (3): ① higher score; ② fewer home matches; ③ look back: the one away in the most recent
    round with different roles first; ④ smaller number first in odd rounds, larger in even rounds."""
    # ① score
    assert zones([t(1, 3, roles="A"), t(2, 5, roles="A")], 2)[0] == (2, 1)
    # ② fewer home matches (both in the home zone: 1 home/2 away and 0 home/3 away)
    assert zones([t(1, 5, roles="HAA"), t(2, 5, roles="AAA")], 5)[0] == (2, 1)
    # ③ round 4: both away; round 3: team 4 away, team 3 home → 4 first, against the parity of round 5
    assert zones([t(3, 5, roles="AHHA"), t(4, 5, roles="HAHA")], 5)[0] == (4, 3)
    # ④ identical histories: parity
    assert zones([t(5, 5, roles="HA"), t(6, 5, roles="HA")], 3)[0] == (5, 6)
    assert zones([t(5, 5, roles="HA"), t(6, 5, roles="HA")], 4)[0] == (6, 5)


def test_away_zone_order() -> None:
    """三.4 (4): ① higher score; ② fewer away matches; ③ look back: the one home in the most recent
    round with different roles first; ④ the same parity rule."""
    assert zones([t(1, 3, roles="H"), t(2, 5, roles="H")], 2)[1] == (2, 1)
    assert zones([t(1, 5, roles="AHH"), t(2, 5, roles="HHH")], 4)[1] == (2, 1)
    # round 4 both home; round 3: team 4 home, team 3 away → 4 first, against the parity of round 5
    assert zones([t(3, 5, roles="HAAH"), t(4, 5, roles="AHAH")], 5)[1] == (4, 3)
    assert zones([t(5, 5, roles="AH"), t(6, 5, roles="AH")], 3)[1] == (5, 6)
    assert zones([t(5, 5, roles="AH"), t(6, 5, roles="AH")], 4)[1] == (6, 5)


def test_lookback_with_a_bye_is_transitive() -> None:
    """Decision: in the look-back a bye ranks between away and home, which keeps the order total.

    Round 4, home zone, equal scores and one home match each. Read literally (rounds with a bye
    passed over): 1=HAA before 3=AAH (round 3), 3 before 2=HAB (round 1), and 2 v 1 undecided, so by
    the even-round parity 2 before 1: a cycle. With the bye between the roles: 1 (away last), 2
    (bye last), 3 (home last).
    """
    teams = [t(1, 5, roles="HAA"), t(2, 5, roles="HAB"), t(3, 5, roles="AAH")]
    assert all(in_home_zone(x) for x in teams)
    assert zones(teams, 4) == ((1, 2, 3), ())
    assert zones(teams[::-1], 3) == ((1, 2, 3), ())


# --- 三.5 pairing rounds 2+ ---------------------------------------------------------------------


def test_equal_scores_not_met_are_paired_directly() -> None:
    """三.5(2): round 2 after 1, 2, 3, 4 won; A and B on equal scores not met are paired in turn.

    Zones (even round, larger numbers first): home [4, 2, 7, 5], away [3, 1, 8, 6]."""
    teams = [t(1, 5, (5,), "H"), t(2, 5, (6,), "A"), t(3, 5, (7,), "H"), t(4, 5, (8,), "A"),
             t(5, 0, (1,), "A"), t(6, 0, (2,), "H"), t(7, 0, (3,), "A"), t(8, 0, (4,), "H")]
    assert zones(teams, 2) == ((4, 2, 7, 5), (3, 1, 8, 6))
    pairing = pair_teams(teams, 2)
    # 四.1(1): different zones, the home-zone team is home
    assert pairing.matches == ((4, 3), (2, 1), (7, 8), (5, 6))
    assert pairing.notes == ()


def test_different_scores_same_zone_pairing() -> None:
    """三.5(4): round 2 after every home team won: all winners are in the away zone, which is L;
    they pair among themselves (same-zone same score), then the home zone pairs its own teams.
    四.1(3): both in the away zone, the one later in the away-zone order is home; 四.1(2): both in
    the home zone, the earlier one is home."""
    teams = [t(1, 5, (5,), "H"), t(2, 0, (6,), "A"), t(3, 5, (7,), "H"), t(4, 0, (8,), "A"),
             t(5, 0, (1,), "A"), t(6, 5, (2,), "H"), t(7, 0, (3,), "A"), t(8, 5, (4,), "H")]
    assert zones(teams, 2) == ((7, 5, 4, 2), (8, 6, 3, 1))
    pairing = pair_teams(teams, 2)
    assert pairing.matches == ((6, 8), (1, 3), (7, 5), (4, 2))
    assert any("the away zone of the higher score is L" in n for n in english(pairing.notes))
    assert any("only home-zone teams remain" in n for n in english(pairing.notes))


def test_equal_scores_met_cross_zone_same_score() -> None:
    """三.5(3) ②: A=1 and B=2 on 2.5 have met; 1 home-zone v 2 away-zone teams on 2.5, so the home
    zone is L: 1 takes the first away-zone team on 2.5 it has not met, 3. Then 2 (alone on 2.5) is
    the higher score (三.5(4)) and floats to the first home-zone team it has not met (6, as 5 is
    met); 5 and 4 on 0 have not met."""
    teams = [t(1, 5, (2, 4), "HA"), t(2, 5, (1, 5), "AH"), t(3, 5, (4, 6), "AH"),
             t(4, 0, (3, 1), "AH"), t(5, 0, (2, 6), "HA"), t(6, 0, (5, 3), "HA")]
    assert zones(teams, 3) == ((1, 5, 6), (2, 3, 4))
    pairing = pair_teams(teams, 3)
    assert pairing.matches == ((1, 3), (6, 2), (5, 4))
    assert "teams 1 and 2 (2.5) have met" in english(pairing.notes)
    assert ("1 home-zone and 2 away-zone teams on 2.5: the home zone is L (fewer teams, 三.5(3))"
            in english(pairing.notes))
    assert "team 2 (2.5) floats down to team 6 (0) of the other zone" in english(pairing.notes)


def test_equal_scores_met_same_zone_same_score_and_equal_counts() -> None:
    """三.5(3) ③: 1, 3 (home zone) and 2, 4 (away zone) on 2.5 have all met across. Equal counts: the
    smaller of the first numbers (1 v 2) is L (literal text). 1 and 3 meet inside the home zone, then
    2 and 4 inside the away zone. On 0, 5 met 6 (A and B): 2 v 2, 5 < 6, the home zone is L, 5 takes
    8 and 7 takes 6 (cross-zone same score).
    四: 1 before 3 in the home zone → 1 home; 4 after 2 in the away zone → 4 home."""
    teams = [t(1, 5, (2, 4), "HA"), t(2, 5, (1, 3), "AH"), t(3, 5, (2, 4), "HA"), t(4, 5, (1, 3), "AH"),
             t(5, 0, (6, 7), "HA"), t(6, 0, (5, 8), "AH"), t(7, 0, (8, 5), "HA"), t(8, 0, (7, 6), "AH")]
    assert zones(teams, 3) == ((1, 3, 5, 7), (2, 4, 6, 8))
    pairing = pair_teams(teams, 3)
    assert pairing.matches == ((1, 3), (4, 2), (5, 8), (7, 6))
    assert ("2 home-zone and 2 away-zone teams on 2.5: the home zone is L (equal counts, team 1 has "
            "the smaller number, 三.5(3))") in english(pairing.notes)
    assert "teams 1 and 3 (2.5) are paired inside their zone" in english(pairing.notes)


def test_equal_counts_in_even_rounds_literal_and_option() -> None:
    """三.5(3) "单轮小号者为L，双轮大号者为H": read literally the smaller number's zone is L in even
    rounds too (default); the option makes the larger number's zone L in even rounds."""
    teams = [t(1, 5, (2, 4), "HA"), t(2, 5, (1, 3), "AH"), t(3, 5, (2, 4), "HA"), t(4, 5, (1, 3), "AH"),
             t(5, 0, (6, 7), "HA"), t(6, 0, (5, 8), "AH"), t(7, 0, (8, 5), "HA"), t(8, 0, (7, 6), "AH")]
    assert zones(teams, 4) == ((3, 1, 7, 5), (4, 2, 8, 6))
    assert pair_teams(teams, 4).matches == ((3, 1), (2, 4), (7, 6), (5, 8))
    # option: on 2.5 the away zone of 4 is L (2 and 4 first); on 0 the away zone of 8 is L, 8 takes 5
    assert pair_teams(teams, 4, larger_l_in_even_rounds=True).matches == ((2, 4), (3, 1), (5, 8), (7, 6))
    # odd rounds are not affected by the option
    assert pair_teams(teams, 3, larger_l_in_even_rounds=True) == pair_teams(teams, 3)


def test_cross_zone_down_float() -> None:
    """三.5(3) ④: 1 (2.5, home zone, L by the smaller number) has met 2, its only same-score team,
    and 4; it floats to the first away-zone team it has not met, 6. Then 2 is higher than the home
    zone (三.5(4)), has met 3 and floats to 5. 3 and 4 have not met."""
    teams = [t(1, 5, (2, 4), "HA"), t(2, 5, (1, 3), "AH"), t(3, 0, (2, 6), "HA"),
             t(4, 0, (1, 5), "AH"), t(5, 0, (4, 6), "HA"), t(6, 0, (3, 5), "AH")]
    assert zones(teams, 3) == ((1, 3, 5), (2, 4, 6))
    pairing = pair_teams(teams, 3)
    assert pairing.matches == ((1, 6), (5, 2), (3, 4))
    assert "team 1 (2.5) floats down to team 6 (0) of the other zone" in english(pairing.notes)
    assert "team 2 (2.5) floats down to team 5 (0) of the other zone" in english(pairing.notes)


def test_same_zone_down_float() -> None:
    """三.5(3) ⑤: round 4 (even). 1 (home zone) has met 2 and both away-zone teams on 0, so it floats
    inside its own zone to the first team it has not met, 5 (larger numbers first in even rounds).
    2 has met 3, the only home-zone team left, and floats inside the away zone to 6.
    四: 1 before 5 in the home zone → 1 home; 6 after 2 in the away zone → 6 home."""
    teams = [t(1, 5, (2, 4, 6), "AHA"), t(2, 5, (1, 3, 5), "HAH"), t(3, 0, (2, 5, 6), "AHA"),
             t(4, 0, (1, 5, 6), "HAH"), t(5, 0, (2, 3, 4), "AHA"), t(6, 0, (1, 3, 4), "HAH")]
    assert zones(teams, 4) == ((1, 5, 3), (2, 6, 4))
    pairing = pair_teams(teams, 4)
    assert pairing.matches == ((1, 5), (6, 2), (3, 4))
    assert "team 1 (2.5) floats down to team 5 (0) of its own zone" in english(pairing.notes)
    assert "team 2 (2.5) floats down to team 6 (0) of its own zone" in english(pairing.notes)


def test_backtracking_breaks_up_pairs_above() -> None:
    """三.5 summary: the bottom table cannot be completed, so pairs above are broken up.

    Round 3 from a real random event. Zones: home [5, 2, 1], away [3, 6, 4]. 5 (5 points) floats to
    6 (3 was met). Then 2 v 3 (2.5, not met) would leave 1 v 4, who have met: 2 and 3 are treated as
    having met; the away zone has fewer teams on 2.5 and is L; 3's cross-zone partner 1 would leave
    2 v 4 (met), so 3 floats inside its zone to 4, and 2 v 1 meet inside the home zone."""
    teams = [t(1, 5, (4, 6), "HA", 2), t(2, 5, (4, 5), "AA", 4), t(3, 5, (5, 6), "HH", 3),
             t(4, 0, (1, 2), "AH", 6), t(5, 10, (2, 3), "HA", 1), t(6, 5, (1, 3), "AH", 5)]
    assert zones(teams, 3) == ((5, 2, 1), (3, 6, 4))
    pairing = pair_teams(teams, 3)
    assert pairing.matches == ((5, 6), (4, 3), (2, 1))
    assert any(n.startswith("teams 2 and 3 (2.5) are not paired together") for n in english(pairing.notes))
    assert any(n.startswith("team 3 is not paired with team(s) 1") for n in english(pairing.notes))


def test_no_rematch_free_pairing() -> None:
    """Two teams that have met, with nothing else to pair them with."""
    with pytest.raises(TeamPairingError):
        pair_teams([t(1, 5, (2,), "H"), t(2, 0, (1,), "A")], 2)


# --- 四 home/away --------------------------------------------------------------------------------


def test_home_and_away_rules() -> None:
    """四.1 (1) different zones: the home-zone team; (2) both home zone: the earlier; (3) both away
    zone: the later."""
    home_zone, away_zone = (4, 2, 7), (3, 1, 8)
    assert home_and_away(3, 7, home_zone, away_zone) == (7, 3)
    assert home_and_away(7, 2, home_zone, away_zone) == (2, 7)
    assert home_and_away(3, 8, home_zone, away_zone) == (8, 3)


def test_three_in_a_row_warns_but_does_not_re_pair() -> None:
    """四.2: 1 and 2 won twice at home and must meet (equal scores, same zone): the later in the away
    zone, 2, is home a third time; 3 and 4 meet in the home zone and 4 is away a third time."""
    teams = [t(1, 10, (3, 4), "HH"), t(2, 10, (4, 3), "HH"), t(3, 0, (1, 2), "AA"), t(4, 0, (2, 1), "AA")]
    pairing = pair_teams(teams, 3)
    assert pairing.matches == ((2, 1), (3, 4))
    assert english(pairing.warnings) == ["team 2: 3 home matches in a row", "team 4: 3 away matches in a row"]


def test_streak_passes_over_byes() -> None:
    """Decision: a bye is neither home nor away, so home, bye, home and home now is three in a row."""
    teams = [t(1, roles="HBH"), t(2, roles="AAA"), t(3, roles="HAH")]
    assert english(streak_warnings([(1, 2)], teams)) == ["team 1: 3 home matches in a row",
                                                         "team 2: 4 away matches in a row"]
    assert streak_warnings([(3, 1)], teams) == []


# --- byes ----------------------------------------------------------------------------------------


def test_bye_to_the_lowest_ranked_team_without_one() -> None:
    """Rules file: round 2 after 5 had the bye; 2 is ranked last among the others."""
    teams = [t(1, 5, (3,), "H", 2), t(2, 0, (4,), "A", 5), t(3, 0, (1,), "A", 4),
             t(4, 5, (2,), "H", 3), t(5, 5, (), "B", 1)]
    pairing = pair_teams(teams, 2)
    assert pairing.bye == 2
    assert sorted(x for m in pairing.matches for x in m) == [1, 3, 4, 5]
    assert english(pairing.notes)[0] == "team 2 has the bye (the lowest-ranked team without a bye)"


def test_bye_candidates_fewest_byes_then_rank() -> None:
    teams = [t(1, roles="BAH", rank=3), t(2, roles="ABH", rank=2), t(3, roles="HAB", rank=1)]
    assert [x.number for x in bye_candidates(teams, 4)] == [1, 2, 3]
    teams = [t(1, roles="BAB", rank=3), t(2, roles="ABH", rank=2), t(3, roles="HAB", rank=1)]
    assert [x.number for x in bye_candidates(teams, 4)] == [2, 3]
    assert [x.number for x in bye_candidates([t(1, rank=1), t(2, rank=2), t(3, rank=3)], 1)] == [3, 2, 1]


def test_bye_passes_to_the_next_team_when_the_rest_cannot_be_paired() -> None:
    """Round 7 of a 9-team random schedule; 3, 5 and 7 have had no bye, 5 is ranked lowest. Without
    5, teams 2, 3 and 7 could only meet each other (a triangle), so 7, the next one up, has it."""
    met = {1: (2, 3, 5, 6, 7), 2: (1, 4, 6, 8, 9), 3: (1, 4, 5, 6, 8, 9), 4: (2, 3, 7, 8, 9),
           5: (1, 3, 6, 7, 8, 9), 6: (1, 2, 3, 5, 7), 7: (1, 4, 5, 6, 8, 9), 8: (2, 3, 4, 5, 7),
           9: (2, 3, 4, 5, 7)}
    roles = {1: "HAHBHH", 2: "AABAHA", 3: "AHHHHA", 4: "HHAABH", 5: "HHAAAA", 6: "HBAHHA",
             7: "AAHHAH", 8: "AHHAAB", 9: "BAAHAH"}
    rank = {5: 9, 7: 8, 3: 7, 1: 1, 2: 2, 4: 3, 6: 4, 8: 5, 9: 6}
    teams = [t(n, 0, met[n], roles[n], rank[n]) for n in met]
    pairing = pair_teams(teams, 7)
    assert pairing.bye == 7
    assert english(pairing.notes)[:2] == ["team 7 has the bye (the lowest-ranked team without a bye)",
                                          "team(s) 5 could not take the bye: the rest would have no "
                                          "rematch-free pairing"]


def test_no_second_bye_while_another_team_has_none() -> None:
    """Round 4 of five teams: byes went to 5, 3 and 4; 1 and 2 have both met 3, 4 and 5, so neither
    can have the bye. A second bye (to 3, say) would allow 1–2 and 4–5, but is not given."""
    teams = [t(1, 10, (3, 4, 5), "HHA", 1), t(2, 5, (4, 5, 3), "AAH", 2), t(3, 5, (1, 2), "ABA", 3),
             t(4, 5, (2, 1), "HAB", 4), t(5, 5, (2, 1), "BHH", 5)]
    with pytest.raises(TeamPairingError):
        pair_teams(teams, 4)


def test_points_display() -> None:
    assert [points(s) for s in (0, 2, 3, 5, 10)] == ["0", "1", "1.5", "2.5", "5"]


# --- properties over random events ---------------------------------------------------------------


def _matchable(free: frozenset[int], met: dict[int, set[int]], memo: dict[frozenset[int], bool]) -> bool:
    """Brute force: can `free` be paired without a rematch?"""
    if not free:
        return True
    if free not in memo:
        head = min(free)
        memo[free] = any(other not in met[head] and _matchable(free - {head, other}, met, memo)
                         for other in free if other != head)
    return memo[free]


def _literal_first(x: TeamState, y: TeamState, zone: str, round_number: int) -> bool | None:
    """三.4 (3)/(4) read pairwise, word for word: must x come before y? None when a bye would make
    the literal look-back differ from the decision (a bye between two different roles)."""
    if x.score != y.score:
        return x.score > y.score
    counted = "H" if zone == "home" else "A"
    if x.roles.count(counted) != y.roles.count(counted):
        return x.roles.count(counted) < y.roles.count(counted)
    first = "A" if zone == "home" else "H"
    for a, b in zip(reversed(x.roles), reversed(y.roles), strict=True):
        if {a, b} == {"H", "A"}:
            return a == first
        if a != b:
            return None
    return (x.number < y.number) == (round_number % 2 == 1)


def _reference_home_zone(roles: tuple[str, ...]) -> bool:
    home, away = roles.count("H"), roles.count("A")
    played = [r for r in roles if r != "B"]
    return home < away or (home == away and (not played or played[-1] == "A"))


def _check_round(teams: list[TeamState], rnd: int, pairing: TeamPairing) -> None:
    by_number = {x.number: x for x in teams}
    n = len(teams)
    seen = [x for m in pairing.matches for x in m] + ([pairing.bye] if pairing.bye is not None else [])
    assert sorted(seen) == sorted(by_number), "every team exactly once (or the bye)"
    assert (pairing.bye is not None) == (n % 2 == 1)
    for home, away in pairing.matches:
        assert away not in by_number[home].opponents and home not in by_number[away].opponents, "rematch"
    if pairing.bye is not None:
        byes = {x.number: x.roles.count("B") for x in teams}
        assert byes[pairing.bye] == min(byes.values()), "no second bye while another team has fewer"
        preferred = [x.number for x in bye_candidates(teams, rnd)]
        met = {x.number: set(x.opponents) for x in teams}
        for earlier in preferred[:preferred.index(pairing.bye)]:
            assert not _matchable(frozenset(by_number) - {earlier}, met, {}), "the bye skipped a team"
    rest = [x for x in teams if x.number != pairing.bye]
    if rnd == 1:
        numbers = sorted(x.number for x in rest)
        half = len(numbers) // 2
        assert [tuple(sorted(m)) for m in pairing.matches] == list(zip(numbers[:half], numbers[half:],
                                                                       strict=True))
        assert all((m[0] <= numbers[half - 1]) == (table % 2 == 1)
                   for table, m in enumerate(pairing.matches, 1)), "round 1: upper half home on odd tables"
    else:
        home_zone, away_zone = zones(rest, rnd)
        assert set(home_zone) == {x.number for x in rest if _reference_home_zone(x.roles)}
        assert set(away_zone) == {x.number for x in rest} - set(home_zone)
        for zone, order in (("home", home_zone), ("away", away_zone)):
            for i, later in enumerate(order):
                for earlier in order[:i]:
                    assert _literal_first(by_number[later], by_number[earlier], zone, rnd) is not True
        for home, away in pairing.matches:
            if (home in home_zone) != (away in home_zone):
                assert home in home_zone, "四.1(1): the home-zone team is home"
            elif home in home_zone:
                assert home_zone.index(home) < home_zone.index(away), "四.1(2)"
            else:
                assert away_zone.index(home) > away_zone.index(away), "四.1(3)"
    expected = []
    for home, away in pairing.matches:
        for team, role in ((home, "H"), (away, "A")):
            played = [r for r in by_number[team].roles if r != "B"] + [role]
            if played[-3:] == [role] * 3:
                expected.append(team)
    assert sorted(int(dict(w.values)["team"]) for w in pairing.warnings) == sorted(expected)


def _play(n: int, rounds: int, seed: int,
          pair: Callable[[Sequence[TeamState], int], TeamPairing] = pair_teams) -> int:
    """Pair and play `rounds` rounds with random board results; returns the rounds paired."""
    rng = random.Random(seed)
    score = dict.fromkeys(range(1, n + 1), 0)
    cumulative = dict(score)
    game_points = dict(score)
    met: dict[int, set[int]] = {x: set() for x in score}
    roles: dict[int, list[str]] = {x: [] for x in score}
    for rnd in range(1, rounds + 1):
        standing = sorted(score, key=lambda x: (-score[x], -cumulative[x], -game_points[x], x))
        rank = {x: place for place, x in enumerate(standing, 1)}
        teams = [TeamState(x, score[x], frozenset(met[x]), tuple(roles[x]), rank[x]) for x in score]
        try:
            pairing = pair(teams, rnd)
        except TeamPairingError:
            fewest = min(r.count("B") for r in roles.values())
            allowed = [x for x in score if roles[x].count("B") == fewest] if n % 2 else [None]
            memo: dict[frozenset[int], bool] = {}
            assert not any(_matchable(frozenset(score) - {bye}, met, memo) for bye in allowed)
            return rnd - 1
        _check_round(teams, rnd, pairing)
        for home, away in pairing.matches:
            met[home].add(away)
            met[away].add(home)
            roles[home].append("H")
            roles[away].append("A")
            home_points = sum(rng.choice((2, 1, 0)) for _ in range(3))
            game_points[home] += home_points
            game_points[away] += 6 - home_points
            if home_points > 3:
                score[home] += 5
            elif home_points < 3:
                score[away] += 5
            else:
                score[home] += 2
                score[away] += 3
        if pairing.bye is not None:
            roles[pairing.bye].append("B")
            score[pairing.bye] += 5
            game_points[pairing.bye] += 6
        for x in score:
            cumulative[x] += score[x]
    return rounds


@settings(max_examples=2000)
@given(n=st.integers(2, 12), rounds=st.integers(1, 9), seed=st.integers(0, 2**32))
def test_small_events(n: int, rounds: int, seed: int) -> None:
    _play(n, rounds, seed)


@settings(max_examples=800)
@given(n=st.integers(13, 30), rounds=st.integers(1, 9), seed=st.integers(0, 2**32))
def test_large_events(n: int, rounds: int, seed: int) -> None:
    assert _play(n, rounds, seed) == rounds, "fields of 13+ teams always pair 9 rounds in these tests"


@settings(max_examples=300)
@given(n=st.integers(4, 12), rounds=st.integers(2, 7), seed=st.integers(0, 2**32))
def test_pruning_does_not_change_the_answer(n: int, rounds: int, seed: int) -> None:
    """The perfect-matching pruning only removes branches without a completion: the plain
    depth-first search of 三.5 (no pruning) gives the same pairing."""
    pruned = team_zones._Search._completable

    def pair_both(teams: Sequence[TeamState], rnd: int) -> TeamPairing:
        found = pair_teams(teams, rnd)
        team_zones._Search._completable = lambda *args, **kwargs: True  # type: ignore[method-assign]
        try:
            assert pair_teams(teams, rnd) == found
        finally:
            team_zones._Search._completable = pruned  # type: ignore[method-assign]
        return found

    _play(n, rounds, seed, pair_both)
