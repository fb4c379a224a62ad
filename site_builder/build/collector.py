"""The garbage collector paused for the one build of `bulletin build`'s process, never by the
library (`build_site` leaves the collector as it finds it) nor by `bulletin serve`, whose server
threads go on running while it rebuilds."""

from __future__ import annotations

import atexit
import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector off for the one build of this command's process: else it scans the
    caches' objects again and again (cycles wait until after). At exit it skips its last scans of
    what is still in memory: the end of the process frees it anyway."""
    atexit.register(gc.freeze)
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
