"""What a section shows by its system: a `PageSet` gives its pages, its links in the event's
navigation, its own templates and its part of event.json; what an event shows by its regulation
beyond its sections (a league's ranking): an `EventPageSet`.

A system names its page set as `module:name` (`System.page_set`), and a regulation its event page
set (`Rules.page_set`): their layers never import the views, the views import the page set the first
time it is shown. The pages every section has (the player list, the statistics, the downloads) are
page kinds (`page_kind.py`), among which the page set has its places; `pages.py` makes them all."""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal, TypeVar

from site_builder.model import Event, Player, Round, Section
from site_builder.regulations import rules_of
from site_builder.results import EventResults
from site_builder.systems import SYSTEMS, system_of
from site_builder.views.i18n import Labels
from site_builder.views.page import Page
from site_builder.views.page_kind import kind_templates
from site_builder.views.ranking import SectionRanking
from site_builder.views.section import SectionData, section_views

#: Where a page set's links go in a section's navigation: after the rounds, after the standings, last.
Slot = Literal["rounds", "standings", "end"]
Link = dict[str, str]
#: A line of a section's podium or leaders: its place ("1", "2-3"), the player or team (a link:
#: number, name, url) and its points as the official table shows them.
Leader = dict[str, Any]
P = TypeVar("P")


def podium(leaders: list[Leader], most: int = 3) -> list[Leader]:
    """`leaders` named up to `most` players: a group sharing a place that would name more is one line
    saying how many share it ({"place": "2-7", "count": 6}), so a round-1 tie lists no crowd.

    >>> rows = [{"place": p, "player": n} for p, n in (("1", "A"), ("2-7", "B"), ("2-7", "C"))]
    >>> podium(rows, 2)
    [{'place': '1', 'player': 'A'}, {'place': '2-7', 'count': 2}]
    """
    out: list[Leader] = []
    named = 0
    for place in dict.fromkeys(row["place"] for row in leaders):
        group = [row for row in leaders if row["place"] == place]
        if named + len(group) > most:
            out.append({"place": place, "count": len(group)})
            break
        out += group
        named += len(group)
    return out


class PageSet:
    """The pages of a section of one system; these defaults show none."""

    #: a directory of its own templates (after a custom theme's, before the default theme's)
    templates: ClassVar[Path | None] = None
    #: its standings and crosstable pages offer CSV files (`table_csv`)
    csv_tables: ClassVar[bool] = False
    #: it shows a crosstable by starting rank beside the one in the order of places
    starting_crosstable: ClassVar[bool] = False
    #: a big section prints its standings in PDFs of their own (`SectionData.standings_pdf_url`)
    standings_apart: ClassVar[bool] = False

    def pages(self, data: SectionData, base: dict[str, Any], players: list[Player]) -> list[Page]:
        """Its pages (`base`: the context every page of the section shares; `players` by number)."""
        return []

    def links(self, data: SectionData, slot: Slot) -> list[Link]:
        """Its links in the section's navigation at `slot`."""
        return []

    def details(self, data: SectionData) -> list[dict[str, Any]]:
        """Its lines of the section's tournament details (`details.py`: a label and a value, shown on
        the event's home and the section's player list), after the rules it is paired by."""
        return []

    def csv_files(self, data: SectionData) -> dict[str, str]:
        """Its CSV files beyond the standings and crosstable of `csv_tables` (path → text)."""
        return {}

    def first_page(self, event: Event, section: Section) -> str:
        """The page of the section the homes link, where its system has one to show at every stage (a
        knockout's bracket); "": its current round while it is played, its final standings once it
        is finished (`listing.section_url`)."""
        return ""

    def leaders(self, data: SectionData) -> list[Leader]:
        """The first three of the section's official order as it stands (the podium once finished),
        for the event's home; none where the official order is another page's (a league's)."""
        return []

    def section_json(self, data: SectionData) -> dict[str, Any]:
        """Its keys of the section in event.json."""
        return {}

    def round_json(self, data: SectionData, rnd: Round, provisional: bool) -> dict[str, Any]:
        """Its keys of a round in event.json."""
        return {}


class EventPageSet:
    """The pages a regulation adds to its events beyond the sections'; these defaults add none."""

    def pages(self, event: Event, results: EventResults, common: dict[str, Any], t: Labels) -> list[Page]:
        """Its pages (`common`: the context every page of the event shares)."""
        return []

    def nav(self, event: Event, t: Labels) -> list[dict[str, Any]]:
        """Its entries in the event's navigation, after the sections'."""
        return []

    def event_json(self, event: Event, results: EventResults) -> dict[str, Any]:
        """Its keys of event.json."""
        return {}

    def official_page(self, event: Event, section: Section) -> str:
        """The page that gives a finished section's official order where its standings do not (a
        league group's stage-1 order), which the homes link then; "": its standings."""
        return ""

    def section_ranking(self, event: Event, results: EventResults, data: SectionData
                        ) -> SectionRanking | None:
        """What the places of a section's tables rank when the regulation ranks its players otherwise
        too (None: the section's standings are its one ranking)."""
        return None


NO_EVENT_PAGES = EventPageSet()


def resolve(ref: str) -> PageSet:
    """The page set named `module:name`."""
    return _named(ref, PageSet)


def _named(ref: str, kind: type[P]) -> P:
    found = _imported(ref)
    if not isinstance(found, kind):
        raise TypeError(f"{ref} is a {type(found).__name__}, not a {kind.__name__}")
    return found


@cache
def _imported(ref: str) -> object:
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


def page_set_of(section: Section) -> PageSet:
    """The page set of the section's system."""
    return resolve(system_of(section).page_set)


def event_page_set_of(event: Event) -> EventPageSet:
    """The event page set of the event's regulation (none: `NO_EVENT_PAGES`)."""
    ref = rules_of(event).page_set
    return _named(ref, EventPageSet) if ref else NO_EVENT_PAGES


def ranked_views(event: Event, results: EventResults, pdfs: bool = True) -> list[SectionData]:
    """`section_views` with what each section's tables of places rank (`SectionData.ranking`), as the
    event's page set says."""
    datas = section_views(event, results, pdfs)
    event_set = event_page_set_of(event)
    for data in datas:
        data.ranking = event_set.section_ranking(event, results, data)
    return datas


def template_dirs() -> list[Path]:
    """The templates of every system's page set that has its own, in the order of `SYSTEMS`, then
    those of the page kinds (`page_kind.py`)."""
    found = (resolve(system.page_set).templates for system in SYSTEMS.values())
    return list(dict.fromkeys([*(d for d in found if d is not None), *kind_templates()]))
