"""The build: content → model → engine → views → render → output, written atomically.

PDFs are cached by the hash of their HTML and stylesheet (`.bulletin-cache/`, safe to delete) and
the ones that changed are rendered in parallel, one WeasyPrint process per CPU core.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from site_builder.check import load_checked
from site_builder.errors import ContentError, Problem
from site_builder.site.exports import export_files, normalize_base_url
from site_builder.site.html import DEFAULT_THEME, environment, render_page
from site_builder.site.views import site_pages
from site_builder.warnings import content_warnings

CACHE_DIR = ".bulletin-cache"
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BuildReport:
    pages: int
    pdfs: int
    seconds: float
    pdfs_rendered: int = 0  # the others came from the cache
    warnings: tuple[Problem, ...] = ()  # valid but probably unfinished content (see `--strict`)


def build_site(content: Path, output: Path, *, pdf: bool = True, theme: Path | None = None,
               cache: Path | None = None, jobs: int | None = None,
               progress: Progress | None = None, base_url: str = "", strict: bool = False) -> BuildReport:
    """Build `content` into `output`; on any error `output` is left exactly as it was.

    `base_url` (e.g. `https://example.org/bulletins/`) makes the feeds' links absolute, adds the
    canonical URL to every page and writes `sitemap.xml`; without it every link stays relative."""
    started = time.perf_counter()
    base_url = normalize_base_url(base_url)
    site = load_checked(content)
    warnings = content_warnings(site)
    if strict and warnings:
        raise ContentError(warnings)
    computed: dict = {}
    pages = site_pages(site, computed)
    theme = theme or site.theme  # a site's own theme shadows the default one
    env = environment(theme)
    env.globals["base_url"] = base_url  # for the canonical link and Open Graph tags of base.html
    output = output.resolve()
    output.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{output.name}.", dir=output.parent))
    try:
        count_html = 0
        pdf_jobs: list[tuple[Path, str]] = []
        for page in pages:
            if page.pdf and not pdf:
                continue
            target = staging / page.path
            target.parent.mkdir(parents=True, exist_ok=True)
            html = render_page(env, page)
            if page.pdf:
                pdf_jobs.append((target, html))
            else:
                target.write_text(html, encoding="utf-8")
                count_html += page.path.endswith(".html")
        # event.json and feed.xml per event, sitemap.xml with a base URL
        for path, text in export_files(site, pages, base_url, computed).items():
            (staging / path).write_text(text, encoding="utf-8", newline="\n")
        shutil.copytree(DEFAULT_THEME / "static", staging / "static")
        if theme and (theme / "static").is_dir():
            shutil.copytree(theme / "static", staging / "static", dirs_exist_ok=True)
        rendered = _write_pdfs(pdf_jobs, staging / "static", cache or output.parent / CACHE_DIR, jobs,
                               progress)
        _swap(staging, output)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return BuildReport(count_html, len(pdf_jobs), time.perf_counter() - started, rendered, tuple(warnings))


def _pdf_key(html: str, static: Path) -> str:
    from weasyprint import __version__ as weasyprint_version

    digest = hashlib.sha256()
    for part in (weasyprint_version.encode(), (static / "print.css").read_bytes(), html.encode()):
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


def _write_pdfs(jobs: list[tuple[Path, str]], static: Path, cache: Path, workers: int | None,
                progress: Progress | None) -> int:
    """Write every PDF, from the cache when its inputs are unchanged; return how many were rendered."""
    if not jobs:
        return 0
    cache.mkdir(parents=True, exist_ok=True)
    todo: list[tuple[Path, str, Path]] = []
    done = 0
    for target, html in jobs:
        cached = cache / f"{_pdf_key(html, static)}.pdf"
        if cached.exists():
            shutil.copyfile(cached, target)
            done += 1
            if progress:
                progress(done, len(jobs))
        else:
            todo.append((target, html, cached))
    workers = min(workers or os.cpu_count() or 1, len(todo))
    if workers > 1:
        with ProcessPoolExecutor(workers, initializer=_init_worker, initargs=(str(static),)) as pool:
            results = pool.map(_render_in_worker, [html for _, html, _ in todo])
            for (target, _, cached), data in zip(todo, results, strict=True):
                _store(target, cached, data)
                done += 1
                if progress:
                    progress(done, len(jobs))
    else:
        _init_worker(str(static))
        for target, html, cached in todo:
            _store(target, cached, _render_in_worker(html))
            done += 1
            if progress:
                progress(done, len(jobs))
    return len(todo)


def _store(target: Path, cached: Path, data: bytes) -> None:
    target.write_bytes(data)
    partial = cached.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(cached)  # a cache entry is complete or absent


_renderer = None


def _init_worker(static: str) -> None:
    """One long-lived WeasyPrint renderer per process (fonts load once)."""
    global _renderer
    if _renderer is None:
        from site_builder.site.pdf import PdfRenderer

        _renderer = PdfRenderer(Path(static))


def _render_in_worker(html: str) -> bytes:
    assert _renderer is not None
    return _renderer.render(html)


def _swap(staging: Path, output: Path) -> None:
    """Replace `output` by `staging` with two renames (never a half-written output)."""
    os.chmod(staging, 0o755)
    if not output.exists():
        staging.rename(output)
        return
    old = output.with_name(f".{output.name}.old")
    if old.exists():
        shutil.rmtree(old)
    output.rename(old)
    staging.rename(output)
    shutil.rmtree(old, ignore_errors=True)
