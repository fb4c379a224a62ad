"""The feature matrix run wide: every system × every change of the field × many seeds, each case an
event run with the CLI from `new` to `build` and every export (tests/seams/matrix.py). Prints one
line per failing case, then `matrix_*` figures; exit status 1 when a case fails.

Usage: python bench/matrix.py [--seeds 25] [--first 1] [--jobs 2] [--system NAME ...]
(25 seeds × 10 systems × 9 changes = 2,250 events)
"""

from __future__ import annotations

import argparse
import collections
import datetime as dt
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "seams"), str(ROOT / "tests")]

from matrix import CHANGES, Case, Outcome, run_case, systems  # noqa: E402


def one(case: Case) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="matrix-") as folder:
        try:
            return run_case(Path(folder), case)
        except Exception as error:  # a defect of the matrix itself: counted, the run goes on
            return Outcome(case, [f"the case stopped: {error!r}"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--system", action="append", help="only this system (repeatable)")
    args = parser.parse_args()
    chosen = args.system or systems()
    cases = [Case(s, c, seed) for seed in range(args.first, args.first + args.seeds)
             for s in chosen for c in CHANGES]
    started = time.perf_counter()
    failed: list[Outcome] = []
    refused: collections.Counter[str] = collections.Counter()
    commands = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for outcome in pool.map(one, cases, chunksize=4):
            commands += outcome.commands
            refused[f"{outcome.case.system} × {outcome.case.change}"] += len(outcome.refused)
            if outcome.failures:
                failed.append(outcome)
                print(f"FAIL {outcome.case}: {outcome.failures[0][:400]}", flush=True)
    seconds = time.perf_counter() - started
    print(f"matrix_date: {dt.date.today().isoformat()}")
    print(f"matrix_events: {len(cases)}  ({len(chosen)} systems × {len(CHANGES)} changes × "
          f"{args.seeds} seeds)")
    print(f"matrix_commands: {commands}")
    print(f"matrix_failures: {len(failed)}")
    print(f"matrix_refusals: {sum(refused.values())} located refusals, by system × change: "
          + ", ".join(f"{k} {v}" for k, v in sorted(refused.items()) if v))
    print(f"matrix_wall_s: {seconds:.0f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
