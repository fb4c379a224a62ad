"""Shared fixtures: the example content built once per test run; the suite's Hypothesis profile."""

from __future__ import annotations

import fcntl
import itertools
import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from organizer import give_dates, printed_seed
from repository import commit_all

from site_builder.build import build_site
from site_builder.draw_seed import ENV

#: Every property test of the suite, unless `--hypothesis-profile` names another: no deadline and no
#: too-slow health check (a busy machine makes an example slow, never wrong), and the same examples on
#: every run (derandomize: seeded from each test's source, no example database), so a failure is
#: reproduced by running the suite again. Loaded before any test module is imported, so the
#: `settings(...)` of a test module build on it; a setting that a test gives itself overrides it.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          derandomize=True, print_blob=True)
settings.load_profile("suite")

#: `fixtures/` holds what tests import or copy (a toy system's and a toy game's modules): never
#: collected, since importing the toy game's module registers its game for every later test.
collect_ignore_glob = ["fixtures/*"]

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "content"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: Headless on a closed network: no background connections, no component updates.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless, driven by Playwright: one for every browser test."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium is not installed")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example content built with PDFs into a temporary output directory: once for the whole
    run, shared by the processes of `pytest -n` (the first to need it builds it under a lock; the
    others wait and read it). Tests only read it."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's directory, above each worker's own
    output, built = root / "example-site" / "output", root / "example-site" / "built"
    output.parent.mkdir(exist_ok=True)
    with (root / "example-site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built.exists():
            shutil.rmtree(output, ignore_errors=True)  # what a failed build left
            build_site(EXAMPLE, output, pdf=True)
            built.touch()
    return output


SMALL_PLAYERS = """\
players:
  - {number: 1, name: Player One, rating: 2100, club: Club A}
  - {number: 2, name: Player Two, rating: 2050, club: Club B}
  - {number: 3, name: Player Three, rating: 1980, club: Club A}
  - {number: 4, name: Player Four, rating: 1900, club: Club C}
"""
SMALL_ROUND = """\
round: 1
games:
  - [1, 1, 3, "?"]
  - [2, 4, 2, "?"]
"""


@pytest.fixture
def small_event():
    """Makes a four-player event (`bulletin new`, a plain seed) with round 1 paired, results pending."""
    from site_builder.commands.new import scaffold

    def make(directory: Path, name: str = "Cup", language: str = "en") -> Path:
        scaffold(directory, name=name, language=language, secret_seed=False)
        (directory / "open" / "players.yaml").write_text(SMALL_PLAYERS, encoding="utf-8")
        (directory / "open" / "rounds").mkdir()
        (directory / "open" / "rounds" / "01.yaml").write_text(SMALL_ROUND, encoding="utf-8")
        return directory

    return make


def _bulletin(*args: str) -> tuple[int, str]:
    from click.testing import CliRunner

    from site_builder.cli import main

    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A 10-player xiangqi Swiss with secret codes and a secret seed, four rounds paired and played."""
    content = tmp_path / "content"
    code, out = _bulletin("new", str(content / "cup"), "--players", "10", "--rounds", "5")
    assert code == 0, out
    seed = printed_seed(out)
    event = content / "cup" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("# numbering: codes", "numbering: codes")
                     .replace("    rounds: 5", "    rounds: 5\n    first_round: lot"), encoding="utf-8")
    give_dates(content / "cup", "[2027-03-06, 2027-03-06]")  # one day: its rounds need no dates
    commit_all(tmp_path)  # the commitment is committed before the first lot
    monkeypatch.setenv(ENV, seed)
    for number in range(1, 5):
        code, out = _bulletin("pair", str(content))
        assert code == 0, out
        path = content / "cup" / "open" / "rounds" / f"{number:02d}.yaml"
        results = itertools.cycle(("2:0", "1:1", "0:2"))
        text = re.sub(r'"\?"', lambda _, r=results: f'"{next(r)}"', path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
    return content
