"""The tiebreak catalogue of common.md §4 as pure functions of the records up to a round.

Each criterion maps a player to a value (higher is better unless `lower_is_better`), except
`direct-encounter`, whose value depends on the group of players still tied (`group_values`).
Values are integers in point units (see `scoring.Records`), or tuples of them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from site_builder.draw_seed import SeedMissing
from site_builder.engine.go_scores import GeneralParameters
from site_builder.engine.scoring import Entry, Kind, Records, Side
from site_builder.model import Section, Tiebreak, TiebreakId

Number = int | Fraction
#: A tiebreak's value for one player; a tuple compares item by item (None: no value, ranked last).
Value = Number | tuple[Number | None, ...]


@dataclass
class TiebreakInput:
    """Everything a tiebreak may look at: records up to round `upto`, and the section."""

    section: Section
    records: Records
    upto: int
    draw_seed: int | None = None
    opponent_totals: dict[int, Fraction] | None = None  # replaces some opponents' scores (seed 003 §5.4.2)
    round_robin: bool = False  # every player meets every other (FIDE C.07 treats unplayed games apart)
    go: GeneralParameters | None = None  # go's scores' settings (bar, floor, byes) for its tiebreaks

    def __post_init__(self) -> None:
        self.history: dict[int, tuple[Entry, ...]] = {
            p: entries[: self.upto] for p, entries in self.records.entries.items()
        }
        self.totals: dict[int, int] = {
            p: (h[-1].running if h else 0) for p, h in self.history.items()
        }
        self.lowest_positive = min((t for t in self.totals.values() if t > 0), default=0)
        self.rounds = [r for r in self.section.rounds if r.number <= self.upto]
        self.memo: dict[str, object] = {}  # what several criteria share, computed once (go's scores)


def opponent_score(ctx: TiebreakInput, player: int, tb: Tiebreak) -> Number:
    """对手分 / Buchholz: opponents' scores; a bye counts the lowest positive score (or 0)."""
    from_round = tb.whole("from_round", 1)
    bye_rule = tb.option("bye", "lowest")
    scores: list[Number] = []
    for e in ctx.history[player]:
        if e.round < from_round:
            continue
        if e.opponent is not None and e.kind.has_result:
            replaced = ctx.opponent_totals.get(e.opponent) if ctx.opponent_totals else None
            scores.append(ctx.totals[e.opponent] if replaced is None else replaced * ctx.records.scale)
        elif e.kind is Kind.BYE:
            scores.append(ctx.lowest_positive if bye_rule == "lowest" else 0)
    scores.sort()
    median = tb.whole("median")
    cut = tb.whole("cut") + median
    top = len(scores) - median
    return sum(scores[cut:top]) if cut < top else 0


def cumulative(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """累进分: the sum of the running score after each round, skipping the first `drop_first`."""
    drop = tb.whole("drop_first")
    return sum(e.running for e in ctx.history[player][drop:])


def progressive_cuts(ctx: TiebreakInput, player: int, tb: Tiebreak) -> tuple[int, ...]:
    """破同分: cumulative, then without round 1, without rounds 1–2, … compared in turn."""
    running = [e.running for e in ctx.history[player]]
    return tuple(sum(running[drop:]) for drop in range(len(running)))


def sonneborn_berger(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """Σ opponent's score × points scored against them (in units², see `Records.points`)."""
    return sum(ctx.totals[e.opponent] * e.points for e in ctx.history[player]
               if e.opponent is not None and e.kind.has_result)


def wins(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """胜局数: wins, forfeit wins, and byes unless `bye: none`."""
    count_bye = tb.option("bye", "win") != "none"
    return sum(1 for e in ctx.history[player] if e.kind.is_win or (count_bye and e.kind is Kind.BYE))


def _second(ctx: TiebreakInput, player: int) -> Iterable[Entry]:
    return (e for e in ctx.history[player] if e.side is Side.SECOND and e.kind.is_played)


def second_wins(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """后胜局数: games won as the second player (played games only)."""
    return sum(1 for e in _second(ctx, player) if e.kind is Kind.WIN)


def second_games(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """后手局数: games played as the second player."""
    return sum(1 for _ in _second(ctx, player))


def second_points(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """后手总分: points scored as the second player."""
    return sum(e.points for e in _second(ctx, player))


def penalties(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """Penalties recorded by the arbiter in round files up to this round."""
    return sum(r.penalties.get(player, 0) for r in ctx.rounds)


def warnings(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """Warnings recorded by the arbiter in round files up to this round."""
    return sum(r.warnings.get(player, 0) for r in ctx.rounds)


def number(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """The pairing number (smaller ranks higher)."""
    return player


def lot(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """A reproducible lot from the event's recorded draw seed (smaller ranks higher); never drawn
    without the seed (`SeedMissing`). Standings draw it only among players still tied (`DRAWN`)."""
    if ctx.draw_seed is None:
        raise SeedMissing("the 'lot' tiebreak")
    text = f"{ctx.draw_seed}:{ctx.section.id}:{player}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def manual(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """Position in the arbiter's latest `ranking_order` (playoff outcome); unlisted players last."""
    orders = [r.ranking_order for r in ctx.rounds if r.ranking_order]
    if not orders:
        return 0
    order = orders[-1]
    return order.index(player) if player in order else len(order)


def direct_encounter(ctx: TiebreakInput, group: list[int]) -> dict[int, int] | None:
    """直胜: points scored against the rest of a tied group, if every pair of it has met.

    A double forfeit is not a meeting; a one-sided forfeit is (its points count).
    """
    members = set(group)
    scored = {p: 0 for p in group}
    met: set[frozenset[int]] = set()
    for p in group:
        for e in ctx.history[p]:
            if e.opponent in members and e.kind.has_result and e.kind is not Kind.DOUBLE_FORFEIT:
                scored[p] += e.points
                met.add(frozenset((p, e.opponent)))
    pairs = len(group) * (len(group) - 1) // 2
    return scored if len(met) == pairs else None


@dataclass(frozen=True)
class Criterion:
    """How a tiebreak is computed, compared and shown."""

    compute: Callable[[TiebreakInput, int, Tiebreak], Value | None] | None  # None: no value
    lower_is_better: bool = False
    power: int = 1  # 1: points, 2: points², 0: a count or an order
    group: Callable[[TiebreakInput, list[int]], Mapping[int, Value | None] | None] | None = None  # in a tie

    def better_when_lower(self, tb: Tiebreak) -> bool:
        if tb.id == "second-games":
            return tb.option("prefer", "more") == "fewer"
        return self.lower_is_better


#: Criteria drawn by lot: the standings compute them only for players still tied when the chain
#: reaches them, so a table needs the seed only when a lot actually decides something.
DRAWN = frozenset({"lot"})

CRITERIA: dict[TiebreakId, Criterion] = {
    "opponent-score": Criterion(opponent_score),
    "cumulative": Criterion(cumulative),
    "progressive-cuts": Criterion(progressive_cuts),
    "sonneborn-berger": Criterion(sonneborn_berger, power=2),
    "direct-encounter": Criterion(None, group=direct_encounter),
    "wins": Criterion(wins, power=0),
    "second-wins": Criterion(second_wins, power=0),
    "second-games": Criterion(second_games, power=0),
    "second-points": Criterion(second_points),
    "penalties": Criterion(penalties, lower_is_better=True, power=0),
    "warnings": Criterion(warnings, lower_is_better=True, power=0),
    "number": Criterion(number, lower_is_better=True, power=0),
    "lot": Criterion(lot, lower_is_better=True, power=0),
    "manual": Criterion(manual, lower_is_better=True, power=0),
}
