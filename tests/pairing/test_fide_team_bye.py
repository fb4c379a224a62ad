"""The pairing-allocated bye of the FIDE team Swiss scores a drawn match (C.04.6 art. 1.4), unless
the competition's regulations say otherwise (`match_points:` of the section)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from site_builder.content.loader import load_site
from site_builder.engine.scoring import records
from site_builder.engine.teams import team_records
from site_builder.model import Section


def _section(tmp_path: Path, extra: str = "") -> Section:
    content = tmp_path / "content"
    folder = content / "cup" / "open"
    (folder / "rounds").mkdir(parents=True)
    (content / "cup" / "event.yaml").write_text(
        "name: Cup\ngame: chess\nlanguage: en\ndates: [2027-03-01, 2027-03-02]\nsections:\n"
        f"  open: {{name: Open, system: fide-team, rounds: 2, boards: 4{extra}}}\n", encoding="utf-8")
    teams = [f"  - {{number: {t}, name: Team {t}, players: [{', '.join(f'P{t}{b}' for b in 'abcd')}]}}"
             for t in (1, 2, 3)]
    (folder / "teams.yaml").write_text("teams:\n" + "\n".join(teams) + "\n", encoding="utf-8")
    boards = ", ".join(f'[P1{b}, P2{b}, "1-0"]' if i % 2 == 0 else f'[P2{b}, P1{b}, "1-0"]'
                       for i, b in enumerate("abcd"))
    (folder / "rounds" / "01.yaml").write_text(
        "round: 1\nmatches:\n  - {table: 1, home: Team 1, away: Team 2, boards: [" + boards + "]}\n"
        "bye: Team 3\n", encoding="utf-8")
    return load_site(content).events[0].sections[0]


def _bye(section: Section) -> tuple[Fraction, Fraction]:
    recs = records(section)
    entry = team_records(section, recs)[3][0]
    assert entry.role == "B"
    return Fraction(entry.match_points, 2), Fraction(entry.game_points, recs.scale)


def test_art_1_4_the_bye_scores_a_drawn_match(tmp_path: Path) -> None:
    """Art. 1.4: "as many match points and game points as are rewarded for a draw": 1 match point
    (2 / 1 / 0) and half of the 4 boards' points."""
    section = _section(tmp_path)
    assert _bye(section) == (Fraction(1), Fraction(2))


def test_art_1_4_the_regulations_may_say_otherwise(tmp_path: Path) -> None:
    """Art. 1.4: "unless the regulations of the team competition state otherwise"."""
    section = _section(tmp_path, ", match_points: {bye: 2, bye_game_points: 3}")
    assert _bye(section) == (Fraction(2), Fraction(3))
