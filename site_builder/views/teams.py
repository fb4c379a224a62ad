"""The page set of team events (seed 001): team pairings with boards, team standings with the six
ranking columns, individual standings, team crosstable, team cards, prizes."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_builder.engine.teams import TeamEntry, TeamRow
from site_builder.model import Outcome, Player, Round, Section, TeamMatch
from site_builder.systems.team import TEAM_HISTORY, TEAM_STANDINGS
from site_builder.views import format as fmt
from site_builder.views.games import round_pgn_link
from site_builder.views.i18n import Labels
from site_builder.views.json_values import exact, game_json, points_json
from site_builder.views.page import Page
from site_builder.views.page_set import Link, PageSet, Slot
from site_builder.views.prizes import team_prize
from site_builder.views.section import SectionData, player_card, round_rows
from site_builder.views.slips import lineups, slips_pages, slips_url


def _mp(half: int) -> str:
    """Match points kept in half points, as shown (2.5)."""
    return fmt.points(Fraction(half, 2))


class TeamData:
    """Team results of a section, computed once for all its pages."""

    def __init__(self, data: SectionData) -> None:
        self.data = data
        self.history = data.results.extra(TEAM_HISTORY)
        self.after = data.results.extra(TEAM_STANDINGS)

    def team_url(self, team: int) -> str:
        return f"{self.data.base}/teams/{team}.html"

    def ref(self, team: int) -> dict[str, Any]:
        return {"number": team, "name": self.data.section.teams_by_number[team].name,
                "url": self.team_url(team)}


def match_view(teams: TeamData, match: TeamMatch, number: int) -> dict[str, Any]:
    data = teams.data
    home = teams.history[match.home][number - 1] if number <= data.records.rounds else None
    boards = [{
        "board": index,
        "first": data.ref(game.first), "second": data.ref(game.second),
        "result": fmt.result(game.outcome, data.event.game),
        "pending": game.outcome is Outcome.PENDING,
    } for index, game in enumerate(match.games, start=1)]
    scored = home is not None and not home.pending
    return {
        "table": match.table, "home": teams.ref(match.home), "away": teams.ref(match.away),
        "score": f"{home.game_points // data.records.scale}:{home.opponent_game_points // data.records.scale}"
                 if scored and home else "",
        "match_points": f"{_mp(home.match_points)}:{_mp(teams.history[match.away][number - 1].match_points)}"
                        if scored and home else "",
        "boards": boards,
    }


def withdrawn_teams(section: Section, upto: int) -> dict[int, int]:
    """The teams that withdrew after a round up to `upto`, with that round."""
    gone: dict[int, int] = {}
    for rnd in section.rounds:
        if rnd.number <= upto:
            for number in rnd.teams_withdrawn:
                gone.setdefault(number, rnd.number)
    return gone


def standings_view(teams: TeamData, rows: list[TeamRow], upto: int | None = None) -> list[dict[str, Any]]:
    """The team standings rows after round `upto` (by default the rows' own), a withdrawn team
    marked as an individual who withdrew is."""
    data, t = teams.data, teams.data.labels
    gone = withdrawn_teams(data.section, data.section.current_round if upto is None else upto)
    return [{"place": r.place, "team": teams.ref(r.team), "mp": _mp(r.match_points),
             "cumulative": _mp(r.cumulative), "gp": data.pts(r.game_points),
             "second_points": data.pts(r.second_points), "second_games": r.second_games,
             "prize": team_prize(data.section.prizes, r.place),
             "mark": t.withdrawn_mark if r.team in gone else "",
             "mark_title": t("withdrawn_after", n=gone[r.team]) if r.team in gone else ""}
            for r in rows]


def team_legend(rows: list[dict[str, Any]], t: Labels) -> list[str]:
    """What the marks of a team table mean, for those it shows."""
    return [t.legend_withdrawn] if any(row["mark"] for row in rows) else []


def individual_view(teams: TeamData, upto: int) -> list[dict[str, Any]]:
    data = teams.data
    table = data.standings[upto]
    out = []
    for row in table.rows:
        red, black = data.results.colours(row.player, upto)
        out.append({"place": row.place if not row.shared else f"{row.place}-{row.last_place}",
                    "player": data.ref(row.player),
                    "team": teams.ref(data.section.team_of[row.player]),
                    "points": data.pts(row.points),
                    "cumulative": data.pts(sum(e.running for e in data.records.entries[row.player][:upto])),
                    "red": red, "black": black})
    return out


def _cell(teams: TeamData, entry: TeamEntry) -> dict[str, str]:
    t, section = teams.data.labels, teams.data.section
    if entry.role == "B":
        return {"text": t.bye, "url": ""}
    if entry.opponent is None:  # absent this round, or withdrawn before it
        rnd = next((r for r in section.rounds if r.number == entry.round), None)
        gone = withdrawn_teams(section, entry.round - 1)
        team = next((n for n, h in teams.history.items() if entry in h), None)
        text = t.absent if rnd is not None and team in rnd.teams_absent else \
            t.withdrawn_mark if team in gone else "—"
        return {"text": text, "url": ""}
    role = teams.data.labels("role." + entry.role)
    result = "?" if entry.pending else _mp(entry.match_points)
    text = f"{entry.opponent}{role} {result}"
    return {"text": text, "url": teams.team_url(entry.opponent)}


def teams_not_paired(teams: TeamData, rnd: Round) -> list[dict[str, Any]]:
    """The teams without a match or bye in `rnd`: absent this round, or withdrawn (after which round)."""
    t, section = teams.data.labels, teams.data.section
    playing = {x for m in rnd.team_matches for x in (m.home, m.away)} | set(rnd.team_byes)
    gone = withdrawn_teams(section, rnd.number - 1)
    rows = []
    for team in section.teams:
        if team.number in playing:
            continue
        reason = t.absent if team.number in rnd.teams_absent else \
            t("withdrawn_after", n=gone[team.number]) if team.number in gone else t.not_paired
        rows.append({"team": teams.ref(team.number), "reason": reason})
    return rows


def team_round_pages(teams: TeamData, base: dict[str, Any]) -> list[Page]:
    """Each round's matches page, bulletin PDF, result slips with line-up forms, and the team
    standings after it."""
    data = teams.data
    t, section = data.labels, data.section
    pages: list[Page] = []
    shown: list[Round] = [*section.rounds, *([data.preview] if data.preview else [])]
    numbers = {r.number for r in shown}
    final = section.current_round >= section.rounds_planned and data.standings
    for rnd in shown:
        provisional = rnd is data.preview
        nxt = next((r for r in shown if r.number == rnd.number + 1), None)
        last = (bool(final) and rnd.number == section.rounds_planned and rnd.number in data.standings
                and not data.standings[rnd.number].pending)
        context = {
            **base, "n": rnd.number, "round": rnd, "provisional": provisional, "stage": "",
            "notes": data.preview_notes if provisional else [],
            "matches": [match_view(teams, m, rnd.number) for m in rnd.team_matches],
            "byes": [teams.ref(b) for b in rnd.team_byes],
            "teams_out": teams_not_paired(teams, rnd) if rnd.team_matches else [],
            "team_standings": standings_view(teams, teams.after[rnd.number], rnd.number)
            if rnd.number in teams.after else None,
            "standings_final": last,
            "next": {"n": nxt.number, "provisional": nxt is data.preview,
                     "matches": [match_view(teams, m, nxt.number) for m in nxt.team_matches],
                     "byes": [teams.ref(b) for b in nxt.team_byes]} if nxt else None,
            "pdf_url": "" if provisional else data.pdf_url(rnd.number),
            "slips_url": "" if provisional else slips_url(data, rnd),
            "games_url": round_pgn_link(data, rnd, provisional),
            "standings_url": data.standings_url(rnd.number) if rnd.number in teams.after else "",
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
        if rnd.number in teams.after:
            rows = standings_view(teams, teams.after[rnd.number], rnd.number)
            pages.append(Page(data.standings_url(rnd.number), "team_standings.html",
                              f"{section.name} · {t('standings_after', n=rnd.number)}", {
                                  **base, "after": rnd.number, "final": last,
                                  "rows": rows, "legend": team_legend(rows, t),
                                  "rounds": sorted(teams.after),
                                  "urls": {n: data.standings_url(n) for n in teams.after},
                                  "pending": data.standings[rnd.number].pending,
                              }))
    return pages


def team_pages(data: SectionData, base: dict[str, Any], players: list[Player]) -> list[Page]:
    t, section = data.labels, data.section
    teams = TeamData(data)
    pages = team_round_pages(teams, base)
    if data.standings:
        latest = max(data.standings)
        pages.append(Page(f"{data.base}/individual.html", "team_individual.html",
                          f"{section.name} · {t.individual_standings}",
                          {**base, "after": latest, "rows": individual_view(teams, latest)}))
        table = standings_view(teams, teams.after[latest], latest)
        pages.append(Page(f"{data.base}/crosstable.html", "team_crosstable.html",
                          f"{section.name} · {t.crosstable}", {
                              **base, "after": latest, "rounds": list(range(1, latest + 1)),
                              "rows": [{**row, "cells": [_cell(teams, e) for e in
                                                         teams.history[row["team"]["number"]][:latest]]}
                                       for row in table],
                              "legend": team_legend(table, t),
                          }))
    pages.append(Page(f"{data.base}/teams.html", "teams.html", f"{section.name} · {t.teams}", {
        **base, "rows": [{**teams.ref(team.number), "captain": team.captain,
                          "players": [data.ref(p) for p in (*team.players, *team.reserves)]}
                         for team in section.teams]}))
    for team in section.teams:
        entries = teams.history[team.number]
        matches = []
        for entry in entries:
            rnd = next((r for r in section.rounds if r.number == entry.round), None)
            match = next((m for m in (rnd.team_matches if rnd else ()) if team.number in (m.home, m.away)),
                         None)
            matches.append({"round": entry.round, "round_url": data.round_url(entry.round),
                            "cell": _cell(teams, entry),
                            "match": match_view(teams, match, entry.round) if match else None})
        gone = withdrawn_teams(section, section.current_round)
        pages.append(Page(teams.team_url(team.number), "team.html", f"{team.name} · {section.name}", {
            **base, "team": team, "players": [data.ref(p) for p in (*team.players, *team.reserves)],
            "matches": matches,
            "withdrawn": t("withdrawn_after", n=gone[team.number]) if team.number in gone else "",
        }))
    for player in players:
        pages.append(Page(data.player_url(player.number), "player.html",
                          f"{player.name} · {section.name}", {**base, **player_card(data, player)}))
    return pages


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

    rounds_memo = False

    def pages(self, data: SectionData, base: dict[str, Any], players: list[Player]) -> list[Page]:
        return team_pages(data, base, players)

    def links(self, data: SectionData, slot: Slot) -> list[Link]:
        t = data.labels
        if slot == "rounds":
            return [{"title": t.teams, "url": f"{data.base}/teams.html"}]
        if slot == "standings" and data.standings:
            return [{"title": t.individual_standings, "url": f"{data.base}/individual.html"},
                    {"title": t.crosstable, "url": f"{data.base}/crosstable.html"}]
        return []

    def section_json(self, data: SectionData) -> dict[str, Any]:
        section, after = data.section, data.results.extra(TEAM_STANDINGS)
        return {
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
                          "second_games": r.second_games}
                         for r in after[n]],
            } for n in sorted(data.standings)],
        }

    def round_json(self, data: SectionData, rnd: Round, provisional: bool) -> dict[str, Any]:
        scored = data.results.extra(TEAM_HISTORY) if not provisional and rnd.number <= data.records.rounds \
            else None
        return {"team_matches": [team_match_json(data, m, rnd.number, scored) for m in rnd.team_matches],
                "team_byes": list(rnd.team_byes)}


PAGES = TeamPages()
