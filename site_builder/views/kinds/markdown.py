"""The event's Markdown pages (`pages/*.md`): after its home among its pages, last in its
navigation."""

from __future__ import annotations

from site_builder.views.page import Page
from site_builder.views.page_kind import Entry, EventPageKind, EventPages, EventView, register


def _pages(shared: EventPages) -> list[Page]:
    event = shared.view.event
    return [Page(f"{event.slug}/{page.slug}.html", "markdown.html", page.title,
                 {**shared.common, "markdown": page.markdown, "heading": page.title})
            for page in event.pages]


def _nav(view: EventView) -> list[Entry]:
    event = view.event
    return [{"title": page.title, "url": f"{event.slug}/{page.slug}.html", "links": []}
            for page in event.pages]


register(EventPageKind("markdown", 200, pages=_pages, nav=_nav, nav_place=500))
