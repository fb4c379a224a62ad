"""Page kinds: what every section shows whatever its system (its player list, statistics and
downloads; the links of its navigation to its current round and its standings) and what every
event shows (its home, its Markdown pages, its sections, its regulation's pages), each kind
registered by its own module. A module of `views/kinds/` is imported the first time the kinds are
asked for, so a new kind is its module there and its template; a module elsewhere (a plug-in, a
test) registers its kind when imported, with a directory of its own templates.

Each kind has a place among a section's pages and links, and the section's page set (`page_set.py`)
has its own places among them (`PAGE_SET_PLACES`): `pages.py` makes a section's pages and its
navigation by going through them in the order of their places (the kind's name breaks a tie). An
event's kinds (`EventPageKind`) have a place among its pages and one among its navigation entries:
`pages.py` makes an event's pages and its navigation in those orders."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from site_builder.model import Event, Player
from site_builder.results import EventResults
from site_builder.views.i18n import Labels
from site_builder.views.page import Page
from site_builder.views.section import SectionData

Link = dict[str, str]
#: An entry of an event's navigation: its title, its url and its links (a section's).
Entry = dict[str, Any]


@dataclass(frozen=True)
class SectionPages:
    """What a kind makes a section's pages from: its data, the context every page of the section
    shares (`base`), its players by number and its tournament details (the event's and its own)."""

    data: SectionData
    base: dict[str, Any]
    players: list[Player]
    details: list[dict[str, Any]]


Pages = Callable[[SectionPages], list[Page]]
Links = Callable[[SectionData], list[Link]]

#: The places of a section's page set among the kinds: its links after the rounds (`rounds`), after
#: the standings (`standings`) and last (`end`), and its pages (`pages`).
PAGE_SET_PLACES = {"rounds": 200, "standings": 400, "pages": 500, "end": 600}


def no_pages(section: SectionPages) -> list[Page]:
    """A kind that makes no page (a link to a page its page set makes)."""
    return []


def no_links(data: SectionData) -> list[Link]:
    """A kind that adds no link to the navigation."""
    return []


@dataclass(frozen=True)
class PageKind:
    """A kind of page: its name, its place among a section's pages and links, its pages, its links
    in the section's navigation and the directory of its own templates (None: the theme's)."""

    name: str
    place: int
    pages: Pages = no_pages
    links: Links = no_links
    templates: Path | None = None


@dataclass(frozen=True)
class EventView:
    """What an event's kinds make its navigation from: the event, its results, its sections' data
    (in the order of its sections) and the labels of its language."""

    event: Event
    results: EventResults
    sections: list[SectionData]
    labels: Labels


@dataclass(frozen=True)
class EventPages:
    """What an event's kinds make its pages from: its view, the context every page of the event
    shares (`common`, its navigation among it), its tournament details and each section's lines
    of them (in the order of its sections)."""

    view: EventView
    common: dict[str, Any]
    details: list[dict[str, Any]]
    section_details: list[list[dict[str, Any]]]


EventPagesOf = Callable[[EventPages], list[Page]]
Entries = Callable[[EventView], list[Entry]]


def no_event_pages(event: EventPages) -> list[Page]:
    """An event kind that makes no page (an entry of the navigation alone)."""
    return []


def no_entries(view: EventView) -> list[Entry]:
    """An event kind that adds no entry to the navigation."""
    return []


@dataclass(frozen=True)
class EventPageKind:
    """A kind of an event's pages: its name, its place among the event's pages, its pages, its
    entries in the event's navigation and their place among the entries (None: its place), and the
    directory of its own templates (None: the theme's)."""

    name: str
    place: int
    pages: EventPagesOf = no_event_pages
    nav: Entries = no_entries
    nav_place: int | None = None
    templates: Path | None = None

    @property
    def entries_place(self) -> int:
        """Its place among the navigation's entries."""
        return self.place if self.nav_place is None else self.nav_place


KINDS: dict[str, PageKind] = {}
EVENT_KINDS: dict[str, EventPageKind] = {}
K = TypeVar("K", PageKind, EventPageKind)


def register(kind: K) -> K:
    """Add `kind` to the kinds every section (a `PageKind`) or every event (an `EventPageKind`)
    shows; a kind of the same name and level is replaced."""
    if isinstance(kind, EventPageKind):
        EVENT_KINDS[kind.name] = kind
    else:
        KINDS[kind.name] = kind
    return kind


@cache
def _discovered() -> None:
    """Import every module of `views/kinds/`: each registers its kinds."""
    from site_builder.views import kinds

    for module in sorted(m.name for m in pkgutil.iter_modules(kinds.__path__)):
        importlib.import_module(f"{kinds.__name__}.{module}")


def page_kinds() -> list[PageKind]:
    """The registered kinds, in the order of their places (then of their names)."""
    _discovered()
    return sorted(KINDS.values(), key=lambda kind: (kind.place, kind.name))


def event_page_kinds() -> list[EventPageKind]:
    """The registered event kinds, in the order of their places among the pages (then of their
    names)."""
    _discovered()
    return sorted(EVENT_KINDS.values(), key=lambda kind: (kind.place, kind.name))


def event_nav_kinds() -> list[EventPageKind]:
    """The registered event kinds, in the order of their places among the navigation's entries
    (then of their names)."""
    _discovered()
    return sorted(EVENT_KINDS.values(), key=lambda kind: (kind.entries_place, kind.name))


def kind_templates() -> list[Path]:
    """The directories of the kinds that have templates of their own, in the order of the kinds (a
    section's, then an event's)."""
    kinds: list[PageKind | EventPageKind] = [*page_kinds(), *event_page_kinds()]
    return list(dict.fromkeys(kind.templates for kind in kinds if kind.templates is not None))
