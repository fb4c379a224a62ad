"""Whole events taken over from the previous output: what a build remembers of each event it wrote.

An event's record holds the digest of every input of its files (`EventRecord.key`: its folder's
files, the software, the theme, the settings, its commit times …, put together by
`site_builder.build.unchanged`), the identity of each file it wrote under `<slug>/`, and what the
site-wide pages and the build's report need of it. A build that finds the same key, and every
file under `<slug>/` still the one that build wrote, moves the event's folder from the old output
into the new one (`build._swap`) without loading the event.

The files of an event's folder are digested by their names and contents; a file whose size,
modification and change times and inode are those recorded is not read again (`read_folder`),
unless it was modified so shortly before the record was taken that a later write could have kept
its times (`RACY_NS`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from site_builder.cache.outputs import Identity, drop, output_folder, parts
from site_builder.cache.store import log_once, save_pickle

Stat = tuple[int, int, int, int]  # size, modification time (ns), change time (ns), inode
RECORD, KEYS = ".event", ".keys"  # the suffixes of an event's record and of a set of store entries
RACY_NS = 2_000_000_000  # a file modified this close to its stat being taken is read again next time


@dataclass(frozen=True)
class Folder:
    """The files of an event's folder as a build found them: their stats and the digest of their
    relative paths and contents."""

    stats: Mapping[str, Stat]
    digest: bytes
    taken: int  # time.time_ns() just before the stats were taken


def read_folder(directory: Path, leave_out: Collection[Path] = (), before: Folder | None = None
                ) -> Folder | None:
    """The `Folder` of `directory`, without its dot-directories and the directories `leave_out`
    (the build's output and cache); the contents are read only when a stat differs from `before`.
    None when it cannot be digested (a symbolic link to a directory, a file that cannot be read)."""
    taken = time.time_ns()
    root = str(directory)
    skipped = {str(p) for p in leave_out}
    stats: dict[str, Stat] = {}

    def scan(path: str, prefix: str) -> None:
        with os.scandir(path) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if not entry.name.startswith(".") and entry.path not in skipped:
                        scan(entry.path, f"{prefix}{entry.name}/")
                    continue
                if entry.is_symlink() and entry.is_dir():
                    raise NotADirectoryError(entry.path)  # the loader would read it, this walk would not
                st = entry.stat()
                stats[prefix + entry.name] = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)

    try:
        scan(root, "")
    except OSError:
        return None
    if before is not None and before.stats == stats and all(
            s[1] < before.taken - RACY_NS and s[2] < before.taken - RACY_NS for s in stats.values()):
        return Folder(stats, before.digest, before.taken)
    digest = hashlib.sha256()
    for relative in sorted(stats):
        try:
            with open(os.path.join(root, relative), "rb") as file:
                content = hashlib.sha256(file.read()).digest()
        except OSError:
            return None
        digest.update(relative.encode("utf-8", "surrogateescape") + b"\0" + content)
    return Folder(stats, digest.digest(), taken)


@dataclass(frozen=True)
class EventRecord:
    """One event as the previous build wrote it."""

    key: bytes  # the digest of every input of its files
    folder: Folder
    files: Mapping[str, Identity]  # every file under `<slug>/` in the output, by path in the output
    kept: Any  # what loading the site needs of it (`content.loader.Unchanged`)
    listing: Any  # what the site-wide pages and the build's report need of it (`site.listing.Listing`)
    warnings: Any  # its warnings, by kind (`warnings.event_warnings`)
    # the name of the set of entries of the build's store (`cache.store.Store`) the build that loaded
    # it used, kept on disk while it is not loaded (`EventRecords.key_set`: the events loaded
    # together share one set)
    store_keys: str = ""


def files_under(output: Path, slug: str) -> dict[str, Identity]:
    """Every file under `output/slug` by its path in the output, with its identity (none when it
    cannot be read). Each folder is read by its descriptor: a stat of a name in it, not of a path."""
    found: dict[str, Identity] = {}

    def scan(folder: int, prefix: str) -> None:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    inner = os.open(entry.name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=folder)
                    try:
                        scan(inner, f"{prefix}{entry.name}/")
                    finally:
                        os.close(inner)
                else:
                    st = entry.stat()
                    found[prefix + entry.name] = (st.st_ino, st.st_size, st.st_mtime_ns)

    try:
        top = os.open(f"{output}/{slug}", os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return {}
    try:
        scan(top, f"{slug}/")
    except OSError:
        return {}
    finally:
        os.close(top)
    return found


class EventRecords:
    """The records of the events last written into `output` (by slug), a file each next to its
    manifest (`cache.outputs.Previous`), dropped like its parts before the output changes but for the
    events the new output takes over whole, whose records stay as they are. The sets of store
    entries the records name are files of their own, shared by the events loaded together."""

    def __init__(self, cache: Path, output: Path) -> None:
        self.folder = output_folder(cache, output)
        self.records: dict[str, EventRecord] = {}
        for slug, path in parts(self.folder, RECORD).items():
            try:
                record = pickle.loads(path.read_bytes())
            except Exception as error:  # damaged, or gone since: that event is loaded
                log_once("events", f"event record {path} unreadable ({type(error).__name__}: {error}); "
                         "its event loaded again")
                continue
            if isinstance(record, EventRecord):
                self.records[slug] = record

    def save(self, written: Mapping[str, EventRecord], kept: Collection[str]) -> None:
        """Record the events the build loaded (after the swap); the records of those it `kept` stay,
        all others go, and so do the sets of store entries no record names."""
        for slug, record in written.items():
            save_pickle(self.folder / f"{slug}{RECORD}", record, "events-unwritable",
                        "the next build loads these events again")
        drop(self.folder, RECORD, {*written, *kept})
        records = [*written.values(), *(self.records[slug] for slug in kept if slug in self.records)]
        drop(self.folder, KEYS, {record.store_keys for record in records})

    def key_set(self, keys: frozenset[tuple[str, str]]) -> str:
        """The name of the file holding the store entries `keys`, written unless it is there."""
        text = "\n".join(sorted(f"{namespace}/{key}" for namespace, key in keys))
        name = hashlib.sha256(text.encode()).hexdigest()[:32]
        path = self.folder / f"{name}{KEYS}"
        if not path.is_file():
            save_pickle(path, keys, "events-unwritable", "the next build loads these events again")
        return name

    def store_keys(self, names: Collection[str]) -> set[tuple[str, str]]:
        """The store entries of the sets `names` (a set that cannot be read has none: its entries may be
        pruned, and are computed again when needed)."""
        keys: set[tuple[str, str]] = set()
        for name in names:
            with contextlib.suppress(Exception):
                keys |= pickle.loads((self.folder / f"{name}{KEYS}").read_bytes())
        return keys

    def forget(self, kept: Collection[str]) -> None:
        """Drop the records before the output changes, but those of the events `kept`, taken over whole."""
        drop(self.folder, RECORD, kept)
