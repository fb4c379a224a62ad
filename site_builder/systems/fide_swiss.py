"""What FIDE's Swiss systems share (C.04.1, C.04.2): `FideSwiss`, the class each of them subclasses
(dutch, dubov, burstein, lim, double-swiss), and `explained`, the memoized explanations their
pages "Why these pairings?" read."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.systems.base import (
    Announced,
    Computed,
    NewDefaults,
    Option,
    PairingRules,
    System,
    TrfNamed,
)
from site_builder.systems.generated import Profile, fide_keys

T = TypeVar("T")


class FideSwiss(TrfNamed, NewDefaults, Announced, System):
    """A FIDE Swiss system: its engine pairs requested byes and absences itself, a forfeited game is
    no meeting (C.04.1), the top seed's colour in round 1 and the Baku acceleration (C.04.5.1) are
    its options, and its rules (`rules.<name>` of the catalogues) are published with the Baku
    method's when it accelerates."""

    generated: ClassVar[Profile] = Profile(fide_keys, requests=True)
    new_extra = "    first_colour: lot        # the top seed's colour in round 1: lot | white | black\n"
    pairing = PairingRules(
        pairs_requests=True,  # requested half- and full-point byes, absences (C.04.2, TRF)
        forfeits_meet=False)  # C.04.1: a forfeited game was not played, the two may still meet
    options = (
        Option("first_colour", "lot", ("lot", "white", "black")),  # the top seed's colour in round 1
        Option("acceleration", "none", ("none", "baku")),  # C.04.5.1: the Baku Acceleration Method
    )

    def rules_keys(self, section: Section) -> tuple[str, ...]:
        """The system's rules (with C.04.1 and C.04.2), and C.04.5.1 when Baku-accelerated."""
        baku = section.options.get("acceleration") == "baku"
        return (f"rules.{self.name}", *(("rules.baku",) if baku else ()))


def explained(results: Computed, memo: str, explain: Callable[[Section, Records, int], T]) -> dict[int, T]:
    """Why each paired round of the section has its pairs (`explain` of the section, its records and
    the round's number), by round number, each memoized as `memo` by the rounds up to it."""
    section, recs = results.section, results.records

    def why(number: int) -> T:
        return results.derived(number, memo, lambda: explain(section, recs, number))

    return {rnd.number: why(rnd.number) for rnd in section.rounds if rnd.games}
