"""`bulletin serve`: build, serve `output` (on 127.0.0.1 unless told another address), rebuild on
changes, reload open pages.

Requests never see a half-written site: the build writes into a temporary directory and swaps it
in under the same lock that every request holds while it opens its file. A failed rebuild keeps the
last good site and shows its errors in an overlay on every open page until a later build succeeds;
an address with no page (no build yet succeeded, or the last good one has none there) is a small
page with the error and the same script, which reloads it after the next good build. HEAD answers
as GET does, without the body.
"""

from __future__ import annotations

import contextlib
import errno
import html
import json
import queue
import socket
import threading
import time
import webbrowser
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from site_builder.build import build_site
from site_builder.content.loader import site_settings
from site_builder.errors import ContentError, Problems
from site_builder.languages import LANGUAGES, catalogue
from site_builder.render.html import DEFAULT_THEME

if TYPE_CHECKING:
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers.api import BaseObserver, ObservedWatch

DEBOUNCE_SECONDS = 0.15
IGNORED_SUFFIXES = (".swp", ".swx", ".tmp", "~", ".part")

#: The path of the server-sent events that open pages listen to.
EVENTS = "/__bulletin/events"

#: The error box over a page: the overlay the script adds, and the one a page without a build carries.
ERROR_STYLE = ("position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;margin:0;padding:1rem;"
               "background:#3b0d0c;color:#ffdad6;font:13px/1.5 monospace;z-index:9999;white-space:pre-wrap")

#: Injected into HTML pages in serve mode only: reload on rebuild (or when the page is older than the
#: last good build: `VERSION` is the build it was served from), overlay on errors.
LIVE_RELOAD = """<script>(function () {
  var served = VERSION, box = document.getElementById("bulletin-error");
  function show(text) {
    if (!box) { box = document.createElement("pre"); box.id = "bulletin-error";
      box.style.cssText = "STYLE";
      document.body.appendChild(box); }
    box.textContent = text;
  }
  var source = new EventSource("EVENTS");
  source.onmessage = function (event) {
    var state = JSON.parse(event.data);
    if (state.kind === "reload" || state.version !== served) { location.reload(); }
    else if (state.kind === "error") { show(state.text); }
    else if (box) { box.remove(); box = null; }
  };
})();</script>""".replace("STYLE", ERROR_STYLE).replace("EVENTS", EVENTS)


def reload_script(version: int) -> str:
    """The live-reload script of a page served from the build `version`."""
    return LIVE_RELOAD.replace("VERSION", str(version))


class LiveSite:
    """The state shared by the builder and the request handlers."""

    def __init__(self, content: Path, output: Path, pdf: bool, theme: Path | None = None) -> None:
        self.content, self.output, self.pdf, self.theme = content, output, pdf, theme
        self.lock = threading.Lock()  # held while the build swaps the output and while a file is opened
        self.building = threading.Lock()  # one build at a time
        self.version = 0  # the good builds so far
        self.error = ""
        self.listeners: list[queue.Queue[str]] = []
        self.listeners_lock = threading.Lock()
        self.settings = site_settings(content, Problems())  # as far as site.yaml can be read

    def reread(self) -> None:
        """The site's settings (its theme, its language) read again from `site.yaml`; while the file
        cannot be read, they stay as they were."""
        problems = Problems()
        settings = site_settings(self.content, problems)
        if not problems:
            self.settings = settings

    @property
    def theme_dir(self) -> Path | None:
        """The theme the builds use: the one given, else the one `site.yaml` names (or None)."""
        return self.theme or self.settings.theme

    def rebuild(self) -> bool:
        """Build once; on success publish a reload, on failure keep the site and publish the error.
        The garbage collector stays as Python sets it: the server's threads run during the build."""
        try:
            with self.building:
                report = build_site(self.content, self.output, pdf=self.pdf, theme=self.theme,
                                    swap_lock=self.lock)
        except ContentError as error:
            self.error = "\n".join(str(p) for p in error.problems)
            self._publish({"kind": "error", "text": self.error, "version": self.version})
            return False
        except Exception as error:  # anything else (a file that cannot be read): show it, keep serving
            self.error = f"{type(error).__name__}: {error}"
            self._publish({"kind": "error", "text": self.error, "version": self.version})
            return False
        self.error = ""
        self.version += 1
        self._publish({"kind": "reload", "pages": report.pages, "version": self.version})
        return True

    def state(self) -> dict[str, object]:
        """What an open page is told when it connects: the error or none, and the last good build."""
        state: dict[str, object] = {"kind": "error", "text": self.error} if self.error else {"kind": "ok"}
        return {**state, "version": self.version}

    def subscribe(self) -> queue.Queue[str]:
        channel: queue.Queue[str] = queue.Queue()
        with self.listeners_lock:
            self.listeners.append(channel)
        return channel

    def unsubscribe(self, channel: queue.Queue[str]) -> None:
        with self.listeners_lock:
            if channel in self.listeners:
                self.listeners.remove(channel)

    def _publish(self, message: dict[str, object]) -> None:
        data = json.dumps(message, ensure_ascii=False)
        with self.listeners_lock:
            for channel in self.listeners:
                channel.put(data)


@dataclass(frozen=True)
class Answer:
    """What the server answers a request for a file: GET sends it all, HEAD all but the body."""

    status: HTTPStatus
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    location: str = ""  # a redirect's


def reader_language(accepted: str, fallback: str) -> str:
    """The language of the catalogues the reader's browser prefers (its `Accept-Language`: tags by
    their weight, a tag's language where the tag itself has no catalogue), else `fallback`."""
    asked = []
    for index, item in enumerate(accepted.split(",")):
        tag, _, weight = item.partition(";q=")
        try:
            asked.append((-float(weight or 1), index, tag.strip().lower()))
        except ValueError:
            continue
    tags = {catalogue(code).tag.lower(): code for code in LANGUAGES}
    for _, _, tag in sorted(asked):
        primary = tag.split("-")[0]
        code = tags.get(tag) or next((c for t, c in tags.items() if t.split("-")[0] == primary), None)
        if code:
            return code
    return fallback


def missing_page(site: LiveSite, version: int, accepted: str = "") -> Answer:
    """The page of an address without a file: 503 while no build has succeeded (the output is not
    there), else 404; with the build's error, if any, and the live-reload script, so that the page
    the reader keeps open turns into the real one after the next good build. Its words are in the
    language the reader's browser asks for (`accepted`), else in the site's."""
    built = site.output.is_dir()
    words = catalogue(reader_language(accepted, site.settings.language))
    key = "serve.not_found" if built else "serve.not_built"
    title, note = words.labels[key], words.labels[f"{key}.note"]
    error = (f'<pre id="bulletin-error" style="{ERROR_STYLE}">{html.escape(site.error)}</pre>'
             if site.error else "")
    page = (f'<!DOCTYPE html>\n<html lang="{words.tag}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{html.escape(title)}'
            f"</title></head>\n<body><h1>{html.escape(title)}</h1>\n<p>{html.escape(note)}</p>\n{error}"
            f"{reload_script(version)}</body></html>\n")
    status = HTTPStatus.NOT_FOUND if built else HTTPStatus.SERVICE_UNAVAILABLE
    return Answer(status, page.encode())


def file_answer(site: LiveSite, address: str, path: Path, content_type: Callable[[str], str],
                accepted: str = "") -> Answer:
    """The answer to a request for `address` (its file at `path`): the file, HTML pages with the
    live-reload script; a directory's page by a redirect; else `missing_page` (in a language of
    `accepted`, the request's `Accept-Language`)."""
    url = urlsplit(address)
    with site.lock:
        version = site.version
        if path.is_dir():
            home = next((path / n for n in ("index.html", "players.html") if (path / n).is_file()), None)
            if home is not None and (not url.path.endswith("/") or home.name != "index.html"):
                # a directory's page: its index, or a section's player list (a redirect never cached,
                # as the page may change; the query kept, e.g. `?live-poll=1`)
                page = "" if home.name == "index.html" else home.name
                location = url.path.rstrip("/") + "/" + page + (f"?{url.query}" if url.query else "")
                return Answer(HTTPStatus.TEMPORARY_REDIRECT, location=location)
            path = path / "index.html"
        try:
            data = path.read_bytes()
        except OSError:
            return missing_page(site, version, accepted)
    if path.suffix == ".html":
        data = data.replace(b"</body>", reload_script(version).encode() + b"</body>", 1)
    return Answer(HTTPStatus.OK, data, content_type(str(path)))


def handler_for(site: LiveSite) -> type[SimpleHTTPRequestHandler]:
    """The request handler of a live site (a class with a method per kind of request)."""
    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(site.output), **kwargs)

        def log_message(self, format: str, *args: object) -> None:  # quiet: the builder reports
            pass

        def do_GET(self) -> None:
            self._answer(body=True)

        def do_HEAD(self) -> None:
            self._answer(body=False)

        def _answer(self, body: bool) -> None:
            """GET (`body`) and HEAD alike: the same status and headers, never cached."""
            if urlsplit(self.path).path == EVENTS:
                self._events(body)
                return
            answer = self._file()
            self.send_response(answer.status)
            self.send_header("Content-Type", answer.content_type)
            if answer.location:
                self.send_header("Location", answer.location)
            self.send_header("Content-Length", str(len(answer.body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if body:
                self.wfile.write(answer.body)

        def _file(self) -> Answer:
            """The answer for the request's address, in a language its browser reads."""
            return file_answer(site, self.path, Path(self.translate_path(self.path)), self.guess_type,
                               self.headers.get("Accept-Language", ""))

        def _events(self, body: bool) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if not body:
                return
            channel = site.subscribe()
            try:
                self.wfile.write(f"data: {json.dumps(site.state(), ensure_ascii=False)}\n\n".encode())
                self.wfile.flush()
                while True:
                    try:
                        data = channel.get(timeout=15)
                    except queue.Empty:
                        data = None
                    self.wfile.write(f"data: {data}\n\n".encode() if data else b": keep-alive\n\n")
                    self.wfile.flush()
            except OSError:
                pass
            finally:
                site.unsubscribe(channel)

    return Handler


class Debouncer:
    """Calls `action` once, `delay` seconds after the last of a burst of `touch()` calls."""

    def __init__(self, delay: float, action: Callable[[], object]) -> None:
        self.delay, self.action = delay, action
        self.timer: threading.Timer | None = None
        self.lock = threading.Lock()

    def touch(self) -> None:
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
            self.timer = threading.Timer(self.delay, self.action)
            self.timer.daemon = True
            self.timer.start()


def watch(site: LiveSite, on_change: Callable[[], None]) -> Watcher:
    """Watch the content, the default theme and the site's theme wherever it is, with watchdog;
    editor swap files and temp files are ignored. A change of `site.yaml` is followed at once: the
    settings are read again, and the theme it names from then on is the one watched."""
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    settings_file = site.content.resolve() / "site.yaml"

    class Changes(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            if event.event_type in ("opened", "closed_no_write") or (
                    event.is_directory and event.event_type == "modified"):
                return  # reads, and a directory's own time stamp, change nothing
            paths = [Path(str(p)) for p in (event.src_path, getattr(event, "dest_path", "")) if p]
            if paths and all(p.name.endswith(IGNORED_SUFFIXES) or p.name.startswith(".#") for p in paths):
                return
            if settings_file in paths:
                watcher.follow()
            on_change()

    watcher = Watcher(Observer(), Changes, site)
    return watcher.start()


class Watcher:
    """The watchdog observer of a live site (`watch`): the content and the default theme, and the
    site's theme while `site.yaml` names one outside them."""

    def __init__(self, observer: BaseObserver, handler: Callable[[], FileSystemEventHandler],
                 site: LiveSite) -> None:
        self.observer, self.handler, self.site = observer, handler, site
        self.fixed = (site.content.resolve(), DEFAULT_THEME)
        self.lock = threading.Lock()
        self.theme: tuple[Path, ObservedWatch] | None = None  # the site's theme and its watch
        for directory in self.fixed:
            observer.schedule(handler(), str(directory), recursive=True)
        self._follow_theme()

    def start(self) -> Watcher:
        """Start watching (in watchdog's threads)."""
        self.observer.start()
        return self

    def follow(self) -> None:
        """Read `site.yaml` again and watch the theme it names now, no longer the one before."""
        self.site.reread()
        self._follow_theme()

    def _follow_theme(self) -> None:
        """Watch the site's theme while it is a folder outside those always watched, and no other."""
        given = self.site.theme_dir
        theme = given.resolve() if given else None
        if theme and (not theme.is_dir() or any(theme.is_relative_to(d) for d in self.fixed)):
            theme = None  # none to watch, or watched already
        with self.lock:
            if (self.theme[0] if self.theme else None) == theme:
                return
            if self.theme is not None:
                with contextlib.suppress(KeyError, OSError):  # its folder may be gone
                    self.observer.unschedule(self.theme[1])
                self.theme = None
            if theme is not None:
                with contextlib.suppress(OSError):  # gone since, or no watch left: the content still
                    self.theme = (theme, self.observer.schedule(self.handler(), str(theme), recursive=True))

    def stop(self) -> None:
        """Stop watching."""
        self.observer.stop()

    def join(self, timeout: float | None = None) -> None:
        """Wait for watchdog's threads to end (after `stop`)."""
        self.observer.join(timeout)


class ServeError(Exception):
    """The server cannot start (a one-line reason)."""


def _refused(host: str, port: int, error: OSError) -> str:
    """Why `host:port` cannot be listened on, and what to do instead."""
    if error.errno == errno.EADDRINUSE:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.bind((host, 0))
            free = probe.getsockname()[1]
        return f"port {port} on {host} is in use (another 'bulletin serve'?); try --port {free}, or --port 0"
    if error.errno == errno.EACCES:
        return f"port {port} on {host} needs privileges; use a port above 1023, e.g. --port 8000"
    return f"cannot listen on {host}:{port}: {error.strerror or error}"


def lan_address() -> str | None:
    """This machine's address on the network its default route leads to (the venue's Wi-Fi), or None.
    Connecting a UDP socket sends nothing; it only picks the interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed to anyone
        except OSError:
            return None
        address = probe.getsockname()[0]
    return None if address.startswith("127.") or address == "0.0.0.0" else address


class Server:
    """A running live-reload server: the site, the HTTP server thread and the file watcher."""

    def __init__(self, content: Path, output: Path, port: int, pdf: bool,
                 report: Callable[[str], None] = print, host: str = "127.0.0.1") -> None:
        self.site = LiveSite(content, output.resolve(), pdf)
        self.report = report
        try:  # the port first: a busy one is said at once, before a build
            self.http = ThreadingHTTPServer((host, port), handler_for(self.site))
        except OSError as error:
            raise ServeError(_refused(host, port, error)) from None
        self.http.daemon_threads = True
        everywhere = host in ("", "0.0.0.0", "::")
        port = self.http.server_address[1]
        self.url = f"http://{'127.0.0.1' if everywhere else host}:{port}/"
        lan = lan_address() if everywhere else None
        self.lan_url = f"http://{lan}:{port}/" if lan else ""  # what a phone on the venue's network opens
        self.site.rebuild()
        self.observer = watch(self.site, Debouncer(DEBOUNCE_SECONDS, self._rebuild).touch)
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)

    def _rebuild(self) -> None:
        started = time.perf_counter()
        ok = self.site.rebuild()
        self.report(f"{'rebuilt' if ok else 'build failed'} in {time.perf_counter() - started:.2f} s"
                    + ("" if ok else f"\n{self.site.error}"))

    def start(self) -> Server:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.observer.stop()
        self.http.shutdown()
        self.http.server_close()


def serve(content: Path, output: Path, port: int, open_browser: bool, pdf: bool,
          ready: Callable[[str], None] = print, host: str = "127.0.0.1") -> None:
    """Run until interrupted (raises `ServeError` when it cannot listen)."""
    server = Server(content, output, port, pdf, ready, host).start()
    ready(f"serving {output} at {server.url}"
          + (f" (on this machine), {server.lan_url} (on its network)" if server.lan_url else "")
          + (f"\n{server.site.error}" if server.site.error else ""))
    if open_browser:
        webbrowser.open(server.url)
    try:
        while server.thread.is_alive():
            server.thread.join(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
