"""A plug-in for tests that extend the program from outside it: a module and its templates written
to a folder of their own and imported from there, as an organizer's plug-in would be."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def plugin(folder: Path, monkeypatch: pytest.MonkeyPatch, module: str, source: str,
           templates: dict[str, str]) -> Iterator[Path]:
    """`module` (its `source`) and its `templates` (file name → text) written to `folder`, then
    imported; the module is forgotten afterwards (what it registered is the caller's to undo)."""
    (folder / "templates").mkdir(parents=True)
    (folder / f"{module}.py").write_text(source, encoding="utf-8")
    for name, text in templates.items():
        (folder / "templates" / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    __import__(module)
    try:
        yield folder
    finally:
        sys.modules.pop(module, None)
