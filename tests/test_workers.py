"""The build's worker pool: jobs shared by forked processes, the same files, progress and errors
reported to the build."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from site_builder.build import workers
from site_builder.errors import ContentError, Location, Problem
from site_builder.views.page import Page


@pytest.fixture(autouse=True)
def idle_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads of earlier tests (servers, deletions of old outputs) are ignored."""
    monkeypatch.setattr(workers.threading, "active_count", lambda: 1)


@pytest.fixture
def stopped(monkeypatch: pytest.MonkeyPatch):
    """An event set once a queue is stopped (`Queue.stop`), in whichever process stops it."""
    event = multiprocessing.Event()
    stop = workers.Queue.stop

    def stopping(queue: workers.Queue) -> None:
        stop(queue)
        event.set()

    monkeypatch.setattr(workers.Queue, "stop", stopping)
    return event


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


def test_a_located_error_in_a_forked_process_keeps_its_problems(tmp_path: Path) -> None:
    """A theme's broken template fails in whichever process renders the page: the build still
    reports its `file:line:column: message` (a `ContentError` pickled whole, not a bare failure)."""
    problem = Problem(Location(Path("content/theme/templates/round.html"), 27), "Unexpected end of template",
                      "correct the template")

    def render(page: Page) -> str:
        if page.path == "201.html":  # rendered by the second process
            raise ContentError([problem])
        return "ok"

    with pytest.raises(ContentError) as raised:
        workers.share(write(render), pages(tmp_path, 400), 2)
    assert raised.value.problems == [problem]


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


def test_with_costs_a_free_process_takes_every_job_another_is_still_busy_with(tmp_path: Path) -> None:
    """The costliest job holds its process until every other job is done: only a process that takes
    the next job whenever it is free (`Queue`) does them all meanwhile. (The wait's timeout only keeps
    a broken pool from hanging the suite: it passes in milliseconds.)"""
    others = 12
    finished = multiprocessing.Value("i", 0)
    all_done = multiprocessing.Event()

    def work(job: tuple[int, Path]) -> None:
        cost, target = job
        if cost == 100:
            assert all_done.wait(timeout=60), "the other jobs waited for the busy process"
        else:
            with finished.get_lock():
                finished.value += 1
                if finished.value == others:
                    all_done.set()
        target.write_text(str(os.getpid()), encoding="utf-8")

    todo = [(100 if n == 5 else 50 + n, tmp_path / f"{n}.txt") for n in range(others + 1)]  # alike costs
    done = []
    workers.share(work, todo, 2, lambda: done.append(1), cost=lambda job: job[0])
    assert len(done) == others + 1
    assert len({target.read_text(encoding="utf-8") for _, target in todo}) == 2


def test_a_queue_gives_each_job_once_whoever_takes_it() -> None:
    queue = workers.Queue(list(range(50)))
    taken = list(queue)
    assert taken == list(range(50)) and list(queue) == []  # taken once, in order


@pytest.mark.parametrize("failing_first", [True, False])
def test_after_a_failure_no_process_takes_another_job(stopped, tmp_path: Path, failing_first: bool) -> None:
    """The costliest job fails (in whichever process takes it): the other process finishes the job it
    holds, if any (it waits until the queue is stopped), and takes no other; the error is raised here."""

    def work(job: tuple[int, Path]) -> None:
        cost, target = job
        if cost == 100:
            raise ValueError("broken bulletin")
        assert stopped.wait(timeout=60), "the queue was never stopped"
        target.write_text("done", encoding="utf-8")

    todo = [(100 if n == (0 if failing_first else 9) else n, tmp_path / f"{n}.txt") for n in range(10)]
    with pytest.raises(ValueError, match="broken bulletin"):
        workers.share(work, todo, 2, cost=lambda job: job[0])
    assert len(list(tmp_path.iterdir())) <= 1  # the one job the other process held, if any


def test_started_jobs_are_done_by_the_other_processes_while_this_one_works(tmp_path: Path) -> None:
    """`start`: the other process does the costliest job while this one does other work (here: waits
    until that job is done), then `finish` does what is left with it and reports every job."""
    first_done = multiprocessing.Event()

    def work(job: tuple[int, Path]) -> None:
        cost, target = job
        target.write_text(str(os.getpid()), encoding="utf-8")
        if cost == 100:
            first_done.set()

    todo = [(100 if n == 0 else n, tmp_path / f"{n}.txt") for n in range(6)]
    done = []
    with workers.start(work, todo, 2, lambda: done.append(1), cost=lambda job: job[0]) as started:
        assert first_done.wait(timeout=600), "no process took the costliest job before finish()"
        assert not done  # reported in this process, at finish()
        started.finish()
    assert len(done) == 6
    assert int(todo[0][1].read_text(encoding="utf-8")) != os.getpid()
    assert all(target.exists() for _, target in todo)


def test_work_failing_between_start_and_finish_stops_the_others(stopped, tmp_path: Path) -> None:
    """The build fails while the PDFs are laid out: the other process takes no job after the one it
    holds (it holds it until the queue is stopped), and is waited for; the build's error is raised."""
    holding = multiprocessing.Event()

    def work(job: tuple[int, Path]) -> None:
        cost, target = job
        if cost == 100:
            holding.set()
            assert stopped.wait(timeout=600), "the queue was never stopped"
        target.write_text("done", encoding="utf-8")

    todo = [(100 if n == 0 else n, tmp_path / f"{n}.txt") for n in range(10)]
    broken = pytest.raises(ValueError, match="broken export")
    with broken, workers.start(work, todo, 2, cost=lambda job: job[0]):
        assert holding.wait(timeout=600)
        raise ValueError("broken export")
    assert [p.name for p in tmp_path.iterdir()] == ["0.txt"]  # the job it held, and no other


def test_started_jobs_left_unfinished_are_finished_on_leaving(tmp_path: Path) -> None:
    todo = pages(tmp_path, 40)
    done = []
    with workers.start(write(lambda page: page.title), todo, 2, lambda: done.append(1), cost=lambda job: 1):
        pass  # no finish(): leaving finishes them
    assert len(done) == 40 and all(target.exists() for _, target in todo)


def test_a_process_that_cannot_be_forked_leaves_none_behind(monkeypatch: pytest.MonkeyPatch, stopped,
                                                            tmp_path: Path) -> None:
    """The second of three forks fails: the first child takes no job after the one it holds (it holds
    it until the queue is stopped), is waited for, and the fork's error is raised."""
    spawn = workers._spawn
    forked: list[int] = []

    def failing_spawn(work, jobs):
        if forked:
            raise OSError("fork: resource temporarily unavailable")
        child = spawn(work, jobs)
        forked.append(child.pid)
        return child

    monkeypatch.setattr(workers, "_spawn", failing_spawn)

    def work(job: tuple[int, Path]) -> None:
        assert stopped.wait(timeout=600), "the queue was never stopped"
        job[1].write_text("done", encoding="utf-8")

    todo = [(n, tmp_path / f"{n}.txt") for n in range(10)]
    with pytest.raises(OSError, match="fork"):
        workers.start(work, todo, 3, cost=lambda job: job[0])
    assert len(forked) == 1
    with pytest.raises(ChildProcessError):
        os.waitpid(forked[0], os.WNOHANG)  # already waited for
    assert len(list(tmp_path.iterdir())) <= 1  # the one job it held, if any
