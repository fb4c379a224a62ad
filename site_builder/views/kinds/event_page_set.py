"""The pages and navigation entries the event's regulation adds beyond its sections (its event page
set, `page_set.py`: a league's tables and rankings), after the sections'."""

from __future__ import annotations

from site_builder.views.page import Page
from site_builder.views.page_kind import Entry, EventPageKind, EventPages, EventView, register
from site_builder.views.page_set import event_page_set_of


def _pages(shared: EventPages) -> list[Page]:
    view = shared.view
    return event_page_set_of(view.event).pages(view.event, view.results, shared.common, view.labels)


def _nav(view: EventView) -> list[Entry]:
    return event_page_set_of(view.event).nav(view.event, view.labels)


register(EventPageKind("event_page_set", 400, pages=_pages, nav=_nav))
