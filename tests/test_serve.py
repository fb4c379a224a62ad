"""`bulletin serve`: live reload, error overlay, last good site kept, robustness over many edits."""

from __future__ import annotations

import json
import random
import shutil
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from site_builder.serve import IGNORED_SUFFIXES, Server

ROUND = "cup/open/rounds/01.yaml"


@pytest.fixture
def server(tmp_path: Path, small_event):
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    running = Server(content, tmp_path / "output", 0, pdf=False, report=lambda text: None).start()
    yield running, content
    running.stop()


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.read().decode()


class Events:
    """Collects the server-sent events of one open page."""

    def __init__(self, url: str) -> None:
        self.items: list[dict] = []
        self.response = urllib.request.urlopen(url + "__bulletin/events", timeout=30)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for line in self.response:
                if line.startswith(b"data: "):
                    self.items.append(json.loads(line[6:]))
        except Exception:
            pass

    def wait(self, kind: str, count: int = 1, timeout: float = 10) -> dict:
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = [e for e in self.items if e["kind"] == kind]
            if len(found) >= count:
                return found[-1]
            time.sleep(0.05)
        raise AssertionError(f"no {kind} event: {self.items}")


def test_pages_get_the_live_reload_script(server) -> None:
    running, _ = server
    page = get(running.url + "cup/open/round-01.html")
    assert "__bulletin/events" in page and "Player One" in page


def test_edit_reloads_and_errors_overlay_then_clear(server) -> None:
    running, content = server
    events = Events(running.url)
    events.wait("ok")
    path = content / ROUND
    good = path.read_text(encoding="utf-8")
    path.write_text(good.replace('[1, 1, 3, "?"]', '[1, 1, 3, "1-0"]'), encoding="utf-8")
    events.wait("reload")
    assert '<td class="result">2:0</td>' in get(running.url + "cup/open/round-01.html")
    path.write_text(good.replace('[1, 1, 3, "?"]', '[1, 1, 3, "9-9"]'), encoding="utf-8")
    error = events.wait("error")
    line = good.splitlines().index(next(x for x in good.splitlines() if '[1, 1, 3, "?"]' in x)) + 1
    assert f"01.yaml:{line}:15: text '9-9' is not a result" in error["text"]
    # the last good site is still served
    assert '<td class="result">2:0</td>' in get(running.url + "cup/open/round-01.html")
    path.write_text(good, encoding="utf-8")
    events.wait("reload", count=2)
    assert running.site.error == ""


def test_swap_files_do_not_trigger_rebuilds(server) -> None:
    running, content = server
    version = running.site.version
    for suffix in IGNORED_SUFFIXES[:3]:
        (content / "cup" / f".event.yaml{suffix}").write_text("junk", encoding="utf-8")
    time.sleep(0.6)
    assert running.site.version == version


def test_atomic_save_delete_and_restore(server) -> None:
    running, content = server
    events = Events(running.url)
    events.wait("ok")
    path = content / ROUND
    text = path.read_text(encoding="utf-8")
    temporary = path.with_name("01.yaml.new")  # an editor's atomic save: write elsewhere, rename over
    temporary.write_text(text.replace('"?"', '"="', 1), encoding="utf-8")
    temporary.replace(path)
    events.wait("reload")
    path.unlink()  # deleting the only round: still a valid event, round 1 shown as the engine pairs it
    events.wait("reload", count=2)
    assert "Round 1 (provisional)" in get(running.url + "cup/index.html")
    path.write_text(text, encoding="utf-8")
    events.wait("reload", count=3)
    index = get(running.url + "cup/index.html")
    assert "round-01.html" in index and "Round 1 (provisional)" not in index


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
                shown = {"1-0": "2:0", "0-1": "0:2", "=": "1:1", "?": "?"}[result]
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
