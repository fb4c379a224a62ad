"""The warning for each section whose next round the site should preview but cannot pair: `bulletin
build` and `bulletin check` print it, `--strict` rejects it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path

from site_builder.errors import Location, Problem
from site_builder.model import Event, Section, Site
from site_builder.pairing import PairingError
from site_builder.results import EventResults
from site_builder.results.section import preview_failure


def preview_warnings(site: Site, results: Mapping[str, EventResults] | None = None) -> list[Problem]:
    """Sections whose next round should be previewed on the site but cannot be paired: the build
    reads why from its `results` (paired once), `bulletin check` pairs each such round here."""
    out = []
    for event in site.events:
        failed = ([r.preview_failed for r in results[event.slug].sections] if results is not None
                  else [preview_failure(event, section) for section in event.sections])
        for section, error in zip(event.sections, failed, strict=True):
            if error is not None:
                out.append(_preview_problem(event, section, error))
    return out


def next_round_location(event: Event, section: Section) -> Location:
    """Where a problem pairing the next round of `section` is said: the round file prepared for it,
    else the section's last round, else the event's file."""
    rnd = section.round_to_pair or (section.rounds[-1] if section.rounds else None)
    event_file = event.files.locs.get("event.yaml", Location(Path(event.slug)))
    return (rnd.origin.loc or Location(rnd.origin.source or Path(event.slug))) if rnd else event_file


def _preview_problem(event: Event, section: Section, error: PairingError) -> Problem:
    """The warning for a section whose next round is not previewed because pairing it failed, where
    the content makes it so (a player's line) as `bulletin pair` says it, else at the round file
    prepared for it, else at the section's last round."""
    number = section.round_to_pair.number if section.round_to_pair else section.current_round + 1
    return Problem(error.loc or next_round_location(event, section),
                   f"the next round of {section.name!r} (round {number}) is not previewed on the "
                   f"site: it cannot be paired ({error})",
                   "'bulletin pair' gives the same reason: correct the content, or write the round file "
                   "by hand")


def event_previews(site: Site, event: Event, results: Mapping[str, EventResults]) -> tuple[Problem, ...]:
    """The `preview_warnings` of one event of `site`."""
    return tuple(preview_warnings(dataclasses.replace(site, events=(event,)), results))
