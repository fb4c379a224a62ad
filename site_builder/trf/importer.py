"""`bulletin import trf`: a TRF file into a new content event directory, all or nothing."""

from __future__ import annotations

from pathlib import Path

from site_builder.content.event_dir import Imported, ImportRefused, check_target, write_event_dir
from site_builder.trf.parse import parse_trf
from site_builder.trf.to_content import content_files

__all__ = ["ImportRefused", "Imported", "import_trf"]


def import_trf(source: Path, target: Path, force: bool = False, strict: bool = False) -> Imported:
    """Write the event of `source` into `target`.

    Raises `ContentError` for a malformed file (with `strict`, also for a variant read leniently)
    and `ImportRefused` for a non-empty target without `force`; in both cases nothing is written.
    The files are validated by the content loader in a staging directory before they replace
    `target` (`content.event_dir`).
    """
    trf = parse_trf(source, strict=strict)
    check_target(target, force)
    return Imported(write_event_dir(content_files(trf, source.stem), target, force), trf.warnings)
