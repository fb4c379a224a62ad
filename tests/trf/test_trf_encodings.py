"""A TRF file in the encodings programs write it (UTF-8 with or without a byte-order mark, UTF-16 by
its byte-order mark, Windows-1252 as Swiss-Manager writes it on Windows, Latin-1) imports with its
names as written, and what the import writes is content the loader reads back; a content file
holding a character YAML does not allow is one located error."""

from __future__ import annotations

from pathlib import Path

import pytest
from trf_sample import SAMPLE

from site_builder.checks import load_checked
from site_builder.content.yamlsource import parse_yaml
from site_builder.errors import ContentError, Problems
from site_builder.trf.importer import import_trf

NAME = "Müller – Jörg"  # an en dash: 0x96 in Windows-1252, a control character read as Latin-1


def _with_name(name: str) -> str:
    lines = SAMPLE.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[first] = lines[first][:14] + name.ljust(33) + lines[first][47:]
    return "\r\n".join(lines) + "\r\n"


@pytest.mark.parametrize("encoding, name", [("utf-8", NAME), ("utf-8-sig", NAME), ("utf-16", NAME),
                                            ("cp1252", NAME), ("latin-1", "Müller, Jörg")])
def test_a_trf_file_imports_in_the_encoding_it_was_written_in(tmp_path: Path, encoding: str,
                                                              name: str) -> None:
    source = tmp_path / "event.trf"
    source.write_bytes(_with_name(name).encode(encoding))
    import_trf(source, tmp_path / "event")
    section = load_checked(tmp_path / "event").events[0].sections[0]
    assert name in {p.name for p in section.players}


def test_a_control_character_in_a_content_file_is_one_located_error(tmp_path: Path) -> None:
    problems = Problems()
    text = "players:\n  - {number: 1, name: A\x96B}\n"
    assert parse_yaml(text, tmp_path / "players.yaml", problems) is None
    (problem,) = problems.items
    assert (problem.location.line, problem.location.column) == (2, 24)
    assert problem.message == "a character YAML does not allow: U+0096 (control characters are not allowed)"
    assert "\n" not in str(problem.message) + str(problem.hint)


POLISH = "Łukasz Świątek"  # cp1250: Ł is 0xA3 (£ in Windows-1252), ś 0x9C, Ś 0x8C, ą 0xB9, ę 0xEA
CZECH = "Ťoupal, Ďurko"  # cp1250: Ť is 0x8D and Ď 0xCF; 0x8D is a byte Windows-1252 leaves undefined


def test_encoding_names_the_encoding_of_a_trf_file(tmp_path: Path) -> None:
    """docs/commands.md, `bulletin import trf`: `--encoding cp1250` reads a Polish or Czech
    Swiss-Manager export with its names as written."""
    source = tmp_path / "event.trf"
    source.write_bytes(_with_name(POLISH).encode("cp1250"))
    import_trf(source, tmp_path / "event", encoding="cp1250")
    section = load_checked(tmp_path / "event").events[0].sections[0]
    assert POLISH in {p.name for p in section.players}


def test_a_byte_the_guessed_encoding_leaves_undefined_is_refused_at_its_place(tmp_path: Path) -> None:
    """Read as Windows-1252 (no --encoding), a cp1250 file's 0x8D is no character: the file is
    refused at its line and column, naming --encoding, and nothing is written (never U+FFFD)."""
    source = tmp_path / "event.trf"
    text = _with_name(CZECH)
    source.write_bytes(text.encode("cp1250"))
    line = next(n for n, row in enumerate(text.split("\r\n"), start=1) if row.startswith("001"))
    with pytest.raises(ContentError) as refused:
        import_trf(source, tmp_path / "event")
    (problem,) = refused.value.problems
    assert str(problem.location) == f"{source}:{line}:15"
    assert "0x8d" in problem.message and "--encoding" in problem.hint and "cp1250" in problem.hint
    assert not (tmp_path / "event").exists()


def test_a_byte_the_named_encoding_does_not_have_is_refused_at_its_place(tmp_path: Path) -> None:
    source = tmp_path / "event.trf"
    source.write_bytes(_with_name("Müller – Jörg").encode("cp1252"))
    with pytest.raises(ContentError, match=r"event\.trf:\d+:16: byte 0xfc here is not utf-8 text "
                                           r"\(hint: name the encoding .*--encoding"):
        import_trf(source, tmp_path / "event", encoding="utf-8")


def test_the_commands_take_encoding_and_refuse_an_unknown_one(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from site_builder.cli import main

    source = tmp_path / "event.trf"
    source.write_bytes(_with_name(CZECH).encode("cp1250"))
    runner = CliRunner()
    refused = runner.invoke(main, ["import", "trf", str(source), str(tmp_path / "a")])
    assert refused.exit_code == 2 and "(hint: name the file's encoding with --encoding" in refused.output
    assert "\ufffd" not in refused.output
    imported = runner.invoke(main, ["import", "trf", str(source), str(tmp_path / "a"),
                                    "--encoding", "cp1250"])
    assert imported.exit_code == 0, imported.output
    verified = runner.invoke(main, ["verify", str(source), "--encoding", "cp1250"])
    assert "Ťoupal, Ďurko" in verified.output and "error:" not in verified.output, verified.output
    assert "0x8d" in runner.invoke(main, ["verify", str(source)]).output
    unknown = runner.invoke(main, ["import", "trf", str(source), str(tmp_path / "b"), "--encoding", "cp9999"])
    assert unknown.exit_code == 2
    assert unknown.output.startswith("error: --encoding cp9999: no such text encoding (hint: ")
    folder = runner.invoke(main, ["verify", str(tmp_path / "a"), "--encoding", "cp1250"])
    assert folder.exit_code == 2 and folder.output.startswith("error: --encoding cp1250: a content folder")
