"""The staged Swiss of seed 003: preliminaries, elimination, main stage and a final round by
position segments; its rounds follow from the number of entrants."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.engine.standings import Standings, staged_standings
from site_builder.model import Event, Section
from site_builder.pairing import Pairing
from site_builder.regulations.gomoku import round_count
from site_builder.systems.base import System


class StagedSwiss(System):
    name = "staged-swiss"
    keeps_apart = False
    leaves_out = False
    eliminates = True
    looks_ahead = True  # eliminations and withdrawals after round n change the table after round n

    def planned_rounds(self, entrants: int) -> tuple[int, str]:
        """Seed 003 §1: the count follows from the number of entrants."""
        return round_count(entrants)

    def rematch_free_from(self, planned: int) -> int:
        """Seed 003 §3.1.1: no rematch until the second-to-last round; the final may repeat one."""
        return planned

    def standings(self, section: Section, recs: Records, upto: int, draw_seed: int | None) -> Standings:
        return staged_standings(section, recs, upto, draw_seed)

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.staged import next_staged_round

        return next_staged_round(section, recs, draw_seed)


SYSTEM = StagedSwiss()
