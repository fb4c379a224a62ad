"""`bulletin import trf`: a TRF file into a new content event directory, all or nothing."""

from __future__ import annotations

from pathlib import Path

from site_builder.content.event_dir import Imported, ImportRefused, check_target, write_event_dir
from site_builder.content.loader import load_site
from site_builder.errors import ContentError, Location, Problem
from site_builder.trf.origins import in_trf
from site_builder.trf.parse import parse_trf
from site_builder.trf.records import TrfFile
from site_builder.trf.tiebreaks import CHAIN_RECORDS, chain_record
from site_builder.trf.to_content import content_files

__all__ = ["ImportRefused", "Imported", "import_trf"]


def import_trf(source: Path, target: Path, force: bool = False, strict: bool = False,
               encoding: str | None = None) -> Imported:
    """Write the event of `source` (its text in `encoding`, else as `parse.read_text` guesses it)
    into `target`.

    Raises `ContentError` for a malformed file (with `strict`, also for a variant read leniently)
    or for files the content loader refuses (located at the records they were written from), and
    `ImportRefused` for a non-empty target without `force`; in every case nothing is written.
    The files are validated by the content loader in a staging directory before they replace
    `target` (`content.event_dir`).
    """
    trf = parse_trf(source, strict=strict, encoding=encoding)
    check_target(target, force)
    contents = content_files(trf, source.stem)
    try:
        files = write_event_dir(contents, target, force)
    except ContentError as error:  # the files were not written: say it at the records they came from
        raise ContentError([in_trf(p, trf, contents, target) for p in error.problems]) from None
    return Imported(files, tuple(sorted((*trf.warnings, *_no_chain(trf, target)), key=lambda p: p.location)))


def _no_chain(trf: TrfFile, target: Path) -> tuple[Problem, ...]:
    """A player file that names no tie-break chain (TRF16 has no 202 record): the places it gives
    were ranked by a chain nobody can tell, and the section gets its system's default, said here."""
    if trf.teams is not None or any(record[:3] in CHAIN_RECORDS for record in trf.records):
        return ()
    section = load_site(target).events[0].sections[0]
    chain = chain_record(section.tiebreaks)[4:] or ", ".join(t.id for t in section.tiebreaks)
    return (Problem(Location(trf.path, 1, 1), "the file names no tie-break chain (TRF16 has no 202 record): "
                    f"the section ranks by the default chain {chain or 'of no tie-break'}",
                    "write its chain as 'tiebreaks:' in event.yaml when the file was ranked by another"),)
