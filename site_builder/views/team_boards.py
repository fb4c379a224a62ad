"""Points per board in a team event (chess-results' board statistics) and a team card's players
board by board, from the section's `TEAM_BOARDS` (computed once with its results)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_builder.engine.scoring import Kind, Side
from site_builder.engine.teams import Tally
from site_builder.model import Team
from site_builder.views import format as fmt
from site_builder.views.team_data import TeamData


def _percent(win: int, tally: Tally) -> str:
    """The points out of the most the games could score (`win` units each), in whole percent (half up)."""
    if not tally.games or not win:
        return ""
    share = Fraction(100 * tally.points, tally.games * win)
    return f"{int(share + Fraction(1, 2))}%"


def _tally(teams: TeamData, tally: Tally, win: int) -> dict[str, Any]:
    return {"points": teams.data.pts(tally.points), "games": tally.games, "percent": _percent(win, tally)}


def board_statistics_view(teams: TeamData) -> dict[str, Any]:
    """Each team's points and games on each board (in the order of the latest team standings) with
    its total, and for each board its players by points (then fewer games, then number)."""
    data, stats = teams.data, teams.boards
    win = int(data.section.scoring.win * data.records.scale)
    latest = teams.latest
    order = [row["team"]["number"] for row in teams.table(latest)] if latest else \
        [team.number for team in data.section.teams]
    places = {row["team"]["number"]: row["place"] for row in teams.table(latest)} if latest else {}
    rows = []
    for team in order:
        tallies = stats.teams[team]
        total = Tally(sum(t.points for t in tallies), sum(t.games for t in tallies))
        rows.append({"place": places.get(team, ""), "team": teams.ref(team),
                     "boards": [_tally(teams, t, win) for t in tallies], "total": _tally(teams, total, win)})
    boards = []
    for board in range(1, stats.boards + 1):
        played = sorted(stats.players[board].items(),
                        key=lambda item: (-item[1].points, item[1].games, item[0]))
        boards.append({"board": board, "rows": [
            {"player": data.ref(player), "team": teams.ref(data.section.team_of[player]),
             **_tally(teams, tally, win)} for player, tally in played]})
    return {"after": latest or 0, "numbers": list(range(1, stats.boards + 1)), "rows": rows, "boards": boards}


def player_boards(teams: TeamData, team: Team, upto: int) -> list[dict[str, Any]]:
    """A team's players round by round: the board each played, its side and result (`2红+`), its
    points and games on the boards (the same counts as the board statistics)."""
    data, stats, t = teams.data, teams.boards, teams.data.labels
    win = int(data.section.scoring.win * data.records.scale)
    byes = {n for n, entry in enumerate(teams.history[team.number][:upto], start=1) if entry.role == "B"}
    rows = []
    for player in (*team.players, *team.reserves):
        cells = []
        for entry in data.records.entries[player][:upto]:
            board = stats.seats.get((player, entry.round))
            if board is None or entry.side is None:
                cells.append({"text": t.bye if entry.round in byes else "—", "url": "", "title": "",
                              "cls": "bye" if entry.round in byes else "absent"})
                continue
            mark = teams.sides[entry.side is Side.SECOND][:1]
            result = "?" if entry.kind is Kind.PENDING else fmt.RESULT_MARKS[entry.kind]
            cells.append({"text": f"{board}{mark}{result}", "url": data.round_url(entry.round),
                          "title": data.name(entry.opponent) if entry.opponent else "",
                          "cls": entry.kind.value})
        tally = Tally(sum(stats.players[b].get(player, Tally()).points for b in stats.players),
                      sum(stats.players[b].get(player, Tally()).games for b in stats.players))
        rows.append({"player": data.ref(player), "cols": data.cells(player), "cells": cells,
                     **_tally(teams, tally, win)})
    return rows
