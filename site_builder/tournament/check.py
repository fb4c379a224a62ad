"""`bulletin verify FILE.trf`: a TRF file (TRF16 or TRF-2026) read as `bulletin import trf` reads
it, into a scratch content folder, and checked as `bulletin verify` checks a content folder: every
round paired again from the rounds before it (a difference names the criterion that decides it),
and the file's standings ranked again with its tie-breaks."""

from __future__ import annotations

import tempfile
from pathlib import Path

from site_builder.errors import ContentError, Location, Problem
from site_builder.model import Language
from site_builder.tournament.verify import Verdict, verify
from site_builder.trf.origins import in_trf
from site_builder.trf.parse import parse_trf
from site_builder.trf.to_content import content_files


def verify_trf(path: Path, text: str | None = None, round_number: int | None = None,
               encoding: str | None = None) -> tuple[list[Verdict], Language]:
    """The TRF file at `path` (or its `text`, named by `path`) checked round by round (with
    `round_number`, that round alone and not the standings); the file read in `encoding` when given
    (as `bulletin import trf --encoding`)."""
    with tempfile.TemporaryDirectory(prefix="bulletin-verify-") as tmp:
        source = path
        if text is not None:
            source = Path(tmp) / path.name
            source.write_text(text, encoding="utf-8")
        trf = parse_trf(source, shown=path, encoding=None if text is not None else encoding)
        folder = Path(tmp) / (path.stem or "event")
        files = content_files(trf, path.stem)
        for relative, content in files.items():
            (folder / relative).parent.mkdir(parents=True, exist_ok=True)
            (folder / relative).write_text(content, encoding="utf-8")
        try:
            return verify(folder, round_number, trf=True)
        except ContentError as error:  # the scratch folder is no place to point at: the file's records are
            located = [in_trf(p, trf, files, folder) for p in error.problems]
            raise ContentError([_in_file(p, path) for p in located]) from None


def _in_file(problem: Problem, path: Path) -> Problem:
    """`problem` at its place in the TRF file, named as given (`path`); one found elsewhere (a scratch
    file) at the file's first line."""
    location = problem.location
    line, column = (location.line, location.column) if location.path == path else (1, 1)
    return Problem(Location(path, line, column), problem.message, problem.hint)
