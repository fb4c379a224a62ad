"""What a round was paired from: `bulletin pair` records a digest of the rounds before it
(`paired_from:` in the round file): of everything the pairing reads of them (their pairings and
results), then, after a `/`, of their pairings alone (who met whom, the byes and absences). When a
round before it changes later, the first digest no longer matches and the round is stale: paired
from other rounds than the round files now hold; the second says whether a pairing changed or a
result only (a file written before it was recorded cannot tell).

A section whose players qualify from the stage before (`qualify:`) was paired from that stage's
results as well: its first digest also covers the qualifiers, in their order, so a correction of
the stage before that changes them makes its rounds stale. A round that records no qualifiers (its
file written by hand, or paired before they were recorded) is stale when the section's first round
names other players than the qualifiers: one it does not name, or one who no longer qualifies.

A system whose pairing reads no results (a round robin's Berger table: `PairingRules.reads_results`)
is paired from the field and the pairings alone: for it a round is stale only when the second digest
no longer matches (a pairing, a bye, an absence or a withdrawal changed), never for a corrected
result; its callers pass the system's word (`systems.stale_rounds`)."""

from __future__ import annotations

import bisect
import hashlib
import threading
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from site_builder.engine.league_event import qualified, qualifiers
from site_builder.engine.teams import TeamRound
from site_builder.model import Outcome, Round, Section

#: Between the two digests of `paired_from:`.
SEPARATOR = "/"


def results_digest(section: Section, before: int) -> str:
    """A digest of everything the pairing of round `before` reads of rounds 1..before−1: each game's
    players, board, kind and result, the byes, absences and withdrawals (16 hexadecimal digits)."""
    return _digest(section, before, results=True, field=True)


def pairings_digest(section: Section, before: int) -> str:
    """A digest of the pairings of rounds 1..before−1, their results left out: each game's players and
    board, the byes, absences and withdrawals (16 hexadecimal digits)."""
    return _digest(section, before, results=False, field=False)


def paired_from(section: Section, before: int) -> str:
    """What `bulletin pair` records of round `before`: both digests, `results/pairings`."""
    return f"{results_digest(section, before)}{SEPARATOR}{pairings_digest(section, before)}"


def is_current(section: Section, before: int, recorded: str) -> bool:
    """`recorded` (a first digest of `paired_from:` or an `accepted_from:`, or either whole: its first
    digest is read) is the results digest of the rounds before round `before` as they stand: with the
    qualifiers, or, written before they were recorded, without them."""
    recorded = recorded.partition(SEPARATOR)[0]
    if not recorded:
        return False
    legacy = qualified(section) and recorded == _digest(section, before, results=True, field=False)
    return recorded == results_digest(section, before) or legacy


def _digest(section: Section, before: int, results: bool, field: bool,
            withdrawn: Mapping[int, Sequence[int]] | None = None) -> str:
    """The digest of rounds 1..before−1 (`results`: with them; `field`: with the qualifiers);
    `withdrawn`: the withdrawals of those rounds in place of their files' (`_withdrawals_added`,
    `_withdrawals_removed`). Without it, the digests of a section's every prefix of rounds are
    made in one pass and kept while the section is (a build asks them of every round)."""
    if withdrawn:
        return _digests(section, results, field, withdrawn)(before)
    key = (id(section), results, field)
    kept = _KEPT.get(key)
    if kept is None or kept[0]() is not section:
        kept = (weakref.ref(section), _digests(section, results, field, {}))
        with _KEEPING:  # `bulletin serve` builds while its server threads run
            _KEPT[key] = kept
            while len(_KEPT) > KEEP:
                del _KEPT[next(iter(_KEPT))]
    return kept[1](before)


#: The prefix digests of the sections last asked, by the section's identity (and a weak reference
#: to it: an identity outlives its object), whether with results and with the qualifiers.
_KEPT: dict[tuple[int, bool, bool], tuple[weakref.ref[Section], Callable[[int], str]]] = {}
KEEP = 64
_KEEPING = threading.Lock()


def _digests(section: Section, results: bool, field: bool, withdrawn: Mapping[int, Sequence[int]]
             ) -> Callable[[int], str]:
    """The digest of rounds 1..before−1 for any `before` (see `_digest`)."""
    start = hashlib.sha256()
    if field and qualified(section):
        start.update(repr(("qualified", qualifiers(section))).encode())
    numbers = [rnd.number for rnd in section.rounds]
    if numbers != sorted(set(numbers)):  # not in order: each digest made on its own
        def alone(before: int) -> str:
            digest = start.copy()
            for rnd in section.rounds:
                if rnd.number < before:
                    digest.update(_round_text(rnd, results, withdrawn))
            return digest.hexdigest()[:16]
        return alone
    digest, prefixes = start.copy(), [start.hexdigest()[:16]]  # before the first round, after it, …
    for rnd in section.rounds:
        digest.update(_round_text(rnd, results, withdrawn))
        prefixes.append(digest.hexdigest()[:16])
    return lambda before: prefixes[bisect.bisect_left(numbers, before)]


def _round_text(rnd: Round, results: bool, withdrawn: Mapping[int, Sequence[int]]) -> bytes:
    games = sorted((g.board, g.first, g.second, *((g.outcome.value, g.kind.value) if results else ()))
                   for g in rnd.all_games)
    lists = (rnd.byes, rnd.absent, rnd.half_byes, rnd.full_byes,
             withdrawn.get(rnd.number, rnd.withdrawn), TeamRound.of(rnd).team_byes)
    return repr((rnd.number, games, [sorted(x) for x in lists])).encode()


def still_paired(section: Section, before: int, recorded: str, reads_results: bool = True) -> bool:
    """`recorded` (a `paired_from:` or an `accepted_from:`) still matches the rounds before round
    `before`: its results digest does (`is_current`), or, for a system whose pairing reads no results
    (`reads_results` false), its pairings digest does, whatever the results."""
    pairings = recorded.partition(SEPARATOR)[2]
    return is_current(section, before, recorded) or (
        not reads_results and bool(pairings) and pairings == pairings_digest(section, before))


def stale_rounds(section: Section, reads_results: bool = True) -> list[Round]:
    """The rounds whose recorded `paired_from` no longer matches the rounds before them, unless the
    arbiter kept them as played with those rounds (`accepted_from`, written by `pair --accept`). In
    a section whose players qualify from the stage before, a round that records no qualifiers (no
    `paired_from`, or one recorded before the qualifiers were) is stale when the section's first
    round names other players than its qualifiers (`field_changed`). `reads_results`: the system's
    pairing reads the results (false: a correction of one makes no round stale, `still_paired`)."""
    changed = field_changed(section)
    return [r for r in section.rounds
            if (changed if (by_digest := _stale_by_digest(section, r, reads_results)) is None else by_digest)
            and not still_paired(section, r.number, r.provenance.accepted_from, reads_results)]


def _stale_by_digest(section: Section, rnd: Round, reads_results: bool = True) -> bool | None:
    """Whether `rnd`'s recorded `paired_from` no longer matches the rounds before it; None where it
    cannot tell who qualified (a qualified section's round paired by hand, or before the qualifiers
    were recorded, or, for a system that reads no results, one whose pairings still match: its first
    digest covers the qualifiers with the results), and False for a round of any other section that
    records none."""
    recorded = rnd.provenance.paired_from
    if recorded.partition(SEPARATOR)[0] == results_digest(section, rnd.number):
        return False
    if recorded and not still_paired(section, rnd.number, recorded, reads_results):
        return True
    return None if qualified(section) and not rnd.is_request else False


def field_changed(section: Section) -> bool:
    """Whether a section whose players qualify from the stage before was paired for other players
    than its qualifiers: its first round does not name one of them, or names a player who no
    longer qualifies (a result of that stage corrected since)."""
    if not qualified(section):
        return False
    first = next((r for r in section.rounds if not r.is_request), None)
    return first is not None and any(field_change(section, first))


What = Literal["pairing", "result", "field", "unwithdrawn", "unknown", "qualifiers"]


@dataclass(frozen=True)
class Change:
    """What changed before a stale round since it was paired, or kept as played: in which rounds
    (`first`..`last`: from the last one whose own record still vouches for the rounds before it),
    and whether a pairing changed ("pairing"), a result only ("result"), a withdrawal was added and
    nothing else ("field": `first` is its round, `last` too), a withdrawal was removed and nothing
    else ("unwithdrawn": the same), or the digest cannot tell ("unknown":
    recorded before pairings were); or who qualifies from the stage before, or in which order
    ("qualifiers": no round of the section, 0..0)."""

    first: int
    last: int
    what: What


def change_before(section: Section, stale: Round, reads_results: bool = True) -> Change:
    """What changed before `stale` (one of `stale_rounds`) since it was paired — or, kept as played
    before (`accepted_from:`), since it was kept — as the first stale round up to it reads it: from
    the last round before that whose own record still vouches for the rounds before it (its
    `paired_from` matches; for a kept round, its `accepted_from` too). A round kept as played
    vouches for nothing to a round paired before it was kept: the rounds before it are as they were
    when it was kept, perhaps corrected after the stale round's pairing."""
    first = next(r for r in stale_rounds(section, reads_results) if r.number <= stale.number)
    # round 1 was paired from the qualifiers alone; a round that records none is stale for them
    if qualified(section) and (first.number == 1 or _stale_by_digest(section, first, reads_results) is None):
        return Change(0, 0, "qualifiers")
    kept = first.provenance.accepted_from  # kept as played, then changed again: since it was kept
    matching = [r.number for r in section.rounds if r.number < first.number and (
        still_paired(section, r.number, r.provenance.paired_from, reads_results)
        or (kept and still_paired(section, r.number, r.provenance.accepted_from, reads_results)))]
    start = max(matching, default=1)
    recorded = (kept or first.provenance.paired_from).partition(SEPARATOR)[2]
    if not recorded:
        return Change(start, first.number - 1, "unknown")
    if pairings_digest(section, first.number) == recorded:
        return Change(start, first.number - 1, "result")
    added = _withdrawals_added(section, first.number, start, recorded)
    if added:
        return Change(added, added, "field")
    removed, _ = _withdrawals_removed(section, first, start, recorded)
    if removed:
        return Change(removed, removed, "unwithdrawn")
    return Change(start, first.number - 1, "pairing")


def _withdrawals_added(section: Section, before: int, start: int, recorded: str) -> int:
    """The round from `start` on whose withdrawals, left out, give back the pairings digest
    `recorded`: a withdrawal added to it is all that changed in the pairings (0: none does)."""
    return next((n for n in range(start, before)
                 if _digest(section, before, results=False, field=False, withdrawn={n: ()}) == recorded), 0)


def _withdrawals_removed(section: Section, stale: Round, start: int,
                         recorded: str) -> tuple[int, tuple[int, ...]]:
    """The round from `start` on, and the players, whose withdrawal added back to that round gives back
    the pairings digest `recorded` of the rounds before `stale`: a withdrawal removed from it is all
    that changed in the pairings ((0, ()): none does). Tried: each player `stale` has lose by forfeit
    (a round robin keeps a withdrawn player's games as forfeits) or does not name (a Swiss leaves him
    out), then all who lose by forfeit together."""
    gone = {p for r in section.rounds if r.number < stale.number for p in r.withdrawn}
    losers = [p for p in _forfeit_losers(stale) if p not in gone]
    named = stale.entrants | gone | set(stale.withdrawn)
    unnamed = [p.number for p in section.players if p.number not in named]
    tries = [(p,) for p in (*losers, *unnamed)] + ([tuple(losers)] if len(losers) > 1 else [])
    for n in range(max(start, 1), stale.number):
        listed = next((r.withdrawn for r in section.rounds if r.number == n), ())
        for players in tries:
            if _digest(section, stale.number, results=False, field=False,
                       withdrawn={n: (*listed, *players)}) == recorded:
                return n, players
    return 0, ()


#: A game decided by forfeit, which `bulletin pair` writes with the pairing for a withdrawn player.
FORFEITS = (Outcome.FIRST_WINS_FORFEIT, Outcome.SECOND_WINS_FORFEIT, Outcome.DOUBLE_FORFEIT)


def _forfeit_losers(rnd: Round) -> list[int]:
    """The players who lose a game of `rnd` by forfeit, in the order of its games."""
    lose = {Outcome.FIRST_WINS_FORFEIT: (1,), Outcome.SECOND_WINS_FORFEIT: (0,),
            Outcome.DOUBLE_FORFEIT: (0, 1)}
    return [(g.first, g.second)[side] for g in rnd.all_games for side in lose.get(g.outcome, ())]


def withdrawn_when_paired(section: Section, rnd: Round) -> set[int]:
    """The players withdrawn before `rnd`: as the round files now hold, and as they held when `rnd`
    was paired (a withdrawal removed since, which its `paired_from:` still records: `bulletin pair`
    wrote that player's games as forfeits with the pairing)."""
    now = {p for p, after in section.field_changes.withdrawn.items() if after < rnd.number}
    recorded = rnd.provenance.paired_from.partition(SEPARATOR)[2]
    if not recorded or recorded == pairings_digest(section, rnd.number):
        return now
    return now | set(_withdrawals_removed(section, rnd, 1, recorded)[1])


def has_results(section: Section, rnd: Round) -> bool:
    """Whether round `rnd` has results: a game decided otherwise than by the forfeit of a player
    withdrawn before it (`withdrawn_when_paired`) — `bulletin pair` writes such a forfeit with the
    pairing (a round robin's withdrawn player keeps his place in the table and loses by forfeit,
    FIDE C.06 art. 5.4), so it is decided when the round is paired, not when it is played — or, a
    round without games, a bye."""
    games = rnd.all_games
    if not games:
        return rnd.has_results
    decided = [g for g in games if g.outcome is not Outcome.PENDING]
    if not decided or any(g.outcome not in FORFEITS for g in decided):
        return bool(decided)
    gone = withdrawn_when_paired(section, rnd)
    return any(not {g.first, g.second} & gone for g in decided)


def field_change(section: Section, first: Round) -> tuple[list[int], list[int]]:
    """Of a qualified section paired from other qualifiers: who qualifies now but plays in no game of
    its round `first`, and who plays there but qualifies no more (both empty: another order)."""
    drawn = first.entrants | set(first.withdrawn)
    now = qualifiers(section)
    return [p for p in now if p not in drawn], sorted(drawn - set(now))


@dataclass(frozen=True)
class Kept:
    """A round the arbiter kept as played (`pair --accept`) after a correction before it: the rounds
    the correction lies in (`first`..`last`, as `change_before` reads them; 0..0: before round 1, the
    stage its players qualify from)."""

    first: int
    last: int


def kept_after(section: Section, rnd: Round, reads_results: bool = True) -> Kept | None:
    """Whether `rnd` was kept as played with the rounds before it as they stand (its `accepted_from:`
    still matches, as `bulletin verify` reads it), and after a correction to which rounds: from the
    last round whose own `paired_from:` still matches before the first one that no longer does (up
    to `rnd`); None for a round not kept, or paired from the rounds as they stand (its own
    `paired_from:` matches them). `reads_results`: as `stale_rounds`."""
    def as_paired(r: Round) -> bool:
        return still_paired(section, r.number, r.provenance.paired_from, reads_results)

    if not still_paired(section, rnd.number, rnd.provenance.accepted_from, reads_results) or as_paired(rnd):
        return None
    moved = [r.number for r in section.rounds if r.number <= rnd.number and r.provenance.paired_from
             and not as_paired(r)]
    upto = min(moved, default=rnd.number)
    if upto <= 1:
        return Kept(0, 0)
    matching = [r.number for r in section.rounds if r.number < upto and as_paired(r)]
    return Kept(max(matching, default=1), upto - 1)
