"""A command never writes what another refuses: `bulletin pair` loads the content with its round
file in place before writing it, and a pairing `check` would refuse is one located line, the
round folder left as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from organizer import give_dates

from site_builder.cli import main
from site_builder.commands import pair as pair_command
from site_builder.pairing import Pair, Pairing


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_a_pairing_check_would_refuse_is_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content = tmp_path / "content"
    assert run("new", str(content / "club"), "--game", "chess", "--language", "en", "--rounds", "5",
               "--players", "6", "--plain-seed")[0] == 0
    give_dates(content / "club")
    rounds = content / "club" / "open" / "rounds"
    assert run("pair", str(content))[0] == 0
    text = re.sub(r'"\?"', '"1-0"', (rounds / "01.yaml").read_text(encoding="utf-8"))
    (rounds / "01.yaml").write_text(f"date: 2027-03-01\nwithdrawn: [1]\n{text}", encoding="utf-8")
    # an engine that forgets the withdrawal
    wrong = Pairing(2, (Pair(1, 1, 2), Pair(2, 3, 4), Pair(3, 5, 6)), ())
    monkeypatch.setattr(pair_command, "next_round", lambda *args, **kwargs: wrong)
    code, output = run("pair", str(content))
    assert code != 0 and not (rounds / "02.yaml").exists()
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    # said at a line that exists: the section's last round, as 02.yaml is not written
    assert re.match(r"(?i)error: \S*01\.yaml:4:8: round 2 is not written", lines[0]), output
    assert "after withdrawing in round 1" in lines[0] and "(hint:" in lines[0]


def test_a_team_asking_for_a_bye_is_told_it_is_a_team(tmp_path: Path) -> None:
    content = tmp_path / "content"
    assert run("new", str(content / "league"), "--system", "team-swiss", "--language", "en", "--teams", "6",
               "--boards", "2", "--plain-seed")[0] == 0
    rounds = content / "league" / "open" / "rounds"
    rounds.mkdir(parents=True)
    (rounds / "01.yaml").write_text('half_byes: ["Team 02"]\ngames: []\n', encoding="utf-8")
    code, output = run("check", str(content))
    assert code != 0
    assert re.search(r"01\.yaml:1:\d+: 'Team 02' is a team: a team is given no half-point bye "
                     r"\(hint: list the team under 'absent:'", output), output


@pytest.mark.parametrize("system", ["swiss-positional", "dutch", "mcmahon", "round-robin", "fide-team"])
def test_a_chinese_event_file_speaks_chinese(tmp_path: Path, system: str) -> None:
    """`bulletin new --language zh`: every comment of event.yaml in Chinese (keys, values, file names
    and codes aside), and round 1's lots said in Chinese in the round file."""
    content = tmp_path / "content"
    teams = ["--teams", "6"] if system == "fide-team" else ["--players", "6"]
    assert run("new", str(content / "e"), "--system", system, *teams, "--plain-seed")[0] == 0
    text = (content / "e" / "event.yaml").read_text(encoding="utf-8")
    comments = [line.rsplit("#", 1)[1] for line in text.splitlines() if "#" in line]
    words = re.compile(r"\b(?!bulletin|pair|docs|secrets|md|content|systems|lot|white|black|match|game|none|"
                       r"xiangqi|chess|shogi|gomoku|go|zh|en|ja|numbering|codes|OpenGotha|UTC|BULLETIN_DRAW_SEED|"
                       r"CI|SHA|FIDE|Berger|Annex|art|seed|d|k)[A-Za-z]{2,}\b")
    assert [c for c in comments if words.search(c)] == []
    if system == "swiss-positional":
        event = content / "e" / "event.yaml"
        event.write_text(text.replace("    rounds: 7", "    rounds: 7\n    first_round: lot"),
                         encoding="utf-8")
        code, output = run("pair", str(content))
        assert code == 0 and "# 抽签：棋手" in output and " 抽到 棋手" in output, output
        assert "drew" not in output
