"""Page kinds: what every section shows whatever its system (its player list, statistics and
downloads; the links of its navigation to its current round and its standings), each kind
registered by its own module. A module of `views/kinds/` is imported the first time the kinds are
asked for, so a new kind is its module there and its template; a module elsewhere (a plug-in, a
test) registers its kind when imported, with a directory of its own templates.

Each kind has a place among a section's pages and links, and the section's page set (`page_set.py`)
has its own places among them (`PAGE_SET_PLACES`): `pages.py` makes a section's pages and its
navigation by going through them in the order of their places (the kind's name breaks a tie)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from site_builder.model import Player
from site_builder.views.page import Page
from site_builder.views.section import SectionData

Link = dict[str, str]


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


KINDS: dict[str, PageKind] = {}


def register(kind: PageKind) -> PageKind:
    """Add `kind` to the kinds every section shows (a kind of the same name is replaced)."""
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


def kind_templates() -> list[Path]:
    """The directories of the kinds that have templates of their own, in the order of the kinds."""
    return list(dict.fromkeys(kind.templates for kind in page_kinds() if kind.templates is not None))
