"""Knockout draws (seed 004 一.(三)): every round the remaining players are split by seeding into
an upper and a lower half and paired by lot between the halves; from the quarter-final the losers
play placement matches for 3rd–8th place."""

from __future__ import annotations

import random
from collections.abc import Sequence

from site_builder.engine.knockout import KnockoutRound, main_players, match_result
from site_builder.model import Section
from site_builder.pairing import Note, Pair, Pairing, PairingError
from site_builder.pairing.lots import rng


def halves_draw(players: Sequence[int], draw: random.Random) -> list[tuple[int, int]]:
    """Upper-half players in seeding order each draw a lower-half opponent; the colour of the
    first game is drawn too (the second game reverses it)."""
    ordered = sorted(players)
    half = len(ordered) // 2
    upper, lower = ordered[:half], list(ordered[half:])
    pairs = []
    for player in upper:
        opponent = lower.pop(draw.randrange(len(lower)))
        pairs.append((player, opponent) if draw.random() < 0.5 else (opponent, player))
    return pairs


def next_knockout_round(section: Section, draw_seed: int) -> Pairing:
    """The matches of the round after the last one (raises `PairingError` when it cannot be drawn)."""
    number = section.current_round + 1
    draw = rng(draw_seed, section.id, "round", number)
    pairs: list[Pair] = []
    notes: list[Note] = []
    for placement, players in _next_groups(section):
        if len(players) % 2:
            raise PairingError(f"{len(players)} players cannot be paired in a knockout")
        for first, second in halves_draw(players, draw):
            pairs.append(Pair(len(pairs) + 1, first, second, placement))
        notes.append(Note("lot", tuple(sorted(players)), placement or "main"))
    return Pairing(number, tuple(pairs), (), tuple(notes))


def _next_groups(section: Section) -> list[tuple[str, list[int]]]:
    """(placement, players) of each group to draw in the next round."""
    if not section.rounds:
        return [("", [p.number for p in section.players])]
    last = section.rounds[-1]
    outcome: dict[str, tuple[list[int], list[int]]] = {}
    for match in KnockoutRound.of(last).matches:
        result = match_result(match, section.scoring)
        if result.winner is None or result.loser is None:
            raise PairingError(f"round {last.number}, board {match.board}: the match is not decided "
                               "(enter its results or tiebreak games)")
        winners, losers = outcome.setdefault(match.placement, ([], []))
        winners.append(result.winner)
        losers.append(result.loser)
    field = main_players(last)
    main_winners, main_losers = outcome.get("", ([], []))
    if field > 8:
        return [("", main_winners)]
    if field == 8:
        return [("", main_winners), ("5-8", main_losers)]
    if field == 4:
        placed_winners, placed_losers = outcome.get("5-8", ([], []))
        groups = [("final", main_winners), ("3-4", main_losers)]
        if placed_winners:
            groups += [("5-6", placed_winners), ("7-8", placed_losers)]
        return groups
    raise PairingError("the knockout is finished")
