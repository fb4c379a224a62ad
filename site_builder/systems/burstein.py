"""The FIDE Burstein system, C.04.4.2 as in force from 1 February 2026 (`site_builder.pairing.burstein`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from site_builder.engine.scoring import Records
from site_builder.model import Event, Section
from site_builder.pairing import Pairing
from site_builder.pairing.breach import Breach
from site_builder.systems.base import PAIRING_WHY as WHY
from site_builder.systems.base import (
    Computed,
    Extra,
)
from site_builder.systems.fide_swiss import FideSwiss, explained

if TYPE_CHECKING:
    from site_builder.pairing.burstein.why import RoundWhy


def _why(results: Computed) -> dict[int, RoundWhy]:
    """Why each paired round of the section has its pairs (`pairing.burstein.why`), by round number."""
    from site_builder.pairing.burstein.from_section import round_why

    return explained(results, "burstein_why", round_why, SYSTEM.breaches)


#: Why each round has its pairs: its brackets by Index, the floaters, each table's colours.
PAIRING_WHY: Extra[dict[int, RoundWhy]] = Extra(WHY, _why)


class Burstein(FideSwiss):
    name = "burstein"
    titles: ClassVar[dict[str, str]] = {
        "en": "FIDE Burstein system", "zh": "伯恩斯坦制", "ja": "バースタイン・システム"}
    new_note = "FIDE Burstein system (C.04.4.2), paired by 'bulletin pair'"
    trf_type = "FIDE_BURSTEIN"
    trf_words = ("BURSTEIN",)
    trf_code = "FIDE_BURSTEIN"  # the code of FIDE's Tournament-Type Code Table (ETT26)
    trf_codes = ("FIDE_BURSTEIN",)  # `_BAKU` (acceleration: baku) is read by the TRF importer
    extras = (PAIRING_WHY,)
    why_view = "site_builder.views.why_burstein:burstein_context"

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.burstein.from_section import burstein_round

        return burstein_round(section, recs, draw_seed)

    def breaches(self, before: Section, recs: Records, published: Pairing) -> list[Breach]:
        """The criteria of C.04.4.2 the published round breaks, checked one by one
        (`pairing.burstein.checker`, which never calls the engine)."""
        from site_builder.pairing.burstein.checker import section_breaches

        return section_breaches(before, recs, published)


SYSTEM = Burstein()
PLACE = 64  # its place in the list of systems (`SYSTEMS`, the documentation's order)
