"""What a section shows by its system: a `PageSet` gives its pages, its links in the event's
navigation, its own templates and its part of event.json.

A system names its page set as `module:name` (`System.page_set`): the system's layer never imports
the views, the views import the page set the first time a section of that system is shown. The
common pages (the player list, the statistics, the event's home) are made around it by `pages.py`."""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from site_builder.model import Player, Round, Section
from site_builder.systems import SYSTEMS, system_of
from site_builder.views.page import Page
from site_builder.views.section import SectionData

#: Where a page set's links go in a section's navigation: after the rounds, after the standings, last.
Slot = Literal["rounds", "standings", "end"]
Link = dict[str, str]


class PageSet:
    """The pages of a section of one system; these defaults show none."""

    #: a directory of its own templates (after a custom theme's, before the default theme's)
    templates: ClassVar[Path | None] = None
    #: its standings and crosstable pages offer CSV files (`table_csv`)
    csv_tables: ClassVar[bool] = False
    #: each round's part of event.json depends on rounds 1..n only (memoized by them)
    rounds_memo: ClassVar[bool] = True

    def pages(self, data: SectionData, base: dict[str, Any], players: list[Player]) -> list[Page]:
        """Its pages (`base`: the context every page of the section shares; `players` by number)."""
        return []

    def links(self, data: SectionData, slot: Slot) -> list[Link]:
        """Its links in the section's navigation at `slot`."""
        return []

    def section_json(self, data: SectionData) -> dict[str, Any]:
        """Its keys of the section in event.json."""
        return {}

    def round_json(self, data: SectionData, rnd: Round, provisional: bool) -> dict[str, Any]:
        """Its keys of a round in event.json."""
        return {}


@cache
def resolve(ref: str) -> PageSet:
    """The page set named `module:name`."""
    module, _, name = ref.partition(":")
    found = getattr(importlib.import_module(module), name)
    if not isinstance(found, PageSet):
        raise TypeError(f"{ref} is a {type(found).__name__}, not a PageSet")
    return found


def page_set_of(section: Section) -> PageSet:
    """The page set of the section's system."""
    return resolve(system_of(section).page_set)


def template_dirs() -> list[Path]:
    """The templates of every system's page set that has its own, in the order of `SYSTEMS`."""
    found = (resolve(system.page_set).templates for system in SYSTEMS.values())
    return list(dict.fromkeys(d for d in found if d is not None))
