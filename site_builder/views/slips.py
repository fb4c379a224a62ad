"""The arbiters' prints of a round still being played: a result slip per game (board, players and
sides, a box for the result, signatures) and, in a team Swiss, each team's line-up form."""

from __future__ import annotations

from typing import Any

from site_builder.engine.teams import TeamRound
from site_builder.games.registry import game_of
from site_builder.model import Outcome, Round
from site_builder.views.page import Page
from site_builder.views.section import SectionData


def result_slips(data: SectionData, rnd: Round) -> dict[str, Any]:
    """The arbiters' result slips of a round still being played: one per game, in board order."""
    t, game = data.labels, data.event.game
    shown = [Outcome(value) for value in game_of(game).slip_results]  # go: a jigo only with a whole komi
    hint = t.slip_hint + " / ".join(data.result(o) for o in shown)
    sides = (t.side(game, False), t.side(game, True))
    if TeamRound.of(rnd).team_matches:  # by table and board of its match, under the two teams' names
        teams = data.section.teams_by_number
        labelled = [(t("match_board", table=m.table, board=b),
                     f"{teams[m.home].name} – {teams[m.away].name}", g)
                    for m in TeamRound.of(rnd).team_matches for b, g in enumerate(m.games, start=1)]
    else:
        labelled = [(t("board_line", n=g.board), "", g) for g in sorted(rnd.all_games, key=lambda g: g.board)]
    return {"slips": [{"label": label, "match": match, "first": data.ref(g.first),
                       "second": data.ref(g.second), "first_side": sides[0], "second_side": sides[1],
                       "hint": hint, "terms": data.terms(g)}
                      for label, match, g in labelled if g.outcome is Outcome.PENDING]}


def slips_url(data: SectionData, rnd: Round) -> str:
    """Where the result slips of `rnd` are: only while it has results to enter."""
    return f"{data.base}/slips-round-{rnd.number:02d}.pdf" if rnd.pending and data.pdfs else ""


def slips_pages(data: SectionData, rnd: Round, context: dict[str, Any], title: str,
                lineups: list[dict[str, Any]] | None = None) -> list[Page]:
    """The PDF of the result slips of the round page `context` (none when nothing is to be entered)."""
    url = context["slips_url"]
    if not url:
        return []
    return [Page(url, "print/slips.html", f"{title} · {data.labels.result_slips}",
                 {**context, **result_slips(data, rnd), "lineups": lineups or []}, pdf=True)]


def lineups(data: SectionData, rnd: Round) -> list[dict[str, Any]]:
    """A line-up form per team of each match of `rnd`: its boards as paired, for the captain to sign."""
    t, section, game = data.labels, data.section, data.event.game
    forms = []
    for match in TeamRound.of(rnd).team_matches:
        sides = ((match.home, match.away, t.home_team), (match.away, match.home, t.away_team))
        for team, other, role in sides:
            mine = set(section.teams_by_number[team].players) | set(section.teams_by_number[team].reserves)
            boards = [{"board": b, "name": data.name(p), "side": t.side(game, p == g.second)}
                      for b, g in enumerate(match.games, start=1) for p in (g.first, g.second) if p in mine]
            forms.append({"table": match.table, "team": section.teams_by_number[team].name, "role": role,
                          "opponent": section.teams_by_number[other].name, "boards": boards})
    return forms
