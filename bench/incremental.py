"""Rebuilds of the 500×11 event after changing one result in its last round (HTML).

Prints `rebuild_one_result_500x11_s` — in-process, with everything imported and warm, as in
`bulletin serve` (median of 5 edits, with the pages rendered and the seconds per phase) — and
`rebuild_one_result_500x11_cli_s`, the same edit built by a new `bulletin build` process with the
cache on disk (as in CI with a kept cache), and `rebuild_unchanged_500x11_s` (nothing changed).
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from site_builder.build import BuildReport, build_site

RUNS = 5
RESULTS = ("1:1", "0:2", "2:0")


def edit(path: Path, original: str, index: int) -> None:
    """Write `original` with the result of its first game changed (a different one each time)."""
    result = RESULTS[index % len(RESULTS)]
    path.write_text(re.sub(r'"(2:0|1:1|0:2)"\]', f'"{result}"]', original, count=1), encoding="utf-8")


def timed(content: Path, output: Path) -> tuple[float, BuildReport]:
    started = time.perf_counter()
    report = _serve_build(content, output)
    return time.perf_counter() - started, report


def main(content: Path, output: Path) -> None:
    _serve_build(content, output)  # warm: imports, templates, caches
    last = sorted(content.rglob("rounds/*.yaml"))[-1]
    original = last.read_text(encoding="utf-8")
    runs: list[tuple[float, BuildReport]] = []
    cli: list[float] = []
    try:
        for index in range(RUNS):
            edit(last, original, index)
            runs.append(timed(content, output))
        unchanged = [timed(content, output)[0] for _ in range(RUNS)]
        command = [sys.executable, "-m", "site_builder", "build", str(content), "--output", str(output),
                   "--no-pdf"]
        for index in range(RUNS):
            edit(last, original, index + 1)
            started = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            cli.append(time.perf_counter() - started)
    finally:
        last.write_text(original, encoding="utf-8")
        _serve_build(content, output)
    print(f"rebuild_one_result_500x11_s: {statistics.median(t for t, _ in runs):.3f}")
    phases = [dict(report.phases) for _, report in runs]
    print("# phases (median s): " + " ".join(f"{name}={statistics.median(p[name] for p in phases):.3f}"
                                              for name in phases[0] if name != "pdf")
          + f"; pages rendered: {statistics.median(r.rendered for _, r in runs):.0f}"
          f" of {runs[0][1].pages + 1}")
    print(f"rebuild_unchanged_500x11_s: {statistics.median(unchanged):.3f}")
    print(f"rebuild_one_result_500x11_cli_s: {statistics.median(cli):.3f}")


def _serve_build(content: Path, output: Path) -> BuildReport:
    """One build as `bulletin serve` runs it (the garbage collector on, as Python sets it)."""
    return build_site(content, output, pdf=False)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))

