"""FIDE's Swiss Team Pairing System (C.04.6, applied from 1 February 2026), `pairing.fide_team`: team
matches on the seed-001 team pages, the team with White on board 1 White on the odd boards."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from site_builder.engine.scoring import Records, records
from site_builder.engine.team_tiebreaks import TeamScales, TeamTiebreak, chain_of, ranked, team_tiebreak
from site_builder.engine.teams import TeamRound, TeamRow, entered_by, team_of
from site_builder.model import Event, MatchScoring, Scoring, Section
from site_builder.pairing import Pairing, PairingError
from site_builder.systems.base import Computed, Extra, Option, PairingRules, Settings, TrfNamed
from site_builder.systems.team import TEAM_BOARDS, TEAM_HISTORY, TeamSwiss
from site_builder.systems.team_file import FIDE_TEAM


def team_chain(section: Section) -> tuple[str, tuple[TeamTiebreak, ...]]:
    """The primary score's letter (C.04.6 art. 1.2: M, or G) and the section's team tiebreaks
    (`team_tiebreaks`; by default the other score)."""
    primary = "G" if section.options.get("primary_score") == "game" else "M"
    text = str(section.options.get("team_tiebreaks", "")) or ("GP" if primary == "M" else "MP")
    return primary, chain_of(text, primary)


def _team_standings(results: Computed) -> dict[int, list[TeamRow]]:
    section, scale = results.section, results.records.scale
    history = results.extra(TEAM_HISTORY)
    match, games, boards = team_of(section).match_scoring, section.scoring, team_of(section).boards
    scales = TeamScales(draw={"M": int(match.home_draw * 2), "G": int(games.draw * scale) * boards},
                        win={"M": int(match.win * 2), "G": int(games.win * scale) * boards},
                        unit={"M": 2, "G": scale})
    primary, chain = team_chain(section)
    return {n: ranked(entered_by(section, history, n), n, primary, chain, scales) for n in results.standings}


#: The primary score's letter and the section's team tiebreaks, as the pages name them.
TEAM_CHAIN: Extra[tuple[str, tuple[TeamTiebreak, ...]]] = Extra("team_chain", lambda r: team_chain(r.section))

#: The team standings after each round: the primary score, then the section's C.07 team tiebreaks,
#: then the pairing number (C.04.6 art. 1.2, C.07).
TEAM_STANDINGS = Extra("team_standings", _team_standings)


class FideTeam(TrfNamed, Settings, TeamSwiss):
    name = "fide-team"
    new_note = "FIDE team Swiss (C.04.6): team matches by 'bulletin pair', White on odd boards"
    new_extra = ("    primary_score: match     # match | game (C.04.6 art. 1.2)\n"
                 "    colour_model: A          # A | B | none (C.04.6 art. 1.7)\n")
    pairing = PairingRules(keeps_apart=False, pairs_requests=True,
                           forfeits_meet=False)  # C.04.6 art. 1.6.1: a match not played gives no colour
    trf_code = "FIDE_TEAM"
    trf_codes = tuple(f"FIDE_TEAM{model}{scores}" for model in ("_TYPEA", "_TYPEB", "")
                      for scores in ("_MP_GP", "_GP_MP", "_MP", "_GP", ""))
    options = (
        Option("primary_score", "match", ("match", "game")),  # art. 1.2.1
        Option("colour_model", "A", ("A", "B", "none")),  # art. 1.7
        Option("secondary_colours", True),  # art. 1.2.1, 4.2.2: the secondary score decides colours
        Option("team_tiebreaks", ""),  # C.07's team tiebreaks after the primary score, by their names
        Option("first_colour", "lot", ("lot", "white", "black")),  # art. 4.1: the initial-colour
    )
    extras = (TEAM_HISTORY, TEAM_STANDINGS, TEAM_BOARDS, TEAM_CHAIN)
    round_file = FIDE_TEAM

    def trf_code_for(self, section: Section) -> str:
        """TRF-2026's code of the section's colour model (A, B; none: no type), primary score and
        whether the secondary score decides colours: FIDE_TEAM_TYPEA_MP_GP, FIDE_TEAM_GP, …"""
        model = {"A": "_TYPEA", "B": "_TYPEB"}.get(str(section.options.get("colour_model", "A")), "")
        scores = ["GP", "MP"] if section.options.get("primary_score") == "game" else ["MP", "GP"]
        used = section.options.get("secondary_colours", True)
        return f"FIDE_TEAM{model}_{'_'.join(scores if used else scores[:1])}"

    def trf_first_colour(self, section: Section, recs: Records, draw_seed: int | None) -> str:
        """The initial-colour drawn by lot (art. 4.1), as the pairing used it; "" before round 1
        without the seed."""
        from site_builder.pairing import PairingSeedMissing
        from site_builder.pairing.fide_team.from_section import initial_colour

        try:
            return initial_colour(section, recs, draw_seed).upper()
        except PairingSeedMissing:
            return ""

    def trf_options(self, code: str) -> dict[str, bool | int | str]:
        """The options a code of `trf_codes` says (the inverse of `trf_code_for`; FIDE_TEAM alone:
        the defaults)."""
        parts = code.upper().removeprefix("FIDE_TEAM").strip("_").split("_")
        model = next((p[-1] for p in parts if p in ("TYPEA", "TYPEB")), "none")
        scores = [p for p in parts if p in ("MP", "GP")]
        if not scores:
            return {} if model == "none" else {"colour_model": model}
        return {"primary_score": "game" if scores[0] == "GP" else "match", "colour_model": model,
                "secondary_colours": len(scores) > 1}

    def option_problems(self, values: Mapping[str, bool | int | str]) -> list[tuple[str, str, str]]:
        """A team tiebreak C.07 (as this tool computes it) does not name."""
        known = ("MP, GP, BH, BH:MP, BH:GP (with /C1, /C2, /M1), SB, SB:MP, SB:GP, ESB, EMMSB, EMGSB, "
                 "EGMSB, EGGSB, DE, TPN")
        return [("team_tiebreaks", f"unknown team tiebreak {name!r}", f"choose among {known}")
                for name in str(values.get("team_tiebreaks", "")).split() if team_tiebreak(name, "M") is None]

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
        asked = TeamRound.of(requests)
        return fide_team_round(before, records(before), draw_seed, frozenset(asked.teams_absent),
                               asked.lineups)


SYSTEM = FideTeam()
PLACE = 40  # its place in the list of systems (`SYSTEMS`, the documentation's order)
