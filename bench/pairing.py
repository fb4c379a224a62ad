"""Benchmark of the positional Swiss: pair round 9 of a 1000-player event (target ≤ 0.2 s).

Rounds 1–8 are paired by the engine itself with seeded random results; then round 9 is paired
RUNS times and the median printed as `pairing_positional_1000_r9_s`.
"""

from __future__ import annotations

import random
import statistics
import time

from site_builder.pairing import Contender
from site_builder.pairing.positional import pair_round

RUNS = 5


def field_after(players: int, rounds: int, seed: int = 9) -> list[Contender]:
    """The contenders after `rounds` rounds paired by the engine with random results."""
    rng = random.Random(seed)
    codes = list(range(1, players + 1))
    rng.shuffle(codes)
    score = dict.fromkeys(range(1, players + 1), 0)
    met: dict[int, set[int]] = {i: set() for i in score}
    firsts = dict.fromkeys(score, 0)
    byes: set[int] = set()

    def contenders() -> list[Contender]:
        return [Contender(i, codes[i - 1], score[i], frozenset(met[i]), firsts[i], 0, i in byes)
                for i in score]

    for number in range(1, rounds + 1):
        pairing = pair_round(contenders(), number)
        for pair in pairing.pairs:
            met[pair.first].add(pair.second)
            met[pair.second].add(pair.first)
            firsts[pair.first] += 1
            result = rng.choice((2, 1, 1, 0))
            score[pair.first] += result
            score[pair.second] += 2 - result
        for bye in pairing.byes:
            byes.add(bye)
            score[bye] += 2
    return contenders()


def main() -> None:
    players = field_after(1000, 8)
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        pair_round(players, 9)
        times.append(time.perf_counter() - started)
    print(f"pairing_positional_1000_r9_s: {statistics.median(times):.3f}")


if __name__ == "__main__":
    main()
