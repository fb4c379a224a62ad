"""An arbiter's event from nothing to the last round, with the CLI only: each round prepared ahead
(date, note, comments, absences), paired, its results entered, the site built. Along the way: an
absence entered ahead, a withdrawal, a late entry, a result corrected after the next round was
paired, a team withdrawal and a line-up change. No key or comment the arbiter wrote is lost, every
change of the field shows on the site and in the PDF, every refusal is one located line."""

from __future__ import annotations

import itertools
import re
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from organizer import give_dates

from site_builder.cli import main

RESULTS = {"chess": ("1-0", "½-½", "0-1"), "xiangqi": ("2:0", "1:1", "0:2")}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def ok(*args: str) -> str:
    code, output = run(*args)
    assert code == 0, output
    return output


def prepare(rounds: Path, number: int, extra: str = "") -> Path:
    """The arbiter writes the round's file before pairing."""
    path = rounds / f"{number:02d}.yaml"
    rounds.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# Round {number}, prepared by the arbiter\ndate: 2027-03-{number:02d}\n"
                    f"note: \"Round {number} starts at 14:00\"   # for the wall\n{extra}games: []\n",
                    encoding="utf-8")
    return path


def enter_results(path: Path, game: str, number: int) -> None:
    cycle = itertools.cycle(RESULTS[game][number % 3:] + RESULTS[game][:number % 3])
    path.write_text(re.sub(r'"\?"', lambda _: f'"{next(cycle)}"', path.read_text(encoding="utf-8")),
                    encoding="utf-8")


def kept(path: Path, number: int) -> None:
    """Everything the arbiter wrote before pairing is still in the round file."""
    text = path.read_text(encoding="utf-8")
    assert f"# Round {number}, prepared by the arbiter" in text and "# for the wall" in text
    data = yaml.safe_load(text)
    assert str(data["date"]) == f"2027-03-{number:02d}" and data["note"] == f"Round {number} starts at 14:00"


def pdf_text(path: Path) -> str:
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())


@pytest.fixture
def club(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    ok("new", str(content / "club"), "--name", "Club Swiss", "--game", "chess", "--language", "en",
       "--rounds", "5", "--players", "12", "--plain-seed")
    give_dates(content / "club")
    return content


def test_a_dutch_club_swiss_with_every_change_of_the_field(club: Path, tmp_path: Path) -> None:
    rounds = club / "club" / "open" / "rounds"
    players = club / "club" / "open" / "players.yaml"
    for number in range(1, 6):
        extra = ""
        if number == 2:
            extra = "absent: [\"Player 05\"]   # phoned in sick\n"
        if number == 3:  # a late entry joins the list before round 3
            players.write_text(players.read_text(encoding="utf-8") + '  - {number: 13, name: "Late, Lou"}\n',
                               encoding="utf-8")
        path = prepare(rounds, number, extra)
        ok("pair", str(club))
        kept(path, number)
        if number == 2:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            assert data["absent"] == ["Player 05"]
            assert all("Player 05" not in str(g) for g in data["games"])
        enter_results(path, "chess", number)
        if number == 3:  # Player 09 withdraws after round 3
            path.write_text(path.read_text(encoding="utf-8") + 'withdrawn: ["Player 09"]\n', encoding="utf-8")
        if number == 4:  # round 5 is paired; then a round-4 result is corrected: round 5 is stale
            prepare(rounds, 5)
            ok("pair", str(club))
            four = path.read_text(encoding="utf-8")
            first = next(m for m in re.finditer(r'"(1-0|½-½|0-1)"\]', four))
            corrected = '"0-1"]' if first.group(1) != "0-1" else '"1-0"]'
            path.write_text(four[:first.start()] + corrected + four[first.end():], encoding="utf-8")
            code, output = run("check", str(club), "--strict")
            assert code == 2 and len(output.strip().splitlines()) == 2  # the line and "1 error; …"
            assert "05.yaml:" in output and "was paired from other results" in output
            ok("pair", str(club), "--replace")
            assert "paired from other results" not in ok("check", str(club), "--strict")
            path = rounds / "05.yaml"
            kept(path, 5)
            enter_results(path, "chess", 5)
            break
    # refusals are one located line, and nothing is written
    code, output = run("pair", str(club))
    assert code == 2 and len(output.strip().splitlines()) == 1 and "all 5 rounds are paired" in output
    ok("build", str(club), "-o", str(tmp_path / "out"), "--strict")
    site = tmp_path / "out" / "club" / "open"
    two = (site / "round-02.html").read_text(encoding="utf-8")
    assert "Player 05</a> <small class=\"muted\">#5 · absent" in two
    assert "Late, Lou</a> <small class=\"muted\">#13 · entered in round 3" in two
    four = (site / "round-04.html").read_text(encoding="utf-8")
    assert "Player 09</a> <small class=\"muted\">#9 · withdrew after round 3" in four
    standings = (site / "standings-05.html").read_text(encoding="utf-8")
    assert 'title="withdrew after round 3">withdrew</small>' in standings
    assert 'title="entered in round 3">late entry</small>' in standings
    last = pdf_text(site / "bulletin-round-05.pdf")
    assert "Not paired this round: Player 09 (withdrew after round 3)" in last


def test_a_team_swiss_with_a_withdrawal_and_a_line_up_change(tmp_path: Path) -> None:
    content = tmp_path / "content"
    section = content / "cup" / "open"
    section.mkdir(parents=True)
    (content / "cup" / "event.yaml").write_text(
        "name: 团体赛\ngame: xiangqi\nlanguage: zh\nregulation: xiangqi-team-swiss\ndraw_seed: 7\n"
        "dates: [2027-03-01, 2027-03-09]\n"
        "sections:\n  open: {name: 团体组, system: team-swiss, rounds: 4}\n", encoding="utf-8")
    lines = ["teams:"]
    for t in range(1, 9):
        lines.append(f"  - {{number: {t}, name: 队{t}, players: [队{t}甲, 队{t}乙, 队{t}丙]"
                     + (f", reserves: [队{t}替]}}" if t == 3 else "}"))
    (section / "teams.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    rounds = section / "rounds"
    for number in range(1, 5):
        extra = "lineups:\n  队3: [队3替, 队3乙, 队3丙]   # 队3甲 rests\n" if number == 3 else ""
        path = prepare(rounds, number, extra)
        ok("pair", str(content))
        kept(path, number)
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        teams_playing = {m[k] for m in data["matches"] for k in ("home", "away")}
        teams_playing |= set(str(data.get("bye", "")).split(", "))
        if number >= 3:
            assert "队8" not in teams_playing  # withdrew after round 2
        if number == 3:
            assert "队3: [队3替, 队3乙, 队3丙]   # 队3甲 rests" in path.read_text(encoding="utf-8")
            boards = str(next(m for m in data["matches"] if "队3" in (m["home"], m["away"]))["boards"])
            assert "队3替" in boards and "队3甲" not in boards
        enter_results(path, "xiangqi", number)
        if number == 2:
            path.write_text(path.read_text(encoding="utf-8") + "withdrawn: [队8]\n", encoding="utf-8")
    ok("build", str(content), "-o", str(tmp_path / "out"), "--strict")
    three = (tmp_path / "out/cup/open/round-03.html").read_text(encoding="utf-8")
    assert "队8</a> <small class=\"muted\">第 2 轮后退赛" in three
    assert "本轮未编排：队8（第 2 轮后退赛）" in pdf_text(tmp_path / "out/cup/open/bulletin-round-03.pdf")


def test_a_positional_swiss_with_codes_an_absence_and_a_withdrawal(tmp_path: Path) -> None:
    content = tmp_path / "content"
    ok("new", str(content / "xq"), "--name", "象棋公开赛", "--game", "xiangqi", "--language", "zh",
       "--rounds", "5", "--players", "20", "--plain-seed")
    give_dates(content / "xq")
    event = content / "xq" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("# numbering: codes", "numbering: codes"),
                     encoding="utf-8")
    rounds = content / "xq" / "open" / "rounds"
    for number in range(1, 6):
        path = prepare(rounds, number, 'absent: ["棋手07"]\n' if number == 3 else "")
        ok("pair", str(content))
        kept(path, number)
        enter_results(path, "xiangqi", number)
        if number == 2:
            path.write_text(path.read_text(encoding="utf-8") + 'withdrawn: ["棋手11"]\n', encoding="utf-8")
    assert (content / "xq" / "open" / "codes.yaml").is_file()
    ok("build", str(content), "-o", str(tmp_path / "out"), "--strict")
    site = tmp_path / "out" / "xq" / "open"
    three = (site / "round-03.html").read_text(encoding="utf-8")
    assert "棋手07</a> <small class=\"muted\">#7 · 缺席" in three
    assert "棋手11</a> <small class=\"muted\">#11 · 第 2 轮后退赛" in three
    printed = pdf_text(site / "bulletin-round-03.pdf").replace(" ", "")
    assert "本轮未编排：棋手07（缺席）、棋手11（第2轮后退赛）" in printed
    assert (site / "codes.html").is_file()  # every round paired: the codes are published


def decide_matches(path: Path, tiebreak_board: int = 0) -> None:
    """Each knockout match: the first game won by its first player, the second drawn; the match on
    `tiebreak_board` drawn in both slow games and decided by its first rapid game."""
    lines, out, seen, board = path.read_text(encoding="utf-8").splitlines(), [], 0, 0
    for line in lines:
        if line.strip().startswith("- board:"):
            seen, board = 0, int(line.split(":")[1])
        elif '"?"' in line:
            tied = board == tiebreak_board
            line = line.replace('"?"', '"1:1"' if tied or seen else '"2:0"')
            seen += 1
            if tied and seen == 2:  # a rapid game: its decisive result ends the match
                first, second = (line.split("[", 1)[1].rsplit(",", 1)[0]).split(", ")
                out += [line, f'{line[:line.index("-")]}- [{second}, {first}, "2:0", rapid]']
                continue
        out.append(line)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def test_a_knockout_played_to_the_final_refuses_an_absence_in_one_line(tmp_path: Path) -> None:
    content = tmp_path / "content"
    ok("new", str(content / "ko"), "--name", "Cup", "--game", "xiangqi", "--language", "en",
       "--system", "knockout", "--players", "16", "--plain-seed")
    give_dates(content / "ko")
    rounds = content / "ko" / "open" / "rounds"
    path = prepare(rounds, 1, 'absent: ["Player 16"]\n')
    before = path.read_text(encoding="utf-8")
    code, output = run("pair", str(content))
    assert code == 2 and len(output.strip().splitlines()) == 1 and "forfeit" in output
    assert path.read_text(encoding="utf-8") == before
    for number in range(1, 5):
        path = prepare(rounds, number)
        ok("pair", str(content))
        kept(path, number)
        matches = yaml.safe_load(path.read_text(encoding="utf-8"))["matches"]
        assert len(matches) == 8 or number > 1  # later rounds add the placement matches
        decide_matches(path, tiebreak_board=1 if number == 1 else 0)
    code, output = run("pair", str(content))
    assert code == 2 and "all 4 rounds are paired" in output
    ok("build", str(content), "-o", str(tmp_path / "out"), "--strict")
    site = tmp_path / "out" / "ko" / "open"
    assert "rapid" in (site / "round-01.html").read_text(encoding="utf-8").lower()
    placings = (site / "placings.html").read_text(encoding="utf-8")
    assert placings.count("<tr") >= 9
