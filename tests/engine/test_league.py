"""The Chinese Student Shogi League's scoring (seed 000 六, 七, 九, 补充细则 7.0–7.3).

Rules in English: rules/shogi-student-league.md.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from site_builder.engine.league import (
    A_TABLE,
    CHALLENGE_POINTS,
    LeaguePlayer,
    SchoolRow,
    allowed_targets,
    certificate_eligible,
    check_challenges,
    final_score,
    fixed_points,
    group_coefficients,
    individual_award,
    k_value,
    place_points,
    school_award,
    school_ranking,
    school_score,
    score1,
    tie_corrections,
)

D = Decimal


# --- 补充细则 7.0, 7.1 -------------------------------------------------------------------------------


@pytest.mark.parametrize(("wins", "draws", "tsume", "expected"), [
    (3, 1, 100, "15.000"),  # 9 + 2 + 4
    (4, 0, 150, "18.000"),
    (0, 0, 0, "0.000"),
    (1, 2, 1, "7.040"),
    (2, 1, 37, "9.480"),
])
def test_score1(wins: int, draws: int, tsume: int, expected: str) -> None:
    """补充细则 7.0: score₁ = 3·M + 2·N + Y/25, three decimals."""
    value = score1(wins, draws, tsume)
    assert value == D(expected)
    assert str(value) == expected


@pytest.mark.parametrize("tsume", [-1, 151])
def test_score1_rejects_tsume_outside_0_150(tsume: int) -> None:
    """六.1: the tsume paper is out of 150."""
    with pytest.raises(ValueError, match="0–150"):
        score1(1, 0, tsume)


def test_fixed_points() -> None:
    """补充细则 7.1: 1st 75, 18th 1, below 18th 0.9."""
    assert fixed_points(1) == D(75)
    assert fixed_points(2) == D(68)
    assert fixed_points(18) == D(1)
    assert fixed_points(19) == D("0.9")
    assert fixed_points(25) == D("0.9")
    with pytest.raises(ValueError):
        fixed_points(0)


# --- 补充细则 7.2 ------------------------------------------------------------------------------------


def test_a_table_matches_the_rules() -> None:
    """补充细则 7.2 0): the A-final place points for 2 to 6 parallel groups (2·G places)."""
    assert A_TABLE == {
        2: (7, 4, 3, 0),
        3: (9, 6, 4, 3, 1, 0),
        4: (13, 9, 6, 4, 3, 2, 1, 0),
        5: (19, 13, 9, 6, 5, 4, 3, 2, 1, 0),
        6: (28, 19, 13, 9, 7, 6, 5, 4, 3, 2, 1, 0),
    }
    assert all(len(points) == 2 * g and points[-1] == 0 for g, points in A_TABLE.items())


def test_shared_places_average_their_points() -> None:
    """补充细则 7.2 0): tied A-finalists share the spanned places' points (decision: the average)."""
    points = place_points([[1, 2, 3], [4], [5], [6]], 3)
    assert points == {1: Fraction(19, 3), 2: Fraction(19, 3), 3: Fraction(19, 3), 4: 3, 5: 1, 6: 0}
    with pytest.raises(ValueError, match="twice"):
        place_points([[1], [1]], 2)
    with pytest.raises(ValueError, match="2 to 6"):
        place_points([[1]], 7)


GROUP_OF = {1: "A", 2: "A", 3: "B", 4: "B", 5: "C", 6: "C", 7: "D", 8: "D"}


def test_group_coefficients_with_tied_groups() -> None:
    """补充细则 7.2 1)–3): groups ranked by their finalists' points (ties allowed, ranking 1, 1, 3),
    A spread linearly from 1.088 down to 1.040; the B-final winner gets 1.125."""
    # 1 and 3 share places 1–2: (13 + 9)/2 = 11 each; 2 and 4 share 3–4: (6 + 4)/2 = 5 each;
    # then 5: 3, 7: 2, 6: 1, 8: 0. Totals A 16, B 16, C 4, D 2 → ranks 1, 1, 3, 4.
    ranking = [[1, 3], [2, 4], [5], [7], [6], [8]]
    by_group, by_player = group_coefficients(["A", "B", "C", "D"], ranking, GROUP_OF, 11)
    assert by_group == {"A": D("1.088"), "B": D("1.088"), "C": D("1.056"), "D": D("1.040")}
    assert by_player == {11: D("1.125")}


def test_group_coefficients_six_groups_are_exact() -> None:
    """补充细则 7.2 2): with G = 6 the step is 0.048/5 = 0.0096, kept exact (not rounded)."""
    groups = ["A", "B", "C", "D", "E", "F"]
    group_of = {p: groups[(p - 1) // 2] for p in range(1, 13)}
    by_group, by_player = group_coefficients(groups, [[p] for p in range(1, 13)], group_of, None)
    assert by_group == {"A": D("1.088"), "B": D("1.0784"), "C": D("1.0688"), "D": D("1.0592"),
                        "E": D("1.0496"), "F": D("1.040")}
    assert by_player == {}


def test_group_coefficients_fractional_totals() -> None:
    """补充细则 7.2: a three-way tie gives 19/3 each; group totals compare exactly."""
    group_of = {1: "A", 4: "A", 2: "B", 5: "B", 3: "C", 6: "C"}
    by_group, _ = group_coefficients(["A", "B", "C"], [[1, 2, 3], [4], [5], [6]], group_of, 9)
    assert by_group == {"A": D("1.088"), "B": D("1.064"), "C": D("1.040")}


def test_group_coefficients_one_group_and_two_groups() -> None:
    """补充细则 7.2 注 and the rules' G = 1 case: A = 1; G = 2 spreads over the two ends."""
    assert group_coefficients(["A"], [[1], [2]], {1: "A", 2: "A"}, 3) == ({"A": D(1)}, {})
    by_group, _ = group_coefficients(["A", "B"], [[3], [4], [1], [2]], GROUP_OF, None)
    assert by_group == {"B": D("1.088"), "A": D("1.040")}  # B 7 + 4, A 3 + 0
    tied, _ = group_coefficients(["A", "B"], [[3], [1], [2], [4]], GROUP_OF, None)
    assert tied == {"A": D("1.088"), "B": D("1.088")}  # A 4 + 3 = B 7 + 0


def test_group_coefficients_reject_unknown_group() -> None:
    """补充细则 7.2 1): every A-finalist belongs to a parallel group."""
    with pytest.raises(ValueError, match="parallel group"):
        group_coefficients(["A", "B"], [[1], [2], [3], [99]], GROUP_OF, None)


# --- 七: k and the final score -----------------------------------------------------------------------


@pytest.mark.parametrize(("final", "size_a", "size_b", "expected"), [
    ("A", 8, 4, "1"),
    ("B", 8, 4, "1"),  # min(1, 8 / 8)
    ("B", 4, 4, "0.5"),
    ("B", 12, 4, "1"),  # min(1, 1.5)
    ("B", 6, 4, "0.75"),
    (None, 8, 4, "1.28"),
])
def test_k_value(final: str | None, size_a: int, size_b: int, expected: str) -> None:
    """七 k: A-final 1; B-final min(1, |A| / (2·|B|)); not in a final 1.28."""
    assert k_value(final, size_a, size_b) == D(expected)


def test_k_value_rejects_bad_input() -> None:
    """七 k: only the two final groups (甲, 乙) or none."""
    with pytest.raises(ValueError):
        k_value("C", 8, 4)
    with pytest.raises(ValueError):
        k_value("B", 8, 0)


def test_final_score_formula() -> None:
    """七: score = A·(X + C) + Y/7.5 + 4.5·B·k + D."""
    # 1.088 · 79.5 = 86.496; 120 / 7.5 = 16; 4.5 · 5 · 1 = 22.5
    assert final_score(D("1.088"), D(75), CHALLENGE_POINTS["win"], 120, 5, D(1)) == D("124.996")
    # 1.04 · (0.9 − 2.7) = −1.872; 2 wins in stage 2-B at k = 1.28: 11.52
    assert final_score(D("1.040"), D("0.9"), CHALLENGE_POINTS["loss"], 0, 2, D("1.28")) == D("9.648")
    assert final_score(D(1), D(0), D(0), 0, 0, D("1.28"), D("0.001")) == D("0.001")
    assert str(final_score(D(1), D(60), D(0), 0, 0, D(1))) == "60.000"


def test_final_score_rounds_half_up() -> None:
    """七: 四舍五入, three decimals — an exact .0005 rounds up (binary floats would give .237)."""
    # B-final winner: 1.125 · (75 + 4.5) = 89.4375; 6 / 7.5 = 0.8 → 90.2375 exactly
    assert final_score(D("1.125"), D(75), D("4.5"), 6, 0, D(1)) == D("90.238")
    assert round(1.125 * 79.5 + 6 / 7.5, 3) == 90.237  # what a float computation would publish
    assert final_score(D("1.125"), D(75), D("4.5"), 0, 2, D("1.28")) == D("100.958")  # 100.9575
    # Y/7.5 is not exact for Y = 1, 5: 0.1333…, 0.6666…
    assert final_score(D(1), D(0), D(0), 1, 0, D(1)) == D("0.133")
    assert final_score(D(1), D(0), D(0), 5, 0, D(1)) == D("0.667")


def test_final_score_rejects_tsume_outside_0_150() -> None:
    """六.1: Y is 0 to 150."""
    with pytest.raises(ValueError):
        final_score(D(1), D(75), D(0), 151, 0, D(1))


# --- 七 注: no shared individual places ---------------------------------------------------------------


def beaten(*pairs: tuple[int, int]):
    """beat(a, b) from (winner, loser) pairs of decisive direct games."""
    wins = set(pairs)

    def beat(a: int, b: int) -> bool | None:
        if (a, b) in wins:
            return True
        if (b, a) in wins:
            return False
        return None

    return beat


TWO = {1: D("50.000"), 2: D("50.000"), 3: D("40.000")}


def test_two_tied_direct_result_decides() -> None:
    """七 注: the winner of the direct game gets D = 0.001 (before Y: 1 has the higher Y)."""
    d, unresolved = tie_corrections(TWO, beaten((2, 1)), {1: 100, 2: 10})
    assert d == {1: D(0), 2: D("0.001"), 3: D(0)}
    assert unresolved == []


def test_two_tied_tsume_decides_without_direct_result() -> None:
    """七 注: no decisive direct game (a draw, or they never met): the higher Y gets 0.001."""
    d, unresolved = tie_corrections(TWO, beaten(), {1: 80, 2: 60})
    assert d == {1: D("0.001"), 2: D(0), 3: D(0)}
    assert unresolved == []


def test_two_tied_unresolved_go_to_playoff() -> None:
    """七 注: equal Y as well: a playoff (加赛) decides; D stays 0."""
    d, unresolved = tie_corrections(TWO, beaten((1, 3)), {1: 70, 2: 70})
    assert d == {1: D(0), 2: D(0), 3: D(0)}
    assert unresolved == [[1, 2]]


THREE = {1: D("60.000"), 2: D("60.000"), 3: D("60.000"), 4: D("61.000")}


def test_three_tied_mini_table() -> None:
    """七 注, rules decision for 3+: direct mini-table; D = 0.001 × tied players ranked below."""
    d, unresolved = tie_corrections(THREE, beaten((3, 1), (3, 2), (1, 2)), {})
    assert d == {1: D("0.001"), 2: D(0), 3: D("0.002"), 4: D(0)}
    assert unresolved == []
    # only 2 beat 3: net 1: 0, 2: +1, 3: −1
    d, _ = tie_corrections(THREE, beaten((2, 3)), {})
    assert (d[2], d[1], d[3]) == (D("0.002"), D("0.001"), D(0))


def test_three_tied_cycle_then_tsume_then_direct_again() -> None:
    """七 注: a cycle leaves the mini-table level; Y puts 3 first, then 1 beat 2 decides."""
    d, unresolved = tie_corrections(THREE, beaten((1, 2), (2, 3), (3, 1)), {1: 50, 2: 50, 3: 100})
    assert d == {1: D("0.001"), 2: D(0), 3: D("0.002"), 4: D(0)}
    assert unresolved == []


def test_three_tied_partly_unresolved() -> None:
    """七 注: no direct results; Y separates 1 from 2 and 3, who are left for a playoff."""
    d, unresolved = tie_corrections(THREE, beaten(), {1: 90, 2: 50, 3: 50})
    assert d == {1: D("0.002"), 2: D(0), 3: D(0), 4: D(0)}
    assert unresolved == [[2, 3]]
    _, unresolved = tie_corrections(THREE, beaten(), {})
    assert unresolved == [[1, 2, 3]]


# --- 七: school score ---------------------------------------------------------------------------------


def test_school_score_pads_with_0_8_and_floors() -> None:
    """七: X1..X6 best first, missing ones 0.8; ⌊(6X1 + … + 1X6) / 5⌋."""
    used, total = school_score([D("60.000"), D("100.000"), D("80.000")])
    assert used == (D("100.000"), D("80.000"), D("60.000"), D("0.8"), D("0.8"), D("0.8"))
    assert total == 248  # (600 + 400 + 240 + 2.4 + 1.6 + 0.8) / 5 = 248.96
    assert school_score([D("50.000")] * 6)[1] == 210  # exactly 1050 / 5
    assert school_score([D("49.999")] * 6)[1] == 209  # 209.9958
    assert school_score([])[1] == 3  # 21 · 0.8 / 5 = 3.36


def player(number: int, school: str, **options) -> LeaguePlayer:
    return LeaguePlayer(number, school, **options)


LEAGUE = [
    player(1, "S1"), player(2, "S1", main_team=False),  # a 2nd team: not counted
    player(3, "S2"), player(4, "S3"), player(5, "S4"), player(6, "S5"),
    player(7, "Abroad", overseas=True), player(8, "Second only", main_team=False),
]
# one counted player each: ⌊(6·X1 + 12) / 5⌋
SCORES = {1: D("50.500"), 2: D("200.000"), 3: D("50.600"), 4: D("40.000"), 5: D("40.100"),
          6: D("30.000"), 7: D("100.000"), 8: D("20.000")}


def test_school_ranking_shares_places_and_leaves_first_to_a_playoff() -> None:
    """七 注: places may be shared except the first; without a playoff result the schools tied for
    first have no rank yet (flagged), and the next school ranks after them. Overseas schools and
    schools without a main team are listed only (八)."""
    rows = school_ranking(LEAGUE, SCORES)
    summary = [(r.school, r.total, r.rank, r.playoff, r.listed_only) for r in rows]
    assert summary == [
        ("S1", 63, None, True, False),  # 63.0
        ("S2", 63, None, True, False),  # 63.12
        ("S3", 50, 3, False, False),  # 50.4
        ("S4", 50, 3, False, False),  # 50.52
        ("S5", 38, 5, False, False),  # 38.4
        ("Abroad", 122, None, False, True),
        ("Second only", 26, None, False, True),
    ]
    assert rows[0].scores == (D("50.500"),) + (D("0.8"),) * 5  # the 2nd team's 200 is not used


def test_school_ranking_playoff_winner_gets_one_point() -> None:
    """七 注: the playoff winner's total + 1 removes the tie for first."""
    rows = school_ranking(LEAGUE, SCORES, playoff_winner="S2")
    assert [(r.school, r.total, r.rank) for r in rows[:5]] == [
        ("S2", 64, 1), ("S1", 63, 2), ("S3", 50, 3), ("S4", 50, 3), ("S5", 38, 5)]
    assert not any(r.playoff for r in rows)
    with pytest.raises(ValueError, match="tied for first"):
        school_ranking(LEAGUE, SCORES, playoff_winner="S3")


def test_school_ranking_unique_first() -> None:
    """七: a unique first needs no playoff."""
    rows = school_ranking(LEAGUE, {**SCORES, 3: D("60.000")})
    assert rows[0] == SchoolRow("S2", (D("60.000"),) + (D("0.8"),) * 5, 74, 1)
    assert rows[1].rank == 2
    with pytest.raises(ValueError):
        school_ranking(LEAGUE, {**SCORES, 3: D("60.000")}, playoff_winner="S2")
    with pytest.raises(ValueError, match="no final score"):
        school_ranking(LEAGUE, {1: D(1)})


# --- 九: awards, G = 4 --------------------------------------------------------------------------------


@pytest.mark.parametrize(("rank", "total", "expected"), [
    (None, 241, "gold"), (None, 240, "gold"), (None, 239, "silver"),
    (None, 181, "silver"), (None, 180, "silver"), (None, 179, "bronze"),
    (None, 121, "bronze"), (None, 120, "bronze"), (None, 119, "excellence"),
    (None, 58, "excellence"), (None, 57, "excellence"), (None, 56, "participation"),  # 9 + 12·4
    (None, 7, "participation"), (None, 6, "participation"), (None, 5, None),
    (1, 0, "gold"), (2, 0, "silver"),
    (3, 0, "silver"), (4, 0, "silver"), (5, 0, "bronze"),
    (8, 0, "bronze"), (9, 0, "bronze"), (10, 0, None),
    (10, 57, "excellence"), (5, 240, "gold"),
])
def test_school_award_boundaries(rank: int | None, total: int, expected: str | None) -> None:
    """九.1: gold rank 1 or ≥ 240; silver top 4 or ≥ 180; bronze top 9 or ≥ 120; excellence
    ≥ 9 + 12·G; participation ≥ 6 — the highest level reached."""
    assert school_award(rank, total, 4) == expected


@pytest.mark.parametrize(("rank", "score", "expected"), [
    (None, "108.001", "first"), (None, "108.000", "first"), (None, "107.999", "second"),
    (None, "81.001", "second"), (None, "81.000", "second"), (None, "80.999", "third"),
    (None, "54.001", "third"), (None, "54.000", "third"), (None, "53.999", "excellence"),
    (None, "30.001", "excellence"), (None, "30.000", "excellence"), (None, "29.999", "participation"),
    (None, "3.281", "participation"), (None, "3.280", "participation"), (None, "3.279", None),
    (2, "0.000", "first"), (3, "0.000", "first"), (4, "0.000", "second"),
    (7, "0.000", "second"), (8, "0.000", "second"), (9, "0.000", "third"),
    (15, "0.000", "third"), (16, "0.000", "third"), (17, "0.000", None),
    (17, "30.000", "excellence"), (9, "108.000", "first"),
])
def test_individual_award_boundaries(rank: int | None, score: str, expected: str | None) -> None:
    """九.1: first top 3 or ≥ 108.000; second top 8 or ≥ 81.000; third top 16 or ≥ 54.000;
    excellence ≥ 18.000 + 3.000·G (30.000 for G = 4); participation ≥ 3.280."""
    assert individual_award(rank, D(score), 4) == expected


def test_certificate_threshold() -> None:
    """九.2: a final score ≥ 48.000 earns the free rank certificate."""
    assert not certificate_eligible(D("47.999"))
    assert certificate_eligible(D("48.000"))
    assert certificate_eligible(D("48.001"))


# --- 六.3, 补充细则 7.3: challenges -------------------------------------------------------------------

RANKING = list(range(1, 11))  # player n is ranked n-th after stage 2
SCHOOL_OF = {1: "P", 2: "Q", 3: "R", 4: "S", 5: "T", 6: "Q", 7: "U", 8: "V", 9: "W", 10: "X"}
NOT_BEATEN = {9: {5}, 2: {1}}


def test_challenge_points() -> None:
    """补充细则 7.3: win 4.5, loss −2.7, draw 0.9."""
    assert {"win": D("4.5"), "loss": D("-2.7"), "draw": D("0.9")} == CHALLENGE_POINTS


def test_allowed_targets() -> None:
    """六.3, 7.3 注2–3: up to six places above, not the same school, not someone met without a win,
    not someone already challenged twice."""
    assert allowed_targets(RANKING, 9, SCHOOL_OF, NOT_BEATEN, {}) == [3, 4, 6, 7, 8]  # not 5
    assert allowed_targets(RANKING, 7, SCHOOL_OF, NOT_BEATEN, {}) == [1, 2, 3, 4, 5, 6]
    assert allowed_targets(RANKING, 8, SCHOOL_OF, NOT_BEATEN, {}) == [2, 3, 4, 5, 6, 7]  # 1 is 7 above
    assert allowed_targets(RANKING, 6, SCHOOL_OF, NOT_BEATEN, {3: 2, 4: 1}) == [1, 4, 5]  # 2 same school
    assert allowed_targets(RANKING, 1, SCHOOL_OF, NOT_BEATEN, {}) == []
    assert allowed_targets(RANKING, 2, SCHOOL_OF, NOT_BEATEN, {}) == []  # lost to 1


def test_valid_challenges_pass() -> None:
    """六.3: one challenge each, within the rules; two challenges of the same target are allowed."""
    assert check_challenges(RANKING, [(9, 4), (7, 4), (10, 8)], SCHOOL_OF, NOT_BEATEN) == []


@pytest.mark.parametrize(("challenges", "index", "needle"), [
    ([(8, 1)], 0, "more than six"),
    ([(3, 5)], 0, "below the challenger"),
    ([(4, 4)], 0, "themselves"),
    ([(6, 2)], 0, "same school"),
    ([(9, 5)], 0, "did not win"),
    ([(7, 4), (8, 4), (9, 4)], 2, "challenged twice (7.3 注2)"),
    ([(9, 4), (9, 3)], 1, "already challenged once"),
    ([(2, 1)], 0, "no allowed target"),
    ([(11, 1)], 0, "not in the stage-2 ranking"),
])
def test_each_challenge_rule_is_reported(challenges: list[tuple[int, int]], index: int,
                                         needle: str) -> None:
    """六.3, 补充细则 7.3: every breach is reported at its challenge, naming the rule."""
    errors = check_challenges(RANKING, challenges, SCHOOL_OF, NOT_BEATEN)
    assert [i for i, _ in errors] == [index] * len(errors)
    assert any(needle in message for _, message in errors), errors


def test_challenge_messages_name_the_rule() -> None:
    """六.3, 7.3 注1, 注3: a challenger without any allowed target gets both reasons."""
    errors = check_challenges(RANKING, [(2, 1)], SCHOOL_OF, NOT_BEATEN)
    assert errors == [
        (0, "2 may not challenge 1: they met in stage 1 or 2 and 2 did not win "
            "(六.3: 已对局过且未获胜者; 7.3 注3)"),
        (0, "2 may not challenge 1: 2 has no allowed target and cannot challenge (7.3 注1)"),
    ]


def test_invalid_challenges_do_not_count_towards_two() -> None:
    """7.3 注2: only valid challenges use up a target's two (an invalid one is void)."""
    errors = check_challenges(RANKING, [(6, 2), (7, 2), (8, 2)], SCHOOL_OF, NOT_BEATEN)
    assert [i for i, _ in errors] == [0]
