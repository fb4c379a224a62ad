"""Page data of the staged Swiss (seed 003): stage labels, the elimination list with the main-stage
numbers, and the final placing table with how each place was decided."""

from __future__ import annotations

from typing import Any

from site_builder.views.page import Page
from site_builder.views.section import SectionData, how_decided


def stage_label(data: SectionData, round_number: int) -> str:
    """预赛 / 复赛 / 决赛 (preliminary / main / final) for rounds of a staged Swiss, else ""."""
    stage = data.results.stage(round_number)
    return data.labels("stage." + stage) if stage else ""


def final_placings(data: SectionData) -> list[dict[str, Any]] | None:
    """The final placing table (§5.2), once the final round exists; eliminated players below."""
    placing = data.results.final_placing
    if placing is None:
        return None
    return [{"place": str(place.place), "player": data.ref(place.player),
             "how": how_decided(data, place.how),
             "points": data.pts(data.records.total(place.player, data.section.rounds_planned))}
            for place in placing]


def staged_pages(data: SectionData, base: dict[str, Any], rows: list[dict[str, Any]] | None) -> list[Page]:
    """The elimination page (after round 2) and the final placing page (after the final; `rows`:
    its `final_placings`)."""
    t, section = data.labels, data.section
    pages: list[Page] = []
    result = data.results.elimination
    if result is not None:
        continuing = [p.number for p in section.players if p.number not in result.out]
        pages.append(Page(f"{data.base}/elimination.html", "elimination.html",
                          f"{section.name} · {t.elimination}", {
                              **base,
                              "eliminated": [data.ref(p) for p in result.eliminated],
                              "dropped": [data.ref(p) for p in result.dropped],
                              "reinstated": data.ref(result.reinstated) if result.reinstated else None,
                              "overridden": result.overridden,
                              "renumbered": [{"new": i, "player": data.ref(p)}
                                             for i, p in enumerate(continuing, start=1)],
                          }))
    if rows is not None:
        pages.append(Page(f"{data.base}/final.html", "final.html", f"{section.name} · {t.final_placings}",
                          {**base, "rows": rows, "after": section.rounds_planned - 1,
                           "standings_url": data.standings_url(section.rounds_planned - 1)}))
    return pages
