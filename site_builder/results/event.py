"""The results of one event: each section's, and those of the regulation that spans sections (the
shogi league's group tables, rankings, schools and sponsored prizes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from site_builder.cache.store import BuildCache
from site_builder.engine.league_event import LeagueResults, league_results
from site_builder.engine.prizes import Award
from site_builder.model import Event, Site
from site_builder.regulations import LEAGUE_INDIVIDUAL_PRIZES, LEAGUE_SCHOOL_PRIZES, rules_of
from site_builder.results.prizes import by_place
from site_builder.results.section import SectionResults, section_results


@dataclass
class EventResults:
    event: Event
    sections: list[SectionResults] = field(default_factory=list)

    @cached_property
    def league(self) -> LeagueResults | None:
        """The league's results, for an event under the league regulation."""
        return league_results(self.event) if rules_of(self.event).league else None

    @cached_property
    def league_prizes(self) -> list[Award]:
        """九.2: the individual sponsored prizes, by place in the final ranking; players level
        awaiting a playoff (七 注) win none yet, the others keep the prize of their place."""
        assert self.league is not None
        return by_place(LEAGUE_INDIVIDUAL_PRIZES,
                        [(r.player, r.rank) for r in self.league.final if r.rank and not r.playoff])

    @cached_property
    def school_prizes(self) -> list[Award]:
        """九.2: the school prizes by place, to the index of each school in `league.schools`: schools
        tied for first awaiting the playoff (rank None) win none yet, the others keep the prize of
        their place; schools sharing a place each win its prize."""
        assert self.league is not None
        return by_place(LEAGUE_SCHOOL_PRIZES,
                        [(i, row.rank) for i, row in enumerate(self.league.schools) if row.rank is not None])


def event_results(event: Event, cache: BuildCache | None = None) -> EventResults:
    """The results of every section of `event` (`cache`: the build's)."""
    return EventResults(event, [section_results(event, s, cache) for s in event.sections])


def site_results(site: Site, cache: BuildCache | None = None) -> dict[str, EventResults]:
    """The results of every event of the site, by slug."""
    return {event.slug: event_results(event, cache) for event in site.events}
