"""Chinese positional Swiss pairing (定位编排), rules/common.md §5.

Search order, which makes the answer unique:
1. Players are ordered by score, high to low; inside a score group by pairing number, ascending in
   odd rounds and descending in even rounds.
2. Groups are paired from the top. Players floated down from above are paired first, each with the
   first player of the group (in group order) they have not met.
3. If the rest of the group is odd, its last player floats down. The rest is split into an upper
   and a lower half; upper[i] is offered lower[i], then lower[i+1], … (shifted pairing), then the
   remaining players of the group in order.
4. When a group cannot be completed, the search backtracks through the most recent decisions of
   the group; then other players float down (the next-to-last, …); then the group sends two more
   players down (breaking up its last pairs, 拆对), so that the group below can complete.
5. The first complete rematch-free pairing found in this order is the pairing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from site_builder.pairing import Contender, Note, Pair, Pairing, PairingError


def pairing_order(players: Sequence[Contender], round_number: int) -> list[Contender]:
    """Score high→low; pairing number ascending in odd rounds, descending in even rounds (§5.1)."""
    sign = 1 if round_number % 2 else -1
    return sorted(players, key=lambda p: (-p.score, sign * p.number))


def choose_bye(ordered: Sequence[Contender]) -> Contender:
    """The lowest player in pairing order without a bye yet (common.md §3)."""
    for player in reversed(ordered):
        if not player.had_bye:
            return player
    return ordered[-1]


def fold_pairs(players: Sequence[Contender]) -> tuple[list[tuple[Contender, Contender]], Contender | None]:
    """Round 1 fold pairing (seed 003 §3.2.1): upper[i] v lower[i]; odd n: number 1 gets the bye."""
    ordered = sorted(players, key=lambda p: p.number)
    bye = None
    if len(ordered) % 2:
        bye, ordered = ordered[0], ordered[1:]
    half = len(ordered) // 2
    return list(zip(ordered[:half], ordered[half:], strict=True)), bye


def first_player(a: Contender, b: Contender, round_number: int) -> tuple[Contender, Contender]:
    """Colours (§5.7): fewer first-player games plays first; if equal, the smaller number in odd
    rounds and the larger number in even rounds."""
    if a.first_games != b.first_games:
        return (a, b) if a.first_games < b.first_games else (b, a)
    smaller, larger = (a, b) if a.number < b.number else (b, a)
    return (smaller, larger) if round_number % 2 else (larger, smaller)


def _met(a: Contender, b: Contender) -> bool:
    return b.id in a.opponents


class _Search:
    """The backtracking search of §5 over score groups."""

    def __init__(self, groups: list[list[Contender]]) -> None:
        self.groups = groups
        self.failed: set[tuple[int, tuple[int, ...]]] = set()
        self.notes: list[Note] = []

    def solve(self, index: int, floaters: tuple[Contender, ...]) -> list[tuple[Contender, Contender]] | None:
        if index == len(self.groups):
            return [] if not floaters else None
        key = (index, tuple(p.id for p in floaters))
        if key in self.failed:
            return None
        last = index == len(self.groups) - 1
        for pairs, down in self._group_options(self.groups[index], floaters, last):
            rest = self.solve(index + 1, down)
            if rest is not None:
                return pairs + rest
        self.failed.add(key)
        return None

    def _group_options(self, members: list[Contender], floaters: tuple[Contender, ...], last: bool
                       ) -> Iterator[tuple[list[tuple[Contender, Contender]], tuple[Contender, ...]]]:
        """Alternatives for one group in search order: (pairs made here, players sent down)."""
        tried: set[tuple[int, ...]] = set()
        for floater_pairs, passed, free in _place_floaters(list(floaters), members):
            for inner, down in _inner_options(free):
                sent = (*passed, *down)
                key = tuple(p.id for p in sent)
                if (last and sent) or key in tried:
                    continue
                tried.add(key)
                yield floater_pairs + inner, sent


def _place_floaters(floaters: list[Contender], members: list[Contender]
                    ) -> Iterator[tuple[list[tuple[Contender, Contender]], list[Contender], list[Contender]]]:
    """Each floater in turn takes the first member it has not met (alternatives: the next ones);
    a floater who can meet nobody here floats on."""
    if not floaters:
        yield [], [], list(members)
        return
    head, tail = floaters[0], floaters[1:]
    options = [m for m in members if not _met(head, m)]
    for partner in options:
        remaining = [m for m in members if m is not partner]
        for pairs, passed, free in _place_floaters(tail, remaining):
            yield [(head, partner), *pairs], passed, free
    for pairs, passed, free in _place_floaters(tail, members):
        yield pairs, [head, *passed], free


def _inner_options(free: list[Contender]
                   ) -> Iterator[tuple[list[tuple[Contender, Contender]], tuple[Contender, ...]]]:
    """Pairings of a group's own players in search order, with the players they send down:
    1. the fewest floaters (the last player of an odd group, then the next-to-last, …);
    2. then the most recent pairs of that pairing broken up and sent down, one more each time (拆对);
    3. then any other choice of floaters, fewest first."""
    parity = len(free) % 2
    first: tuple[list[tuple[Contender, Contender]], tuple[Contender, ...]] | None = None
    for down in _down_choices(free, parity):
        inner = _positional([p for p in free if p not in down])
        if inner is not None:
            first = first or (inner, down)
            yield inner, down
    if first is not None:
        inner, down = first
        for broken in range(1, len(inner) + 1):
            released = [p for pair in inner[-broken:] for p in pair]
            yield inner[:-broken], tuple(sorted((*down, *released), key=free.index))
    for count in range(parity + 2, len(free) + 1, 2):
        for down in _down_choices(free, count):
            inner = _positional([p for p in free if p not in down])
            if inner is not None:
                yield inner, down


def _down_choices(free: list[Contender], count: int) -> Iterator[tuple[Contender, ...]]:
    """Which players float down: the last ones first, then others from the bottom up."""
    if count == 0:
        yield ()
        return
    reversed_free = list(reversed(free))
    for combo in combinations(range(len(free)), count):
        yield tuple(sorted((reversed_free[i] for i in combo), key=free.index))


def _positional(players: list[Contender]) -> list[tuple[Contender, Contender]] | None:
    """Same-position pairing with shifts (§5.3) and backtracking inside the group (§5.4)."""
    half = len(players) // 2
    position = {p.id: i for i, p in enumerate(players)}
    paired: set[int] = set()
    result: list[tuple[Contender, Contender]] = []

    def candidates(x: Contender) -> list[Contender]:
        i = position[x.id]
        ordered = players[half + i:] + players[:] if i < half else players[:]
        seen: set[int] = set()
        out = []
        for c in ordered:
            if c.id in seen or c.id == x.id or c.id in paired or _met(x, c):
                continue
            seen.add(c.id)
            out.append(c)
        return out

    def search() -> bool:
        x = next((p for p in players if p.id not in paired), None)
        if x is None:
            return True
        paired.add(x.id)
        for c in candidates(x):
            paired.add(c.id)
            result.append((x, c))
            if search():
                return True
            result.pop()
            paired.discard(c.id)
        paired.discard(x.id)
        return False

    return result if search() else None


def pair_round(players: Sequence[Contender], round_number: int, bye_to: int | None = None) -> Pairing:
    """Pair one round of the positional Swiss; round 1 is the fold pairing.

    `bye_to` names the player (id) who must have the bye of an odd field, where a regulation says
    so (seed 003 §2.1.3: number 2 in round 2); otherwise common.md §3 decides.
    """
    if len(players) < 2:
        raise PairingError("fewer than two players to pair")
    notes: list[Note] = []
    if round_number == 1 and not any(p.opponents for p in players):
        pairs, bye = fold_pairs(players)
    else:  # round 1 with pairs kept apart (`keep_apart:`, `forbidden:`) shifts as later rounds do
        ordered = pairing_order(players, round_number)
        forced = [p for p in ordered if p.id == bye_to] if len(ordered) % 2 else []
        for bye in forced or _bye_candidates(ordered):
            rest = [p for p in ordered if p is not bye]
            groups = _score_groups(rest)
            found = _Search(groups).solve(0, ())
            if found is not None:
                break
        else:
            raise PairingError(f"round {round_number}: no pairing without a rematch exists")
        pairs = found
        notes.extend(_explain(groups, pairs))
    if bye is not None:
        notes.insert(0, Note("bye", (bye.id,)))
    boards = []
    for board, (a, b) in enumerate(pairs, start=1):
        first, second = first_player(a, b, round_number)
        boards.append(Pair(board, first.id, second.id))
    return Pairing(round_number, tuple(boards), (bye.id,) if bye else (), tuple(notes))


def _bye_candidates(ordered: list[Contender]) -> Iterator[Contender | None]:
    """The bye of §3 first; should it make pairing impossible, the next players up."""
    if len(ordered) % 2 == 0:
        yield None
        return
    first = choose_bye(ordered)
    yield first
    for player in reversed(ordered):
        if player is not first and not player.had_bye:
            yield player
    # a second bye only when no player without one can take it (the no-rematch rule is absolute)
    for player in reversed(ordered):
        if player is not first and player.had_bye:
            yield player


def _score_groups(ordered: list[Contender]) -> list[list[Contender]]:
    groups: list[list[Contender]] = []
    for player in ordered:
        if groups and groups[-1][0].score == player.score:
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups


def _explain(groups: list[list[Contender]], pairs: list[tuple[Contender, Contender]]) -> list[Note]:
    """Notes for arbiters: down-floats, shifted pairings (错位) and broken-up pairs (拆对)."""
    group_of = {p.id: i for i, g in enumerate(groups) for p in g}
    notes = []
    for a, b in pairs:
        if group_of[a.id] != group_of[b.id]:
            high, low = (a, b) if group_of[a.id] < group_of[b.id] else (b, a)
            notes.append(Note("float", (high.id, low.id)))
    partner = {a.id: b.id for a, b in pairs} | {b.id: a.id for a, b in pairs}
    for index, group in enumerate(groups):
        inside = [p for p in group if group_of[partner[p.id]] == index]
        leaving = [p for p in group if group_of[partner[p.id]] > index]
        if len(leaving) > len(group) % 2 and len(leaving) > 1:
            notes.append(Note("break", tuple(p.id for p in leaving)))
        half = len(inside) // 2
        for upper, lower in zip(inside[:half], inside[half:], strict=False):
            if partner[upper.id] != lower.id and _met(upper, lower):
                notes.append(Note("shift", (upper.id, partner[upper.id])))
    return notes
