"""The files written for a team event speak its language (docs/architecture.md, "A language's
catalogue": the texts `bulletin new` writes, `new.*`, and the sentences that explain a pairing,
`note.<kind>`): teams.yaml's head, and the notes and warnings `bulletin pair` writes at the top of a
team round file (seed 001 三, 四.2), worded by the catalogues from the team pairing's data."""

from __future__ import annotations

import re
from pathlib import Path

from team_event import new_team_event, pair_and_play

from site_builder.checks import load_checked
from site_builder.pairing.explain import reason
from site_builder.pairing.team_zones import TeamState, pair_teams
from site_builder.views.reasons import said

#: English words of the notes as they were written before they went through the catalogues.
ENGLISH = re.compile(r"\b(team|teams|zone|bye|floats|paired|matches|reserves under)\b")


def _comments(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")]


def test_a_chinese_team_event_gets_chinese_comments(tmp_path: Path) -> None:
    content = tmp_path / "content"
    section = new_team_event(content, "zh")
    head = _comments(section / "teams.yaml")
    assert head[0] == "# 每行一队，按种子顺序；队员按台次顺序（替补列在 'reserves:' 下），"
    first = _comments(pair_and_play(content, section, 1))
    assert first[0] == "# 7 号队轮空（第 1 轮由序号最大的队轮空）"
    second = _comments(pair_and_play(content, section, 2))
    assert any("号队" in line and "区" in line for line in second), second  # the zones' decisions
    assert [line for line in head + first + second if ENGLISH.search(line)] == []


def test_an_english_team_event_keeps_its_english_notes(tmp_path: Path) -> None:
    content = tmp_path / "content"
    section = new_team_event(content, "en")
    assert _comments(section / "teams.yaml")[0].startswith("# One line per team, in seeding order")
    assert _comments(pair_and_play(content, section, 1))[0] == \
        "# team 7 has the bye (the largest number in round 1)"


def test_the_warnings_of_three_home_matches_in_a_row_are_worded_by_the_catalogue() -> None:
    """四.2: team 2 is home a third time, team 4 away a third time; `bulletin pair` writes the
    warnings in the event's language."""
    teams = [TeamState(1, 10, frozenset({3, 4}), ("H", "H")), TeamState(2, 10, frozenset({4, 3}), ("H", "H")),
             TeamState(3, 0, frozenset({1, 2}), ("A", "A")), TeamState(4, 0, frozenset({2, 1}), ("A", "A"))]
    warnings = [reason(w, str) for w in pair_teams(teams, 3).warnings]
    assert said(warnings, "zh") == ["2 号队连续 3 场为主队", "4 号队连续 3 场为客队"]
    assert said(warnings, "en") == ["team 2: 3 home matches in a row", "team 4: 3 away matches in a row"]


def test_a_board_left_empty_is_noted_in_the_event_s_language_beside_the_zones(tmp_path: Path) -> None:
    """docs/systems.md ("The round file's first lines name the boards left empty"): a player of a team
    without reserves withdraws; the next round file's notes, the team pairing's and the empty board's,
    are all in the event's language."""
    content = tmp_path / "content"
    section = new_team_event(content, "zh")
    for number in (1, 2):
        pair_and_play(content, section, number)
    sec = load_checked(content).events[0].sections[0]
    gone = sec.player(sec.teams[0].players[1]).name
    second = section / "rounds" / "02.yaml"
    second.write_text(second.read_text(encoding="utf-8") + f"withdrawn: [{gone}]\n", encoding="utf-8")
    third = _comments(pair_and_play(content, section, 3))
    assert [line for line in third if line.startswith("# 空台判负：")] == \
        [f"# 空台判负：{gone} (#{sec.teams[0].players[1]})（该队此台无人出场，记弃权负）"]
    assert any("号队" in line for line in third), third  # the team pairing's own notes
    assert [line for line in third if ENGLISH.search(line)] == []
