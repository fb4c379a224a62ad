"""The FIDE (Dutch) System, C.04.3 (`site_builder.pairing.dutch`)."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Event, Section
from site_builder.pairing import Pairing
from site_builder.systems.base import System


class Dutch(System):
    name = "dutch"
    new_note = "FIDE Dutch system (C.04.3), paired by 'bulletin pair'"
    new_extra = "    first_colour: lot        # the top seed's colour in round 1: lot | white | black\n"
    pairs_requests = True  # requested half- and full-point byes, absences (C.04.3, TRF)
    forfeits_meet = False  # C.04.1: a forfeited game was not played, the two may still meet
    accelerates = True  # C.04.5.1: the Baku Acceleration Method
    trf_type = "FIDE_DUTCH_2025"
    trf_words = ("DUTCH",)
    trf_code = "FIDE_DUTCH_2026"
    trf_codes = ("FIDE_DUTCH", "FIDE_DUTCH_2017", "FIDE_DUTCH_2026")

    def rules_keys(self, section: Section) -> tuple[str, ...]:
        """C.04.3 (with C.04.1 and C.04.2), and C.04.5.1 when Baku-accelerated."""
        return ("rules.dutch", *(("rules.baku",) if section.acceleration == "baku" else ()))

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.dutch.from_section import dutch_round

        return dutch_round(section, recs, draw_seed)

    def criterion(self, section: Section, recs: Records, published: Pairing, engine: Pairing
                  ) -> tuple[str, str] | None:
        from site_builder.pairing.dutch.from_section import criterion

        found = criterion(section, recs, published, engine)
        return found.code, found.worse


SYSTEM = Dutch()
