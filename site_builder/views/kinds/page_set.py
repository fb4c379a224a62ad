"""The places of a section's page set (`page_set.py`) among the kinds: its links after the rounds,
after the standings and last, and its pages."""

from __future__ import annotations

from site_builder.views.page import Page
from site_builder.views.page_kind import PAGE_SET_PLACES, Link, PageKind, SectionPages, register
from site_builder.views.page_set import Slot, page_set_of
from site_builder.views.section import SectionData


def _links(slot: Slot) -> PageKind:
    def links(data: SectionData) -> list[Link]:
        return page_set_of(data.section).links(data, slot)

    return PageKind(f"page_set.{slot}", PAGE_SET_PLACES[slot], links=links)


def _pages(section: SectionPages) -> list[Page]:
    return page_set_of(section.data.section).pages(section.data, section.base, section.players)


for _slot in ("rounds", "standings", "end"):
    register(_links(_slot))
register(PageKind("page_set", PAGE_SET_PLACES["pages"], pages=_pages))
