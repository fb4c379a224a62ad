"""Generated standings, cross-checked with Gacrux's tie-break checker: random FIDE Dutch
tournaments written by `bulletin generate` (10–60 players, byes and forfeits in some), whose rank
column this tool computes with the chain `BH-C1, BH, SB, DE, WIN`, each read by
`tiebreakchecker.py -c` of OttoMilvang/TieBreakServer, which ranks the players again with the same
chain and says whether every rank agrees.

Gacrux is not a dependency: pass the folder of a copy of its repository (the folder holding its
`gacrux` package, as for the other cross-check scripts). Both programs apply the
tie-break rules in force on the tournament's first day (042, which `--date` sets): before 1 March
2026 those of 2023, from then on the amendment of Article 16.4 (an unplayed round's dummy opponent
scores no more than the forfeiting opponent, or than draws in every round).

Usage: python bench/crosscheck_tiebreaks.py GACRUX_DIR [--count 300] [--first 1] [--date 2026-01-15]
Prints one line per disagreement and the summary `N tournaments, K disagreements`.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
import tempfile
from pathlib import Path

from gacrux_run import run_module

from site_builder.tournament.generate import trf_text
from site_builder.tournament.generator import GenerateError, Spec, generate

CHAIN = ("PTS", "BH/C1", "BH", "SB", "DE", "WIN")


def spec_for(seed: int, day: dt.date | None = None) -> Spec:
    """The tournament of `seed`, starting on `day` (the file's 042)."""
    rng = random.Random(f"tiebreaks {seed}")
    players = rng.randint(10, 60)
    byes, forfeits = rng.random() < 0.5, rng.random() < 0.5
    return Spec(seed=seed, players=players, rounds=min(rng.randint(5, 9), players // 2),
                half_byes=0.04 if byes else 0.0, full_byes=0.02 if byes else 0.0,
                zero_byes=0.02 if byes else 0.0, forfeits=0.05 if forfeits else 0.0, date=day)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gacrux", type=Path)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--date", type=dt.date.fromisoformat, default=dt.date(2026, 1, 15))
    args = parser.parse_args()
    checked = disagreements = 0
    with tempfile.TemporaryDirectory(prefix="crosscheck-tb-") as tmp:
        for seed in range(args.first, args.first + args.count):
            try:
                text = trf_text(generate(spec_for(seed, args.date)))
            except GenerateError:
                continue
            path = Path(tmp) / f"t{seed:05d}.trf"
            path.write_text(text, encoding="utf-8")
            run = run_module(args.gacrux, "tiebreakchecker", "-i", str(path), "-b", "utf-8", "-c",
                             "-F", "TXT", "-r", "-t", *CHAIN)
            if "Check:" not in run.stdout:  # Gacrux did not run: no verdict to count
                sys.exit(f"seed {seed}: Gacrux gave no verdict: " + (run.stdout + run.stderr).strip()[-500:])
            checked += 1
            if "Check: True" not in run.stdout:
                disagreements += 1
                cells = " ".join(line[91:] for line in text.splitlines() if line.startswith("001 "))
                holds = [what for what, mark in (("full-point byes", "0000 - F"), ("forfeits", " + "))
                         if mark in cells]
                print(f"DISAGREEMENT seed {seed} ({', '.join(holds) or 'no full-point bye, no forfeit'}): "
                      + (run.stdout + run.stderr).strip().splitlines()[-1], flush=True)
    print(f"{checked} tournaments, {disagreements} disagreements")


if __name__ == "__main__":
    main()
