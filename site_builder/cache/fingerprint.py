"""Digests of the software and of file trees: a cache key changes whenever one of them does."""

from __future__ import annotations

import hashlib
import os
import sys
from functools import lru_cache
from importlib import metadata
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
#: Libraries whose output ends up in the site (parsed content, rendered pages).
LIBRARIES = ("Jinja2", "MarkupSafe", "Markdown", "PyYAML")


@lru_cache(maxsize=1)
def software() -> bytes:
    """This build of the program: its sources, the libraries' versions and the Python version.

    Computed once per process: a running process keeps using the code it has loaded."""
    digest = hashlib.sha256(sys.version.encode())
    for name in LIBRARIES:
        try:
            digest.update(f"{name}={metadata.version(name)};".encode())
        except metadata.PackageNotFoundError:  # pragma: no cover - a vendored copy
            digest.update(f"{name}=?;".encode())
    digest.update(tree(PACKAGE, suffixes=(".py",)))
    return digest.digest()


def tree(*roots: Path | None, suffixes: tuple[str, ...] = ()) -> bytes:
    """A digest of every file under `roots` (names and contents, in a stable order)."""
    digest = hashlib.sha256()
    for root in roots:
        if root is None or not root.is_dir():
            digest.update(b"\0-")
            continue
        for directory, subdirs, files in os.walk(root):
            subdirs.sort()
            for name in sorted(files):
                if suffixes and not name.endswith(suffixes):
                    continue
                path = Path(directory, name)
                digest.update(f"{path.relative_to(root).as_posix()}\0".encode())
                digest.update(hashlib.sha256(path.read_bytes()).digest())
        digest.update(b"\0/")
    return digest.digest()
