"""The search on a real HTTP server that compresses as static hosts do (gzip): a page's first view
fetches none of the index; a search fetches the keys and the part of its word; several sites share
one index."""

from __future__ import annotations

import gzip
import shutil
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from cup_event import cup_event

from site_builder.build import build_site
from site_builder.cli import main
from site_builder.views.i18n import Labels

sync_api = pytest.importorskip("playwright.sync_api")
EXAMPLE = Path(__file__).resolve().parents[2] / "content"
#: The most a round page's first view may fetch of the site's own files (HTML, CSS, scripts).
FIRST_VIEW = 60_000
COMPRESSED = (".html", ".css", ".js", ".json", ".xml", ".pgn")


class _Gzipping(SimpleHTTPRequestHandler):
    """A static host: text sent gzip-compressed to a client that accepts it."""

    def log_message(self, *args: object) -> None:
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path.split("?")[0]))
        if (path.is_file() and path.suffix in COMPRESSED
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            body = gzip.compress(path.read_bytes(), mtime=0)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return BytesIO(body)
        return super().send_head()


def _serve(folder: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Gzipping, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def host(example_site: Path) -> Iterator[str]:
    yield from _serve(example_site)


#: What the page fetched so far, by its own record (Resource Timing): each address and the bytes
#: that came over the wire (compressed), the page itself first. Read from the page when asked, it
#: cannot lag behind the page as events sent to the test could.
FETCHED = """() => ["navigation", "resource"].flatMap(kind => performance.getEntriesByType(kind))
                 .map(entry => [entry.name, entry.encodedBodySize])"""


def _fetched(page) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    return [(url, size) for url, size in page.evaluate(FETCHED)]


def _round_pages(site: Path) -> list[str]:
    return sorted(str(p.relative_to(site)) for p in site.glob("*/*/round-*.html"))


def _first_views(browser, host: str, paths: list[str], together: int = 8  # type: ignore[no-untyped-def]
                 ) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """Each path's page and what its first view fetched, `together` pages loading at a time (each
    waits until its own network has been idle for 500 ms, which would add up page after page)."""
    for start in range(0, len(paths), together):
        batch = paths[start:start + together]
        pages = [browser.new_page(viewport={"width": 390, "height": 844}) for _ in batch]
        for page, path in zip(pages, batch, strict=True):
            page.goto(host + path, wait_until="commit")
        for page, path in zip(pages, batch, strict=True):
            page.wait_for_load_state("networkidle")
            yield path, _fetched(page)
            page.close()


def test_a_round_pages_first_view_is_light_and_fetches_no_search_index(
        browser, example_site: Path, host: str) -> None:
    """Every round page of the examples: its first view fetches at most 60 KB of the site's own
    files as a compressing host sends them, and nothing of the search index."""
    heaviest, seen = (0, ""), 0
    for path, fetched in _first_views(browser, host, _round_pages(example_site)):
        own = [(url, size) for url, size in fetched if url.startswith(host)]
        assert own and own[0][0] == host + path, (path, own[:1])  # the page itself, first
        assert not [url for url, _ in own if "/search/" in url], path
        heaviest = max(heaviest, (sum(size for _, size in own), path))
        seen += 1
    assert seen == len(_round_pages(example_site)) and 0 < heaviest[0] <= FIRST_VIEW, heaviest


def test_a_search_fetches_the_keys_and_the_part_of_its_word(browser, host: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(host + "2025-club-open/open/round-01.html", wait_until="networkidle")
    page.fill("#player-search", "garcia")
    page.wait_for_selector("#search-results a")
    searched = [url.removeprefix(host) for url, _ in _fetched(page) if "/search/" in url]
    keys, part = searched  # the keys of g…, then the part of g (or, where it is cut, of ga, gar …)
    assert keys == f"search/keys-{ord('g') % 64:02d}.js"
    assert "garcia".startswith(bytes.fromhex(part.removeprefix("search/").removesuffix(".js")).decode())
    names = page.eval_on_selector_all("#search-results a", "els => els.map(e => e.textContent)")
    assert "García, Lucía" in names
    page.close()


@pytest.fixture(scope="module")
def federation(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two seasons built as two sites under one host, /2025/ and /2026/, sharing /search/."""
    root = tmp_path_factory.mktemp("federation")
    for season, event in (("2025", "2025-club-open"), ("2026", "2026-spring-open")):
        content = root / f"content-{season}"
        shutil.copytree(EXAMPLE / event, content / event)
        (content / "site.yaml").write_text(f"title: Season {season}\nlanguage: en\nsearch: /search/\n",
                                           encoding="utf-8")
        build_site(content, root / "www" / season, pdf=False)
    result = CliRunner().invoke(main, ["search-index", f"/2025/={root / 'www/2025'}",
                                       f"/2026/={root / 'www/2026'}", "-o", str(root / "www/search")])
    assert result.exit_code == 0, result.output
    return root / "www"


def test_a_search_on_one_site_finds_and_opens_a_player_of_another(browser, federation: Path) -> None:
    errors: list[str] = []  # addresses the host could not answer
    for host in _serve(federation):
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.on("response", lambda r: errors.append(r.url) if r.status >= 400 else None)
        page.goto(host + "2025/2025-club-open/index.html")
        page.fill("#player-search", "Lucia Garcia")  # she played both seasons
        page.wait_for_selector("#search-results a")
        links = page.eval_on_selector_all("#search-results a", "els => els.map(e => e.href)")
        assert {link.split("/")[3] for link in links} == {"2025", "2026"}, links
        page.click("#search-results a[href^='/2026/']")
        assert page.url.startswith(host + "2026/2026-spring-open/") and "/players/" in page.url
        assert page.title() and errors == []
        page.close()


@pytest.fixture(scope="module")
def cup_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small site of one event, "Winter Cup" (in English), built without PDFs."""
    root = tmp_path_factory.mktemp("cup")
    cup_event(root / "content" / "winter-cup", 4, name="Winter Cup")
    build_site(root / "content", root / "www", pdf=False)
    return root / "www"


def _results(page) -> list[str]:  # type: ignore[no-untyped-def]
    return page.eval_on_selector_all("#search-results li", "els => els.map(e => e.textContent.trim())")


def test_a_word_in_quotes_or_brackets_finds_what_the_bare_word_finds(browser, cup_site: Path) -> None:
    """The marks around a query's words (quotes, brackets, backticks) begin no word of the index: the
    search reads the words without them (docs/exports.md, "Search index")."""
    for host in _serve(cup_site):
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(host + "winter-cup/index.html", wait_until="networkidle")
        for query, name in (('"Winter"', "Winter Cup"), ('"winter', "Winter Cup"), ("`Winter`", "Winter Cup"),
                            ("(Lucia)", "García, Lucía"), ("'Dubois' (Marc)", "Dubois, Marc")):
            page.fill("#player-search", query)
            page.wait_for_function("name => Array.from(document.querySelectorAll('#search-results a'))"
                                   ".some(a => a.textContent === name)", arg=name)
        page.close()


def test_a_search_whose_index_cannot_be_fetched_says_so_and_tries_again(browser, cup_site: Path) -> None:
    """A search index that cannot be fetched (offline, a shared index not deployed yet): the results
    say so in the page's language, and the next keystroke tries again."""
    search, gone = cup_site / "search", cup_site.parent / "search-gone"
    unreachable = Labels("en").search_unreachable
    for host in _serve(cup_site):
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(host + "winter-cup/index.html", wait_until="networkidle")
        search.rename(gone)
        try:
            page.fill("#player-search", "garci")
            page.wait_for_selector("#search-results li.muted")
            assert _results(page) == [unreachable] and page.is_visible("#search-results")
        finally:
            gone.rename(search)
        page.fill("#player-search", "garcia")  # a later keystroke: the index is back
        page.wait_for_selector("#search-results a")
        assert _results(page)[0].startswith("García, Lucía") and unreachable not in _results(page)
        page.close()
