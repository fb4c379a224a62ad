"""`bulletin pair` is lossless and the same for every system that pairs automatically: a round file
prepared before pairing (`games: []` with a date, a note, comments, absences) is the round it pairs,
and everything the organizer wrote in it is still there afterwards; `--replace` keeps it too.
It refuses, with the location, while an earlier round has results pending (unless `--force`)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.engine.teams import TeamRound
from site_builder.systems import system_of

ROOT = Path(__file__).resolve().parents[1]

PREPARED = """\
# Round {n}: the organizer's notes, written before pairing
round: {n}
date: 2031-05-0{n}   # the day it is played
note: "Lunch break at 12:30"
{extra}games: []
"""

#: (system, example event, section directory, the round to prepare)
CASES = [
    ("swiss-positional", "2017-xiangqi-national-full", "women", 5),
    ("knockout", "2017-xiangqi-national-full", "men-a", 3),
    ("team-swiss", "2023-yuangou-cup", "open", 4),
    ("staged-swiss", "2024-gomoku-open", "open", 5),
    ("dutch", "2026-spring-open", "", 4),
    ("round-robin", "2024-student-shogi-league", "final-a", 4),
    ("random", "2024-student-shogi-league", "random", 2),
]


def _event(tmp_path: Path, slug: str, section_dir: str, number: int, extra: str = "") -> Path:
    """A copy of an example event whose section stops after round `number - 1`, with round
    `number` prepared (and later rounds of that section removed)."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / slug, content / slug)
    event = content / slug / "event.yaml"  # its dates stretched to the prepared round's day
    event.write_text(re.sub(r"^dates: \[(\S+), \S+\]", r"dates: [\1, 2031-12-31]",
                            event.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    if (content / slug / "challenges.yaml").exists():  # the league's are entered after stage 2 only
        (content / slug / "challenges.yaml").write_text("challenges: []\n", encoding="utf-8")
    rounds = content / slug / section_dir / "rounds"
    for path in rounds.glob("*.yaml"):
        if int(path.stem) >= number:
            path.unlink()
    (rounds / f"{number:02d}.yaml").write_text(PREPARED.format(n=number, extra=extra), encoding="utf-8")
    return content


def _pair(content: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["pair", str(content), *args])
    return result.exit_code, result.output


def _section_args(content: Path, slug: str, section_dir: str) -> list[str]:
    event = next(e for e in load_checked(content).events if e.slug == slug)
    section = next(s for s in event.sections
                   if s.files.directory and s.files.directory.name == (section_dir or slug))
    return ["--event", slug, "--section", section.id]


@pytest.mark.parametrize(("system", "slug", "section_dir", "number"), CASES, ids=[c[0] for c in CASES])
def test_a_prepared_round_is_paired_and_keeps_every_key(tmp_path: Path, system: str, slug: str,
                                                        section_dir: str, number: int) -> None:
    content = _event(tmp_path, slug, section_dir, number)
    args = _section_args(content, slug, section_dir)
    event = next(e for e in load_checked(content).events if e.slug == slug)
    assert system_of(next(s for s in event.sections if s.id == args[-1])).name == system
    code, output = _pair(content, *args)
    assert code == 0, output
    path = content / slug / section_dir / "rounds" / f"{number:02d}.yaml"
    text = path.read_text(encoding="utf-8")
    assert f"# Round {number}: the organizer's notes, written before pairing" in text
    assert "# the day it is played" in text
    data = yaml.safe_load(text)
    assert data["round"] == number and str(data["date"]) == f"2031-05-0{number}"
    assert data["note"] == "Lunch break at 12:30"
    assert data.get("games") or data.get("matches"), text  # the pairing is in
    assert text.count("games: []") == 0
    # --replace pairs it again and still keeps the organizer's keys and comments
    code, output = _pair(content, *args, "--replace")
    assert code == 0, output
    again = path.read_text(encoding="utf-8")
    assert again == text


def test_an_absence_entered_ahead_is_left_out_of_a_positional_swiss(tmp_path: Path) -> None:
    content = _event(tmp_path, "2017-xiangqi-national-full", "women", 5, extra="absent: [唐丹]\n")
    code, output = _pair(content, "--event", "2017-xiangqi-national-full", "--section", "women")
    assert code == 0, output
    data = yaml.safe_load((content / "2017-xiangqi-national-full/women/rounds/05.yaml").read_text("utf-8"))
    assert data["absent"] == ["唐丹"] and data["note"] == "Lunch break at 12:30"
    assert all("唐丹" not in game for game in data["games"])
    section = next(s for s in load_checked(content).events[0].sections if s.id == "women")
    assert section.rounds[-1].absent and len(section.rounds[-1].games) == (len(section.players) - 1) // 2


def test_an_absence_in_a_round_robin_is_refused_in_one_line(tmp_path: Path) -> None:
    content = _event(tmp_path, "2024-student-shogi-league", "final-a", 4, extra="absent: [1]\n")
    code, output = _pair(content, "--event", "2024-student-shogi-league", "--section", "final-a")
    assert code == 2 and len(output.strip().splitlines()) == 1
    assert "pairs every player" in output and "forfeit" in output


def test_pair_refuses_while_an_earlier_round_has_results_pending(tmp_path: Path) -> None:
    content = _event(tmp_path, "2017-xiangqi-national-full", "women", 5)
    (content / "2017-xiangqi-national-full/women/rounds/05.yaml").unlink()
    three = content / "2017-xiangqi-national-full/women/rounds/03.yaml"
    text = three.read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- ["))
    lines[at] = lines[at].rsplit(",", 1)[0] + ', "?"]'
    three.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, output = _pair(content, "--event", "2017-xiangqi-national-full", "--section", "women")
    assert code == 2 and len(output.strip().splitlines()) == 1
    assert "03.yaml:7:8: 无法编排第 5 轮：第 3 轮还有 1 个成绩未填写" in output and "--force" in output
    assert not (three.parent / "05.yaml").exists()
    code, output = _pair(content, "--event", "2017-xiangqi-national-full", "--section", "women", "--force")
    assert code == 0, output
    assert (three.parent / "05.yaml").exists()


def test_an_emptied_round_file_is_a_located_error(tmp_path: Path) -> None:
    content = _event(tmp_path, "2026-spring-open", "", 4)
    (content / "2026-spring-open/rounds/03.yaml").write_text("# results to come\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code == 2
    assert "03.yaml:1:1: round 3 lists no games, byes or absences" in result.output
    assert "games: []" in result.output


def test_check_strict_rejects_exactly_what_build_strict_rejects(tmp_path: Path) -> None:
    content = _event(tmp_path, "2017-xiangqi-national-full", "women", 5)
    (content / "2017-xiangqi-national-full/women/rounds/05.yaml").unlink()
    three = content / "2017-xiangqi-national-full/women/rounds/03.yaml"
    lines = three.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- ["))
    lines[at] = lines[at].rsplit(",", 1)[0] + ', "?"]'  # a result missing in an old round: a warning
    three.write_text("\n".join(lines) + "\n", encoding="utf-8")
    runner = CliRunner()
    check = runner.invoke(main, ["check", str(content)])
    assert check.exit_code == 0 and "warning: " in check.output and "1 warning(s)" in check.output
    strict = runner.invoke(main, ["check", str(content), "--strict"])
    build = runner.invoke(main, ["build", str(content), "-o", str(tmp_path / "out"), "--no-pdf", "--strict"])
    assert strict.exit_code == build.exit_code == 2
    # the same problems; only build, which writes, says that it wrote nothing
    assert strict.output == build.output.replace("; nothing was written.", ".")
    assert "03.yaml:" in strict.output
    assert not (tmp_path / "out").exists()


def test_a_result_corrected_after_pairing_makes_the_later_round_stale(tmp_path: Path) -> None:
    content = _event(tmp_path, "2017-xiangqi-national-full", "women", 5)
    args = ["--event", "2017-xiangqi-national-full", "--section", "women"]
    assert _pair(content, *args)[0] == 0
    rounds = content / "2017-xiangqi-national-full/women/rounds"
    five = (rounds / "05.yaml").read_text(encoding="utf-8")
    assert 'paired_from: "' in five
    four = rounds / "04.yaml"
    text = four.read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- ["))
    result = lines[at].rsplit(",", 1)[1]
    corrected = ' "1:1"]' if "1:1" not in result else ' "2:0"]'
    lines[at] = lines[at].rsplit(",", 1)[0] + "," + corrected  # the arbiter corrects a result of round 4
    four.write_text("\n".join(lines) + "\n", encoding="utf-8")
    runner = CliRunner()
    check = runner.invoke(main, ["check", str(content)])
    assert check.exit_code == 0
    assert "05.yaml:" in check.output and "round 5 of '女子组' was paired from other results" in check.output
    assert "bulletin pair --replace" in check.output
    assert runner.invoke(main, ["check", str(content), "--strict"]).exit_code == 2
    assert _pair(content, *args, "--replace")[0] == 0
    assert "paired from other results" not in runner.invoke(main, ["check", str(content)]).output


def test_a_team_withdraws_and_another_is_absent_and_neither_is_paired(tmp_path: Path) -> None:
    content = _event(tmp_path, "2023-yuangou-cup", "open", 4, extra="absent: [上海金外滩]\n")
    rounds = content / "2023-yuangou-cup/open/rounds"
    three = rounds / "03.yaml"
    three.write_text(three.read_text(encoding="utf-8") + "withdrawn: [北京威凯建设]   # after round 3\n",
                     encoding="utf-8")
    code, output = _pair(content, "--event", "2023-yuangou-cup", "--section", "open")
    assert code == 0, output
    section = load_checked(content).events[0].sections[0]
    four = section.rounds[3]
    playing = {t for m in TeamRound.of(four).team_matches for t in (m.home, m.away)} \
        | set(TeamRound.of(four).team_byes)
    assert 1 not in playing and 2 not in playing and len(playing) == len(section.teams) - 2
    assert TeamRound.of(four).teams_absent == (2,) and four.note == "Lunch break at 12:30"
    # a match of a team after its withdrawal is a located error
    two = rounds / "02.yaml"
    two.write_text(two.read_text(encoding="utf-8") + "withdrawn: [北京威凯建设]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code == 2 and "03.yaml:" in result.output
    assert "'北京威凯建设' withdrew after round 2 but plays in round 3" in result.output


def test_a_team_section_refuses_one_player_absent(tmp_path: Path) -> None:
    content = _event(tmp_path, "2023-yuangou-cup", "open", 4, extra="absent: [何学学]\n")
    code, output = _pair(content, "--event", "2023-yuangou-cup", "--section", "open")
    assert code == 2 and "list the team absent by its name" in output


def test_absent_and_withdrawn_teams_show_on_the_round_page(tmp_path: Path) -> None:
    from site_builder.build import build_site

    content = _event(tmp_path, "2023-yuangou-cup", "open", 4, extra="absent: [上海金外滩]\n")
    three = content / "2023-yuangou-cup/open/rounds/03.yaml"
    three.write_text(three.read_text(encoding="utf-8") + "withdrawn: [北京威凯建设]\n", encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False)  # round 4 is the provisional pairing
    page = (tmp_path / "out/2023-yuangou-cup/open/round-04.html").read_text(encoding="utf-8")
    assert "<h3>本轮未编排</h3>" in page
    assert "北京威凯建设</a> <small class=\"muted\">第 3 轮后退赛" in page
    assert "上海金外滩</a> <small class=\"muted\">缺席" in page
    # the withdrawn team is marked as a withdrawn player is: team standings, crosstable, card
    out = tmp_path / "out/2023-yuangou-cup/open"
    mark = '<small class="badge field-mark" title="第 3 轮后退赛">退赛</small>'
    for name in ("standings-03.html", "crosstable.html"):
        html = (out / name).read_text(encoding="utf-8")
        assert mark in html and "退赛：" in html, name  # the mark and its legend
    assert "<dd>第 3 轮后退赛</dd>" in (out / "teams" / "1.html").read_text(encoding="utf-8")
    assert mark not in (out / "standings-02.html").read_text(encoding="utf-8")


def test_a_team_fields_its_line_up_of_the_day(tmp_path: Path) -> None:
    content = _event(tmp_path, "2023-yuangou-cup", "open", 4,
                     extra="lineups:\n  北京威凯建设: [新秀, 孙立学, 周远]   # 何学学 rests\n")
    teams = content / "2023-yuangou-cup/open/teams.yaml"
    text = teams.read_text(encoding="utf-8")
    regulars = "players: [何学学, 孙立学, 周远]"
    teams.write_text(text.replace(regulars + "}", regulars + ", reserves: [新秀]}"), encoding="utf-8")
    args = ["--event", "2023-yuangou-cup", "--section", "open"]
    code, output = _pair(content, *args)
    assert code == 0, output
    section = load_checked(content).events[0].sections[0]
    four = section.rounds[3]
    match = next(m for m in TeamRound.of(four).team_matches if 1 in (m.home, m.away))
    names = {section.player(p).name for g in match.games for p in (g.first, g.second)}
    assert "新秀" in names and "何学学" not in names and "孙立学" in names
    written = (content / "2023-yuangou-cup/open/rounds/04.yaml").read_text(encoding="utf-8")
    assert "北京威凯建设: [新秀, 孙立学, 周远]   # 何学学 rests" in written
    assert _pair(content, *args, "--replace")[0] == 0
    assert (content / "2023-yuangou-cup/open/rounds/04.yaml").read_text(encoding="utf-8") == written
    # the boards must be the line-up
    four_file = content / "2023-yuangou-cup/open/rounds/04.yaml"
    four_file.write_text(written.replace("[新秀, 孙立学", "[何学学, 孙立学"), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code == 2
    assert "'北京威凯建设' plays other players than its line-up of round 4" in result.output


def test_a_line_up_of_strangers_is_refused(tmp_path: Path) -> None:
    content = _event(tmp_path, "2023-yuangou-cup", "open", 4,
                     extra="lineups: {北京威凯建设: [陈洪伟, 孙立学, 周远]}\n")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code == 2 and "陈洪伟 not of the team '北京威凯建设'" in result.output


@pytest.mark.parametrize(("slug", "section_dir", "number"), [
    ("2017-xiangqi-national-full", "women", 5), ("2026-spring-open", "", 4)], ids=["positional", "dutch"])
def test_forbidden_pairs_never_meet(tmp_path: Path, slug: str, section_dir: str, number: int) -> None:
    """The pairs the engine would make are forbidden: it pairs them apart, and keeps the list."""
    content = _event(tmp_path, slug, section_dir, number)
    args = _section_args(content, slug, section_dir)
    assert _pair(content, *args)[0] == 0
    path = content / slug / section_dir / "rounds" / f"{number:02d}.yaml"
    first = load_checked(content).events[0]
    section = next(s for s in first.sections if s.id == args[-1])
    pairs = [(g.first, g.second) for g in section.rounds[-1].games[:2]]
    names = [[section.player(a).name, section.player(b).name] for a, b in pairs]
    quoted = [[json.dumps(a, ensure_ascii=False), json.dumps(b, ensure_ascii=False)] for a, b in names]
    forbidden = "forbidden: [" + ", ".join(f"[{a}, {b}]" for a, b in quoted) + "]   # same club\n"
    path.write_text(PREPARED.format(n=number, extra=forbidden), encoding="utf-8")
    code, output = _pair(content, *args)
    assert code == 0, output
    assert "forbidden: [" in path.read_text(encoding="utf-8") and "# same club" in path.read_text("utf-8")
    again = next(s for s in load_checked(content).events[0].sections if s.id == args[-1])
    met = {frozenset((g.first, g.second)) for g in again.rounds[-1].games}
    assert not met & {frozenset(pair) for pair in pairs}
    # a pairing that breaks it is a located error
    a, b = quoted[0]
    path.write_text(f"{forbidden}games:\n  - [1, {a}, {b}, \"?\"]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code == 2 and f"must not meet in round {number}" in result.output
    assert f"{number:02d}.yaml:3:" in result.output


def test_a_round_robin_refuses_forbidden_pairs(tmp_path: Path) -> None:
    content = _event(tmp_path, "2024-student-shogi-league", "final-a", 4, extra="forbidden: [[1, 2]]\n")
    code, output = _pair(content, "--event", "2024-student-shogi-league", "--section", "final-a")
    assert code == 2 and "remove 'forbidden:'" in output and len(output.strip().splitlines()) == 1


def test_a_next_round_that_cannot_be_paired_is_a_build_and_check_warning(tmp_path: Path) -> None:
    content = _event(tmp_path, "2024-student-shogi-league", "final-a", 4, extra="absent: [1]\n")
    name = next(s for s in load_checked(content).events[0].sections if s.id == "final-a").name
    output = tmp_path / "site"
    result = CliRunner().invoke(main, ["build", str(content), "--output", str(output), "--no-pdf"])
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if line.startswith("warning:")
              and "is not previewed" in line]
    assert len(warned) == 1, result.output
    assert "final-a/rounds/04.yaml:" in warned[0] and repr(name) in warned[0]
    assert "pairs every player" in warned[0]  # the reason the pairing gave
    checked = CliRunner().invoke(main, ["check", str(content)])
    assert checked.exit_code == 0 and warned[0] in checked.output
    strict = CliRunner().invoke(main, ["build", str(content), "-o", str(output), "--no-pdf", "--strict"])
    assert strict.exit_code != 0 and "is not previewed" in strict.output


@pytest.mark.parametrize("system", ["swiss-positional", "round-robin", "knockout"])
def test_a_new_event_whose_players_are_not_entered_yet_has_no_warning(tmp_path: Path, system: str) -> None:
    from site_builder.commands.new import scaffold

    for players in (0, 1):
        content = tmp_path / f"content-{players}"
        scaffold(content / "cup", name="Cup", language="en", system=system, players=players,
                 secret_seed=False)
        result = CliRunner().invoke(main, ["check", str(content), "--strict"])
        assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_the_preview_warning_is_located_where_bulletin_pair_says(tmp_path: Path) -> None:
    """A Dubov event whose players have no rating: `check` warns at the player's line, the place
    `bulletin pair` names for the same reason (C.04.4.1 art. 1.1), not at the event file."""
    from site_builder.commands.new import scaffold

    content = tmp_path / "content"
    scaffold(content / "cup", name="Cup", language="en", system="dubov", players=4, secret_seed=False)
    players = content / "cup" / "open" / "players.yaml"  # the placeholders' ratings left out
    players.write_text(re.sub(r", rating: \d+", "", players.read_text(encoding="utf-8")), encoding="utf-8")
    checked = CliRunner().invoke(main, ["check", str(content)])
    (warned,) = [line for line in checked.output.splitlines() if "is not previewed" in line]
    code, said = _pair(content)
    assert code == 2 and "has no rating" in said
    where = said.split(": cannot pair", 1)[0].removeprefix("error: ")
    assert where.endswith("cup/open/players.yaml:4:5") and f"{where}: the next round" in warned


def _club(tmp_path: Path, played: int, dates: bool = False) -> Path:
    """The rounds folder of a chess event as `bulletin new` makes it (8 players, a fixed seed), its
    dates given when `dates`, rounds 1..`played` paired and won by the first player."""
    from organizer import give_dates

    from site_builder.commands.new import scaffold
    from site_builder.commands.pair import pair_next

    content = tmp_path / "content"
    scaffold(content / "club", name="Club", game="chess", language="en", players=8, secret_seed=False)
    event = content / "club" / "event.yaml"
    event.write_text(re.sub(r"^draw_seed: \d+", "draw_seed: 20270308", event.read_text(encoding="utf-8"),
                            flags=re.M), encoding="utf-8")
    if dates:
        give_dates(content / "club")
    rounds = content / "club" / "open" / "rounds"
    for number in range(1, played + 1):
        pair_next(content, offline=True)
        path = rounds / f"{number:02d}.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace('"?"]', '"1-0"]'), encoding="utf-8")
    return rounds


#: A round prepared on Windows: a byte-order mark, CRLF line endings, comments between the keys
#: and after `games: []`.
WINDOWS = (b'\xef\xbb\xbf# Round three, pre-written\r\nround: 3\r\n\r\ndate: 2027-03-08 # monday\r\n'
           b'absent: ["Player 05"]   # sick\r\n# a comment before games\r\ngames: []\r\n# final comment\r\n')


def test_a_prepared_round_keeps_its_bytes_and_the_pairing_takes_the_place_of_games(tmp_path: Path) -> None:
    """docs/commands.md, `bulletin pair`: every other line of the file stays as the organizer wrote
    it — its byte-order mark, its CRLF line endings, each comment beside the lines it was next to —
    and the pairing is written where `games: []` was, in the file's line endings."""
    rounds = _club(tmp_path, played=2)
    three = rounds / "03.yaml"
    three.write_bytes(WINDOWS)
    code, output = _pair(rounds.parents[2])
    assert code == 0, output
    data = three.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\n") == data.count(b"\r\n")
    lines = data[3:].decode("utf-8").split("\r\n")
    organizer = WINDOWS[3:].decode("utf-8").split("\r\n")
    organizer.remove("games: []")
    assert [line for line in lines if line in organizer] == organizer  # all of them, in their order
    after = lines.index("# a comment before games") + 1
    assert lines[after].startswith("paired_from: ") and lines[after + 1].startswith("games:")
    assert lines[-2:] == ["# final comment", ""] and lines[-3].startswith("byes: ")  # 7 players, a bye
    assert "games: []" not in lines
    # --replace: a comment the arbiter added at the end stays at the end, the rest byte for byte
    three.write_bytes(data + b"# board 2 starts late\r\n")
    code, output = _pair(rounds.parents[2], "--replace")
    assert code == 0, output
    assert three.read_bytes() == data + b"# board 2 starts late\r\n"


def test_a_prepared_round_gets_the_date_line_a_new_round_file_has(tmp_path: Path) -> None:
    """docs/quickstart.md: in an event of several days each round file `bulletin pair` writes has the
    `# date: YYYY-MM-DD` line to fill; a round prepared before pairing without a date or that line
    gets it after its `round:` (or the `round:` pair adds), one with either keeps what it has."""
    rounds = _club(tmp_path, played=1, dates=True)
    content = rounds.parents[2]
    (date_line,) = [line for line in (rounds / "01.yaml").read_text(encoding="utf-8").splitlines()
                    if line.startswith("# date: YYYY-MM-DD")]
    two = rounds / "02.yaml"
    two.write_text('round: 2\ngames: []\nhalf_byes: ["Player 03"]\n', encoding="utf-8")
    assert _pair(content)[0] == 0
    assert f"round: 2\n{date_line}\npaired_from: " in two.read_text(encoding="utf-8")
    assert two.read_text(encoding="utf-8").endswith('half_byes: ["Player 03"]\n')
    two.write_text(two.read_text(encoding="utf-8").replace('"?"]', '"1-0"]'), encoding="utf-8")
    three = rounds / "03.yaml"
    three.write_text('absent: ["Player 02"]\n', encoding="utf-8")  # no round:, no games: []
    assert _pair(content)[0] == 0
    text = three.read_text(encoding="utf-8")
    assert f"round: 3\n{date_line}\nabsent: [\"Player 02\"]\npaired_from: " in text
    assert text.count("# date:") == 1
    # a prepared round with its date, or with the line already, gets no second one
    for prepared in ("round: 3\ndate: 2027-03-03\ngames: []\n", f"round: 3\n{date_line}\ngames: []\n"):
        three.write_text(prepared, encoding="utf-8")
        assert _pair(content, "--replace")[0] == 0
        assert three.read_text(encoding="utf-8").count("date:") == 1
