"""The files of the previous build that the next one may take over instead of rendering them again.

After each build, a manifest in the cache records, for every rendered file, the digest of its inputs
and the file's identity (inode, size, modification time). The next build takes a file over — a hard
link into its staging directory, or a copy — only when its inputs have the same digest and the file
is still exactly the one that build wrote; anything else is rendered again.

The manifest is kept in parts, one per top-level folder or file of the output (`group`): a build
reads the parts of what it writes, and an event it takes over whole keeps its part untouched.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import shutil
from collections.abc import Collection
from pathlib import Path

from site_builder.cache.store import log_once, save_pickle

Identity = tuple[int, int, int]  # inode, size, modification time (ns)
Entries = dict[str, tuple[str, Identity]]  # path in the output → (digest of its inputs, identity)
PART = ".pages"  # the suffix of a manifest's part
#: What builds before the parts kept next to the folder of an output: the whole manifest and the
#: events' records in one file each. Never read; the first save deletes them.
LEGACY = (".pickle", ".events.pickle")


def _identity(path: Path) -> Identity:
    stat = os.stat(path)
    return stat.st_ino, stat.st_size, stat.st_mtime_ns


def group(path: str) -> str:
    """The top-level folder (an event's slug) or file of `path` in the output: its manifest part."""
    return path.partition("/")[0]


def output_folder(cache: Path, output: Path) -> Path:
    """The folder of the cache that holds what builds remember of `output` (manifest, event records)."""
    return cache / "outputs" / hashlib.sha256(str(output).encode()).hexdigest()[:24]


def parts(folder: Path, suffix: str) -> dict[str, Path]:
    """The files of `folder` ending in `suffix`, by name without it."""
    try:
        names = os.listdir(folder)
    except OSError:
        return {}
    return {name.removesuffix(suffix): folder / name for name in names if name.endswith(suffix)}


def drop(folder: Path, suffix: str, keep: Collection[str]) -> None:
    """Delete the files of `folder` ending in `suffix` but those named `keep`."""
    for name, path in parts(folder, suffix).items():
        if name not in keep:
            with contextlib.suppress(OSError):
                path.unlink()


class Previous:
    """The manifest of what the last build wrote into `output`, read part by part as asked."""

    def __init__(self, cache: Path, output: Path) -> None:
        self.output = output
        self.folder = output_folder(cache, output)
        self.parts: dict[str, Entries] = {}
        self.linked: dict[str, Identity] = {}  # files taken over by a hard link: the same file

    def _part(self, name: str) -> Entries:
        entries = self.parts.get(name)
        if entries is None:
            entries = self.parts[name] = {}
            path = self.folder / f"{name}{PART}"
            try:
                found = pickle.loads(path.read_bytes())
            except FileNotFoundError:  # the first build into `output`, or one after a failed swap
                return entries
            except Exception as error:  # a damaged manifest: render its files again
                log_once("manifest", f"output manifest {path} unreadable ({type(error).__name__}: "
                         f"{error}); its pages rendered again")
                return entries
            if isinstance(found, dict):
                entries.update(found)
        return entries

    def reusable(self, path: str, key: str | None) -> Path | None:
        """The previous output file at `path`, if it was made from inputs with digest `key`."""
        if key is None:
            return None
        entry = self._part(group(path)).get(path)
        if entry is None or entry[0] != key:
            return None
        file = self.output / path
        try:
            return file if _identity(file) == entry[1] else None
        except OSError:
            return None

    def take_over(self, path: str, source: Path, target: Path) -> None:
        """Put the previous build's file at `path` (`source`, which `reusable` gave) at `target`."""
        if take_over(source, target):
            self.linked[path] = self._part(group(path))[path][1]

    def save(self, keys: dict[str, str], kept: Collection[str] = ()) -> None:
        """Record the files now in `output` with the digests of their inputs (after the swap); the
        parts of the folders `kept` (taken over as they were) stay as they are, all others go. A
        file taken over by a hard link is the same file, its identity known without asking."""
        written: dict[str, Entries] = {}
        for path, key in keys.items():
            with contextlib.suppress(OSError):
                identity = self.linked.get(path) or _identity(self.output / path)
                written.setdefault(group(path), {})[path] = (key, identity)
        for name, entries in written.items():
            save_pickle(self.folder / f"{name}{PART}", entries, "manifest-unwritable",  # the output is
                        "the next build renders every page again")  # written regardless
        drop(self.folder, PART, {*written, *kept})
        for suffix in LEGACY:
            with contextlib.suppress(OSError):
                (self.folder.parent / f"{self.folder.name}{suffix}").unlink()

    def forget(self, kept: Collection[str] = ()) -> None:
        """Drop the manifest before the output changes (a crash then means rendering everything),
        but the parts of the folders `kept`, which the new output takes over as they are."""
        drop(self.folder, PART, kept)


def take_over(source: Path, target: Path) -> bool:
    """Put the previous build's `source` at `target`: a hard link (True), or a copy across file
    systems (False)."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)
        return False
    return True
