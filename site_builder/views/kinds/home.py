"""The event's home, first of its pages and of its navigation: its tournament details, its draw
seed, each section's summary (its system, its status, its leaders, its rounds) and its Markdown
pages."""

from __future__ import annotations

from typing import Any

from site_builder.draw_seed import seed_published
from site_builder.model import Event
from site_builder.systems import system_of
from site_builder.views.i18n import Labels
from site_builder.views.listing import section_url
from site_builder.views.page import Page
from site_builder.views.page_kind import Entry, EventPageKind, EventPages, EventView, register
from site_builder.views.page_set import page_set_of
from site_builder.views.section import SectionData, status
from site_builder.views.standings_rows import stage_label


def _pages(shared: EventPages) -> list[Page]:
    view = shared.view
    event, t = view.event, view.labels
    return [Page(f"{event.slug}/index.html", "event.html", event.name, {
        **shared.common,
        "details": shared.details,
        "seed": _seed_facts(event, t),
        "updated": event.files.updated,  # the only page of the event that shows when it changed
        "sections": [_section_summary(data, lines)
                     for data, lines in zip(view.sections, shared.section_details, strict=True)],
        "pages": [{"title": p.title, "url": f"{event.slug}/{p.slug}.html"} for p in event.pages],
    })]


def _nav(view: EventView) -> list[Entry]:
    return [{"title": view.labels.home, "url": f"{view.event.slug}/index.html", "links": []}]


def _section_summary(data: SectionData, details: list[dict[str, Any]]) -> dict[str, Any]:
    t, section = data.labels, data.section
    apart = page_set_of(section).standings_apart
    return {
        "name": section.name,
        "system": t.system(section.system, system_of(section).titles),
        "formula": section.rounds_rule.formula if section.rounds_rule else "",
        "override": section.rounds_rule is not None
                    and section.rounds_rule.computed != section.rounds_planned,
        "planned": section.rounds_planned,
        "players": len(section.players),
        "status": t("status." + status(section)),
        "current": section.current_round,
        "updated": section.files.updated,
        "players_url": f"{data.base}/players.html",
        # as the site's home links it (one rule): its current round, or its final standings
        "url": section_url(data.event, section, {*(data.round_url(r.number) for r in section.rounds),
                                                 *(data.standings_url(n) for n in data.standings)}),
        "details": details,
        "leaders": page_set_of(section).leaders(data),
        "standings_url": data.standings_url(data.latest.upto) if data.latest else "",
        "finished": status(section) == "finished",
        "crosstable_url": f"{data.base}/crosstable.html" if data.standings else "",
        "starting_url": data.crosstable_url(True)
        if data.latest is not None and page_set_of(section).starting_crosstable else "",
        "rounds": [{
            "n": rnd.number,
            "url": data.round_url(rnd.number),
            "standings_url": data.standings_url(rnd.number) if rnd.number in data.standings else "",
            "pdf_url": data.pdf_url(rnd.number),
            "standings_pdf_url": data.standings_pdf_url(rnd.number)
            if apart and rnd.number in data.standings else "",
            "pending": rnd.pending,
            "date": rnd.date.isoformat() if rnd.date else "",
            "stage": stage_label(data, rnd.number),
            "provisional": False,
        } for rnd in section.rounds] + ([{
            "n": data.preview.number, "url": data.round_url(data.preview.number), "standings_url": "",
            "pdf_url": "", "standings_pdf_url": "", "pending": 0, "date": "", "provisional": True,
            "stage": stage_label(data, data.preview.number),
        }] if data.preview else []),
    }


def _seed_facts(event: Event, t: Labels) -> dict[str, str] | None:
    """The commitment of a secret seed (from the start), and the seed with how to verify it once
    published; None for a public `draw_seed`."""
    if not event.draw.sha256:
        return None
    if not seed_published(event):
        return {"commitment": event.draw.sha256, "seed": "", "note": t.draw_seed_pending}
    seed = str(event.draw.seed)
    return {"commitment": event.draw.sha256, "seed": seed, "note": t("draw_seed_verify", seed=seed)}


register(EventPageKind("home", 100, pages=_pages, nav=_nav))
