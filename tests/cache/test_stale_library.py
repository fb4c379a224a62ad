"""A library upgraded between two builds leaves nothing of the old one in the new site: an incremental
build writes the bytes of a build without any cache (pypinyin's readings order the by-name lists of
Chinese pages; fontconfig's fonts draw the PDFs)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypinyin
import pytest

from site_builder.build import build_site
from site_builder.cache import fingerprint
from site_builder.views import name_order

ROOT = Path(__file__).resolve().parents[2]
EVENT = ROOT / "content" / "2017-xiangqi-national"


def files(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


MEMOS = (fingerprint.software, fingerprint.fonts)


@pytest.fixture
def restore_software():
    """Forget what this process memoized of its libraries, before and after the test."""
    for memo in MEMOS:
        memo.cache_clear()
    name_order.forget()
    yield
    for memo in MEMOS:
        memo.cache_clear()
    name_order.forget()


def _other_pypinyin(monkeypatch: pytest.MonkeyPatch, *, version_too: bool) -> None:
    """Another pypinyin: its readings spelled backwards (another order of the by-name lists) and, with
    `version_too`, another version in its metadata, as an upgrade installs it."""
    real = pypinyin.lazy_pinyin
    monkeypatch.setattr(pypinyin, "lazy_pinyin", lambda *a, **k: [s[::-1] for s in real(*a, **k)])
    if version_too:
        installed = fingerprint.distributions()
        other = [(name.replace("pypinyin-", "pypinyin-99.0-") if name.lower().startswith("pypinyin-")
                  else name, record) for name, record in installed]
        assert other != installed
        monkeypatch.setattr(fingerprint, "distributions", lambda: other)
    fingerprint.software.cache_clear()
    name_order.forget()


@pytest.mark.parametrize("upgraded", [True, False], ids=["upgrade", "same-metadata"])
def test_an_upgraded_library_leaves_no_stale_page(tmp_path: Path, monkeypatch, restore_software,
                                                  upgraded: bool) -> None:
    content = tmp_path / "content"
    shutil.copytree(EVENT, content / EVENT.name)
    output = tmp_path / "output"
    build_site(content, output, pdf=False)
    before = files(output)

    _other_pypinyin(monkeypatch, version_too=upgraded)
    build_site(content, output, pdf=False)  # incremental: the cache of the first build is there
    incremental = files(output)
    fresh = tmp_path / "fresh"
    build_site(content, fresh, pdf=False, cache=tmp_path / "no-cache")
    reference = files(fresh)

    changed = {path for path in reference if reference[path] != before.get(path)}
    assert "2017-xiangqi-national/women/players.html" in changed  # the reproduction changes the by-name list
    assert "2017-xiangqi-national/women/round-01.html" in changed
    stale = sorted(path for path in reference if incremental.get(path) != reference[path])
    if upgraded:
        assert stale == []
    else:  # the library changed without its metadata: the cache cannot know, which is why keys read it
        assert stale


def test_other_fonts_render_every_pdf_again(tmp_path: Path, monkeypatch, restore_software,
                                            small_event) -> None:
    content = tmp_path / "content"
    small_event(content / "cup")
    output = tmp_path / "output"
    first = build_site(content, output, pdf=True)
    assert first.pdfs_rendered == first.pdfs > 0
    assert build_site(content, output, pdf=True).pdfs_rendered == 0

    monkeypatch.setattr(fingerprint, "fonts", lambda: b"other fonts")
    again = build_site(content, output, pdf=True)
    assert again.pdfs_rendered == again.pdfs
