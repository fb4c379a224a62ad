"""The FIDE Burstein system, C.04.4.2 as in force from 1 February 2026 (`site_builder.pairing.burstein`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

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
    from site_builder.pairing.burstein.why import RoundWhy


def _why(results: Computed) -> dict[int, RoundWhy]:
    """Why each paired round of the section has its pairs (`pairing.burstein.why`), by round number,
    each memoized by the rounds up to it."""
    from site_builder.pairing.burstein.from_section import round_why

    section, recs = results.section, results.records

    def why(number: int) -> RoundWhy:
        return results.derived(number, "burstein_why", lambda: round_why(section, recs, number))

    return {rnd.number: why(rnd.number) for rnd in section.rounds if rnd.games}


#: Why each round has its pairs: its brackets by Index, the floaters, each table's colours.
PAIRING_WHY: Extra[dict[int, RoundWhy]] = Extra(WHY, _why)


class Burstein(TrfNamed, NewDefaults, Announced, System):
    generated = Profile(fide_keys, requests=True)
    name = "burstein"
    titles: ClassVar[dict[str, str]] = {
        "en": "FIDE Burstein system", "zh": "伯恩斯坦制", "ja": "バースタイン・システム"}
    new_note = "FIDE Burstein system (C.04.4.2), paired by 'bulletin pair'"
    new_extra = "    first_colour: lot        # the top seed's colour in round 1: lot | white | black\n"
    pairing = PairingRules(
        pairs_requests=True,  # requested half- and full-point byes, absences (C.04.1, TRF)
        forfeits_meet=False)  # C.04.1: a forfeited game was not played, the two may still meet
    trf_type = "FIDE_BURSTEIN"
    trf_words = ("BURSTEIN",)
    trf_code = "FIDE_BURSTEIN"  # the code of FIDE's Tournament-Type Code Table (ETT26)
    trf_codes = ("FIDE_BURSTEIN",)  # `_BAKU` (acceleration: baku) is read by the TRF importer
    extras = (PAIRING_WHY,)
    why_view = "site_builder.views.why_burstein:burstein_context"
    options = (
        Option("first_colour", "lot", ("lot", "white", "black")),  # the initial colour (art. 5.2.1)
        Option("acceleration", "none", ("none", "baku")),  # C.04.5.1: the Baku Acceleration Method
    )

    def rules_keys(self, section: Section) -> tuple[str, ...]:
        """C.04.4.2 (with C.04.1 and C.04.2), and C.04.5.1 when Baku-accelerated."""
        return ("rules.burstein", *(("rules.baku",) if section.options.get("acceleration") == "baku" else ()))

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
