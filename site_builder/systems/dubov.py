"""The FIDE Dubov System, C.04.4.1 (`site_builder.pairing.dubov`)."""

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
from site_builder.systems.generated import Profile, fide_keys

if TYPE_CHECKING:
    from site_builder.pairing.dubov.why import RoundWhy


def _why(results: Computed) -> dict[int, RoundWhy]:
    """Why each paired round of the section has its pairs (`pairing.dubov.why`), by round number."""
    from site_builder.pairing.dubov.why import explain_round

    if any(p.rating is None for p in results.section.players):
        return {}  # art. 1.1: the rules read no round with a player without a rating
    return explained(results, "dubov_why", explain_round, SYSTEM.breaches)


#: Why each round has its pairs: its brackets, each table's ratings, AROs and colours, the bye.
PAIRING_WHY: Extra[dict[int, RoundWhy]] = Extra(WHY, _why)


class Dubov(FideSwiss):
    name = "dubov"
    new_note = "FIDE Dubov system (C.04.4.1), paired by 'bulletin pair'; every player needs a rating"
    new_rated = True
    generated = Profile(fide_keys, requests=True,
                        rated="the Dubov system pairs by ratings, and the arbiter gives an unrated player a "
                              "provisional one (C.04.4.1 art. 1.1.2)")
    trf_type = "FIDE_DUBOV_2026"
    trf_words = ("DUBOV",)
    trf_code = "FIDE_DUBOV"  # ETT26 has no year for Dubov: FIDE_DUBOV, FIDE_DUBOV_BAKU
    trf_codes = ("FIDE_DUBOV",)
    extras = (PAIRING_WHY,)
    why_view = "site_builder.views.why_dubov:dubov_context"

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.dubov.from_section import dubov_round

        return dubov_round(section, recs, draw_seed)

    def breaches(self, before: Section, recs: Records, published: Pairing) -> list[Breach]:
        """The criteria of C.04.4.1 the published round breaks, checked one by one (`checker`)."""
        from site_builder.pairing.dubov.checker import breaches

        return breaches(before, recs, published)


SYSTEM = Dubov()
PLACE = 62  # its place in the list of systems (`SYSTEMS`, the documentation's order)
