"""`bulletin import trf`: a TRF file into a new content event directory, all or nothing."""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from site_builder.content.loader import load_site
from site_builder.errors import ContentError, Location, Problem
from site_builder.trf.parse import parse_trf
from site_builder.trf.to_content import content_files


class ImportRefused(Exception):
    """The target directory cannot be written (it holds files and --force was not given)."""


@dataclass(frozen=True)
class Imported:
    files: list[Path]  # the files written
    warnings: tuple[Problem, ...]  # how variants of other programs were read (trf/lenient.py)


def import_trf(source: Path, target: Path, force: bool = False, strict: bool = False) -> Imported:
    """Write the event of `source` into `target`.

    Raises `ContentError` for a malformed file (with `strict`, also for a variant read leniently)
    and `ImportRefused` for a non-empty target without `force`; in both cases nothing is written.
    The files are validated by the content loader in a staging directory before they replace
    `target`.
    """
    trf = parse_trf(source, strict=strict)
    if target.exists() and not target.is_dir():
        raise ImportRefused(f"{target} exists and is not a directory")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise ImportRefused(f"{target} is not empty (use --force to replace it)")
    files = content_files(trf, source.stem)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.import-", dir=target.parent))
    try:
        for relative, text in files.items():
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        load_site(staging)
    except ContentError as error:  # e.g. two players of the same name: say where it would have been
        shutil.rmtree(staging, ignore_errors=True)
        raise ContentError([_moved(p, staging, target) for p in error.problems]) from None
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _swap(staging, target)
    return Imported([target / relative for relative in files], trf.warnings)


def _moved(problem: Problem, staging: Path, target: Path) -> Problem:
    """A problem found in the staging directory, located in `target` where the file would be."""
    try:
        relative = problem.location.path.resolve().relative_to(staging.resolve())
    except ValueError:
        return problem
    location = Location(target / relative, problem.location.line, problem.location.column)
    return Problem(location, problem.message, problem.hint)


def _swap(staging: Path, target: Path) -> None:
    """Put `staging` in the place of `target` (an existing directory is removed once replaced)."""
    old = None
    if target.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
        target.rename(old / target.name)
    staging.rename(target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
