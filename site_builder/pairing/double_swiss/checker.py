"""The rules of C.04.5 a published round breaks, found criterion by criterion from the rules
themselves (not by pairing the round again with `engine`).

Game 2 of a match (an even round) must repeat game 1's pairs with the colours reversed and the same
bye (art. 0). Game 1 of a match (an odd round) is checked:

- pair by pair: [C1] no rematch of a played match; [C2] no bye for a player who had one, or won a
  match by forfeit, or had a requested bye scoring a win; every player not left out is paired once
  or has the only bye, and a bye only when the players are odd (art. 3.4);
- the bye's order (art. 3.4): among the players who leave a pairing without rematches, the lowest
  score, then the most matches played, then the largest pairing number;
- bracket by bracket, from the top score down (art. 3.3, 3.5): the bracket is the top scoregroup of
  the players left and the lower players its residents meet (its upfloaters). [C4] its upfloaters
  are as few as any set that lets the bracket and the players after it be paired; [C5] their scores,
  highest first, are the best such a set reaches; with the published upfloaters, [C8] the pairs
  whose two players prefer the same colour in game 1 are as few as any pairing of the bracket
  reaches, [C10] so are the upfloaters that meet a player who floated in the previous match (not in
  the last two matches), and the identifier of art. 3.6.2 is the smallest among the pairings equal
  on [C8] and [C10]. The searches are exhaustive (perfect matchings, subsets), each bounded: a
  bracket too large to search is not judged on that criterion."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Pairing
from site_builder.pairing.breach import Breach
from site_builder.pairing.double_swiss.matches import BLACK, WHITE, MatchRecord, baku_points, history
from site_builder.pairing.dutch.from_section import baku_group_a
from site_builder.pairing.matching import perfectly_matchable
from site_builder.pairing.state import withdrawn

ART = "C.04.5"
#: the most subsets of upfloaters, and of pairings of a bracket, a check searches
LIMIT = 20000


@dataclass(frozen=True)
class Seat:
    """A player as the criteria see them before the match."""

    number: int
    score: int  # game points in half points, with Baku's virtual points
    met: frozenset[int]
    colours: str  # game 1's colours of the played matches
    floated: bool
    barred: bool
    played: int


def preference(colours: str) -> str | None:
    """The colour a player prefers in game 1: the one that ends an imbalance beyond one, or that
    avoids a third equal colour in a row at a difference of 0 or ±1; None otherwise."""
    diff = colours.count(WHITE) - colours.count(BLACK)
    if diff < -1 or (diff in (0, -1) and colours[-2:] == BLACK * 2):
        return WHITE
    if diff > 1 or (diff in (0, 1) and colours[-2:] == WHITE * 2):
        return BLACK
    return None


def _seats(before: Section, recs: Records, done: int, out: set[int]) -> dict[int, Seat]:
    """The players to pair after `done` matches, by number."""
    half = int(before.scoring.draw * recs.scale) or 1
    numbers = sorted(p.number for p in before.players)
    past = {n: history(recs, n, done) for n in numbers}
    baku = before.options.get("acceleration") == "baku"
    virtual = baku_points(before.rounds_planned, done + 1) if baku else 0
    group_a = set(numbers[:baku_group_a(len(numbers))])

    def total(own: Sequence[MatchRecord]) -> int:
        return sum(m.points for m in own) // half

    seats = {}
    for n in numbers:
        if n in out:
            continue
        own = past[n]
        last = own[-1] if own else None
        floated = bool(last and last.played and last.opponent in past
                       and total(own[:-1]) != total(past[last.opponent][:-1]))
        bonus = virtual if n in group_a else 0
        seats[n] = Seat(n, total(own) + bonus, frozenset(m.opponent for m in own if m.played and m.opponent),
                        "".join(m.colour for m in own if m.colour), floated,
                        any(m.pab or m.forfeit_won or m.full_bye for m in own), sum(m.played for m in own))
    return seats


def _matchable(group: Sequence[Seat]) -> bool:
    """Can `group` be paired without a rematch."""
    index = {s.number: i for i, s in enumerate(group)}
    adj = [[index[o.number] for o in group if o.number != s.number and o.number not in s.met] for s in group]
    return len(group) % 2 == 0 and perfectly_matchable(adj)


def _pairings(group: list[Seat]) -> Iterator[list[tuple[Seat, Seat]]]:
    """Every pairing of `group` without a rematch."""
    if not group:
        yield []
        return
    first, rest = group[0], group[1:]
    for i, other in enumerate(rest):
        if other.number in first.met:
            continue
        for tail in _pairings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *tail]


def second_game(before: Section, published: Pairing) -> list[Breach]:
    """Art. 0: game 2 repeats game 1's pairs with the colours reversed, and its bye."""
    first = next((r for r in before.rounds if r.number == published.round - 1), None)
    if first is None:
        return []
    wanted = {(g.second, g.first) for g in first.games}
    found = {(p.first, p.second) for p in published.pairs}
    out = [Breach("0", f"{ART} art. 0", "check.double_swiss.second_game", pair)
           for pair in sorted(wanted - found)]
    out += [Breach("0", f"{ART} art. 0", "check.double_swiss.not_in_game_one", pair)
            for pair in sorted(found - wanted)]
    if set(published.byes) != set(first.byes):
        out += [Breach("0", f"{ART} art. 0", "check.double_swiss.bye_of_match", (b,))
                for b in sorted(set(first.byes) ^ set(published.byes))]
    return out


def _left_out(before: Section, number: int) -> set[int]:
    out = withdrawn(before, number - 1)
    request = next((r for r in before.rounds if r.number == number), None)
    if request is not None:
        out |= set(request.half_byes) | set(request.full_byes) | set(request.absent)
    return out


def breaches(before: Section, recs: Records, published: Pairing) -> list[Breach]:
    """The criteria `published` breaks, the most important first."""
    if published.round % 2 == 0:
        return second_game(before, published)
    done = published.round // 2
    seats = _seats(before, recs, done, _left_out(before, published.round))
    found = _absolute(seats, published)
    if found:
        return found
    found = _bye(seats, published)
    if found:
        return found
    last_two = done + 1 > before.rounds_planned // 2 - 2
    return _brackets(seats, published, last_two)


def _absolute(seats: dict[int, Seat], published: Pairing) -> list[Breach]:
    """[C1], [C2], and each player paired once or the only bye."""
    out = [Breach("C1", f"{ART} art. 2.1", "check.double_swiss.rematch", (p.first, p.second))
           for p in published.pairs if p.first in seats and p.second in seats[p.first].met]
    out += [Breach("C2", f"{ART} art. 2.1", "check.double_swiss.bye_barred", (b,))
            for b in published.byes if b in seats and seats[b].barred]
    named = [n for p in published.pairs for n in (p.first, p.second)] + list(published.byes)
    out += [Breach("3.3", f"{ART} art. 3.3", "check.double_swiss.unpaired", (n,))
            for n in sorted(set(seats) - set(named))]
    out += [Breach("3.3", f"{ART} art. 3.3", "check.double_swiss.twice", (n,))
            for n in sorted({n for n in named if named.count(n) > 1})]
    if len(published.byes) != len(seats) % 2:
        out.append(Breach("3.4", f"{ART} art. 3.4", "check.double_swiss.bye_count", (),
                          (("byes", str(len(published.byes))), ("players", str(len(seats))))))
    return out


def _bye(seats: dict[int, Seat], published: Pairing) -> list[Breach]:
    """Art. 3.4: the bye to the first player, by the lowest score, the most matches played and the
    largest pairing number, whom [C2] allows and who leaves the others a pairing."""
    if not published.byes:
        return []
    order = sorted((s for s in seats.values() if not s.barred), key=lambda s: (s.score, -s.played, -s.number))
    for seat in order:
        if _matchable([s for s in seats.values() if s is not seat]):
            if seat.number != published.byes[0]:
                return [Breach("3.4", f"{ART} art. 3.4", "check.double_swiss.bye_order",
                               (seat.number, published.byes[0]))]
            return []
    return []


def _brackets(seats: dict[int, Seat], published: Pairing, last_two: bool) -> list[Breach]:
    """Each bracket from the top: [C4], [C5], [C8], [C10] and the identifier, in that order."""
    mate = {p.first: p.second for p in published.pairs} | {p.second: p.first for p in published.pairs}
    left = [s for s in sorted(seats.values(), key=lambda s: s.number) if s.number not in published.byes]
    while left:
        top = max(s.score for s in left)
        residents = [s for s in left if s.score == top]
        lower = [s for s in left if s.score < top]
        ups = [seats[mate[r.number]] for r in residents if seats[mate[r.number]].score < top]
        found = _upfloaters(residents, lower, ups, top)
        bracket = sorted(residents + ups, key=lambda s: s.number)
        pairs = [(s, seats[mate[s.number]]) for s in bracket if s.number < mate[s.number]]
        found = found or _pairing(bracket, pairs, last_two, top)
        if found:
            return found
        done = {s.number for s in bracket}
        left = [s for s in left if s.number not in done]
    return []


def _points(score: int) -> str:
    """A score in half points, as points."""
    return f"{score // 2}" + ("½" if score % 2 else "")


def _upfloaters(residents: list[Seat], lower: list[Seat], ups: list[Seat], top: int) -> list[Breach]:
    """[C4] and [C5] of the bracket whose residents score `top`."""
    values = (("score", _points(top)),)
    for count in range(len(residents) % 2, len(ups) + 1, 2):
        sets = _legal_sets(residents, lower, count)
        if sets is None:
            return []  # too many sets to search: not judged
        if sets:
            if count < len(ups):
                return [Breach("C4", f"{ART} art. 2.3", "check.double_swiss.upfloaters", (),
                               (*values, ("best", str(count)), ("published", str(len(ups)))))]
            best = max(sorted((s.score for s in chosen), reverse=True) for chosen in sets)
            mine = sorted((s.score for s in ups), reverse=True)
            if mine != best:
                return [Breach("C5", f"{ART} art. 2.3", "check.double_swiss.upfloater_scores", (),
                               (*values, ("best", ", ".join(map(_points, best))),
                                ("published", ", ".join(map(_points, mine)))))]
            return []
    return []


def _legal_sets(residents: list[Seat], lower: list[Seat], count: int) -> list[tuple[Seat, ...]] | None:
    """The sets of `count` upfloaters with which the bracket and the players after it can be paired
    ([C3]); None when there are too many sets to search."""
    chosen_sets = list(combinations(lower, count)) if _few(len(lower), count) else None
    if chosen_sets is None:
        return None
    return [c for c in chosen_sets
            if _matchable(residents + list(c)) and _matchable([s for s in lower if s not in c])]


def _few(n: int, k: int) -> bool:
    total = 1
    for i in range(k):
        total = total * (n - i) // (i + 1)
    return total <= LIMIT


def _pairing(bracket: list[Seat], pairs: list[tuple[Seat, Seat]], last_two: bool, top: int) -> list[Breach]:
    """[C8], [C10] and the identifier of the bracket's published pairs, against every pairing of it."""
    values = (("score", _points(top)),)
    mine = _quality(pairs, last_two)
    best: tuple[int, int, tuple[int, ...]] | None = None
    for count, option in enumerate(_pairings(bracket)):
        if count > LIMIT:
            return []  # too many pairings to search: not judged
        quality = _quality(option, last_two)
        best = quality if best is None or quality < best else best
    if best is None or best == mine:
        return []
    if best[0] < mine[0]:
        return [Breach("C8", f"{ART} art. 2.4", "check.double_swiss.colours", (),
                       (*values, ("best", str(best[0])), ("published", str(mine[0]))))]
    if best[1] < mine[1]:
        return [Breach("C10", f"{ART} art. 2.4", "check.double_swiss.floaters", (),
                       (*values, ("best", str(best[1])), ("published", str(mine[1]))))]
    return [Breach("3.6", f"{ART} art. 3.6.2", "check.double_swiss.identifier", (),
                   (*values, ("best", _shown(best[2])), ("published", _shown(mine[2]))))]


def _quality(pairs: Sequence[tuple[Seat, Seat]], last_two: bool) -> tuple[int, int, tuple[int, ...]]:
    """(pairs preferring the same colour, upfloaters meeting a player who floated, the identifier of
    art. 3.6.2: the top members in ascending order, then the bottom members in their order)."""
    same = sum(1 for a, b in pairs if preference(a.colours) is not None
               and preference(a.colours) == preference(b.colours))
    floats = 0 if last_two else sum(1 for a, b in pairs if a.score != b.score
                                    and (a if a.score > b.score else b).floated)
    ordered = sorted((min(a.number, b.number), max(a.number, b.number)) for a, b in pairs)
    return same, floats, tuple(t for t, _ in ordered) + tuple(b for _, b in ordered)


def _shown(identifier: tuple[int, ...]) -> str:
    """An identifier as its pairs: `1-4, 2-5`."""
    half = len(identifier) // 2
    return ", ".join(f"{t}-{b}" for t, b in zip(identifier[:half], identifier[half:], strict=True))
