"""The page "Why these pairings?" of a round kept as played after a correction before it (`bulletin
pair --accept`): it was paired from results the files no longer hold, so no system's reasons can be
read from the standings it was paired from. The page says so, naming the rounds corrected as
`bulletin verify` and `bulletin check` do, and lists the round's pairs, bye and the players it left
out without the reasons a system would give from the results as they stand now (no hand change,
no scoregroups that never were)."""

from __future__ import annotations

from typing import Any

from site_builder.pairing.paired_from import Kept
from site_builder.views.section import SectionData


def kept_context(data: SectionData, context: dict[str, Any], kept: Kept) -> dict[str, Any]:
    """A system's page parts (`context`) for a round kept as played after a correction (`kept`): the
    page says so, and keeps of the rest only the pairs, the bye and the players left out."""
    t = data.labels
    if kept.last < 1:
        intro = t.why_kept_before
    else:
        rounds = t("verify.round", n=kept.last) if kept.first == kept.last else \
            t("verify.rounds", first=kept.first, last=kept.last)
        intro = t("why_kept", rounds=rounds)
    bye = context.get("bye")
    return {**context, "intro": intro, "changed": [], "raw": [], "notes": [], "groups": [],
            "bye": {**bye, "lines": []} if bye else None,
            "tables": [{**table, "reasons": [], "why_not": [], "raw": [], "alternatives": []}
                       for table in context["tables"]]}
