"""Rebuild after changing one result in the last round of the 500×11 event (HTML, in-process).

Prints `rebuild_one_result_500x11_s` (median of 3) — with everything already imported and warm,
as in `bulletin serve`.
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path

from site_builder.build import build_site


def main(content: Path, output: Path) -> None:
    build_site(content, output, pdf=False)  # warm: imports, templates
    last = sorted(content.rglob("rounds/*.yaml"))[-1]
    original = last.read_text(encoding="utf-8")
    times = []
    try:
        for result in ("1:1", "0:2", "2:0"):
            last.write_text(re.sub(r'"(2:0|1:1|0:2)"\]', f'"{result}"]', original, count=1), encoding="utf-8")
            started = time.perf_counter()
            build_site(content, output, pdf=False)
            times.append(time.perf_counter() - started)
    finally:
        last.write_text(original, encoding="utf-8")
    print(f"rebuild_one_result_500x11_s: {statistics.median(times):.3f}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
