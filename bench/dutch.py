"""Benchmark of the FIDE Dutch engine: pair round 11 of a 200- and a 600-player event
(targets ≤ 1 s and ≤ 5 s).

Rounds 1–10 are paired by the engine itself, with results drawn from the rating difference by a
seeded generator (a few players take a half-point bye or withdraw); then round 11 is paired RUNS
times and the median printed as `dutch_<players>_r11_s`. Each round's time while building the
history is printed too (`dutch_<players>_rounds_s`).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from site_builder.pairing.dutch import Entrant, Game, pair_round
from site_builder.pairing.dutch.history import DRAW, LOSS, WIN

RUNS = 3
ROUNDS = 11


def history_after(players: int, rounds: int, seed: int = 11) -> tuple[list[Entrant], list[float]]:
    """The entrants after `rounds` rounds paired by the engine, and each round's pairing time."""
    rng = random.Random(seed)
    rating = {n: 2600 - 1200 * (n - 1) // players for n in range(1, players + 1)}
    games: dict[int, list[Game]] = {n: [] for n in rating}
    times = []
    for _ in range(rounds):
        entrants = [Entrant(n, tuple(games[n])) for n in rating]
        absent = {n for n in rating if rng.random() < 0.01}
        start = time.perf_counter()
        pairing = pair_round(entrants, absent, ROUNDS, "W")
        times.append(time.perf_counter() - start)
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
    return [Entrant(n, tuple(games[n])) for n in rating], times


def main(sizes: list[int]) -> None:
    for players in sizes:
        entrants, times = history_after(players, ROUNDS - 1)
        print(f"dutch_{players}_rounds_s " + " ".join(f"{t:.2f}" for t in times))
        runs = []
        for _ in range(RUNS):
            start = time.perf_counter()
            pair_round(entrants, set(), ROUNDS, "W")
            runs.append(time.perf_counter() - start)
        print(f"dutch_{players}_r{ROUNDS}_s {statistics.median(runs):.2f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [200, 600])
