"""Warnings about content that is valid but probably unfinished; `bulletin build --strict` and
`bulletin check --strict` (for CI) fail on them, a normal build or check prints them."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from site_builder.draw_seed import HOW_TO_SET, SeedMissing
from site_builder.errors import Location, Problem
from site_builder.model import Event, Section, Site

if TYPE_CHECKING:
    from site_builder.results import EventResults


def content_warnings(site: Site) -> list[Problem]:
    """Pending results in a round older than the section's latest round."""
    out = []
    for event in site.events:
        for section in event.sections:
            # a round file holding only requests (absences, byes asked for) is not paired yet
            latest = section.current_round - (1 if section.round_to_pair else 0)
            for rnd in section.rounds:
                if rnd.number < latest and rnd.pending:
                    out.append(Problem(rnd.loc or Location(rnd.source or Path("?")),
                                       f"round {rnd.number} of {section.name!r} still has {rnd.pending} "
                                       f"result(s) pending while round {latest} exists",
                                       "enter the missing results"))
    return sorted(out, key=lambda p: p.location)


def warnings_of(site: Site) -> list[Problem]:
    """Every warning of the content but `preview_warnings`: what `bulletin build` and `bulletin check`
    print and `--strict` rejects, the same for both."""
    return content_warnings(site) + stale_warnings(site) + seed_warnings(site)


#: One event's warnings by kind: content, stale rounds, seeds (`warnings_of`), previews.
EventWarnings = tuple[tuple[Problem, ...], tuple[Problem, ...], tuple[Problem, ...], tuple[Problem, ...]]


def event_warnings(site: Site, event: Event) -> EventWarnings:
    """The warnings of one event of `site` by kind, without its previews (`event_previews`)."""
    alone = dataclasses.replace(site, events=(event,))
    return tuple(content_warnings(alone)), tuple(stale_warnings(alone)), tuple(seed_warnings(alone)), ()


def event_previews(site: Site, event: Event, results: Mapping[str, EventResults]) -> tuple[Problem, ...]:
    """The `preview_warnings` of one event of `site`."""
    return tuple(preview_warnings(dataclasses.replace(site, events=(event,)), results))


def merged(events: list[EventWarnings], previews: bool = True) -> list[Problem]:
    """The warnings of events in the site's order, as `warnings_of` and then `preview_warnings`
    (unless not `previews`) of the whole site list them."""
    return [*sorted((p for w in events for p in w[0]), key=lambda p: p.location),
            *(p for kind in ((1, 2, 3) if previews else (1, 2)) for w in events for p in w[kind])]


def preview_warnings(site: Site, results: Mapping[str, EventResults] | None = None) -> list[Problem]:
    """Sections whose next round should be previewed on the site but cannot be paired: the build
    reads why from its `results` (paired once), `bulletin check` pairs each such round here."""
    from site_builder.results.section import preview_failure

    out = []
    for event in site.events:
        failed = ([r.preview_failed for r in results[event.slug].sections] if results is not None
                  else [preview_failure(event, section) for section in event.sections])
        for section, reason in zip(event.sections, failed, strict=True):
            if reason:
                out.append(_preview_problem(event, section, reason))
    return out


def _preview_problem(event: Event, section: Section, reason: str) -> Problem:
    """The warning for a section whose next round is not previewed because pairing it failed, at the
    round file prepared for it, else at the section's last round."""
    rnd = section.round_to_pair or (section.rounds[-1] if section.rounds else None)
    where = (rnd.loc or Location(rnd.source or Path(event.slug))) if rnd else Location(Path(event.slug))
    number = section.round_to_pair.number if section.round_to_pair else section.current_round + 1
    return Problem(where, f"the next round of {section.name!r} (round {number}) is not previewed on the "
                          f"site: it cannot be paired ({reason})",
                   "'bulletin pair' gives the same reason: correct the content, or write the round file "
                   "by hand")


def stale_warnings(site: Site) -> list[Problem]:
    """Rounds paired from other results than the rounds before them now hold (a result corrected
    after the pairing): the pairing may not be the one the regulation gives any more."""
    from site_builder.pairing.paired_from import stale_rounds

    out = []
    for event in site.events:
        for section in event.sections:
            for rnd in stale_rounds(section):
                where = rnd.loc or Location(rnd.source or Path("?"))
                hint = ("pair it again with 'bulletin pair --replace' (its results are not in yet)"
                        if rnd.number == section.current_round and not rnd.has_results else
                        "it has been played: if the pairing stands, delete its 'paired_from' line")
                out.append(Problem(where, f"round {rnd.number} of {section.name!r} was paired from other "
                                          f"results than rounds 1–{rnd.number - 1} now hold (a result was "
                                          "changed after the pairing)", hint))
    return out


def seed_warnings(site: Site) -> list[Problem]:
    """What a build without an event's secret draw seed (docs/secrets.md) leaves out rather than
    guess: the provisional next round of a section whose pairing draws, and the sealed codes and the
    seed itself once they are due."""
    from site_builder.site.views import seed_due

    out = []
    for event in site.events:
        if not event.draw_seed_sha256 or event.draw_seed is not None:
            continue
        where = event.draw_seed_loc or Location(Path(event.slug))
        for section in event.sections:
            needed = _seed_needed(event, section)
            if needed:
                out.append(Problem(where, f"the next round of {section.name!r} is not previewed: "
                                          f"{needed} needs the secret draw seed, which is not set",
                                   HOW_TO_SET))
            if section.codes_sealed and section.current_round >= section.rounds_planned:
                out.append(Problem(where, f"the secret codes of {section.name!r} are due for publication "
                                          "(the last round is paired) but stay sealed without the draw seed",
                                   HOW_TO_SET))
        if seed_due(event):
            out.append(Problem(where, "the draw seed is due for publication (the last round of every "
                                      "section is paired) but is not set", HOW_TO_SET))
    return out


def _seed_needed(event: Event, section: Section) -> str:
    """The draw that keeps the next round of `section` from being paired without the seed, or ""."""
    from site_builder.engine.scoring import records
    from site_builder.pairing import PairingError
    from site_builder.systems import next_round, pending_reason

    if pending_reason(section):
        return ""
    try:
        next_round(section, records(section), None, event)
    except SeedMissing as missing:
        return missing.what
    except PairingError:
        return ""
    return ""
