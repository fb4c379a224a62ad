"""The staged Swiss of seed 003: preliminaries, elimination, main stage and a final round by
position segments; its rounds follow from the number of entrants."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from site_builder.engine import staged
from site_builder.engine.scoring import Records, effective_outcome, records, winner
from site_builder.engine.standings import Standings, staged_standings
from site_builder.errors import Problems
from site_builder.model import Event, Outcome, Round, Section
from site_builder.pairing import Pairing
from site_builder.pairing.paired_from import change_before, stale_rounds
from site_builder.regulations.gomoku import round_count
from site_builder.systems.base import (
    Computed,
    Extra,
    Option,
    PairingRules,
    Ranking,
    Schedule,
    Stages,
    System,
    TrfNamed,
    refuse_late_entries,
    where,
)
from site_builder.systems.generated import Profile


def _elimination(results: Computed) -> staged.Elimination | None:
    """Who does not continue after the preliminaries, once they are played."""
    if results.records.rounds < staged.PRELIMINARY_ROUNDS:
        return None
    return staged.elimination(results.section, results.records, results.section.eliminate_after_prelims)


def _final_placing(results: Computed) -> list[staged.FinalPlace] | None:
    """The final placing (§5.2) of every player, once the final round is paired: the standings after
    it when it has results (the same places), else as far as it is decided."""
    section, final, tables = results.section, results.section.rounds_planned, results.standings
    if section.current_round < final or final - 1 not in tables:
        return None
    if final in tables:
        return [staged.FinalPlace(row.place, row.player, row.decided) for row in tables[final].rows]
    before = [row.player for row in tables[final - 1].rows]
    return staged.final_order(section, results.records, before)


def refuse_players_out(section: Section, problems: Problems) -> None:
    """Seed 003 §2.1.1, §3.1.2.3: a player eliminated after the preliminaries, or who forfeited in
    them, does not continue: a game or a bye of theirs in a later round is refused where it is
    written (a player who withdrew is refused by the common check of withdrawals). Checked once the
    preliminaries are played, when the elimination is known. A first main round paired for another
    elimination than the results now give (`elimination_change`) is one problem, and the later
    rounds are checked against the elimination it was paired for."""
    prelims = [r for r in section.rounds if r.number <= staged.PRELIMINARY_ROUNDS]
    if len(prelims) < staged.PRELIMINARY_ROUNDS or any(
            g.outcome is Outcome.PENDING for r in prelims for g in r.games):
        return
    elimination = staged.elimination(section, records(section), section.eliminate_after_prelims)
    withdrew = {p for r in prelims for p in r.withdrawn}
    eliminated, forfeited = set(elimination.eliminated), set(elimination.dropped) - withdrew
    change = elimination_change(section)
    if change is not None:
        _refuse_changed_elimination(section, change, problems)
        eliminated = set(change.played)
    for rnd in section.rounds:
        if rnd.number <= staged.PRELIMINARY_ROUNDS:
            continue
        paired = [(p, g.loc) for g in rnd.games for p in (g.first, g.second)]
        for player, loc in paired + [(p, None) for p in (*rnd.byes, *rnd.half_byes, *rnd.full_byes)]:
            name = section.player(player).name
            if player in eliminated:
                problems.add(loc or where(rnd), f"{name!r} is paired in round {rnd.number} after being "
                             f"eliminated after round {staged.PRELIMINARY_ROUNDS} (seed 003 §2.1.1)",
                             "remove the pairing, or name who is eliminated in the round-2 file's "
                             "'eliminated:' list")
            elif player in forfeited:
                problems.add(loc or where(rnd), f"{name!r} is paired in round {rnd.number} after "
                             "forfeiting in the preliminaries: such a player does not continue "
                             "(seed 003 §3.1.2.3)", "remove the pairing, or correct the forfeit")


@dataclass(frozen=True)
class EliminationChange:
    """The first main round paired for another elimination than the results of the preliminaries
    now give (seed 003 §2.1.1): who it was paired without (`played`), who the results now eliminate
    that it pairs (`now_out`), and who they now keep that it leaves out (`now_in`)."""

    first: Round
    played: tuple[int, ...]
    now_out: tuple[int, ...]
    now_in: tuple[int, ...]


def elimination_change(section: Section) -> EliminationChange | None:
    """Whether the first round of the main stage was paired for another elimination than the results
    of rounds 1–2 now give: it pairs a player they eliminate and leaves out one they keep (a result
    of the preliminaries corrected after it was paired). None where the round-2 file lists who is
    eliminated (`eliminated:`, the arbiter's decision, which `pair --accept` writes) or where the
    round pairs the players the results give."""
    first = next((r for r in section.rounds if r.number == staged.PRELIMINARY_ROUNDS + 1
                  and not r.is_request), None)
    recs = records(section)
    if first is None or recs.rounds < staged.PRELIMINARY_ROUNDS:
        return None
    elimination = staged.elimination(section, recs, section.eliminate_after_prelims)
    if elimination.overridden:
        return None
    named = first.entrants | set(first.withdrawn)
    now_out = sorted(p for p in elimination.eliminated if p in named)
    left_out = {p.number for p in section.players} - named - set(elimination.dropped)
    now_in = sorted(left_out - set(elimination.eliminated))
    if not now_out or not now_in:
        return None  # a player paired by mistake, refused where he is written
    return EliminationChange(first, tuple(sorted(left_out)), tuple(now_out), tuple(now_in))


def _refuse_changed_elimination(section: Section, change: EliminationChange, problems: Problems) -> None:
    """One located problem for a main stage paired for another elimination: at the first game of the
    round that pairs a player the results now eliminate, naming the round whose result changed it
    (where the round's `paired_from` tells) and the remedy, `bulletin pair --accept`."""
    first, last = change.first, max(r.number for r in section.rounds)
    names = ", ".join(repr(section.player(p).name) for p in change.now_out)
    kept = ", ".join(repr(section.player(p).name) for p in change.now_in)
    stale = next((r for r in stale_rounds(section) if r.number <= first.number), None)
    why = (f"a result of rounds 1–{staged.PRELIMINARY_ROUNDS} corrected after it was paired, or a pairing "
           "changed by hand")
    if stale is not None and (found := change_before(section, stale)).what in ("result", "unknown"):
        rounds = f"round {found.first}" if found.first == found.last else f"rounds {found.first}–{found.last}"
        why = f"a result of {rounds} was corrected after it was paired"
    span = f"{first.number}..{last}" if last > first.number else str(first.number)
    loc = next((g.loc for g in first.games if g.loc and {g.first, g.second} & set(change.now_out)), None)
    problems.add(loc or where(first),
                 f"round {first.number} was paired for another elimination after round "
                 f"{staged.PRELIMINARY_ROUNDS} than the results now give ({why}): they now eliminate "
                 f"{names}, whom it pairs, instead of {kept} (seed 003 §2.1.1)",
                 f"keep the rounds as played with 'bulletin pair --accept {span}' (it writes the elimination "
                 f"they were paired for as the round-{staged.PRELIMINARY_ROUNDS} file's 'eliminated:' list), "
                 "or correct the result back")


def kept_elimination(section: Section, first: int) -> tuple[Round, str, tuple[int, ...]] | None:
    """`KeepsAsPlayed` for the staged Swiss: keeping rounds from `first` as played after a correction
    of the preliminaries that changes the elimination keeps the elimination the main stage was paired
    for, written as the round-2 file's `eliminated:` list (seed 003 §2.1.1: the organizer's list)."""
    change = elimination_change(section)
    if change is None or first > change.first.number:
        return None
    second = next((r for r in section.rounds if r.number == staged.PRELIMINARY_ROUNDS), None)
    return None if second is None else (second, "eliminated", change.played)


def refuse_stray_playoffs(section: Section, problems: Problems) -> None:
    """Seed 003 §5.2.1–§5.2.2: a playoff follows a drawn game of the final round, between its two
    players, once (a drawn playoff leaves the places to the ranking after the second-to-last round);
    any other entry of `playoffs:` is refused where it is written."""
    final = section.rounds_planned
    for rnd in section.rounds:
        games = {frozenset((g.first, g.second)): g for g in rnd.games}
        played: set[frozenset[int]] = set()
        for playoff in staged.StagedRound.of(rnd).playoffs:
            pair = frozenset((playoff.first, playoff.second))
            names = " and ".join(repr(section.player(p).name) for p in (playoff.first, playoff.second))
            game, loc = games.get(pair), playoff.loc or where(rnd)
            if rnd.number != final:
                problems.add(loc, f"a playoff in round {rnd.number}: playoffs decide drawn games of the "
                             f"final round, round {final} (seed 003 §5.2.1)",
                             "move it to the final round's file, or remove it")
            elif game is None:
                problems.add(loc, f"{names} did not meet in a game of the final round: a playoff decides a "
                             "drawn final game, between its two players (seed 003 §5.2.1)",
                             "name the two players of a drawn final game, or remove the entry")
            elif game.outcome is Outcome.PENDING:
                problems.add(loc, f"the final game of {names} (board {game.board}) has no result yet: a "
                             "playoff follows a drawn final game (seed 003 §5.2.1)",
                             "enter the final game's result first, or remove the playoff")
            elif effective_outcome(game) is not Outcome.DRAW:
                won = winner(game)
                how = f"was won by {section.player(won).name!r}" if won is not None else "was not drawn"
                problems.add(loc, f"the final game of {names} (board {game.board}) {how}: only a drawn "
                             "final game goes to a playoff (seed 003 §5.2.1)",
                             "remove the playoff, or correct the final game's result")
            elif pair in played:
                problems.add(loc, f"a second playoff of {names}: a drawn playoff leaves the places to the "
                             f"ranking after round {final - 1} (seed 003 §5.2.2)",
                             "keep one playoff for each drawn final game")
            played.add(pair)


ELIMINATION = Extra("elimination", _elimination)
FINAL_PLACING = Extra("final_placing", _final_placing)


class StagedSwiss(TrfNamed, Schedule, Stages, System):
    generated = Profile()
    name = "staged-swiss"
    pairing = PairingRules(keeps_apart=False, leaves_out=False)
    ranking = Ranking(looks_ahead=True)  # eliminations and withdrawals after round n change its table
    options = (Option("eliminate_after_prelims", True),)  # §2.1.1
    extras = (ELIMINATION, FINAL_PLACING)
    page_set = "site_builder.views.staged:PAGES"

    def check(self, event: Event, section: Section, problems: Problems) -> None:
        """Besides the base checks: the stages and their rounds follow from the players of round 1
        (seed 003 §1), so a player added after it cannot join; a player out after the preliminaries
        is not paired again (§2.1.1, §3.1.2.3); a playoff decides a drawn final game (§5.2.1)."""
        super().check(event, section, problems)
        refuse_late_entries(section, problems, "a staged Swiss's field")
        refuse_players_out(section, problems)
        refuse_stray_playoffs(section, problems)

    def kept_as_played(self, section: Section, first: int) -> tuple[Round, str, tuple[int, ...]] | None:
        """After a correction of the preliminaries, rounds from `first` are kept with the elimination
        they were paired for (`kept_elimination`)."""
        return kept_elimination(section, first)

    def planned_rounds(self, entrants: int) -> tuple[int, str]:
        """Seed 003 §1: the count follows from the number of entrants."""
        return round_count(entrants)

    def rematch_free_from(self, planned: int, options: Mapping[str, bool | int | str]) -> int:
        """Seed 003 §3.1.1: no rematch until the second-to-last round; the final may repeat one."""
        return planned

    def stage(self, round_number: int, planned: int) -> str:
        """Preliminaries, main stage or final round ("prelim", "main", "final")."""
        return staged.stage(round_number, planned)

    def out_before(self, results: Computed, round_number: int) -> Mapping[int, str]:
        """Those out after the preliminaries, from the main stage on, each for the reason the
        elimination page lists them under (`Elimination.reason`: "eliminated" or "dropped")."""
        elimination = results.extra(ELIMINATION)
        if elimination is None or round_number <= staged.PRELIMINARY_ROUNDS:
            return {}
        return {player: elimination.reason(player) or "eliminated" for player in sorted(elimination.out)}

    def standings(self, section: Section, recs: Records, upto: int, draw_seed: int | None) -> Standings:
        return staged_standings(section, recs, upto, draw_seed)

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.staged import next_staged_round

        return next_staged_round(section, recs, draw_seed)


SYSTEM = StagedSwiss()
PLACE = 20  # its place in the list of systems (`SYSTEMS`, the documentation's order)
