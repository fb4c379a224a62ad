"""The team results of a section as its pages show them (seed 001): `TeamData`, computed once per
section and language, with a match by its two teams (`match_view`), the team standings rows
(`standings_view`) and the team crosstable's cells (`crosstable_cell`)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from site_builder.engine.scoring import Kind
from site_builder.engine.team_tiebreaks import TeamTiebreak
from site_builder.engine.teams import BoardStatistics, TeamEntry, TeamRound
from site_builder.engine.tiebreaks import Value
from site_builder.model import Game, Outcome, Section, TeamMatch
from site_builder.systems import system_of
from site_builder.systems.fide_team import TEAM_CHAIN
from site_builder.systems.team import TEAM_BOARDS, TEAM_HISTORY, TEAM_STANDINGS
from site_builder.views import columns as cols
from site_builder.views import format as fmt
from site_builder.views.field_changes import team_changes
from site_builder.views.json_values import exact
from site_builder.views.prizes import team_prize
from site_builder.views.section import SectionData

#: A game's outcome from the other player's point of view (a board's result from the home team's).
_SWAPPED = {
    Outcome.FIRST_WINS: Outcome.SECOND_WINS, Outcome.SECOND_WINS: Outcome.FIRST_WINS,
    Outcome.FIRST_WINS_FORFEIT: Outcome.SECOND_WINS_FORFEIT,
    Outcome.SECOND_WINS_FORFEIT: Outcome.FIRST_WINS_FORFEIT,
    Outcome.DRAW: Outcome.DRAW, Outcome.DOUBLE_FORFEIT: Outcome.DOUBLE_FORFEIT,
    Outcome.PENDING: Outcome.PENDING, Outcome.FIRST_HALF: Outcome.SECOND_HALF,
    Outcome.SECOND_HALF: Outcome.FIRST_HALF, Outcome.DOUBLE_LOSS: Outcome.DOUBLE_LOSS,
}


def match_points(half: int) -> str:
    """Match points kept in half points, as shown (2.5)."""
    return fmt.points(Fraction(half, 2))


class TeamData:
    """Team results of a section, computed once for all its pages in one language."""

    def __init__(self, data: SectionData) -> None:
        self.data = data
        self.history = data.results.extra(TEAM_HISTORY)
        self.after = data.results.extra(TEAM_STANDINGS)
        game, t = data.event.game, data.labels
        self.sides = (t.side(game, False), t.side(game, True))
        self._tables: dict[int, list[dict[str, Any]]] = {}

    @property
    def boards(self) -> BoardStatistics:
        return self.data.results.extra(TEAM_BOARDS)

    @property
    def latest(self) -> int | None:
        """The last round with team standings."""
        return max(self.after) if self.after else None

    def team_url(self, team: int) -> str:
        return f"{self.data.base}/teams/{team}.html"

    def ref(self, team: int) -> dict[str, Any]:
        return {"number": team, "name": self.data.section.teams_by_number[team].name,
                "url": self.team_url(team)}

    def seat(self, player: int, second: bool) -> dict[str, Any]:
        """A player on a board with the side it plays: `mark` its first letter (红, R), `side` in full,
        and the player's title, federation and rating where the section has them (`facts`)."""
        side = self.sides[second]
        cells = self.data.cells(player)
        facts = " ".join(cells[c["key"]] for c in self.data.columns(cols.PAIRINGS) if cells[c["key"]])
        return {**self.data.ref(player), "side": side, "mark": side[:1], "second": second, "facts": facts}

    def table(self, n: int) -> list[dict[str, Any]]:
        """The team standings after round `n` as shown: the one table every page takes them from
        (standings, round pages and PDFs, crosstable, team cards, CSV)."""
        if n not in self._tables:
            self._tables[n] = standings_view(self, n)
        return self._tables[n]

    def row(self, team: int, n: int) -> dict[str, Any] | None:
        """A team's row of the standings after round `n` (None: it entered later)."""
        return next((row for row in self.table(n) if row["team"]["number"] == team), None)


def withdrawn_teams(section: Section, upto: int) -> Mapping[int, int]:
    """The teams that withdrew after a round up to `upto`, with that round (`Section.field_changes`)."""
    return section.field_changes.upto(upto).teams_withdrawn


def standings_view(teams: TeamData, upto: int) -> list[dict[str, Any]]:
    """The team standings rows after round `upto`, a team that withdrew or entered late marked as
    such an individual is (`team_changes`); `cells` are the ranking columns every copy of the table
    shows (`ranking_cells`)."""
    data, t = teams.data, teams.data.labels
    changes = team_changes(data.section, t, upto)
    rows = []
    for r in teams.after[upto]:
        mark, what = changes.get(r.team, ("", ""))
        row = {"place": r.place, "team": teams.ref(r.team), "mp": match_points(r.match_points),
               "cumulative": match_points(r.cumulative), "gp": data.pts(r.game_points),
               "second_points": data.pts(r.second_points), "second_games": r.second_games,
               "prize": team_prize(data.section.prizes, r.place), "mark": mark, "mark_title": what}
        rows.append({**row, "cells": ranking_cells(data, row, r.values)})
    return rows


def ranking_cells(data: SectionData, row: dict[str, Any], values: tuple[Value | None, ...]
                  ) -> list[dict[str, Any]]:
    """The columns that rank the teams, each as `label`, `value` and whether it is the `key`
    column: seed 001 二's match points, cumulative, game points, second player's points and games
    (team-swiss), or the primary score of C.04.6 art. 1.2 and the section's C.07 team tiebreaks by
    their codes (fide-team)."""
    t, ranked_by = data.labels, team_chain(data)
    if ranked_by is None:
        return [{"label": t.match_points, "value": row["mp"], "key": True},
                *({"label": label, "value": str(row[name]), "key": False} for label, name in (
                    (t.team_cumulative, "cumulative"), (t.game_points, "gp"),
                    (t.second_points_team, "second_points"), (t.second_games_team, "second_games")))]
    primary, chain = ranked_by
    first = {"label": t.match_points, "value": row["mp"]} if primary == "M" else \
        {"label": t.game_points, "value": row["gp"]}
    return [{**first, "key": True}, *({"label": tb.name, "value": _tiebreak(v), "key": False}
                                      for tb, v in zip(chain, values, strict=True))]


def team_chain(data: SectionData) -> tuple[str, tuple[TeamTiebreak, ...]] | None:
    """The primary score's letter and the C.07 team tiebreaks the section ranks its teams by
    (fide-team's `TEAM_CHAIN`); None for a system without them (team-swiss: seed 001 二)."""
    return data.results.extra(TEAM_CHAIN) if TEAM_CHAIN in system_of(data.section).extras else None


def team_chain_names(data: SectionData) -> list[str]:
    """The names of the section's C.07 team tiebreaks (fide-team's `team_tiebreaks`), in order; none
    for a team-swiss section."""
    ranked_by = team_chain(data)
    return [tb.name for tb in ranked_by[1]] if ranked_by is not None else []


def team_tiebreak_json(value: Value | None) -> str | list[str | None] | None:
    """A team tiebreak's value in event.json: exact points, DE's per subgroup a list, null without."""
    if value is None:
        return None
    if isinstance(value, tuple):
        return [None if v is None else exact(v) for v in value]
    return exact(value)


def cell_labels(rows: list[dict[str, Any]]) -> list[str]:
    """The headings of a standings table's ranking columns (`ranking_cells`)."""
    return [cell["label"] for cell in rows[0]["cells"]] if rows else []


def _tiebreak(value: Value | None) -> str:
    """A team tiebreak's value as shown: points, a DE score per subgroup, blank without a value."""
    if value is None:
        return ""
    if isinstance(value, tuple):
        return "/".join(_tiebreak(v) for v in value)
    return fmt.points(Fraction(value))


def home_outcome(section: Section, match: TeamMatch, game: Game) -> Outcome:
    """A board's outcome from the home team's side, as the match shows it (home : away)."""
    return game.outcome if section.team_of[game.first] == match.home else _SWAPPED[game.outcome]


def match_view(teams: TeamData, match: TeamMatch, number: int) -> dict[str, Any]:
    """A match by its two teams: each board with the home and the away player and the side each
    plays, its result from the home team's side (home : away), and once every board has a result
    both teams' game points and match points and who won."""
    data, t = teams.data, teams.data.labels
    boards = []
    for index, game in enumerate(match.games, start=1):
        home_first = data.section.team_of[game.first] == match.home
        home, away = (game.first, game.second) if home_first else (game.second, game.first)
        boards.append({
            "board": index, "home": teams.seat(home, not home_first), "away": teams.seat(away, home_first),
            "result": fmt.result(home_outcome(data.section, match, game), data.event.game),
            "pending": game.outcome is Outcome.PENDING,
        })
    played = number <= data.records.rounds
    home_entry = teams.history[match.home][number - 1] if played else None
    away_entry = teams.history[match.away][number - 1] if played else None
    view: dict[str, Any] = {"table": match.table, "home": teams.ref(match.home),
                            "away": teams.ref(match.away), "boards": boards, "scored": False, "score": "",
                            "game_points": [], "match_points": [], "verdict": ""}
    if home_entry is None or away_entry is None or home_entry.pending:
        return view
    ours, theirs = home_entry.game_points, away_entry.game_points
    view.update(
        scored=True, score=f"{data.pts(ours)}:{data.pts(theirs)}",
        game_points=[data.pts(ours), data.pts(theirs)],
        match_points=[match_points(home_entry.match_points), match_points(away_entry.match_points)],
        verdict=t.match_home_won if ours > theirs else t.match_away_won if ours < theirs else t.match_tied)
    return view


def crosstable_cell(teams: TeamData, team: int, entry: TeamEntry) -> dict[str, str]:
    """A team's round in the crosstable: its game points and its opponent's with the match's result
    (`4:2+`), under them the opponent's number and the team's role (`7主`); a bye, an absence or a
    withdrawal in words."""
    data, t, section = teams.data, teams.data.labels, teams.data.section
    cell = {"score": "", "mark": "", "opponent": "", "url": "", "title": "", "cls": ""}
    if entry.role == "B":
        return {**cell, "text": t.bye, "cls": "bye"}
    if entry.opponent is None:  # absent this round, or withdrawn before it
        rnd = next((r for r in section.rounds if r.number == entry.round), None)
        text = t.absent if rnd is not None and team in TeamRound.of(rnd).teams_absent else \
            t.withdrawn_mark if team in withdrawn_teams(section, entry.round - 1) else "—"
        return {**cell, "text": text, "cls": "absent"}
    opponent = f"{entry.opponent}{t('role.' + entry.role)}"
    cell.update(opponent=opponent, url=teams.team_url(entry.opponent),
                title=section.teams_by_number[entry.opponent].name)
    if entry.pending:
        return {**cell, "score": "?", "text": f"? {opponent}", "cls": "pending"}
    ours, theirs = entry.game_points, entry.opponent_game_points
    kind = Kind.WIN if ours > theirs else Kind.LOSS if ours < theirs else Kind.DRAW
    score, mark = f"{data.pts(ours)}:{data.pts(theirs)}", fmt.RESULT_MARKS[kind]
    return {**cell, "score": score, "mark": mark, "text": f"{score}{mark} {opponent}", "cls": kind.value}
