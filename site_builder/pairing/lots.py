"""Reproducible lots (rules/common.md §6): every draw comes from the event's recorded seed and a
label naming the draw, so `bulletin pair` can generate it once and freeze it in the content."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from site_builder.pairing import Contender, Note, Pair, Pairing


def rng(seed: int, *labels: object) -> random.Random:
    """A random generator for one named draw (e.g. `rng(seed, "women", "codes")`)."""
    text = ":".join(str(x) for x in (seed, *labels))
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def halves_lot(players: Sequence[Contender], draw: random.Random, round_number: int = 1) -> Pairing:
    """Seed 004 二.1: the upper half (first ⌊n/2⌋ by seeding number) draws lower-half opponents in
    order 1, 2, 3, …; the smaller number plays first when the two numbers sum to an odd number, the
    larger when even; with an odd count the lower-half player nobody drew has the bye."""
    ordered = sorted(players, key=lambda p: p.number)
    half = len(ordered) // 2
    upper, lower = ordered[:half], list(ordered[half:])
    pairs, notes = [], []
    for board, player in enumerate(upper, start=1):
        opponent = lower.pop(draw.randrange(len(lower)))
        smaller, larger = sorted((player, opponent), key=lambda p: p.number)
        first, second = (smaller, larger) if (player.number + opponent.number) % 2 else (larger, smaller)
        pairs.append(Pair(board, first.id, second.id))
        notes.append(Note("drew", (player.id, opponent.id)))
    byes = tuple(p.id for p in lower)
    if byes:
        notes.append(Note("bye", byes))
    return Pairing(round_number, tuple(pairs), byes, tuple(notes))


def secret_codes(ids: Sequence[int], draw: random.Random) -> dict[int, int]:
    """Seed 004 二.2: random codes 1..n assigned to the players after round 1 (随机派号)."""
    codes = list(range(1, len(ids) + 1))
    draw.shuffle(codes)
    return dict(zip(sorted(ids), codes, strict=True))
