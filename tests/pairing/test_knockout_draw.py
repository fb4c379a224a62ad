"""Knockout draws between rating halves (seed 004 一.(三)) and `bulletin pair` for knockouts."""

from __future__ import annotations

import random
from pathlib import Path

import yaml
from click.testing import CliRunner

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.pairing.knockout import halves_draw


def test_halves_draw_pairs_upper_with_lower() -> None:
    pairs = halves_draw(list(range(1, 17)), random.Random(1))
    assert len(pairs) == 8
    for a, b in pairs:
        assert (a <= 8) != (b <= 8)
    assert sorted(x for p in pairs for x in p) == list(range(1, 17))
    assert halves_draw(list(range(1, 17)), random.Random(1)) == pairs  # reproducible


def _event(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    event = content / "cup"
    (event / "ko").mkdir(parents=True)
    (event / "event.yaml").write_text(
        "name: Cup\ngame: xiangqi\nlanguage: en\ndraw_seed: 5\n"
        "sections:\n  ko: {name: Knockout, system: knockout, rounds: 3}\n", encoding="utf-8")
    players = "\n".join(f"  - {{number: {n}, name: Player {n}}}" for n in range(1, 9))
    (event / "ko" / "players.yaml").write_text("players:\n" + players + "\n", encoding="utf-8")
    return content


def _play(path: Path) -> None:
    """Enter results: the first player of each match wins its first slow game, the second is drawn."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for match in data["matches"]:
        match["games"][0][2] = "2:0"
        match["games"][1][2] = "1:1"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def test_pair_plays_a_whole_eight_player_knockout(tmp_path: Path) -> None:
    """Quarter-final; semi-final with 5–8 matches; final, 3–4, 5–6 and 7–8 (seed 004 一.(三))."""
    content = _event(tmp_path)
    rounds = content / "cup" / "ko" / "rounds"
    for number, placements in [(1, [None] * 4), (2, [None, None, "5-8", "5-8"]),
                               (3, ["final", "3-4", "5-6", "7-8"])]:
        result = CliRunner().invoke(main, ["pair", str(content)])
        assert result.exit_code == 0, result.output
        data = yaml.safe_load((rounds / f"{number:02d}.yaml").read_text(encoding="utf-8"))
        assert [m.get("placement") for m in data["matches"]] == placements
        _play(rounds / f"{number:02d}.yaml")
    assert "all 3 rounds are paired" in CliRunner().invoke(main, ["pair", str(content)]).output
    section = load_checked(content).events[0].sections[0]
    assert section.current_round == 3
    out = tmp_path / "out"
    build_site(content, out, pdf=False)
    placings = (out / "cup" / "ko" / "placings.html").read_text(encoding="utf-8")
    assert placings.count("<tr") == 9


def test_tiebreak_game_after_a_decisive_match_is_an_error(tmp_path: Path) -> None:
    content = _event(tmp_path)
    rounds = content / "cup" / "ko" / "rounds"
    rounds.mkdir()
    (rounds / "01.yaml").write_text(
        "matches:\n  - board: 1\n    games:\n      - [1, 8, \"2:0\"]\n      - [8, 1, \"1:1\"]\n"
        "      - [1, 8, \"2:0\", rapid]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(content)])
    assert result.exit_code == 2
    assert "01.yaml:6:9: a tiebreak game after the match was decided" in result.output
