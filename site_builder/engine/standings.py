"""Standings after a round: points, then the event's tiebreak chain, with shared places."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, TypeVar, cast

from site_builder.engine import staged
from site_builder.engine.fide_tiebreaks import criteria_for
from site_builder.engine.go_scores import GeneralParameters
from site_builder.engine.scoring import Records
from site_builder.engine.tiebreaks import DRAWN, Number, TiebreakInput, Value
from site_builder.model import GO_SCORED_TIEBREAKS as SCORE_COUNTING
from site_builder.model import Section, Tiebreak, TiebreakId

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

_Key = TypeVar("_Key", bound="SupportsRichComparison")


@dataclass(frozen=True)
class ScoreModel:
    """What a system's standings count: as points, the scoring's points or the value of one tiebreak
    (`main`: go's MMS or NBW); `counted`, the score the chain's score-counting tiebreaks (SOS, SODOS
    …) count when they name none; `settings`, how the scores those tiebreaks read are computed (go's
    bar, floor, absences and byes: a section's, given by its system when it ranks it)."""

    main: TiebreakId | None = None
    counted: TiebreakId = "nbw"
    settings: GeneralParameters | None = None

    def counting(self, chain: tuple[Tiebreak, ...]) -> tuple[Tiebreak, ...]:
        """`chain` with each tiebreak that counts a score and names none counting `counted`: SOS in a
        McMahon section is SOSM."""
        return tuple(Tiebreak(tb.id, {**tb.options, "by": self.counted})
                     if tb.id in SCORE_COUNTING and "by" not in tb.options else tb for tb in chain)


#: The standings of most systems: the scoring's points.
POINTS = ScoreModel()


@dataclass(frozen=True)
class Row:
    """One line of a standings table."""

    place: int
    last_place: int  # equal to `place` unless the place is shared
    player: int
    points: int
    values: tuple[Value | None, ...]  # one per tiebreak; None where it does not apply
    playoff: bool = False  # still tied where the event requires a unique order
    decided: str = ""  # how a final placing was decided (`staged.FinalPlace.how`), after a final round

    @property
    def shared(self) -> bool:
        return self.last_place != self.place


@dataclass(frozen=True)
class Standings:
    upto: int
    tiebreaks: tuple[Tiebreak, ...]
    rows: tuple[Row, ...]
    pending: int  # games of rounds 1..upto still without a result
    #: (player, points) of each player who enters after round `upto`, not ranked yet: the points they
    #: start from (go's start MMS), which their first round is paired on
    entering: tuple[tuple[int, int], ...] = ()


def column_key(column: dict[int, Value | None], lower_is_better: bool, player: int
               ) -> tuple[tuple[int, Number], ...]:
    """A player's sort key on one tiebreak column (`split_ties`): None last, the better value first."""
    return _key(column[player], lower_is_better)


def _key(value: Value | None, lower_is_better: bool) -> tuple[tuple[int, Number], ...]:
    """Better values first; no value (None, also inside a tuple: `direct_encounter`) last."""
    items = value if isinstance(value, tuple) else (value,)
    return tuple((1, 0) if v is None else (0, v if lower_is_better else -v) for v in items)


def staged_standings(section: Section, recs: Records, upto: int, draw_seed: int | None = None
                     ) -> Standings:
    """Standings of a staged Swiss (seed 003): players eliminated after the preliminaries rank below
    all others, and withdrawn opponents' scores count extrapolated. After the final round the places
    are the final placing (§5.2), each saying how it was decided (`Row.decided`): the one ranking
    of the event once its final is played."""
    out = staged.elimination(section, recs, section.eliminate_after_prelims).out if upto >= 2 else set()
    table = standings(section, recs, upto, draw_seed, demoted=out,
                      opponent_totals=staged.extrapolated_totals(section, recs, upto))
    final = section.rounds_planned
    if upto != final or final < 2 or not any(r.number == final for r in section.rounds):
        return table
    before = staged_standings(section, recs, final - 1, draw_seed)
    rows = {row.player: row for row in table.rows}
    placed = staged.final_order(section, recs, [row.player for row in before.rows])
    return dataclasses.replace(table, rows=tuple(
        dataclasses.replace(rows[p.player], place=p.place, last_place=p.place, playoff=False, decided=p.how)
        for p in placed))


def standings(section: Section, recs: Records, upto: int, draw_seed: int | None = None,
              demoted: set[int] | frozenset[int] = frozenset(),
              opponent_totals: dict[int, Fraction] | None = None, round_robin: bool = False,
              score: ScoreModel = POINTS) -> Standings:
    """Rank every player of `section` on the results of rounds 1..`upto`; `demoted` players are
    ranked below all others, by points then number. `score` is the system's score model: what the
    points are (the scoring's, or the value of a tiebreak: go's MMS or NBW) and how the scores its
    tiebreaks read are computed."""
    ctx = TiebreakInput(section, recs, upto, draw_seed, opponent_totals, round_robin, score.settings)
    points = ctx.totals
    if score.main is not None:
        main_of = criteria_for(section)[score.main].compute
        assert main_of is not None
        points = {p: int(cast(int, main_of(ctx, p, Tiebreak(score.main)))) for p in ctx.totals}
    later = section.field_changes.entering_after(upto) if upto else set()  # not in the standings yet
    players = sorted(p for p in ctx.totals if p not in demoted and p not in later)
    chain = section.tiebreaks
    criteria = criteria_for(section)
    values: list[dict[int, Value | None]] = []
    for tb in chain:
        criterion = criteria[tb.id]
        if criterion.compute is None or tb.id in DRAWN:  # drawn lots: only among the tied, below
            values.append(dict.fromkeys(players))
        else:
            values.append({p: criterion.compute(ctx, p, tb) for p in players})
    groups = split_ties([players], lambda p: -points[p])
    for index, tb in enumerate(chain):
        criterion = criteria[tb.id]
        lower = criterion.better_when_lower(tb)
        column = values[index]
        if criterion.group is not None:
            for group in groups:
                if len(group) > 1 and (scored := criterion.group(ctx, group)) is not None:
                    column.update(scored)
        elif tb.id in DRAWN and criterion.compute is not None:  # raises `SeedMissing` without the seed
            for group in groups:
                if len(group) > 1:
                    column.update({p: criterion.compute(ctx, p, tb) for p in group})
        groups = split_ties(groups, partial(column_key, column, lower))
    rows: list[Row] = []
    for group in groups:
        place, last = len(rows) + 1, len(rows) + len(group)
        for player in sorted(group):
            rows.append(Row(place, last, player, points[player],
                            tuple(column[player] for column in values),
                            playoff=section.ranking.ties == "playoff" and len(group) > 1))
    for player in sorted(demoted, key=lambda p: (-points[p], p)):
        place = len(rows) + 1
        rows.append(Row(place, place, player, points[player],
                        tuple(compute(ctx, player, tb)
                              if (compute := criteria[tb.id].compute) and tb.id not in DRAWN else None
                              for tb in chain)))
    pending = sum(r.pending for r in ctx.rounds)
    entering = tuple((player, points[player]) for player in sorted(later) if player in points)
    return Standings(upto, chain, tuple(rows), pending, entering)


def split_ties(groups: list[list[int]], key: Callable[[int], _Key]) -> list[list[int]]:
    """Sort each group by `key` and split it into runs of equal keys (each key computed once)."""
    out: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            out.append(group)
            continue
        keyed = sorted(((key(player), player) for player in group), key=_first)
        run_key, run = keyed[0][0], [keyed[0][1]]
        for value, player in keyed[1:]:
            if value == run_key:
                run.append(player)
            else:
                out.append(run)
                run_key, run = value, [player]
        out.append(run)
    return out


def _first(item: tuple[_Key, int]) -> _Key:
    return item[0]
