"""C.07's team tiebreaks as the FIDE team Swiss ranks its teams (`team_tiebreaks`,
site_builder/engine/team_tiebreaks.py): each criterion worked by hand on a small tournament, the
ranking by the chain in its order, and the setting read from event.yaml."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from site_builder.content.loader import load_site
from site_builder.engine.team_tiebreaks import TeamScales, chain_of, ranked
from site_builder.engine.teams import TeamEntry
from site_builder.errors import ContentError
from site_builder.systems.fide_team import team_chain

#: Two boards, game points in half points: a drawn match is 1 MP (2 units) and 1 GP (2 units).
SCALES = TeamScales(draw={"M": 2, "G": 2}, win={"M": 4, "G": 4}, unit={"M": 2, "G": 2})
Match = tuple[int, int, float, float]  # home, away, their game points


def history(rounds: list[tuple[list[Match], int | None]]) -> dict[int, tuple[TeamEntry, ...]]:
    """The teams' rounds from each round's matches and the team with the pairing-allocated bye (a
    drawn match: 1 MP, 1 GP, C.04.6 art. 1.4); match points 2 / 1 / 0."""
    teams = sorted({t for matches, bye in rounds for m in matches for t in m[:2]}
                   | {bye for _, bye in rounds if bye})
    out: dict[int, list[TeamEntry]] = {t: [] for t in teams}
    running = dict.fromkeys(teams, 0)
    for number, (matches, bye) in enumerate(rounds, start=1):
        for home, away, gh, ga in matches:
            for team, other, ours, theirs, role in ((home, away, gh, ga, "H"), (away, home, ga, gh, "A")):
                mp = 4 if ours > theirs else 2 if ours == theirs else 0
                running[team] += mp
                out[team].append(TeamEntry(number, role, other, 1, int(2 * ours), int(2 * theirs), mp,
                                           running[team]))
        if bye:
            running[bye] += 2
            out[bye].append(TeamEntry(number, "B", game_points=2, match_points=2, running=running[bye]))
    return {t: tuple(e) for t, e in out.items()}


#: Five teams, three rounds, a bye in each (two boards; GP home : away).
BYES = history([([(1, 2, 2, 0), (3, 4, 1, 1)], 5),
                ([(1, 3, 1.5, 0.5), (5, 2, 1, 1)], 4),
                ([(1, 5, 1, 1), (4, 2, 0.5, 1.5)], 3)])
# MP: 1: 5, 2: 3, 3: 2, 4: 2, 5: 3; GP: 1: 4.5, 2: 2.5, 3: 2.5, 4: 2.5, 5: 3.


def values(chain: str, primary: str = "M", teams: dict[int, tuple[TeamEntry, ...]] = BYES
           ) -> dict[int, tuple[object, ...]]:
    rows = ranked(teams, 3, primary, chain_of(chain, primary), SCALES)
    return {r.team: r.values for r in rows}


def column(name: str, primary: str = "M") -> dict[int, object]:
    return {t: v[0] for t, v in values(name, primary).items()}


def test_the_scores() -> None:
    """C.04.6 art. 1.2: match points and game points; the one that is not primary is a tiebreak."""
    assert column("MP", "G") == {1: 5, 2: 3, 3: 2, 4: 2, 5: 3}
    assert column("GP") == {1: Fraction(9, 2), 2: Fraction(5, 2), 3: Fraction(5, 2), 4: Fraction(5, 2), 5: 3}


def test_buchholz_counts_the_bye_as_a_game_against_a_dummy_with_the_team_s_own_score() -> None:
    """C.07 art. 8.1 (BH: the opponents' scores) and 16.4 (2023: an unplayed round, here the
    pairing-allocated bye, is a game against a dummy opponent with the participant's own score)."""
    # team 3: opponents 4 (2) and 1 (5), the bye of round 3 the dummy with 3's 2 MP → 9
    assert column("BH:MP") == {1: 3 + 2 + 3, 2: 5 + 3 + 2, 3: 2 + 5 + 2, 4: 2 + 2 + 3, 5: 3 + 3 + 5}
    assert column("BH") == column("BH:MP")  # BH alone: the primary score
    assert column("BH:GP") == {1: 8, 2: 10, 3: Fraction(19, 2), 4: Fraction(15, 2), 5: 10}


def test_buchholz_cut_1_drops_the_least_element() -> None:
    """C.07 art. 8.2 (modifier Cut-1): the least significant value removed; the bye is not a
    voluntarily unplayed round (16.5), so it is cut only as the least value."""
    assert column("BH:MP/C1") == {1: 6, 2: 8, 3: 7, 4: 5, 5: 8}


def test_sonneborn_berger_and_its_extended_team_forms() -> None:
    """C.07 art. 9 (SB: each opponent's score times the score against it) and the team forms of
    art. 9 / TRF-2026's 202 (EXYSB: the opponent's X score times the team's own Y score in the match;
    ESB: the opponent's primary score times the team's other score); the bye: the dummy (16.4)
    times the bye's score."""
    # SB on match points: team 1: 3·2 + 2·2 + 3·1; team 3: 2·1 + 5·0 + 2·1 (the dummy, a drawn match)
    assert column("SB") == {1: 13, 2: 7, 3: 4, 4: 4, 5: 11}
    assert column("EMMSB") == column("SB")
    # EMGSB: team 1: 3·2 + 2·1.5 + 3·1; team 3: 2·1 + 5·0.5 + 2·1
    emgsb = {1: 12, 2: 6, 3: Fraction(13, 2), 4: Fraction(11, 2), 5: 11}
    assert column("EMGSB") == emgsb and column("ESB") == emgsb
    # EGMSB: team 1: 2.5·2 + 2.5·2 + 3·1; EGGSB: team 1: 2.5·2 + 2.5·1.5 + 3·1
    assert column("EGMSB")[1] == 13 and column("EGGSB")[1] == Fraction(47, 4)
    assert column("EGMSB")[2] == 0 * Fraction(9, 2) + 3 * 1 + Fraction(5, 2) * 2
    assert column("SB", "G")[1] == column("EGGSB")[1]  # on game points first, SB is EGGSB


#: Four teams, three rounds: 1 and 2 end on 3 MP, 2 beat 1, 1 has more GP.
MET = history([([(1, 2, 0.5, 1.5), (3, 4, 1, 1)], None),
               ([(1, 3, 2, 0), (2, 4, 0.5, 1.5)], None),
               ([(1, 4, 1, 1), (2, 3, 1, 1)], None)])


def order(chain: str) -> list[int]:
    return [r.team for r in ranked(MET, 3, "M", chain_of(chain, "M"), SCALES)]


def test_the_chain_ranks_in_its_order_then_by_the_pairing_number() -> None:
    """C.04.6 art. 1.2 and the section's chain: the primary score, then each criterion in the order
    written, then the TPN (no shared places)."""
    assert order("") == [4, 1, 2, 3]  # 1 and 2 equal: the smaller TPN
    assert order("GP") == [4, 1, 2, 3]  # 3.5 GP against 3
    assert order("DE") == [4, 2, 1, 3]  # 2 won their match
    assert order("DE GP") == [4, 2, 1, 3] and order("GP DE") == [4, 1, 2, 3]


def test_direct_encounter_is_the_points_scored_among_the_tied_teams() -> None:
    """C.07 art. 6: among participants equal so far, the points scored against each other (here
    match points: 2 for the win); no value where it does not decide (a team alone on its score)."""
    rows = {r.team: r.values[0] for r in ranked(MET, 3, "M", chain_of("DE", "M"), SCALES)}
    assert rows == {1: 0, 2: 2, 3: None, 4: None}


def test_tpn_is_the_team_number_smaller_first() -> None:
    assert order("TPN") == [4, 1, 2, 3] and values("TPN", teams=MET)[2] == (2,)


def _event(tmp_path: Path, options: str) -> Path:
    content = tmp_path / "content"
    (content / "cup" / "open").mkdir(parents=True)
    (content / "cup" / "event.yaml").write_text(
        "name: Cup\ngame: chess\nlanguage: en\ndates: [2027-03-01, 2027-03-02]\nsections:\n"
        f"  open:\n    name: Open\n    system: fide-team\n    rounds: 3\n    boards: 2\n{options}",
        encoding="utf-8")
    teams = [f"  - {{number: {t}, name: Team {t}, players: [P{t}a, P{t}b]}}" for t in (1, 2, 3, 4)]
    (content / "cup" / "open" / "teams.yaml").write_text("teams:\n" + "\n".join(teams) + "\n",
                                                        encoding="utf-8")
    return content


def test_the_chain_is_read_from_event_yaml(tmp_path: Path) -> None:
    """docs/chess.md: `team_tiebreaks: [GP, BH:MP, EMGSB, DE]`, any case; by default the other score."""
    written = "    team_tiebreaks: [gp, BH:MP, emgsb, DE]\n"
    section = load_site(_event(tmp_path, written)).events[0].sections[0]
    assert [(tb.name, tb.kind) for tb in team_chain(section)[1]] == [
        ("GP", "score"), ("BH:MP", "bh"), ("EMGSB", "sb"), ("DE", "de")]
    plain = load_site(_event(tmp_path / "plain", "")).events[0].sections[0]
    assert [tb.name for tb in team_chain(plain)[1]] == ["GP"]
    game = load_site(_event(tmp_path / "game", "    primary_score: game\n")).events[0].sections[0]
    assert team_chain(game)[0] == "G" and [tb.name for tb in team_chain(game)[1]] == ["MP"]


@pytest.mark.parametrize("written", ["[GP, BH:XP]", "GP BH:XP"])
def test_an_unknown_tiebreak_is_one_located_error_at_its_value(tmp_path: Path, written: str) -> None:
    content = _event(tmp_path, f"    team_tiebreaks: {written}\n")
    with pytest.raises(ContentError) as error:
        load_site(content)
    [problem] = error.value.problems  # one line: file:line:column: message (hint: …), at the value
    assert str(problem).split("event.yaml", 1)[1].startswith(
        ":11:21: unknown team tiebreak 'BH:XP' (hint: choose among MP, GP, BH, BH:MP, BH:GP")
    assert problem.location.path.name == "event.yaml" and "\n" not in str(problem)
