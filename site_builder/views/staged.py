"""The page set of the staged Swiss (seed 003): the rounds and standings of a ranked section, with
the elimination list and its main-stage numbers, and the final placing table with how each place was
decided (also on the last bulletin)."""

from __future__ import annotations

from typing import Any

from site_builder.systems.staged import ELIMINATION, FINAL_PLACING
from site_builder.views.page import Page
from site_builder.views.page_set import Link, Slot
from site_builder.views.ranking import Segment, article, link, sentence
from site_builder.views.rounds import RoundsPages
from site_builder.views.section import SectionData
from site_builder.views.standings_rows import how_decided


class StagedPages(RoundsPages):
    def final_table(self, data: SectionData) -> list[dict[str, Any]] | None:
        return final_placings(data)

    def stage_pages(self, data: SectionData, base: dict[str, Any], final: list[dict[str, Any]] | None
                    ) -> list[Page]:
        return staged_pages(data, base, final)

    def standings_note(self, data: SectionData, n: int) -> list[Segment]:
        return standings_note(data, n)

    def links(self, data: SectionData, slot: Slot) -> list[Link]:
        links = super().links(data, slot)
        if slot == "end" and data.records.rounds >= 2:
            t = data.labels
            links.append({"title": t.elimination, "url": f"{data.base}/elimination.html"})
            if data.section.current_round >= data.section.rounds_planned:
                links.append({"title": t.final_placings, "url": f"{data.base}/final.html"})
        return links

    def section_json(self, data: SectionData) -> dict[str, Any]:
        out: dict[str, Any] = {}
        elimination = data.results.extra(ELIMINATION)
        if elimination is not None:
            out["eliminated"] = sorted(elimination.out)
        placing = data.results.extra(FINAL_PLACING)
        if placing is not None:
            out["final_placing"] = [{"place": p.place, "player": p.player, "decided": p.how} for p in placing]
        return out


#: The anchors of the articles the notes cite in the event's regulation page (seed 003).
PLACING, AFTER_ROUND = "art-5-2", "art-5-3-1"


def standings_note(data: SectionData, n: int) -> list[Segment]:
    """What the standings after round `n` are: the ranking after that round (§5.3.1) until the
    final round, whose results decide the official final placing (§5.2); after the final round, the
    final placing itself."""
    t, event, final = data.labels, data.event, data.section.rounds_planned
    placing = article(event, t("article.placing"), PLACING)
    after = article(event, t("article.after_round"), AFTER_ROUND)
    page = link(t.final_placings, f"{data.base}/final.html" if data.results.extra(FINAL_PLACING) else "")
    if n < final:
        return list(sentence(t("ranking.after_round"), n=str(n), article=after, final_article=placing,
                             official=page))
    return list(sentence(t("ranking.final_standings"), n=str(n), article=placing, official=page,
                         before=str(final - 1), before_article=after, before_page=_before(data)))


def _before(data: SectionData) -> dict[str, str]:
    """The standings the final round was paired by (after the second-to-last round), linked."""
    n = data.section.rounds_planned - 1
    return link(data.labels("standings_after", n=n), data.standings_url(n) if n in data.standings else "")


def final_placings(data: SectionData) -> list[dict[str, Any]] | None:
    """The final placing table (§5.2), once the final round exists; eliminated players below."""
    placing = data.results.extra(FINAL_PLACING)
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
    result = data.results.extra(ELIMINATION)
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
        event = data.event
        note = sentence(t("ranking.final_placing"), article=article(event, t("article.placing"), PLACING),
                        before=str(section.rounds_planned - 1),
                        before_article=article(event, t("article.after_round"), AFTER_ROUND),
                        before_page=_before(data))
        pages.append(Page(f"{data.base}/final.html", "final.html", f"{section.name} · {t.final_placings}",
                          {**base, "rows": rows, "ranking_note": list(note)}))
    return pages


PAGES = StagedPages()
