"""Go's tiebreaks in a standings chain: MMS, NBW, SOS, SOS-1, SOS-2, SODOS, SOSOS, CUSS (each by MMS or
NBW: OpenGotha's M and W variants), EXT, EXR, DC and SDC, read from `compute_scores` (computed once per
standings: nothing here counts a score again) and written in the engine's point units
(`scoring.Records`)."""

from __future__ import annotations

from fractions import Fraction
from typing import cast

from site_builder.engine.go_scores import Criterion as GoCriterion
from site_builder.engine.go_scores import GeneralParameters, PlayerScores, simplified_direct_confrontation
from site_builder.engine.go_scores import direct_confrontation as go_direct_confrontation
from site_builder.engine.go_section import go_scores, number
from site_builder.engine.tiebreaks import Criterion, Number, TiebreakInput
from site_builder.model import Tiebreak, TiebreakId

#: The criterion of each scored tiebreak by MMS and by NBW.
_BY: dict[str, tuple[GoCriterion, GoCriterion]] = {
    "sos": (GoCriterion.SOSM, GoCriterion.SOSW),
    "sos-1": (GoCriterion.SOSM_1, GoCriterion.SOSW_1),
    "sos-2": (GoCriterion.SOSM_2, GoCriterion.SOSW_2),
    "sodos": (GoCriterion.SODOSM, GoCriterion.SODOSW),
    "sosos": (GoCriterion.SOSOSM, GoCriterion.SOSOSW),
    "cuss": (GoCriterion.CUSSM, GoCriterion.CUSSW),
}
#: The criterion of each tiebreak with no M and W variants.
_SINGLE = {"mms": GoCriterion.MMS, "nbw": GoCriterion.NBW, "ext": GoCriterion.EXT, "exr": GoCriterion.EXR}


def scores(ctx: TiebreakInput) -> dict[int, PlayerScores]:
    """Every player's go scores after round `ctx.upto`, computed once per standings."""
    found = ctx.memo.get("go")
    if found is None:
        general = ctx.go or GeneralParameters.swiss(ctx.section.rounds_planned)
        found = ctx.memo["go"] = go_scores(ctx.section, ctx.upto, general)
    return cast(dict[int, PlayerScores], found)


def go_criterion(tb: Tiebreak) -> GoCriterion:
    """OpenGotha's criterion of a go tiebreak (`by: nbw` when it says no score)."""
    if tb.id in _SINGLE:
        return _SINGLE[tb.id]
    by_mms, by_nbw = _BY[tb.id]
    return by_mms if tb.option("by", "nbw") == "mms" else by_nbw


def units(stored: int, criterion: GoCriterion, scale: int, power: int) -> Number:
    """A stored go value (doubled, SODOS quadrupled) in the engine's units of 1/scale point.

    >>> units(7, GoCriterion.MMS, 2, 1), units(7, GoCriterion.MMS, 1, 1), units(12, GoCriterion.SODOSM, 2, 2)
    (7, Fraction(7, 2), 12)
    """
    value = Fraction(stored * scale**power, criterion.scale)
    return value.numerator if value.denominator == 1 else value


def value(ctx: TiebreakInput, player: int, tb: Tiebreak) -> Number:
    """The tiebreak's value for `player` after round `ctx.upto`."""
    criterion = go_criterion(tb)
    power = 2 if criterion in (GoCriterion.SODOSM, GoCriterion.SODOSW) else 1
    return units(scores(ctx)[player].value(criterion, ctx.upto), criterion, ctx.records.scale, power)


def direct_confrontation(ctx: TiebreakInput, group: list[int]) -> dict[int, int] | None:
    """DC: of players still tied, the one who beat each of the others over the board ranks first (1,
    the rest 0); no value when none did — go_scores' `direct_confrontation`, which pairing reads."""
    table = scores(ctx)
    found = go_direct_confrontation([table[p] for p in group], ctx.upto)
    return None if found is None else {number(k): v for k, v in found.items()}


def simplified_confrontation(ctx: TiebreakInput, group: list[int]) -> dict[int, int]:
    """SDC: of players still tied who all met, how many of the others each beat over the board when
    every two of them have a winner (0 for all otherwise) — go_scores' `simplified_direct_confrontation`."""
    table = scores(ctx)
    found = simplified_direct_confrontation([table[p] for p in group], ctx.upto)
    return {number(k): v for k, v in found.items()}


GO_CRITERIA: dict[TiebreakId, Criterion] = {
    "mms": Criterion(value),
    "nbw": Criterion(value),
    "sos": Criterion(value),
    "sos-1": Criterion(value),
    "sos-2": Criterion(value),
    "sosos": Criterion(value),
    "cuss": Criterion(value),
    "sodos": Criterion(value, power=2),
    "ext": Criterion(value),
    "exr": Criterion(value),
    "dc": Criterion(None, power=0, group=direct_confrontation),
    "sdc": Criterion(None, power=0, group=simplified_confrontation),
}
