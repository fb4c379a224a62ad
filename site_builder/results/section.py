"""The results of one section: records, standings after each round, the provisional next round,
prizes and what the section's system computes beyond them (its `extras`: a knockout's placings, the
staged Swiss's elimination and final placing, team standings). Language-independent: the pages of
every language read the same object."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

from site_builder.cache.standings import StandingsMemo
from site_builder.cache.store import BuildCache
from site_builder.draw_seed import SeedMissing
from site_builder.engine.fide_tiebreaks import criteria_for
from site_builder.engine.knockout import MatchResult, main_players, match_result
from site_builder.engine.prizes import Award
from site_builder.engine.rating import RatingResult, rating_results
from site_builder.engine.scoring import Records, records
from site_builder.engine.standings import Standings
from site_builder.engine.statistics import Statistics, section_statistics
from site_builder.engine.teams import colour_counts
from site_builder.games.registry import game_of
from site_builder.model import Event, Match, RatingRule, Round, Section, TiebreakId
from site_builder.pairing import PairingError
from site_builder.pairing.explain import Reason, reasons
from site_builder.results.prizes import section_awards, section_levels
from site_builder.systems import next_round, pending_reason, section_standings, stale_rounds, system_of
from site_builder.systems.base import Extra, System, stages, team_play

T = TypeVar("T")


@dataclass
class SectionResults:
    """Everything the engine says of a section, each part computed once, when first asked for."""

    event: Event
    section: Section  # without a prepared round that is not paired yet
    records: Records
    standings: dict[int, Standings]  # after each round that has results
    preview: Round | None = None  # the next round as the engine pairs it (provisional)
    reasons: tuple[Reason, ...] = ()  # why the preview is paired so (for arbiters), as data
    memo: StandingsMemo[Standings] | None = field(default=None, repr=False)  # what depends on rounds 1..n
    preview_failed: PairingError | None = None  # why the next round could not be paired (`results.previews`)
    _matches: dict[tuple[int, int], MatchResult] = field(default_factory=dict, repr=False)
    _ratings: dict[int, dict[int, RatingResult]] = field(default_factory=dict, repr=False)
    _extras: dict[str, Any] = field(default_factory=dict, repr=False)
    _points_before: dict[int, dict[int, int]] = field(default_factory=dict, repr=False)

    @property
    def latest(self) -> Standings | None:
        return self.standings[max(self.standings)] if self.standings else None

    def extra(self, key: Extra[T]) -> T:
        """What the section's system computes beyond the standings (one of its `extras`), once."""
        if key.name not in self._extras:
            own = next((e for e in system_of(self.section).extras if e == key), None)
            if own is None:
                raise LookupError(f"the {self.section.system} system computes no {key.name}")
            self._extras[key.name] = own.compute(self)  # the system's own computation of that name
        return self._extras[key.name]  # type: ignore[no-any-return]

    @property
    def system(self) -> System:
        """The section's system."""
        return system_of(self.section)

    def derived(self, upto: int, name: str, compute: Callable[[], T]) -> T:
        """`compute()`, a function of the section's rounds 1..`upto` only (and of `name`), from the
        build's store when it has it (`StandingsMemo.derived`)."""
        return self.memo.derived(upto, name, compute) if self.memo is not None else compute()

    def points_before(self, round_number: int) -> dict[int, int]:
        """Each player's points before round `round_number` as the standings after the round before
        show them (go: MMS or NBW, start MMS before round 1; a later entrant's start MMS), in the
        engine's units."""
        if round_number - 1 not in self._points_before:
            upto = round_number - 1
            table = self.standings.get(upto)
            if table is None:
                table = self.memo.after(upto) if self.memo is not None else \
                    section_standings(self.section, self.records, upto, self.event.draw.seed)
            self._points_before[upto] = {row.player: row.points for row in table.rows} | dict(table.entering)
        return self._points_before[round_number - 1]

    def stage(self, round_number: int) -> str:
        """The stage of a round ("prelim", "main", "final" of a staged Swiss), else ""."""
        staged = stages(system_of(self.section))
        return staged.stage(round_number, self.section.rounds_planned) if staged is not None else ""

    def out_before(self, round_number: int) -> Mapping[int, str]:
        """The players no longer in the competition when `round_number` is paired, each with the
        catalogue key of why (`Stages.out_before`)."""
        staged = stages(system_of(self.section))
        return staged.out_before(self, round_number) if staged is not None else {}

    @cached_property
    def ratings(self) -> dict[int, RatingResult]:
        """Chess: each rated player's expected scores, rating change and performance (FIDE B.02)."""
        return self.ratings_after(self.records.rounds)

    def ratings_after(self, upto: int) -> dict[int, RatingResult]:
        """The same over rounds 1..`upto` (computed once per round)."""
        rating = self.event.rating or RatingRule()
        if not game_of(self.event.game).defaults.rated and rating.k is None:
            return {}
        if upto not in self._ratings:
            year = self.event.dates.start.year if self.event.dates.start else None
            self._ratings[upto] = rating_results(self.section, upto, year, rating.k, rating.table)
        return self._ratings[upto]

    @cached_property
    def statistics(self) -> Statistics:
        """Results by side, forfeits, byes and upsets, per round and in all."""
        return section_statistics(self.section)

    def tiebreak_power(self, tiebreak_id: TiebreakId) -> int:
        """How many decimal places of the engine's units a tiebreak's values carry (0: a count)."""
        return criteria_for(self.section)[tiebreak_id].power

    # ------------------------------------------------------------ matches

    def match_result(self, round_number: int, match: Match) -> MatchResult:
        key = (round_number, match.board)
        if key not in self._matches:
            self._matches[key] = match_result(match, self.section.scoring)
        return self._matches[key]

    @staticmethod
    def field(rnd: Round) -> int:
        """How many players a knockout round starts with."""
        return main_players(rnd)

    def colours(self, player: int, upto: int) -> tuple[int, int]:
        """How often a player had the first and the second side in rounds 1..`upto`."""
        return colour_counts(self.records, player, upto)

    # ------------------------------------------------------------ prizes

    @cached_property
    def awards(self) -> list[Award]:
        """The section's prizes by the latest standings (provisional before the end)."""
        return section_awards(self.section, self.latest) if self.latest else []

    @cached_property
    def levels(self) -> dict[int, str]:
        """The level (等级) each player reaches by the latest standings, when levels are set."""
        return section_levels(self.section, self.records, self.latest) if self.latest else {}


def section_results(event: Event, section: Section, cache: BuildCache | None = None) -> SectionResults:
    """The results of `section` (`cache`: the build's, for the memoized standings)."""
    recs = records(section)
    failed = None
    try:
        preview, reasons = _preview(event, section, recs)
    except SeedMissing:  # never drawn without the seed (`warnings.seed_warnings` says so)
        preview, reasons = None, ()
    except PairingError as error:  # a build warning (`results.previews`), not a silent gap
        preview, reasons, failed = None, (), error
    requests = section.round_to_pair
    if requests is not None:
        # what the round file prepared before pairing says (requested byes, absences, date, note) shows
        # with its provisional pairing, never as a round of its own
        if preview is not None:
            preview = dataclasses.replace(preview, half_byes=requests.half_byes, full_byes=requests.full_byes,
                                          absent=requests.absent,
                                          detail=preview.detail and preview.detail.asked(requests.detail),
                                          date=requests.date, note=requests.note)
        section = dataclasses.replace(section, rounds=section.rounds[:-1])
        recs = records(section)
    memo = StandingsMemo(section, lambda upto: section_standings(section, recs, upto, event.draw.seed),
                         event.draw.seed, cache, looks_ahead=system_of(section).ranking.looks_ahead)
    ranked = system_of(section).ranking.ranked
    table = {rnd.number: memo.after(rnd.number) for rnd in section.rounds if rnd.has_results and ranked}
    return SectionResults(event, section, recs, table, preview, reasons, memo, failed)


def preview_failure(event: Event, section: Section) -> PairingError | None:
    """Why the next round of `section` should be previewed but cannot be paired, or None (what
    `section_results` records as `preview_failed`, for `bulletin check`, which computes no results)."""
    try:
        _preview(event, section, records(section))
    except SeedMissing:  # `warnings.seed_warnings` says so
        return None
    except PairingError as error:
        return error
    return None


def _preview(event: Event, section: Section, recs: Records) -> tuple[Round | None, tuple[Reason, ...]]:
    """The next round's pairings computed by the section's system, when it can be paired now, and
    the reasons of its non-obvious decisions (raises the `PairingError` of a round that should pair
    and does not)."""
    if section.current_round >= section.rounds_planned and section.round_to_pair is None:
        return None, ()  # all rounds are paired (as `pending_reason` says), nothing to import
    if pending_reason(section) or stale_rounds(section):  # never previewed from stale pairings
        return None, ()
    if len(section.teams if team_play(system_of(section)) else section.players) < 2:
        return None, ()  # no field to pair yet (a new event's list is still being entered)
    pairing = next_round(section, recs, event.draw.seed, event)
    return system_of(section).provisional_round(pairing), tuple(reasons(section, pairing))
