"""Benchmark: OpenGotha-style McMahon pairing of a 500-player round (synthetic, deterministic,
three rounds of history); prints `mcmahon_500_pairing_s: X`."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from site_builder.engine.go_scores import GoGame, GoPlayer, GoResult
from site_builder.pairing.gotha.event import GothaEvent
from site_builder.pairing.gotha.parameters import GothaParameters
from site_builder.pairing.gotha.round import pair_round

PLAYERS = 500
HISTORY = 3


def synthetic_event(players: int = PLAYERS, history: int = HISTORY, seed: int = 2024) -> GothaEvent:
    """A McMahon event of `players` players (30k–7d, 40 clubs, 8 countries) with `history` rounds
    paired by the engine itself, the stronger (by rank, then luck) winning."""
    rng = random.Random(seed)
    people = tuple(GoPlayer(f"P{i:04d}", f"Player{i:04d}", "Go", rank=rng.randint(-30, 6),
                            rating=rng.randint(-900, 2700), country=f"C{rng.randint(0, 7)}",
                            club=f"club{rng.randint(0, 39)}") for i in range(players))
    ranks = {p.key: p.rank for p in people}
    event = GothaEvent(people, parameters=GothaParameters.mcmahon(rounds=history + 2))
    for number in range(1, history + 1):
        pairing = pair_round(event, number)
        games = []
        for game in pairing.games:
            edge = ranks[game.white] - ranks[game.black] - game.handicap + rng.uniform(-3, 3)
            result = GoResult.WHITE_WINS if edge > 0 else GoResult.BLACK_WINS
            games.append(GoGame(number, game.white, game.black, game.handicap, result, table=game.table))
        byes = {**event.byes, **({number: pairing.bye} if pairing.bye else {})}
        event = GothaEvent(people, (*event.games, *games), byes, event.parameters)
    return event


def main() -> None:
    event = synthetic_event()
    started = time.perf_counter()
    pair_round(event, HISTORY + 1)
    print(f"mcmahon_500_pairing_s: {time.perf_counter() - started:.2f}")


if __name__ == "__main__":
    main()
