"""The FIDE Dubov System, C.04.4.1 (`site_builder.pairing.dubov`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from site_builder.engine.scoring import Records
from site_builder.model import Event, Section
from site_builder.pairing import Pairing
from site_builder.pairing.breach import Breach
from site_builder.systems.base import PAIRING_WHY as WHY
from site_builder.systems.base import (
    Announced,
    Computed,
    Extra,
    NewDefaults,
    Option,
    PairingRules,
    System,
    TrfNamed,
)
from site_builder.systems.generated import Profile, fide_keys

if TYPE_CHECKING:
    from site_builder.pairing.dubov.why import RoundWhy


def _why(results: Computed) -> dict[int, RoundWhy]:
    """Why each paired round of the section has its pairs (`pairing.dubov.why`), by round number,
    each memoized by the rounds up to it."""
    from site_builder.pairing.dubov.why import explain_round

    section, recs = results.section, results.records
    if any(p.rating is None for p in section.players):
        return {}  # art. 1.1: the rules read no round with a player without a rating

    def why(number: int) -> RoundWhy:
        return results.derived(number, "dubov_why", lambda: explain_round(section, recs, number))

    return {rnd.number: why(rnd.number) for rnd in section.rounds if rnd.games}


#: Why each round has its pairs: its brackets, each table's ratings, AROs and colours, the bye.
PAIRING_WHY: Extra[dict[int, RoundWhy]] = Extra(WHY, _why)


class Dubov(TrfNamed, NewDefaults, Announced, System):
    generated = Profile(fide_keys, requests=True)
    name = "dubov"
    new_note = "FIDE Dubov system (C.04.4.1), paired by 'bulletin pair'; every player needs a rating"
    new_extra = "    first_colour: lot        # the initial colour (art. 5.2.1): lot | white | black\n"
    pairing = PairingRules(
        pairs_requests=True,  # requested half- and full-point byes, absences (TRF)
        forfeits_meet=False)  # C.04.1: a forfeited game was not played, the two may still meet
    trf_type = "FIDE_DUBOV_2026"
    trf_words = ("DUBOV",)
    trf_code = "FIDE_DUBOV"  # ETT26 has no year for Dubov: FIDE_DUBOV, FIDE_DUBOV_BAKU
    trf_codes = ("FIDE_DUBOV",)
    extras = (PAIRING_WHY,)
    why_view = "site_builder.views.why_dubov:dubov_context"
    options = (
        Option("first_colour", "lot", ("lot", "white", "black")),  # the initial colour (art. 5.2.1)
        Option("acceleration", "none", ("none", "baku")),  # C.04.5.1: the Baku Acceleration Method
    )

    def rules_keys(self, section: Section) -> tuple[str, ...]:
        """C.04.4.1 (with C.04.1 and C.04.2), and C.04.5.1 when Baku-accelerated."""
        return ("rules.dubov", *(("rules.baku",) if section.options.get("acceleration") == "baku" else ()))

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
