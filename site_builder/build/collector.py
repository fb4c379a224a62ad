"""The garbage collector paused for the one job of the commands that build or pair (`bulletin build`,
`pair`, `verify`, `generate`), never by the library (`build_site` and the engines leave the
collector as they find it) nor by `bulletin serve`, whose server threads go on running while it
rebuilds."""

from __future__ import annotations

import atexit
import contextlib
import gc
from collections.abc import Callable, Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector off for the one job of this command's process: else it scans the
    caches' objects (or a big round's millions of weights) again and again (cycles wait until
    after). At exit it skips its last scans of what is still in memory: the end of the process
    frees it anyway."""
    atexit.register(gc.freeze)
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


@contextlib.contextmanager
def swept_after_each() -> Iterator[Callable[[], object]]:
    """A `sweep()` that frees what one big job left in cycles (a PDF's boxes: hundreds of MB for a
    900-player bulletin) while the collector is paused, so that a worker holds one PDF's at a time,
    not every one it made. What exists on entry is frozen meanwhile: a sweep scans only the job's
    objects, never the build's page data."""
    if gc.isenabled():  # the collector runs anyway
        yield lambda: None
        return
    gc.freeze()
    try:
        yield gc.collect
    finally:
        gc.unfreeze()
