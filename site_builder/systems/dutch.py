"""The FIDE (Dutch) System, C.04.3 (`site_builder.pairing.dutch`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from site_builder.engine.scoring import Records
from site_builder.model import Event, Section
from site_builder.pairing import Pairing
from site_builder.systems.base import PAIRING_WHY as WHY
from site_builder.systems.base import (
    Computed,
    Extra,
)
from site_builder.systems.fide_swiss import FideSwiss, explained

if TYPE_CHECKING:
    from site_builder.pairing.dutch.why import RoundWhy


def _why(results: Computed) -> dict[int, RoundWhy]:
    """Why each paired round of the section has its pairs (`pairing.dutch.why`), by round number."""
    from site_builder.pairing.dutch.from_section import round_why

    return explained(results, "dutch_why", round_why, reads_pairing=True)


#: Why each round has its pairs: its scoregroups and floats, colours and each player's nearest swaps.
PAIRING_WHY: Extra[dict[int, RoundWhy]] = Extra(WHY, _why)


class Dutch(FideSwiss):
    name = "dutch"
    new_note = "FIDE Dutch system (C.04.3), paired by 'bulletin pair'"
    trf_type = "FIDE_DUTCH_2025"
    trf_words = ("DUTCH",)
    trf_code = "FIDE_DUTCH_2026"
    trf_codes = ("FIDE_DUTCH", "FIDE_DUTCH_2017", "FIDE_DUTCH_2026")
    extras = (PAIRING_WHY,)
    why_view = "site_builder.views.why_dutch:dutch_context"

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
PLACE = 60  # its place in the list of systems (`SYSTEMS`, the documentation's order)
