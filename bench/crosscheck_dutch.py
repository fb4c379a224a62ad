"""Generator → checker, cross-checked with bbpPairings: random FIDE Dutch tournaments written by
`bulletin generate` (10–400 players, with and without byes, forfeits and the Baku acceleration),
each checked by `bulletin verify FILE.trf` and by `bbpPairings --dutch FILE -c`; a discrepancy is a
round one checker accepts and the other does not.

bbpPairings is not a dependency: build it in a scratch folder and pass its path. Its reader knows
the 192 codes of the 2025 rules (`FIDE_DUTCH_2025`, `_BAKU`), which are the rules of the 2026 code
this tool writes, so the file it reads says 2025 there.

Usage: python bench/crosscheck_dutch.py BBPPAIRINGS [--count 1000] [--first 1] [--keep DIR]
Prints one line per discrepancy and the summary `N tournaments, M rounds, K discrepancies`.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from site_builder.tournament.check import verify_trf
from site_builder.tournament.generate import trf_text
from site_builder.tournament.generator import GenerateError, Spec, generate


def spec_for(seed: int) -> Spec:
    """The tournament of `seed`: its size drawn log-uniformly from 10 to 100, or in one of seven
    uniformly from 100 to 400, its rounds from 5 to 11 (at most half its players), byes in two of
    five, forfeits in one of three, Baku in one of four."""
    rng = random.Random(f"crosscheck {seed}")
    players = rng.randint(100, 400) if rng.random() < 1 / 7 else int(math.exp(rng.uniform(math.log(10),
                                                                                         math.log(100))))
    rounds = min(rng.randint(5, 11), players // 2)
    byes = rng.random() < 0.4
    forfeits = rng.random() < 1 / 3
    return Spec(seed=seed, players=players, rounds=rounds, half_byes=0.03 if byes else 0.0,
                full_byes=0.01 if byes else 0.0, zero_byes=0.01 if byes else 0.0,
                forfeits=0.04 if forfeits else 0.0, baku=rng.random() < 0.25,
                first_colour=rng.choice(("white", "black")), titles=True, federations=True)


def for_bbp(text: str) -> str:
    """The file as bbpPairings reads it: the 2025 code of the same rules in 192."""
    return re.sub(r"^192 FIDE_DUTCH_2026", "192 FIDE_DUTCH_2025", text, flags=re.M)


def bbp_rounds(program: str, path: Path, rounds: int) -> dict[int, str]:
    """bbpPairings' check: round → what it reports of that round ("" when it accepts it)."""
    run = subprocess.run([program, "--dutch", str(path), "-c"], capture_output=True, text=True, check=False)
    found: dict[int, list[str]] = {}
    current = 0
    for line in (run.stdout + run.stderr).splitlines():
        head = re.search(r": Round #(\d+)$", line)
        if head:
            current = int(head.group(1))
            found.setdefault(current, [])
        elif line.strip():
            found.setdefault(current, []).append(line.strip())
    if run.returncode not in (0, 1) or 0 in found:
        found = {r: [f"exit {run.returncode}: " + " / ".join(found.get(0, []))] for r in range(1, rounds + 1)}
    return {r: " / ".join(found.get(r, [])) for r in range(1, rounds + 1)}


@dataclass
class Tally:
    tournaments: int = 0
    rounds: int = 0
    discrepancies: int = 0
    skipped: int = 0


def check(program: str, seed: int, folder: Path, keep: Path | None, tally: Tally) -> None:
    spec = spec_for(seed)
    try:
        text = trf_text(generate(spec))
    except GenerateError as error:  # no pairing of a round is legal: the tournament ends there
        tally.skipped += 1
        print(f"SKIPPED seed {seed}: {error}", flush=True)
        return
    name = f"g{seed:05d}-p{spec.players}-r{spec.rounds}{'-baku' if spec.baku else ''}.trf"
    path = folder / name
    path.write_text(for_bbp(text), encoding="utf-8")
    verdicts, _ = verify_trf(Path(name), text)
    ours = {int(m.group(1)): v.agrees for v in verdicts if (m := re.search(r" round (\d+)$", v.where))}
    theirs = bbp_rounds(program, path, spec.rounds)
    tally.tournaments += 1
    tally.rounds += len(ours)
    for number in sorted(ours):
        if ours[number] != (theirs[number] == ""):
            tally.discrepancies += 1
            said = next(v.text for v in verdicts if v.where.endswith(f" round {number}"))
            print(f"DISCREPANCY {name} round {number}: ours: {said}; bbpPairings: {theirs[number] or 'ok'}",
                  flush=True)
            if keep is not None:
                keep.mkdir(parents=True, exist_ok=True)
                (keep / name).write_text(text, encoding="utf-8")
    if not all(v.agrees for v in verdicts if not re.search(r" round \d+$", v.where)):
        print(f"STANDINGS {name}: " + "; ".join(v.text for v in verdicts if not v.agrees), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bbppairings")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--keep", type=Path, help="a folder for the tournaments of a discrepancy")
    args = parser.parse_args()
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="crosscheck-") as tmp:
        for seed in range(args.first, args.first + args.count):
            check(args.bbppairings, seed, Path(tmp), args.keep, tally)
            if tally.tournaments % 25 == 0:
                print(f"# so far: {tally.tournaments} tournaments, {tally.rounds} rounds, "
                      f"{tally.discrepancies} discrepancies", flush=True)
    print(f"{tally.tournaments} tournaments, {tally.rounds} rounds, {tally.discrepancies} discrepancies"
          + (f" ({tally.skipped} seeds skipped: a round with no legal pairing)" if tally.skipped else ""))


if __name__ == "__main__":
    main()
