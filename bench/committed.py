"""Rebuilds after one committed result, as CI runs them: a new `bulletin build` process in a git
work tree, the cache of the previous build kept.

Prints `rebuild_one_committed_result_500x11_pages` (the share of the 500×11 event's pages rendered
again, in %) and `rebuild_one_committed_result_500x11_s`, then, for a federation's site of 105
events (the examples of `content/` copied 15 times, 11,000+ pages),
`rebuild_one_committed_result_105_events_s` and `rebuild_unchanged_105_events_s`.
Each figure is the median of 3 commits (each a different result of the last round). Each `_s`
figure is the wall time of the build process; a comment line after it gives the CPU seconds of
the same processes (user + system), which other work on a shared machine inflates less.

Usage: python bench/committed.py CONTENT_500x11 EXAMPLES
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

RUNS = 3
RESULTS = ("1:1", "0:2", "2:0")  # the synthetic event scores 2/1/0
COPIES = 15
_GIT_ENV = {"GIT_AUTHOR_NAME": "Arbiter", "GIT_AUTHOR_EMAIL": "arbiter@example.org",
            "GIT_COMMITTER_NAME": "Arbiter", "GIT_COMMITTER_EMAIL": "arbiter@example.org"}


def git(work: Path, *args: str, when: int = 0) -> None:
    date = f"2026-01-01T{10 + when // 60:02d}:{when % 60:02d}:00+00:00"
    subprocess.run(["git", *args], cwd=work, check=True, capture_output=True,
                   env={**os.environ, **_GIT_ENV, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date})


class Build(NamedTuple):
    """One `bulletin build --no-pdf` process."""

    seconds: float  # wall time
    cpu: float  # CPU seconds, user + system
    pages: int
    rendered: int


def build(content: Path, output: Path) -> Build:
    """A `bulletin build --no-pdf` process: its seconds, pages and pages rendered."""
    command = [sys.executable, "-m", "site_builder", "build", str(content), "--output", str(output),
               "--no-pdf"]
    with tempfile.TemporaryFile() as stdout:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=stdout)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        assert os.waitstatus_to_exitcode(status) == 0, command
        stdout.seek(0)
        out = stdout.read().decode()
    found = re.search(r"built (\d+) pages .*; (\d+) pages rendered", out)
    assert found, out
    return Build(seconds, usage.ru_utime + usage.ru_stime, int(found.group(1)), int(found.group(2)))


def report(name: str, runs: list[Build]) -> None:
    """The median wall seconds of `runs` as the figure `name`, then their median CPU seconds."""
    print(f"{name}: {statistics.median(run.seconds for run in runs):.3f}")
    print(f"# {name} CPU: {statistics.median(run.cpu for run in runs):.3f}")


def commit_result(work: Path, round_file: Path, index: int) -> None:
    """Change the first game's result in `round_file` (a different one for each `index`) and commit it."""
    text = round_file.read_text(encoding="utf-8")
    first = re.search(r'"(2:0|1:1|0:2)"\]', text)
    assert first, round_file
    other = next(r for r in RESULTS[index:] + RESULTS if r != first.group(1))
    round_file.write_text(text[:first.start(1)] + other + text[first.end(1):], encoding="utf-8")
    git(work, "commit", "-qam", f"result {index}", when=index + 1)


def committed_results(work: Path, content: Path, round_file: Path) -> list[Build]:
    """Build, then commit RUNS changes of the first game's result in `round_file`, rebuilding after each."""
    output = work / "output"
    build(content, output)
    runs = []
    for index in range(RUNS):
        commit_result(work, round_file, index)
        runs.append(build(content, output))
    return runs


def repository(work: Path, copy: Callable[[Path], None]) -> Path:
    content = work / "content"
    copy(content)
    git(work, "init", "-q")
    git(work, "add", ".")
    git(work, "commit", "-qm", "rounds")
    return content


def main(event_content: Path, examples: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-committed-", dir="/dev/shm") as scratch:
        work = Path(scratch, "event")
        work.mkdir()
        content = repository(work, lambda target: shutil.copytree(event_content, target))
        last = sorted(content.rglob("rounds/*.yaml"))[-1]
        runs = committed_results(work, content, last)
        share = statistics.median(100 * run.rendered / run.pages for run in runs)
        print(f"rebuild_one_committed_result_500x11_pages: {share:.1f}")
        print(f"# pages rendered: {[run.rendered for run in runs]} of {runs[0].pages}")
        report("rebuild_one_committed_result_500x11_s", runs)

        work = Path(scratch, "federation")
        work.mkdir()

        def federation(target: Path) -> None:
            target.mkdir()
            for copy in range(COPIES):
                for event in sorted(p for p in examples.iterdir() if (p / "event.yaml").is_file()):
                    shutil.copytree(event, target / f"{event.name}-{copy:02d}")

        content = repository(work, federation)
        events = len(list(content.glob("*/event.yaml")))
        last = sorted((content / f"2017-xiangqi-national-{COPIES - 1:02d}").rglob("rounds/*.yaml"))[-1]
        runs = committed_results(work, content, last)
        unchanged = [build(content, work / "output") for _ in range(RUNS)]
        print(f"# {events} events, {runs[0].pages} pages; pages rendered: {[run.rendered for run in runs]}")
        report("rebuild_one_committed_result_105_events_s", runs)
        report("rebuild_unchanged_105_events_s", unchanged)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
