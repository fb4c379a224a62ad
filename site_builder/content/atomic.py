"""The one way the commands that edit the organizer's content (`rename`, `pair`, `seed`, `import
players`) write a file: all at once, so that a crash, a full disk or `bulletin serve`'s watcher never
sees half of it."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path


def write_atomic(path: Path, data: str | bytes, encoding: str = "utf-8") -> None:
    """Write `data` (text in `encoding`, or bytes) as the whole of `path`: into a temporary file in
    the same directory, then renamed over it. An existing file keeps its permissions (through a
    symbolic link, the file it points to is replaced); a new one gets those a plain write gives. On
    any error the file is as it was and no temporary file is left."""
    raw = data.encode(encoding) if isinstance(data, str) else data
    target = Path(os.path.realpath(path))
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    # hidden, and with a suffix that neither the content loader nor `bulletin serve` watches
    temporary = target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # less the umask
    try:
        with open(descriptor, "wb", closefd=True) as file:
            file.write(raw)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
