"""The checker's view of one bracket (C.04.4.2 art. 2.3, 3.2, 4): the value of each quality
criterion for a set of the bracket's pairs, and the best value any pairing of the bracket reaches.

Written from the articles, apart from the engine: players are `Seat`s computed here, a pairing of
the bracket is a set of pairs, and the best is searched exhaustively among every pairing of a small
bracket, or found by a maximum-weight matching whose weight puts each criterion in its own field
for a larger one. Both use a matching only to tell whether the players left can all be paired (C4)
and for C7 (how the following bracket can then be paired)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import networkx as nx

from site_builder.pairing.breach import Breach
from site_builder.pairing.dutch.history import Entrant
from site_builder.pairing.matching import perfectly_matchable

#: Brackets up to this many players are searched exhaustively.
EXHAUSTIVE = 8
Pairs = frozenset[tuple[int, int]]


@dataclass(frozen=True)
class Seat:
    """A player to pair as the checker reads their history (scores in half points)."""

    number: int
    rank: int  # 0-based place among the players who take part: TPN − 1
    score: int  # with the Baku method's virtual points
    games: int  # games played
    colours: tuple[str, ...]  # of the played games
    met: frozenset[int]  # opponents of played games
    bye_ok: bool  # C2: no pairing-allocated bye, no win without playing, before
    buchholz: int
    sonneborn: int

    @property
    def difference(self) -> int:
        return self.colours.count("W") - self.colours.count("B")

    @property
    def absolute(self) -> bool:
        """Art. 1.5.1: a colour difference beyond ±1, or the same colour in the last two games."""
        return abs(self.difference) > 1 or (len(self.colours) > 1 and self.colours[-1] == self.colours[-2])

    @property
    def preference(self) -> str | None:
        """Art. 1.5: the colour the player should get, None before any game (1.5.4)."""
        if not self.colours:
            return None
        if self.difference > 1 or (self.difference == 1 and not self.absolute):
            return "B"
        if self.difference < -1 or (self.difference == -1 and not self.absolute):
            return "W"
        return "B" if self.colours[-1] == "W" else "W"

    @property
    def strength(self) -> int:
        """3 absolute, 2 strong, 1 mild, 0 none (art. 1.5.1–1.5.4)."""
        if not self.colours:
            return 0
        return 3 if self.absolute else 2 if self.difference else 1

    @property
    def key(self) -> tuple[int, int, int]:
        """Art. 1.8, best first: Buchholz, Sonneborn-Berger, TPN."""
        return (-self.buchholz, -self.sonneborn, self.rank)


def _own_score(entrant: Entrant) -> int:
    return sum(g.points for g in entrant.history)


def _seen_by_opponents(entrant: Entrant) -> int:
    """Art. 1.7.2: the score counted for the player's opponents, each zero-point-bye of a series
    reaching the current round a draw."""
    trailing = 0
    for game in reversed(entrant.history):
        if game.paired or game.points:
            break
        trailing += 1
    return _own_score(entrant) + trailing


def seats_of(ents: list[Entrant], absent: set[int]) -> dict[int, Seat]:
    """The players of the round (not absent), by number."""
    by_number = {e.number: e for e in ents}
    taking_part = [e for e in ents if e.number not in absent or any(g.paired for g in e.history)]
    seats = {}
    for rank, e in enumerate(taking_part):
        if e.number in absent:
            continue
        own = _own_score(e)
        values = [(_seen_by_opponents(by_number[g.opponent]) if g.played and g.opponent in by_number else own,
                   g.points) for g in e.history]
        played = [g for g in e.history if g.played]
        seats[e.number] = Seat(
            e.number, rank, own + e.acceleration(len(e.history)), len(played),
            tuple(g.colour or "W" for g in played), frozenset(g.opponent for g in played if g.opponent),
            not any(not g.played and g.points >= 2 for g in e.history),
            sum(v for v, _ in values), sum(v * p for v, p in values))
    return seats


def points(half: int) -> str:
    """Half points as shown: 3, 2½, ½."""
    whole, rest = divmod(half, 2)
    return (str(whole) if whole or not rest else "") + ("½" if rest else "")


@dataclass(frozen=True)
class Value:
    """A pairing of the bracket as the quality criteria see it, each to be maximised."""

    c5: int  # pairs
    c6: tuple[int, ...]  # players paired, by score from the highest
    c7: tuple[int, ...]  # the following bracket: its pairs, then its players paired by score
    c8: int  # minus the players who do not get their colour preference

    def criteria(self) -> tuple[tuple[str, str, object], ...]:
        return (("C5", "2.3.1", self.c5), ("C6", "2.3.2", self.c6), ("C7", "2.3.3", self.c7),
                ("C8", "2.3.4", self.c8))


Allowed = dict[int, frozenset[int]]


def allowed_pairs(seats: dict[int, Seat], apart: frozenset[frozenset[int]]) -> Allowed:
    """Whom each player may meet: C1 (no second game), C3 (not both with the same absolute colour
    preference), and not a pair the organizer keeps apart."""
    def may(x: Seat, y: Seat) -> bool:
        if y.number in x.met or frozenset((x.number, y.number)) in apart:
            return False
        return not (x.absolute and y.absolute and x.preference == y.preference)

    return {n: frozenset(m for m in seats if m != n and may(seats[n], seats[m])) for n in seats}


def completes(allowed: Allowed, rest: list[int]) -> bool:
    """C4: whether the players of `rest` can all be paired."""
    where = {n: i for i, n in enumerate(rest)}
    return perfectly_matchable([[where[m] for m in allowed[n] if m in where] for n in rest])


class Bracket:
    """One bracket: its players (`members`, incoming floaters included), the following scoregroup
    (`nxt`) and every player below it (`lower`, which holds `nxt`)."""

    def __init__(self, seats: dict[int, Seat], members: list[int], nxt: list[int], lower: list[int],
                 allowed: Allowed, score: int) -> None:
        self.seats, self.nxt, self.lower, self.allowed, self.score = seats, nxt, lower, allowed, score
        self.members = sorted(members, key=lambda n: seats[n].key)
        self.bsn = {n: i + 1 for i, n in enumerate(self.members)}  # art. 4.1
        self.scores = sorted({seats[n].score for n in members + nxt}, reverse=True)
        self.following = set(nxt)

    def _clash(self, a: int, b: int) -> bool:
        """C8: one of the two cannot get their colour preference (both prefer the same colour)."""
        return self.seats[a].preference is not None and self.seats[a].preference == self.seats[b].preference

    def ok(self, a: int, b: int) -> bool:
        return b in self.allowed[a]

    def _by_score(self, numbers: list[int]) -> tuple[int, ...]:
        return tuple(sum(1 for n in numbers if self.seats[n].score == s) for s in self.scores)

    def value(self, pairs: Pairs) -> Value | None:
        """The criteria's values of the bracket's `pairs`; None when the round cannot then be
        completed (C4)."""
        paired = [n for pair in pairs for n in pair]
        rest = [n for n in self.members if n not in paired] + self.lower
        if not completes(self.allowed, rest):
            return None
        conflicts = sum(1 for a, b in pairs if self._clash(a, b))
        return Value(len(pairs), self._by_score(paired), self._following(rest), -conflicts)

    def _following(self, rest: list[int]) -> tuple[int, ...]:
        """C7: the best the following bracket (this one's floaters and the next scoregroup) can
        do, the whole rest being paired: its pairs, then its players paired by score. The matching
        over the following bracket alone is that best when the players it leaves can all be paired;
        else the matching over the whole rest, completion first, is."""
        nxt = set(self.nxt) | {n for n in rest if n in self.bsn}
        inside = self._following_pairs([n for n in rest if n in nxt], nxt, completion=False)
        matched = {n for pair in inside for n in pair}
        if not completes(self.allowed, [n for n in rest if n not in matched]):
            inside = [(a, b) for a, b in self._following_pairs(rest, nxt, completion=True)
                      if a in nxt and b in nxt]
        return (len(inside), *self._by_score([n for pair in inside for n in pair]))

    def _following_pairs(self, scope: list[int], nxt: set[int], completion: bool) -> list[tuple[int, int]]:
        """The heaviest matching over `scope`: completion (when asked), then the following bracket's
        pairs, then its players paired by score."""
        graph: nx.Graph[int] = nx.Graph()
        width = len(scope).bit_length() + 1
        for i, a in enumerate(scope):
            for b in scope[i + 1:]:
                if self.ok(a, b):
                    fields = [int(completion), 0] + [0] * len(self.scores)
                    if a in nxt and b in nxt:
                        fields[1] = 1
                        for n in (a, b):
                            fields[2 + self.scores.index(self.seats[n].score)] += 1
                    if any(fields):
                        graph.add_edge(a, b, weight=_pack(fields, width))
        return [(a, b) for a, b in nx.max_weight_matching(graph)]

    def order(self, pairs: Pairs) -> tuple[int, ...]:
        """Art. 4.3: each BSN's opponent's BSN (0 for a floater), BSN 1 first; larger comes first."""
        mate = {a: b for a, b in pairs} | {b: a for a, b in pairs}
        return tuple(self.bsn[mate[n]] if n in mate else 0 for n in self.members)

    def pairings(self) -> Iterator[Pairs]:
        """Every set of pairs of compatible members (each player at most once)."""
        def extend(left: list[int], chosen: list[tuple[int, int]]) -> Iterator[Pairs]:
            if not left:
                yield frozenset(chosen)
                return
            head, tail = left[0], left[1:]
            yield from extend(tail, chosen)
            for i, other in enumerate(tail):
                if self.ok(head, other):
                    yield from extend(tail[:i] + tail[i + 1:], [*chosen, (head, other)])
        return extend(list(self.members), [])

    def best(self) -> tuple[Value, Pairs]:
        """The best value and the first pairing of art. 4 reaching it."""
        if len(self.members) <= EXHAUSTIVE:
            return self._searched()
        return self._matched()

    def _searched(self) -> tuple[Value, Pairs]:
        """By exhaustive search: C7 (a matching) only for the pairings best on C4–C6."""
        cheap = []
        for pairs in self.pairings():
            paired = [n for pair in pairs for n in pair]
            rest = [n for n in self.members if n not in paired] + self.lower
            if completes(self.allowed, rest):
                cheap.append(((len(pairs), self._by_score(paired)), pairs))
        top = max(key for key, _ in cheap)
        scored = [(v, self.order(p), p) for key, p in cheap if key == top and (v := self.value(p))]
        value, _, pairs = max(scored, key=lambda t: (t[0].c7, t[0].c8, t[1]))
        return value, pairs

    def _matched(self) -> tuple[Value, Pairs]:
        """By a maximum-weight matching whose weight holds each criterion in a field (C4 highest, the
        order of art. 4 lowest): over the bracket and the next scoregroup first, without C4's field
        (the others weigh only pairs there), which is the best when the players it leaves can all be
        paired; else over the bracket and every lower player."""
        scope = self.members + self.nxt
        matching = self._heaviest(scope, completion=False)
        matched = {v for pair in matching for v in pair}
        if not completes(self.allowed, [v for v in self.members + self.lower if v not in matched]):
            matching = self._heaviest(self.members + self.lower, completion=True)
        pairs = frozenset((a, b) if self.bsn[a] < self.bsn[b] else (b, a) for a, b in matching
                          if a in self.bsn and b in self.bsn)
        value = self.value(pairs)
        assert value is not None  # the matching pairs everyone who can be
        return value, pairs

    def _heaviest(self, scope: list[int], completion: bool) -> list[tuple[int, int]]:
        """The maximum-weight matching over `scope` by `_fields`, C4's field kept or not."""
        graph: nx.Graph[int] = nx.Graph()
        order_bits = ((len(self.members) + 1) ** (len(self.members) + 1)).bit_length()
        width = max(len(scope).bit_length() + 1, order_bits)
        for i, a in enumerate(scope):
            for b in scope[i + 1:]:
                if self.ok(a, b):
                    fields = self._fields(a, b)
                    fields[0] = int(completion)
                    if any(fields):
                        graph.add_edge(a, b, weight=_pack(fields, width))
        return [(a, b) for a, b in nx.max_weight_matching(graph)]

    def _fields(self, a: int, b: int) -> list[int]:
        """A pair's fields: C4, C5, C6 by score, C7's pairs and its players by score, C8, art. 4."""
        base, n, k = len(self.members) + 1, len(self.members), len(self.scores)
        fields = [1] + [0] * (4 + 2 * k)
        if a in self.bsn and b in self.bsn:
            fields[1] = 1
            for m in (a, b):
                fields[2 + self.scores.index(self.seats[m].score)] += 1
            fields[-2] = 0 if self._clash(a, b) else 1
            x, y = sorted((self.bsn[a], self.bsn[b]))
            fields[-1] = y * base ** (n - x) + x * base ** (n - y)
        elif (a in self.bsn or a in self.following) and (b in self.bsn or b in self.following):
            fields[2 + k] = 1
            for m in (a, b):
                fields[3 + k + self.scores.index(self.seats[m].score)] += 1
        return fields

    def breach(self, published: set[tuple[int, int]]) -> Breach | None:
        """The first criterion the bracket's published pairs break, or the order of art. 4."""
        pairs = frozenset(published)
        shown = self.value(pairs)
        best, first = self.best()
        score = points(self.score)
        if shown is None:
            return Breach("C4", "C.04.4.2 art. 2.2.1", "check.burstein.incomplete", (), (("score", score),))
        for (code, art, value), (_, _, top) in zip(shown.criteria(), best.criteria(), strict=True):
            if value != top:
                words = self._words(code, pairs)
                count = (("n", words),) if words.isdigit() else ()  # the plural form (C5, C7, C8)
                return Breach(code, f"C.04.4.2 art. {art}", f"check.burstein.{code.lower()}", (),
                              (("score", score), ("value", words), ("best", self._words(code, first)),
                               *count))
        mine, theirs = self.order(pairs), self.order(first)
        for k, (x, y) in enumerate(zip(mine, theirs, strict=True)):
            if x != y:
                return Breach("4", "C.04.4.2 art. 4.3", "check.burstein.order",
                              (self.members[k], self.members[y - 1]), (("score", score),))
        return None

    def _words(self, code: str, pairs: Pairs) -> str:
        """A criterion's value for the message: pairs (C5), the floaters' scores (C6), the following
        bracket's pairs (C7), the players without their colour preference (C8)."""
        value = self.value(pairs)
        assert value is not None
        paired = {n for pair in pairs for n in pair}
        if code == "C5":
            return str(value.c5)
        if code == "C6":
            return ", ".join(points(self.seats[n].score) for n in self.members if n not in paired) or "0"
        if code == "C7":
            return str(value.c7[0])
        return str(-value.c8)


def _pack(fields: list[int], width: int) -> int:
    """Fields (most important first) into one integer, each `width` bits wide."""
    weight = 0
    for value in fields:
        weight = (weight << width) | value
    return weight
