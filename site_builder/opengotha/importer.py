"""`bulletin import opengotha`: an OpenGotha tournament file into a new content event directory,
all or nothing (`content.event_dir`)."""

from __future__ import annotations

from pathlib import Path

from site_builder.content.event_dir import Imported, check_target, write_event_dir
from site_builder.opengotha.read import read_gotha
from site_builder.opengotha.to_content import content_files


def import_opengotha(source: Path, target: Path, force: bool = False) -> Imported:
    """Write the event of the OpenGotha file `source` into `target`: the files written and the
    file's warnings.

    Raises `ContentError` for a broken file (located) and `ImportRefused` for a non-empty target
    without `force`; in both cases nothing is written."""
    gotha = read_gotha(source)
    check_target(target, force)
    return Imported(write_event_dir(content_files(gotha), target, force), gotha.warnings)
