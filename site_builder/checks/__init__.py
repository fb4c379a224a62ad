"""Checks of the loaded content against the rules of its systems (after `content` has loaded it):
each system's own (`System.check`: a knockout's match formats and tiebreak chains, a team Swiss's
withdrawn and absent teams), pairs kept apart, and lots that would need a draw seed the build does
not have. Every breach is a located `ContentError`."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from site_builder.cache.store import Store
from site_builder.checks.qualification import resolve_qualification
from site_builder.content.loader import Keep, load_site
from site_builder.draw_seed import HOW_TO_SET, SeedMissing
from site_builder.engine.league_event import stage_of
from site_builder.engine.scoring import records
from site_builder.engine.tiebreaks import DRAWN
from site_builder.errors import Location, Problems
from site_builder.model import Event, Outcome, Section, Site
from site_builder.pairing.apart import meetings_kept_apart
from site_builder.regulations import rules_of
from site_builder.systems import section_standings, system_of
from site_builder.systems.base import where as round_location


def load_checked(content: Path, cache: Store | None = None, keep: Keep | None = None) -> Site:
    """Load `content` and check it; raises `ContentError` listing every problem (`cache`, `keep`:
    see `load_site`; the events kept are not checked again)."""
    site = load_site(content, cache, keep)
    problems = Problems()
    for event in site.events:
        rules_of(event).check_entries(event, problems)
        _check_lots(event, problems)
    problems.raise_if_any()  # the stage-1 tables below need valid tsume scores (and their lots a seed)
    site = dataclasses.replace(site, events=tuple(resolve_qualification(e) for e in site.events))
    for event in site.events:
        # their players are known now
        if any(stage_of(s).qualify or stage_of(s).qualify_rest for s in event.sections):
            _check_lots(event, problems)
        _check_stage_players(event, problems)
        rules_of(event).check_results(event, problems)
        for section in event.sections:
            _check_section(event, section, problems)
    problems.raise_if_any()
    return site


def _check_stage_players(event: Event, problems: Problems) -> None:
    """In an event with a master list, a section's games are between its own players."""
    if not event.players:
        return
    for section in event.sections:
        members = {p.number for p in section.players}
        names = {p.number: p.name for p in event.players}
        for rnd in section.rounds:
            for game in rnd.games:
                for player in (game.first, game.second):
                    if player not in members:
                        problems.add(game.loc or Location(rnd.origin.source or Path("?")),
                                     f"{names[player]!r} is not a player of {section.name!r}",
                                     "check the group lists or the qualification")


def _check_lots(event: Event, problems: Problems) -> None:
    """A `lot` tiebreak that standings reach (players still tied before it) is never drawn without
    the seed: without it, the first table that needs it is an error at the event's seed line."""
    if event.draw.seed is not None:
        return
    for section in event.sections:
        if not system_of(section).ranking.ranked or not any(tb.id in DRAWN for tb in section.tiebreaks):
            continue
        recs = records(section)
        for rnd in section.rounds:
            if not rnd.has_results:
                continue
            try:
                section_standings(section, recs, rnd.number, None)
            except SeedMissing as missing:
                where = event.draw.loc or Location(Path(event.slug) / "event.yaml")
                if event.draw.sha256:
                    problems.add(where, f"{missing.what} decides places of {section.name!r} after round "
                                        f"{rnd.number}, and the secret draw seed is not set", HOW_TO_SET)
                else:
                    problems.add(where, f"{missing.what} decides places of {section.name!r} after round "
                                        f"{rnd.number}, and the event has no draw seed",
                                 "record 'draw_seed: N' in the event file, or commit to a secret seed "
                                 "with 'bulletin seed EVENT_DIR'")
                break


def _check_section(event: Event, section: Section, problems: Problems) -> None:
    """Pairs kept apart are not paired (a game of theirs already played is a warning:
    `unfinished.apart_warnings`); then the checks of the section's system."""
    for rnd, game in meetings_kept_apart(section):
        if game.outcome is Outcome.PENDING:
            problems.add(game.loc or round_location(rnd),
                         f"{section.player(game.first).name!r} and {section.player(game.second).name!r} "
                         f"must not meet in round {rnd.number} ('forbidden:', 'keep_apart:')",
                         "pair the round again with 'bulletin pair --replace'")
    system_of(section).check(event, section, problems)
