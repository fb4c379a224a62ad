"""What the tables of a team event mean, under each of them: home and away with the side each board
plays, game points (局分) and match points (场分) with the tie rule of the section's match scoring,
the standings' columns and ranking order, the crosstable's and the team card's cells, the board
statistics. Every number comes from the section's scoring; the articles cited are the regulation's
(`Preset.articles`: seed 001's 细则一、2⑶ for the tie split 1 / 1.5 by the 后手 boards)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Literal

from site_builder.engine.scoring import Kind
from site_builder.engine.teams import team_of
from site_builder.model import Outcome
from site_builder.regulations import preset_for
from site_builder.systems import system_of
from site_builder.systems.base import TeamPlay
from site_builder.views import format as fmt
from site_builder.views.field_changes import marks_legend
from site_builder.views.section import SectionData
from site_builder.views.team_data import team_chain

Note = Literal["home_away", "scoring", "columns", "cells", "board_cells", "board_stats"]

#: The notes under each kind of team table, in order.
ROUND: tuple[Note, ...] = ("home_away", "scoring")
STANDINGS: tuple[Note, ...] = ("scoring", "columns")
CROSSTABLE: tuple[Note, ...] = ("cells", "scoring")
TEAM_CARD: tuple[Note, ...] = ("columns", "home_away", "scoring", "board_cells")
BOARDS: tuple[Note, ...] = ("board_stats", "scoring")

_WIN, _DRAW, _LOSS = (fmt.RESULT_MARKS[k] for k in (Kind.WIN, Kind.DRAW, Kind.LOSS))


def team_legend(data: SectionData, notes: tuple[Note, ...], marks: Iterable[str] = ()) -> list[str]:
    """The legend of a team table: its `notes`, then what the field's marks it shows mean (`marks`:
    withdrew, late entry)."""
    return [*(line for note in notes for line in _NOTES[note](data)), *marks_legend(data.labels, marks)]


def _cite(data: SectionData, topic: str) -> str:
    article = preset_for(data.event.regulation, data.event.game).article(topic)
    return data.labels("cite", article=article) if article else ""


def _value(points: Fraction) -> str:
    return fmt.points(points, whole=True)


def _sides(data: SectionData) -> tuple[str, str]:
    t, game = data.labels, data.event.game
    return t.side(game, False), t.side(game, True)


def _home_away(data: SectionData) -> list[str]:
    """主队第 1、2 台为红方、第 3 台为黑方 (the pairing's colours, 五、1), results home : away."""
    boards = team_of(data.section).boards
    if boards < 2:
        return []
    t, (first, second) = data.labels, _sides(data)
    play = system_of(data.section)
    if not isinstance(play, TeamPlay):
        return []
    home_first = play.home_first
    home = [str(b) for b in range(1, boards + 1) if home_first(b, boards)]
    away = [str(b) for b in range(1, boards + 1) if not home_first(b, boards)]
    return [t("legend_home_away", home=t.list_sep.join(home), away=t.list_sep.join(away),
              first=first, second=second, first_mark=first[:1], second_mark=second[:1],
              win=fmt.result(Outcome.FIRST_WINS, data.event.game), cite=_cite(data, "home_away"))]


def _scoring(data: SectionData) -> list[str]:
    """局分 per board and per team, 场分 per match with the tie rule (一、2⑶: 3:3 gives the home team 1,
    the away team, on the second player's side on more boards, 1.5)."""
    t, scoring, match = data.labels, data.section.scoring, team_of(data.section).match_scoring
    games = t("legend_game_points", win=_value(scoring.win), draw=_value(scoring.draw),
              loss=_value(scoring.loss))
    if match.home_draw != match.away_draw:
        half = _value(scoring.draw * team_of(data.section).boards)
        tie = t("legend_tie_split", score=f"{half}:{half}", second=_sides(data)[1],
                home=_value(match.home_draw), away=_value(match.away_draw))
    else:
        tie = t("legend_tie_even", draw=_value(match.home_draw))
    return [games, t("legend_match_points", win=_value(match.win), loss=_value(match.loss), tie=tie,
                     cite=_cite(data, "match_points"))]


def _columns(data: SectionData) -> list[str]:
    if (ranked_by := team_chain(data)) is not None:  # C.07 team tiebreaks (fide-team)
        primary, chain = ranked_by
        t = data.labels
        return [t("legend_fide_team_ranking", primary=t.match_points if primary == "M" else t.game_points,
                  chain=t.list_sep.join(tb.name for tb in chain)),
                *(t(f"legend_team_tb_{kind}") for kind in dict.fromkeys(tb.kind for tb in chain)
                  if kind in ("bh", "sb", "de"))]
    return [data.labels("legend_team_columns", second=_sides(data)[1], cite=_cite(data, "team_ranking"))]


def _cells(data: SectionData) -> list[str]:
    t = data.labels
    return [t("legend_team_cells", win=_WIN, draw=_DRAW, loss=_LOSS, home=t("role.H"), away=t("role.A"))]


def _board_cells(data: SectionData) -> list[str]:
    first = _sides(data)[0]
    return [data.labels("legend_board_cells", win=_WIN, draw=_DRAW, loss=_LOSS, first=first,
                        first_mark=first[:1])]


def _board_stats(data: SectionData) -> list[str]:
    return [data.labels.legend_board_stats]


_NOTES = {"home_away": _home_away, "scoring": _scoring, "columns": _columns, "cells": _cells,
          "board_cells": _board_cells, "board_stats": _board_stats}
