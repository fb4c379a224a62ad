"""The `bulletin` command line: build, check, new, and `python -m site_builder`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_check_example_content() -> None:
    result = CliRunner().invoke(main, ["check", str(ROOT / "content")])
    assert result.exit_code == 0, result.output
    assert "9 event(s), 17 section(s)" in result.output


def test_new_refuses_a_non_empty_directory(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("x")
    result = CliRunner().invoke(main, ["new", str(tmp_path)])
    assert result.exit_code == 2
    assert "not empty" in result.output


def test_python_dash_m(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "site_builder", "build", str(ROOT / "content"),
                           "--output", str(tmp_path / "site"), "--no-pdf"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "built" in proc.stdout and (tmp_path / "site" / "index.html").is_file()


def test_missing_content_directory(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "content directory not found" in result.output


def test_commands_find_the_content_folder_above_as_git_finds_its_folder(
        tmp_path: Path, small_event, monkeypatch) -> None:
    """Run from a folder inside the repository, `check`, `build` and `pair` take the nearest
    `content/` above it, and `build` writes `output/` beside it, not into the current folder."""
    small_event(tmp_path / "content" / "cup")
    inside = tmp_path / "content" / "cup" / "open"
    monkeypatch.chdir(inside)
    runner = CliRunner()
    result = runner.invoke(main, ["check"])
    assert result.exit_code == 0 and "ok: 1 event(s)" in result.output, result.output
    result = runner.invoke(main, ["build", "--no-pdf"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "index.html").is_file() and not (inside / "output").exists()
    assert "unchanged since the last build" not in result.output  # the first build: every file is new
    again = runner.invoke(main, ["build", "--no-pdf"])
    assert " 0 pages rendered, the others unchanged since" in again.output
    monkeypatch.chdir(tmp_path.parent)  # outside any repository: the one-line error, with its hint
    result = runner.invoke(main, ["check"])
    assert result.exit_code == 2 and "content directory not found here or in a folder above" in result.output
    assert "bulletin init" in result.output


def test_new_refuses_zero_rounds_and_lists_no_empty_system(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["new", str(tmp_path / "cup"), "--rounds", "0"])
    assert result.exit_code == 2 and "--rounds" in result.output and not (tmp_path / "cup").exists()
    help_text = CliRunner().invoke(main, ["new", "--help"]).output
    systems = help_text.split("--system [")[1].split("]")[0]
    assert systems and not systems.startswith("|") and "||" not in systems


def test_strict_build_fails_on_pending_results_in_an_old_round(tmp_path: Path, small_event) -> None:
    """`--strict` (for CI): results pending in a round older than the latest fail the build."""
    runner = CliRunner()
    content = tmp_path / "content"
    small_event(content / "cup")
    rounds = content / "cup" / "open" / "rounds"
    second = 'round: 2\ngames:\n  - [1, 1, 2, "?"]\n  - [2, 3, 4]\n'
    (rounds / "02.yaml").write_text(second, encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(main, ["build", str(content), "-o", str(out), "--no-pdf"])
    assert result.exit_code == 0 and "warning:" in result.output and "round 1" in result.output
    strict = tmp_path / "strict"
    result = runner.invoke(main, ["build", str(content), "-o", str(strict), "--no-pdf", "--strict"])
    assert result.exit_code == 2 and "2 result(s) pending while round 2 exists" in result.output
    assert not strict.exists()


def test_new_offers_only_the_regulations_it_starts() -> None:
    """`--regulation` lists the presets `bulletin new` can start; the staged Swiss's, whose event starts
    from the example's files, is not offered and then refused (docs/commands.md)."""
    from site_builder.commands.new import STARTED_REGULATIONS
    from site_builder.regulations import REGULATIONS

    assert "gomoku-staged-swiss" in REGULATIONS and "gomoku-staged-swiss" not in STARTED_REGULATIONS
    shown = "".join(CliRunner().invoke(main, ["new", "--help"]).output.split())  # the help, unwrapped
    assert "(xiangqi-national-individual,xiangqi-team-swiss,shogi-student-league;" in shown
    refused = CliRunner().invoke(main, ["new", "x", "--regulation", "gomoku-staged-swiss"])
    assert refused.exit_code == 2 and "is not one of" in refused.output


@pytest.mark.parametrize("command, event", [
    ("trf", "tests/fixtures/fide-open"), ("h9", "tests/fixtures/go-open"), ("aga", "tests/fixtures/go-open"),
    ("opengotha", "content/2026-go-mcmahon")])
def test_an_export_to_dash_writes_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  command: str, event: str) -> None:
    """docs/commands.md: every export writes to standard output, or to `-o FILE`; `-o -` is standard
    output, as the option's help says, never a file named `-`."""
    monkeypatch.chdir(tmp_path)
    fixture = str(ROOT / event)
    plain = CliRunner().invoke(main, ["export", command, fixture])
    dash = CliRunner().invoke(main, ["export", command, fixture, "-o", "-"])
    assert plain.exit_code == dash.exit_code == 0, dash.output
    assert dash.stdout_bytes == plain.stdout_bytes and plain.stdout_bytes
    assert "wrote" not in dash.output and not (tmp_path / "-").exists()


@pytest.mark.parametrize("command, event", [("trf", "tests/fixtures/fide-open"),
                                            ("h9", "tests/fixtures/go-open")])
def test_an_export_makes_its_files_folder_and_says_in_one_line_what_it_cannot_write(
        tmp_path: Path, command: str, event: str) -> None:
    """An export's `-o FILE` in a folder not made yet makes it, as `build -o` does; a file that cannot
    be written is one line with a hint, never a traceback."""
    fixture = str(ROOT / event)
    target = tmp_path / "exports" / "round" / f"x.{command}"
    made = CliRunner().invoke(main, ["export", command, fixture, "-o", str(target)])
    assert made.exit_code == 0 and target.read_bytes() == CliRunner().invoke(
        main, ["export", command, fixture]).stdout_bytes, made.output
    (tmp_path / "file").write_text("", encoding="utf-8")
    refused = CliRunner().invoke(main, ["export", command, fixture, "-o", str(tmp_path / "file" / "x")])
    assert refused.exit_code == 2, refused.output
    (line,) = [line for line in refused.output.splitlines() if line.startswith("error:")]
    assert "cannot be written" in line and "(hint:" in line, refused.output


def test_verify_help_says_which_systems_are_checked_criterion_by_criterion() -> None:
    """docs/commands.md, `bulletin verify`: a round is paired again and compared, except in a system
    with its own checker, checked criterion by criterion against its articles; the help says both
    and names exactly the systems with a checker (`RuleChecked`)."""
    from site_builder.systems import SYSTEMS
    from site_builder.tournament.verify import RuleChecked

    shown = " ".join(CliRunner().invoke(main, ["verify", "--help"]).output.split())  # unwrapped
    checked = [name for name, system in SYSTEMS.items() if isinstance(system, RuleChecked)]
    assert "paired again from the rounds before it" in shown and "criterion by criterion" in shown
    assert f"a system with its own checker ({', '.join(checked)})" in shown
    assert "without pairing it again" in shown
