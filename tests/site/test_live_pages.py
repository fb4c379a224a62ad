"""Pages that follow the event without a server of their own (docs/exports.md, "Live pages"): a site
served by a plain HTTP server from a sub-path, a round page open in Chromium, a new build into the
same folder, and the page shows the new result by itself; where it cannot fetch itself again it
offers a one-tap reload; from file:// it polls nothing.

No test sleeps: each waits for what it expects (Playwright's `expect`) with a generous timeout, and
the page polls every 0.2 s at first (`?live-poll=0.2`, the test hook of `static/site.js`)."""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from site_builder.build import build_site

axe_package = pytest.importorskip("axe_playwright_python")
AXE = (Path(axe_package.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PATIENCE = 60_000  # ms: a bound for a busy machine, not a measure of speed
ROUND = 'round: 1\ngames:\n  - [1, 1, 3, "{}"]\n  - [2, 4, 2, "?"]\n'
PAGE = "bulletins/cup/open/round-01.html?live-poll=0.2"  # served from a sub-path


class _Quiet(SimpleHTTPRequestHandler):
    """A static host that never answers "not modified" for a file rewritten within the second
    (Python's server compares whole-second times; real hosts compare content, ETag): without this,
    a reload right after a build could show the old page, depending on the clock."""

    def send_head(self):  # type: ignore[no-untyped-def]
        del self.headers["If-Modified-Since"]
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def served(tmp_path: Path, small_event) -> Iterator[tuple[str, Path, Path]]:
    """The small event built into `<root>/bulletins`, served over HTTP from `<root>`: the base URL,
    the content and the output."""
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    (content / "cup" / "open" / "rounds" / "01.yaml").write_text(ROUND.format("?"), encoding="utf-8")
    root = tmp_path / "root"
    output = root / "bulletins"
    build_site(content, output, pdf=False)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", content, output
    server.shutdown()
    server.server_close()


def _result(page):
    return page.locator("table.pairings tbody tr").first.locator("td.result")


def _watching(page) -> None:
    """Wait until the page has read its key of live.json once: what it shows is known."""
    expect(page.locator("main")).to_have_attribute("data-live-seen", re.compile(r"^[0-9a-f]{16}$"),
                                                   timeout=PATIENCE)


def _new_result(content: Path, output: Path) -> None:
    (content / "cup" / "open" / "rounds" / "01.yaml").write_text(ROUND.format("1-0"), encoding="utf-8")
    build_site(content, output, pdf=False)


def _axe(page) -> list[str]:
    page.add_script_tag(content=AXE)
    return page.evaluate("""async () => (await axe.run(document)).violations.map(
        v => `${v.id} (${v.nodes.length}): ${v.nodes[0].target.join(' ')}`)""")


def test_an_open_round_page_shows_a_new_result_without_a_reload(browser, served) -> None:
    url, content, output = served
    page = browser.new_page(viewport={"width": 390, "height": 420})
    page.goto(url + PAGE)
    _watching(page)
    expect(_result(page)).to_have_text("?pending")  # a ? shown, "pending" read out
    page.evaluate("window.scrollTo(0, 120); window.notReloaded = true")
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0
    _new_result(content, output)
    expect(_result(page)).to_have_text("2:0", timeout=PATIENCE)
    expect(page.locator("#live-note")).to_have_text("Updated with the latest results")
    assert page.evaluate("window.notReloaded") is True  # replaced in place, not reloaded
    assert page.evaluate("window.scrollY") == scrolled
    assert page.locator("#live-note button").count() == 0
    assert _axe(page) == []
    page.close()


def test_a_page_that_cannot_fetch_itself_offers_a_one_tap_refresh(browser, served) -> None:
    url, content, output = served
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(url + PAGE)
    _watching(page)
    page.route(re.compile(r".*/round-01\.html.*"), lambda route: route.abort())  # e.g. offline
    _new_result(content, output)
    button = page.locator("#live-note button")
    expect(button).to_have_text("New results — refresh", timeout=PATIENCE)
    expect(_result(page)).to_have_text("?pending")  # the page left as it was
    assert _axe(page) == []
    page.unroute(re.compile(r".*/round-01\.html.*"))
    button.click()
    expect(_result(page)).to_have_text("2:0", timeout=PATIENCE)
    page.close()


def test_from_file_urls_nothing_is_polled(browser, served) -> None:
    _, _, output = served
    page = browser.new_page()
    asked, errors = [], []
    page.on("request", lambda request: asked.append(request.url))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto((output / "cup" / "open" / "round-01.html").as_uri() + "?live-poll=0.2")
    page.wait_for_load_state("load")  # site.js (deferred) has run: a poll would have been asked at once
    assert not [u for u in asked if "live.json" in u] and errors == []
    assert not page.locator("main").get_attribute("data-live-seen")
    page.close()
