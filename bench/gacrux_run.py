"""Runs of Gacrux, FIDE's reference checker, for the cross-check scripts of this folder."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path


def arguments(doc: str, argv: list[str] | None, count: int, keep: bool = True) -> argparse.Namespace:
    """A cross-check's command line (its docstring's first line the description): GACRUX_DIR,
    `--count` tournaments from seed `--first`, and `--keep DIR` for the files and verdicts."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("gacrux", type=Path)
    parser.add_argument("--count", type=int, default=count)
    parser.add_argument("--first", type=int, default=1)
    if keep:
        parser.add_argument("--keep", type=Path)
    return parser.parse_args(argv)


def run_module(gacrux: Path, module: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Gacrux's `module` (`pairingchecker`, `tiebreakchecker`) run with `args` from GACRUX_DIR."""
    return subprocess.run([sys.executable, "-m", f"gacrux.{module}", *args], cwd=gacrux, capture_output=True,
                          text=True, check=False, env={**os.environ, "PYTHONPATH": str(gacrux)})


def pairing_verdict(gacrux: Path, path: Path, method: str, number: int = 0) -> list[dict[str, object]]:
    """The pairing checker's verdict (`-c -m method`) on the UTF-8 TRF file at `path`: each round up
    to its current one, or round `number` alone; one item with the `error` where no verdict came."""
    run = run_module(gacrux, "pairingchecker", "-i", str(path), "-b", "utf-8", "-c", "-m", method,
                     *(["-n", str(number)] if number else []))
    try:
        rounds = json.loads(run.stdout)["pairingResult"]["roundpairing"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return [{"round": number, "check": False, "error": (run.stdout + run.stderr)[-2000:]}]
    return [{"round": r["round"], "check": r["check"], "pairs": [tuple(p) for p in r["pairs"]],
             "current": [tuple(p) for p in r["current"]]} for r in rounds]
