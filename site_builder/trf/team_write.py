"""A team section's TRF-2026 team records, from the engine's team results: 362 (match points), 202
(the team tiebreaks), one 310 per team (its match and game points, its place in the team standings,
its players in board order) and 320 (the pairing-allocated byes); and the teams that entered late,
for their `###` lines. The player lines are written as a tournament of individuals' (`write.py`):
every board game in its player's line."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_builder.engine.team_tiebreaks import TeamTiebreak
from site_builder.engine.teams import TeamEntry, TeamRow, bye_game_points, team_of
from site_builder.errors import ContentError, Problem
from site_builder.model import Event, Section
from site_builder.results.section import section_results
from site_builder.systems import system_of
from site_builder.systems.base import Extra, extra_named
from site_builder.trf.fit import unfit_team
from site_builder.trf.long_names import TEAM_WIDTH, cut
from site_builder.trf.team_records import (
    TEAM,
    TEAM_BYES,
    bye_line,
    match_scoring_line,
    team_line,
    team_points,
)


def is_team_record(record: str) -> bool:
    """A 310 or 320 record: written anew from the results on every export."""
    return record[:4] in (f"{TEAM} ", f"{TEAM_BYES} ")


def team_settings(section: Section) -> str:
    """The 362 record of the section's match points (the bye's as `match_points: bye`)."""
    m = team_of(section).match_scoring
    return match_scoring_line(m.win, m.home_draw, m.loss, m.bye)


def team_chain_record(event: Event, section: Section) -> str:
    """The 202 record of the team tiebreaks after the primary score (fide-team's `team_tiebreaks`,
    C.07's names); "" for a system without them."""
    ranked_by = team_chain(event, section)
    chain = ranked_by[1] if ranked_by is not None else ()
    return f"202 {' '.join(tb.name for tb in chain)}" if chain else ""


def team_chain(event: Event, section: Section) -> tuple[str, tuple[TeamTiebreak, ...]] | None:
    """The primary score's letter (M or G) and the team tiebreaks after it (fide-team's `TEAM_CHAIN`);
    None for a system without them (team-swiss ranks by seed 001 二's columns)."""
    key = extra_named(system_of(section), "team_chain")
    return None if key is None else section_results(event, section).extra(key)


def _team_extra(section: Section, name: str) -> Extra[Any]:
    extra = extra_named(system_of(section), name)
    assert extra is not None, f"a team system computes {name}"
    return extra


def team_lines(event: Event, section: Section) -> list[str]:
    """The 310 records (by team number) and the 320 record of the section's results so far; a name
    too long for its field is written cut (and whole in a `###` line: `trf/long_names.py`), any
    other value too wide for its field refused (`ContentError`), every one of the section at once."""
    results = section_results(event, section)
    scale = results.records.scale
    history: dict[int, tuple[TeamEntry, ...]] = results.extra(_team_extra(section, "team_history"))
    places = team_places(event, section)
    lines, problems = [], list[Problem]()
    for team in sorted(section.teams, key=lambda t: t.number):
        entries = history.get(team.number, ())
        match_points = Fraction(sum(e.match_points for e in entries), 2)
        game_points = Fraction(sum(e.game_points for e in entries), scale)
        place = places.get(team.number)
        problems += unfit_team(section, team, {
            "number": str(team.number), "match_points": team_points(match_points),
            "game_points": team_points(game_points), "rank": "" if place is None else str(place)})
        lines.append(team_line(team.number, cut(team.name, TEAM_WIDTH), match_points, game_points, place,
                               (*team.players, *team.reserves)))
    if problems:
        raise ContentError(problems)
    rounds = results.records.rounds
    byes: list[int | None] = [None] * rounds
    for number, entries in history.items():
        for entry in entries:
            if entry.role == "B":
                byes[entry.round - 1] = number
    bye = bye_line(team_of(section).match_scoring.bye, bye_game_points(section), byes)
    return lines + ([bye] if bye else [])


def team_places(event: Event, section: Section) -> dict[int, int]:
    """Each team's place in the team standings after the last round with results (none before)."""
    return {row.team: row.place for row in team_table(event, section)}


def team_table(event: Event, section: Section) -> list[TeamRow]:
    """The team standings after the last round with results, in place order (none before)."""
    standings: dict[int, list[TeamRow]] = section_results(event, section).extra(
        _team_extra(section, "team_standings"))
    return standings[max(standings)] if standings else []
