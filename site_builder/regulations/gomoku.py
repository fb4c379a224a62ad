"""Seed 003, the Hua-style gomoku staged Swiss: the formula for the number of rounds (§1)."""

from __future__ import annotations

from fractions import Fraction


def round_count(entrants: int) -> tuple[int, str]:
    """§1: k of the power of two nearest to n (ties: the smaller), rounds = 1.5·k made odd (halfway:
    the larger odd number) and at least 7. Returns the count and the computation in words."""
    k = max(1, entrants.bit_length() - 1)  # 2^k <= n < 2^(k+1)
    if entrants - 2**k > 2 ** (k + 1) - entrants:
        k += 1
    raw = Fraction(3 * k, 2)
    below = int(raw) if int(raw) % 2 else int(raw) - 1  # largest odd number <= raw
    odd = below if raw - below < below + 2 - raw else below + 2
    rounds = max(7, odd)
    return rounds, f"n = {entrants} ≈ 2^{k}; 1.5 × {k} = {float(raw):g} → {odd}; max(7, {odd}) = {rounds}"
