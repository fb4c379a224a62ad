"""An OpenGotha file keeps the version that saved it through `bulletin import opengotha` (the
section's `pairing: {opengotha_version: …}`), and the section is paired, verified and explained by
that version's rules; `bulletin export opengotha` writes it back (docs/go.md, "OpenGotha files")."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from site_builder.cli import main

OLDER = Path(__file__).resolve().parents[1] / "data" / "opengotha" / "older"
ORION = OLDER / "orionsub18lat2020.xml"  # saved by OpenGotha 3.50 (see SOURCE.md there)


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_an_event_paired_by_opengotha_3_50_verifies_as_its_own_pairing(tmp_path: Path) -> None:
    """Re-paired by 3.52's rules four of its six rounds differ (colours and tables); by 3.50's,
    which the import keeps, every round is OpenGotha's."""
    _run("import", "opengotha", str(ORION), str(tmp_path / "orion"))
    assert 'opengotha_version: "3.50"' in (tmp_path / "orion" / "event.yaml").read_text(encoding="utf-8")
    output = _run("verify", str(tmp_path / "orion"))
    assert "6 of 6 draws are the ones the rules and the seed give" in output, output
    assert "DIFF" not in output


def test_the_export_writes_the_version_back_and_the_import_keeps_it(tmp_path: Path) -> None:
    _run("import", "opengotha", str(ORION), str(tmp_path / "orion"))
    _run("export", "opengotha", str(tmp_path / "orion"), "-o", str(tmp_path / "back.xml"))
    assert 'fullVersionNumber="3.50"' in (tmp_path / "back.xml").read_text(encoding="utf-8")
    _run("import", "opengotha", str(tmp_path / "back.xml"), str(tmp_path / "again"))
    assert 'opengotha_version: "3.50"' in (tmp_path / "again" / "event.yaml").read_text(encoding="utf-8")
    assert "6 of 6 draws" in _run("verify", str(tmp_path / "again"))


def test_a_version_that_is_none_is_a_located_error(tmp_path: Path) -> None:
    """YAML reads 3.50 unquoted as the number 3.5, which cannot tell 3.50 from 3.5."""
    _run("import", "opengotha", str(ORION), str(tmp_path / "orion"))
    event = tmp_path / "orion" / "event.yaml"
    text = event.read_text(encoding="utf-8")
    event.write_text(text.replace('opengotha_version: "3.50"', "opengotha_version: 3.50"), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(tmp_path / "orion")])
    line = next(n for n, t in enumerate(text.splitlines(), start=1) if "opengotha_version" in t)
    assert result.exit_code != 0
    assert f"event.yaml:{line}:" in result.output and "is an OpenGotha version such as" in result.output, \
        result.output
    assert "(hint: write the version as OpenGotha's file gives it, in quotes" in result.output
