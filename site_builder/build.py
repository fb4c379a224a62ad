"""The build: content → model → engine → views → render → output, written atomically."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from site_builder.check import load_checked
from site_builder.site.html import DEFAULT_THEME, environment, render_page
from site_builder.site.views import site_pages


@dataclass(frozen=True)
class BuildReport:
    pages: int
    pdfs: int
    seconds: float


def build_site(content: Path, output: Path, *, pdf: bool = True, theme: Path = DEFAULT_THEME) -> BuildReport:
    """Build `content` into `output`; on any error `output` is left exactly as it was."""
    started = time.perf_counter()
    site = load_checked(content)
    pages = site_pages(site)
    env = environment(theme)
    output = output.resolve()
    output.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{output.name}.", dir=output.parent))
    try:
        count_html = count_pdf = 0
        renderer = None
        for page in pages:
            if page.pdf and not pdf:
                continue
            target = staging / page.path
            target.parent.mkdir(parents=True, exist_ok=True)
            html = render_page(env, page)
            if page.pdf:
                if renderer is None:
                    from site_builder.site.pdf import PdfRenderer

                    renderer = PdfRenderer(theme / "static")
                target.write_bytes(renderer.render(html))
                count_pdf += 1
            else:
                target.write_text(html, encoding="utf-8")
                count_html += 1
        shutil.copytree(theme / "static", staging / "static")
        _swap(staging, output)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return BuildReport(count_html, count_pdf, time.perf_counter() - started)


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
