"""The build's one worker pool: forked processes share a list of jobs (pages to render, PDFs to
make), each doing every `workers`-th one, or, for jobs of unequal cost, the next one left when it is
free (`Queue`). `share` does the jobs and returns; `start` lets the other processes begin them while
this one goes on with other work (a rebuild's pages, the exports) before joining them.

A forked process starts with everything the build holds already in memory (the page data, the
compiled templates, the PDF renderer and its fonts), so it costs a few milliseconds instead of
pickling the data over, and it never keeps anything of an earlier build. Forking is only safe in a
process without other threads (`bulletin serve` has some); there, everything is done in this
process. A child reports each finished job (for progress) and its error, if any, over a pipe.

`concurrent.futures` would pickle every job and its result over, and its pool outlives a build (so
a renderer made for one build's static files would serve the next); a fork per build avoids both.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import threading
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")

DONE = b"."  # a child finished one job
FAILED = b"!"  # followed by the pickled exception a child failed with


def can_fork() -> bool:
    """Whether this process may fork workers (no other thread holds a lock a child would inherit)."""
    return hasattr(os, "fork") and threading.active_count() == 1


def share(work: Callable[[T], None], jobs: Sequence[T], workers: int,
          done: Callable[[], None] | None = None, cost: Callable[[T], int] | None = None) -> None:
    """`work(job)` for every job, in up to `workers` processes (this one included); `done()` after
    each finished job, in this process. The first error of any process is raised here, after every
    process has ended. Without `cost`, each process takes every `workers`-th job (jobs alike);
    with it, the costliest first, each process taking the next job when it is free (`Queue`)."""
    with start(work, jobs, workers, done, cost) as started:
        started.finish()


def start(work: Callable[[T], None], jobs: Sequence[T], workers: int,
          done: Callable[[], None] | None = None, cost: Callable[[T], int] | None = None) -> Started[T]:
    """`share`, begun: the other processes start on their jobs now, while this one goes on with
    other work; it takes its part when it calls `finish()`. Used as a context manager, which
    finishes the jobs if the work between did not, or, when that work fails, waits for the other
    processes, which stop after their current job when they take jobs from a queue (with `cost`)."""
    workers = max(1, min(workers, len(jobs))) if can_fork() and jobs else 1
    shares: list[Iterable[T]]
    if cost and workers > 1:
        shares = [Queue(sorted(jobs, key=cost, reverse=True))] * workers
    elif cost:
        shares = [sorted(jobs, key=cost, reverse=True)]
    else:
        shares = [jobs[index::workers] for index in range(workers)]
    children: list[_Child] = []
    try:
        for mine in shares[1:]:
            children.append(_spawn(work, mine))
    except BaseException:  # no process left behind when a later one cannot be forked
        Started(work, shares[0], children, done).abandon()
        raise
    return Started(work, shares[0], children, done)


class Started(Generic[T]):
    """Jobs being done by forked processes (`start`), this process's share still to do."""

    def __init__(self, work: Callable[[T], None], mine: Iterable[T], children: list[_Child],
                 done: Callable[[], None] | None) -> None:
        self.work, self.mine, self.children, self.done = work, mine, children, done
        self.finished = False

    def finish(self) -> None:
        """Do this process's share, then wait for the others; the first error of any is raised here,
        after every process has ended."""
        self.finished = True
        failure: BaseException | None = None
        try:
            for job in self.mine:
                self.work(job)
                if self.done:
                    self.done()
                for child in self.children:
                    child.poll(self.done, block=False)
        except BaseException as error:
            failure = error
            _stop(self.mine)  # the other processes take no further job
        for child in self.children:  # always wait for every child, even after a failure here
            child_failure = child.wait(self.done)
            failure = failure or child_failure
        if failure is not None:
            raise failure

    def __enter__(self) -> Started[T]:
        return self

    def abandon(self) -> None:
        """Give the jobs up (the work between failed): the others stop after their current job
        (those taking jobs from a queue), and are waited for."""
        self.finished = True
        _stop(self.mine)
        for child in self.children:
            child.wait(None)

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if self.finished:
            return
        if kind is None:  # the work between did not finish the jobs: they are finished here
            self.finish()
        else:
            self.abandon()


class Queue(Generic[T]):
    """Jobs shared by processes forked after it is made, each process taking the next job not yet
    taken whenever it is free: jobs of very different costs (a 900-player standings PDF, a 10-player
    bulletin), taken costliest first, then end together, where each process taking its jobs fixed
    in advance waits for the one that got the slow ones.

    >>> list(Queue(["a", "b"]))
    ['a', 'b']
    """

    def __init__(self, jobs: Sequence[T]) -> None:
        self.jobs = jobs
        # shared memory and its lock, inherited by a fork (whatever multiprocessing's default start)
        self.taken = multiprocessing.get_context("fork").Value("q", 0)

    def stop(self) -> None:
        """Let no process take another job (after a failure: the build ends with its error)."""
        with self.taken.get_lock():
            self.taken.value = len(self.jobs)

    def __iter__(self) -> Iterator[T]:
        while True:
            with self.taken.get_lock():
                index = self.taken.value
                self.taken.value = index + 1
            if index >= len(self.jobs):
                return
            yield self.jobs[index]


class _Child:
    def __init__(self, pid: int, pipe: int) -> None:
        self.pid, self.pipe, self.error, self.open = pid, pipe, bytearray(), True

    def poll(self, done: Callable[[], None] | None, block: bool) -> None:
        """Read what the child reported so far (until it ends, when `block`)."""
        if not self.open:
            return
        os.set_blocking(self.pipe, block)
        while self.open:
            try:
                chunk = os.read(self.pipe, 65536)
            except BlockingIOError:
                return
            if not chunk:
                self.open = False
                os.close(self.pipe)
                return
            if not self.error and FAILED in chunk:
                chunk, _, rest = chunk.partition(FAILED)
                self.error += FAILED + rest
            elif self.error:
                self.error += chunk
                chunk = b""
            if done:
                for _ in range(chunk.count(DONE)):
                    done()

    def wait(self, done: Callable[[], None] | None) -> BaseException | None:
        """Wait for the child; the exception it failed with, if it did."""
        self.poll(done, block=True)
        _, status = os.waitpid(self.pid, 0)
        if self.error:
            try:
                return pickle.loads(bytes(self.error[1:]))
            except Exception:
                return RuntimeError("a worker process failed")
        code = os.waitstatus_to_exitcode(status)
        return RuntimeError(f"a worker process ended with status {code}") if code else None


def _spawn(work: Callable[[T], None], jobs: Iterable[T]) -> _Child:
    """Fork a process that does `jobs`."""
    read, write = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write)
        return _Child(pid, read)
    status = 1
    try:  # the child: never returns, never runs the parent's clean-up code
        os.close(read)
        try:
            for job in jobs:
                work(job)
                _send(write, DONE)
            status = 0
        except BaseException as error:
            _stop(jobs)
            _send(write, FAILED + _pickled(error))
    finally:
        os._exit(status)


def _stop(jobs: Iterable[object]) -> None:
    """Stop the processes taking jobs from `jobs` when it is a `Queue`."""
    if isinstance(jobs, Queue):
        jobs.stop()


def _pickled(error: BaseException) -> bytes:
    try:
        return pickle.dumps(error)
    except Exception:
        return pickle.dumps(RuntimeError("".join(traceback.format_exception(error))))


def _send(pipe: int, data: bytes) -> None:
    while data:
        data = data[os.write(pipe, data):]
