"""The files of the previous build that the next one may take over instead of rendering them again.

After each build, a manifest in the cache records, for every rendered file, the digest of its inputs
and the file's identity (inode, size, modification time). The next build takes a file over — a hard
link into its staging directory, or a copy — only when its inputs have the same digest and the file
is still exactly the one that build wrote; anything else is rendered again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import shutil
from pathlib import Path

from site_builder.cache.store import log_once, save_pickle

Identity = tuple[int, int, int]  # inode, size, modification time (ns)


def _identity(path: Path) -> Identity:
    stat = os.stat(path)
    return stat.st_ino, stat.st_size, stat.st_mtime_ns


class Previous:
    """The manifest of what the last build wrote into `output`."""

    def __init__(self, cache: Path, output: Path) -> None:
        self.output = output
        name = hashlib.sha256(str(output).encode()).hexdigest()[:24]
        self.manifest = cache / "outputs" / f"{name}.pickle"
        self.entries: dict[str, tuple[str, Identity]] = {}
        try:
            entries = pickle.loads(self.manifest.read_bytes())
        except FileNotFoundError:  # the first build into `output`, or one after a failed swap
            return
        except Exception as error:  # a damaged manifest: render everything
            log_once("manifest", f"output manifest {self.manifest} unreadable ({type(error).__name__}: "
                     f"{error}); every page rendered again")
            return
        if isinstance(entries, dict):
            self.entries = entries

    def reusable(self, path: str, key: str | None) -> Path | None:
        """The previous output file at `path`, if it was made from inputs with digest `key`."""
        entry = self.entries.get(path)
        if key is None or entry is None or entry[0] != key:
            return None
        file = self.output / path
        try:
            return file if _identity(file) == entry[1] else None
        except OSError:
            return None

    def save(self, keys: dict[str, str], kept: dict[str, tuple[str, Identity]] | None = None) -> None:
        """Record the files now in `output` with the digests of their inputs (after the swap), and
        the entries `kept` of files taken over as they were."""
        entries = dict(kept or {})
        for path, key in keys.items():
            with contextlib.suppress(OSError):
                entries[path] = (key, _identity(self.output / path))
        save_pickle(self.manifest, entries, "manifest-unwritable",  # the output is written regardless
                    "the next build renders every page again")

    def forget(self) -> None:
        """Drop the manifest before the output changes (a crash then means rendering everything)."""
        with contextlib.suppress(OSError):
            self.manifest.unlink()


def take_over(source: Path, target: Path) -> None:
    """Put the previous build's `source` at `target`: a hard link, or a copy across file systems."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)
