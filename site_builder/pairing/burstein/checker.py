"""The Burstein system's own checker (C.04.4.2): a published round evaluated against the criteria one
by one, without pairing it again.

Everything it reads is computed here from the players' histories (`Seat`): colour preferences
(art. 1.5), the Index (art. 1.7–1.8), bye eligibility (C2). A seeding round must be the Dutch
system's pairing (art. 1.6.1). After the seeding rounds: the structure of the round, the absolute
criteria pair by pair (C1–C3), the pairing-allocated bye (art. 3.1), then bracket by bracket from the
top (the brackets read off the published pairs: a bracket's players paired lower float) the quality
criteria in order, each compared with the best value any pairing of the bracket reaches with the
higher criteria at their published values, then the order of art. 4, then each pair's colours
(art. 5.2). The best values come from `bracket.py`: an exhaustive search over a small bracket's
pairings, a maximum-weight matching over each criterion's field for a larger one."""

from __future__ import annotations

from dataclasses import dataclass

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Pairing, PairingSeedMissing
from site_builder.pairing.apart import kept_apart
from site_builder.pairing.breach import Breach
from site_builder.pairing.burstein.bracket import Allowed, Bracket, Seat, allowed_pairs, completes, seats_of
from site_builder.pairing.dutch.from_section import entrants, first_colour
from site_builder.pairing.dutch.history import Entrant
from site_builder.pairing.round_to_pair import left_out

WHITE, BLACK = "W", "B"


def article(number: str) -> str:
    return f"C.04.4.2 art. {number}"


@dataclass(frozen=True)
class Published:
    """The round as published: (white, black) pairs and the pairing-allocated bye."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None

    def opponent(self) -> dict[int, int]:
        found = {a: b for a, b in self.pairs}
        found.update({b: a for a, b in self.pairs})
        return found


def section_breaches(before: Section, recs: Records, published: Pairing) -> list[Breach]:
    """The criteria `published` (the next round of `before`) breaks, most important first."""
    done, absent = left_out(before)
    try:
        colour: str | None = first_colour(before, None)
    except PairingSeedMissing:
        colour = None
    shown = Published(tuple((p.first, p.second) for p in published.pairs),
                      published.byes[0] if published.byes else None)
    extra = [Breach("C2", article("2.1.2"), "check.burstein.twice", (b,)) for b in published.byes[1:]]
    return extra or round_breaches(entrants(before, recs, done), absent, before.rounds_planned, shown,
                                   kept_apart(before, done + 1), colour)


def round_breaches(ents: list[Entrant], absent: set[int], total_rounds: int, shown: Published,
                   apart: frozenset[frozenset[int]], colour: str | None) -> list[Breach]:
    """Every breach of the round, checked in the order of the rules; the quality criteria only once
    the round is complete and keeps the absolute criteria."""
    seats = seats_of(ents, absent)
    seeding = len(ents[0].history) < min(total_rounds // 2, 4) if ents else True
    found = _structure(seats, ents, absent, shown) or _absolute(seats, shown, apart, seeding)
    if found:
        return found
    if seeding:
        return _seeding(ents, absent, total_rounds, shown, apart, colour)
    allowed = allowed_pairs(seats, apart)
    found = _bye(seats, shown, allowed)
    if found:
        return found
    return _brackets(seats, shown, allowed) + _colours(seats, shown, colour or WHITE)


def _structure(seats: dict[int, Seat], ents: list[Entrant], absent: set[int], shown: Published
               ) -> list[Breach]:
    """Each present player paired once or given the bye; nobody else paired."""
    count: dict[int, int] = {}
    for number in [n for pair in shown.pairs for n in pair] + ([shown.bye] if shown.bye else []):
        count[number] = count.get(number, 0) + 1
    known = {e.number for e in ents}
    out = [Breach("C4", article("2.2.1"), "check.burstein.absent", (n,)) for n in sorted(count)
           if n not in seats and n in known and n in absent]
    out += [Breach("C4", article("2.2.1"), "check.burstein.twice", (n,)) for n in sorted(count)
            if count[n] > 1]
    out += [Breach("C4", article("2.2.1"), "check.burstein.unpaired", (n,)) for n in sorted(seats)
            if n not in count]
    return out


def _absolute(seats: dict[int, Seat], shown: Published, apart: frozenset[frozenset[int]],
              seeding: bool) -> list[Breach]:
    """C1 (and the pairs kept apart), C2, C3 (after the seeding rounds: the Dutch rules have their own)."""
    out = []
    for a, b in shown.pairs:
        if b in seats[a].met or frozenset((a, b)) in apart:
            out.append(Breach("C1", article("2.1.1"), "check.rematch", (a, b)))
        elif not seeding and seats[a].absolute and seats[b].absolute \
                and seats[a].preference == seats[b].preference:
            out.append(Breach("C3", article("2.1.3"), "check.burstein.absolute_colours", (a, b)))
    if shown.bye is not None and not seats[shown.bye].bye_ok:
        out.append(Breach("C2", article("2.1.2"), "check.burstein.bye_again", (shown.bye,)))
    return out


def _seeding(ents: list[Entrant], absent: set[int], total_rounds: int, shown: Published,
             apart: frozenset[frozenset[int]], colour: str | None) -> list[Breach]:
    """A seeding round is the Dutch system's pairing (art. 1.6.1): the first player whose opponent
    (or bye) differs, else the first pair with other colours. With the initial colour drawn by lot
    and not yet readable (round 1), the colour that matches the published round's is taken."""
    from site_builder.pairing.dutch import engine as dutch

    tried = []
    for first in ((colour,) if colour else (WHITE, BLACK)):
        try:
            result = dutch.pair_round(ents, absent, total_rounds, first, apart)
        except dutch.NoPairing:
            return [Breach("C4", article("1.6.1"), "check.burstein.incomplete", (), (("score", "—"),))]
        tried.append(result)
        if set(result.pairs) == set(shown.pairs):
            return []
    result = tried[0]
    if result.bye != shown.bye:
        return [Breach("1.6.1", article("1.6.1"), "check.burstein.bye_choice",
                       (shown.bye or result.bye or 0, result.bye or shown.bye or 0))]
    mates, shown_mates = Published(result.pairs, result.bye).opponent(), shown.opponent()
    for number in sorted(mates):
        if mates[number] != shown_mates.get(number):
            return [Breach("1.6.1", article("1.6.1"), "check.burstein.seeding", (number, mates[number]))]
    pair = next(p for p in shown.pairs if p not in set(result.pairs))
    return [Breach("1.6.1", article("1.6.1"), "check.burstein.colour", pair, (("rule", "1.6.1"),))]


def _bye(seats: dict[int, Seat], shown: Published, allowed: Allowed) -> list[Breach]:
    """Art. 3.1: the bye to the first eligible player, by lowest score, most games, lowest ranking,
    whose absence leaves the others all pairable."""
    if shown.bye is None:
        return []
    order = sorted((s for s in seats.values() if s.bye_ok),
                   key=lambda s: (s.score, -s.games, tuple(-x for x in s.key)))
    for seat in order:
        rest = [n for n in seats if n != seat.number]
        if completes(allowed, rest):
            if seat.number == shown.bye:
                return []
            return [Breach("3.1", article("3.1"), "check.burstein.bye_choice", (shown.bye, seat.number))]
    return []


def _brackets(seats: dict[int, Seat], shown: Published, allowed: Allowed) -> list[Breach]:
    """Bracket by bracket from the top: the first quality criterion or order broken (the brackets
    below it follow from its pairs, so the first breach is the one reported)."""
    mate = shown.opponent()
    remaining = [n for n in seats if n != shown.bye]
    floaters: list[int] = []
    while remaining:
        top = max(seats[n].score for n in remaining if n not in floaters)
        members = floaters + [n for n in remaining if seats[n].score == top and n not in floaters]
        lower = [n for n in remaining if n not in members]
        nxt = [n for n in lower if seats[n].score == max(seats[m].score for m in lower)] if lower else []
        inside = {(a, mate[a]) for a in members if mate[a] in members and a < mate[a]}
        breach = Bracket(seats, members, nxt, lower, allowed, top).breach(inside)
        if breach:
            return [breach]
        paired = {n for pair in inside for n in pair}
        floaters = [n for n in members if n not in paired]
        remaining = [n for n in remaining if n not in paired]
        if not lower:
            break
    return []


def _colours(seats: dict[int, Seat], shown: Published, first: str) -> list[Breach]:
    """Each pair's colours by art. 5.2."""
    out = []
    for white, black in shown.pairs:
        colour, rule = allocated(seats[white], seats[black], first)
        if colour != WHITE:
            out.append(Breach("5.2", article(rule), "check.burstein.colour", (white, black),
                              (("rule", rule),)))
    return out


def allocated(a: Seat, b: Seat, first: str) -> tuple[str, str]:
    """The colour art. 5.2 gives `a` against `b`, and the article."""
    other = {WHITE: BLACK, BLACK: WHITE}
    if not a.colours and not b.colours:  # 5.2.1: more points, then the smaller TPN, is higher
        higher = a if (a.score, -a.rank) > (b.score, -b.rank) else b
        colour = first if higher.rank % 2 == 0 else other[first]
        return (colour if higher is a else other[colour]), "5.2.1"
    if a.preference != b.preference or a.preference is None:  # 5.2.2
        return (a.preference or other[b.preference or BLACK]), "5.2.2"
    if a.strength != b.strength:  # 5.2.3
        return (a.preference if a.strength > b.strength else other[a.preference]), "5.2.3"
    for x, y in zip(reversed(a.colours), reversed(b.colours), strict=False):  # 5.2.4
        if x != y:
            return y, "5.2.4"
    return (a.preference if a.key < b.key else other[a.preference]), "5.2.5"
