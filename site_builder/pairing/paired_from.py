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
names other players than the qualifiers: one it does not name, or one who no longer qualifies."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Literal

from site_builder.engine.league_event import qualified, qualifiers
from site_builder.engine.teams import TeamRound
from site_builder.model import Round, Section

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
    """`recorded` (a first digest of `paired_from:` or an `accepted_from:`) is the results digest of
    the rounds before round `before` as they stand: with the qualifiers, or, written before they were
    recorded, without them."""
    if not recorded:
        return False
    legacy = qualified(section) and recorded == _digest(section, before, results=True, field=False)
    return recorded == results_digest(section, before) or legacy


def _digest(section: Section, before: int, results: bool, field: bool) -> str:
    digest = hashlib.sha256()
    if field and qualified(section):
        digest.update(repr(("qualified", qualifiers(section))).encode())
    for rnd in section.rounds:
        if rnd.number >= before:
            continue
        games = sorted((g.board, g.first, g.second, *((g.outcome.value, g.kind.value) if results else ()))
                       for g in rnd.all_games)
        lists = (rnd.byes, rnd.absent, rnd.half_byes, rnd.full_byes, rnd.withdrawn,
                 TeamRound.of(rnd).team_byes)
        digest.update(repr((rnd.number, games, [sorted(x) for x in lists])).encode())
    return digest.hexdigest()[:16]


def stale_rounds(section: Section) -> list[Round]:
    """The rounds whose recorded `paired_from` no longer matches the rounds before them, unless the
    arbiter kept them as played with those rounds (`accepted_from`, written by `pair --accept`). In
    a section whose players qualify from the stage before, a round that records no qualifiers (no
    `paired_from`, or one recorded before the qualifiers were) is stale when the section's first
    round names other players than its qualifiers (`field_changed`)."""
    changed = field_changed(section)
    return [r for r in section.rounds
            if (changed if (by_digest := _stale_by_digest(section, r)) is None else by_digest)
            and not is_current(section, r.number, r.provenance.accepted_from)]


def _stale_by_digest(section: Section, rnd: Round) -> bool | None:
    """Whether `rnd`'s recorded `paired_from` no longer matches the rounds before it; None where it
    cannot tell who qualified (a qualified section's round paired by hand, or before the qualifiers
    were recorded), and False for a round of any other section that records none."""
    recorded = rnd.provenance.paired_from.partition(SEPARATOR)[0]
    if recorded == results_digest(section, rnd.number):
        return False
    if recorded and not is_current(section, rnd.number, recorded):
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


@dataclass(frozen=True)
class Change:
    """What changed before a stale round: in which rounds (`first`..`last`: the rounds after the
    last one whose own digest still matches), and whether a pairing changed ("pairing"), a result
    only ("result"), or the digest cannot tell ("unknown": recorded before pairings were); or who
    qualifies from the stage before, or in which order ("qualifiers": no round of the section, 0..0)."""

    first: int
    last: int
    what: Literal["pairing", "result", "unknown", "qualifiers"]


def change_before(section: Section, stale: Round) -> Change:
    """What changed before `stale` (one of `stale_rounds`) since it was paired, as the first stale
    round up to it reads it: from the last round before that whose own `paired_from` still matches.
    A round kept as played (`pair --accept`) after a correction vouches for nothing: the rounds
    before it are as they were when it was kept, perhaps corrected after the stale round's pairing."""
    first = next(r for r in stale_rounds(section) if r.number <= stale.number)
    # round 1 was paired from the qualifiers alone; a round that records none is stale for them
    if qualified(section) and (first.number == 1 or _stale_by_digest(section, first) is None):
        return Change(0, 0, "qualifiers")
    recorded = first.provenance.paired_from.partition(SEPARATOR)[2]
    what: Literal["pairing", "result", "unknown", "qualifiers"] = "unknown"
    if recorded:
        what = "pairing" if pairings_digest(section, first.number) != recorded else "result"
    matching = [r.number for r in section.rounds if r.number < first.number and _as_paired(section, r)]
    return Change(max(matching, default=1), first.number - 1, what)


def _as_paired(section: Section, rnd: Round) -> bool:
    """The rounds before `rnd` are as they were when it was paired (its `paired_from` matches)."""
    return is_current(section, rnd.number, rnd.provenance.paired_from.partition(SEPARATOR)[0])


def field_change(section: Section, first: Round) -> tuple[list[int], list[int]]:
    """Of a qualified section paired from other qualifiers: who qualifies now but plays in no game of
    its round `first`, and who plays there but qualifies no more (both empty: another order)."""
    drawn = first.entrants | set(first.withdrawn)
    now = qualifiers(section)
    return [p for p in now if p not in drawn], sorted(drawn - set(now))
