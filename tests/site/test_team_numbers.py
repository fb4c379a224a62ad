"""Players' numbers in a team event are fixed once given (rules/xiangqi-team-swiss.md 三.2: "Players'
numbers are fixed once reported"; docs/systems.md, Team events): a team that joins late, a reserve
added later, change no number a published page shows, nor which player a player's page is."""

from __future__ import annotations

import re
from pathlib import Path

from team_event import SLUG, add_reserve, add_team, new_team_event, pair_and_play, prepare_lineup

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.content.teams import load_teams
from site_builder.errors import Problems

ROOT = Path(__file__).resolve().parents[2]


def _numbers(content: Path) -> dict[int, str]:
    """Every player's number in the section, with the player's name."""
    return {p.number: p.name for p in load_checked(content).events[0].sections[0].players}


def _reserve_line(page: Path) -> str:
    """The reserve's line on a round page: its name and the number beside it."""
    found = re.search(r">替补甲</a> <small class=\"muted\">#\d+", page.read_text(encoding="utf-8"))
    assert found, page
    return found[0]


def test_a_late_team_and_a_later_reserve_change_no_number_already_shown(tmp_path: Path) -> None:
    content = tmp_path / "content"
    section = new_team_event(content)
    pair_and_play(content, section, 1)
    add_reserve(section, "队02", "[替补甲]")  # fielded in round 2 by its team's line-up
    prepare_lineup(section, 2, "队02", "[替补甲, 队02棋手2, 队02棋手3]")
    pair_and_play(content, section, 2)
    before = _numbers(content)
    assert before[22] == "替补甲" and max(before) == 22  # 7 teams of 3, then the reserve
    build_site(content, tmp_path / "before", pdf=False)
    out = tmp_path / "before" / SLUG / "open"
    shown = _reserve_line(out / "round-02.html")
    assert shown.endswith("#22")
    assert "<title>替补甲 ·" in (out / "players" / "22.html").read_text(encoding="utf-8")

    add_team(section, 8, "天津", "[天津甲, 天津乙, 天津丙]", "[天津丁]")  # joins in round 3
    pair_and_play(content, section, 3)
    after = _numbers(content)
    assert before.items() <= after.items()
    assert [after[n] for n in range(23, 27)] == ["天津甲", "天津乙", "天津丙", "天津丁"]

    add_reserve(section, "队01", "[{name: 替补乙, number: 27}]")  # added once numbers are out: its own
    add_team(section, 9, "重庆", "[重庆甲, 重庆乙, 重庆丙]")
    later = _numbers(content)
    assert after.items() <= later.items()
    assert later[27] == "替补乙" and [later[n] for n in (28, 29, 30)] == ["重庆甲", "重庆乙", "重庆丙"]

    build_site(content, tmp_path / "after", pdf=False)
    out = tmp_path / "after" / SLUG / "open"
    assert _reserve_line(out / "round-02.html") == shown
    assert "<title>替补甲 ·" in (out / "players" / "22.html").read_text(encoding="utf-8")
    assert "<title>天津甲 ·" in (out / "players" / "23.html").read_text(encoding="utf-8")


def test_the_example_keeps_its_numbers() -> None:
    """content/2023-yuangou-cup is published: team t's players are 3t−2 … 3t, as 三.2 numbers them."""
    section = load_checked(ROOT / "content" / "2023-yuangou-cup").events[0].sections[0]
    assert [team.players for team in section.teams] == [(3 * t - 2, 3 * t - 1, 3 * t) for t in range(1, 14)]


def test_a_number_given_twice_is_refused_at_its_number(tmp_path: Path) -> None:
    teams = tmp_path / "teams.yaml"
    teams.write_text("teams:\n  - {name: A, players: [A1, A2]}\n"
                     "  - {name: B, players: [B1, B2], reserves: [{name: B3, number: 2}]}\n",
                     encoding="utf-8")
    problems = Problems()
    players, _ = load_teams(teams, Path("teams.yaml"), 2, problems)
    assert [str(p) for p in problems.items] == [
        "teams.yaml:3:64: player number 2 is given to 'B3' and to 'A2' (hint: give 'B3' a number no other "
        "player has, e.g. 5: a number once given never changes)"]
    assert [p.name for p in players] == ["A1", "A2", "B1", "B2"]
