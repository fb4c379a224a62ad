"""Rendering many pages on several cores: forked processes render and write their share.

A forked process starts with the page data and the compiled templates already in memory, so it
costs a few milliseconds instead of pickling the data over. Forking is only safe in a process
without other threads (`bulletin serve` has some); there, and for a handful of pages, everything is
rendered in this process.
"""

from __future__ import annotations

import os
import pickle
import threading
import traceback
from collections.abc import Callable
from pathlib import Path

from site_builder.site.page import Page

#: Below this many pages, a second process costs more than it saves.
MIN_PAGES = 150

Render = Callable[[Page], str]


def render_pages(render: Render, todo: list[tuple[Page, Path]], workers: int) -> None:
    """Render every page of `todo` into its file; up to `workers` processes share the work."""
    workers = min(workers, len(todo) // (MIN_PAGES // 2) or 1)
    children: list[tuple[int, int]] = []
    if workers > 1 and hasattr(os, "fork") and threading.active_count() == 1:
        children = [_spawn(render, todo[index::workers]) for index in range(1, workers)]
        todo = todo[::workers]
    failure: BaseException | None = None
    try:
        _write(render, todo)
    except BaseException as error:
        failure = error
    for child in children:  # always wait for every child, even after a failure here
        error = _wait(*child)
        failure = failure or error
    if failure is not None:
        raise failure


def _write(render: Render, todo: list[tuple[Page, Path]]) -> None:
    for page, target in todo:
        target.write_text(render(page), encoding="utf-8")


def _spawn(render: Render, share: list[tuple[Page, Path]]) -> tuple[int, int]:
    """Fork a process that writes `share`; returns its pid and the pipe it reports errors on."""
    read, write = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write)
        return pid, read
    status = 1
    try:  # the child: never returns, never runs the parent's clean-up code
        os.close(read)
        try:
            _write(render, share)
            status = 0
        except BaseException as error:
            _send(write, error)
    finally:
        os._exit(status)


def _send(pipe: int, error: BaseException) -> None:
    try:
        data = pickle.dumps(error)
    except Exception:
        data = pickle.dumps(RuntimeError("".join(traceback.format_exception(error))))
    while data:
        data = data[os.write(pipe, data):]


def _wait(pid: int, pipe: int) -> BaseException | None:
    """Wait for a child; the exception it failed with, if it did."""
    chunks = []
    while chunk := os.read(pipe, 65536):
        chunks.append(chunk)
    os.close(pipe)
    _, status = os.waitpid(pid, 0)
    if chunks:
        try:
            return pickle.loads(b"".join(chunks))
        except Exception:
            return RuntimeError("a rendering process failed")
    if os.waitstatus_to_exitcode(status) != 0:
        return RuntimeError(f"a rendering process ended with status {os.waitstatus_to_exitcode(status)}")
    return None
