"""A federation's season: 1,000 generated events (12–400 players, 5–9 rounds, spread over the year)
as one site, built as CI builds it (a `bulletin build --no-pdf` process in a git work tree, the
cache kept).

Prints `season_1000_events_build_s` (cold), `season_1000_events_pages`, `…_output_mb` and
`…_peak_mb` (the build process), `season_rebuild_one_committed_result_s` (median of 3 commits,
each one result of one event's last round), `season_first_view_kb` (the largest first view of a
round page: its HTML, CSS, script and live.json as a compressing host sends them, gzip),
`season_search_index_mb` (the index's parts), `season_search_query_kb` (what a search fetches:
the list of parts and the part of one word, the median and the largest over 200 players' names)
and, for the season written as `--sites` sites of consecutive events sharing one search (each
naming it in its site.yaml), `season_sites_output_mb` (the largest site), `season_sites_build_s`
(the slowest site's cold build) and `season_shared_index_s` (`bulletin search-index` over them).
The same arguments give the same content.

Usage: python bench/season.py [--events 1000] [--sites 2] [--seed 2026]
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from committed import committed_results, git
from generate import generate
from run import run_child

from site_builder.views.search_index import bucket_of, fold, key_for, part_name


def season(content: Path, events: int, seed: int) -> None:
    """Write `events` generated events into `content`, the same for the same seed."""
    rng = random.Random(seed)
    first = dt.date(2026, 1, 3)
    for number in range(events):
        players = min(400, 12 + int(rng.paretovariate(1.4) * 16))
        rounds = min(players - 1, rng.randint(5, 9))
        start = first + dt.timedelta(days=number * 360 // events)
        generate(content, players, rounds, seed=seed * 10_000 + number, start=start,
                 slug=f"{start.isoformat()}-event-{number:04d}",
                 name=f"2026年象棋积分赛第{number + 1}站", short_name=f"第{number + 1}站")


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), mtime=0))


def first_view_kb(site: Path) -> float:
    """The largest first view of a round page (the last round of each event), gzip, in KB."""
    shared = gz(site / "static/style.css") + gz(site / "static/site.js") + gz(site / "live.json")
    return max(gz(sorted(event.glob("open/round-*.html"))[-1]) for event in site.iterdir()
               if (event / "open").is_dir()) / 1000 + shared / 1000


def query_kb(site: Path, seed: int) -> tuple[float, float]:
    """What a search for one player's name fetches (its keys file and its part), gzip, in KB:
    the median and the largest over 200 players drawn from the index."""
    index = json.loads((site / "search/entries.json").read_text(encoding="utf-8"))["entries"]
    rng = random.Random(seed)
    sizes = []
    for entry in rng.sample(index, min(200, len(index))):
        word = fold(entry["name"]).split()[0]
        keys = site / f"search/keys-{bucket_of(word):02d}.js"
        text = keys.read_text(encoding="utf-8")
        key = key_for(word, json.loads(text[text.index(",") + 1:text.rindex(")")]))
        assert key is not None, word
        sizes.append(gz(keys) + gz(site / "search" / part_name(key)))
    return statistics.median(sizes) / 1000, max(sizes) / 1000


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def peak_build_mb(content: Path, output: Path) -> tuple[float, float]:
    """A cold build's wall seconds and peak memory (MB) of its process."""
    seconds, peak, _ = run_child([sys.executable, "-m", "site_builder", "build", str(content),
                                  "--output", str(output), "--no-pdf"])
    return seconds, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--sites", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-season-", dir="/dev/shm") as scratch:
        work = Path(scratch)
        content = work / "content"
        season(content, args.events, args.seed)
        git(work, "init", "-q")
        git(work, "add", ".")
        git(work, "commit", "-qm", "season")
        output = work / "output"
        seconds, peak = peak_build_mb(content, output)
        n = args.events
        print(f"season_{n}_events_build_s: {seconds:.1f}", flush=True)
        pages = len(list(output.rglob("*.html")))
        print(f"season_{n}_events_pages: {pages}")
        print(f"season_{n}_events_output_mb: {size_mb(output):.0f}")
        print(f"season_{n}_events_peak_mb: {peak:.0f}")
        print(f"season_first_view_kb: {first_view_kb(output):.1f}")
        parts = [p for p in (output / "search").iterdir() if p.name != "entries.json"]
        print(f"season_search_index_mb: {sum(p.stat().st_size for p in parts) / 1e6:.0f}")
        keys = max(gz(path) for path in (output / "search").glob("keys-*.js")) / 1000
        print(f"# {len(parts)} files; the largest keys file {keys:.1f} KB gzip; "
              f"entries.json {(output / 'search/entries.json').stat().st_size / 1e6:.1f} MB")
        median, largest = query_kb(output, args.seed)
        print(f"season_search_query_kb: {median:.1f}")
        print(f"# largest of 200 queries: {largest:.1f} KB")
        last = sorted(next(content.glob(f"*-event-{n // 2:04d}")).rglob("rounds/*.yaml"))[-1]
        runs = committed_results(work, content, last)  # builds once more, then 3 commits
        rebuild = statistics.median(run.seconds for run in runs)
        print(f"season_rebuild_one_committed_result_s: {rebuild:.2f}")
        print(f"# CPU {statistics.median(run.cpu for run in runs):.2f} s; pages rendered "
              f"{[run.rendered for run in runs]} of {runs[0].pages}")
        sites(work, content, args.sites)


def sites(work: Path, content: Path, count: int) -> None:
    """The season as `count` sites of consecutive events (each a content folder of links to its
    events, naming the shared search), then the shared index of all of them."""
    events = sorted(p for p in content.iterdir() if (p / "event.yaml").is_file())
    built = []
    for number in range(count):
        part = work / f"site-{number}"
        part.mkdir()
        (part / "site.yaml").write_text(f"title: 2026 · {number + 1}\nsearch: /search/\n", encoding="utf-8")
        for event in events[number * len(events) // count:(number + 1) * len(events) // count]:
            (part / event.name).symlink_to(event)
        seconds, peak = peak_build_mb(part, work / f"www/{number}")
        built.append((seconds, size_mb(work / f"www/{number}"), peak))
    print(f"season_sites_output_mb: {max(mb for _, mb, _ in built):.0f}")
    print(f"season_sites_build_s: {max(seconds for seconds, _, _ in built):.1f}")
    each = (f"{mb:.0f} MB in {seconds:.0f} s (peak {peak:.0f} MB)" for seconds, mb, peak in built)
    print(f"# {count} sites: {', '.join(each)}")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "site_builder", "search-index",
                    *(f"/{number}/={work / f'www/{number}'}" for number in range(count)),
                    "-o", str(work / "www/search")], check=True, stdout=subprocess.DEVNULL)
    print(f"season_shared_index_s: {time.perf_counter() - started:.1f}")
    print(f"# shared index: {size_mb(work / 'www/search'):.0f} MB")


if __name__ == "__main__":
    main()
