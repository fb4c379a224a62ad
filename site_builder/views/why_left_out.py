"""The players a round does not pair, as every "Why these pairings?" page lists them: each with why,
in the words of the round page (absent, withdrew after round n, eliminated, enters in round n, not
paired) or the requested bye they have, from the round's own file."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from site_builder.views.round_rows import not_paired
from site_builder.views.section import SectionData


def left_out(data: SectionData, number: int, players: Iterable[int]) -> list[dict[str, Any]]:
    """`players`, left out of round `number`, each with why: a requested bye, or the reason the
    round page gives (`round_rows.not_paired`)."""
    t = data.labels
    shown = (*data.section.rounds, *([data.preview] if data.preview else []))
    rnd = next((r for r in shown if r.number == number), None)
    byes: dict[int, str] = {}
    reasons: dict[int, str] = {}
    if rnd is not None:
        byes = {**dict.fromkeys(rnd.half_byes, t.half_bye), **dict.fromkeys(rnd.full_byes, t.full_bye)}
        reasons = {row["player"]["number"]: row["reason"] for row in not_paired(data, rnd)}
    return [{"player": data.ref(n), "why": byes.get(n) or reasons.get(n, t.not_paired)} for n in players]
