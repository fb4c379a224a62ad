"""The build: content → model → engine → views → render → output, written atomically.

Builds are incremental (see `site_builder.cache`; `.bulletin-cache/`, safe to delete): parsed YAML
and standings come from the cache when their inputs are unchanged, and a page whose inputs have the
digest recorded for the previous output is taken over from it (a hard link) instead of being
rendered again; an event none of whose inputs changed is not even loaded, its folder is moved from
the previous output into the new one (`site_builder.build.unchanged`). PDFs are cached by the hash of their
HTML and stylesheet and the ones that changed are rendered in parallel, one WeasyPrint process per
CPU core.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import os
import posixpath
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path

from site_builder.build.collector import swept_after_each
from site_builder.build.kept_search import FOLDER, KeptSearch
from site_builder.build.name_keys import names_recalled
from site_builder.build.page_keys import SHARED, PageKeys, pdf_digest, templates_digest
from site_builder.build.staging import render_pages, stage_pages, write_file
from site_builder.build.unchanged import UnchangedEvents
from site_builder.build.workers import Started, start
from site_builder.cache.digest import Digester
from site_builder.cache.fingerprint import software
from site_builder.cache.outputs import Previous
from site_builder.cache.store import BuildCache, Store, log_once, store_for
from site_builder.checks import load_checked
from site_builder.checks.unfinished import event_warnings, merged
from site_builder.errors import ContentError, Problem
from site_builder.model import Site
from site_builder.render.exports import event_document, export_files, json_text, normalize_base_url
from site_builder.render.html import DEFAULT_THEME, cached_environment, render_page, template_dirs
from site_builder.render.live import FILE as LIVE
from site_builder.render.live import event_keys, live_json
from site_builder.results import site_results
from site_builder.results.previews import event_previews
from site_builder.results.prize_ties import event_prize_ties
from site_builder.views.listing import home_pages, listing, search_entries, sitemap_paths
from site_builder.views.pages import all_event_pages
from site_builder.views.search_index import entries_json, search_files

CACHE_DIR = ".bulletin-cache"
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BuildReport:
    pages: int
    pdfs: int
    seconds: float
    pdfs_rendered: int = 0  # the others came from the cache
    warnings: tuple[Problem, ...] = ()  # valid but probably unfinished content (see `--strict`)
    rendered: int = 0  # HTML pages rendered; the others were taken over from the previous output
    phases: tuple[tuple[str, float], ...] = ()  # seconds spent in each phase of the build


def build_site(content: Path, output: Path, *, pdf: bool = True, theme: Path | None = None,
               cache: Path | None = None, jobs: int | None = None,
               progress: Progress | None = None, base_url: str = "", strict: bool = False,
               swap_lock: AbstractContextManager | None = None) -> BuildReport:
    """Build `content` into `output`; on any error `output` is left exactly as it was.

    `swap_lock` is held while the new output replaces the old one (`serve` holds it to open a file).

    `base_url` (e.g. `https://example.org/bulletins/`) makes the feeds' links absolute, adds the
    canonical URL to every page and writes `sitemap.xml`; without it every link stays relative."""
    clock = _Clock()
    base_url = normalize_base_url(base_url)
    output = output.resolve()
    cache = (cache or output.parent / CACHE_DIR).resolve()
    store = store_for(cache)
    try:
        report = _build(content, output, cache, store, clock, pdf=pdf, theme=theme, jobs=jobs,
                        progress=progress, base_url=base_url, strict=strict, swap_lock=swap_lock)
    except BaseException:
        store.finish(succeeded=False)
        raise
    store.finish(succeeded=True)
    return dataclasses.replace(report, seconds=clock.total())


def _build(content: Path, output: Path, cache: Path, store: Store, clock: _Clock, *, pdf: bool,
           theme: Path | None, jobs: int | None, progress: Progress | None, base_url: str,
           strict: bool, swap_lock: AbstractContextManager | None) -> BuildReport:
    digester = Digester(shared=SHARED)  # for this build only: it memoizes objects by identity
    looks: dict[tuple[Path | None, str], _Look] = {}

    def look(settings: Site) -> _Look:
        chosen = theme or settings.theme  # a site's own theme shadows the default one
        if (chosen, settings.search) not in looks:
            looks[chosen, settings.search] = _Look.of(chosen, base_url, pdf, settings.search)
        return looks[chosen, settings.search]

    unchanged = UnchangedEvents(cache, output, lambda settings: look(settings).digest, store)
    site = load_checked(content, store, unchanged.keep)
    kept = unchanged.kept(site)
    warned = {**{slug: record.warnings for slug, record in kept.items()},
              **{event.slug: event_warnings(site, event) for event in site.events}}
    warnings = merged([warned[slug] for slug in sorted(warned)], previews=False)
    if strict and warnings:
        raise ContentError(warnings)
    clock.lap("load")
    results = site_results(site, BuildCache(store, digester))
    for event in site.events:  # the previews, known once the next rounds are paired
        warned[event.slug] = (*warned[event.slug][:3],
                              event_previews(site, event, results) + event_prize_ties(site, event, results))
    warnings = merged([warned[slug] for slug in sorted(warned)])
    if strict and warnings:
        raise ContentError(warnings)
    clock.lap("results")
    listings = {slug: record.listing for slug, record in kept.items()}
    jsons: dict[str, str] = {}  # event.json by slug, whose document gives the keys of live.json

    def texts(key: bytes, make: Callable[[], str]) -> str:  # event.json's parts, as written before
        return store.recall("json", key.hex(), make)

    with names_recalled(store):  # the names' sort keys of the builds before
        events = {event.slug: all_event_pages(event, results[event.slug], pdf, site.language)
                  for event in site.events}
        for event in site.events:
            slug = event.slug
            document = event_document(event, results[slug])
            jsons[slug] = json_text(document, texts)
            listings[slug] = listing(event, events[slug], event_keys(slug, document, jsons[slug], texts))
    ordered = [listings[slug] for slug in sorted(listings)]  # the events' directories are sorted
    pages = [*home_pages(site, ordered), *(page for slug in sorted(events) for page in events[slug])]
    clock.lap("views")
    chosen = look(site)
    env = cached_environment(theme or site.theme, cache, chosen.templates)
    env.globals["base_url"] = base_url  # for the canonical link and Open Graph tags of base.html
    env.globals["search_url"] = site.search  # a shared player search, else the site's own (search/)
    env.globals["logo"] = chosen.logo  # on the certificates
    keys = PageKeys(chosen.templates, chosen.settings, chosen.pdf_salt, digester)
    previous = Previous(cache, output)
    output.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{output.name}.new-", dir=output.parent))
    try:
        render = functools.partial(render_page, env)
        out = stage_pages(pages, staging, keys, previous, render, pdf=pdf)
        for directory in reversed(chosen.static):
            shutil.copytree(directory, staging / "static", dirs_exist_ok=True)
        kept_pdfs = sum(record.listing.pdfs for record in kept.values())
        # the PDFs are begun by the other processes before the pages are rendered when this process
        # renders them alone (a rebuild's few), else after them (all processes rendering a cold
        # build's, which forked PDF workers would also hold a copy of); then before the exports
        processes = out.processes(jobs or os.cpu_count() or 1)
        if processes > 1:
            render_pages(out, render, processes)
        with _started_pdfs(out.pdf_jobs, staging / "static", chosen.pdf_salt, cache, jobs, progress,
                           out.reused_pdfs + kept_pdfs) as pdfs:
            if processes == 1:
                render_pages(out, render, processes)
            clock.lap("render")
            # event.json, feed.xml, CSV and PGN per event, sitemap.xml with a base URL, live.json
            exports = export_files(site, pages, base_url, results, sitemap_paths(site, ordered), jsons)
            exports[LIVE] = live_json(listed.live for listed in ordered)  # what open pages poll
            entries, events_listed = search_entries(ordered)
            listed = entries_json(entries, events_listed)
            search = KeptSearch(cache, output, listed)
            keep_search = search.unchanged()  # a result changes no entry: the index is the same
            if not keep_search:
                exports.update(search_files(entries, events_listed, listed=listed))
            _write_exports(staging, exports)
            clock.lap("exports")
            pdfs_rendered = pdfs.finish()
        clock.lap("pdf")
        previous.forget(kept)
        unchanged.forget(kept)
        with swap_lock or contextlib.nullcontext():
            # whole events unchanged since the previous build, and the search index if it is
            _swap(staging, output, [*sorted(kept), *([FOLDER] if keep_search else [])])
        previous.save(out.keys, kept)
        search.save()
        unchanged.save(site, kept, listings, warned)
        clock.lap("swap")
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    html = out.html + sum(record.listing.html for record in kept.values())
    return BuildReport(html, len(out.pdf_jobs) + out.reused_pdfs + kept_pdfs, clock.total(), pdfs_rendered,
                       tuple(warnings), out.rendered, tuple(clock.laps))


@dataclass(frozen=True)
class _Look:
    """What a theme, the base URL and the PDF switch give every page besides its data."""

    static: list[Path]  # static directories, first match wins
    templates: bytes  # the digest of the templates
    logo: str
    settings: str  # of every page key
    pdf_salt: bytes  # of every PDF key (b"" without PDFs)
    digest: bytes  # of all of it and the software: what every file of every event is made of

    @classmethod
    def of(cls, theme: Path | None, base_url: str, pdf: bool, search: str) -> _Look:
        static = _static_dirs(theme)
        templates = templates_digest(template_dirs(theme))
        logo = theme_logo(static)
        salt = pdf_salt(static) if pdf else b""
        settings = f"base_url={base_url};logo={logo};search={search}"
        digest = hashlib.sha256(b"\0".join([software(), templates, settings.encode(), salt, str(pdf).encode(),
                                             str(theme).encode()])).digest()
        return cls(static, templates, logo, settings, salt, digest)


class _Clock:
    """Seconds per phase of a build."""

    def __init__(self) -> None:
        self.started = self.last = time.perf_counter()
        self.laps: list[tuple[str, float]] = []

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.laps.append((name, now - self.last))
        self.last = now

    def total(self) -> float:
        return time.perf_counter() - self.started


def _static_dirs(theme: Path | None) -> list[Path]:
    """Static directories, first match wins: the theme's own, then the default theme's."""
    own = [theme / "static"] if theme and (theme / "static").is_dir() else []
    return [*own, DEFAULT_THEME / "static"]


#: The names a theme may give its logo in `static/`, first found wins.
LOGO_NAMES = ("logo.svg", "logo.png", "logo.jpg")


def theme_logo(static_dirs: list[Path]) -> str:
    """The logo's name in the static directory, "" when no theme has one (the default has none)."""
    return next((name for name in LOGO_NAMES for directory in static_dirs if (directory / name).is_file()),
                "")


def _pdf_key(html: str, salt: bytes) -> str:
    """The cache key of a PDF: its HTML and `salt`, the digest of everything else it is made of
    (the software, the fonts and every static file the HTML can load: `pdf_salt`)."""
    return hashlib.sha256(salt + hashlib.sha256(html.encode()).digest()).hexdigest()


def pdf_salt(static_dirs: list[Path]) -> bytes:
    """What a PDF is made of besides its HTML: the software, the fonts and the static files."""
    return hashlib.sha256(software() + pdf_digest(static_dirs)).digest()


@contextlib.contextmanager
def _started_pdfs(jobs: list[tuple[Path, str]], static: Path, salt: bytes, cache: Path, workers: int | None,
                  progress: Progress | None, done: int = 0) -> Iterator[_Pdfs]:
    """Every PDF written, from the cache when its inputs (`salt`: `pdf_salt`) are unchanged, else by a
    renderer made for this build from `static`, on `workers` processes: the others begin on entry,
    this one joins them at `finish()`, which says how many were rendered. `done`: PDFs already taken
    over from the previous output."""
    if not jobs:
        yield _Pdfs(None, 0)
        return
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as error:  # every PDF is rendered, none stored
        log_once("pdf-unwritable", f"PDF cache {cache} not written ({error}); the next build renders "
                 "the PDFs again")
    todo: list[tuple[Path, str, Path]] = []
    total = done + len(jobs)
    for target, html in jobs:
        cached = cache / f"{_pdf_key(html, salt)}.pdf"
        if _from_cache(cached, target):
            done += 1
            if progress:
                progress(done, total)
        else:
            todo.append((target, html, cached))
    if not todo:
        yield _Pdfs(None, 0)
        return
    from site_builder.render.pdf import PdfRenderer  # imported only when PDFs are rendered

    renderer = PdfRenderer(static)  # made before the workers fork: they share its fonts

    def make(job: tuple[Path, str, Path]) -> None:
        target, html, cached = job
        _store(target, cached, renderer.render(html))
        sweep()

    def tick() -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, total)

    with swept_after_each() as sweep, start(make, todo, workers or os.cpu_count() or 1, tick,
                                            cost=lambda job: len(job[1])) as started:
        yield _Pdfs(started, len(todo))


@dataclass(frozen=True)
class _Pdfs:
    """The PDFs being made (`_started_pdfs`)."""

    started: Started | None
    count: int  # rendered, not taken from the cache

    def finish(self) -> int:
        """This process's share of the PDFs, then the others'; how many were rendered."""
        if self.started is not None:
            self.started.finish()
        return self.count


def _write_exports(staging: Path, exports: dict[str, str]) -> None:
    """Write the exports (path in the output → text) into `staging`."""
    root, folders = str(staging), set()
    for path, text in exports.items():
        folder = posixpath.dirname(path)
        if folder not in folders:  # the pages made most of them (not rounds/ of the PGN)
            os.makedirs(f"{root}/{folder}", exist_ok=True)
            folders.add(folder)
        write_file(f"{root}/{path}", text)


def _from_cache(cached: Path, target: Path) -> bool:
    """Copy the cached PDF to `target`; False when there is none, or it cannot be read (logged once:
    the PDF is rendered)."""
    try:
        shutil.copyfile(cached, target)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as error:
        log_once("pdf-unreadable", f"cached PDF {cached} unreadable ({error}); rendered again")
        return False
    return True


def _store(target: Path, cached: Path, data: bytes) -> None:
    """Write a rendered PDF to `target` and into the cache, unless the cache cannot be written
    (logged once: the next build renders it again)."""
    target.write_bytes(data)
    partial = cached.with_suffix(f".{os.getpid()}.part")
    try:
        partial.write_bytes(data)
        partial.replace(cached)  # a cache entry is complete or absent
    except OSError as error:
        with contextlib.suppress(OSError):
            partial.unlink()
        log_once("pdf-unwritable", f"PDF cache {cached.parent} not written ({error}); the next build "
                 "renders the PDFs again")


def _swap(staging: Path, output: Path, kept: Sequence[str] = ()) -> None:
    """Replace `output` by `staging` with two renames (never a half-written output), moving the
    folders `kept` of the old output into the new one between them; the previous output is deleted
    afterwards, in the background (the process waits for it before exiting). On an error `output`
    is put back as it was."""
    os.chmod(staging, 0o755)
    for leftover in output.parent.glob(f".{output.name}.old-*"):  # of a process that was killed
        shutil.rmtree(leftover, ignore_errors=True)
    if not output.exists():
        staging.rename(output)
        return
    old = output.with_name(f".{output.name}.old-{os.getpid()}-{time.monotonic_ns()}")
    output.rename(old)
    moved: list[str] = []
    try:
        for folder in kept:
            (old / folder).rename(staging / folder)
            moved.append(folder)
        staging.rename(output)
    except BaseException:
        for folder in reversed(moved):
            (staging / folder).rename(old / folder)
        old.rename(output)
        raise
    threading.Thread(target=shutil.rmtree, args=(old,), kwargs={"ignore_errors": True},
                     name="bulletin-delete-old-output").start()
