"""Checks of the loaded content against the rules of its systems (after `content` has loaded it):
knockout match formats and tiebreak chains, and lots that would need a draw seed the build does not
have. Every breach is a located `ContentError`."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from site_builder.cache.store import Store
from site_builder.content.loader import Keep, load_site
from site_builder.draw_seed import HOW_TO_SET, SeedMissing
from site_builder.engine.knockout import main_players, violations
from site_builder.engine.scoring import records
from site_builder.engine.tiebreaks import DRAWN
from site_builder.errors import Location, Problems
from site_builder.model import Event, Section, Site
from site_builder.pairing.apart import kept_apart
from site_builder.regulations import preset_for, rules_of
from site_builder.stages import resolve_qualification
from site_builder.systems import section_standings, system_of


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
        if any(s.qualify or s.qualify_rest for s in event.sections):  # their players are known now
            _check_lots(event, problems)
        _check_stage_players(event, problems)
        rules_of(event).check_results(event, problems)
        rules = preset_for(event.regulation, event.game).knockout
        for section in event.sections:
            _check_section(section, rules, problems)
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
                        problems.add(game.loc or Location(rnd.source or Path("?")),
                                     f"{names[player]!r} is not a player of {section.name!r}",
                                     "check the group lists or the qualification")


def _check_lots(event: Event, problems: Problems) -> None:
    """A `lot` tiebreak that standings reach (players still tied before it) is never drawn without
    the seed: without it, the first table that needs it is an error at the event's seed line."""
    if event.draw_seed is not None:
        return
    for section in event.sections:
        if not system_of(section).ranked or not any(tb.id in DRAWN for tb in section.tiebreaks):
            continue
        recs = records(section)
        for rnd in section.rounds:
            if not rnd.has_results:
                continue
            try:
                section_standings(section, recs, rnd.number, None)
            except SeedMissing as missing:
                where = event.draw_seed_loc or Location(Path(event.slug) / "event.yaml")
                if event.draw_seed_sha256:
                    problems.add(where, f"{missing.what} decides places of {section.name!r} after round "
                                        f"{rnd.number}, and the secret draw seed is not set", HOW_TO_SET)
                else:
                    problems.add(where, f"{missing.what} decides places of {section.name!r} after round "
                                        f"{rnd.number}, and the event has no draw seed",
                                 "record 'draw_seed: N' in the event file, or commit to a secret seed "
                                 "with 'bulletin seed EVENT_DIR'")
                break


def _check_teams(section: Section, problems: Problems) -> None:
    """A team that withdrew plays no later match; a team absent from a round plays no match in it; a
    team with a line-up plays its line-up."""
    gone: dict[int, int] = {}  # team → the round after which it withdrew
    for rnd in section.rounds:
        for match in rnd.team_matches:
            for team in (match.home, match.away):
                name = section.teams_by_number[team].name
                where = match.loc or rnd.loc or Location(rnd.source or Path("?"))
                if team in gone:
                    problems.add(where, f"{name!r} withdrew after round {gone[team]} but plays in round "
                                        f"{rnd.number}", "remove the match, or the team from 'withdrawn:'")
                elif team in rnd.teams_absent:
                    problems.add(where, f"{name!r} is listed absent in round {rnd.number} but plays in it",
                                 "remove the team from 'absent:' or its match")
                elif team in rnd.lineups:
                    fielded = {p for g in match.games for p in (g.first, g.second)} & \
                        {p for t in section.teams if t.number == team for p in (*t.players, *t.reserves)}
                    if fielded != set(rnd.lineups[team]):
                        problems.add(where, f"{name!r} plays other players than its line-up of round "
                                            f"{rnd.number}", "pair the round again ('bulletin pair "
                                            "--replace'), or correct the line-up")
        for team in rnd.teams_withdrawn:
            gone.setdefault(team, rnd.number)


def _check_section(section: Section, rules, problems: Problems) -> None:
    if section.teams:
        _check_teams(section, problems)
    knockout = system_of(section).plays_matches
    for rnd in section.rounds:
        where = rnd.loc or Location(rnd.source or Path("?"))
        apart = kept_apart(section, rnd.number) if rnd.forbidden or section.keep_apart else frozenset()
        for game in rnd.all_games if apart else ():
            if frozenset((game.first, game.second)) in apart:
                problems.add(game.loc or where, f"{section.player(game.first).name!r} and "
                                                f"{section.player(game.second).name!r} must not meet in "
                                                f"round {rnd.number} ('forbidden:', 'keep_apart:')",
                             "pair the round again with 'bulletin pair --replace'")
        if knockout and rnd.games:
            problems.add(rnd.games[0].loc or where, "a knockout round lists matches, not games",
                         "write 'matches:' with each match's games")
        if not knockout and rnd.matches:
            problems.add(rnd.matches[0].loc or where,
                         f"matches belong to knockout sections; this section is {section.system}",
                         "write 'games:' or set 'system: knockout'")
        field = main_players(rnd)
        for match in rnd.matches:
            for culprit, message, hint in violations(match, rules.chain(match.placement, field)):
                problems.add((culprit.loc if culprit else None) or match.loc or where, message, hint)
