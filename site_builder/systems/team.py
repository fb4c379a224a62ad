"""The team Swiss of seed 001: home and away zones, board order and colours by its 四 and 五."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

from site_builder.engine.scoring import Records, records
from site_builder.engine.teams import (
    BoardStatistics,
    TeamEntry,
    TeamRound,
    TeamRow,
    board_statistics,
    team_records,
    team_standings,
)
from site_builder.errors import Location, Problems
from site_builder.model import Event, Game, Outcome, Round, Section, SystemName, TeamMatch
from site_builder.pairing import Pairing, PairingError
from site_builder.systems.base import Computed, Extra, NewDefaults, PairingRules, System, TeamPlay, where
from site_builder.systems.generated import Profile
from site_builder.systems.team_file import TEAM

#: Each team's matches, round by round.
TEAM_HISTORY: Extra[dict[int, tuple[TeamEntry, ...]]] = Extra(
    "team_history", lambda results: team_records(results.section, results.records))


def _team_standings(results: Computed) -> dict[int, list[TeamRow]]:
    history = results.extra(TEAM_HISTORY)
    return {n: team_standings(results.section, history, n) for n in results.standings}


#: The team standings after each round that has results.
TEAM_STANDINGS = Extra("team_standings", _team_standings)

#: Points per board: each team's and each player's, by the board of the match.
TEAM_BOARDS: Extra[BoardStatistics] = Extra(
    "team_boards", lambda results: board_statistics(results.section, results.records))


class TeamSwiss(NewDefaults, TeamPlay, System):
    generated = Profile(lambda spec: [f"boards: {spec.boards}"], teams=True)
    name: ClassVar[SystemName] = "team-swiss"
    new_note = "team Swiss (seed 001): matches, home and away, boards by 'bulletin pair'"
    # absent teams and line-ups of a round file written before pairing
    pairing = PairingRules(keeps_apart=False, pairs_requests=True)
    extras: ClassVar[tuple[Extra[Any], ...]] = (TEAM_HISTORY, TEAM_STANDINGS, TEAM_BOARDS)
    page_set = "site_builder.views.teams:PAGES"
    round_file = TEAM

    def check(self, event: Event, section: Section, problems: Problems) -> None:
        """A team that withdrew plays no later match and has no later bye; a team absent from a round
        plays no match in it and has no bye; a team with a line-up plays its line-up, which names no
        player who withdrew."""
        super().check(event, section, problems)
        changes = section.field_changes
        for rnd in section.rounds:
            gone = changes.upto(rnd.number - 1)
            detail = TeamRound.of(rnd)
            for match in detail.team_matches:
                for team in (match.home, match.away):
                    _check_match(section, rnd, match, team, gone.teams_withdrawn, problems)
            for index, team in enumerate(detail.team_byes):
                _check_bye(section, rnd, team, detail.bye_at(index) or where(rnd), gone.teams_withdrawn,
                           problems)
            for team in detail.lineups:
                _check_lineup(section, rnd, team, gone.withdrawn, problems)

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        """The next round; a round file written before pairing may leave teams out (`absent:` by the
        team's name) and give line-ups (`lineups:`). One player's absence is not a team's: the team is
        paired whole (its line-up fields another player, or that board is entered as a forfeit); a
        player who withdrew is replaced by the team's next player, a reserve moving up, and a board
        the team has no player left for is its last, lost by forfeit."""
        from site_builder.pairing.teams import next_team_round

        requests = section.round_to_pair
        if requests is None:
            return next_team_round(section, recs)
        if requests.absent or requests.half_byes or requests.full_byes:
            raise PairingError("a player of a team is listed absent: a team is paired whole, so field "
                               "another player in its line-up ('lineups:'), enter that board as a "
                               "forfeit once the round is paired, or list the team absent by its name")
        before = dataclasses.replace(section, rounds=section.rounds[:-1])
        asked = TeamRound.of(requests)
        return next_team_round(before, records(before), frozenset(asked.teams_absent), asked.lineups)

    def provisional_round(self, pairing: Pairing) -> Round:
        games = tuple(Game(p.board, p.first, p.second, pairing.forfeit(p)) for p in pairing.pairs)
        team_matches = tuple(
            TeamMatch(m.table, m.home, m.away,
                      tuple(Game(p.board, p.first, p.second, pairing.forfeit(p)) for p in m.boards))
            for m in pairing.team_matches)
        return Round(number=pairing.round, games=games, byes=pairing.byes,
                     detail=TeamRound(team_matches=team_matches, team_byes=pairing.team_byes))


def _check_match(section: Section, rnd: Round, match: TeamMatch, team: int, gone: Mapping[int, int],
                 problems: Problems) -> None:
    """A match of `team` in `rnd`: not after its withdrawal (`gone`: team → the round after which it
    withdrew), nor while it is listed absent; with its line-up where it has one (a player of the
    team not in it may only be entered on a board the team leaves empty, lost by forfeit)."""
    name = section.teams_by_number[team].name
    at = match.loc or where(rnd)
    detail = TeamRound.of(rnd)
    if team in gone:
        problems.add(at, f"{name!r} withdrew after round {gone[team]} but plays in round {rnd.number}",
                     "remove the match, or the team from 'withdrawn:'")
    elif team in detail.teams_absent:
        problems.add(at, f"{name!r} is listed absent in round {rnd.number} but plays in it",
                     "remove the team from 'absent:' or its match")
    elif team in detail.lineups:
        members = section.teams_by_number[team]
        lineup = set(detail.lineups[team])
        seated = {p for g in match.games for p in (g.first, g.second)}
        fielded = seated & {*members.players, *members.reserves}
        empty = {p for g in match.games for p in (g.first, g.second) if lost_by_forfeit(g, p)}
        if not lineup <= fielded or fielded - lineup - empty:
            problems.add(at, f"{name!r} plays other players than its line-up of round {rnd.number}",
                         "pair the round again ('bulletin pair --replace'), or correct the line-up")


def _check_bye(section: Section, rnd: Round, team: int, at: Location, gone: Mapping[int, int],
               problems: Problems) -> None:
    """A bye of `team` in `rnd`, written at `at`: not after its withdrawal, nor while it is absent or
    plays a match in the round."""
    name = section.teams_by_number[team].name
    detail = TeamRound.of(rnd)
    if team in gone:
        problems.add(at, f"{name!r} withdrew after round {gone[team]} but has the bye in round {rnd.number}",
                     "a withdrawn team is never paired again: remove its bye ('bulletin pair --replace' "
                     "pairs the round again before its results), or the team from 'withdrawn:'")
    elif team in detail.teams_absent:
        problems.add(at, f"{name!r} is listed absent in round {rnd.number} but has the bye in it",
                     "remove the team from 'absent:' or from 'bye:'")
    elif any(team in (m.home, m.away) for m in detail.team_matches):
        problems.add(at, f"{name!r} has the bye in round {rnd.number} and plays a match in it",
                     "remove the team from 'bye:' or its match")


def _check_lineup(section: Section, rnd: Round, team: int, gone: Mapping[int, int], problems: Problems
                  ) -> None:
    """`team`'s line-up of `rnd` names no player who withdrew before it (`gone`: player → the round
    after which he withdrew), said where the line-up is written."""
    detail = TeamRound.of(rnd)
    at = detail.lineup_locs.get(team) or where(rnd)
    for player in (p for p in detail.lineups[team] if p in gone):
        problems.add(at, f"{section.player(player).name!r} is in the line-up of "
                         f"{section.teams_by_number[team].name!r} in round {rnd.number} after withdrawing in "
                         f"round {gone[player]}",
                     "remove the player from the line-up (a reserve may take the board)")


def lost_by_forfeit(game: Game, player: int) -> bool:
    """Whether `player` lost `game` by forfeit (a double forfeit included)."""
    lost = Outcome.SECOND_WINS_FORFEIT if player == game.first else Outcome.FIRST_WINS_FORFEIT
    return game.outcome in (lost, Outcome.DOUBLE_FORFEIT)


SYSTEM = TeamSwiss()
PLACE = 30  # its place in the list of systems (`SYSTEMS`, the documentation's order)
