"""All-play-all by Berger tables, in the section's player order (rules/common.md §7)."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Event, Section
from site_builder.pairing import Pairing
from site_builder.systems.base import System


class RoundRobin(System):
    name = "round-robin"
    keeps_apart = False
    leaves_out = False
    new_note = "round robin (Berger tables), paired by 'bulletin pair'"
    all_play_all = True
    trf_type = "Round Robin"
    trf_words = ("ROUND", "ROBIN")
    trf_code = "FIDE_ROUNDROBIN"
    trf_codes = ("BERGER_ROUNDROBIN", "FIDE_ROUNDROBIN", "BERGER_DOUBLEROUNDROBIN", "FIDE_DOUBLEROUNDROBIN")

    def default_rounds(self, players: int) -> int:
        """Every player meets every other: n − 1 rounds, n with a bye for an odd n.

        >>> RoundRobin().default_rounds(8), RoundRobin().default_rounds(7), RoundRobin().default_rounds(0)
        (7, 7, 7)
        """
        return players - 1 + players % 2 if players else 7

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.round_robin import round_robin_pairing

        return round_robin_pairing([p.number for p in section.players], section.current_round + 1)


SYSTEM = RoundRobin()
