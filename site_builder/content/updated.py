"""When each event, each section and each round file last changed: the committer time of the last
git commit that touched its files.

The same commit gives the same time on any machine, so pages stay reproducible without a wall clock.
A directory has no such time when its content is not in a git work tree, git is not installed or
does not answer in time, the directory holds changes not yet committed (the commit's time would not
be the content's), or the commit found is where a shallow clone was cut (its files may have changed
in commits not fetched; CI checks out the whole history for this: `bulletin init`'s workflows).

Git is asked twice whatever the number of events: ``git status`` for uncommitted changes, then one
``git log`` walk that stops as soon as every directory has its commit. Neither takes git's index
lock (``GIT_OPTIONAL_LOCKS=0``), so a build never stands in the way of the organizer's own git
commands, and each has a time limit. A build asks them as it starts reading the content (`Asked`),
about the event folders, so that git answers while the build reads; `times_of` takes those answers
when its own questions turn out the same, and asks again otherwise.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

TIMEOUT = 30.0  # seconds git may take to answer one question before the times are left unknown
_ENV = {"GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
K = TypeVar("K", bound=Hashable)


Scope = tuple[Path, Sequence[Path]]  # a directory or a file, and subdirectories whose files are not its own


def last_changed(directories: Sequence[Path]) -> dict[Path, str]:
    """The ISO time (with the committer's UTC offset) of each directory's last commit, for the
    directories that have one and no uncommitted changes."""
    return times_of({directory: (directory, ()) for directory in directories})


def times_of(scopes: Mapping[K, Scope], asked: Asked | None = None) -> dict[K, str]:
    """`last_changed` of scopes: each key's time is that of the last commit touching a file under its
    directory but outside the subdirectories it leaves out (a section: the event's folder without
    the other sections' folders, so its own folder and the event's shared files), or touching the
    file it names (a round file). `asked`: git's answers about the same folders, when already asked."""
    git = shutil.which("git")
    if git is None or not scopes:
        return {}
    root = next(iter(scopes.values()))[0].resolve()
    asked = asked if asked is not None and asked.git == git and asked.root == root else None
    repository = asked.answer(_REPOSITORY) if asked else _run(_repository(git), root)
    if repository is None:  # not a work tree, or git refuses it
        return {}
    top, shallow_file = repository.splitlines()
    owners = _Owners(Path(top).resolve(), scopes)
    asked = asked if asked and asked.roots == owners.roots else None  # else its owner ends it
    status = asked.answer(_STATUS) if asked else _run(_status(git, owners.roots), root)
    if status is None:
        return {}
    shallow_path = root / shallow_file
    cut = set(shallow_path.read_text().split()) if shallow_path.is_file() else set()
    # porcelain paths are relative to the top of the work tree: "XY path\0"
    dirty = {key for entry in status.split("\0") if entry for key in owners(entry[3:], untracked=True)}
    wanted = set(scopes) - dirty
    found: dict[K, tuple[str, str]] = {}  # key → (commit, time)
    if wanted:
        _walk(git, root, owners, wanted, found, asked.process(_LOG) if asked else None)
    return {key: time for key, (commit, time) in found.items() if commit not in cut}


_REPOSITORY, _STATUS, _LOG = "repository", "status", "log"


def _repository(git: str) -> list[str]:
    return [git, "rev-parse", "--show-toplevel", "--git-path", "shallow"]


def _status(git: str, roots: Sequence[str]) -> list[str]:
    return [git, "status", "--porcelain", "-z", "--untracked-files=normal", "--no-renames", "--", *roots]


def _log(git: str, roots: Sequence[str]) -> list[str]:
    return [git, "-c", "core.quotePath=false", "log", "--format=%x01%H %cI", "--name-only", "-z", "--",
            *roots]


class Asked:
    """git's three questions of `times_of` (the repository, its status, its history) about the
    folders `directories`, asked at once before their scopes are known. `times_of` takes the answers
    when it asks the same in the same folder; `close()` ends whatever it did not take."""

    def __init__(self, directories: Sequence[Path]) -> None:
        self.git = shutil.which("git")
        self.processes: dict[str, subprocess.Popen[Any]] = {}
        self.root = directories[0].resolve() if directories else Path()
        resolved = {str(d.resolve()) for d in directories}  # as `_Owners.roots` names them
        self.roots = sorted(r for r in resolved if not any(r.startswith(o + os.sep) for o in resolved))
        if self.git is None or not directories:
            return
        try:
            questions = {_REPOSITORY: _repository(self.git), _STATUS: _status(self.git, self.roots),
                         _LOG: _log(self.git, self.roots)}
            for name, command in questions.items():
                self.processes[name] = subprocess.Popen(  # text as `_run` reads it, the history as bytes
                    command, cwd=self.root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                    env={**os.environ, **_ENV}, text=name != _LOG)
        except OSError:  # git cannot be started here: `times_of` finds out by itself
            self.close()
            self.git = None

    def process(self, name: str) -> subprocess.Popen[Any]:
        """The process asking `name`, now the caller's to read and end (each is taken once)."""
        return self.processes.pop(name)

    def answer(self, name: str) -> str | None:
        """What git answered to `name` (None: it failed, or took longer than `TIMEOUT`)."""
        process = self.process(name)
        try:
            out, _ = process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            return None
        return str(out) if process.returncode == 0 else None

    def close(self) -> None:
        """End the processes whose answers were not taken."""
        for process in self.processes.values():
            process.kill()
            process.communicate()
        self.processes.clear()

    def __enter__(self) -> Asked:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class _Owners(Generic[K]):
    """The scopes a file belongs to, by its path relative to the top of the work tree (as git
    names it): a lookup per folder of the path, whatever the number of scopes."""

    def __init__(self, top: Path, scopes: Mapping[K, Scope]) -> None:
        self.by_folder: dict[str, list[tuple[K, tuple[str, ...]]]] = {}
        relative: dict[str, str] = {}  # each folder resolved once (an event's is in every section's scope)

        def of(path: Path) -> str:
            name = str(path)
            if name not in relative:
                # below a folder resolved already (an event's, for its round files), the rest as
                # written: git names a file by its path, and resolving each costs a stat per part
                above = os.path.dirname(name)
                while above not in relative and os.path.dirname(above) != above:
                    above = os.path.dirname(above)
                rest = os.path.normpath(name[len(above):].lstrip(os.sep))
                if above in relative and not rest.startswith(".."):
                    relative[name] = f"{relative[above]}/{rest.replace(os.sep, '/')}".lstrip("/")
                else:
                    relative[name] = _relative(path, top)
            return relative[name]

        for key, (where, apart) in scopes.items():
            self.by_folder.setdefault(of(where), []).append((key, tuple(of(a) + "/" for a in apart)))
        # what git is asked about: the scopes' folders and files, none inside another
        self.roots = sorted(str(top / f) for f in self.by_folder if not _ancestors(f) & self.by_folder.keys())

    def __call__(self, name: str, untracked: bool = False) -> list[K]:
        """The scopes `name` (a file, or a folder ending in "/" that git's status names whole: an
        untracked folder when `untracked`) belongs to."""
        parts = name.rstrip("/").split("/")
        keys = []
        for depth in range(len(parts) + 1):
            for key, apart in self.by_folder.get("/".join(parts[:depth]), ()):
                if not (name + "/").startswith(apart):
                    keys.append(key)
        if untracked and name.endswith("/"):  # the scopes inside a folder git names whole
            keys += [key for where, owned in self.by_folder.items() if where.startswith(name)
                     for key, _ in owned]
        return keys


def _ancestors(name: str) -> set[str]:
    """The folders `name` (relative to the top, "" for the top) is inside: "a/b" → {"", "a"}."""
    parts = name.split("/") if name else []
    return {"/".join(parts[:depth]) for depth in range(len(parts))}


def _relative(path: Path, top: Path) -> str:
    """`path` relative to `top` as git writes it ("" for the top itself)."""
    relative = os.path.relpath(path.resolve(), top)
    return "" if relative == "." else Path(relative).as_posix()


def _walk(git: str, root: Path, owners: _Owners[K], wanted: set[K], found: dict[K, tuple[str, str]],
          process: subprocess.Popen[bytes] | None = None) -> None:
    """Read the history newest first (`git log` with the files of each commit, by `process` when it
    was asked already) until each wanted scope has met its last commit; then stop git."""
    if process is None:
        process = subprocess.Popen(_log(git, owners.roots), cwd=root, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, env={**os.environ, **_ENV})
    assert process.stdout is not None
    timer = threading.Timer(TIMEOUT, process.kill)  # a git that hangs leaves the times unknown
    timer.start()
    pending = b""
    try:
        while wanted - found.keys():
            chunk = process.stdout.read1(1 << 16)  # type: ignore[attr-defined]  # a BufferedReader's
            if not chunk:
                _take(pending, owners, wanted, found)
                break
            entries = (pending + chunk).split(b"\x01")
            pending = entries.pop()  # may be incomplete
            for entry in entries:
                _take(entry, owners, wanted, found)
    finally:
        stopped = process.poll() is None  # stopped here, having read what it needed
        process.kill()
        process.communicate()
        timer.cancel()
    if process.returncode != 0 and not (stopped and not wanted - found.keys()):
        found.clear()  # git failed, or was stopped by the timer before it answered


def _take(entry: bytes, owners: _Owners[K], wanted: set[K], found: dict[K, tuple[str, str]]) -> None:
    """One commit of the walk: `<hash> <time>\\0\\n<file>\\0<file>\\0…`."""
    header, _, files = entry.partition(b"\0")
    if not header:
        return
    commit, _, time = header.decode().partition(" ")
    for name in files.lstrip(b"\n").split(b"\0"):
        if name:
            for key in owners(os.fsdecode(name)):
                if key in wanted and key not in found:
                    found[key] = (commit, time)


def committed_text(path: Path) -> str | None:
    """The text of the file `path` as the last commit holds it: None outside a git repository, before
    its first commit, or while the file is not committed."""
    git = shutil.which("git")
    return _run([git, "show", f"HEAD:./{path.name}"], path.parent) if git else None


def _run(command: list[str], cwd: Path) -> str | None:
    try:
        process = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT,
                                 env={**os.environ, **_ENV})
    except (OSError, subprocess.TimeoutExpired):
        return None
    return process.stdout if process.returncode == 0 else None
