"""A team section's field from round to round (docs/systems.md, "Team events"), in both team systems
(`team-swiss`, seed 001; `fide-team`, C.04.6): a withdrawn or absent team gets no bye; a team that
enters late is paired from the round it enters, and the earlier rounds still verify."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.cli import main

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
