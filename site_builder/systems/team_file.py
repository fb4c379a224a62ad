"""A team section's round file, both ways: its team matches (`matches:`, each `{table, home, away,
boards, result}`), the teams on a bye (`bye:`), the teams withdrawn or absent named among the players
(`withdrawn:`, `absent:`) and the line-ups (`lineups:`), read into a `TeamRound` and written for a
new pairing."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from site_builder.engine.teams import TeamRound
from site_builder.errors import Location
from site_builder.model import Game, Outcome, Section, TeamMatch
from site_builder.pairing import Pairing
from site_builder.systems.round_file import WRITTEN, Part, Ref, RoundFile, RoundReading, Teams

TEAM_MATCH_FIELDS = ("table", "home", "away", "boards", "result")
#: a board's game points (home's side first, as the board's first player) for a stated match result
_POINTS = {Outcome.FIRST_WINS: (2, 0), Outcome.DRAW: (1, 1), Outcome.SECOND_WINS: (0, 2),
           Outcome.FIRST_WINS_FORFEIT: (2, 0), Outcome.SECOND_WINS_FORFEIT: (0, 2),
           Outcome.DOUBLE_FORFEIT: (0, 0), Outcome.FIRST_HALF: (1, 0), Outcome.SECOND_HALF: (0, 1),
           Outcome.DOUBLE_LOSS: (0, 0)}


class TeamFile(RoundFile):
    """The round file of a team Swiss (seed 001): matches of teams, byes of teams."""

    byes_of_teams = True
    keys = frozenset({"matches", "lineups"})
    #: the catalogue key of the comment on `matches:` it writes
    header = "file.columns.team"

    def read(self, reading: RoundReading) -> Part:
        teams = reading.teams
        if teams is None:  # a team system without its teams.yaml (reported by the section)
            _refuse_without_teams(reading)
            return Part(None)
        matches = _team_matches(reading, teams)
        byes = _team_refs(reading, teams, ("bye", "byes"))
        lineups = _lineups(reading, teams)
        detail = TeamRound(matches, tuple(team for team, _ in byes),
                           _named_teams(reading, teams, "withdrawn"), _named_teams(reading, teams, "absent"),
                           {team: players for team, (players, _) in lineups.items()},
                           tuple(loc for _, loc in byes), {team: loc for team, (_, loc) in lineups.items()})
        return Part(detail, tuple(g for m in matches for g in m.games))

    def lines(self, section: Section, pairing: Pairing, ref: Ref, words: Mapping[str, str]) -> list[str]:
        teams = section.teams_by_number

        def team(number: int) -> str:
            return json.dumps(teams[number].name, ensure_ascii=False)

        lines = [f"matches:      # {words[self.header]}"]
        for m in pairing.team_matches:
            lines += [f"  - table: {m.table}", f"    home: {team(m.home)}", f"    away: {team(m.away)}",
                      "    boards:"]
            lines += [f"      - [{ref(p.first)}, {ref(p.second)}, \"{WRITTEN[pairing.forfeit(p)]}\"]"
                      for p in m.boards]
        if pairing.team_byes:
            lines.append("bye: " + ", ".join(team(b) for b in pairing.team_byes))
        return lines


class FideTeamFile(TeamFile):
    """The round file of FIDE's team Swiss: the same, its boards' colours said in the comment."""

    header = "file.columns.fide_team"


def _refuse_without_teams(reading: RoundReading) -> None:
    """Without the section's teams, the keys that name teams cannot be read: each is refused where
    it is written."""
    for key in ("matches", "bye", "byes", "lineups"):
        if reading.fields.has(key):
            reading.problems.add(reading.fields.key_at(key), f"'{key}:' names teams, and the section has "
                                                             "no team list",
                                 "list the section's teams in its teams.yaml (docs/content.md)")


def _team_refs(reading: RoundReading, teams: Teams, keys: tuple[str, ...]
               ) -> tuple[tuple[int, Location], ...]:
    """The teams the lists `keys` name, each with where it is written."""
    out = []
    for key in keys:
        items = reading.fields.sequence(key)
        for index, ref in enumerate(items):
            team = teams.resolve(ref, items.at(index), reading.problems)
            if team is not None:
                out.append((team, items.at(index)))
    return tuple(out)


def _named_teams(reading: RoundReading, teams: Teams, key: str) -> tuple[int, ...]:
    """The teams a list of a team section names by name (`withdrawn: [某队]`, `absent: [某队]`)."""
    return tuple(t for t in (teams.named(ref) for ref in reading.fields.sequence(key)) if t is not None)


def _team_matches(reading: RoundReading, teams: Teams) -> tuple[TeamMatch, ...]:
    """Team matches: `{table, home, away, boards: [[first, second, result], …], result: "4:2"}`."""
    items = reading.fields.sequence("matches")
    out: list[TeamMatch] = []
    for index, item in enumerate(items):
        loc = items.at(index)
        f = reading.fields_of(item, loc, "a team match", TEAM_MATCH_FIELDS)
        table = f.integer("table", default=index + 1, minimum=1) or index + 1
        home = teams.resolve(f.raw("home"), f.at("home"), reading.problems) if f.has("home") else None
        away = teams.resolve(f.raw("away"), f.at("away"), reading.problems) if f.has("away") else None
        if home is None or away is None:
            if not (f.has("home") and f.has("away")):
                reading.problems.add(loc, "a team match needs 'home:' and 'away:'", "name both teams")
            continue
        rows = f.sequence("boards")
        if len(rows) != reading.boards:
            reading.problems.add(f.at("boards"), f"the match has {len(rows)} boards, the section plays "
                                                 f"{reading.boards}",
                                 f"list {reading.boards} boards: [first, second, result]")
            continue
        games = _boards(reading, teams, rows, table, (home, away))
        if len(games) != reading.boards:
            continue
        stated = f.raw("result")
        if stated is not None:
            _check_stated(reading, stated, f.at("result"), games, teams)
        out.append(TeamMatch(table, home, away, tuple(games), loc))
    return tuple(sorted(out, key=lambda m: m.table))


def _boards(reading: RoundReading, teams: Teams, rows: Any, table: int, sides: tuple[int, int]
            ) -> list[Game]:
    """The games of a match's boards, each player of the team the board's side gives (the home team
    plays first on the boards its system says: seed 001 五, every board but the last; FIDE's team
    Swiss, the odd boards), claimed for the round."""
    home, away = sides
    boards = reading.boards
    games: list[Game] = []
    for b, row_item in enumerate(rows, start=1):
        where_row: Location = rows.at(b - 1)
        game = reading.game(row_item, where_row, (table - 1) * boards + b)
        if game is None:
            continue
        expected = (home, away) if teams.home_first(b, boards) else (away, home)
        for player, team, where in ((game.first, expected[0], "first"), (game.second, expected[1], "second")):
            if teams.team_of.get(player) != team:
                reading.problems.add(where_row, f"{reading.name(player)!r} is not on the list of team "
                                     f"{teams.by_number[team].name!r}, who plays {where} on board {b}",
                                     "the home team plays first on the boards its system gives it (seed 001 "
                                     "五: all but the last; fide-team: the odd boards)")
                game = None
                break
        if game is not None and all(reading.claim(p, where_row, f"on table {table}") is not None
                                    for p in (game.first, game.second)):
            games.append(game)
    return games


def _check_stated(reading: RoundReading, stated: Any, loc: Location, games: list[Game], teams: Teams) -> None:
    """A stated match result (home:away game points, e.g. "4:2") must add up from the boards."""
    parts = str(stated).replace("：", ":").split(":")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        reading.problems.add(loc, f"{reading.describe(stated)} is not a match result",
                             "write home:away game points, e.g. \"4:2\"")
        return
    if any(g.outcome is Outcome.PENDING for g in games):
        return
    home_points = away_points = 0
    for index, game in enumerate(games):
        first, second = _POINTS[game.outcome]
        home_first = teams.home_first(index + 1, len(games))
        home_points += first if home_first else second
        away_points += second if home_first else first
    if (home_points, away_points) != (int(parts[0]), int(parts[1])):
        reading.problems.add(loc, f"the boards add up to {home_points}:{away_points}, not {stated}",
                             "correct the board results or the match result")


def _lineups(reading: RoundReading, teams: Teams) -> dict[int, tuple[tuple[int, ...], Location]]:
    """`lineups: {team: [player, …]}`: the players a team fields this round (seed 001: up to `boards`
    of its players and reserves; `bulletin pair` orders them onto the boards by 五, and a board left
    empty is the last, lost by forfeit), each line-up with where it is written."""
    table = reading.fields.mapping("lineups")
    if table is None:
        return {}
    boards, problems = reading.boards, reading.problems
    out: dict[int, tuple[tuple[int, ...], Location]] = {}
    for ref, listed in table.items():
        team = teams.resolve(ref, table.key_locs[ref], problems)
        where = table.at(ref)
        if team is None:
            continue
        players = reading.items_of(listed)
        if players is None:
            problems.add(where, f"the line-up of {teams.by_number[team].name!r} must be a list of players",
                         f"write '{ref}: [player, …]', {boards} of them")
            continue
        numbers = [reading.player(p, players.at(i)) for i, p in enumerate(players)]
        chosen = tuple(n for n in numbers if n is not None)
        strangers = [reading.name(n) for n in chosen if teams.team_of.get(n) != team]
        if strangers:
            problems.add(where, f"{', '.join(strangers)} not of the team {teams.by_number[team].name!r}",
                         "a team fields its own players and reserves")
        elif len(chosen) == len(numbers) and not 0 < len(set(chosen)) == len(chosen) <= boards:
            problems.add(where, f"the line-up of {teams.by_number[team].name!r} names {len(chosen)} "
                                f"player(s); the section plays {boards} boards",
                         f"name up to {boards} different players (a board left empty is lost by forfeit)")
        else:
            out[team] = (chosen, where)
    return out


#: The round files of the team Swiss systems.
TEAM = TeamFile()
FIDE_TEAM = FideTeamFile()
