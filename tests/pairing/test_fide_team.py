"""FIDE's Swiss Team Pairing System (Handbook C.04.6, applied from 1 February 2026): colour
preferences, colour allocation, the bye, upfloaters and the pairing of a bracket, each by its
article; and rounds of generated team tournaments that keep the absolute criteria."""

from __future__ import annotations

import random

import pytest

from site_builder.pairing.fide_team.colours import ColourTeam, Preference, allocate, preference
from site_builder.pairing.fide_team.engine import NoTeamPairing, Rules, TeamState, pair_round


def test_type_a_prefers_only_to_end_an_imbalance_or_a_repeat() -> None:
    """Art. 1.7.1: White when the difference is below −1, or 0/−1 after two Blacks; else none."""
    assert preference("bb", "A", False) == Preference("w", True)
    assert preference("wbb", "A", False) == Preference("w", True)
    assert preference("ww", "A", False) == Preference("b", True)
    assert preference("wb", "A", False) == Preference()
    assert preference("b", "A", False) == Preference()


def test_type_b_adds_mild_preferences_but_not_at_zero_in_the_last_round() -> None:
    """Art. 1.7.2: a difference of ±1 or an alternation gives a mild preference; at 0 in the last
    round none; a team without a played match none."""
    assert preference("b", "B", False) == Preference("w", False)
    assert preference("wb", "B", False) == Preference("w", False)
    assert preference("wb", "B", True) == Preference()
    assert preference("bb", "B", True) == Preference("w", True)
    assert preference("", "B", False) == Preference()


def test_no_colour_model_has_no_preferences() -> None:
    """Art. 1.7: the rules may use no colour preferences at all."""
    assert preference("bbb", "none", False) == Preference()


def _team(number: int, colours: str, model: str = "A", primary: int = 0) -> ColourTeam:
    return ColourTeam(number, primary, 0, colours, preference(colours, model, False))  # type: ignore[arg-type]


def test_round_one_colours_alternate_by_the_first_teams_pairing_number() -> None:
    """Art. 4.3.1: the first-team gets the initial-colour with an odd TPN, the other with an even."""
    assert allocate(_team(1, ""), _team(4, ""), "w", "A", True)[:2] == (1, 4)
    assert allocate(_team(2, ""), _team(5, ""), "w", "A", True)[:2] == (5, 2)
    assert allocate(_team(2, ""), _team(5, ""), "b", "A", True)[:2] == (2, 5)


def test_a_single_preference_is_granted_even_to_the_second_team() -> None:
    """Art. 4.3.2: only one team has a preference: grant it."""
    white, black, rule = allocate(_team(1, "wb", primary=4), _team(2, "bb", primary=2), "w", "A", True)
    assert (white, black, rule) == (2, 1, "4.3.2")


def test_type_b_grants_the_strong_preference_over_the_mild() -> None:
    """Art. 4.3.4: both want White, only one strongly: it gets White."""
    a = _team(1, "wb", "B", primary=4)  # mild for White (alternation)
    b = _team(2, "bb", "B", primary=2)  # strong for White
    assert allocate(a, b, "w", "B", True) == (2, 1, "4.3.4")


def test_equal_histories_alternate_from_the_last_difference() -> None:
    """Art. 4.3.6 and 4.3.8: no preferences and equal differences: alternate the colours from the
    most recent round in which the teams had different colours, else the first-team's last."""
    assert allocate(_team(1, "wb", primary=2), _team(2, "bw"), "w", "A", True) == (1, 2, "4.3.6")
    assert allocate(_team(1, "bw", primary=2), _team(2, "bw"), "w", "A", True) == (2, 1, "4.3.8")


def _rules(round_: int, rounds: int = 7, model: str = "A") -> Rules:
    return Rules(rounds, round_, model, "w")  # type: ignore[arg-type]


def test_round_one_pairs_the_top_half_against_the_bottom_half() -> None:
    """Art. 3.6.2: the smallest identifier puts 1, 2, 3 on top and pairs them with 4, 5, 6; the
    bye goes to the largest TPN of the lowest score (art. 3.4.4)."""
    result = pair_round([TeamState(n, 0) for n in range(1, 8)], _rules(1))
    assert result.bye == 7
    assert {frozenset((m.white, m.black)) for m in result.matches} == {
        frozenset(p) for p in ((1, 4), (2, 5), (3, 6))}


def test_the_bye_skips_a_team_that_had_one_or_won_by_forfeit() -> None:
    """Art. 2.1.2 [C2] and 3.4: the lowest team that may have the bye has it."""
    teams = [TeamState(1, 4), TeamState(2, 2), TeamState(3, 0, bye_barred=True)]
    assert pair_round(teams, _rules(2)).bye == 2


def test_teams_never_meet_twice() -> None:
    """Art. 2.1.1 [C1]: the leaders met, so each takes an upfloater instead."""
    teams = [TeamState(1, 4, opponents=frozenset({2})), TeamState(2, 4, opponents=frozenset({1})),
             TeamState(3, 2), TeamState(4, 2)]
    pairs = {frozenset((m.white, m.black)) for m in pair_round(teams, _rules(3)).matches}
    assert frozenset((1, 2)) not in pairs


def test_the_upfloater_has_the_highest_score_then_the_smallest_tpn() -> None:
    """Art. 2.3.2 [C5] and 3.5.4: three leaders take one upfloater: of the next score, TPN first."""
    teams = [TeamState(1, 4), TeamState(2, 4), TeamState(3, 4), TeamState(4, 2), TeamState(5, 2),
             TeamState(6, 0)]
    result = pair_round(teams, _rules(3))
    assert result.upfloaters[0] == 4  # team 6 then floats up to team 5


def test_an_upfloater_that_floated_last_round_is_avoided() -> None:
    """Art. 2.3.4 [C7]: team 4 floated last round, so team 5 floats up instead; not so in the last
    two rounds."""
    teams = [TeamState(1, 4), TeamState(2, 4), TeamState(3, 4), TeamState(4, 2, floated=True),
             TeamState(5, 2), TeamState(6, 2)]
    assert pair_round(teams, _rules(3)).upfloaters[0] == 5
    assert pair_round(teams, _rules(6)).upfloaters[0] == 4


def test_an_emptied_following_scoregroup_sets_no_condition() -> None:
    """Art. 2.3.3 [C6]: the leaders 1 and 2 met, so they take two upfloaters: team 3, all of the
    following scoregroup, and the first of the next (3.5.4), team 4. That scoregroup is now empty, so
    [C6] does not look further down, although 5 and 6, who met, are then left in their own."""
    met = {1: {2}, 2: {1}, 5: {6}, 6: {5}}
    scores = {1: 4, 2: 4, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1, 8: 1}
    teams = [TeamState(n, s, opponents=frozenset(met.get(n, ()))) for n, s in scores.items()]
    result = pair_round(teams, _rules(2, model="none"))
    assert result.upfloaters[:2] == (3, 4)
    assert {frozenset((m.white, m.black)) for m in result.matches} >= {frozenset((1, 3)), frozenset((2, 4))}


def test_the_top_member_is_the_smaller_tpn_even_for_an_upfloater() -> None:
    """Art. 3.6.1–3.6.2: team 3 floats up to 4, 6 and 9, who all have more points; with the smaller
    TPN it is a top member, and as 4 and 9 met, the first identifier is 3 4 9 6 (3–9, 4–6), not one
    that seats the residents first."""
    met = {4: {9}, 9: {4}}
    teams = [TeamState(n, s, opponents=frozenset(met.get(n, ())))
             for n, s in ((4, 4), (6, 4), (9, 4), (3, 3), (1, 0), (2, 0))]
    pairs = {frozenset((m.white, m.black)) for m in pair_round(teams, _rules(2, model="none")).matches}
    assert {frozenset((3, 9)), frozenset((4, 6))} <= pairs


def test_colour_preferences_come_before_the_identifier() -> None:
    """Art. 2.3.5 [C8]: 1–3 and 2–4 (the smallest identifier, 1 2 3 4) leaves 1 and 3 both wanting
    White; of the pairings that meet every preference, 1–4 and 2–3 (1 2 4 3) comes first."""
    teams = [TeamState(1, 0, colours="bb"), TeamState(2, 0, colours="ww"), TeamState(3, 0, colours="bb"),
             TeamState(4, 0, colours="ww")]
    pairs = {frozenset((m.white, m.black)) for m in pair_round(teams, _rules(3)).matches}
    assert pairs == {frozenset((1, 4)), frozenset((2, 3))}


def test_no_pairing_is_refused() -> None:
    """Art. 3.3.3: when every pairing is a rematch the Chief Arbiter decides: no pairing is made."""
    teams = [TeamState(1, 2, opponents=frozenset({2})), TeamState(2, 0, opponents=frozenset({1}))]
    with pytest.raises(NoTeamPairing):
        pair_round(teams, _rules(2))


def _tournament(seed: int) -> list[list[tuple[int, int]]]:
    """A generated tournament: 6–30 teams, 4 boards, random results; every round paired."""
    rng = random.Random(seed)
    count, rounds = rng.randint(6, 30), rng.randint(5, 9)
    mp = {t: 0 for t in range(1, count + 1)}
    gp = dict(mp)
    met: dict[int, set[int]] = {t: set() for t in mp}
    colours = {t: "" for t in mp}
    barred: set[int] = set()
    floated: set[int] = set()
    played: list[list[tuple[int, int]]] = []
    for number in range(1, rounds + 1):
        states = [TeamState(t, mp[t], gp[t], frozenset(met[t]), colours[t], t in floated, t in barred,
                            len(colours[t])) for t in mp]
        try:
            result = pair_round(states, Rules(rounds, number, rng.choice(("A", "B", "none")), "w"))
        except NoTeamPairing:
            break
        before = dict(mp)
        floated = set()
        for m in result.matches:
            assert m.black not in met[m.white]
            points = sum(rng.choice((0, 1, 2)) for _ in range(4))  # White's game points, half points
            gp[m.white] += points
            gp[m.black] += 8 - points
            mp[m.white] += 2 if points > 4 else 1 if points == 4 else 0
            mp[m.black] += 2 if points < 4 else 1 if points == 4 else 0
            met[m.white].add(m.black)
            met[m.black].add(m.white)
            colours[m.white] += "w"
            colours[m.black] += "b"
            if before[m.white] != before[m.black]:
                floated |= {m.white, m.black}
        if result.bye is not None:
            assert result.bye not in barred
            barred.add(result.bye)
            mp[result.bye] += 2
            gp[result.bye] += 8
        paired = [t for m in result.matches for t in (m.white, m.black)]
        assert sorted(paired + ([result.bye] if result.bye else [])) == sorted(mp)
        played.append([(m.white, m.black) for m in result.matches])
    return played


@pytest.mark.parametrize("seed", range(6))
def test_generated_tournaments_keep_the_absolute_criteria(seed: int) -> None:
    """[C1], [C2]: no rematch, no second bye, every team paired or given the bye, round by round."""
    assert _tournament(seed)
