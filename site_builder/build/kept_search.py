"""The search index of the previous build, taken over whole when the build would write it again
unchanged: its entries (`search/entries.json`) and the software are the same, and its files are as
that build left them (name, size and time of each). A result changes no entry, so a rebuild after
one result of a season of many events does not write its index's thousands of files again."""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from site_builder.cache.fingerprint import software
from site_builder.cache.outputs import output_folder

FOLDER = "search"  # in the output
RECORD = "search-index"  # in the cache's folder of the output


def _listing(folder: Path) -> list[tuple[str, int, int]]:
    try:
        with os.scandir(folder) as found:
            return sorted((entry.name, (stat := entry.stat()).st_size, stat.st_mtime_ns) for entry in found)
    except FileNotFoundError:
        return []


class KeptSearch:
    """Whether the search index of `output` can be kept, for a build whose entries.json is `entries`."""

    def __init__(self, cache: Path, output: Path, entries: str) -> None:
        self.record = output_folder(cache, output) / RECORD
        self.folder = output / FOLDER
        self.key = hashlib.sha256(software() + entries.encode()).hexdigest()

    def unchanged(self) -> bool:
        """The previous build wrote this very index, and its files are untouched."""
        try:
            return pickle.loads(self.record.read_bytes()) == (self.key, _listing(self.folder))
        except Exception:  # none yet, or a damaged record: the index is written
            return False

    def save(self) -> None:
        """Remember the index now in the output (after the build's swap)."""
        self.record.parent.mkdir(parents=True, exist_ok=True)
        self.record.write_bytes(pickle.dumps((self.key, _listing(self.folder))))
