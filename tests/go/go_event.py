"""The small go event of `tests/fixtures/go-open` copied where a test may change its files, and
what loading it reports."""

from __future__ import annotations

import shutil
from pathlib import Path

from site_builder.checks import load_checked
from site_builder.errors import ContentError

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "go-open"


def go_event(root: Path, changes: dict[str, str] | None = None) -> Path:
    """The go event copied under `root` (as `root/go-open`), with `changes`: relative path → text."""
    target = root / "go-open"
    shutil.copytree(FIXTURE, target)
    for relative, text in (changes or {}).items():
        (target / relative).write_text(text, encoding="utf-8")
    return target


def problems(root: Path, changes: dict[str, str]) -> list[str]:
    """The one-line errors (`file:line:col: message (hint: …)`) loading the changed event reports."""
    event = go_event(root, changes)
    try:
        load_checked(event)
    except ContentError as error:
        return [str(p) for p in error.problems]
    return []
