"""A Delhi-size open: 2,500 players in three sections (900, 900 and 700), 10 rounds, built in full
(HTML and every PDF) as CI builds it.

Prints `delhi_full_build_s` (a cold `bulletin build`, PDFs included), `delhi_peak_mb` (the most
memory the build's processes held at once, their proportional set sizes sampled every 0.1 s in a
cold build of its own: reading them takes the kernel a walk of each process's pages, which slowed
the sampled build by a fifth),
`delhi_pages`, `delhi_pdfs`, `delhi_output_mb`, the largest round bulletin (`delhi_round_pdf_pages`,
`delhi_round_pdf_kb`), standings PDF (`delhi_standings_pdf_…`) and crosstable PDF
(`delhi_crosstable_pdf_…`), and the rebuilds after one
committed result of the last round: `delhi_rebuild_one_result_s` (with its PDFs) and
`delhi_rebuild_one_result_html_s` (`--no-pdf`), each the median of 3 commits.

Usage: python bench/delhi.py [--seed 2026]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from committed import commit_result, git
from generate import generate

SECTIONS = (("a", "Open A", 900), ("b", "Open B", 900), ("c", "Open C", 700))
ROUNDS = 10


def delhi(content: Path, seed: int) -> Path:
    """Write the event into `content`; return its folder."""
    event = content / "2026-delhi-open"
    scratch = content / ".sections"
    for code, _, players in SECTIONS:
        generated = generate(scratch, players, ROUNDS, seed=seed + players + ord(code), slug=code)
        event.mkdir(parents=True, exist_ok=True)
        shutil.move(generated / "open", event / code)
        head = (generated / "event.yaml").read_text(encoding="utf-8").split("sections:")[0]
    shutil.rmtree(scratch)
    head = re.sub(r"name: .*\n", "name: 2026 Delhi-size Open (benchmark)\n", head, count=1)
    head = re.sub(r"short_name: .*\n", "short_name: Delhi-size Open\n", head, count=1)
    sections = "".join(f"  {code}:\n    name: {name}\n    system: swiss\n    rounds: {ROUNDS}\n"
                       for code, name, _ in SECTIONS)
    (event / "event.yaml").write_text(head + "sections:\n" + sections, encoding="utf-8")
    return event


def tree_memory_mb(root: int) -> float:
    """The memory of process `root` and all its descendants, in MB: the sum of their proportional
    set sizes (a page shared by forked workers counts once over them)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    tree = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                grew = True
    total = 0
    for pid in tree:
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        found = re.search(r"^Pss:\s+(\d+) kB", rollup, re.MULTILINE)
        total += int(found.group(1)) * 1024 if found else 0
    return total / 1e6


def timed_build(content: Path, output: Path, *flags: str, sampled: bool = False) -> tuple[float, float, str]:
    """A `bulletin build` process: its wall seconds, the peak memory of its process tree (when
    `sampled`, else 0), its output."""
    command = [sys.executable, "-m", "site_builder", "build", str(content), "--output", str(output), *flags]
    with tempfile.TemporaryFile() as stdout:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=stdout)
        peak = [0.0]

        def sample() -> None:
            while process.poll() is None:
                peak[0] = max(peak[0], tree_memory_mb(process.pid))
                time.sleep(0.1)

        sampler = threading.Thread(target=sample, daemon=True)
        if sampled:
            sampler.start()
        status = process.wait()
        seconds = time.perf_counter() - started
        if sampled:
            sampler.join()
        assert status == 0, command
        stdout.seek(0)
        return seconds, peak[0], stdout.read().decode()


def commit_results(work: Path, round_file: Path, output: Path, *flags: str) -> list[float]:
    """Commit 3 changes of one result of `round_file`, rebuilding after each; the seconds."""
    seconds = []
    for index in range(3):
        commit_result(work, round_file, index)
        seconds.append(timed_build(work / "content", output, *flags)[0])
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-delhi-", dir="/dev/shm") as scratch:
        work = Path(scratch)
        event = delhi(work / "content", args.seed)
        git(work, "init", "-q")
        git(work, "add", ".")
        git(work, "commit", "-qm", "rounds")
        output = work / "output"
        _, peak, _ = timed_build(work / "content", output, sampled=True)
        shutil.rmtree(output)
        shutil.rmtree(work / ".bulletin-cache")
        seconds, _, said = timed_build(work / "content", output)
        print(f"delhi_full_build_s: {seconds:.1f}", flush=True)
        print(f"delhi_peak_mb: {peak:.0f}")
        built = re.search(r"built (\d+) pages and (\d+) PDFs", said)
        assert built, said
        print(f"delhi_pages: {built.group(1)}\ndelhi_pdfs: {built.group(2)}")
        print(f"delhi_output_mb: {sum(p.stat().st_size for p in output.rglob('*') if p.is_file()) / 1e6:.0f}")
        for kind, pattern in (("round", "bulletin-round-*.pdf"), ("standings", "standings-round-*.pdf"),
                              ("crosstable", "crosstable-round-*.pdf")):
            pdfs = sorted(output.rglob(pattern), key=lambda p: p.stat().st_size)
            if pdfs:
                largest = pdfs[-1]
                info = subprocess.run(["pdfinfo", str(largest)], capture_output=True, text=True).stdout
                pages = re.search(r"Pages:\s+(\d+)", info)
                print(f"delhi_{kind}_pdf_pages: {pages.group(1) if pages else '?'}")
                print(f"delhi_{kind}_pdf_kb: {largest.stat().st_size / 1000:.0f}")
                print(f"# largest: {largest.relative_to(output)}")
        last = sorted((event / "a" / "rounds").glob("*.yaml"))[-1]
        timed_build(work / "content", work / "output-html", "--no-pdf")
        html = commit_results(work, last, work / "output-html", "--no-pdf")
        print(f"delhi_rebuild_one_result_html_s: {statistics.median(html):.2f}")
        full = commit_results(work, last, output)
        print(f"delhi_rebuild_one_result_s: {statistics.median(full):.2f}")


if __name__ == "__main__":
    main()
