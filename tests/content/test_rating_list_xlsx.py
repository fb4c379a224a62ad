"""`bulletin import players` from an Excel workbook (.xlsx): its first sheet, the first row naming the
columns as a CSV's header does, number cells read as the text Excel shows (2301, not 2301.0), and each
refusal located at its cell (`entrants.xlsx:Sheet1!B7`)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
from click.testing import CliRunner

from site_builder.cli import main
from site_builder.content.players import load_players
from site_builder.errors import Problems


def _workbook(path: Path, rows: list[list[object]], title: str = "Sheet1") -> Path:
    """An .xlsx file whose first sheet, `title`, holds `rows` from A1 (a second sheet holds notes)."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = title
    for row in rows:
        sheet.append(row)
    book.create_sheet("Notes").append(["Name", "Rtg"])  # never read: the first sheet is the list
    book.save(path)
    return path


def _import(source: Path, *args: str) -> tuple[int, str, Path]:
    target = source.parent / "players" / "players.yaml"
    result = CliRunner().invoke(main, ["import", "players", str(source), str(target), *args])
    return result.exit_code, result.output, target


def test_an_xlsx_list_reads_its_first_sheet_with_numbers_as_text(tmp_path: Path) -> None:
    source = _workbook(tmp_path / "entrants.xlsx", [
        ["No.", "Name", "FIDE ID", "Rtg", "Fed", "Born", "Club"],
        [1, "Müller, Jörg", 24600000, 2301, "GER", dt.datetime(1988, 5, 1), "SC Köln"],
        [2, "王天一", 8603405.0, 2620.0, "CHN", 1989, "北京队"],
        [None, None, None, None, None, None, None],
        [3, "Roe, Bo", None, None, "ENG", None, None],
    ])
    code, output, target = _import(source)
    assert code == 0, output
    assert "ratings: standard (Rtg)" in output and "columns not imported: No." in output
    roster = load_players(target, target, Problems())
    assert [(p.name, p.rating, p.birth_year, p.club, dict(p.fields)) for p in roster.players] == [
        ("王天一", 2620, 1989, "北京队", {"federation": "CHN", "fide_id": "8603405"}),
        ("Müller, Jörg", 2301, 1988, "SC Köln", {"federation": "GER", "fide_id": "24600000"}),
        ("Roe, Bo", None, None, "", {"federation": "ENG"})]
    assert ".0" not in target.read_text(encoding="utf-8")


def test_an_xlsx_list_is_refused_at_its_cell(tmp_path: Path) -> None:
    source = _workbook(tmp_path / "go.xlsx", [
        ["Name", "Rank", "Country"], ["Wang, Fang", "5k", "CN"], ["Li, Lei", "31k", "CN"]], title="Go list")
    code, output, target = _import(source)
    assert code == 2 and not target.parent.exists(), output
    (line,) = output.splitlines()
    assert line.startswith(f"error: {source}:'Go list'!B3: '31k' is not a go rank"), line
    source = _workbook(tmp_path / "twice.xlsx", [
        ["Name", "Rtg"], ["Roe, Bo", 1900], ["Tester, Anna", 2100], ["Roe, Bo", 1800]])
    code, output, target = _import(source)
    assert code == 2 and not target.parent.exists(), output
    assert output.startswith(f"error: {source}:Sheet1!A4: ") and "twice" in output and "Sheet1!A2" in output
    source = _workbook(tmp_path / "nameless.xlsx", [["Who", "Rtg"], ["Roe, Bo", 1900]])
    code, output, target = _import(source)
    assert code == 2 and output.startswith(f"error: {source}:Sheet1!A1: the list has no name column"), output


def test_a_file_that_is_no_workbook_is_refused_in_one_line(tmp_path: Path) -> None:
    import zipfile

    source = tmp_path / "players_list.zip"  # FIDE's download, not unzipped
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("players_list_foa.txt", "ID Number      Name\n")
    code, output, target = _import(source)
    assert code == 2 and not target.parent.exists(), output
    (line,) = output.splitlines()
    assert line.startswith(f"error: {source}: ") and "(hint: " in line and "unzip" in line, line
    code, output, _ = _import(_workbook(tmp_path / "a.xlsx", [["Name"], ["Roe, Bo"]]), "--encoding", "cp1252")
    assert code == 2 and "--encoding" in output and "workbook" in output, output
