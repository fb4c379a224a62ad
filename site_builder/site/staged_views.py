"""Page data of the staged Swiss (seed 003): stage labels, the elimination list with the main-stage
numbers, and the final placing table with how each place was decided."""

from __future__ import annotations

from typing import Any

from site_builder.engine import staged
from site_builder.site.page import Page
from site_builder.site.views import SectionData
from site_builder.systems import system_of


def stage_label(data: SectionData, round_number: int) -> str:
    """预赛 / 复赛 / 决赛 (preliminary / main / final) for rounds of a staged Swiss, else ""."""
    if not system_of(data.section).eliminates:
        return ""
    return data.labels("stage." + staged.stage(round_number, data.section.rounds_planned))


def final_placings(data: SectionData) -> list[dict[str, Any]] | None:
    """The final placing table (§5.2), once the final round exists; eliminated players below."""
    section = data.section
    final = section.rounds_planned
    if section.current_round < final or final - 1 not in data.standings:
        return None
    t = data.labels
    out = staged.elimination(section, data.records, section.eliminate_after_prelims).out
    gone = {p for r in section.rounds if r.number < final for p in r.withdrawn}
    ranking = [row.player for row in data.standings[final - 1].rows if row.player not in out | gone]
    rows = []
    for place in staged.final_placings(ranking, section):
        how = t("how." + place.how, n=final - 1)
        rows.append({"place": str(place.place), "player": data.ref(place.player), "how": how,
                     "points": data.pts(data.records.total(place.player, final))})
    for row in data.standings[final - 1].rows:
        if row.player in out | gone:
            reason = t.eliminated if row.player in out else t.withdrawn
            rows.append({"place": str(len(rows) + 1), "player": data.ref(row.player), "how": reason,
                         "points": data.pts(data.records.total(row.player, final))})
    return rows


def staged_pages(data: SectionData, base: dict[str, Any]) -> list[Page]:
    """The elimination page (after round 2) and the final placing page (after the final)."""
    t, section = data.labels, data.section
    pages: list[Page] = []
    if data.records.rounds >= staged.PRELIMINARY_ROUNDS:
        result = staged.elimination(section, data.records, section.eliminate_after_prelims)
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
    rows = final_placings(data)
    if rows is not None:
        pages.append(Page(f"{data.base}/final.html", "final.html", f"{section.name} · {t.final_placings}",
                          {**base, "rows": rows, "after": section.rounds_planned - 1,
                           "standings_url": data.standings_url(section.rounds_planned - 1)}))
    return pages
