"""The page set of team events (seed 001): team matches by home and away team with every board, team
standings with the six ranking columns (and their CSV file), individual standings, team crosstable,
board statistics, team cards; each team table with its legend (`team_legend.py`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_builder.engine.teams import TeamEntry, TeamRound
from site_builder.model import Player, Round, TeamMatch
from site_builder.systems.team import TEAM_HISTORY, TEAM_STANDINGS
from site_builder.views import columns as cols
from site_builder.views import team_legend as legend
from site_builder.views.cards import player_cards
from site_builder.views.field_changes import team_changes
from site_builder.views.games import round_pgn_link
from site_builder.views.json_values import exact, game_json, points_json
from site_builder.views.page import SPREAD, Page
from site_builder.views.page_set import Leader, Link, PageSet, Slot
from site_builder.views.round_rows import forfeit_legend, round_rows
from site_builder.views.section import SectionData
from site_builder.views.slips import lineups, slips_pages, slips_url
from site_builder.views.standings_rows import standings_block
from site_builder.views.table_csv import csv_text
from site_builder.views.team_boards import board_statistics_view, player_boards
from site_builder.views.team_data import (
    TeamData,
    cell_labels,
    crosstable_cell,
    home_outcome,
    match_view,
    standings_view,
    team_chain_names,
    team_tiebreak_json,
    withdrawn_teams,
)


def _round_legend(data: SectionData, rnd: Round) -> list[str]:
    """Under a round's matches: home and away, the scoring, and what the forfeit marks the matches
    show (home : away) mean."""
    matches = TeamRound.of(rnd).team_matches
    if not matches:
        return []
    shown = (home_outcome(data.section, match, game) for match in matches for game in match.games)
    return [*legend.team_legend(data, legend.ROUND),
            *forfeit_legend(data, shown, (data.labels.home_player, data.labels.away_player))]


def team_csv_path(data: SectionData) -> str:
    return f"{data.base}/team-standings.csv"


def boards_url(data: SectionData) -> str:
    return f"{data.base}/boards.html"


def final_after(data: SectionData, n: int) -> bool:
    """Whether the standings after round `n` are the final ones: the last round, every result in."""
    section = data.section
    return (section.current_round >= section.rounds_planned and n == section.rounds_planned
            and n in data.standings and not data.standings[n].pending)


def prize_column(data: SectionData, n: int) -> bool:
    """Whether the team standings after round `n` show each team's prize: the final ones of a section
    with place prizes (as an individual section lists its prizes only when it has some)."""
    return final_after(data, n) and bool(data.section.prizes.places)


def teams_not_paired(teams: TeamData, rnd: Round) -> list[dict[str, Any]]:
    """The teams without a match or bye in `rnd`: absent this round, withdrawn (after which round),
    or entering late (in which round)."""
    t, section = teams.data.labels, teams.data.section
    playing = {x for m in TeamRound.of(rnd).team_matches for x in (m.home, m.away)} \
        | set(TeamRound.of(rnd).team_byes)
    gone = withdrawn_teams(section, rnd.number - 1)
    later = {team: first for team, first in section.field_changes.teams_entered.items() if first > rnd.number}
    rows = []
    for team in section.teams:
        if team.number in playing:
            continue
        reason = t.absent if team.number in TeamRound.of(rnd).teams_absent else \
            t("withdrawn_after", n=gone[team.number]) if team.number in gone else \
            t("enters_from", n=later[team.number]) if team.number in later else t.not_paired
        rows.append({"team": teams.ref(team.number), "reason": reason})
    return rows


def _marks(rows: list[dict[str, Any]]) -> list[str]:
    """The field's marks a team table shows (withdrew, late entry), for its legend."""
    return [row["mark"] for row in rows if row["mark"]]


def team_round_pages(teams: TeamData, base: dict[str, Any]) -> list[Page]:
    """Each round's matches page, bulletin PDF, result slips with line-up forms, and the team
    standings after it (the latest with its CSV file)."""
    data = teams.data
    t, section = data.labels, data.section
    pages: list[Page] = []
    shown: list[Round] = [*section.rounds, *([data.preview] if data.preview else [])]
    numbers = {r.number for r in shown}
    for rnd in shown:
        provisional = rnd is data.preview
        nxt = next((r for r in shown if r.number == rnd.number + 1), None)
        last = final_after(data, rnd.number)
        table = teams.table(rnd.number) if rnd.number in teams.after else None
        context = {
            **base, "n": rnd.number, "round": rnd, "provisional": provisional, "stage": "",
            "notes": data.preview_notes if provisional else [],
            "matches": [match_view(teams, m, rnd.number) for m in TeamRound.of(rnd).team_matches],
            "byes": [teams.ref(b) for b in TeamRound.of(rnd).team_byes],
            "teams_out": teams_not_paired(teams, rnd) if TeamRound.of(rnd).team_matches else [],
            "legend": _round_legend(data, rnd),
            "team_standings": table,
            "standings_legend": legend.team_legend(data, legend.STANDINGS, _marks(table)) if table else [],
            "standings_final": last,
            "standings_prizes": prize_column(data, rnd.number),
            "next": {"n": nxt.number, "provisional": nxt is data.preview,
                     "matches": [match_view(teams, m, nxt.number) for m in TeamRound.of(nxt).team_matches],
                     "byes": [teams.ref(b) for b in TeamRound.of(nxt).team_byes]} if nxt else None,
            "pdf_url": "" if provisional else data.pdf_url(rnd.number),
            "slips_url": "" if provisional else slips_url(data, rnd),
            "games_url": round_pgn_link(data, rnd, provisional),
            "standings_url": data.standings_url(rnd.number) if table is not None else "",
            "prev_url": data.round_url(rnd.number - 1) if rnd.number - 1 in numbers else "",
            "next_url": data.round_url(rnd.number + 1) if rnd.number + 1 in numbers else "",
            "rows": round_rows(data, rnd),
        }
        title = f"{section.name} · {t('round', n=rnd.number)}"
        pages.append(Page(data.round_url(rnd.number), "team_round.html", title, context))
        if context["pdf_url"]:
            pages.append(Page(data.pdf_url(rnd.number), "print/team_round.html", title, context, pdf=True,
                              web=data.round_url(rnd.number)))
        pages += slips_pages(data, rnd, context, title, lineups(data, rnd))
        if table is not None:
            heading = t.final_standings if last else t("standings_after", n=rnd.number)  # as the bulletin
            pages.append(Page(data.standings_url(rnd.number), "team_standings.html",
                              f"{section.name} · {heading}", {
                                  **base, "after": rnd.number, "heading": heading,
                                  "prizes": prize_column(data, rnd.number),
                                  "rows": table, "legend": context["standings_legend"],
                                  "rounds": sorted(teams.after),
                                  "urls": {n: data.standings_url(n) for n in teams.after},
                                  "pending": data.standings[rnd.number].pending,
                                  "csv_url": team_csv_path(data) if rnd.number == teams.latest else "",
                              }))
    return pages


def _crosstable_page(teams: TeamData, base: dict[str, Any], latest: int) -> Page:
    data = teams.data
    table = teams.table(latest)
    rows = [{**row, "cells": [crosstable_cell(teams, row["team"]["number"], entry)
                              for entry in teams.history[row["team"]["number"]][:latest]]}
            for row in table]
    return Page(f"{data.base}/crosstable.html", "team_crosstable.html",
                f"{data.section.name} · {data.labels.crosstable}", {
                    **base, "after": latest, "rounds": list(range(1, latest + 1)), "rows": rows,
                    "legend": legend.team_legend(data, legend.CROSSTABLE, _marks(table))})


def _team_card(teams: TeamData, base: dict[str, Any], number: int) -> Page:
    """A team's page: its rank and totals (its row of the latest team standings), its matches and its
    players' results board by board."""
    data, t, section = teams.data, teams.data.labels, teams.data.section
    team = section.teams_by_number[number]
    latest = teams.latest
    rounds = {r.number: r for r in section.rounds}
    matches = []
    for entry in teams.history[number]:
        rnd = rounds.get(entry.round)
        match = next((m for m in (TeamRound.of(rnd).team_matches if rnd else ())
                      if number in (m.home, m.away)), None)
        matches.append({"round": entry.round, "round_url": data.round_url(entry.round),
                        "cell": crosstable_cell(teams, number, entry),
                        "match": match_view(teams, match, entry.round) if match else None})
    standing = teams.row(number, latest) if latest else None
    return Page(teams.team_url(number), "team.html", f"{team.name} · {section.name}", {
        **base, "team": team, "players": [data.ref(p) for p in (*team.players, *team.reserves)],
        "standing": standing, "after": latest or 0, "final": bool(latest) and final_after(data, latest or 0),
        "standings_url": data.standings_url(latest) if latest else "",
        "matches": matches,
        "rounds": list(range(1, (latest or 0) + 1)),
        "boards": player_boards(teams, team, latest) if latest else [],
        "columns": data.columns(cols.CROSSTABLE),
        "legend": legend.team_legend(data, legend.TEAM_CARD if latest else legend.ROUND,
                                     _marks([standing] if standing else [])),
        "field_change": team_changes(section, t, section.current_round).get(number, ("", ""))[1],
    })


def team_pages(data: SectionData, base: dict[str, Any], players: list[Player]) -> list[Page]:
    t, section = data.labels, data.section
    teams = TeamData(data)
    pages = team_round_pages(teams, base)
    latest = teams.latest
    if latest is not None:
        pages.append(Page(f"{data.base}/individual.html", "team_individual.html",
                          f"{section.name} · {t.individual_standings}",
                          {**base, "after": latest, "block": individual_view(teams, latest)}))
        pages.append(_crosstable_page(teams, base, latest))
        pages.append(Page(boards_url(data), "team_boards.html", f"{section.name} · {t.board_statistics}", {
            **base, **board_statistics_view(teams), "legend": legend.team_legend(data, legend.BOARDS)}))
    pages.append(Page(f"{data.base}/teams.html", "teams.html", f"{section.name} · {t.teams}", {
        **base, "rows": [{**teams.ref(team.number), "captain": team.captain,
                          "players": [data.ref(p) for p in (*team.players, *team.reserves)]}
                         for team in section.teams]}))
    pages += [_team_card(teams, base, team.number) for team in section.teams]
    cards = player_cards(data, players)
    for player in players:
        pages.append(Page(data.player_url(player.number), "player.html",
                          f"{player.name} · {section.name}", {**base, SPREAD: cards[player.number]}))
    return pages


def individual_view(teams: TeamData, upto: int) -> dict[str, Any]:
    """The individual standings after round `upto`: the standings block of every individual table
    (places, points, the values of the chain that orders the rows, its legend), each row with its
    team and its games on each side, headed by the game's sides (White, 红方, 先手…)."""
    data = teams.data
    block = standings_block(data, upto)
    rows = [{**row, "team": teams.ref(data.section.team_of[row["player"]["number"]]),
             "sides": data.results.colours(row["player"]["number"], upto)} for row in block["rows"]]
    return {**block, "rows": rows, "sides": [data.labels("side_games", side=side) for side in teams.sides]}


def team_csv(data: SectionData) -> dict[str, str]:
    """The latest team standings as a CSV file, the columns and values of its page (none before the
    first result); each team's prize when the standings show it (`prize_column`)."""
    teams = TeamData(data)
    latest = teams.latest
    if latest is None:
        return {}
    t, prizes, table = data.labels, prize_column(data, latest), teams.table(latest)
    header = [t.place, t.number, t.team, *cell_labels(table), *([t.prize] if prizes else [])]
    rows = [[r["place"], r["team"]["number"], r["team"]["name"], *(c["value"] for c in r["cells"]),
             *([r["prize"]] if prizes else [])]
            for r in table]
    return {team_csv_path(data): csv_text([header, *rows])}


TeamHistory = dict[int, tuple[TeamEntry, ...]]


def team_match_json(data: SectionData, match: TeamMatch, number: int,
                    history: TeamHistory | None) -> dict[str, Any]:
    """A team match with its boards in event.json; game and match points once every board has a result."""
    home = history[match.home][number - 1] if history else None
    away = history[match.away][number - 1] if history else None
    game_points = match_points = None
    if home is not None and away is not None and not home.pending:
        game_points = [points_json(data, home.game_points), points_json(data, away.game_points)]
        match_points = [exact(Fraction(home.match_points, 2)), exact(Fraction(away.match_points, 2))]
    return {
        "table": match.table, "home": match.home, "away": match.away,
        "games": [game_json(data, g) for g in match.games],
        "game_points": game_points,
        "match_points": match_points,
    }


class TeamPages(PageSet):
    """Team matches, team and individual standings, teams and their cards."""


    def pages(self, data: SectionData, base: dict[str, Any], players: list[Player]) -> list[Page]:
        return team_pages(data, base, players)

    def links(self, data: SectionData, slot: Slot) -> list[Link]:
        t = data.labels
        if slot == "rounds":
            return [{"title": t.teams, "url": f"{data.base}/teams.html"}]
        if slot == "standings" and data.standings:
            return [{"title": t.individual_standings, "url": f"{data.base}/individual.html"},
                    {"title": t.crosstable, "url": f"{data.base}/crosstable.html"},
                    {"title": t.board_statistics, "url": boards_url(data)}]
        return []

    def csv_files(self, data: SectionData) -> dict[str, str]:
        return team_csv(data)

    def leaders(self, data: SectionData) -> list[Leader]:
        """The first three teams of the latest team standings (seed 001 二), by match points."""
        teams = TeamData(data)
        if teams.latest is None:
            return []
        return [{"place": str(row["place"]), "player": row["team"], "points": row["mp"]}
                for row in standings_view(teams, teams.latest) if row["place"] <= 3]

    def section_json(self, data: SectionData) -> dict[str, Any]:
        section, after = data.section, data.results.extra(TEAM_STANDINGS)
        chain = team_chain_names(data)
        return {
            "team_tiebreaks": chain,
            "teams": [{"number": t.number, "name": t.name, "captain": t.captain, "players": list(t.players),
                       "reserves": list(t.reserves), "url": f"{section.id}/teams/{t.number}.html"}
                      for t in section.teams],
            "team_standings": [{
                "after": n,
                "rows": [{"place": r.place, "team": r.team,
                          "match_points": exact(Fraction(r.match_points, 2)),
                          "cumulative": exact(Fraction(r.cumulative, 2)),
                          "game_points": points_json(data, r.game_points),
                          "second_points": points_json(data, r.second_points),
                          "second_games": r.second_games,
                          "tiebreaks": [team_tiebreak_json(v) for v in r.values]}
                         for r in after[n]],
            } for n in sorted(data.standings)],
        }

    def round_json(self, data: SectionData, rnd: Round, provisional: bool) -> dict[str, Any]:
        scored = data.results.extra(TEAM_HISTORY) if not provisional and rnd.number <= data.records.rounds \
            else None
        return {"team_matches": [team_match_json(data, m, rnd.number, scored)
                                 for m in TeamRound.of(rnd).team_matches],
                "team_byes": list(TeamRound.of(rnd).team_byes)}


PAGES = TeamPages()
