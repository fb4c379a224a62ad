"""How an import writes a new event directory: every file into a staging directory beside the
target (each by the atomic writer), validated by the content loader there, then swapped in whole —
all or nothing, and never over a directory that holds files unless asked to."""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from site_builder.content.atomic import write_atomic
from site_builder.content.loader import load_site
from site_builder.errors import ContentError, Location, Problem


@dataclass(frozen=True)
class Imported:
    """What an import wrote."""

    files: list[Path]  # the files written
    warnings: tuple[Problem, ...]  # what the writing program would not have written, and how it was read


class ImportRefused(Exception):
    """The target directory cannot be written (it holds files and --force was not given)."""


def quoted(text: str) -> str:
    r"""A YAML double-quoted scalar, as the files an import writes quote a text: every control
    character escaped (JSON leaves DEL and U+0080–U+009F as they are, which YAML refuses).

    >>> print(quoted('Müller "Jörg"\x96'))
    "Müller \"Jörg\"\u0096"
    """
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(text, ensure_ascii=False))


_CONTROL = re.compile("[\x7f-\x9f]")


def check_target(target: Path, force: bool) -> None:
    """Raise `ImportRefused` unless `target` can become the event directory."""
    if target.exists() and not target.is_dir():
        raise ImportRefused(f"{target} exists and is not a directory")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise ImportRefused(f"{target} is not empty (use --force to replace it)")


def write_event_dir(files: dict[str, str], target: Path, force: bool = False) -> list[Path]:
    """Write `files` (relative path → text) as the event directory `target`; the paths written.

    Raises `ImportRefused` (see `check_target`) and `ContentError` for files the loader refuses,
    located where they would have been in `target`; in both cases nothing is written."""
    check_target(target, force)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.import-", dir=target.parent))
    try:
        for relative, text in files.items():
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text)
        load_site(staging)
    except ContentError as error:  # e.g. two players of the same name: say where it would have been
        shutil.rmtree(staging, ignore_errors=True)
        raise ContentError([_moved(p, staging, target) for p in error.problems]) from None
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _swap(staging, target)
    return [target / relative for relative in files]


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
