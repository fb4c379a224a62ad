"""FIDE's Swiss Team Pairing System (C.04.6, applied from 1 February 2026), `pairing.fide_team`: team
matches on the seed-001 team pages, the team with White on board 1 White on the odd boards."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from site_builder.engine.scoring import Records, records
from site_builder.engine.teams import TeamRow, team_ranking
from site_builder.model import Event, MatchScoring, Scoring, Section
from site_builder.pairing import Pairing, PairingError
from site_builder.systems.base import Computed, Extra, Option, Ref
from site_builder.systems.team import TEAM_BOARDS, TEAM_HISTORY, TeamSwiss


def _team_standings(results: Computed) -> dict[int, list[TeamRow]]:
    history = results.extra(TEAM_HISTORY)
    by_game = results.section.options.get("primary_score") == "game"
    return {n: team_ranking(history, n, by_game) for n in results.standings}


#: The team standings after each round: the primary score, then the other (C.04.6 art. 1.2).
TEAM_STANDINGS = Extra("team_standings", _team_standings)


class FideTeam(TeamSwiss):
    name = "fide-team"
    new_note = "FIDE team Swiss (C.04.6): team matches by 'bulletin pair', White on odd boards"
    new_extra = ("    primary_score: match     # match | game (C.04.6 art. 1.2)\n"
                 "    colour_model: A          # A | B | none (C.04.6 art. 1.7)\n")
    forfeits_meet = False  # C.04.6 art. 1.6.1: a match not played gives no colour; the teams may meet
    trf_code = "FIDE_TEAM"
    trf_codes = ("FIDE_TEAM",)
    options = (
        Option("primary_score", "match", ("match", "game")),  # art. 1.2.1
        Option("colour_model", "A", ("A", "B", "none")),  # art. 1.7
        Option("secondary_colours", True),  # art. 1.2.1, 4.2.2: the secondary score decides colours
    )
    extras = (TEAM_HISTORY, TEAM_STANDINGS, TEAM_BOARDS)

    def match_scoring(self, scoring: MatchScoring, written: frozenset[str], boards: int, games: Scoring
                      ) -> MatchScoring:
        """C.04.6 art. 1.4: the pairing-allocated bye scores as many match points and game points as a
        drawn match, unless the competition's regulations say otherwise (`match_points: {bye: …,
        bye_game_points: …}`)."""
        return dataclasses.replace(
            scoring,
            bye=scoring.bye if "bye" in written else scoring.home_draw,
            bye_game_points=scoring.bye_game_points if "bye_game_points" in written else games.draw * boards)

    def home_first(self, board: int, boards: int) -> bool:
        """The team with White on board 1 (the home team) is White on the odd boards."""
        return board % 2 == 1

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        """The next round (a round file written before pairing may list absent teams and line-ups)."""
        from site_builder.pairing.fide_team.from_section import fide_team_round

        requests = section.round_to_pair
        if requests is None:
            return fide_team_round(section, recs, draw_seed)
        if requests.absent or requests.half_byes or requests.full_byes:
            raise PairingError("a player of a team is listed absent: a team is paired whole, so field "
                               "another player in its line-up ('lineups:'), or list the team absent by "
                               "its name")
        before = dataclasses.replace(section, rounds=section.rounds[:-1])
        return fide_team_round(before, records(before), draw_seed, frozenset(requests.teams_absent),
                               requests.lineups)

    def round_lines(self, section: Section, pairing: Pairing, ref: Ref, words: Mapping[str, str]
                    ) -> list[str]:
        lines = super().round_lines(section, pairing, ref, words)
        return [f"matches:      # {words['file.columns.fide_team']}", *lines[1:]]


SYSTEM = FideTeam()
