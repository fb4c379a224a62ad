"""The caches of compiled templates and of PDFs are caches only: one that cannot be read or written is
logged once per process and the build goes on computing what it would have taken from there."""

from __future__ import annotations

import errno
import logging
from pathlib import Path
from typing import ClassVar

import pytest
from jinja2.bccache import FileSystemBytecodeCache, bc_magic

import site_builder.cache.store as store_module
from site_builder import build
from site_builder.build.page_keys import templates_digest
from site_builder.render import html

PAGE = "macros.html"


@pytest.fixture(autouse=True)
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing logged yet and no environment kept, as in a new process."""
    monkeypatch.setattr(store_module, "_logged", set())
    monkeypatch.setattr(html, "_environments", {})


def _logged(caplog: pytest.LogCaptureFixture, words: str) -> int:
    return len([r for r in caplog.records if r.name == "bulletin.cache" and words in r.getMessage()])


def _compile_all(cache: Path) -> None:
    """Every default template loaded by an environment with its compiled templates under `cache`."""
    env = html.cached_environment(None, cache, templates_digest(html.template_dirs()))
    for name in env.list_templates(extensions=["html"]):
        env.get_template(name)


def test_a_template_cache_that_is_no_directory_is_logged_once(tmp_path: Path, caplog) -> None:
    cache = tmp_path / "cache"
    cache.write_text("not a directory", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="bulletin.cache"):
        _compile_all(cache)
        html._environments.clear()
        _compile_all(cache)
    assert _logged(caplog, "compiled templates not stored") == 1


def test_damaged_compiled_templates_are_compiled_again_logged_once(tmp_path: Path, caplog) -> None:
    cache = tmp_path / "cache"
    _compile_all(cache)
    stored = [p for p in cache.rglob("*") if p.is_file()]
    assert stored
    for path in stored:
        path.write_bytes(bc_magic + b"\x80 damaged")
    html._environments.clear()
    with caplog.at_level(logging.WARNING, logger="bulletin.cache"):
        _compile_all(cache)
    assert _logged(caplog, "unreadable (") == 1


def test_compiled_templates_that_cannot_be_stored_are_logged_once(tmp_path: Path, caplog,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def full(self, bucket) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(FileSystemBytecodeCache, "dump_bytecode", full)
    with caplog.at_level(logging.WARNING, logger="bulletin.cache"):
        _compile_all(tmp_path / "cache")
    assert _logged(caplog, "No space left on device") == 1


class _Renderer:
    """Renders a PDF as the bytes of its HTML."""

    rendered: ClassVar[list[str]] = []

    def __init__(self, static: Path) -> None:
        pass

    def render(self, html: str) -> bytes:
        self.rendered.append(html)
        return html.encode()


@pytest.fixture
def renderer(monkeypatch: pytest.MonkeyPatch) -> type[_Renderer]:
    from site_builder.render import pdf

    _Renderer.rendered = []
    monkeypatch.setattr(pdf, "PdfRenderer", _Renderer)
    return _Renderer


def _jobs(tmp_path: Path) -> list[tuple[Path, str]]:
    return [(tmp_path / f"round-{n}.pdf", f"<p>round {n}</p>") for n in (1, 2, 3)]


def _pdfs(cache: Path, jobs: list[tuple[Path, str]]) -> int:
    with build._started_pdfs(jobs, cache, b"salt", cache, 1, None) as pdfs:
        return pdfs.finish()


def test_a_pdf_cache_that_is_no_directory_renders_every_pdf_logged_once(tmp_path: Path, caplog,
                                                                          renderer) -> None:
    cache = tmp_path / "cache"
    cache.write_text("not a directory", encoding="utf-8")
    jobs = _jobs(tmp_path)
    with caplog.at_level(logging.WARNING, logger="bulletin.cache"):
        assert _pdfs(cache, jobs) == 3
        assert _pdfs(cache, jobs) == 3  # nothing could be stored
    assert [target.read_bytes() for target, _ in jobs] == [html.encode() for _, html in jobs]
    assert _logged(caplog, "PDF cache") == 1
    assert cache.read_text(encoding="utf-8") == "not a directory"


def test_an_unreadable_cached_pdf_is_rendered_again_logged_once(tmp_path: Path, caplog, renderer) -> None:
    cache = tmp_path / "cache"
    jobs = _jobs(tmp_path)
    assert _pdfs(cache, jobs) == 3
    assert _pdfs(cache, jobs) == 0  # all from the cache
    for entry in cache.glob("*.pdf"):  # a cache entry that cannot be read
        entry.unlink()
        entry.mkdir()
    with caplog.at_level(logging.WARNING, logger="bulletin.cache"):
        assert _pdfs(cache, jobs) == 3
    assert [target.read_bytes() for target, _ in jobs] == [html.encode() for _, html in jobs]
    assert _logged(caplog, "unreadable (") == 1  # a directory stands where each entry would go:
    assert _logged(caplog, "not written") == 1


def test_a_pdf_that_cannot_be_stored_is_written_and_logged_once(tmp_path: Path, caplog, renderer,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    jobs = _jobs(tmp_path)
    real = Path.write_bytes

    def write_bytes(self: Path, data: bytes) -> int:
        if self.parent == cache:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", write_bytes)
    with caplog.at_level(logging.WARNING, logger="bulletin.cache"):
        assert _pdfs(cache, jobs) == 3
    monkeypatch.undo()
    assert [target.read_bytes() for target, _ in jobs] == [html.encode() for _, html in jobs]
    assert _logged(caplog, "No space left on device") == 1
    assert list(cache.iterdir()) == []  # no entry, and no partial one
