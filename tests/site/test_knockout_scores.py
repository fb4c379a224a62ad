"""A knockout's pages score its mini-matches by the section's scoring (docs/content.md, Scoring:
chess 1/½/0, seed 004's xiangqi 2/1/0), and a match whose slow games have no result has no score."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from site_builder.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def chess_knockout(tmp_path: Path) -> Path:
    """An 8-player chess knockout, round 1 paired, board 1 played "0-1" and "1/2-1/2"."""
    content = tmp_path / "content"
    code, out = run("new", str(content / "ko"), "--game", "chess", "--language", "en", "--system", "knockout",
                    "--players", "8", "--plain-seed")
    assert code == 0, out
    assert run("pair", str(content))[0] == 0
    first = content / "ko" / "open" / "rounds" / "01.yaml"
    results = iter(('"0-1"]', '"1/2-1/2"]'))
    text = re.sub(r'"\?"\]', lambda _: next(results, '"?"]'), first.read_text(encoding="utf-8"))
    first.write_text(text, encoding="utf-8")
    return content


def black_of_board_one(content: Path) -> str:
    """Who won board 1's first game with black (and drew the second)."""
    text = (content / "ko" / "open" / "rounds" / "01.yaml").read_text(encoding="utf-8")
    return re.findall(r'- \["[^"]+", "([^"]+)", "0-1"\]', text)[0]


def test_chess_match_scores_are_in_chess_points_and_an_unplayed_match_has_none(tmp_path: Path) -> None:
    content = chess_knockout(tmp_path)
    code, out = run("build", str(content), "-o", str(tmp_path / "out"), "--no-pdf")
    assert code == 0, out
    site = tmp_path / "out" / "ko" / "open"
    winner = black_of_board_one(content)  # a win and a draw: 1½ against ½
    round_page = (site / "round-01.html").read_text(encoding="utf-8")
    said = re.findall(r"Slow games ([^ ]+) · <strong>([^<]+)</strong> advances", round_page)
    assert said == [("0.5:1.5", winner)]
    assert round_page.count("Slow games") == 1  # boards 2-4 are unplayed: no score, not "2:2"
    bracket = (site / "bracket.html").read_text(encoding="utf-8")
    assert re.findall(r'<span class="bracket-score">([^<]*)', bracket) == ["0.5:1.5 ", "", "", ""]
    cards = "".join(p.read_text(encoding="utf-8") for p in (site / "players").glob("*.html"))
    assert re.findall(r"Slow games ([^ ]+)", cards) == ["0.5:1.5", "0.5:1.5"]  # board 1's two players
    exported = json.loads((tmp_path / "out" / "ko" / "event.json").read_text(encoding="utf-8"))
    matches = exported["sections"][0]["rounds"][0]["matches"]
    assert [m["slow_points"] for m in matches] == [["0.5", "1.5"], None, None, None]
