"""Digests of the software, of the fonts and of file trees: a cache key changes whenever one of them does.

The software part of every key is derived from what is installed, not from a list of the libraries
thought to matter: this package's own sources and language catalogues, the Python version and every
installed distribution (its name, version and ``RECORD``, the list of its files with their hashes).
Any library that a parsed file, a page or a PDF may depend on — pypinyin's readings, python-chess's
notation, WeasyPrint's layout — changes the key when it is upgraded, downgraded or reinstalled from other
files. A PDF also depends on the fonts fontconfig resolves; `fonts()` digests them.

``importlib.metadata`` is not used: importing it takes longer than a whole cached build needs, and
listing the ``*.dist-info`` folders on ``sys.path`` finds the same distributions.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

from site_builder.languages import FILES

PACKAGE = Path(__file__).resolve().parents[1]
#: The files of the package a page depends on besides its templates: its modules and its language
#: catalogues (the words of every page)
SOURCES = (".py", ".po")
_METADATA = (".dist-info", ".egg-info")


@lru_cache(maxsize=1)
def software() -> bytes:
    """This build of the program: its sources, every installed distribution and the Python version.

    Computed once per process: a running process keeps using the code it has loaded."""
    digest = hashlib.sha256(sys.version.encode())
    for name, record in distributions():
        digest.update(f"{name}\0".encode())
        digest.update(record)
    digest.update(tree(PACKAGE, suffixes=SOURCES))
    digest.update(files(*FILES.values()))  # the catalogues of `BULLETIN_CATALOGUES` too
    return digest.digest()


def distributions(path: list[str] | None = None) -> list[tuple[str, bytes]]:
    """Each distribution installed on `path` (default ``sys.path``): its metadata folder's name
    (``name-version.dist-info``) and the digest of its file list, in the order Python finds them.

    A distribution without a readable ``RECORD`` (an ``.egg-info``, a damaged install) stands for
    itself by its name and version alone."""
    found = []
    for entry in sys.path if path is None else path:
        directory = entry or "."
        try:
            names = sorted(os.listdir(directory))
        except OSError:
            continue
        for name in names:
            if name.endswith(_METADATA):
                found.append((name, _record_digest(Path(directory, name))))
    return found


def _record_digest(metadata: Path) -> bytes:
    for file in ("RECORD", "installed-files.txt"):
        try:
            return hashlib.sha256((metadata / file).read_bytes()).digest()
        except OSError:
            continue
    return b"-"


@lru_cache(maxsize=1)
def fonts() -> bytes:
    """The fonts fontconfig resolves (what WeasyPrint draws a PDF's text with): each face's file,
    index, family, style and version, and the file's size and modification time (a font package
    keeps the times of its archive, so the same fonts give the same digest on every machine).

    Without fontconfig's ``fc-list`` (WeasyPrint then finds no fonts either) the digest says so."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return hashlib.sha256(b"no fc-list").digest()
    try:
        face = "%{file}|%{index}|%{family}|%{style}|%{fontversion}\n"
        listing = subprocess.run([fc_list, "--format", face], capture_output=True, timeout=60,
                                 check=True).stdout
    except (OSError, subprocess.SubprocessError) as error:
        return hashlib.sha256(f"fc-list failed: {error}".encode()).digest()
    digest = hashlib.sha256()
    for line in sorted(set(listing.splitlines())):
        digest.update(line + b"\0")
        try:
            stat = os.stat(line.split(b"|", 1)[0])
            digest.update(f"{stat.st_size}:{stat.st_mtime_ns}\0".encode())
        except OSError:
            digest.update(b"?\0")
    return digest.digest()


def files(*paths: Path) -> bytes:
    """A digest of the files `paths` (names and contents, in the order given)."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(f"{path}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
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
