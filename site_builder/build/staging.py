"""The pages of a build written into its staging directory: each one taken over from the previous
output when the digest of its inputs is unchanged, rendered otherwise."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from site_builder.build.page_keys import PageKeys
from site_builder.build.workers import share
from site_builder.cache.outputs import Previous
from site_builder.views.page import Page

#: Below this many pages per process, another process costs more than it saves.
PAGES_PER_WORKER = 75


@dataclass
class Written:
    """What `stage_pages` did, and the pages it left to render (`render_pages`)."""

    html: int = 0  # HTML pages in the output
    reused_pdfs: int = 0
    pdf_jobs: list[tuple[Path, str]] = dataclasses.field(default_factory=list)  # PDFs to make from HTML
    keys: dict[str, str] = dataclasses.field(default_factory=dict)  # path → digest of its inputs
    todo: list[tuple[Page, Path]] = dataclasses.field(default_factory=list)  # pages to render, where

    @property
    def rendered(self) -> int:
        """Pages rendered by this build (the others were taken over)."""
        return len(self.todo)

    def processes(self, workers: int) -> int:
        """How many of `workers` processes render the pages left: one for a few (a rebuild's)."""
        return min(workers, len(self.todo) // PAGES_PER_WORKER or 1)


def stage_pages(pages: list[Page], staging: Path, keys: PageKeys, previous: Previous,
                render: Callable[[Page], str], *, pdf: bool) -> Written:
    """Put every page into `staging` that the previous output has with the same inputs (a hard link);
    the others are left to render (`Written.todo`), the PDFs as jobs of their HTML."""
    out = Written()
    folders: set[Path] = set()
    for page in pages:
        if page.pdf and not pdf:
            continue
        target = staging / page.path
        if target.parent not in folders:
            target.parent.mkdir(parents=True, exist_ok=True)
            folders.add(target.parent)
        key = keys.key(page)
        source = previous.reusable(page.path, key)
        if source is not None:
            previous.take_over(page.path, source, target)
            out.reused_pdfs += page.pdf
        elif page.pdf:
            out.pdf_jobs.append((target, render(page)))
        else:
            out.todo.append((page, target))
        if key is not None:
            out.keys[page.path] = key
        out.html += page.path.endswith(".html")
    return out


def render_pages(out: Written, render: Callable[[Page], str], processes: int) -> None:
    """Render the pages `stage_pages` left, on `processes` processes."""
    def write(job: tuple[Page, Path]) -> None:
        page, target = job
        write_file(str(target), render(page))

    if processes > 1:
        for page, _ in out.todo:
            page.read()
    share(write, out.todo, processes)


def write_file(path: str, text: str) -> None:
    """Write `text` into a new file at `path` as UTF-8, by the system calls alone: several times
    faster than `Path.write_text` for the thousands of small files a build writes (a relay's game
    files, the pages)."""
    data = memoryview(text.encode())
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        while data:
            data = data[os.write(fd, data):]
    finally:
        os.close(fd)
