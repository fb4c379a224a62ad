"""The players a round does not pair, as every "Why these pairings?" page lists them: each with why
(absent, a requested bye, or not paired), from the round's own file."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from site_builder.views.section import SectionData


def left_out(data: SectionData, number: int, players: Iterable[int]) -> list[dict[str, Any]]:
    """`players`, left out of round `number`, each with why: a requested bye, absent, not paired."""
    t = data.labels
    rnd = next((r for r in data.section.rounds if r.number == number), None)
    kinds = {} if rnd is None else {
        **dict.fromkeys(rnd.absent, t.absent), **dict.fromkeys(rnd.half_byes, t.half_bye),
        **dict.fromkeys(rnd.full_byes, t.full_bye)}
    return [{"player": data.ref(n), "why": kinds.get(n, t.not_paired)} for n in players]
