"""The independent checker of a Dubov round (C.04.4.1): a published pairing evaluated against the
criteria one by one, without the engine.

Absolute criteria pair by pair ([C1], [C3]), the bye ([C2], art. 3.1), the colours (art. 5.2).
Then bracket by bracket as the published pairs make them (the top scoregroup's residents and the
players they meet): each quality criterion [C5]–[C10] as a value of the bracket, compared with the
best value any pairing of the players still to pair reaches ([C4]: the rest of the round paired)
with the higher criteria at their best. The best is found by trying every set of upfloaters of the
fewest players (at most `MAX_SETS` sets), each with its best pairing for [C7]; the first of those
sets in the order of art. 4.2 must be the published one. For more sets, a maximum-weight matching
whose bit fields are the criteria finds the best values (and the order of the sets is not checked).
Last, the pairs the bracket's procedure gives (art. 3.2.3–3.2.5, 4.3–4.4): found by trying every
pairing of the bracket at its best for [C7] (brackets of at most `MAX_BRACKET` players), or for a
larger bracket by matchings that search the sets of shifters and the transpositions in the same
order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from math import comb

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Pairing, PairingSeedMissing
from site_builder.pairing.breach import Breach
from site_builder.pairing.dubov.from_section import entrants
from site_builder.pairing.dubov.matching import Fields, best
from site_builder.pairing.dubov.players import Player, max_upfloats, player_of
from site_builder.pairing.dutch.from_section import first_colour
from site_builder.pairing.dutch.history import BLACK, WHITE, invert
from site_builder.pairing.matching import perfectly_matchable

MAX_SETS = 3000  # sets of upfloaters tried one by one
MAX_BRACKET = 12  # players of a bracket whose pairings are tried one by one
ART = "C.04.4.1 art. "
QUALITY = ("C5", "C6", "C7", "C8", "C9", "C10")
ARTICLES = {"C5": "2.3.1", "C6": "2.3.2", "C7": "2.3.3", "C8": "2.3.4", "C9": "2.3.5", "C10": "2.3.6"}

Pairs = list[tuple[Player, Player]]


@dataclass(frozen=True)
class Round:
    """The facts of the round checked: its number, the tournament's rounds, the pairs kept apart."""

    number: int
    rounds: int
    apart: frozenset[frozenset[int]]

    def legal(self, a: Player, b: Player) -> bool:
        """[C1] and [C3], and the organizer's pairs kept apart."""
        if a.number in b.opponents or (a.absolute and b.absolute and a.side == b.side):
            return False
        return not self.apart or frozenset((a.number, b.number)) not in self.apart


def breaches(before: Section, recs: Records, published: Pairing) -> list[Breach]:
    """The criteria of C.04.4.1 that `published` breaks (`before`: the section as it was paired)."""
    from site_builder.pairing.apart import kept_apart

    field = {n for p in published.pairs for n in (p.first, p.second)} | set(published.byes)
    unrated = sorted(p.number for p in before.players if p.rating is None and p.number in field)
    if unrated:  # art. 1.1: no pairing without every player's rating
        return [Breach("1.1", ART + "1.1.2", "check.dubov.unrated", (unrated[0],))]
    entered = entrants(before, recs, published.round - 1)
    by_number = {e.number: e for e in entered}
    ratings = {e.number: e.rating for e in entered}
    players = {n: player_of(by_number[n], by_number, ratings) for n in field}
    rnd = Round(published.round, before.rounds_planned, kept_apart(before, published.round))
    pairs = [(players[p.first], players[p.second]) for p in published.pairs]
    found = absolute(pairs, rnd) + bye_breaches(list(players.values()), published.byes, rnd)
    found += colour_breaches(pairs, initial_colour(before, pairs))
    if found:
        return found
    return bracket_breaches(pairs, rnd)


def absolute(pairs: Pairs, rnd: Round) -> list[Breach]:
    """[C1] and [C3] pair by pair (and the organizer's pairs kept apart, as [C1])."""
    found = []
    for a, b in pairs:
        if a.number in b.opponents or frozenset((a.number, b.number)) in rnd.apart:
            found.append(Breach("C1", ART + "2.1.1", "check.dubov.rematch", (a.number, b.number)))
        elif not rnd.legal(a, b):
            found.append(Breach("C3", ART + "2.1.3", "check.dubov.clash", (a.number, b.number)))
    return found


def bye_breaches(players: list[Player], byes: tuple[int, ...], rnd: Round) -> list[Breach]:
    """[C2] and art. 3.1: the bye's player may have it and is the one the article designates."""
    if len(byes) != len(players) % 2:
        return [Breach("C4", ART + "2.2.1", "check.dubov.byes", values=(("count", str(len(byes))),))]
    if not byes:
        return []
    bye = next(p for p in players if p.number == byes[0])
    if not bye.bye_ok:
        return [Breach("C2", ART + "2.1.2", "check.dubov.bye_again", (bye.number,))]
    due = designated_bye(players, rnd)
    if due is not None and due.number != bye.number:
        return [Breach("3.1", ART + "3.1", "check.dubov.bye_choice", (bye.number, due.number))]
    return []


def designated_bye(players: list[Player], rnd: Round) -> Player | None:
    """Art. 3.1: of the players who may have the bye and leave everyone else pairable, the one of
    the lowest score, then the most games played, then the largest TPN."""
    fits = [p for p in players if p.bye_ok and can_pair([q for q in players if q is not p], rnd)]
    return min(fits, key=lambda p: (p.score, -p.played, -p.number), default=None)


def can_pair(players: Sequence[Player], rnd: Round) -> bool:
    adj = [[j for j, q in enumerate(players) if j != i and rnd.legal(p, q)] for i, p in enumerate(players)]
    return perfectly_matchable(adj)


def initial_colour(before: Section, pairs: Pairs) -> str:
    """The initial colour (art. 5.2.1): as the section states it, or as round 1 shows it. Drawn by
    lot and not shown yet (the round checked is the first), it is read off the published pairs: the
    top pair whose players have not played, the higher ranked one's colour (turned for an even TPN);
    art. 5.2.1 then asks every other such pair to agree with it."""
    try:
        return first_colour(before, None)
    except PairingSeedMissing:
        pass
    for white, black in pairs:
        if not white.colours and not black.colours:
            hi = white if (white.score, -white.number) > (black.score, -black.number) else black
            colour = WHITE if hi is white else BLACK
            return colour if hi.number % 2 else invert(colour)
    return WHITE


def colour_breaches(pairs: Pairs, initial: str) -> list[Breach]:
    """Art. 5.2: White to the player the rules give it."""
    return [Breach("5.2", ART + "5.2", "check.dubov.colours", (white.number, black.number))
            for white, black in pairs if due_white(white, black, initial) is not white]


def due_white(a: Player, b: Player, initial: str) -> Player:
    """Who has White in the pair (art. 5.2.1–5.2.5), read in the order of the articles."""
    hi, lo = (a, b) if (a.score, -a.number) > (b.score, -b.number) else (b, a)
    if not hi.colours and not lo.colours:
        odd = hi.number % 2 == 1
        return hi if (initial == WHITE) == odd else lo
    if hi.side != lo.side:
        return hi if hi.side == WHITE else lo
    if hi.strength != lo.strength:
        stronger = hi if hi.strength > lo.strength else lo
        return stronger if stronger.side == WHITE else (lo if stronger is hi else hi)
    for x, y in zip(reversed(hi.colours), reversed(lo.colours), strict=False):
        if x != y:
            return hi if x == BLACK else lo
    return hi if hi.side == WHITE else lo


# -- the brackets ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Values:
    """A bracket's value for each quality criterion, each to be minimised in Python's order."""

    c5: int
    c6: tuple[int, ...]
    c7: int
    c8: int
    c9: tuple[int, ...]
    c10: int

    def key(self) -> tuple[int, tuple[int, ...], int, int, tuple[int, ...], int]:
        """The values in the criteria's order, to be compared lexicographically."""
        return self.c5, self.c6, self.c7, self.c8, self.c9, self.c10

    def by_criterion(self) -> tuple[tuple[str, object], ...]:
        return tuple(zip(QUALITY, (self.c5, self.c6, self.c7, self.c8, self.c9, self.c10), strict=True))


def values_of(pairs: Pairs, residents: set[int], top: int, rnd: Round) -> Values:
    """The quality criteria's values for the pairs of a bracket (`residents`: their numbers)."""
    ups = [b if a.number in residents else a for a, b in pairs
           if (a.number in residents) != (b.number in residents)]
    last = rnd.number >= rnd.rounds
    maxt = max_upfloats(rnd.rounds)
    maxed = [p for p in ups if p.upfloats >= maxt]
    return Values(
        c5=len(ups),
        c6=tuple(sorted((top - p.score for p in ups), reverse=True)),
        c7=sum(1 for a, b in pairs if a.side == b.side),
        c8=0 if last else len(maxed),
        c9=() if last else tuple(sorted((p.upfloats for p in maxed), reverse=True)),
        c10=0 if last else sum(1 for p in ups if p.upfloated_last))


def bracket_breaches(pairs: Pairs, rnd: Round) -> list[Breach]:
    """Bracket by bracket, from the top scoregroup down: the first rule each one breaks."""
    left = sorted({p.number: p for pair in pairs for p in pair}.values(), key=lambda p: (-p.score, p.number))
    mate = {a.number: b for a, b in pairs} | {b.number: a for a, b in pairs}
    found = []
    while left:
        top = left[0].score
        residents = {p.number for p in left if p.score == top}
        bracket = [(a, mate[a.number]) for a in left if a.number in residents
                   and (mate[a.number].number not in residents or a.number < mate[a.number].number)]
        broken = one_bracket(left, residents, bracket, rnd)
        if broken:
            found.append(broken)
        paired = {p.number for pair in bracket for p in pair}
        left = [p for p in left if p.number not in paired]
    return found


def one_bracket(left: list[Player], residents: set[int], bracket: Pairs, rnd: Round) -> Breach | None:
    """The first rule the pairs of one bracket break: a quality criterion, the order of the
    upfloaters, the order of the pairs."""
    top = left[0].score
    published = values_of(bracket, residents, top, rnd)
    options = every_set(left, residents, rnd)
    reached = min((v for v, _ in options), key=Values.key) if options else best_values(left, residents, rnd)
    head = min(residents)
    for (code, mine), (_, theirs) in zip(published.by_criterion(), reached.by_criterion(), strict=True):
        if mine != theirs:
            words = shown(code, mine)
            count = (("n", words),) if words.isdigit() else ()  # the plural form (a count, not C6's list)
            return Breach(code, ART + ARTICLES[code], f"check.dubov.{code.lower()}", (head,),
                          (("published", words), ("best", shown(code, theirs)), *count))
    ups = sorted((p for pair in bracket for p in pair if p.number not in residents), key=order_42)
    first = next((list(chosen) for v, chosen in options if v == reached), None) if options else None
    if first is not None and [p.number for p in first] != [p.number for p in ups]:
        return Breach("4.2", ART + "3.2.2, 4.2", "check.dubov.upfloaters", (head,),
                      (("published", numbers(ups)), ("best", numbers(first))))
    members = [p for pair in bracket for p in pair]
    expected = procedure_pairs(members, rnd)
    if expected is not None and as_set(expected) != as_set(bracket):
        return Breach("3.2.5", ART + "3.2.4–3.2.5, 4.3–4.4", "check.dubov.transposition", (head,),
                      (("published", pairs_shown(bracket)), ("best", pairs_shown(expected))))
    return None


def shown(code: str, value: object) -> str:
    """A criterion's value in words: a count, or a list (score differences in points).

    >>> shown("C6", (2, 1)), shown("C9", ()), shown("C5", 3)
    ('(1, 0.5)', '()', '3')
    """
    if isinstance(value, tuple):
        return "(" + ", ".join(f"{v / 2:g}" if code == "C6" else str(v) for v in value) + ")"
    return str(value)


def numbers(players: Sequence[Player]) -> str:
    return ", ".join(str(p.number) for p in players)


def pairs_shown(pairs: Pairs) -> str:
    ordered = sorted(pairs, key=lambda ab: min(p.number for p in ab))
    return ", ".join(f"{a.number}–{b.number}" for a, b in ordered)


def as_set(pairs: Pairs) -> set[frozenset[int]]:
    return {frozenset((a.number, b.number)) for a, b in pairs}


def order_42(p: Player) -> tuple[int, int]:
    """Art. 4.2.2: by descending score, then ascending TPN."""
    return (-p.score, p.number)


def best_values(left: list[Player], residents: set[int], rnd: Round) -> Values:
    """The best values [C5]–[C10] (each with the higher ones at their best) of the top bracket
    among all pairings of `left` ([C4]: everyone still to pair is paired)."""
    top = left[0].score
    lower = [p for p in left if p.number not in residents]
    last = rnd.number >= rnd.rounds
    maxt = max_upfloats(rnd.rounds)
    fields = Fields(pairs=len(left) // 2 + 1)
    # a level's field counts the pairs not at that level: the largest level has the highest field
    levels9 = sorted({p.upfloats for p in lower if p.upfloats >= maxt})
    levels6 = sorted({top - p.score for p in lower})
    at10, at9, at8 = fields.add(), [fields.add() for _ in levels9], fields.add()
    at7, at6, at5 = fields.add(), [fields.add() for _ in levels6], fields.add()

    def up_value(up: Player) -> int:
        w = sum(1 << at for level, at in zip(levels6, at6, strict=True) if top - up.score != level)
        if last:
            return w
        maxed = up.upfloats >= maxt
        w += sum(1 << at for level, at in zip(levels9, at9, strict=True) if not maxed or up.upfloats != level)
        return w + ((not maxed) << at8) + ((not up.upfloated_last) << at10)

    def weigh(u: int, v: int) -> int | None:
        a, b = left[u], left[v]
        if not rnd.legal(a, b):
            return None
        ra, rb = a.number in residents, b.number in residents
        if not ra and not rb:
            return 0
        colour = (a.side != b.side) << at7
        return colour + (1 << at5 if ra and rb else up_value(b if ra else a))

    found = best(len(left), weigh)
    assert found is not None  # the published pairing pairs them all
    mates = found[1]
    pairs = [(left[u], left[v]) for u, v in mates.items() if u < v
             and (left[u].number in residents or left[v].number in residents)]
    return values_of(pairs, residents, top, rnd)


def every_set(left: list[Player], residents: set[int], rnd: Round
              ) -> list[tuple[Values, tuple[Player, ...]]] | None:
    """Every set of upfloaters of the fewest players with which the residents and the rest of the
    round can all be paired, in the order of art. 4.2 (sets compared by their players' sequence
    numbers in ascending order), each with the values of its best pairing for [C7]; None when
    there are more than `MAX_SETS` sets of a size to try."""
    lower = sorted((p for p in left if p.number not in residents), key=order_42)
    home = [p for p in left if p.number in residents]
    for size in range(len(home) % 2, len(lower) + 1, 2):
        if comb(len(lower), size) > MAX_SETS:
            return None
        found = []
        for chosen in combinations(lower, size):
            picked = {p.number for p in chosen}
            if not can_pair([p for p in lower if p.number not in picked], rnd):
                continue
            pairs = best_colours(home + list(chosen), rnd)
            if pairs is not None:
                found.append((values_of(pairs, residents, left[0].score, rnd), chosen))
        if found:
            return found
    return None


def best_colours(players: list[Player], rnd: Round) -> Pairs | None:
    """A pairing of `players` with the fewest players denied their colour preference ([C7])."""
    found = best(len(players), lambda u, v: (players[u].side != players[v].side)
                 if rnd.legal(players[u], players[v]) else None)
    if found is None:
        return None
    return [(players[u], players[v]) for u, v in found[1].items() if u < v]


# -- the bracket's own procedure, by trying every pairing --------------------------------------------


def matchings(items: list[int], ok: Callable[[int, int], bool]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of `items` with only `ok` pairs."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for i, other in enumerate(rest):
        if ok(first, other):
            for more in matchings(rest[:i] + rest[i + 1:], ok):
                yield [(first, other), *more]


def middle_order(items: list[int]) -> list[int]:
    """Art. 4.3.3's sequence: from the (remaining) middle, the higher of two middle positions."""
    rest, out = list(items), []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


def procedure_pairs(members: list[Player], rnd: Round) -> Pairs | None:
    """The pairs art. 3.2.3–3.2.5 give the bracket `members`: of all its pairings at their best for
    [C7] (and then with the fewest players paired inside their own subgroup), the one whose shifts
    come first (art. 4.3) and whose transposition comes first (art. 4.4). Up to `MAX_BRACKET`
    players every pairing is tried (`every_pairing`); a larger bracket is searched in the same
    order with matchings (`first_by_matching`). None: the bracket cannot be paired so."""
    n = len(members)
    if all(not p.colours for p in members):
        g1 = set(sorted(range(n), key=lambda v: members[v].number)[:n // 2])
    else:
        g1 = {v for v in range(n) if members[v].side == WHITE}
    ok = [[rnd.legal(p, q) for q in members] for p in members]
    return every_pairing(members, ok, g1) if n <= MAX_BRACKET else first_by_matching(members, ok, g1)


def every_pairing(members: list[Player], ok: list[list[bool]], g1: set[int]) -> Pairs | None:
    """`procedure_pairs` by trying every pairing of the bracket."""
    n = len(members)
    valid = list(matchings(list(range(n)), lambda u, v: ok[u][v]))
    if not valid:
        return None

    def merit(m: list[tuple[int, int]]) -> tuple[int, int]:
        colours = sum(members[u].side != members[v].side for u, v in m)
        return colours, sum((u in g1) != (v in g1) for u, v in m)

    top = max(merit(m) for m in valid)
    ranked = [(key, m) for m in valid if merit(m) == top for key in keys_of(m, g1, members) if key[2]]
    if not ranked:
        return None
    chosen = min(ranked, key=lambda km: km[0])[1]
    return [(members[u], members[v]) for u, v in chosen]


def first_by_matching(members: list[Player], ok: list[list[bool]], g1: set[int]) -> Pairs | None:
    """`procedure_pairs` by matchings, for brackets too large to try every pairing. The pairings at
    their best for [C7] and the fewest pairs inside a subgroup have a fixed number of shifters out
    of the smaller subgroup (k: its pairs inside itself) and then out of the larger side: the sets
    are tried in the order of their sequence numbers (art. 4.3), each kept when a pairing of S1
    against the rest that shifts exactly it reaches the best; then each S1 player (by ARO, then TPN)
    takes the first of G2 (by TPN) that still lets the rest reach it (art. 4.4)."""
    n = len(members)
    every = set(range(n))
    side = [p.side for p in members]

    def merit(u: int, v: int) -> int:  # [C7] first, then the pairs across the subgroups
        return (side[u] != side[v]) * (n + 1) + ((u in g1) != (v in g1))

    found = best(n, lambda u, v: merit(u, v) if ok[u][v] else None)
    if found is None:
        return None
    top = found[0]
    a = g1 if len(g1) <= n - len(g1) else every - g1
    k = (len(a) - top % (n + 1)) // 2
    for x in _sets_in_order(a, k, g1, members):
        a2 = a - x
        p_group = every - a2 if n - len(a2) >= len(a2) else a2
        for y in _sets_in_order(p_group, len(p_group) - n // 2, g1 ^ x, members):
            ones = (g1 ^ x) ^ y
            allowed = _shifted_pairs(ok, ones, ((a, x), (p_group, y)))
            if _reaches(n, allowed, merit, top, {}):
                return _transposed(members, ones, allowed, merit, top)
    return None


def _shifted_pairs(ok: list[list[bool]], ones: set[int], shifts: tuple[tuple[set[int], set[int]], ...]
                   ) -> Callable[[int, int], bool]:
    """The pairs of a pairing of S1 (`ones`) against the rest that shifts exactly the sets given:
    legal, across S1, and inside each group a pair of one shifter and one player not shifted (a
    shifter is paired inside its group)."""
    def allowed(u: int, v: int) -> bool:
        if not ok[u][v] or (u in ones) == (v in ones):
            return False
        for group, chosen in shifts:
            if u in group and v in group:
                if (u in chosen) == (v in chosen):
                    return False
            elif u in chosen or v in chosen:
                return False
        return True

    return allowed


def _sets_in_order(group: set[int], size: int, ones_before: set[int], members: list[Player]
                   ) -> Iterator[set[int]]:
    """The sets of `size` players of `group` in the order of their sequence numbers (art. 4.3.2–4.3.3)."""
    def key(v: int) -> tuple[int, int]:
        return (members[v].aro, members[v].number) if v in ones_before else (0, members[v].number)

    sequence = middle_order(sorted(group, key=key))
    for positions in combinations(range(len(sequence)), size):
        yield {sequence[i] for i in positions}


def _reaches(n: int, allowed: Callable[[int, int], bool], merit: Callable[[int, int], int], top: int,
             fixed: dict[int, int]) -> bool:
    """Whether a pairing with only `allowed` pairs and the `fixed` ones reaches the weight `top`."""
    taken = set(fixed) | set(fixed.values())

    def weigh(u: int, v: int) -> int | None:
        if (u in taken or v in taken) and fixed.get(u) != v and fixed.get(v) != u:
            return None
        return merit(u, v) if allowed(u, v) else None

    found = best(n, weigh)
    return found is not None and found[0] == top


def _transposed(members: list[Player], ones: set[int], allowed: Callable[[int, int], bool],
                merit: Callable[[int, int], int], top: int) -> Pairs:
    """S1 (`ones` by ARO, then TPN) against the first transposition of G2 (by TPN) that reaches `top`."""
    n = len(members)
    s1 = sorted(ones, key=lambda v: (members[v].aro, members[v].number))
    g2 = sorted((v for v in range(n) if v not in ones), key=lambda v: members[v].number)
    fixed: dict[int, int] = {}
    for s in s1:
        fixed[s] = next(g for g in g2 if g not in fixed.values() and allowed(s, g)
                        and _reaches(n, allowed, merit, top, {**fixed, s: g}))
    return [(members[s], members[g]) for s, g in fixed.items()]


def keys_of(m: list[tuple[int, int]], g1: set[int], members: list[Player]
            ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """For each way the shifts of art. 3.2.4 lead to pairing `m`: (the first shift's sequence
    numbers, the second's, the transposition's positions in G2)."""
    n = len(members)
    g2 = set(range(n)) - g1
    a = g1 if len(g1) <= len(g2) else g2
    inner_a = [(u, v) for u, v in m if u in a and v in a]
    for picks in product(*inner_a):
        x = set(picks)
        a2 = a - x
        b2 = set(range(n)) - a2
        p_group = b2 if len(b2) >= len(a2) else a2
        inner_p = [(u, v) for u, v in m if u in p_group and v in p_group]
        for more in product(*inner_p):
            y = set(more)
            ones = (g1 ^ x) ^ y
            yield (seq_key(a, x, ones_before=g1, members=members),
                   seq_key(p_group, y, ones_before=g1 ^ x, members=members),
                   transposition(m, ones, members))


def seq_key(group: set[int], chosen: set[int], ones_before: set[int], members: list[Player]
            ) -> tuple[int, ...]:
    """The sorted sequence numbers (art. 4.3.2–4.3.3) of the players `chosen` from `group`."""

    def key(v: int) -> tuple[int, int]:
        return (members[v].aro, members[v].number) if v in ones_before else (0, members[v].number)

    sequence = middle_order(sorted(group, key=key))
    return tuple(sorted(sequence.index(v) for v in chosen))


def transposition(m: list[tuple[int, int]], ones: set[int], members: list[Player]) -> tuple[int, ...]:
    """Positions in G2 (by ascending TPN) of the partners of S1 (G1 by ascending ARO, then TPN)."""
    mate = {u: v for u, v in m} | {v: u for u, v in m}
    s1 = sorted(ones, key=lambda v: (members[v].aro, members[v].number))
    g2 = sorted((v for v in range(len(members)) if v not in ones), key=lambda v: members[v].number)
    if any(mate[s] in ones for s in s1):
        return ()  # not a pairing of S1 against G2
    return tuple(g2.index(mate[s]) for s in s1)
