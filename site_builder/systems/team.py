"""The team Swiss of seed 001: home and away zones, board order and colours by its 四 and 五."""

from __future__ import annotations

import json

from site_builder.engine.scoring import Records
from site_builder.model import Event, Game, Outcome, Round, Section, TeamMatch
from site_builder.pairing import Pairing, PairingError
from site_builder.systems.base import Ref, System


class TeamSwiss(System):
    name = "team-swiss"
    title_zh = "团体积分编排"
    title_en = "Team Swiss"
    teams = True
    trf_export = False

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset()) -> Pairing:
        """`left_out`: the players of the teams absent this round (a whole team is left out; one
        player's absence is the team's line-up, a forfeit on that board)."""
        from site_builder.pairing.teams import next_team_round

        absent = frozenset(t.number for t in section.teams if t.players and set(t.players) <= left_out)
        alone = left_out - {p for t in section.teams if t.number in absent for p in t.players}
        if alone:
            raise PairingError("a player of a team is listed absent: a team is paired whole, so enter "
                               "that board as a forfeit once the round is paired, or list the team "
                               "absent by its name")
        return next_team_round(section, recs, absent)

    def provisional_round(self, pairing: Pairing) -> Round:
        games = tuple(Game(p.board, p.first, p.second, Outcome.PENDING) for p in pairing.pairs)
        team_matches = tuple(
            TeamMatch(m.table, m.home, m.away,
                      tuple(Game(p.board, p.first, p.second, Outcome.PENDING) for p in m.boards))
            for m in pairing.team_matches)
        return Round(number=pairing.round, games=games, byes=pairing.byes, team_matches=team_matches,
                     team_byes=pairing.team_byes)

    def round_lines(self, section: Section, pairing: Pairing, ref: Ref) -> list[str]:
        teams = section.teams_by_number

        def team(number: int) -> str:
            return json.dumps(teams[number].name, ensure_ascii=False)

        lines = ["matches:      # home team red on all boards but the last; enter each board's result"]
        for m in pairing.team_matches:
            lines += [f"  - table: {m.table}", f"    home: {team(m.home)}", f"    away: {team(m.away)}",
                      "    boards:"]
            lines += [f"      - [{ref(p.first)}, {ref(p.second)}, \"?\"]" for p in m.boards]
        if pairing.team_byes:
            lines.append("bye: " + ", ".join(team(b) for b in pairing.team_byes))
        return lines


SYSTEM = TeamSwiss()
