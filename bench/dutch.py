"""Benchmark of the FIDE Dutch engine: every round of generated 200-, 600-, 1000- and 2000-player
events (targets: round 11 of 200 players ≤ 1 s and of 600 ≤ 5 s; every round of 1000 players ≤ 5 s
and of 2000 ≤ 10 s; never slower than bbpPairings).

Each round is paired by the engine itself, with results drawn from the rating difference by a seeded
generator (about 1 % of the players take a half-point bye in each round), with the garbage collector
paused as `bulletin pair` pauses it. Printed per size: each round's time (`dutch_<players>_rounds_s`),
the slowest (`dutch_<players>_slowest_s`), and for 200 and 600 players the median of three pairings
of round 11 (`dutch_<players>_r11_s`).

When bbpPairings is at hand (`$BBPPAIRINGS`, else `bbpPairings.exe` or `bbpPairings` on the PATH; it
is not a dependency), the slowest round's input is written as a TRF (the round's half-point byes
entered ahead, as bbpPairings reads them) and paired by it too: `dutch_<players>_slowest_bbp_s`, and
whether it paired the round as the engine did.

Usage: python bench/dutch.py [PLAYERS ...]
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from site_builder.build.collector import collector_paused
from site_builder.pairing.dutch import DutchPairing, Entrant, Game, pair_round
from site_builder.pairing.dutch.history import DRAW, LOSS, WIN

SIZES = [200, 600, 1000, 2000]
RUNS = 3
ROUNDS = 11
SEED = 11


@dataclass(frozen=True)
class Round:
    """One round's input (histories and the players on a half-point bye), pairing and time."""

    entrants: list[Entrant]
    absent: set[int]
    pairing: DutchPairing
    seconds: float


def ratings(players: int) -> dict[int, int]:
    """Pairing number → rating, from 2600 down by 1200 points over the field."""
    return {n: 2600 - 1200 * (n - 1) // players for n in range(1, players + 1)}


def play(players: int, rounds: int, seed: int = SEED) -> list[Round]:
    """Every round of a generated event, each paired by the engine and timed."""
    rng = random.Random(seed)
    rating = ratings(players)
    games: dict[int, list[Game]] = {n: [] for n in rating}
    played = []
    for _ in range(rounds):
        entrants = [Entrant(n, tuple(games[n])) for n in rating]
        absent = {n for n in rating if rng.random() < 0.01}
        start = time.perf_counter()
        with collector_paused():  # as `bulletin pair` pairs
            pairing = pair_round(entrants, absent, ROUNDS, "W")
        played.append(Round(entrants, absent, pairing, time.perf_counter() - start))
        for white, black in pairing.pairs:
            expected = 1 / (1 + 10 ** ((rating[black] - rating[white] - 35) / 400))
            roll = rng.random()
            w = WIN if roll < expected - 0.15 else DRAW if roll < expected + 0.15 else LOSS
            games[white].append(Game(black, "W", w, True, True))
            games[black].append(Game(white, "B", WIN - w, True, True))
        if pairing.bye is not None:
            games[pairing.bye].append(Game(None, None, WIN, False, True))
        for n in absent:
            games[n].append(Game(None, None, DRAW, False, False))
    return played


def trf(entrants: list[Entrant], absent: set[int], rating: dict[int, int]) -> str:
    """The round's pairing input as TRF-16: player lines with every round so far, and the next
    round's half-point byes entered ahead."""
    code = {WIN: "1", DRAW: "=", LOSS: "0"}
    lines = [f"XXR {ROUNDS}", "XXC white1"]
    for e in entrants:
        cells = []
        for g in e.history:
            if g.opponent is not None:
                cells.append(f"{g.opponent:4d} {g.colour.lower()} {code[g.points]}")
            else:
                cells.append(f"0000 - {'U' if g.paired else 'H'}")
        if e.number in absent:
            cells.append("0000 - H")
        points = e.score / 2
        lines.append(f"001 {e.number:4d}      {'P' + str(e.number):<33} {rating[e.number]:4d}"
                     f" {'':3} {'':11} {'':10} {points:4.1f} {e.number:4d}"
                     + "".join(f"  {c}" for c in cells))
    return "\n".join(lines) + "\n"


def bbppairings() -> str | None:
    """The bbpPairings executable, if at hand."""
    return os.environ.get("BBPPAIRINGS") or shutil.which("bbpPairings.exe") or shutil.which("bbpPairings")


def run_bbp(program: str, rnd: Round, rating: dict[int, int]) -> tuple[float, bool]:
    """bbpPairings' time on the round, and whether it paired it as the engine did."""
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        source.write_text(trf(rnd.entrants, rnd.absent, rating))
        start = time.perf_counter()
        subprocess.run([program, "--dutch", str(source), "-p", str(out)], check=True,
                       capture_output=True)
        seconds = time.perf_counter() - start
        rows = [tuple(map(int, line.split())) for line in out.read_text().split("\n")[1:] if line.strip()]
    pairs = {(w, b) for w, b in rows if b}
    bye = next((w for w, b in rows if not b), None)
    return seconds, pairs == set(rnd.pairing.pairs) and bye == rnd.pairing.bye


def main(sizes: list[int]) -> None:
    program = bbppairings()
    for players in sizes:
        played = play(players, ROUNDS)
        print(f"dutch_{players}_rounds_s " + " ".join(f"{r.seconds:.2f}" for r in played), flush=True)
        slowest = max(range(ROUNDS), key=lambda k: played[k].seconds)
        print(f"dutch_{players}_slowest_s {played[slowest].seconds:.2f}  # round {slowest + 1}", flush=True)
        if program:
            seconds, same = run_bbp(program, played[slowest], ratings(players))
            print(f"dutch_{players}_slowest_bbp_s {seconds:.2f}  # bbpPairings on round {slowest + 1}; "
                  f"{'the same' if same else 'a different'} pairing", flush=True)
        if players <= 600:
            last = played[-1]
            runs = []
            for _ in range(RUNS):
                start = time.perf_counter()
                with collector_paused():
                    pair_round(last.entrants, last.absent, ROUNDS, "W")
                runs.append(time.perf_counter() - start)
            print(f"dutch_{players}_r{ROUNDS}_s {statistics.median(runs):.2f}", flush=True)
    if not program:
        print("# bbpPairings not found ($BBPPAIRINGS or PATH): no comparison", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or SIZES)
