"""The benchmark's synthetic Swiss (bench/generate.py), small, for the tests: players with ratings,
rounds paired and played with results scored 2/1/0."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def synthetic(content: Path, players: int, rounds: int) -> Path:
    """Write the event into `content`; return its directory."""
    spec = importlib.util.spec_from_file_location("bench_generate", ROOT / "bench" / "generate.py")
    assert spec and spec.loader
    module = sys.modules.setdefault("bench_generate", importlib.util.module_from_spec(spec))
    spec.loader.exec_module(module)
    return Path(module.generate(content, players, rounds))


def last_round(event: Path) -> Path:
    """The file of the event's last round."""
    return sorted(event.glob("*/rounds/*.yaml"))[-1]
