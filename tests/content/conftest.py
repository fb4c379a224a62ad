"""Fixtures of the content-layer tests; the content trees themselves are in `content_tree.py`."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`tmp_path` as the working directory, so messages show paths as `content/...`."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
