"""`bulletin build` works from anywhere inside the repository (docs/commands.md): the same content
reached from another folder, or by an absolute path, renders no page again — the digests of page
data never read where a file is (`cache.digest`), also of data an earlier build memoized."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_builder.build import build_site

ROOT = Path(__file__).resolve().parents[2]
EVENT = "2025-shogi-ja-open"  # players, rounds and game records (a PGN per round)


def test_the_same_content_from_another_folder_renders_nothing_again(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(ROOT / "content" / EVENT, tmp_path / "content" / EVENT)
    monkeypatch.chdir(tmp_path)
    first = build_site(Path("content"), Path("output"), pdf=False)
    assert first.rendered == first.pages
    monkeypatch.chdir(tmp_path / "content" / EVENT)
    again = build_site(tmp_path / "content", tmp_path / "output", pdf=False)
    assert again.rendered == 0
    monkeypatch.chdir(tmp_path)
    assert build_site(Path("content"), Path("output"), pdf=False).rendered == 0
