"""Multi-stage events: the players of a section that qualifies from the stage before (seed 000:
places 1–2 of every group → A-final, place 3 → B-final, the rest → random rounds)."""

from __future__ import annotations

import dataclasses

from site_builder.engine.league_event import qualified, stage_of
from site_builder.engine.scoring import records
from site_builder.model import Event, Section
from site_builder.regulations import rules_of
from site_builder.systems import section_standings


def group_order(event: Event, section: Section) -> list[int]:
    """A group's players in final order: by the league's group table, or by the standings."""
    ordered = rules_of(event).group_order(event, section)
    if ordered is not None:
        return ordered
    recs = records(section)
    return [row.player for row in section_standings(section, recs, recs.rounds, event.draw.seed).rows]


def stage_before(event: Event, section: Section) -> list[Section]:
    """The sections (groups) of the stage before the section's, whose places it qualifies from."""
    return [s for s in event.sections if stage_of(s).number == stage_of(section).number - 1]


def stage_names(event: Event, section: Section) -> str:
    """The names of the groups of the stage before the section's, quoted: "'预赛'", "'A', 'B'"."""
    return ", ".join(repr(s.name) for s in stage_before(event, section))


def resolve_qualification(event: Event) -> Event:
    """Fill in the players of every section with a `qualify` rule, stage by stage."""
    sections = list(event.sections)
    by_number = {p.number: p for p in event.players}
    for index, section in enumerate(sections):
        if not qualified(section):
            continue
        before = stage_before(dataclasses.replace(event, sections=tuple(sections)), section)
        orders = [group_order(event, s) for s in before]
        if stage_of(section).qualify:
            chosen = [order[place - 1] for place in stage_of(section).qualify for order in orders
                      if place <= len(order)]
        else:
            taken = {order[place - 1] for other in sections
                     if stage_of(other).number == stage_of(section).number and stage_of(other).qualify
                     for place in stage_of(other).qualify for order in orders if place <= len(order)}
            chosen = [p for order in orders for p in order if p not in taken]
        gone = drawn_before(section, chosen)
        stage = dataclasses.replace(stage_of(section), no_longer=tuple(gone))
        sections[index] = rules_of(event).qualified_section(event, dataclasses.replace(
            section, players=tuple(by_number[p] for p in (*chosen, *gone)), stage=stage))
    return dataclasses.replace(event, sections=tuple(sections))


def drawn_before(section: Section, chosen: list[int]) -> list[int]:
    """The players the section's rounds name who no longer qualify (`chosen`: who does): they
    qualified when it was paired and keep their games, last in its list (`StageGroup.no_longer`),
    while its rounds are stale (paired from other qualifiers, `pairing.paired_from`) or kept as
    played (`pair --accept`)."""
    named = {p for r in section.rounds if not r.is_request for p in (*r.entrants, *r.withdrawn)}
    return sorted(named - set(chosen))


def requalified(event: Event, section: Section) -> Section:
    """`section` (of `event`, its rounds changed: a round to pair again) with its qualifiers anew."""
    if not qualified(section):
        return section
    renewed = resolve_qualification(dataclasses.replace(event, sections=tuple(
        section if s.id == section.id else s for s in event.sections)))
    return next(s for s in renewed.sections if s.id == section.id)
