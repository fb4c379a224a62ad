"""The FIDE Dubov System, C.04.4.1 (`site_builder.pairing.dubov`)."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Event, Section
from site_builder.pairing import Pairing
from site_builder.pairing.breach import Breach
from site_builder.systems.base import Announced, NewDefaults, Option, PairingRules, System, TrfNamed
from site_builder.systems.generated import Profile, fide_keys


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
