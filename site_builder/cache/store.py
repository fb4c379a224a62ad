"""Pickled values by key: in memory for the builds of one process (`bulletin serve`), and on disk
in the cache directory for the next process. A missing entry is a miss; a damaged one, or a cache
directory that cannot be written, is a miss too and is logged once per process (the build goes on:
the cache never changes what it writes)."""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from site_builder.cache.digest import Digester

log = logging.getLogger("bulletin.cache")
_logged: set[str] = set()

MISS = object()
T = TypeVar("T")
KEEP_UNUSED = 64  # entries of a namespace kept on disk beyond those the last build used


class Store:
    """One cache directory; `finish()` after a build writes what it computed (when it succeeded)
    and forgets what it did not use."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.memory: dict[tuple[str, str], Any] = {}
        self.used: set[tuple[str, str]] = set()
        self.pending: list[tuple[str, str, Any]] = []  # written to disk by a successful build only

    def get(self, namespace: str, key: str) -> Any:
        """The value stored under `key`, or `MISS`."""
        name = (namespace, key)
        value = self.memory.get(name, MISS)
        if value is MISS and self.directory is not None:
            path = self.directory / namespace / f"{key}.pickle"
            try:
                value = pickle.loads(path.read_bytes())
            except FileNotFoundError:
                return MISS
            except Exception as error:  # damaged, or from another Python: recompute
                log_once("unreadable", f"cache entry {path} unreadable ({type(error).__name__}: {error}); "
                         "computed again")
                return MISS
            self.memory[name] = value
        if value is not MISS:
            self.used.add(name)
        return value

    def keep(self, namespace: str, key: str) -> None:
        """Keep the entry under `key`, if there is one, as though this build had read it."""
        self.used.add((namespace, key))

    def recall(self, namespace: str, key: str, compute: Callable[[], T]) -> T:
        """The value stored under `key`, else `compute()`, stored."""
        value = self.get(namespace, key)
        if value is MISS:
            value = compute()
            self.put(namespace, key, value)
        found: T = value
        return found

    def put(self, namespace: str, key: str, value: Any) -> None:
        name = (namespace, key)
        self.memory[name] = value
        self.used.add(name)
        if self.directory is not None:
            self.pending.append((namespace, key, value))

    def finish(self, succeeded: bool) -> None:
        """After a build: keep in memory only what it used; on success, write what it computed
        and bound what stays on disk (a failed build leaves the directory as it was)."""
        self.memory = {name: value for name, value in self.memory.items() if name in self.used}
        if self.directory is not None and succeeded:
            try:
                for namespace, key, value in self.pending:
                    folder = self.directory / namespace
                    folder.mkdir(parents=True, exist_ok=True)
                    partial = folder / f"{key}.{os.getpid()}.part"
                    partial.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
                    partial.replace(folder / f"{key}.pickle")  # an entry is complete or absent
            except OSError as error:
                log_once("unwritable", f"cache directory {self.directory} not written ({error}); "
                         "the next build computes everything again")
            used: dict[str, set[str]] = {}
            for namespace, key in self.used:
                used.setdefault(namespace, set()).add(key)
            for namespace, keys in used.items():
                self._prune(self.directory / namespace, keys)
        self.used, self.pending = set(), []

    @staticmethod
    def _prune(folder: Path, used: set[str]) -> None:
        with contextlib.suppress(OSError):
            names = os.listdir(folder)
            if len(names) <= len(used) + KEEP_UNUSED:
                return
            stale = [n for n in names if n.removesuffix(".pickle") not in used]
            stale.sort(key=lambda n: _mtime(folder / n))
            for name in stale[: len(names) - len(used) - KEEP_UNUSED]:
                with contextlib.suppress(OSError):
                    (folder / name).unlink()


def log_once(kind: str, message: str) -> None:
    """Say what went wrong with the cache once per process for each `kind` of failure."""
    if kind not in _logged:
        _logged.add(kind)
        log.warning("bulletin: %s", message)


def save_pickle(path: Path, value: object, kind: str, consequence: str) -> None:
    """`value` pickled into `path` whole (written beside it, then renamed); when it cannot be written,
    logged once as `kind` with its `consequence` for the next build, and no partial file is left."""
    partial = path.with_suffix(f".{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        partial.replace(path)
    except OSError as error:
        log_once(kind, f"{path} not written ({error}); {consequence}")
        with contextlib.suppress(OSError):
            partial.unlink()



def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


@dataclass(frozen=True)
class BuildCache:
    """What one build remembers, passed down explicitly: the store of values by key, and the build's
    digester (model objects many pages share are digested once)."""

    store: Store
    digester: Digester


KEEP_STORES = 4  # cache directories a process keeps in memory (the last ones used)
_stores: dict[Path | None, Store] = {}


def store_for(directory: Path | None) -> Store:
    """The store of `directory` (None: memory only), the same object for the whole process."""
    store = _stores.pop(directory, None) or Store(directory)
    _stores[directory] = store  # the most recently used last
    for old in list(_stores)[:-KEEP_STORES]:
        del _stores[old]
    return store
