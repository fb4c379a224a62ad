"""The event's sections: each section's pages, those of its page kinds (`page_kind.py`) in the order
of their places, and its entry in the navigation (its player list) with its kinds' links."""

from __future__ import annotations

from typing import Any

from site_builder.views.listing import live_key
from site_builder.views.page import Page
from site_builder.views.page_kind import (
    Entry,
    EventPageKind,
    EventPages,
    EventView,
    SectionPages,
    page_kinds,
    register,
)
from site_builder.views.section import SectionData, brief


def section_pages(data: SectionData, common: dict[str, Any], details: list[dict[str, Any]]) -> list[Page]:
    """The section's pages: those of its page kinds (`page_kind.py`) in the order of their places, the
    player list (under the tournament `details`, the event's and the section's), the statistics,
    the pages of its system's page set and the downloads."""
    section = data.section
    shown = brief(section, "players", "rounds", "team", "codes", "records")  # records: see `records.digest`
    # the heading of its place columns and what its standings rank (`SectionData.ranking`)
    base = {**common, "section": shown, "data_base": data.base, "place_heading": data.place_heading,
            "ranking_note": list(data.ranking.note) if data.ranking else [],
            "live": live_key(common["live"], section.id)}
    shared = SectionPages(data, base, sorted(section.players, key=lambda p: p.number), details)
    return [page for kind in page_kinds() for page in kind.pages(shared)]


def _pages(shared: EventPages) -> list[Page]:
    return [page for data, lines in zip(shared.view.sections, shared.section_details, strict=True)
            for page in section_pages(data, shared.common, [*shared.details, *lines])]


def _nav(view: EventView) -> list[Entry]:
    """Each section's entry: its links, its page kinds' in the order of their places."""
    return [{"title": data.section.name, "url": f"{data.base}/players.html",
             "links": [link for kind in page_kinds() for link in kind.links(data)]}
            for data in view.sections]


register(EventPageKind("sections", 300, pages=_pages, nav=_nav))
