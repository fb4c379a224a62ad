"""`bulletin import trf` and `bulletin export trf`: exit codes, located errors, nothing written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
from trf_sample import SAMPLE, player

from site_builder.cli import main

ROOT = Path(__file__).resolve().parents[2]


def sample(tmp_path: Path, text: str = SAMPLE) -> Path:
    path = tmp_path / "sample.trf"
    path.write_text(text, encoding="utf-8")
    return path


def test_import_then_export(tmp_path: Path) -> None:
    runner = CliRunner()
    target = tmp_path / "event"
    result = runner.invoke(main, ["import", "trf", str(sample(tmp_path)), str(target)])
    assert result.exit_code == 0, result.output
    assert "created" in result.output and (target / "rounds" / "04.yaml").is_file()
    result = runner.invoke(main, ["export", "trf", str(target)])
    assert result.exit_code == 0
    assert [line.rstrip() for line in result.output.splitlines()] == SAMPLE.splitlines()
    out = tmp_path / "out.trf"
    result = runner.invoke(main, ["export", "trf", str(target), "-o", str(out), "--section", "main"])
    assert result.exit_code == 0
    assert [line.rstrip() for line in out.read_text(encoding="utf-8").splitlines()] == SAMPLE.splitlines()


def test_a_malformed_file_is_a_located_error_and_nothing_is_written(tmp_path: Path) -> None:
    bad = SAMPLE.replace("   4 w 1", "   4 w X", 1)
    source = sample(tmp_path, bad)
    target = tmp_path / "event"
    result = subprocess.run([sys.executable, "-m", "site_builder", "import", "trf", "sample.trf", "event"],
                            cwd=tmp_path, capture_output=True, text=True,
                            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 2
    line = next(i for i, text in enumerate(bad.splitlines(), start=1) if "   4 w X" in text)
    assert result.stderr.splitlines()[0] == (
        f"sample.trf:{line}:99: round 1: unknown result code 'X' (hint: write 1, =, 0 (played), W, D, L "
        "(not rated), + or - (forfeit), or leave it blank)")
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1] == "1 error; nothing was written."
    assert not target.exists() and sorted(p.name for p in tmp_path.iterdir()) == [source.name]


def test_import_refuses_a_non_empty_directory_unless_forced(tmp_path: Path) -> None:
    runner = CliRunner()
    target = tmp_path / "event"
    target.mkdir()
    (target / "notes.txt").write_text("keep")
    result = runner.invoke(main, ["import", "trf", str(sample(tmp_path)), str(target)])
    assert result.exit_code == 2 and "not empty" in result.output
    assert (target / "notes.txt").is_file()
    result = runner.invoke(main, ["import", "trf", str(sample(tmp_path)), str(target), "--force"])
    assert result.exit_code == 0 and not (target / "notes.txt").exists()


def test_import_of_a_missing_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["import", "trf", str(tmp_path / "nope.trf"), str(tmp_path / "e")])
    assert result.exit_code == 2 and "cannot read the file" in result.output
    assert not (tmp_path / "e").exists()


def test_asymmetric_pairing_exit_code(tmp_path: Path) -> None:
    text = player(1, "A", ["   2 w 1"]) + "\n" + player(2, "B", ["   1 w 0"]) + "\n"
    result = CliRunner().invoke(main, ["import", "trf", str(sample(tmp_path, text)), str(tmp_path / "e")])
    assert result.exit_code == 2 and "both players have colour w" in result.output


def test_export_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    club = str(ROOT / "content" / "2025-club-open")
    result = runner.invoke(main, ["export", "trf", club, "--section", "women"])
    assert result.exit_code == 2 and "no section 'women'" in result.output
    result = runner.invoke(main, ["export", "trf", str(ROOT / "content" / "2023-yuangou-cup")])
    assert result.exit_code == 2 and "team-swiss" in result.output
    result = runner.invoke(main, ["export", "trf", str(ROOT / "content")])
    assert result.exit_code == 2 and "events" in result.output
    result = runner.invoke(main, ["export", "trf", str(tmp_path / "missing")])
    assert result.exit_code == 2


def test_a_file_naming_no_pairing_system_says_how_to_pair_it(tmp_path: Path) -> None:
    """Without a 092 record the event is a Swiss paired by hand: event.yaml says so beside the key,
    and `bulletin pair` says how to choose a system that pairs; with `system: dutch` it pairs."""
    runner = CliRunner()
    target = tmp_path / "content" / "event"
    text = "".join(line + "\n" for line in SAMPLE.splitlines() if not line.startswith("092"))
    assert runner.invoke(main, ["import", "trf", str(sample(tmp_path, text)), str(target)]).exit_code == 0
    event_yaml = target / "event.yaml"
    line = next(line for line in event_yaml.read_text(encoding="utf-8").splitlines()
                if line.startswith("system:"))
    assert line.startswith("system: swiss ") and '"dutch" pairs by the FIDE Dutch rules' in line
    result = runner.invoke(main, ["pair", str(tmp_path / "content")])
    assert result.exit_code != 0
    assert "paired by hand (hint: write the round file, or choose a system that pairs, e.g. " \
           "`system: dutch`" in result.output
    event_yaml.write_text(event_yaml.read_text(encoding="utf-8").replace(line, "system: dutch"),
                          encoding="utf-8")
    result = runner.invoke(main, ["pair", str(tmp_path / "content"), "--force"])  # round 4 is unplayed
    assert result.exit_code == 0, result.output
    assert (target / "rounds" / "05.yaml").is_file()
