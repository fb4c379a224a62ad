"""The arbiters' prints: result slips of a round still being played (board, players and sides, a box
for the result, signatures) and, in a team Swiss, each team's line-up form; PDFs from the round."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from click.testing import CliRunner

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.engine.teams import TeamRound

ROOT = Path(__file__).resolve().parents[2]


def _pdf_text(path: Path) -> str:
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())


def test_a_round_being_played_has_result_slips_and_line_up_forms(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "2023-yuangou-cup", content / "2023-yuangou-cup")
    rounds = content / "2023-yuangou-cup/open/rounds"
    (rounds / "05.yaml").unlink()
    result = CliRunner().invoke(main, ["pair", str(content)])
    assert result.exit_code == 0, result.output
    build_site(content, tmp_path / "out", pdf=True)
    section = tmp_path / "out/2023-yuangou-cup/open"
    assert not (section / "slips-round-04.pdf").exists()  # its results are in: nothing to print
    page = (section / "round-05.html").read_text(encoding="utf-8")
    assert 'href="slips-round-05.pdf">记分单（PDF，供裁判打印）</a>' in page
    text = _pdf_text(section / "slips-round-05.pdf")
    assert "第 5 轮 · 记分单" in text and "签名（红方）" in text
    # each slip by its match's table and board, under the two teams' names (not boards 1–18 in a row)
    compact = text.replace(" ", "")
    assert "第1桌第1台" in compact and "第1桌第3台" in compact and "第1桌第4台" not in compact
    round_five = load_checked(content).events[0].sections[0].rounds[4]
    teams = load_checked(content).events[0].sections[0].teams_by_number
    first = TeamRound.of(round_five).team_matches[0]
    assert f"{teams[first.home].name}–{teams[first.away].name}" in compact
    assert "出场名单" in text and "领队" in text and "主队" in text


def test_an_individual_round_has_one_slip_per_pending_game(tmp_path: Path, small_event) -> None:
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    build_site(content, tmp_path / "out", pdf=True)
    text = _pdf_text(tmp_path / "out/cup/open/slips-round-01.pdf")
    assert text.count("Signature (") == 2 * text.count("Board ") > 0
    assert "Result:" in text and "write one of 2:0 / 1:1 / 0:2" in text  # small_event is xiangqi
