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


def _paired_event(tmp_path: Path) -> Path:
    """A go event of 12 players with round 1 paired and a player withdrawn after it."""
    from site_builder.commands.new import scaffold
    from site_builder.commands.pair import pair_next

    event = tmp_path / "content" / "go"
    scaffold(event, game="go", language="en", players=12, secret_seed=False)
    pair_next(tmp_path / "content")
    return event


def test_a_round_note_and_a_withdrawal_are_said_where_the_export_leaves_them(tmp_path: Path) -> None:
    """OpenGotha's file has no round note and no withdrawal: the export says so at the note's and
    the withdrawal's lines, writes the withdrawal as rounds not taken part in, and the import gives
    those back as absences and lists what does not move."""
    event = _paired_event(tmp_path)
    round_1 = event / "open" / "rounds" / "01.yaml"
    round_1.write_text(round_1.read_text(encoding="utf-8") + 'note: "Board 3 started late."\n'
                       'withdrawn: ["Player 05"]\n', encoding="utf-8")
    lines = round_1.read_text(encoding="utf-8").splitlines()
    note, withdrawn = (next(n for n, t in enumerate(lines, start=1) if t.startswith(k)) for k in ("note:",
                                                                                                 "withdrawn:"))
    result = CliRunner().invoke(main, ["export", "opengotha", str(event), "-o", str(tmp_path / "go.xml")])
    assert result.exit_code == 0, result.output
    assert f"01.yaml:{note}:1: round 1's note is not written: OpenGotha's file has no place" in result.output
    assert f"01.yaml:{withdrawn}:1: the withdrawal of player #5 (Player 05) after round 1 is written as " \
           "not taking part in round 2–5" in result.output, result.output
    xml = (tmp_path / "go.xml").read_text(encoding="utf-8")
    assert 'firstName="05" ' in xml and 'participating="10000000000000000000"' in xml
    output = _run("import", "opengotha", str(tmp_path / "go.xml"), str(tmp_path / "again"))
    assert "  - round dates and round notes: the file has no place for them" in output
    assert "  - withdrawals: the file marks the rounds after as not taken part in, imported as absences" \
        in output
    again = tmp_path / "again" / "open" / "rounds"
    assert "note:" not in (again / "01.yaml").read_text(encoding="utf-8")
    assert 'absent: ["Player 05"]' in (again / "02.yaml").read_text(encoding="utf-8")


def test_a_round_kept_as_played_is_said_where_the_export_leaves_it(tmp_path: Path) -> None:
    """OpenGotha's file has no place for a round kept as played after a correction before it
    (`accepted_from:`, `pair --accept`): the export says so at that line, and the import lists it
    among what does not move (docs/go.md, "What does not move")."""
    from site_builder.commands.pair import accept_rounds, pair_next

    event = _paired_event(tmp_path)
    rounds = event / "open" / "rounds"
    play = (rounds / "01.yaml").read_text(encoding="utf-8").replace('result: "?"', 'result: "B+"')
    (rounds / "01.yaml").write_text(play, encoding="utf-8")
    pair_next(tmp_path / "content")
    (rounds / "02.yaml").write_text((rounds / "02.yaml").read_text(encoding="utf-8").replace('"?"', '"W+"'),
                                    encoding="utf-8")
    (rounds / "01.yaml").write_text(play.replace('result: "B+"', 'result: "W+"', 1), encoding="utf-8")
    accept_rounds(tmp_path / "content", "2")
    lines = (rounds / "02.yaml").read_text(encoding="utf-8").splitlines()
    accepted = next(n for n, t in enumerate(lines, start=1) if t.startswith("accepted_from:"))
    output = _run("export", "opengotha", str(event), "-o", str(tmp_path / "go.xml"))
    assert f"02.yaml:{accepted}:1: round 2 is kept as played after a correction before it, which is not " \
           "written: OpenGotha's file has no place for it" in output, output
    assert "  - a round kept as played after a correction before it (accepted_from:)" in \
        _run("import", "opengotha", str(tmp_path / "go.xml"), str(tmp_path / "again"))
