"""DC (direct confrontation) has one home, `engine.go_scores`: the standings' `dc` tiebreak and the
pairing's order of players (a placement with DC, as OpenGotha files may have) read the same values,
computed among the players tied on the criteria before it; nothing reads a DC that was not computed."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.engine.go_scores import (
    Criterion,
    GeneralParameters,
    GoGame,
    GoPlayer,
    GoResult,
    compute_scores,
    fill_direct,
)
from site_builder.engine.go_section import go_scores
from site_builder.engine.scoring import records
from site_builder.model import Outcome, Section, Tiebreak
from site_builder.pairing.gotha.event import GothaEvent
from site_builder.pairing.gotha.parameters import GothaParameters, PlacementParameters
from site_builder.pairing.gotha.round import players_to_pair
from site_builder.systems import system_of
from site_builder.systems.go_common import GoSystem

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "2026-go-mcmahon"


def _section() -> Section:
    section = load_checked(EXAMPLE).events[0].sections[0]
    return dataclasses.replace(section, tiebreaks=(Tiebreak("dc"),))


def test_a_tie_on_mms_is_decided_by_dc_in_the_standings() -> None:
    section = _section()
    table = system_of(section).standings(section, records(section), 1, None)
    rows = {row.player: row for row in table.rows}
    # 21 and 22 both have 20 MMS after round 1; 22 beat 21 in round 1, so ranks above despite its number
    game = next(g for g in section.rounds[0].games if {g.first, g.second} == {21, 22})
    assert rows[21].points == rows[22].points
    assert (game.second if game.outcome is Outcome.SECOND_WINS else game.first) == 22
    assert (rows[22].values, rows[21].values) == ((1,), (0,))
    assert rows[22].place < rows[21].place


@pytest.mark.parametrize("upto", [1, 3, 5])
def test_the_standings_and_the_pairing_read_the_same_dc(upto: int) -> None:
    section = _section()
    system = system_of(section)
    assert isinstance(system, GoSystem)
    table = system.standings(section, records(section), upto, None)
    scores = go_scores(section, upto, system.general(section))
    fill_direct(scores.values(), (Criterion.MMS, Criterion.DC), upto)
    decided = {row.player: row.values[0] for row in table.rows}
    dc = {p: s.value(Criterion.DC, upto) for p, s in scores.items()}
    assert dc == {p: v or 0 for p, v in decided.items()}
    assert any(decided.values())


def _players() -> tuple[GoPlayer, ...]:
    # Zed and Abe: the same rank, so the same MMS once each won a game; name order puts Abe first
    return tuple(GoPlayer(name, name, "x", rank=-10) for name in ("Zed", "Abe", "Cy", "Dee"))


def _games(by_default: bool) -> tuple[GoGame, ...]:
    return (GoGame(1, "Zed", "Abe", result=GoResult.WHITE_WINS, by_default=by_default),
            GoGame(1, "Cy", "Dee", result=GoResult.WHITE_WINS),
            GoGame(2, "Cy", "Zed", result=GoResult.WHITE_WINS),
            GoGame(2, "Abe", "Dee", result=GoResult.WHITE_WINS))


def test_dc_is_not_read_before_it_is_computed() -> None:
    scores = compute_scores(_players(), _games(False), {}, GeneralParameters())
    with pytest.raises(LookupError, match="DC after round 2"):
        scores["Zed"].value(Criterion.DC, 2)


@pytest.mark.parametrize(("by_default", "first"), [(False, "Zed"), (True, "Abe")])
def test_the_pairing_orders_a_tie_by_dc(by_default: bool, first: str) -> None:
    """Zed beat Abe over the board: Zed first; a game won by default is no confrontation (OpenGotha):
    the tie stays, the name decides."""
    parameters = dataclasses.replace(GothaParameters.mcmahon(3),
                                     placement=PlacementParameters((Criterion.MMS, Criterion.DC)))
    event = GothaEvent(_players(), _games(by_default), {}, parameters)
    order = players_to_pair(event, 3)
    assert order[0] == "Cy" and order[1] == first and order[-1] == "Dee"
    scores = compute_scores(_players(), _games(by_default), {}, GeneralParameters())
    fill_direct(scores.values(), (Criterion.MMS, Criterion.DC, Criterion.SDC), 2)
    assert scores["Zed"].direct[2] == ((0, 0) if by_default else (1, 1))
