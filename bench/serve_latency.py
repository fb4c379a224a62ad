"""Edit-to-reload latency of `bulletin serve` on a generated 200-player event (target ≤ 1 s).

Prints `serve_edit_to_reload_200_s` (median of 5 edits): the time from writing a result into the
last round file to the server-sent reload event an open page receives.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from site_builder.commands.serve import Server

BENCH = Path(__file__).resolve().parent


def main() -> None:
    sys.path.insert(0, str(BENCH))
    from generate import generate

    with tempfile.TemporaryDirectory(dir=BENCH / "out" if (BENCH / "out").is_dir() else None) as tmp:
        content = Path(tmp) / "content"
        generate(content, players=200, rounds=9)
        server = Server(content, Path(tmp) / "output", 0, pdf=False, report=lambda text: None).start()
        reloads: list[float] = []
        stream = urllib.request.urlopen(server.url + "__bulletin/events", timeout=60)

        def read() -> None:
            for line in stream:
                if line.startswith(b"data: ") and json.loads(line[6:])["kind"] == "reload":
                    reloads.append(time.perf_counter())

        threading.Thread(target=read, daemon=True).start()
        last = sorted((content).rglob("rounds/*.yaml"))[-1]
        text = last.read_text(encoding="utf-8")
        latencies = []
        for index in range(5):
            seen = len(reloads)
            started = time.perf_counter()
            last.write_text(text + f"note: edit {index}\n", encoding="utf-8")
            while len(reloads) == seen and time.perf_counter() - started < 10:
                time.sleep(0.005)
            latencies.append(reloads[-1] - started)
            time.sleep(0.3)
        server.stop()
    print(f"serve_edit_to_reload_200_s: {statistics.median(latencies):.3f}")


if __name__ == "__main__":
    main()
