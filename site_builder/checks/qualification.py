"""Multi-stage events: the players of a section that qualifies from the stage before (seed 000:
places 1–2 of every group → A-final, place 3 → B-final, the rest → random rounds)."""

from __future__ import annotations

import dataclasses

from site_builder.engine.league_event import stage_of
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


def resolve_qualification(event: Event) -> Event:
    """Fill in the players of every section with a `qualify` rule, stage by stage."""
    sections = list(event.sections)
    by_number = {p.number: p for p in event.players}
    for index, section in enumerate(sections):
        if not (stage_of(section).qualify or stage_of(section).qualify_rest):
            continue
        before = [s for s in sections if stage_of(s).number == stage_of(section).number - 1]
        orders = [group_order(event, s) for s in before]
        if stage_of(section).qualify:
            chosen = [order[place - 1] for place in stage_of(section).qualify for order in orders
                      if place <= len(order)]
        else:
            taken = {order[place - 1] for other in sections
                     if stage_of(other).number == stage_of(section).number and stage_of(other).qualify
                     for place in stage_of(other).qualify for order in orders if place <= len(order)}
            chosen = [p for order in orders for p in order if p not in taken]
        sections[index] = rules_of(event).qualified_section(
            event, dataclasses.replace(section, players=tuple(by_number[p] for p in chosen)))
    return dataclasses.replace(event, sections=tuple(sections))
