"""The FIDE Lim System, C.04.4.3 (`site_builder.pairing.lim`).

TRF-2026's Tournament-Type Code Table has no code for it: a Lim section is written with the
table's code for a Swiss system outside it, `192 CUSTOM_SWISS`, and named in the free text of
`092 Swiss Lim` (the words other programs read it by); the Baku acceleration, which C.04.7
allows in any tournament with the standard scoring, goes in the `250` records (the table has no
`CUSTOM_SWISS_BAKU`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    from site_builder.pairing.lim.why import LimWhy


def _why(results: Computed) -> dict[int, LimWhy]:
    """Why each paired round of the section has its pairs (`pairing.lim.why`), by round number."""
    from site_builder.pairing.lim.why import round_why

    return explained(results, "lim_why", round_why, SYSTEM.breaches)


#: Why each round has its pairs: its scoregroups in the order of art. 2.2, floats, bye and colours.
PAIRING_WHY: Extra[dict[int, LimWhy]] = Extra(WHY, _why)


class Lim(FideSwiss):
    name = "lim"
    new_note = "FIDE Lim system (C.04.4.3), paired by 'bulletin pair'"
    trf_type = "Swiss Lim"  # the 092 text chesspairing reads a Lim file by
    trf_words = ("LIM SYSTEM", "SWISS LIM", "FIDE_LIM", "FIDE LIM")
    trf_code = "CUSTOM_SWISS"
    trf_codes = ("CUSTOM_SWISS",)  # the hand Swiss's too, which comes first: the 092 text tells them apart
    extras = (PAIRING_WHY,)
    why_view = "site_builder.views.why_lim:lim_context"

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.lim.from_section import lim_round

        return lim_round(section, recs, draw_seed)

    def breaches(self, before: Section, recs: Records, published: Pairing) -> list[Breach]:
        """Each criterion of C.04.4.3 the published round breaks (`pairing.lim.checker`)."""
        from site_builder.pairing.lim.checker import breaches

        return breaches(before, recs, published)


SYSTEM = Lim()
PLACE = 66  # its place in the list of systems (`SYSTEMS`, the documentation's order)
