"""FIDE C.07's tiebreaks for team events, as the FIDE team Swiss (C.04.6) ranks its teams.

A team's round is a match (won, drawn or lost on game points; played, or forfeited when no game of
it was played), a pairing-allocated bye, or a round without a match. Each criterion counts one of
the two scores, match points (MP) or game points (GP), named as C.07 and TRF-2026's `202` record
(and Gacrux, FIDE's reference checker) name them:

- `MP`, `GP`: the score itself (the one that is not the primary score, as a tiebreak);
- `BH:MP`, `BH:GP` (`BH`: the primary score), with `/C1`, `/C2` (cut) or `/M1` (median): the
  opponents' scores, unplayed rounds counted by Article 16 (`fide_unplayed`);
- `EMMSB`, `EMGSB`, `EGMSB`, `EGGSB`: extended Sonneborn-Berger, each opponent's score (the first
  letter) times the team's own score in the match with it (the second); `SB` is the primary score
  times itself, `ESB` the primary score of the opponent times the team's other score;
- `DE`: direct encounter (Article 6) on the primary score; `TPN`: the team's pairing number.

Scores are integers: match points in half points, game points in `scale` units of a board's point.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from site_builder.engine import fide_unplayed as a16
from site_builder.engine.fide_tiebreaks import encounters_of
from site_builder.engine.scoring import Entry, Kind
from site_builder.engine.standings import column_key, split_ties
from site_builder.engine.teams import TeamEntry, TeamRow, team_rows
from site_builder.engine.tiebreaks import Value

#: The score letters: match points, game points.
SCORES = ("M", "G")
_NAME = re.compile(r"^(?:(?P<score>MP|GP)(?:TS)?|(?P<bh>BH)(?::(?P<bhs>MP|GP))?(?:/(?P<cut>[CM])(?P<n>[12]))?"
                   r"|(?P<sb>E?SB)(?::(?P<sbs>MP|GP))?|E(?P<opp>[MG])(?P<own>[MG])SB|(?P<de>DE)|(?P<tpn>TPN))$")


@dataclass(frozen=True)
class TeamTiebreak:
    """One criterion of a team chain: its `name` as written, what it counts (`kind`: score, bh, sb,
    de, tpn), the score of the opponents or the score itself (`opponent`: M or G), the team's own
    score in a Sonneborn-Berger product (`own`), and the cut of a Buchholz."""

    name: str
    kind: str
    opponent: str = "M"
    own: str = "M"
    cut: int = 0
    median: int = 0

    @property
    def lower_is_better(self) -> bool:
        return self.kind == "tpn"


def team_tiebreak(name: str, primary: str) -> TeamTiebreak | None:
    """The criterion `name` names (C.07 / TRF `202` spelling, any case), `primary` the primary
    score's letter (M or G); None for a name that is none."""
    m = _NAME.match(name.strip().upper())
    if m is None:
        return None
    other = "G" if primary == "M" else "M"
    text = name.strip().upper()
    if m["score"]:
        return TeamTiebreak(text, "score", m["score"][0])
    if m["bh"]:
        letter = m["bhs"][0] if m["bhs"] else primary
        n = int(m["n"] or 0)
        return TeamTiebreak(text, "bh", letter, letter, n if m["cut"] == "C" else 0,
                            n if m["cut"] == "M" else 0)
    if m["sb"]:
        letter = m["sbs"][0] if m["sbs"] else primary
        own = letter if m["sb"] == "SB" else ("G" if letter == "M" else "M")
        return TeamTiebreak(text, "sb", letter, own)
    if m["opp"]:
        return TeamTiebreak(text, "sb", m["opp"], m["own"])
    return TeamTiebreak(text, "de" if m["de"] else "tpn", primary, other)


@dataclass(frozen=True)
class TeamScales:
    """The units of the two scores: a drawn match's match points (half points) and game points, the
    game points of a won match's board (`scale`: units of a board's point)."""

    draw: Mapping[str, int]  # score letter → a drawn match's points in units
    win: Mapping[str, int]  # score letter → the most a match can score
    unit: Mapping[str, int]  # score letter → units of one point (2 for match points, `scale` for games)


def _kind(e: TeamEntry) -> Kind:
    """The team's round as a C.07 round of Article 16."""
    if e.role == "B":
        return Kind.BYE
    if e.opponent is None:
        return Kind.NOT_PAIRED
    if e.pending:
        return Kind.PENDING
    if e.game_points == e.opponent_game_points:
        return Kind.DRAW if e.played else Kind.DOUBLE_FORFEIT
    won = e.game_points > e.opponent_game_points
    if e.played:
        return Kind.WIN if won else Kind.LOSS
    return Kind.FORFEIT_WIN if won else Kind.FORFEIT_LOSS


def entries(history: Mapping[int, tuple[TeamEntry, ...]], upto: int, score: str
            ) -> dict[int, tuple[Entry, ...]]:
    """Each team's rounds 1..`upto` as individual rounds scoring `score` (M or G)."""
    out: dict[int, tuple[Entry, ...]] = {}
    for team, rounds in history.items():
        running, items = 0, []
        for e in rounds[:upto]:
            points = e.match_points if score == "M" else e.game_points
            running += points
            items.append(Entry(e.round, _kind(e), points, running, e.opponent))
        out[team] = tuple(items)
    return out


class TeamValues:
    """The values of a team chain's criteria after a round (one object per standings table)."""

    def __init__(self, history: Mapping[int, tuple[TeamEntry, ...]], upto: int, scales: TeamScales) -> None:
        self.scales = scales
        self.rounds = {s: entries(history, upto, s) for s in SCORES}
        self.totals = {s: {t: (h[-1].running if h else 0) for t, h in by.items()}
                       for s, by in self.rounds.items()}
        self._elements: dict[str, dict[int, list[a16.Element]]] = {}

    def elements(self, score: str) -> dict[int, list[a16.Element]]:
        """Each team's Buchholz elements on `score` (Article 16: a bye's dummy scores the team's own)."""
        if score not in self._elements:
            rounds, totals = self.rounds[score], self.totals[score]
            adjusted = {t: a16.adjusted_score(h, self.scales.draw[score]) for t, h in rounds.items()}
            self._elements[score] = {t: a16.elements(h, totals[t], adjusted, False)
                                     for t, h in rounds.items()}
        return self._elements[score]

    def value(self, tb: TeamTiebreak, team: int) -> Fraction | int:
        """The criterion's value for `team`, in points (a product of two scores for SB)."""
        unit = self.scales.unit
        if tb.kind == "score":
            return Fraction(self.totals[tb.opponent][team], unit[tb.opponent])
        if tb.kind == "tpn":
            return team
        kept = a16.cut(self.elements(tb.opponent)[team], tb.cut + tb.median, tb.median)
        if tb.kind == "bh":
            return Fraction(sum(el.value for el in kept), unit[tb.opponent])
        own = {e.round: e.points for e in self.rounds[tb.own][team]}
        return Fraction(sum(el.value * own[el.round] for el in kept), unit[tb.opponent] * unit[tb.own])

    def encounters(self, group: list[int], primary: str) -> dict[int, Value | None] | None:
        """DE (Article 6) among the tied `group` on the primary score."""
        return encounters_of(self.rounds[primary], group, False, self.scales.win[primary])


def chain_of(text: str, primary: str) -> tuple[TeamTiebreak, ...]:
    """The criteria a section's `team_tiebreaks` names (the names `team_tiebreak` knows; others are
    refused where the section is read)."""
    return tuple(tb for name in text.split() if (tb := team_tiebreak(name, primary)) is not None)


def ranked(history: Mapping[int, tuple[TeamEntry, ...]], upto: int, primary: str,
           chain: tuple[TeamTiebreak, ...], scales: TeamScales) -> list[TeamRow]:
    """The teams after round `upto`: the primary score, then `chain`, then the pairing number; each
    row with its chain's values (DE only where it decides among teams still tied)."""
    data = TeamValues(history, upto, scales)
    teams = sorted(history)
    columns: list[dict[int, Value | None]] = []
    groups = split_ties([teams], lambda t: -data.totals[primary][t])
    for tb in chain:
        if tb.kind == "de":
            column: dict[int, Value | None] = dict.fromkeys(teams)
            for group in groups:
                if len(group) > 1 and (scored := data.encounters(group, primary)) is not None:
                    column.update(_points(scored, scales.unit[primary]))
        else:
            column = {t: data.value(tb, t) for t in teams}
        columns.append(column)
        groups = split_ties(groups, partial(column_key, column, tb.lower_is_better))
    base = {row[0]: row for row in team_rows(history, upto)}
    order = [t for group in groups for t in sorted(group)]
    return [TeamRow(place, t, *base[t][1:], values=tuple(c[t] for c in columns))
            for place, t in enumerate(order, start=1)]


def _points(values: Mapping[int, Value | None], unit: int) -> dict[int, Value | None]:
    """DE's values in points (units / `unit`), a subgroup's tuple item by item."""
    def one(v: int | Fraction | None) -> int | Fraction | None:
        return None if v is None else Fraction(v, unit)
    return {t: tuple(one(x) for x in v) if isinstance(v, tuple) else one(v) for t, v in values.items()}
