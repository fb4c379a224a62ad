"""The FIDE Lim System, C.04.4.3 (`site_builder.pairing.lim`).

TRF-2026's Tournament-Type Code Table has no code for it: a Lim section is written with the
table's code for a Swiss system outside it, `192 CUSTOM_SWISS`, and named in the free text of
`092 Swiss Lim` (the words other programs read it by); the Baku acceleration, which C.04.5.1
allows in any tournament with the standard scoring, goes in the `250` records (the table has no
`CUSTOM_SWISS_BAKU`)."""

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
    from site_builder.pairing.lim.why import LimWhy


def _why(results: Computed) -> dict[int, LimWhy]:
    """Why each paired round of the section has its pairs (`pairing.lim.why`), by round number,
    each memoized by the rounds up to it."""
    from site_builder.pairing.lim.why import round_why

    section, recs = results.section, results.records

    def why(number: int) -> LimWhy:
        return results.derived(number, "lim_why", lambda: round_why(section, recs, number))

    return {rnd.number: why(rnd.number) for rnd in section.rounds if rnd.games}


#: Why each round has its pairs: its scoregroups in the order of art. 2.2, floats, bye and colours.
PAIRING_WHY: Extra[dict[int, LimWhy]] = Extra(WHY, _why)


class Lim(TrfNamed, NewDefaults, Announced, System):
    name = "lim"
    new_note = "FIDE Lim system (C.04.4.3), paired by 'bulletin pair'"
    new_extra = "    first_colour: lot        # the top seed's colour in round 1: lot | white | black\n"
    pairing = PairingRules(
        pairs_requests=True,  # requested half- and full-point byes, absences (C.04.2, TRF)
        forfeits_meet=False)  # C.04.1: a forfeited game was not played, the two may still meet
    trf_type = "Swiss Lim"  # the 092 text chesspairing reads a Lim file by
    trf_words = ("LIM SYSTEM", "SWISS LIM", "FIDE_LIM", "FIDE LIM")
    trf_code = "CUSTOM_SWISS"
    trf_codes = ("CUSTOM_SWISS",)  # the hand Swiss's too, which comes first: the 092 text tells them apart
    generated: ClassVar[Profile] = Profile(fide_keys, requests=True)
    extras = (PAIRING_WHY,)
    why_view = "site_builder.views.why_lim:lim_context"
    options = (
        Option("first_colour", "lot", ("lot", "white", "black")),  # the top seed's colour in round 1
        Option("acceleration", "none", ("none", "baku")),  # C.04.5.1: the Baku Acceleration Method
    )

    def rules_keys(self, section: Section) -> tuple[str, ...]:
        """C.04.4.3 (with C.04.1 and C.04.2), and C.04.5.1 when Baku-accelerated."""
        return ("rules.lim", *(("rules.baku",) if section.options.get("acceleration") == "baku" else ()))

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
