"""The warning for each prize place that players the whole tiebreak chain left equal share once a
section is finished (`sharing: tiebreak`, docs/content.md "Prizes"): `bulletin build` and `bulletin
check` print it at the section's `prizes:` line, `--strict` rejects it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path

from site_builder.engine.prizes import Award
from site_builder.engine.teams import team_of
from site_builder.errors import Location, Problem
from site_builder.model import Event, Section, Site
from site_builder.results import EventResults
from site_builder.results.prizes import tied_prize_places
from site_builder.results.section import SectionResults, section_results


def prize_tie_warnings(site: Site, results: Mapping[str, EventResults] | None = None) -> list[Problem]:
    """The shared prize places of the finished sections of `site`: the build reads the awards from
    its `results`, `bulletin check` computes each finished section's results here."""
    out = []
    for event in site.events:
        for index, section in enumerate(event.sections):
            if not _may_share(section):
                continue
            computed = results[event.slug].sections[index] if results is not None \
                else section_results(event, section)
            out += [_tie_problem(event, section, award) for award in _shared(computed)]
    return out


def event_prize_ties(site: Site, event: Event, results: Mapping[str, EventResults]) -> tuple[Problem, ...]:
    """The `prize_tie_warnings` of one event of `site`."""
    return tuple(prize_tie_warnings(dataclasses.replace(site, events=(event,)), results))


def _may_share(section: Section) -> bool:
    """Whether the section's players' place prizes go by the tiebreak chain and all its rounds are
    in (a team section's prizes go to its teams by their own places, seed 001 六)."""
    return (section.prizes.sharing != "hort" and bool(section.prizes.places) and not team_of(section).teams
            and section.current_round >= section.rounds_planned)


def _shared(computed: SectionResults) -> list[Award]:
    """The place prizes tied players share by the final standings (none before every result is in)."""
    table = computed.latest
    if table is None or table.pending:
        return []
    return tied_prize_places(computed.section, computed.awards)


def _tie_problem(event: Event, section: Section, award: Award) -> Problem:
    """The warning for one shared prize: who, which places, where the prizes are given."""
    locs = event.files.locs
    where = locs.get(f"prizes/{section.id}") or locs.get("prizes") or locs.get("event.yaml") \
        or Location(Path(event.slug))
    names = ", ".join(section.player(p).name for p in award.players)
    first = award.prize.place
    places = f"places {first}–{first + len(award.players) - 1}"
    prizes = f"prizes {first}–{first + award.pooled - 1}" if award.pooled > 1 else f"prize {first}"
    chain = ", ".join(tb.id for tb in section.tiebreaks) or "none"
    return Problem(where, f"{names} are equal on {places} of {section.name!r} after the whole tiebreak "
                          f"chain ({chain}): they share {prizes}, their money pooled and split equally",
                   "nothing to do if they share it; else add a further tiebreak to 'tiebreaks:', or "
                   "'manual' to the chain and the playoff's outcome as 'ranking_order:' in the last "
                   "round file, as docs/content.md says under Tiebreaks")
