"""The build's worker pool: jobs shared by forked processes, the same files, progress and errors
reported to the build."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.build import workers
from site_builder.views.page import Page


@pytest.fixture(autouse=True)
def idle_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads of earlier tests (servers, deletions of old outputs) are ignored."""
    monkeypatch.setattr(workers.threading, "active_count", lambda: 1)


def pages(tmp_path: Path, count: int) -> list[tuple[Page, Path]]:
    return [(Page(f"{n}.html", "t", f"page {n}"), tmp_path / f"{n}.html") for n in range(count)]


def write(render):
    return lambda job: job[1].write_text(render(job[0]), encoding="utf-8")


def test_every_page_is_written_once_by_one_of_the_processes(tmp_path: Path) -> None:
    todo = pages(tmp_path, 400)
    done = []
    workers.share(write(lambda page: f"<p>{page.title}</p>{os.getpid()}"), todo, 3, lambda: done.append(1))
    assert len(done) == 400  # every job reported once, whichever process did it
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.html" for n in range(400))
    texts = [target.read_text(encoding="utf-8") for _, target in todo]
    assert all(text.startswith(f"<p>{page.title}</p>") for (page, _), text in zip(todo, texts, strict=True))
    assert len({text.split("</p>")[1] for text in texts}) == 3  # three processes did the work


def test_an_error_in_a_forked_process_is_raised_here(tmp_path: Path) -> None:
    def render(page: Page) -> str:
        if page.path == "201.html":  # rendered by the second process (201 = 1 mod 2)
            raise ValueError("broken template")
        return "ok"

    with pytest.raises(ValueError, match="broken template"):
        workers.share(write(render), pages(tmp_path, 400), 2)


def test_a_failing_child_still_reports_what_it_finished(tmp_path: Path) -> None:
    done = []

    def work(n: int) -> None:
        if n == 9:  # the second process's fifth job (1, 3, 5, 7, 9)
            raise KeyError(n)

    with pytest.raises(KeyError):
        workers.share(work, list(range(20)), 2, lambda: done.append(1))
    assert len(done) == 10 + 4  # this process's ten, the child's four before its failure


def test_with_other_threads_everything_runs_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers.threading, "active_count", lambda: 2)
    pids = []
    workers.share(lambda n: pids.append(os.getpid()), list(range(10)), 4)
    assert pids == [os.getpid()] * 10


@settings(max_examples=200)
@given(st.lists(st.integers(min_value=1, max_value=1000), max_size=40), st.integers(min_value=1, max_value=4))
def test_jobs_dealt_by_cost_each_go_to_one_process_in_order_and_the_loads_end_close(
        costs: list[int], count: int) -> None:
    jobs = list(enumerate(costs))
    shares = workers.dealt(jobs, count, lambda job: job[1])
    assert len(shares) == count and sorted(job for mine in shares for job in mine) == jobs
    assert all(mine == sorted(mine) for mine in shares)  # each process keeps the jobs' order
    loads = [sum(cost for _, cost in mine) for mine in shares]
    assert not costs or max(loads) - min(loads) <= max(costs)  # greedy by cost: no load runs away


def test_costly_jobs_are_shared_by_the_processes_not_given_to_one(tmp_path: Path) -> None:
    """A small bulletin and a big standings PDF alternate: every-other-job would give one process
    every big one; dealt by cost, each process does the same work."""
    todo = [(Page(f"{n}.pdf", "t", "x" * (1000 if n % 2 else 10)), tmp_path / f"{n}.pdf") for n in range(8)]
    workers.share(write(lambda page: f"{len(page.title)} {os.getpid()}"), todo, 2,
                  cost=lambda job: len(job[0].title))
    big_by = {target.read_text(encoding="utf-8").split()[1] for page, target in todo
              if len(page.title) == 1000}
    assert len(big_by) == 2  # two processes
