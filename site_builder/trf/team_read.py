"""A TRF-2026 team file's teams and matches, read from its 310, 320 and 362 records and its player
lines, with every contradiction located: a team naming an unknown player, a player in two teams, a
player of no team who plays, a team meeting two teams in a round, a match whose boards are not
seated as FIDE's team Swiss seats them, and match or game points that disagree with the games."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from site_builder.content.players import normalize_name
from site_builder.errors import Location
from site_builder.model import Scoring
from site_builder.trf.fields import RecordReader, format_points
from site_builder.trf.long_names import TEAM_KIND, TEAM_WIDTH, restored, whole_names
from site_builder.trf.records import PlayerLine
from site_builder.trf.scoring import default_scoring, scoring_from
from site_builder.trf.team_records import (
    MATCH_DEFAULTS,
    MATCH_SCORING,
    TEAM,
    TEAM_BYES,
    TeamFile,
    TeamMatchRead,
    TeamRecord,
    read_byes,
    read_match_scoring,
    read_team,
)
from site_builder.trf.team_seats import seated


def read_team_file(lines: Sequence[tuple[int, str]], players: Sequence[PlayerLine], records: Sequence[str],
                   rounds: int, reader: RecordReader) -> TeamFile | None:
    """The file's teams and matches from its team records (`lines`, by line number) and player
    lines; every problem reported to `reader`. None when a team record could not be read."""
    before = len(reader.problems.items)
    teams: dict[int, TeamRecord] = {}
    byes: dict[int, tuple[int, int, int]] = {}  # round → (team, line, column)
    bye_points: tuple[Fraction | None, Fraction | None] = (None, None)
    match_points = dict(MATCH_DEFAULTS)
    for number, line in lines:
        if line[:3] == TEAM:
            team = read_team(line, number, reader)
            if team is not None and team.number in teams:
                reader.error(number, 5, f"310: team {team.number} is given twice (first on line "
                             f"{teams[team.number].line})", "give every team its own number")
            elif team is not None:
                teams[team.number] = team
        elif line[:3] == TEAM_BYES:
            mp, gp, by_round = read_byes(line, number, reader)
            bye_points = (mp, gp)
            byes.update({r: (t, number, c) for r, (t, c) in by_round.items()})
        elif line[:3] == MATCH_SCORING:
            match_points.update(read_match_scoring(line))
    teams = _distinct_team_names(_whole_team_names(teams, records), reader)
    match_points.setdefault("P", match_points["D"])
    owner = _owners(teams, reader)
    for r, (bye_team, number, column) in sorted(byes.items()):
        if bye_team not in teams:
            reader.error(number, column, f"320: round {r}: no team has number {bye_team}",
                         f"the file's teams are numbered {', '.join(map(str, sorted(teams)))}")
    if len(reader.problems.items) > before:
        return None
    scoring = scoring_from(list(records)) or default_scoring()
    unlisted: set[int] = set()  # players of no team reported (once each)
    matches = tuple(_round_matches(r, players, teams, owner, reader, unlisted) for r in range(1, rounds + 1))
    file = TeamFile(tuple(teams[n] for n in sorted(teams)), matches, {r: t for r, (t, _, _) in byes.items()},
                    match_points, bye_points)
    if len(reader.problems.items) == before:
        _check_points(file, scoring, reader)
    return file


def _whole_team_names(teams: dict[int, TeamRecord], records: Sequence[str]) -> dict[int, TeamRecord]:
    """The teams with the whole names that `### bulletin: team` lines carry for the names their 310
    records hold cut (`trf/long_names.py`)."""
    whole = whole_names(records, TEAM_KIND)
    return {n: replace(t, name=restored(t.name, whole.get(n), TEAM_WIDTH)) for n, t in teams.items()}


def _distinct_team_names(teams: dict[int, TeamRecord], reader: RecordReader) -> dict[int, TeamRecord]:
    """The teams with a name each: a team whose 310 name equals an earlier team's (as the content
    compares names, `normalize_name`; two long names cut alike, say) is named by that name and its
    team number, `Lions (2)`, with a warning at its 310 record; round files name teams by name."""
    taken = {normalize_name(t.name) for t in teams.values()}
    first: dict[str, TeamRecord] = {}
    out: dict[int, TeamRecord] = {}
    for number, team in sorted(teams.items(), key=lambda item: item[1].line):
        earlier = first.setdefault(normalize_name(team.name), team)
        if earlier is team:
            out[number] = team
            continue
        name = f"{team.name} ({team.number})"
        while normalize_name(name) in taken:
            name = f"{name} ({team.number})"
        taken.add(normalize_name(name))
        reader.notes.add(Location(reader.shown, team.line, 9), f"310: team {team.number} has the name of "
                         f"team {earlier.number} (line {earlier.line}), {team.name!r}: imported as {name!r}",
                         "give every team its own name in columns 9-40 (a longer name in a "
                         "'### bulletin: team N' line), or rename the team after the import")
        out[number] = replace(team, name=name)
    return dict(sorted(out.items()))


def _owners(teams: dict[int, TeamRecord], reader: RecordReader) -> dict[int, int]:
    """Each listed player's team; a player a second team lists is reported there."""
    owner: dict[int, int] = {}
    for team in teams.values():
        for column, player in team.members:
            if player in owner:
                first = teams[owner[player]]
                reader.error(team.line, column, f"310: player #{player} is in team {first.number} "
                             f"({first.name}, line {first.line}) and team {team.number} ({team.name})",
                             "a player belongs to one team: remove them from one of the two")
            else:
                owner[player] = team.number
    return owner


def _round_matches(number: int, players: Sequence[PlayerLine], teams: dict[int, TeamRecord],
                   owner: dict[int, int], reader: RecordReader, unlisted: set[int]
                   ) -> tuple[TeamMatchRead, ...]:
    """Round `number`'s matches: each game grouped by the two teams, its boards in the order of the
    teams' player lists and their colours (`team_seats`); a player of no team, two teams meeting
    across one team's boards, a team meeting itself are reported at the player line."""
    by_rank = {p.start_rank: p for p in players}
    grouped: dict[tuple[int, int], list[tuple[int, int, str, str]]] = {}
    opponent_team: dict[int, tuple[int, PlayerLine]] = {}
    for player in players:
        cell = player.rounds[number - 1] if number <= len(player.rounds) else None
        if cell is None or cell.opponent is None or cell.colour != "w":
            continue
        other = by_rank[cell.opponent]
        mine, theirs = owner.get(player.start_rank), owner.get(other.start_rank)
        for line, team in ((player, mine), (other, theirs)):
            if team is None and line.start_rank not in unlisted:
                unlisted.add(line.start_rank)
                reader.error(line.line, 5, f"#{line.start_rank} plays (from round {number}), but no 310 "
                             "record lists them in a team", "add the player to their team's 310 record")
        if mine is None or theirs is None:
            continue
        if mine == theirs:
            reader.error(player.line, cell.column, f"round {number}: #{player.start_rank} plays "
                         f"#{other.start_rank}, of their own team {mine}", "check the opponent's start rank")
            continue
        for team, against, line in ((mine, theirs, player), (theirs, mine, other)):
            seen = opponent_team.setdefault(team, (against, line))
            if seen[0] != against:
                reader.error(line.line, 5, f"round {number}: team {team} plays team {seen[0]} (#"
                             f"{seen[1].start_rank}) and team {against} (#{line.start_rank})",
                             "a team plays one match a round: check the opponents' start ranks")
        other_cell = other.rounds[number - 1]
        key = (min(mine, theirs), max(mine, theirs))
        grouped.setdefault(key, []).append((player.start_rank, other.start_rank, cell.result,
                                            other_cell.result))
    order = {p: i for t in teams.values() for i, (_, p) in enumerate(t.members)}
    matches = []
    for (low, _high), played in sorted(grouped.items()):
        boards = seated(played, owner, order)
        home = owner[boards[0][0]]
        away = _high if home == low else low
        for index, (white, _black, _, _) in enumerate(boards, start=1):
            if (owner[white] == home) != (index % 2 == 1):
                reader.error(by_rank[white].line, 5, f"round {number}: board {index} of the match of teams "
                             f"{home} and {away}: #{white} of team {owner[white]} has White, but the team "
                             "with White on board 1 has White on the odd boards (C.04.6 art. 1.6.1)",
                             "check the colours of the match's player lines")
        matches.append(TeamMatchRead(number, home, away, tuple(boards)))
    return tuple(matches)


def running_points(file: TeamFile, scoring: Scoring) -> list[tuple[dict[int, Fraction], dict[int, Fraction]]]:
    """Each team's match and game points after each round (C.04.6 art. 1.2): its matches' by the
    games' `scoring` and the 362 match points (a match not finished yet scores none), its byes'."""
    codes = {"1": scoring.win, "=": scoring.draw, "0": scoring.loss, "+": scoring.forfeit_win,
             "-": scoring.forfeit_loss, "W": scoring.win, "D": scoring.draw, "L": scoring.loss}
    mp = dict.fromkeys((t.number for t in file.teams), Fraction(0))
    gp = dict(mp)
    bye_mp, bye_gp = file.bye_points
    out = []
    for number, matches in enumerate(file.matches, start=1):
        for m in matches:
            if any(not w or not b for _, _, w, b in m.boards):
                continue
            sides = [(w, b) if i % 2 == 0 else (b, w) for i, (_, _, w, b) in enumerate(m.boards)]
            home = sum((codes.get(h, Fraction(0)) for h, _ in sides), Fraction(0))  # White on odd boards
            away = sum((codes.get(a, Fraction(0)) for _, a in sides), Fraction(0))
            gp[m.home] += home
            gp[m.away] += away
            mp[m.home] += file.match_points["W" if home > away else "L" if home < away else "D"]
            mp[m.away] += file.match_points["W" if away > home else "L" if away < home else "D"]
        if (team := file.byes.get(number)) in mp:
            mp[team] += file.match_points["P"] if bye_mp is None else bye_mp
            gp[team] += bye_gp or Fraction(0)
        out.append((dict(mp), dict(gp)))
    return out


def _check_points(file: TeamFile, scoring: Scoring, reader: RecordReader) -> None:
    """Each 310's match and game points against those of its matches and byes."""
    totals = running_points(file, scoring)
    mp, gp = totals[-1] if totals else ({}, {})
    for team in file.teams:
        for value, total, column, what in ((team.match_points, mp.get(team.number, Fraction(0)), 55,
                                            "match points"),
                                           (team.game_points, gp.get(team.number, Fraction(0)), 62,
                                            "game points")):
            if value is not None and value != total:
                said, given = format_points(value).strip(), format_points(total).strip()
                reader.error(team.line, column, f"310: team {team.number} ({team.name}) has {said} {what}, "
                             f"but its matches and byes give {given}",
                             f"correct the {what} (columns {column}-{column + 5}), or the results of its "
                             "players' games")
