"""`bulletin serve`: live reload, error overlay, last good site kept, robustness over many edits.

No test here sleeps for a time and then looks: each waits for what it expects (an event, a page, a
handled file event) and fails only after `PATIENCE` seconds, so a busy machine makes it slower, not
red.
"""

from __future__ import annotations

import json
import random
import shutil
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from site_builder.commands.serve import IGNORED_SUFFIXES, LiveSite, Server, watch
from site_builder.render.html import DEFAULT_THEME

ROUND = "cup/open/rounds/01.yaml"
#: How long a test waits for the server (a rebuild, an event, a page) before it fails: a bound for a
#: machine under load, not a measure of speed; every wait ends as soon as its condition holds.
PATIENCE = 60.0

#: The default theme's round page, which a site's theme copies to change it.
ROUND_TEMPLATE = DEFAULT_THEME / "templates" / "round.html"

#: A pending result's cell: the ? shown, "pending" read out.
PENDING = '<span aria-hidden="true">?</span><span class="sr">pending</span>'


def until(condition: Callable[[], object], what: str, timeout: float = PATIENCE) -> object:
    """Polls `condition` until it returns a true value, and returns that value; fails after `timeout`."""
    end = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.05)
    return value


@pytest.fixture
def server(tmp_path: Path, small_event):
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    running = Server(content, tmp_path / "output", 0, pdf=False, report=lambda text: None).start()
    yield running, content
    running.stop()


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=PATIENCE) as response:
        return response.read().decode()


class Events:
    """Collects the server-sent events of one open page."""

    def __init__(self, url: str) -> None:
        self.items: list[dict] = []
        self.response = urllib.request.urlopen(url + "__bulletin/events", timeout=2 * PATIENCE)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for line in self.response:
                if line.startswith(b"data: "):
                    self.items.append(json.loads(line[6:]))
        except Exception:
            pass

    def mark(self) -> int:
        """How many events came so far: `wait(..., after=events.mark())` sees only later ones."""
        return len(self.items)

    def wait(self, kind: str, after: int = 0, text: str = "") -> dict:
        """The first event of `kind` (whose text has `text`) from the `after`-th on.

        Events are not counted: one edit may be seen as two bursts of file events and rebuild twice,
        so a test marks where its edit starts and then waits for what that edit shows."""
        def found() -> dict | None:
            return next((e for e in self.items[after:] if e["kind"] == kind and text in e.get("text", "")),
                        None)
        try:
            return until(found, f"a {kind} event")
        except AssertionError as error:
            raise AssertionError(f"{error}; the events from the {after}-th: {self.items[after:]}") from None


def test_pages_get_the_live_reload_script(server) -> None:
    running, _ = server
    page = get(running.url + "cup/open/round-01.html")
    assert "__bulletin/events" in page and "Player One" in page


def test_edit_reloads_and_errors_overlay_then_clear(server) -> None:
    running, content = server
    events = Events(running.url)
    events.wait("ok")
    path = content / ROUND
    page = running.url + "cup/open/round-01.html"
    good = path.read_text(encoding="utf-8")
    mark = events.mark()
    path.write_text(good.replace('[1, 1, 3, "?"]', '[1, 1, 3, "1-0"]'), encoding="utf-8")
    events.wait("reload", after=mark)
    until(lambda: '<td class="result">2:0</td>' in get(page), "the result on the round's page")
    mark = events.mark()
    path.write_text(good.replace('[1, 1, 3, "?"]', '[1, 1, 3, "9-9"]'), encoding="utf-8")
    error = events.wait("error", after=mark, text="9-9")
    line = good.splitlines().index(next(x for x in good.splitlines() if '[1, 1, 3, "?"]' in x)) + 1
    assert f"01.yaml:{line}:15: text '9-9' is not a result" in error["text"]
    # the last good site is still served
    assert '<td class="result">2:0</td>' in get(page)
    mark = events.mark()
    path.write_text(good, encoding="utf-8")
    events.wait("reload", after=mark)
    until(lambda: running.site.error == "" and f'<td class="result">{PENDING}</td>' in get(page),
          "the error cleared")


def test_swap_files_do_not_trigger_rebuilds(tmp_path: Path, small_event, monkeypatch) -> None:
    """The watcher handles the events of an editor's swap, backup and lock files and asks for no
    rebuild for any of them. Each request for a rebuild is traced to the file event being handled;
    a real file written after them is the sign that their events have all been handled (one
    directory's events are handled in the order they happened)."""
    from watchdog import observers

    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    handled: list = []  # every file event, in the order the watcher handles them
    requests: list = []  # the event being handled at each request for a rebuild

    class Traced(observers.Observer):
        def schedule(self, handler, path, *args, **kwargs):
            dispatch = handler.dispatch

            def traced(event) -> None:
                handled.append(event)
                dispatch(event)

            handler.dispatch = traced
            return super().schedule(handler, path, *args, **kwargs)

    monkeypatch.setattr(observers, "Observer", Traced)
    observer = watch(LiveSite(content, tmp_path / "output", pdf=False), lambda: requests.append(handled[-1]))
    swaps = [f".event.yaml{suffix}" for suffix in IGNORED_SUFFIXES] + [".#event.yaml"]
    try:
        for name in swaps:
            (content / "cup" / name).write_text("junk", encoding="utf-8")
        (content / "cup" / "notes.txt").write_text("a real file", encoding="utf-8")
        until(lambda: any(Path(e.src_path).name == "notes.txt" for e in requests), "a rebuild for notes.txt")
    finally:
        observer.stop()
        observer.join()
    assert {Path(e.src_path).name for e in handled} >= set(swaps)  # seen, before notes.txt
    assert [e for e in requests if Path(e.src_path).name in swaps] == []


def test_atomic_save_delete_and_restore(server) -> None:
    running, content = server
    events = Events(running.url)
    events.wait("ok")
    path = content / ROUND
    index = running.url + "cup/index.html"
    text = path.read_text(encoding="utf-8")
    mark = events.mark()
    temporary = path.with_name("01.yaml.new")  # an editor's atomic save: write elsewhere, rename over
    temporary.write_text(text.replace('"?"', '"="', 1), encoding="utf-8")
    temporary.replace(path)
    events.wait("reload", after=mark)
    until(lambda: '<td class="result">1:1</td>' in get(running.url + "cup/open/round-01.html"),
          "the saved result on the round's page")
    mark = events.mark()
    path.unlink()  # deleting the only round: still a valid event, round 1 shown as the engine pairs it
    events.wait("reload", after=mark)
    until(lambda: "Round 1 (provisional)" in get(index), "round 1 shown as the engine pairs it")
    mark = events.mark()
    path.write_text(text, encoding="utf-8")
    events.wait("reload", after=mark)
    until(lambda: "round-01.html" in (page := get(index)) and "Round 1 (provisional)" not in page,
          "round 1 restored")


def test_five_hundred_edits(tmp_path: Path, small_event) -> None:
    """A scripted session of 500 edits (valid, broken, deleted, restored): the server never dies,
    every valid state is served, every broken state shows its error."""
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    running = Server(content, tmp_path / "output", 0, pdf=False, report=lambda text: None).start()
    try:
        path = content / ROUND
        good = path.read_text(encoding="utf-8")
        rng = random.Random(500)
        results = ["1-0", "0-1", "=", "?"]
        for _ in range(500):
            action = rng.random()
            if action < 0.6:
                result = rng.choice(results)
                path.write_text(good.replace('[1, 1, 3, "?"]', f'[1, 1, 3, "{result}"]'), encoding="utf-8")
                assert running.site.rebuild()
                page = get(running.url + "cup/open/round-01.html")
                shown = {"1-0": "2:0", "0-1": "0:2", "=": "1:1", "?": PENDING}[result]
                assert f'<td class="result">{shown}</td>' in page
            elif action < 0.85:
                path.write_text(good.replace("round: 1", "round: [1"), encoding="utf-8")
                assert not running.site.rebuild()
                assert "YAML syntax error" in running.site.error
                assert get(running.url + "cup/index.html")  # the last good site is still there
            else:
                path.unlink(missing_ok=True)
                assert running.site.rebuild()
                path.write_text(good, encoding="utf-8")
        assert running.thread.is_alive()
    finally:
        running.stop()
        shutil.rmtree(tmp_path / "output", ignore_errors=True)


def test_directories_lead_to_their_page(server) -> None:
    running, _ = server
    index = get(running.url + "cup/")  # an event's index
    assert "<h1>Cup</h1>" in index and get(running.url + "cup") == index  # redirected to cup/
    assert "Player One" in get(running.url + "cup/open/")  # a section: its player list


def test_a_busy_port_is_one_line_that_names_a_free_one(server, tmp_path: Path, small_event) -> None:
    from click.testing import CliRunner

    from site_builder.cli import main

    running, content = server
    port = running.http.server_address[1]
    result = CliRunner().invoke(main, ["serve", str(content), "-o", str(tmp_path / "other"), "-p", str(port)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and f"port {port} on 127.0.0.1 is in use" in lines[0] and "--port " in lines[0]
    assert "Traceback" not in result.output


def test_on_every_network_it_names_the_address_a_phone_opens(tmp_path: Path, small_event) -> None:
    """`--host 0.0.0.0`: the URL on this machine and, when the machine has a network, its address
    there (the one its default route leads to), never 127.0.0.1 alone."""
    from site_builder.commands.serve import lan_address

    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    running = Server(content, tmp_path / "output", 0, pdf=False, report=lambda text: None,
                     host="0.0.0.0").start()
    try:
        lan = lan_address()
        port = running.http.server_address[1]
        assert running.url == f"http://127.0.0.1:{port}/"
        assert running.lan_url == (f"http://{lan}:{port}/" if lan else "")
        assert lan is None or not lan.startswith("127.")
    finally:
        running.stop()


def test_the_preview_leaves_the_last_builds_output_alone(tmp_path: Path, small_event, monkeypatch) -> None:
    """`bulletin serve`'s default folder is `.bulletin-serve/`: the HTML-only preview never replaces
    `output/`, where the last `bulletin build` left its PDFs."""
    from click.testing import CliRunner

    from site_builder.cli import main

    small_event(tmp_path / "content" / "cup", name="Cup", language="en")
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "round-01.pdf").write_bytes(b"%PDF-1.7 the last build's")
    monkeypatch.chdir(tmp_path)
    served = {}

    def run(content: Path, output: Path, *args, **kwargs) -> None:
        served["output"] = output

    monkeypatch.setattr("site_builder.commands.serve.serve", run)
    assert CliRunner().invoke(main, ["serve"]).exit_code == 0
    assert served["output"] == Path(".bulletin-serve")
    assert (tmp_path / "output" / "round-01.pdf").read_bytes() == b"%PDF-1.7 the last build's"


def test_a_broken_theme_template_is_its_located_line_in_the_overlay(tmp_path: Path, small_event,
                                                                    monkeypatch) -> None:
    """docs/themes.md: the overlay shows a broken template as `bulletin build` does, at its line."""
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    template = content / "theme" / "templates" / "round.html"
    template.parent.mkdir(parents=True)
    template.write_text(ROUND_TEMPLATE.read_text(encoding="utf-8"), encoding="utf-8")
    (content / "site.yaml").write_text("title: Club\ntheme: theme\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    running = Server(Path("content"), Path("output"), 0, pdf=False, report=lambda text: None).start()
    try:
        events = Events(running.url)
        events.wait("ok")
        mark = events.mark()
        template.write_text(template.read_text(encoding="utf-8") + "{% if x %}broken\n", encoding="utf-8")
        end = len(template.read_text(encoding="utf-8").splitlines())
        error = events.wait("error", after=mark, text="round.html")
        where = f"content/theme/templates/round.html:{end}:1:"
        assert error["text"].startswith(f"{where} Unexpected end of template.")
        assert "(hint: " in error["text"] and "\n" not in error["text"]
    finally:
        running.stop()


class NoRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects are answers to look at, not to follow."""

    def redirect_request(self, *args: object) -> None:
        return None


def answer(url: str, method: str = "GET", language: str = "en") -> tuple[int, dict[str, str], str]:
    """The status, the headers (but the date) and the body of a request, whatever the status."""
    request = urllib.request.Request(url, method=method, headers={"Accept-Language": language})
    try:
        response = urllib.request.build_opener(NoRedirects).open(request, timeout=PATIENCE)
    except urllib.error.HTTPError as error:
        response = error
    with response:
        headers = {name: value for name, value in response.headers.items() if name != "Date"}
        return response.status, headers, response.read().decode()


def test_started_on_a_broken_file_every_address_shows_the_error_until_it_is_fixed(
        tmp_path: Path, small_event) -> None:
    """docs/commands.md: a broken file shows `file:line:column: message` on every open page, and
    fixing it clears it. Without any good build there is no page to lay the overlay on: every
    address is a small page (503) with the error and the live-reload script, which reloads it once
    a build succeeds (the reload event, or a later build than the page's when it connects)."""
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    path = content / ROUND
    good = path.read_text(encoding="utf-8")
    path.write_text(good.replace("round: 1", "round: [1"), encoding="utf-8")
    running = Server(content, tmp_path / "output", 0, pdf=False, report=lambda text: None).start()
    try:
        status, headers, page = answer(running.url + "cup/open/round-01.html")
        assert status == 503 and headers["Cache-Control"] == "no-store"
        assert "rounds/01.yaml:" in page and ": YAML syntax error" in page and "__bulletin/events" in page
        assert "var served = 0," in page and "The site is not built yet" in page
        status, _, page = answer(running.url + "cup/", language="ja, en;q=0.5")
        assert status == 503 and "サイトはまだ生成されていません" in page and "YAML syntax error" in page
        events = Events(running.url)
        assert events.wait("error", text="YAML syntax error")["version"] == 0
        mark = events.mark()
        path.write_text(good, encoding="utf-8")
        assert events.wait("reload", after=mark)["version"] == 1  # the page above reloads
        until(lambda: answer(running.url + "cup/open/round-01.html")[0] == 200, "the round's page")
    finally:
        running.stop()


def test_an_address_without_a_page_waits_for_it(server) -> None:
    """A page not built (yet: the next round's) is a 404 carrying the live-reload script, so the
    reader's open page turns into the real one once a build writes it."""
    running, content = server
    status, headers, page = answer(running.url + "cup/open/round-02.html")
    assert status == 404 and headers["Cache-Control"] == "no-store"
    assert "No page here" in page and "__bulletin/events" in page and "<pre" not in page  # no error
    events = Events(running.url)
    events.wait("ok")
    mark = events.mark()
    (content / "cup" / "open" / "rounds" / "01.yaml").write_text("round: [1", encoding="utf-8")
    events.wait("error", after=mark, text="YAML syntax error")
    status, _, page = answer(running.url + "cup/open/round-02.html")
    assert status == 404 and "rounds/01.yaml:2:1: YAML syntax error" in page  # the error, here too


def test_head_answers_as_get_does_and_redirects_are_temporary(server) -> None:
    """HEAD gives GET's status and headers (the page with its script: the same length; never
    cached); a directory leads to its page by a redirect that is not cached and keeps the query."""
    running, _ = server
    for address in ("cup/open/round-01.html", "cup/open", "cup/open/?live-poll=1", "cup", "cup/",
                    "cup/open/round-09.html"):
        got, head = answer(running.url + address), answer(running.url + address, "HEAD")
        assert head[:2] == got[:2] and head[2] == "", address
        assert got[1]["Cache-Control"] == "no-store" and int(got[1]["Content-Length"]) == len(got[2].encode())
    status, headers, _ = answer(running.url + "cup/open", "HEAD")
    assert status == 307 and headers["Location"] == "/cup/open/players.html"
    for address, location in (("cup/open/?live-poll=1", "/cup/open/players.html?live-poll=1"),
                              ("cup?live-poll=1", "/cup/?live-poll=1")):
        status, headers, _ = answer(running.url + address)
        assert status == 307 and headers["Location"] == location
    assert answer(running.url + "cup/")[0] == 200


def test_a_theme_outside_the_content_is_watched_and_followed(tmp_path: Path, small_event) -> None:
    """docs/themes.md: serve watches the theme too, wherever site.yaml names it (`theme: ../club`),
    and the one it names after an edit of site.yaml."""
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    themes = {}
    for name in ("club", "league"):
        themes[name] = tmp_path / name / "templates" / "base.html"
        themes[name].parent.mkdir(parents=True)
        themes[name].write_text(footer(f"{name} 1"), encoding="utf-8")
    (content / "site.yaml").write_text("title: Club\ntheme: ../club\n", encoding="utf-8")
    running = Server(content, tmp_path / "output", 0, pdf=False, report=lambda text: None).start()
    page = running.url + "cup/index.html"
    try:
        assert '<p class="club">club 1</p>' in get(page)
        themes["club"].write_text(footer("club 2"), encoding="utf-8")
        until(lambda: '<p class="club">club 2</p>' in get(page), "the theme's edit on the page")
        (content / "site.yaml").write_text("title: Club\ntheme: ../league\n", encoding="utf-8")
        until(lambda: '<p class="club">league 1</p>' in get(page), "the other theme's page")
        themes["league"].write_text(footer("league 2"), encoding="utf-8")
        until(lambda: '<p class="club">league 2</p>' in get(page), "the other theme's edit on the page")
    finally:
        running.stop()


def footer(text: str) -> str:
    """A theme's base.html: the default one with `text` in its footer."""
    return ('{% extends "default/base.html" %}{% block footer %}<p class="club">' + text
            + "</p>{{ super() }}{% endblock %}")
