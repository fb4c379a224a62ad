"""Digests of the software and of file trees: a cache key changes whenever one of them does."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
#: Libraries whose output ends up in the site (parsed content, rendered pages): module, distribution.
LIBRARIES = (("jinja2", "jinja2"), ("markupsafe", "markupsafe"), ("markdown", "markdown"), ("nh3", "nh3"),
             ("yaml", "pyyaml"))


@lru_cache(maxsize=1)
def software() -> bytes:
    """This build of the program: its sources, the libraries' versions and the Python version.

    Computed once per process: a running process keeps using the code it has loaded."""
    digest = hashlib.sha256(sys.version.encode())
    for module, distribution in LIBRARIES:
        digest.update(f"{module}={_installed(module, distribution)};".encode())
    digest.update(tree(PACKAGE, suffixes=(".py",)))
    return digest.digest()


def _installed(module: str, distribution: str) -> str:
    """Where a library is and which version its metadata directory names, without importing it
    (importlib.metadata alone takes longer to import than a whole cached build needs)."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.origin:
        return "?"
    location = Path(spec.origin).parent
    names = [n for n in _listing(location.parent)
             if n.lower().replace("_", "-").startswith(distribution + "-") and n.endswith(".dist-info")]
    return f"{location}:{','.join(sorted(names))}"


@lru_cache(maxsize=8)
def _listing(directory: Path) -> tuple[str, ...]:
    try:
        return tuple(os.listdir(directory))
    except OSError:
        return ()


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
