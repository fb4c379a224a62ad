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
from site_builder.errors import Problems
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
