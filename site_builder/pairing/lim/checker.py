"""The Lim system's own checker (C.04.4.3): a published round evaluated criterion by criterion,
not compared with a pairing of the engine.

Absolute criteria, pair by pair: no rematch (C.04.1 art. 2, C.04.4.3 art. 2.1), the colour rules
of art. 2.1 (when some pairing keeps them), one bye at most and not a second (C.04.1 art. 3).
Then the quality criteria in order, each value compared with the best any pairing reaches with the
higher ones held at their published values, found by a search of its own (a weighted general
matching over the players still to pair, or every pairing of a small group): the bye (art. 1.1);
for each scoregroup in the order of art. 2.2, the floaters it leaves (art. 2.3), the pairs due the
same colour (art. 3.2.2, 5.2), which players float (art. 3.2.4), the order of the pairs (art.
3.8, 4.2); last the colours of each pair (art. 5)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Pairing
from site_builder.pairing.breach import Breach
from site_builder.pairing.dutch.from_section import first_colour
from site_builder.pairing.lim.colours import colours_of
from site_builder.pairing.lim.from_section import players_before
from site_builder.pairing.lim.players import Player, compatible
from site_builder.pairing.round_to_pair import left_out

#: The largest group whose every pairing is tried for the order of art. 3.8 and 4.2.
EXHAUSTIVE = 12
#: The most sets of floaters tried before the published one for art. 3.2.4.
FLOATER_SETS = 2000
_ART = "C.04.4.3 art. {}"


@dataclass(frozen=True)
class Published:
    """A round as published, read for the checks: its pairs by player and its bye."""

    number: int
    partner: dict[int, int]
    white: dict[int, bool]
    bye: int | None


def breaches(before: Section, recs: Records, published: Pairing) -> list[Breach]:
    """The criteria of C.04.4.3 the published round breaks: every absolute one, then the first
    quality criterion it falls short on."""
    done, absent = left_out(before)
    players = players_before(before, recs, done, absent)
    round_ = _published(published)
    found = _structure(players, round_, published)
    if found:
        return found
    strict = _keeps_colours(players)
    found = [*_rematches(players, round_), *(_colour_rules(players, round_) if strict else []),
             *_second_bye(players, round_)]
    if found:
        return found
    quality = _bye_rank(players, round_, strict) or _groups(players, round_, strict)
    if quality:
        return [quality]
    colour = first_colour(before, None) if before.rounds and before.rounds[0].games else None
    return _colours(players, round_, colour)


def _published(pairing: Pairing) -> Published:
    partner, white = {}, {}
    for pair in pairing.pairs:
        partner[pair.first], partner[pair.second] = pair.second, pair.first
        white[pair.first], white[pair.second] = True, False
    return Published(pairing.round, partner, white, pairing.byes[0] if pairing.byes else None)


def _structure(players: Sequence[Player], round_: Published, pairing: Pairing) -> list[Breach]:
    """C.04.1 art. 1, 3: every player taking part plays once or has the bye, one bye at most."""
    numbers = {p.number for p in players}
    seated = [n for pair in pairing.pairs for n in (pair.first, pair.second)] + list(pairing.byes)
    if len(pairing.byes) > 1 or sorted(seated) != sorted(numbers) or len(players) % 2 != len(pairing.byes):
        count = (("count", str(len(pairing.byes))),)
        return [Breach("A4", "C.04.1 art. 3", "check.lim.seated", values=count)]
    return []


def _rematches(players: Sequence[Player], round_: Published) -> Iterator[Breach]:
    for p in players:
        q = round_.partner.get(p.number)
        if q is not None and p.number < q and q in p.met:
            yield Breach("A1", _ART.format("2.1"), "check.rematch", (p.number, q))


def _colour_rules(players: Sequence[Player], round_: Published) -> Iterator[Breach]:
    """Art. 2.1: no colour three times in a row, never three more of one colour."""
    for p in players:
        if p.number in round_.white and not p.may_take("W" if round_.white[p.number] else "B"):
            yield Breach("A2", _ART.format("2.1"), "check.lim.colour", (p.number,))


def _second_bye(players: Sequence[Player], round_: Published) -> Iterator[Breach]:
    """C.04.1 art. 3: no bye for a player who had one or won a game without playing."""
    for p in players:
        if p.number == round_.bye and not p.bye_eligible:
            yield Breach("A3", "C.04.1 art. 3", "check.lim.bye_again", (p.number,))


def _graph(players: Sequence[Player], strict: bool) -> nx.Graph[int]:
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(p.number for p in players)
    graph.add_edges_from((a.number, b.number) for a, b in combinations(players, 2)
                         if compatible(a, b, strict))
    return graph


def _pairable(players: Sequence[Player], strict: bool) -> bool:
    """Whether `players` can all be paired among themselves."""
    matching = nx.max_weight_matching(_graph(players, strict), maxcardinality=True)
    return len(players) % 2 == 0 and 2 * len(matching) == len(players)


def _keeps_colours(players: Sequence[Player]) -> bool:
    """Whether some pairing (with any player who may have it on the bye) keeps art. 2.1."""
    if len(players) % 2 == 0:
        return _pairable(players, True)
    return any(p.bye_eligible and _pairable([q for q in players if q is not p], True) for p in players)


def _bye_rank(players: Sequence[Player], round_: Published, strict: bool) -> Breach | None:
    """Art. 1.1: the bye goes to the lowest ranked of the lowest scoregroup who may have it and
    leaves the others a pairing."""
    if round_.bye is None:
        return None
    for p in sorted(players, key=lambda p: (p.score, -p.number)):
        if p.bye_eligible and _pairable([q for q in players if q is not p], strict):
            if p.number != round_.bye:
                return Breach("Q1", _ART.format("1.1"), "check.lim.bye", (round_.bye, p.number))
            return None
    return None


@dataclass(frozen=True)
class _Step:
    """One scoregroup's turn (art. 2.2): the players it pairs (its own and those floated into it),
    those floated into it, the players still waiting after it, its direction, its score."""

    group: list[Player]
    incoming: list[Player]
    others: list[Player]
    down: bool
    score: int


def _steps(players: Sequence[Player], round_: Published) -> Iterator[_Step]:
    """The scoregroups in the order of art. 2.2, with the floaters the published round gives."""
    median = round_.number - 1
    scores = sorted({p.score for p in players})
    order = [(s, True) for s in reversed(scores) if s > median] + [(s, False) for s in scores if s < median]
    order.append((median, True))
    waiting = list(players)
    carried: dict[bool, list[Player]] = {True: [], False: []}
    for index, (score, down) in enumerate(order):
        last = index == len(order) - 1
        incoming = carried[True] + carried[False] if last else carried[down]
        residents = [p for p in waiting if p.score == score]
        waiting = [p for p in waiting if p.score != score]
        group = [*incoming, *residents]
        others = [] if last else waiting + carried[not down]
        yield _Step(group, incoming, others, down, score)
        inside = {p.number for p in group}
        carried[down] = [p for p in group if round_.partner[p.number] not in inside]


def _groups(players: Sequence[Player], round_: Published, strict: bool) -> Breach | None:
    """The first scoregroup criterion the round falls short on (art. 2.3, 3.2, 3.8, 4.2, 5.2)."""
    taking = [p for p in players if p.number != round_.bye]
    for step in _steps(taking, round_):
        found = _group(step, round_, strict)
        if found:
            return found
    return None


def _clashes(pairs: Sequence[tuple[Player, Player]], number: int) -> int:
    return sum(1 for a, b in pairs if a.due(number) is not None and a.due(number) == b.due(number))


def _inside(step: _Step, round_: Published) -> list[tuple[Player, Player]]:
    by_number = {p.number: p for p in step.group}
    return [(p, by_number[round_.partner[p.number]]) for p in step.group
            if round_.partner[p.number] in by_number and p.number < round_.partner[p.number]]


def _best(step: _Step, number: int, strict: bool) -> tuple[int, int]:
    """The most pairs any pairing of everyone still waiting makes inside the group, and of those
    the fewest pairs due the same colour: a weighted matching over all of them."""
    inside = {p.number for p in step.group}
    players = [*step.group, *step.others]
    big = 4 * len(players) + 4
    graph: nx.Graph[int] = nx.Graph()
    for a, b in combinations(players, 2):
        if compatible(a, b, strict):
            both = a.number in inside and b.number in inside
            clash = a.due(number) is not None and a.due(number) == b.due(number)
            bonus = (big + (0 if clash else 1)) if both else 0
            graph.add_edge(a.number, b.number, weight=bonus + 1)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = [(a, b) for a, b in matching if a in inside and b in inside]
    by_number = {p.number: p for p in players}
    return len(pairs), _clashes([(by_number[a], by_number[b]) for a, b in pairs], number)


def _group(step: _Step, round_: Published, strict: bool) -> Breach | None:
    """One scoregroup's criteria, in order."""
    pairs = _inside(step, round_)
    score = (("score", _points(step.score)),)
    most, fewest = _best(step, round_.number, strict)
    if len(pairs) < most:
        floated = str(len(step.group) - 2 * len(pairs))
        return Breach("Q2", _ART.format("2.3"), "check.lim.floaters",
                      values=(*score, ("count", floated), ("fewest", str(len(step.group) - 2 * most))))
    clashes = _clashes(pairs, round_.number)
    if clashes > fewest:
        return Breach("Q3", _ART.format("5.2"), "check.lim.due",
                      values=(*score, ("count", str(clashes)), ("fewest", str(fewest))))
    return _floater_choice(step, round_, strict, clashes) or _order(step, round_, strict, pairs, clashes)


def _points(half_points: int) -> str:
    return f"{half_points // 2}" + ("½" if half_points % 2 else "")


def _ordered(players: Sequence[Player], down: bool) -> list[Player]:
    if down:
        return sorted(players, key=lambda p: (-p.score, p.number))
    return sorted(players, key=lambda p: (p.score, -p.number))


def _fewest_clashes(players: Sequence[Player], number: int, strict: bool) -> int | None:
    graph: nx.Graph[int] = nx.Graph()
    for a, b in combinations(players, 2):
        if compatible(a, b, strict):
            clash = a.due(number) is not None and a.due(number) == b.due(number)
            graph.add_edge(a.number, b.number, weight=1 if clash else 2)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(players):
        return None
    by_number = {p.number: p for p in players}
    return _clashes([(by_number[a], by_number[b]) for a, b in matching], number)


def _floater_choice(step: _Step, round_: Published, strict: bool, clashes: int) -> Breach | None:
    """Art. 3.2.4: no set of as many floaters coming earlier in the direction of pairing (lowest
    numbered downward, highest numbered upward) leaves as good a group and a pairing after it."""
    inside = {p.number for p in step.group}
    floaters = [p for p in step.group if round_.partner[p.number] not in inside]
    if not floaters:
        return None
    group = _ordered(step.group, step.down)
    published = sorted(group.index(p) for p in floaters)
    for tried, chosen in enumerate(combinations(range(len(group)), len(floaters))):
        if list(chosen) == published or tried >= FLOATER_SETS:
            return None
        out = [group[i] for i in chosen]
        rest = [p for p in group if p not in out]
        fewest = _fewest_clashes(rest, round_.number, strict)
        if fewest is not None and fewest <= clashes and _pairable([*out, *step.others], strict):
            first = next(p for p in out if p not in floaters)
            shown = next(p for p in floaters if p not in out)
            return Breach("Q4", _ART.format("3.2.4"), "check.lim.floater", (shown.number, first.number))
    return None


def _decisions(pairs: dict[int, int], players: Sequence[Player], incoming: set[int], down: bool
               ) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """The decisions that make a pairing of a group in the order of the articles, each as (player,
    partner, place of the partner among the opponents the player is tried against, those opponents
    still free): the floaters first (art. 3.6–3.8, the residents from the last in the direction of
    pairing, then the other floaters), then the residents (art. 4.1–4.3): those still to pair
    proposed top half against bottom half, the first of them (#1, the highest numbered) against
    its proposed opponent, the lower half's others in order, then the upper half from its last;
    then the players left proposed afresh, and so on."""
    floaters = sorted((p for p in players if p.number in incoming),
                      key=lambda p: (-p.score, -p.number) if down else (p.score, p.number))
    residents = _ordered([p for p in players if p.number not in incoming], down)
    used: set[int] = set()
    out: list[tuple[int, int, int, tuple[int, ...]]] = []

    def decide(player: Player, tried: list[Player]) -> None:
        free = tuple(p.number for p in tried if p.number not in used and p is not player)
        out.append((player.number, pairs[player.number], free.index(pairs[player.number]), free))
        used.update((player.number, pairs[player.number]))

    for index, floater in enumerate(floaters):
        if floater.number not in used:
            decide(floater, [*reversed(residents), *floaters[index + 1:]])
    while left := [p for p in residents if p.number not in used]:
        half = len(left) // 2
        decide(left[0], [*left[half:], *reversed(left[1:half])])
    return out


def _pairings(players: list[Player], strict: bool) -> Iterator[dict[int, int]]:
    """Every pairing of all `players` (an even number) that keeps art. 2.1."""
    if not players:
        yield {}
        return
    first, rest = players[0], players[1:]
    for partner in rest:
        if compatible(first, partner, strict):
            for more in _pairings([p for p in rest if p is not partner], strict):
                yield {**more, first.number: partner.number, partner.number: first.number}


def _order(step: _Step, round_: Published, strict: bool, pairs: list[tuple[Player, Player]],
           clashes: int) -> Breach | None:
    """Art. 3.8, 4.2: of the group's pairings with as few pairs due the same colour, the published
    one comes first in the order of the articles: every pairing tried in groups of up to
    `EXHAUSTIVE` players, else each decision in turn (`_first_each_time`)."""
    paired = [p for a, b in pairs for p in (a, b)]
    incoming = {p.number for p in step.incoming}
    by_number = {p.number: p for p in paired}
    published = {a.number: b.number for a, b in pairs} | {b.number: a.number for a, b in pairs}
    if len(paired) > EXHAUSTIVE:
        return _first_each_time(_decisions(published, paired, incoming, step.down), by_number,
                                round_.number, strict, clashes)

    def key(pairing: dict[int, int]) -> list[int]:
        return [place for _, _, place, _ in _decisions(pairing, paired, incoming, step.down)]

    def due_alike(pairing: dict[int, int]) -> int:
        return _clashes([(by_number[a], by_number[b]) for a, b in pairing.items() if a < b], round_.number)

    within = (p for p in _pairings(paired, strict) if due_alike(p) <= clashes)
    best = min(within, key=key, default=published)
    if key(best) >= key(published):
        return None
    first = next(d for d, e in zip(_decisions(published, paired, incoming, step.down),
                                   _decisions(best, paired, incoming, step.down), strict=True) if d != e)
    return Breach("Q5", _ART.format("4.2"), "check.lim.order", (first[0], first[1], best[first[0]]))


def _first_each_time(decisions: list[tuple[int, int, int, tuple[int, ...]]], by_number: dict[int, Player],
                     number: int, strict: bool, clashes: int) -> Breach | None:
    """Art. 4.2 decision by decision: with the decisions before it held, no opponent tried before
    the published one leaves the players not yet paired a pairing (a weighted matching) with no
    more pairs due the same colour in all than the published round has."""
    taken: set[int] = set()
    spent = 0
    for player, partner, place, free in decisions:
        me = by_number[player]
        for other in (by_number[n] for n in free[:place]):
            if not compatible(me, other, strict):
                continue
            rest = [p for n, p in by_number.items() if n not in taken | {player, other.number}]
            fewest = _fewest_clashes(rest, number, strict)
            if fewest is not None and spent + _clashes([(me, other)], number) + fewest <= clashes:
                return Breach("Q5", _ART.format("4.2"), "check.lim.order", (player, partner, other.number))
        taken |= {player, partner}
        spent += _clashes([(me, by_number[partner])], number)
    return None


def _colours(players: Sequence[Player], round_: Published, colour: str | None) -> list[Breach]:
    """Art. 5: each pair's colours (with the first colour read back from round 1 or stated; drawn
    by lot and not yet known, whichever of the two the round keeps)."""
    tries = [colour] if colour else ["W", "B"]
    found = [_colour_breaches(players, round_, c) for c in tries]
    return min(found, key=len)


def _colour_breaches(players: Sequence[Player], round_: Published, colour: str) -> list[Breach]:
    by_number = {p.number: p for p in players}
    rank = {n: i for i, n in enumerate(sorted(by_number))}
    median = round_.number - 1
    found = []
    for number, white in round_.white.items():
        other = by_number[round_.partner[number]]
        player = by_number[number]
        if not white or player.number not in by_number:
            continue
        higher, lower = sorted((player, other), key=lambda p: (-p.score, p.number))
        given = colours_of(higher, lower, round_.number, max(player.score, other.score) >= median, colour,
                           rank[higher.number])
        if given != (player.number, other.number):
            found.append(Breach("Q6", _ART.format("5"), "check.lim.white", (player.number, other.number)))
    return found
