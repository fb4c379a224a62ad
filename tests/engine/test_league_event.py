"""The Chinese Student Shogi League example (seed 000) computed end to end."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.engine import league
from site_builder.engine.league_event import league_results

ROOT = Path(__file__).resolve().parents[2]
SLUG = "2024-student-shogi-league"


@pytest.fixture(scope="module")
def event():
    site = load_checked(ROOT / "content" / SLUG)
    return site.events[0]


@pytest.fixture(scope="module")
def results(event):
    return league_results(event)


def test_finals_qualify_from_the_group_tables(event, results) -> None:
    """六.2: places 1 and 2 of every parallel group play the A-final, place 3 the B-final."""
    sections = {s.id: s for s in event.sections}
    tables = {gid: [row.player for row in rows] for gid, rows in results.groups.items()}
    assert {p.number for p in sections["final-a"].players} == {t[i] for t in tables.values() for i in (0, 1)}
    assert {p.number for p in sections["final-b"].players} == {t[2] for t in tables.values()}
    assert len(sections["random"].players) == len(event.players) - 12


def test_group_x_values(results) -> None:
    """六.2: fixed points by group placing; 0.9 beyond 18th."""
    for rows in results.groups.values():
        assert [row.x for row in rows[:3]] == [Decimal(75), Decimal(68), Decimal(60)]


def test_every_row_follows_the_formula(results) -> None:
    """七: score = A·(X + C) + Y/7.5 + 4.5·B·k + D, half-up to three decimals."""
    for row in results.final:
        assert row.score == league.final_score(row.a, row.x, row.c, row.y, row.b, row.k, row.d)


def test_tie_broken_by_direct_result(event, results) -> None:
    """七 注: two players on equal scores — the one who won their game gets D = 0.001."""
    corrected = [row for row in results.final if row.d]
    assert len(corrected) == 1 and corrected[0].d == Decimal("0.001")


def test_overseas_player_listed_without_rank_and_second_team_not_ranked(event, results) -> None:
    """八 and the rules' decision: overseas players have no rank; their school and second teams
    are not in the school ranking."""
    overseas = [p.number for p in event.players if p.fields.get("overseas")]
    assert overseas and all(row.rank is None for row in results.final if row.player in overseas)
    ranked_schools = {row.school for row in results.schools if row.rank is not None}
    assert "早稻田大学（海外）" not in ranked_schools


def test_challenges_of_every_outcome(results) -> None:
    """六.3: win +4.5, draw +0.9, loss −2.7 for the challenger."""
    assert set(results.challenge_points.values()) == {Decimal("4.5"), Decimal("0.9"), Decimal("-2.7")}
    assert results.violations == []


def test_a_coefficients_spread_over_the_groups(results) -> None:
    """7.2: four groups → A in {1.088, 1.072, 1.056, 1.040}; the B-final winner 1.125."""
    values = {row.a for row in results.final}
    assert Decimal("1.125") in values
    assert values - {Decimal("1.125"), Decimal(1)} <= {Decimal("1.088"), Decimal("1.072"), Decimal("1.056"),
                                                       Decimal("1.040")}


def test_a_challenge_breaking_a_rule_is_a_located_error(tmp_path: Path) -> None:
    """六.3: a challenge against a player more than six places above is an input error."""
    import shutil

    content = tmp_path / SLUG
    shutil.copytree(ROOT / "content" / SLUG, content)
    results = league_results(load_checked(content).events[0])
    names = {p.number: p.name for p in load_checked(content).events[0].players}
    ranking = [row.player for row in results.stage2 if row.rank is not None]
    last, first = ranking[-1], ranking[0]
    (content / "challenges.yaml").write_text(f"challenges:\n  - [{names[last]}, {names[first]}, \"1-0\"]\n",
                                             encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code == 2
    assert "challenges.yaml:2:5: challenge not allowed" in result.output


def test_an_abnormal_result_of_a_challenge_is_a_located_error(tmp_path: Path) -> None:
    """六.3 scores a challenge won, drawn or lost: ½-0 (an abnormal result of a game) is refused at
    the result, not taken for a loss."""
    import shutil

    content = tmp_path / SLUG
    shutil.copytree(ROOT / "content" / SLUG, content)
    challenges = content / "challenges.yaml"
    text = challenges.read_text(encoding="utf-8")
    challenges.write_text(text.replace('"1-0"]', '"½-0"]', 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code == 2
    assert "challenges.yaml:3:16: a challenge's result is won, drawn or lost, not ½-0" in result.output


def test_tsume_scores_are_validated(tmp_path: Path) -> None:
    """六.1: tsume scores are 0–150."""
    import shutil

    content = tmp_path / SLUG
    shutil.copytree(ROOT / "content" / SLUG, content)
    players = content / "players.yaml"
    text = players.read_text(encoding="utf-8")
    players.write_text(re.sub(r"tsume: \d+", "tsume: 151", text, count=1), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code == 2 and "must be 0–150" in result.output


def test_special_grant_and_sponsored_prizes(tmp_path: Path) -> None:
    """九: a special decision of the arbiters replaces the computed award and is shown as such;
    九.2 sponsored prizes by place."""
    from site_builder.build import build_site

    out = tmp_path / "out"
    build_site(ROOT / "content" / SLUG, out, pdf=False)
    ranking = (out / SLUG / "league" / "ranking.html").read_text(encoding="utf-8")
    assert "三等奖（裁判委员会特别决定）" in ranking
    assert "1000 + 皮面将棋盘" in ranking
    schools = (out / SLUG / "league" / "schools.html").read_text(encoding="utf-8")
    assert "15000 + 将棋套装" in schools
