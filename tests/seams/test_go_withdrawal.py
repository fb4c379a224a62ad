"""Go × withdrawal: a player an earlier round lists as `withdrawn:` is never paired again by
`mcmahon` or `go-swiss`, `check --strict` accepts what `pair` wrote, and the why page leaves the
player out as `pair` did (rules/common.md, withdrawals: "withdraws after this round: never paired again")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from organizer import give_dates

from site_builder.checks import load_checked
from site_builder.cli import main


def ok(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def results(path: Path, number: int) -> None:
    """Every pending game of the round file won by Black, on the round's date."""
    text = re.sub(r'result: "\?"', 'result: "B+R"', path.read_text(encoding="utf-8"))
    path.write_text(f"date: 2027-03-0{number}\n{text}", encoding="utf-8")


@pytest.mark.parametrize("system", ["mcmahon", "go-swiss"])
def test_a_withdrawn_go_player_is_not_paired_again(tmp_path: Path, system: str) -> None:
    content = tmp_path / "content"
    ok("new", str(content / "go"), "--game", "go", "--language", "en", "--system", system,
       "--rounds", "4", "--players", "10", "--plain-seed")
    give_dates(content / "go")
    rounds = content / "go" / "open" / "rounds"
    ok("pair", str(content))
    results(rounds / "01.yaml", 1)
    with (rounds / "01.yaml").open("a", encoding="utf-8") as file:
        file.write("withdrawn: [3]\n")
    for number in (2, 3):
        ok("pair", str(content))
        rnd = load_checked(content).events[0].sections[0].rounds[number - 1]
        assert 3 not in rnd.entrants, rnd
        ok("check", str(content), "--strict")
        results(rounds / f"{number:02d}.yaml", number)
    ok("check", str(content), "--strict")
    assert "DIFF" not in ok("verify", str(content))


def test_a_mcmahon_player_without_a_rank_is_refused_at_the_line(tmp_path: Path) -> None:
    """A McMahon player without `rank:` would start at the floor without a word: an error at the line."""
    content = tmp_path / "content"
    ok("new", str(content / "go"), "--game", "go", "--language", "en", "--system", "mcmahon",
       "--players", "6", "--plain-seed")
    players = content / "go" / "open" / "players.yaml"
    lines = players.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "Player 04" in line)
    lines[at] = re.sub(r", rank: [^,}]+", "", lines[at])
    players.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code != 0
    found = rf"players\.yaml:{at + 1}:\d+: 'Player 04' has no rank: .*\(hint: give the player's 'rank:'"
    assert re.search(found, result.output), result.output


def test_a_rank_changed_after_pairing_is_said_by_check_and_verify(tmp_path: Path) -> None:
    """A rank (or an MMS correction) changed after round 1 was paired: round 1 was paired from other
    start MMS, which check and verify say at round 1, and only there."""
    content = tmp_path / "content"
    ok("new", str(content / "go"), "--game", "go", "--language", "en", "--system", "mcmahon",
       "--rounds", "3", "--players", "8", "--plain-seed")
    give_dates(content / "go")
    ok("pair", str(content))
    assert "players=" in (content / "go" / "open" / "rounds" / "01.yaml").read_text(encoding="utf-8")
    assert "other options" not in ok("check", str(content))
    players = content / "go" / "open" / "players.yaml"
    text = players.read_text(encoding="utf-8")
    players.write_text(text.replace('name: "Player 05", rank: 2k', 'name: "Player 05", rank: 6d'),
                       encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content), "--strict"])
    assert result.exit_code != 0
    assert re.search(r"01\.yaml:\d+:\d+: round 1 of 'Open' was paired with other options than the "
                     r"section's now: players=\w+ then, players=\w+ now", result.output), result.output
    verified = CliRunner().invoke(main, ["verify", str(content)])
    assert verified.exit_code == 1 and "(paired with other options than the section's now" in verified.output
