"""A team that joins a team event late is marked as a late entrant is (docs/content.md: "a player who
withdrew or entered late is marked in standings and crosstable (退赛 / 补报 …)"; docs/systems.md, Team
events): on the rounds before it, in the team standings from its first round on, in the crosstable,
its card, and its players in the individual standings; a reserve of a team that played round 1 is
no late entrant."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from team_event import SLUG, add_reserve, add_team, new_team_event, pair_and_play, prepare_lineup

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.model import FieldChanges

MARK = '<small class="badge field-mark" title="第 3 轮起参赛">补报</small>'
LEGEND = "补报：开赛后加入，此前各轮未编排"


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Seven teams, a reserve of team 2 fielded in round 2, team 8 (天津) appended after round 2 and
    paired from round 3: the content."""
    content = tmp_path_factory.mktemp("late") / "content"
    section = new_team_event(content)
    pair_and_play(content, section, 1)
    add_reserve(section, "队02", "[替补甲]")
    prepare_lineup(section, 2, "队02", "[替补甲, 队02棋手2, 队02棋手3]")
    pair_and_play(content, section, 2)
    add_team(section, 8, "天津", "[天津甲, 天津乙, 天津丙]", "[天津丁]")
    pair_and_play(content, section, 3)
    build_site(content, content.parent / "out", pdf=True)
    return content


def _page(event: Path, name: str) -> str:
    return (event.parent / "out" / SLUG / "open" / name).read_text(encoding="utf-8")


def test_the_late_team_and_its_players_enter_from_its_first_round(event: Path) -> None:
    changes = load_checked(event).events[0].sections[0].field_changes
    assert changes == FieldChanges(entered={23: 3, 24: 3, 25: 3, 26: 3}, teams_entered={8: 3})
    assert changes.upto(2) == FieldChanges()


def test_the_late_team_is_marked_where_the_field_shows(event: Path) -> None:
    assert "天津" not in _page(event, "standings-02.html")  # in the standings from round 3 on
    for name in ("standings-03.html", "crosstable.html"):
        page = _page(event, name)
        assert f">天津</a> {MARK}" in page and LEGEND in page, name
    individual = _page(event, "individual.html")
    assert f">天津甲</a> {MARK}" in individual and LEGEND in individual
    assert ">替补甲</a> <small class=\"badge" not in individual  # a reserve of a team of round 1
    assert '天津</a> <small class="muted">第 3 轮起参赛' in _page(event, "round-02.html")  # not paired
    assert "<dt>参赛情况</dt><dd>第 3 轮起参赛</dd>" in _page(event, "teams/8.html")
    assert "<dt>参赛情况</dt><dd class=\"strong\">第 3 轮起参赛</dd>" in _page(event, "players/23.html")


def test_the_printed_bulletin_marks_the_late_team(event: Path) -> None:
    """The round's PDF prints the team standings and their legend as the web page does."""
    pdf = event.parent / "out" / SLUG / "open" / "bulletin-round-03.pdf"
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "天津（补报）" in text and LEGEND in "".join(text.split())
