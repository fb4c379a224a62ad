"""The FIDE (Dutch) System, C.04.3 (`site_builder.pairing.dutch`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from site_builder.engine.scoring import Records
from site_builder.model import Event, Section
from site_builder.pairing import Pairing
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
    from site_builder.pairing.dutch.why import RoundWhy


def _why(results: Computed) -> dict[int, RoundWhy]:
    """Why each paired round of the section has its pairs (`pairing.dutch.why`), by round number,
    each memoized by the rounds up to it."""
    from site_builder.pairing.dutch.from_section import round_why

    section, recs = results.section, results.records

    def why(number: int) -> RoundWhy:
        return results.derived(number, "dutch_why", lambda: round_why(section, recs, number))

    return {rnd.number: why(rnd.number) for rnd in section.rounds if rnd.games}


#: Why each round has its pairs: its scoregroups and floats, colours and each player's nearest swaps.
PAIRING_WHY: Extra[dict[int, RoundWhy]] = Extra(WHY, _why)


class Dutch(TrfNamed, NewDefaults, Announced, System):
    generated = Profile(fide_keys, requests=True)
    name = "dutch"
    new_note = "FIDE Dutch system (C.04.3), paired by 'bulletin pair'"
    new_extra = "    first_colour: lot        # the top seed's colour in round 1: lot | white | black\n"
    pairing = PairingRules(
        pairs_requests=True,  # requested half- and full-point byes, absences (C.04.3, TRF)
        forfeits_meet=False)  # C.04.1: a forfeited game was not played, the two may still meet
    trf_type = "FIDE_DUTCH_2025"
    trf_words = ("DUTCH",)
    trf_code = "FIDE_DUTCH_2026"
    trf_codes = ("FIDE_DUTCH", "FIDE_DUTCH_2017", "FIDE_DUTCH_2026")
    extras = (PAIRING_WHY,)
    why_view = "site_builder.views.why_dutch:dutch_context"
    options = (
        Option("first_colour", "lot", ("lot", "white", "black")),  # the top seed's colour in round 1 (§5.2.5)
        Option("acceleration", "none", ("none", "baku")),  # C.04.5.1: the Baku Acceleration Method
    )

    def rules_keys(self, section: Section) -> tuple[str, ...]:
        """C.04.3 (with C.04.1 and C.04.2), and C.04.5.1 when Baku-accelerated."""
        return ("rules.dutch", *(("rules.baku",) if section.options.get("acceleration") == "baku" else ()))

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
