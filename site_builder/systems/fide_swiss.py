"""What FIDE's Swiss systems share (C.04.1, C.04.2): `FideSwiss`, the class each of them subclasses
(dutch, dubov, burstein, lim, double-swiss), and `explained`, the memoized explanations their
pages "Why these pairings?" read."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable
from typing import ClassVar, TypeVar

from site_builder.engine.scoring import Records
from site_builder.model import Round, Section
from site_builder.pairing import Pairing
from site_builder.pairing.breach import Breach
from site_builder.pairing.paired_from import kept_after
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

#: A system's own checker (its `breaches`): the criteria a published round breaks.
Check = Callable[[Section, Records, Pairing], list[Breach]]


class FideSwiss(TrfNamed, NewDefaults, Announced, System):
    """A FIDE Swiss system: its engine pairs requested byes and absences itself, a forfeited game is
    no meeting (C.04.1), the top seed's colour in round 1 and the Baku acceleration (C.04.7) are
    its options, and its rules (`rules.<name>` of the catalogues) are published with the Baku
    method's when it accelerates."""

    generated: ClassVar[Profile] = Profile(fide_keys, requests=True)
    new_extra = "    first_colour: lot        # the top seed's colour in round 1: lot | white | black\n"
    pairing = PairingRules(
        pairs_requests=True,  # requested half- and full-point byes, absences (C.04.2, TRF)
        forfeits_meet=False)  # C.04.1: a forfeited game was not played, the two may still meet
    options = (
        Option("first_colour", "lot", ("lot", "white", "black")),  # the top seed's colour in round 1
        Option("acceleration", "none", ("none", "baku")),  # C.04.7: the Baku Acceleration Method
    )

    def rules_keys(self, section: Section) -> tuple[str, ...]:
        """The system's rules (with C.04.1 and C.04.2), and C.04.7 when Baku-accelerated."""
        baku = section.options.get("acceleration") == "baku"
        return (f"rules.{self.name}", *(("rules.baku",) if baku else ()))


def explained(results: Computed, memo: str, explain: Callable[[Section, Records, int], T],
              check: Check | None = None, *, reads_pairing: bool = False) -> dict[int, T]:
    """Why each paired round of the section has its pairs (`explain` of the section, its records and
    the round's number), by round number, each memoized as `memo` by the rounds up to it, with what
    `bulletin verify` says of the round beside it: whether it was kept as played after a correction
    before it (`kept`) and, for a system with its own checker (`check`, its `breaches`), the criteria
    it breaks (`breaches`). `reads_pairing`: `explain` reads of the round itself only its pairing
    (`pairing_read`), so its explanation is memoized by the rounds before it and that pairing, and
    a result entered in the round computes it again no more."""
    from site_builder.systems import round_breaches

    section, recs = results.section, results.records

    def explanation(rnd: Round) -> T:
        if not reads_pairing:
            return explain(section, recs, rnd.number)
        return results.derived(rnd.number - 1, f"{memo} {pairing_read(rnd)}",
                               lambda: explain(section, recs, rnd.number))

    def said(index: int) -> T:
        rnd = section.rounds[index]
        found = {"breaches": round_breaches(section, index, check)} if check is not None else {}
        return dataclasses.replace(explanation(rnd),  # type: ignore[type-var]
                                   kept=kept_after(section, rnd), **found)

    def why(index: int) -> T:
        return results.derived(section.rounds[index].number, memo, lambda: said(index))

    return {rnd.number: why(index) for index, rnd in enumerate(section.rounds) if rnd.games}


def pairing_read(rnd: Round) -> str:
    """A digest of what a round's file says of its pairing alone: its number, its boards' players
    (White, Black), its byes, who is not paired (absent, on a requested bye, withdrawn) and the pairs
    it keeps apart (`forbidden:`), not its results."""
    boards = sorted((g.board, g.first, g.second) for g in rnd.games)
    unpaired = [sorted(players) for players in (rnd.absent, rnd.half_byes, rnd.full_byes, rnd.withdrawn)]
    read = (rnd.number, boards, sorted(rnd.byes), unpaired,
            sorted(tuple(sorted(p)) for p in rnd.provenance.forbidden))
    return hashlib.sha256(repr(read).encode()).hexdigest()
