"""All-play-all by Berger tables, in the section's player order (FIDE C.05 Annex 1; rules/common.md §7).

Options: `cycles: 2` plays a double round robin (the table again, colours reversed);
`swap_last_rounds` (default true, as C.05 Annex 1 recommends) swaps the first cycle's last two
rounds of a double round robin; `table_numbers: schedule` numbers the boards by their table in
the printed Berger table (an odd field's games on tables 2.., table 1 being the bye's), `compact`
(the default) from 1 in the same order."""

from __future__ import annotations

from collections.abc import Mapping

from site_builder.engine import withdrawal
from site_builder.engine.scoring import Records, records
from site_builder.engine.standings import Standings, standings
from site_builder.errors import Problems
from site_builder.model import Event, Section
from site_builder.pairing import Pairing
from site_builder.systems.base import (
    Announced,
    NewDefaults,
    Option,
    PairingRules,
    Ranking,
    Schedule,
    System,
    TrfNamed,
    refuse_late_entries,
)
from site_builder.systems.generated import Asked, Profile


def _cycles(spec: Asked) -> list[str]:
    """A generated round robin's keys: a second cycle, and its last two rounds not swapped."""
    return [*(["cycles: 2"] if spec.cycles == 2 else []),
            *([] if spec.swap_last_rounds else ["swap_last_rounds: false"])]


class RoundRobin(TrfNamed, NewDefaults, Announced, Schedule, System):
    generated = Profile(_cycles, swiss=False, cycles=True)
    name = "round-robin"
    pairing = PairingRules(keeps_apart=False, leaves_out=False, reads_results=False)  # the Berger tables
    new_note = "round robin (Berger tables), paired by 'bulletin pair'"
    new_extra = ("    tiebreaks: [direct-encounter, sonneborn-berger, wins]   # no Buchholz here\n"
                 "    # cycles: 2              # a double round robin (C.05 Annex 1), see docs/systems.md\n"
                 "    # scoring: {bye: 0}      # an odd field's free round: a win's points unless set\n")
    trf_type = "Round Robin"
    trf_words = ("ROBIN",)  # "Round Robin", "Round-robin", "RoundRobin"; not the "rounds" of a Swiss
    trf_code = "FIDE_ROUNDROBIN"
    trf_codes = ("BERGER_ROUNDROBIN", "FIDE_ROUNDROBIN", "BERGER_DOUBLEROUNDROBIN", "FIDE_DOUBLEROUNDROBIN")
    options = (Option("cycles", 1), Option("swap_last_rounds", True),
               Option("table_numbers", "compact", ("compact", "schedule")))
    ranking = Ranking(
        all_play_all=True,
        tiebreaks=("direct-encounter", "sonneborn-berger", "wins"),  # as `bulletin new` writes it
        # the Buchholz family: every player meets the same opponents, so a Buchholz adds up everyone's
        # points but the player's own and cannot tell two players on the same score apart
        unfit_tiebreaks=frozenset({"opponent-score", "opponents-buchholz", "fore-buchholz"}),
        unfit_hint=("in a round robin use sonneborn-berger, direct-encounter, wins or koya "
                    "(e.g. 'tiebreaks: [direct-encounter, sonneborn-berger, wins]')"))

    def default_rounds(self, players: int) -> int:
        """Every player meets every other: n − 1 rounds, n with a bye for an odd n.

        >>> RoundRobin().default_rounds(8), RoundRobin().default_rounds(7), RoundRobin().default_rounds(0)
        (7, 7, 7)
        """
        return players - 1 + players % 2 if players else 7

    def rules_keys(self, section: Section) -> tuple[str, ...]:
        """C.05 Annex 1, the cycles and their order, the table numbers and the withdrawal rule."""
        cycles, swapped = cycle_options(section)
        return ("rules.round-robin", *(("rules.double",) if cycles == 2 else ()),
                *(("rules.swapped",) if cycles == 2 and swapped else ()),
                *(("rules.schedule_tables",) if section.options.get("table_numbers") == "schedule" else ()),
                "rules.withdrawal")

    def trf_code_for(self, section: Section) -> str:
        """FIDE_DOUBLEROUNDROBIN for a double round robin with the swap C.05 Annex 1 recommends,
        BERGER_DOUBLEROUNDROBIN for the table played twice in its order (FIDE's Tournament-Type Code
        Table; Gacrux's Berger checker reads the two codes so)."""
        cycles, swapped = cycle_options(section)
        if cycles == 2:
            return "FIDE_DOUBLEROUNDROBIN" if swapped else "BERGER_DOUBLEROUNDROBIN"
        return self.trf_code

    def trf_options(self, code: str) -> dict[str, bool | int | str]:
        """The options a code of `trf_codes` says (the inverse of `trf_code_for`).

        >>> RoundRobin().trf_options("BERGER_DOUBLEROUNDROBIN"), RoundRobin().trf_options("FIDE_ROUNDROBIN")
        ({'cycles': 2, 'swap_last_rounds': False}, {})
        """
        if code.upper() == "FIDE_DOUBLEROUNDROBIN":
            return {"cycles": 2}
        return {"cycles": 2, "swap_last_rounds": False} if code.upper() == "BERGER_DOUBLEROUNDROBIN" else {}

    def rematch_free_from(self, planned: int, options: Mapping[str, bool | int | str]) -> int | None:
        """A double round robin's second cycle meets every opponent again (C.05 Annex 1): from the
        round after the first cycle's."""
        return planned // 2 + 1 if int(options.get("cycles", 1)) == 2 else None

    def first_boards(self, players: int, options: Mapping[str, bool | int | str]) -> frozenset[int]:
        """`table_numbers: schedule` with an odd field: table 1 of the Berger table is the bye's."""
        return frozenset({1, 2}) if options.get("table_numbers") == "schedule" and players % 2 \
            else frozenset({1})

    def standings(self, section: Section, recs: Records, upto: int, draw_seed: int | None) -> Standings:
        """The standings after round `upto`; a player who withdrew having played less than half of
        their games counts for nobody (`engine.withdrawal`): ranked last, their games left out."""
        cycles, _ = cycle_options(section)
        gone = withdrawal.cancelled(section, upto, cycles * (len(section.players) - 1))
        if not gone:
            return super().standings(section, recs, upto, draw_seed)
        kept = withdrawal.without(section, gone)
        return standings(kept, records(kept), upto, draw_seed, demoted=gone, round_robin=True)

    def check(self, event: Event, section: Section, problems: Problems) -> None:
        """Besides the base checks: the table is drawn for the players of round 1 (no late entry)."""
        super().check(event, section, problems)
        refuse_late_entries(section, problems, "a round robin's table")

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.round_robin import round_robin_pairing

        return round_robin_pairing([p.number for p in section.players], section.current_round + 1,
                                   *cycle_options(section),
                                   schedule_tables=section.options.get("table_numbers") == "schedule",
                                   withdrawn=frozenset(section.field_changes.withdrawn))


def cycle_options(section: Section) -> tuple[int, bool]:
    """The section's cycles and whether a double round robin swaps the first cycle's last two rounds."""
    return int(section.options.get("cycles", 1)), bool(section.options.get("swap_last_rounds", True))


SYSTEM = RoundRobin()
PLACE = 70  # its place in the list of systems (`SYSTEMS`, the documentation's order)
