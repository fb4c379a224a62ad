"""`bulletin import trf` and `bulletin export trf`: exit codes, located errors, nothing written."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
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
    (said,) = result.output.splitlines()  # docs/commands.md, "Errors": one `error: … (hint: …)` line
    assert result.exit_code == 2 and said.startswith("error: ") and said.count("(hint:") == 1, said
    event_yaml.write_text(event_yaml.read_text(encoding="utf-8").replace(line, "system: dutch"),
                          encoding="utf-8")
    result = runner.invoke(main, ["pair", str(tmp_path / "content"), "--force"])  # round 4 is unplayed
    assert result.exit_code == 0, result.output
    assert (target / "rounds" / "05.yaml").is_file()


TRF_2026 = ROOT / "tests" / "fixtures" / "trf-2026"


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "site_builder", *args], cwd=cwd, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_import_and_export_of_a_trf_2026_file(tmp_path: Path) -> None:
    """Every TRF-2026 record through the commands: what the content cannot apply is a located
    `warning:` line each, `--strict` refuses it, and the export gives the file back byte for byte."""
    source = tmp_path / "every.trf"
    source.write_bytes((TRF_2026 / "every-record.trf").read_bytes())
    result = _run("import", "trf", "every.trf", "event", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        "warning: every.trf:31:5: 260: players kept apart in rounds 2–3 only: not applied (the content keeps "
        "pairs apart in every round); the record is kept for export (hint: read so by 'bulletin import trf'; "
        "--strict refuses the file instead)",
        "warning: every.trf:34:5: 299: -0.5 points for #6 in round 3: not applied (the content scores "
        "results by its scoring only); the record is kept for export (hint: read so by 'bulletin import "
        "trf'; --strict refuses the file instead)"]
    exported = _run("export", "trf", "event", "-o", "back.trf", cwd=tmp_path)
    assert exported.returncode == 0 and (tmp_path / "back.trf").read_bytes() == source.read_bytes()
    refused = _run("import", "trf", "every.trf", "strict", "--strict", cwd=tmp_path)
    assert refused.returncode == 2 and refused.stderr.splitlines()[-1] == "2 errors; nothing was written."
    assert not (tmp_path / "strict").exists()
    other = _run("export", "trf", "event", "--format", "trf16", cwd=tmp_path)
    assert other.returncode == 2
    assert other.stderr.startswith("error: the event keeps the records of a TRF-2026 file")


def test_a_malformed_trf_2026_record_is_a_located_error(tmp_path: Path) -> None:
    text = (TRF_2026 / "every-record.trf").read_text(encoding="utf-8").replace(
        "192 FIDE_DUTCH_2026_BAKU", "192 FIDE_DUTCH_2026_BAKOO").replace("260 001 003    1    2",
                                                                          "260 001 003    1   99")
    (tmp_path / "bad.trf").write_text(text, encoding="utf-8")
    result = _run("import", "trf", "bad.trf", "event", cwd=tmp_path)
    assert result.returncode == 2 and not (tmp_path / "event").exists()
    assert result.stderr.splitlines() == [
        "bad.trf:16:5: 192: unknown tournament type code 'FIDE_DUTCH_2026_BAKOO' (hint: a code of FIDE's "
        "Tournament-Type Code Table, e.g. FIDE_DUTCH_2026, FIDE_DUTCH_2026_BAKU, FIDE_ROUNDROBIN or "
        "CUSTOM_SWISS)",
        "bad.trf:30:18: 260: no player has start rank 99 (hint: the file's start ranks run from 1 to 8)",
        "2 errors; nothing was written."]


def test_export_of_an_event_as_trf_2026(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["export", "trf", str(ROOT / "tests" / "fixtures" / "fide-open"),
                                       "--format", "trf2026"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "142 4" in lines and "192 CUSTOM_SWISS" in lines and "XXR 4" not in lines
    assert lines[-1] == "### bulletin: withdrawn 7 after round 2"


def test_a_file_naming_no_tie_break_chain_is_imported_with_a_located_warning(tmp_path: Path) -> None:
    """TRF16 has no 202 record: the import says so and names the chain the section ranks by."""
    result = CliRunner().invoke(main, ["import", "trf", str(sample(tmp_path)), str(tmp_path / "event")])
    assert result.exit_code == 0, result.output
    assert (f"warning: {tmp_path / 'sample.trf'}:1:1: the file names no tie-break chain (TRF16 has no 202 "
            "record): the section ranks by the default chain ") in result.output
    with_chain = SAMPLE.replace("\n001", "\n202 BH SB\n001", 1)
    two = tmp_path / "two"
    result = CliRunner().invoke(main, ["import", "trf", str(sample(tmp_path, with_chain)), str(two)])
    assert result.exit_code == 0, result.output
    assert "tie-break chain" not in result.output



def test_a_section_paired_by_hand_is_not_counted_as_a_draw_that_agrees(tmp_path: Path) -> None:
    """A file naming no pairing system (a Swiss paired by hand): nothing is drawn again, and the
    summary says so rather than counting the section among the draws the seed gives."""
    text = "".join(line + "\n" for line in SAMPLE.splitlines() if not line.startswith("092"))
    result = CliRunner().invoke(main, ["verify", str(sample(tmp_path, text))])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == "--    sample/main: paired by hand (swiss): nothing drawn to check"
    assert lines[-1].startswith("1 section paired by hand, with nothing drawn to check; ")
    assert "draws" not in lines[-1]


def club_open(tmp_path: Path, edits: dict[str, tuple[str, str]]) -> Path:
    """A copy of the club open example with each edit (a file's relative path, or "*" for every file,
    to its old and new text) made."""
    target = tmp_path / "club"
    shutil.copytree(ROOT / "content" / "2025-club-open", target)
    for relative, (old, new) in edits.items():
        paths = sorted(target.rglob("*.yaml")) if relative == "*" else [target / relative]
        for path in paths:
            path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    return target


def located_lines(stderr: str) -> list[tuple[str, int, int, str]]:
    """The `file:line:column: message (hint: …)` lines of a refusal: file, line, column, message."""
    *lines, summary = stderr.splitlines()
    assert summary.endswith("; nothing was written.")
    found = [re.fullmatch(r"(.+?):(\d+):(\d+): (.+) \(hint: .+\)", line) for line in lines]
    assert all(found), lines
    return [(m[1], int(m[2]), int(m[3]), m[4]) for m in found if m]


def test_export_refuses_a_value_too_wide_for_its_field_rather_than_cutting_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/chess.md, TRF import and export: a command never writes what another refuses. A rating,
    title, federation, birth date or name wider than its TRF16 column range (C.04 Annex 2) is
    refused where the player list gives it, one line each, and no file is written, where the
    export cut them short (`12150` → `1215`, `Germany` → `Ger`)."""
    old = '{number: 1, name: "Müller, Anna", fide_id: 999991001, rating: 2150,'
    new = ('{number: 1, name: "Müller, Anna", fide_id: 999991001, rating: 12150, title: IM-elect, '
           'federation: Germany, birth_date: "12 May 1990 (about)",')
    assert old in (ROOT / "content" / "2025-club-open" / "open" / "players.yaml").read_text(encoding="utf-8")
    club_open(tmp_path, {"open/players.yaml": (old, new)})
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["export", "trf", "club", "-o", "club.trf"])
    assert result.exit_code == 2 and not (tmp_path / "club.trf").exists()
    where = "club/open/players.yaml"
    assert [(path, line, message) for path, line, _, message in located_lines(result.stderr)] == [
        (where, 3, "the rating of player #1, '12150', is 5 characters long: TRF's field (record 001, "
                   "columns 49-52) holds 4"),
        (where, 3, "the title of player #1, 'IM-elect', is 8 characters long: TRF's field (record 001, "
                   "columns 11-13) holds 3"),
        (where, 3, "the federation of player #1, 'Germany', is 7 characters long: TRF's field (record 001, "
                   "columns 54-56) holds 3"),
        (where, 3, "the birth date of player #1, '12 May 1990 (about)', is 19 characters long: TRF's field "
                   "(record 001, columns 70-79) holds 10")]
    columns = [column for _, _, column, _ in located_lines(result.stderr)]
    assert [new[c - 5:c + 2] for c in columns] == ["12150, ", "IM-elec", "Germany", '"12 May']


def test_export_refuses_points_too_wide_for_their_field_and_cuts_a_long_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Points a TRF points field cannot hold (columns 81-84: a scoring of 50 points a win) are
    refused at each player. A name of more than 33 characters (columns 15-47) is not: the player
    line holds it cut, as FIDE's programs write it, and a `###` line carries it whole, which import
    reads back (trf/long_names.py)."""
    long_name = "O'Brien-Fitzgerald-Montgomery, Sean Patrick"
    scoring = "game: chess\nscoring: {win: 50, draw: 25, bye: 50}\n"
    club_open(tmp_path, {"*": ("O'Brien, Sean", long_name), "event.yaml": ("game: chess\n", scoring)})
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["export", "trf", "club"])
    assert result.exit_code == 2 and result.stdout == ""
    found = located_lines(result.stderr)
    points = [message for _, _, _, message in found if message.startswith("the points of")]
    assert "the points of player #4, '200.0', is 5 characters long: TRF's field (record 001, columns " \
           "81-84) holds 4" in points and len(points) == len(found)


def test_a_long_name_goes_out_cut_and_comes_back_whole(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    long_name = "O'Brien-Fitzgerald-Montgomery, Sean Patrick"
    club_open(tmp_path, {"*": ("O'Brien, Sean", long_name)})
    monkeypatch.chdir(tmp_path)
    exported = CliRunner().invoke(main, ["export", "trf", "club", "-o", "club.trf"])
    assert exported.exit_code == 0, exported.output
    text = (tmp_path / "club.trf").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("001    2"))
    assert line[14:47] == long_name[:33] and line[47] == " "
    assert f'### bulletin: name 2 "{long_name}"' in text.splitlines()
    imported = CliRunner().invoke(main, ["import", "trf", "club.trf", "back"])
    assert imported.exit_code == 0, imported.output
    assert long_name in (tmp_path / "back" / "players.yaml").read_text(encoding="utf-8")
    again = CliRunner().invoke(main, ["export", "trf", "back", "-o", "again.trf"])
    assert again.exit_code == 0 and (tmp_path / "again.trf").read_text(encoding="utf-8") == text


def test_a_section_trf_cannot_hold_is_refused_at_its_system(tmp_path: Path) -> None:
    """docs/chess.md: seed 001's team Swiss is not exported; the refusal is one located line, at the
    section's `system:` in event.yaml (or at the `regulation:` whose preset gives the system), and
    says what TRF holds."""
    runner = CliRunner()
    event = tmp_path / "content" / "tsw"
    assert runner.invoke(main, ["new", str(event), "--game", "chess", "--language", "en", "--system",
                                "team-swiss", "--teams", "4", "--plain-seed"]).exit_code == 0
    holds = ("section 'open' is a team-swiss section; TRF holds individual games, one per round, or the "
             "matches of FIDE's team Swiss (fide-team) (hint: ")
    yuangou = ROOT / "content" / "2023-yuangou-cup"
    for folder, key in ((event, "    system: team-swiss"), (yuangou, "regulation:")):
        lines = (folder / "event.yaml").read_text(encoding="utf-8").splitlines()
        line, text = next((n, text) for n, text in enumerate(lines, start=1) if text.startswith(key))
        column = len(text.split(":")[0]) + 3  # the value after "key: "
        result = runner.invoke(main, ["export", "trf", str(folder)])
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
        assert f"event.yaml:{line}:{column}: {holds}" in result.output, result.output


@pytest.mark.parametrize(("system", "files"), [
    ("knockout", "event.json and the round PGN files (rounds/NN.pgn)"),
    ("team-swiss", "event.json, CSV files and the round PGN files (rounds/NN.pgn)"),
])
def test_the_refusal_names_the_files_that_hold_the_section(tmp_path: Path, system: str, files: str) -> None:
    """docs/chess.md: the refusal's hint names the site's files that hold the section's results, and
    only those that exist: a knockout's pages offer no CSV files; docs/commands.md "Errors": it is one
    `error:` line."""
    event = tmp_path / "content" / "ev"
    size = "--players" if system == "knockout" else "--teams"
    made = CliRunner().invoke(main, ["new", str(event), "--game", "chess", "--language", "en",
                                     "--system", system, size, "8", "--plain-seed"])
    assert made.exit_code == 0, made.output
    result = CliRunner().invoke(main, ["export", "trf", str(event)])
    assert result.exit_code == 2 and result.output.startswith("error: "), result.output
    assert result.output.strip().endswith(f"(hint: the site's {files} hold the section's results)")


def test_the_lichess_export_says_once_how_to_pair_its_next_round(tmp_path: Path) -> None:
    """lichess names no system this program pairs by: with round 3's results in, `bulletin pair`
    refuses round 4 in one `error:` line with the one hint that fits (write the round file, or
    choose a system that pairs), not also the hint of a pairing the rules cannot make."""
    runner = CliRunner()
    target = tmp_path / "li"
    source = Path(__file__).resolve().parents[1] / "fixtures" / "trf-variants" / "lichess-swiss.trf"
    assert runner.invoke(main, ["import", "trf", str(source), str(target)]).exit_code == 0
    third = target / "rounds" / "03.yaml"
    third.write_text(third.read_text(encoding="utf-8").replace('"?"', '"1-0"'), encoding="utf-8")
    result = runner.invoke(main, ["pair", str(target)])
    (said,) = result.output.splitlines()
    assert result.exit_code == 2 and said.startswith("error: ") and said.count("(hint:") == 1, said
    assert "li/rounds/04.yaml:1:8: cannot pair round 4 " in said, said
    assert said.endswith("the swiss system is paired by hand (hint: write the round file, or choose a system "
                         "that pairs, e.g. `system: dutch` for FIDE's Dutch rules)"), said
