"""A team section's field from round to round (docs/systems.md, "Team events"), in both team systems
(`team-swiss`, seed 001; `fide-team`, C.04.6): a player who withdraws is replaced by the team's next
player, a reserve moving up, and a board the team has no player left for is its last, lost by
forfeit; a withdrawn or absent team gets no bye; a team that enters late is paired from the round it
enters, and the earlier rounds still verify."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.engine.teams import TeamRound
from site_builder.model import Outcome, Section, TeamMatch

if TYPE_CHECKING:
    from site_builder.engine.teams import LineUp

#: (system, event.yaml's head, boards, results cycled into the boards)
SYSTEMS = {
    "team-swiss": ("game: xiangqi\nregulation: xiangqi-team-swiss\n", 3, ("2:0", "1:1", "0:2", "2:0", "0:2")),
    "fide-team": ("game: chess\n", 4, ("1-0", "1/2-1/2", "0-1", "1-0", "0-1")),
}
LETTERS = "abcd"


def _event(tmp_path: Path, system: str, teams: int, reserves: tuple[int, ...] = ()) -> Path:
    """An event of `teams` teams (team t: players Pta, Ptb …; a reserve Rt for the teams `reserves`)."""
    head, boards, _ = SYSTEMS[system]
    content = tmp_path / "content"
    section = content / "cup" / "open"
    (section / "rounds").mkdir(parents=True)
    (content / "cup" / "event.yaml").write_text(
        f"name: Cup\n{head}language: en\ndraw_seed: 7\ndates: [2027-03-01, 2027-03-09]\nsections:\n"
        f"  open: {{name: Open, system: {system}, rounds: 5, boards: {boards}}}\n", encoding="utf-8")
    (section / "teams.yaml").write_text("teams:\n" + "".join(_team(t, boards, t in reserves)
                                                             for t in range(1, teams + 1)), encoding="utf-8")
    return content


def _team(number: int, boards: int, reserve: bool) -> str:
    players = ", ".join(f"P{number}{LETTERS[b]}" for b in range(boards))
    reserves = f", reserves: [R{number}]" if reserve else ""
    return f"  - {{number: {number}, name: T{number}, players: [{players}]{reserves}}}\n"


def _round(content: Path, number: int) -> Path:
    return content / "cup" / "open" / "rounds" / f"{number:02d}.yaml"


def _play(content: Path, system: str, number: int) -> str:
    """`bulletin pair` pairs round `number`, whose pending results are then entered; its file's text."""
    result = CliRunner().invoke(main, ["pair", str(content)])
    assert result.exit_code == 0, result.output
    results = itertools.cycle(SYSTEMS[system][2])
    path = _round(content, number)
    text = re.sub(r'"\?"', lambda _: f'"{next(results)}"', path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    return text


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _match_of(section: Section, number: int, team: int) -> TeamMatch:
    rnd = next(r for r in section.rounds if r.number == number)
    return next(m for m in TeamRound.of(rnd).team_matches if team in (m.home, m.away))


def _seated(section: Section, match: TeamMatch, team: int) -> list[tuple[str, Outcome, bool]]:
    """A team's players in a match by board: name, the board's result, whether the player is first."""
    return [(section.player(p).name, g.outcome, p == g.first)
            for g in match.games for p in (g.first, g.second) if section.team_of[p] == team]


def _lost_by_forfeit(outcome: Outcome, first: bool) -> bool:
    return outcome in (Outcome.SECOND_WINS_FORFEIT if first else Outcome.FIRST_WINS_FORFEIT,
                       Outcome.DOUBLE_FORFEIT)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_withdrawn_player_s_team_is_paired_with_a_reserve_or_a_board_lost_by_forfeit(
        tmp_path: Path, system: str) -> None:
    """docs/systems.md: a reserve moves up for a player who withdrew; a team with too few players
    plays them on its first boards and loses its last board by forfeit; a line-up of fewer players
    than boards does the same."""
    content = _event(tmp_path, system, 6, reserves=(1,))
    for number in (1, 2):
        _play(content, system, number)
    _append(_round(content, 2), "withdrawn: [P1b, P2b]   # T1 has a reserve, T2 none\n")
    prepared = "date: 2027-03-03\ngames: []\nlineups:\n  T3: [P3a, P3c]   # P3b is ill\n"
    _round(content, 3).write_text(prepared, encoding="utf-8")
    text = _play(content, system, 3)
    regular = {t: [f"P{t}{LETTERS[b]}" for b in range(SYSTEMS[system][1])] for t in (1, 2, 3)}
    empty = {2: ["P2b"], 3: [name for name in regular[3] if name not in ("P3a", "P3c")]}
    (noted,) = [line for line in text.splitlines() if line.startswith("# board left empty, lost by forfeit")]
    assert all(f"{name} (#" in noted for name in (*empty[2], *empty[3]))
    section = load_checked(content).events[0].sections[0]
    one = _seated(section, _match_of(section, 3, 1), 1)
    assert {name for name, _, _ in one} == {*regular[1], "R1"} - {"P1b"}  # the reserve moves up
    assert not any(_lost_by_forfeit(outcome, first) for _, outcome, first in one)
    for team in (2, 3):
        seated = _seated(section, _match_of(section, 3, team), team)
        playing = len(regular[team]) - len(empty[team])
        assert {name for name, _, _ in seated[:playing]} == set(regular[team]) - set(empty[team])
        assert [name for name, _, _ in seated[playing:]] == empty[team]  # the last boards, lost by forfeit
        assert all(_lost_by_forfeit(outcome, first) for _, outcome, first in seated[playing:])
        assert not any(_lost_by_forfeit(outcome, first) for _, outcome, first in seated[:playing])
    checked = CliRunner().invoke(main, ["check", str(content)])
    assert checked.exit_code == 0, checked.output
    verified = CliRunner().invoke(main, ["verify", str(content)])
    assert verified.exit_code == 0 and verified.output.count("ok    cup/open round") == 3, verified.output


def test_an_error_in_a_pairing_not_written_points_at_a_line_that_exists(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pairing that `check` would refuse is not written, and the error is said at a line of the
    files as they are (the round file prepared for it), not at a line of the text not written."""
    import site_builder.pairing.teams as teams

    def fielding_everyone(section: Section, team: int, upto: int, chosen: tuple[int, ...] | None = None
                          ) -> LineUp:
        """An engine that fields the withdrawn player, as one did."""
        from site_builder.engine.teams import LineUp  # not in the code before it

        return LineUp(chosen or section.teams_by_number[team].players)

    content = _event(tmp_path, "team-swiss", 6)
    for number in (1, 2):
        _play(content, "team-swiss", number)
    _append(_round(content, 2), "withdrawn: [P2b]\n")
    prepared = _round(content, 3)
    prepared.write_text("date: 2027-03-03\ngames: []\n", encoding="utf-8")
    monkeypatch.setattr(teams, "line_up", fielding_everyone, raising=False)
    result = CliRunner().invoke(main, ["pair", str(content)])
    assert result.exit_code == 2
    refused = "its pairing would be refused: 'P2b' is paired in round 3 after withdrawing in round 2"
    assert refused in result.output
    where = re.search(r"03\.yaml:(\d+):(\d+): ", result.output)
    assert where is not None and int(where[1]) <= 2, result.output
    assert prepared.read_text(encoding="utf-8") == "date: 2027-03-03\ngames: []\n"


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_withdrawn_or_absent_team_has_no_bye(tmp_path: Path, system: str) -> None:
    """docs/systems.md: a withdrawn team is never paired again, and a later bye of it is an error at
    its name under `bye:`; so is the bye of a team listed absent, or playing, in the round."""
    content = _event(tmp_path, system, 8)
    for number in (1, 2):
        _play(content, system, number)
    _append(_round(content, 2), "withdrawn: [T8]\n")
    text = _play(content, system, 3)
    (bye,) = re.findall(r'^bye: "(T\d)"$', text, flags=re.M)
    line = text.splitlines().index(f'bye: "{bye}"') + 1

    def check_says(written: str) -> str:
        _round(content, 3).write_text(written, encoding="utf-8")
        result = CliRunner().invoke(main, ["check", str(content)])
        assert result.exit_code == 2, result.output
        return result.output

    said = check_says(text.replace(f'bye: "{bye}"', 'bye: "T8"'))
    assert f"03.yaml:{line}:6: 'T8' withdrew after round 2 but has the bye in round 3" in said
    said = check_says(text + f"absent: [{bye}]\n")
    assert f"03.yaml:{line}:6: '{bye}' is listed absent in round 3 but has the bye in it" in said
    other = re.search(r'^    home: "(T\d)"$', text, flags=re.M)[1]
    said = check_says(text.replace(f'bye: "{bye}"', f'byes: ["{bye}", "{other}"]'))
    assert f"03.yaml:{line}:14: '{other}' has the bye in round 3 and plays a match in it" in said


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_late_team_enters_where_it_is_first_paired_and_every_round_verifies(tmp_path: Path,
                                                                               system: str) -> None:
    """A team added to teams.yaml after round 2 enters in round 3, where `bulletin pair` first pairs
    it; pairing rounds 1 and 2 again leaves it out, so that `bulletin verify` agrees with every
    round, as with a late entrant of an individual Swiss (docs/content.md)."""
    content = _event(tmp_path, system, 7 if system == "team-swiss" else 5)
    for number in (1, 2):
        _play(content, system, number)
    teams = content / "cup" / "open" / "teams.yaml"
    _append(teams, _team(8, SYSTEMS[system][1], False))
    for number in (3, 4):
        text = _play(content, system, number)
        assert "T8" in text
    result = CliRunner().invoke(main, ["verify", str(content)])
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.output.splitlines()[:4]] == \
        [f"ok    cup/open round {n}" for n in range(1, 5)]


def test_a_line_up_naming_a_withdrawn_player_is_an_error_at_the_line_up(tmp_path: Path) -> None:
    """docs/systems.md: a line-up names none who has withdrawn, said where it is written (before,
    `bulletin pair` fielded him, then refused its own pairing)."""
    content = _event(tmp_path, "team-swiss", 6)
    for number in (1, 2):
        _play(content, "team-swiss", number)
    _append(_round(content, 2), "withdrawn: [P2b]\n")
    _round(content, 3).write_text("date: 2027-03-03\ngames: []\nlineups:\n  T2: [P2a, P2b, P2c]\n",
                                  encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code == 2
    said = "03.yaml:4:7: 'P2b' is in the line-up of 'T2' in round 3 after withdrawing in round 2"
    assert said in result.output


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_team_that_withdraws_before_it_is_ever_paired_never_enters(tmp_path: Path, system: str) -> None:
    """docs/systems.md: a team enters at the first round whose file names it in a match, on the bye or
    absent, as a player does; one added to teams.yaml and listed withdrawn before any round pairs it
    never enters the field, so pairing the earlier rounds again leaves it out and every round
    verifies, and it is no late entry (none marked, none in an exported TRF)."""
    from site_builder.trf.write import export_trf

    content = _event(tmp_path, system, 7 if system == "team-swiss" else 5)
    for number in (1, 2):
        _play(content, system, number)
    _append(content / "cup" / "open" / "teams.yaml", _team(8, SYSTEMS[system][1], False))
    _append(_round(content, 2), "withdrawn: [T8]\n")
    assert "T8" not in _play(content, system, 3)
    result = CliRunner().invoke(main, ["verify", str(content)])
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.output.splitlines()[:3]] == \
        [f"ok    cup/open round {n}" for n in range(1, 4)]
    event = load_checked(content).events[0]
    changes = event.sections[0].field_changes
    assert (changes.teams_entered, changes.teams_withdrawn) == ({}, {8: 2})
    if system == "fide-team":
        assert "late entry" not in export_trf(event, event.sections[0], "2026")
