"""The shogi league's part of `event.json` (seed 000; docs/exports.md): the stage-1 group tables,
the stage-2 ranking, the challenges, the final ranking with every term of the formula, the schools,
the awards and the playoffs still needed — read from the same `EventResults` as the league's pages
(no computation here)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from site_builder.engine.league import league_of
from site_builder.engine.league_event import LeagueRow
from site_builder.engine.prizes import Award
from site_builder.model import Event, Outcome
from site_builder.results import EventResults

CHALLENGE_OUTCOMES = {
    Outcome.FIRST_WINS: "win", Outcome.FIRST_WINS_FORFEIT: "win", Outcome.DRAW: "draw",
    Outcome.SECOND_WINS: "loss", Outcome.SECOND_WINS_FORFEIT: "loss", Outcome.DOUBLE_FORFEIT: "loss",
    Outcome.PENDING: "pending",
}


def _exact(value: Decimal) -> str:
    """An exact decimal string without trailing zeros ("121.167", "75", "1.04", "-2.7", "0")."""
    text = f"{value.normalize():f}"
    return "0" if text in ("-0", "0") else text


def _prizes(awards: list[Award]) -> dict[int, dict[str, str]]:
    return {entry: {"amount": _exact(award.amount), "item": award.prize.item}
            for award in awards for entry in award.players}


def _row(row: LeagueRow) -> dict[str, Any]:
    return {"rank": row.rank, "player": row.player, "a": _exact(row.a), "x": _exact(row.x),
            "c": _exact(row.c), "y": row.y, "b": row.b, "k": _exact(row.k), "d": _exact(row.d),
            "d_set": row.d_set, "score": _exact(row.score), "playoff": row.playoff}


def league_document(event: Event, results: EventResults) -> dict[str, Any]:
    """The `league` object of `event.json`."""
    league = results.league
    assert league is not None
    decided = league_of(event)
    individual = _prizes(results.league_prizes)
    schools = _prizes(results.school_prizes)
    violations: dict[int, list[str]] = {}
    for index, message in league.violations:
        violations.setdefault(index, []).append(message)
    return {
        "complete": league.complete,
        "groups": [{"section": section_id, "rows": [
            {"place": row.place, "player": row.player, "wins": row.wins, "draws": row.draws,
             "tsume": row.tsume, "score1": _exact(row.score1), "x": _exact(row.x),
             "x_adjusted": row.x_adjusted, "playoff": row.playoff} for row in rows]}
            for section_id, rows in league.groups.items()],
        "finals": dict(sorted(league.finals.items())),
        "b_final_winner": league.b_final_winner,
        "stage2": [_row(row) for row in league.stage2],
        "targets": [{"player": player, "targets": list(allowed)}
                    for player, allowed in league.targets.items()],
        "challenges": [{"challenger": c.challenger, "target": c.target,
                        "outcome": CHALLENGE_OUTCOMES[c.outcome],
                        "c": _exact(league.challenge_points.get(c.challenger, Decimal(0)))
                        if index not in violations else "0",
                        "errors": violations.get(index, [])}
                       for index, c in enumerate(decided.challenges)],
        "final": [{**_row(row), "award": row.award, "special_grant": row.player in decided.award_overrides,
                   "certificate": row.certificate, "prize": individual.get(row.player)}
                  for row in league.final],
        "schools": [{"school": row.school, "rank": row.rank, "scores": [_exact(v) for v in row.scores],
                     "total": row.total, "listed_only": row.listed_only, "playoff": row.playoff,
                     "award": league.school_awards.get(row.school), "prize": schools.get(index)}
                    for index, row in enumerate(league.schools)],
        "playoffs": {
            "groups": {section_id: groups for section_id, groups in sorted(league.group_playoffs.items())},
            "b_final": list(league.b_final_playoff),
            "stage2": league.stage2_playoffs,
            "final": league.playoffs,
            "schools": [row.school for row in league.schools if row.playoff],
        },
    }
