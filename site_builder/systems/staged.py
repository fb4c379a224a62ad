"""The staged Swiss of seed 003: preliminaries, elimination, main stage and a final round by
position segments; its rounds follow from the number of entrants."""

from __future__ import annotations

from collections.abc import Mapping

from site_builder.engine import staged
from site_builder.engine.scoring import Records
from site_builder.engine.standings import Standings, staged_standings
from site_builder.errors import Problems
from site_builder.model import Event, Section
from site_builder.pairing import Pairing
from site_builder.regulations.gomoku import round_count
from site_builder.systems.base import (
    Computed,
    Extra,
    Option,
    PairingRules,
    Ranking,
    Schedule,
    Stages,
    System,
    TrfNamed,
    refuse_late_entries,
)
from site_builder.systems.generated import Profile


def _elimination(results: Computed) -> staged.Elimination | None:
    """Who does not continue after the preliminaries, once they are played."""
    if results.records.rounds < staged.PRELIMINARY_ROUNDS:
        return None
    return staged.elimination(results.section, results.records, results.section.eliminate_after_prelims)


def _final_placing(results: Computed) -> list[staged.FinalPlace] | None:
    """The final placing (§5.2) of every player, once the final round is paired: the standings after
    it when it has results (the same places), else as far as it is decided."""
    section, final, tables = results.section, results.section.rounds_planned, results.standings
    if section.current_round < final or final - 1 not in tables:
        return None
    if final in tables:
        return [staged.FinalPlace(row.place, row.player, row.decided) for row in tables[final].rows]
    before = [row.player for row in tables[final - 1].rows]
    return staged.final_order(section, results.records, before)


ELIMINATION = Extra("elimination", _elimination)
FINAL_PLACING = Extra("final_placing", _final_placing)


class StagedSwiss(TrfNamed, Schedule, Stages, System):
    generated = Profile()
    name = "staged-swiss"
    pairing = PairingRules(keeps_apart=False, leaves_out=False)
    ranking = Ranking(looks_ahead=True)  # eliminations and withdrawals after round n change its table
    options = (Option("eliminate_after_prelims", True),)  # §2.1.1
    extras = (ELIMINATION, FINAL_PLACING)
    page_set = "site_builder.views.staged:PAGES"

    def check(self, event: Event, section: Section, problems: Problems) -> None:
        """Besides the base checks: the stages and their rounds follow from the players of round 1
        (seed 003 §1), so a player added after it cannot join."""
        super().check(event, section, problems)
        refuse_late_entries(section, problems, "a staged Swiss's field")

    def planned_rounds(self, entrants: int) -> tuple[int, str]:
        """Seed 003 §1: the count follows from the number of entrants."""
        return round_count(entrants)

    def rematch_free_from(self, planned: int, options: Mapping[str, bool | int | str]) -> int:
        """Seed 003 §3.1.1: no rematch until the second-to-last round; the final may repeat one."""
        return planned

    def stage(self, round_number: int, planned: int) -> str:
        """Preliminaries, main stage or final round ("prelim", "main", "final")."""
        return staged.stage(round_number, planned)

    def out_before(self, results: Computed, round_number: int) -> frozenset[int]:
        """Those eliminated after the preliminaries, from the main stage on."""
        elimination = results.extra(ELIMINATION)
        if elimination is None or round_number <= staged.PRELIMINARY_ROUNDS:
            return frozenset()
        return frozenset(elimination.out)

    def standings(self, section: Section, recs: Records, upto: int, draw_seed: int | None) -> Standings:
        return staged_standings(section, recs, upto, draw_seed)

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.staged import next_staged_round

        return next_staged_round(section, recs, draw_seed)


SYSTEM = StagedSwiss()
PLACE = 20  # its place in the list of systems (`SYSTEMS`, the documentation's order)
