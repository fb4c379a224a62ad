"""The FIDE Dubov system (C.04.4.1, text in force from 1 February 2026): one round's pairing.

The pairing-allocated bye first (art. 3.1), then one bracket at a time from the top scoregroup down
(art. 3.2): the set of upfloaters that pairs the bracket best by [C5]–[C10] with the rest of the
round still pairable ([C4]), the first such set in the order of art. 4.2; the bracket split into
White seekers (G1) and the others (G2), re-composed by the first sets of shifters of art. 4.3; S1
(G1 by ascending ARO) paired with the first transposition of G2 (art. 4.4) that keeps the pairing
legal and at its best for [C7]. Each "first … that" is decided one player at a time by a
maximum-weight matching that must keep the optimum (`matching.best`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from site_builder.pairing.dubov.matching import Fields, best
from site_builder.pairing.dubov.players import Entrant, Player, max_upfloats, player_of
from site_builder.pairing.dutch.history import BLACK, WHITE, invert
from site_builder.pairing.matching import perfectly_matchable


class NoPairing(Exception):
    """No pairing of the round satisfies the absolute criteria."""


@dataclass(frozen=True)
class DubovPairing:
    pairs: tuple[tuple[int, int], ...]  # (white, black) pairing numbers, in board order
    bye: int | None  # the pairing-allocated bye


@dataclass(frozen=True)
class Rules:
    """The round's facts the criteria read: its number, the tournament's rounds, the pairs the
    organizer keeps apart."""

    number: int
    rounds: int
    apart: frozenset[frozenset[int]] = frozenset()

    @property
    def last(self) -> bool:
        """[C8]–[C10] do not apply in the last round."""
        return self.number >= self.rounds

    @property
    def maxt(self) -> int:
        return max_upfloats(self.rounds)

    def may_meet(self, a: Player, b: Player) -> bool:
        """[C1] not met before, [C3] not the same absolute colour preference, not kept apart."""
        return (b.number not in a.opponents and not (a.absolute and b.absolute and a.side == b.side)
                and frozenset((a.number, b.number)) not in self.apart)


def players_of(entrants: Sequence[Entrant], absent: set[int]) -> list[Player]:
    """The players to pair, by pairing score then TPN."""
    by_number = {e.number: e for e in entrants}
    ratings = {e.number: e.rating for e in entrants}
    players = [player_of(e, by_number, ratings) for e in entrants if e.number not in absent]
    return sorted(players, key=lambda p: (-p.score, p.number))


def pair_round(entrants: Sequence[Entrant], absent: set[int], rounds: int, first_colour: str,
               apart: frozenset[frozenset[int]] = frozenset()) -> DubovPairing:
    """Pair the next round. `entrants` have equally long histories; `absent` players are not
    paired; the pairs of `apart` may not meet; `first_colour` is the initial colour (art. 5.2.1)."""
    played = len(entrants[0].history) if entrants else 0
    rules = Rules(played + 1, rounds, apart)
    players = players_of(entrants, absent)
    bye = bye_of(players, rules) if len(players) % 2 else None
    left = [p for p in players if p is not bye]
    if not pairable(left, rules):
        raise NoPairing("the players cannot all be paired without breaking an absolute criterion")
    pairs: list[tuple[Player, Player]] = []
    while left:
        found = pair_bracket(left, rules)
        pairs.extend(found)
        paired = {p.number for pair in found for p in pair}
        left = [p for p in left if p.number not in paired]
    coloured = [coloured_pair(a, b, first_colour) for a, b in pairs]
    coloured.sort(key=board_key)
    return DubovPairing(tuple((w.number, b.number) for w, b in coloured), bye.number if bye else None)


def pairable(players: Sequence[Player], rules: Rules) -> bool:
    """Can all of `players` be paired with one another ([C1], [C3])?"""
    adj = [[j for j, q in enumerate(players) if j != i and rules.may_meet(p, q)]
           for i, p in enumerate(players)]
    return perfectly_matchable(adj)


def bye_of(players: list[Player], rules: Rules) -> Player:
    """The pairing-allocated bye (art. 3.1): a player who may have it ([C2]) and whose bye lets
    everyone else be paired ([C4]), of the lowest score, the most games played, the largest TPN."""
    for player in sorted((p for p in players if p.bye_ok), key=lambda p: (p.score, -p.played, -p.number)):
        if pairable([p for p in players if p is not player], rules):
            return player
    raise NoPairing("no player can take the pairing-allocated bye with everyone else paired (C2, C4)")


def middle_first(items: Sequence[Player]) -> list[Player]:
    """Sequence numbers of art. 4.3.3: from the (remaining) middle of the list, the higher position
    of the two when two are in the middle.

    >>> [p for p in middle_first("abcde")], [p for p in middle_first("abcd")]  # type: ignore[arg-type]
    (['c', 'b', 'd', 'a', 'e'], ['b', 'c', 'a', 'd'])
    """
    rest, out = list(items), []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


def upfloater_order(lower: Sequence[Player]) -> list[Player]:
    """Art. 4.2.2: possible upfloaters by descending score, then ascending TPN."""
    return sorted(lower, key=lambda p: (-p.score, p.number))


def quality_weigh(players: list[Player], residents: int, rules: Rules) -> Callable[[int, int], int | None]:
    """Weights over `players` (the first `residents` of them the bracket's residents) that rank
    matchings of all of them by [C5]–[C10] for the pairs of the bracket (field widths: `Fields`)."""
    top = players[0].score
    lower = players[residents:]
    fields = Fields(pairs=len(players) // 2 + 1)
    # levels of [C6] and [C9], the most important (largest) one in the highest field
    maxed = sorted({p.upfloats for p in lower if p.upfloats >= rules.maxt})
    c10 = fields.add()
    c9 = [fields.add() for _ in maxed] if not rules.last else []
    c8 = fields.add()
    c7 = fields.add()
    diffs = sorted({top - p.score for p in lower})
    c6 = [fields.add() for _ in diffs]
    c5 = fields.add()

    def floater(up: Player) -> int:
        """An upfloater's pair: [C6] each level of score difference it does not add to, [C8]–[C10]."""
        w = sum(1 << shift for d, shift in zip(diffs, c6, strict=True) if top - up.score != d)
        if not rules.last:
            is_max = up.upfloats >= rules.maxt
            w |= (not is_max) << c8
            w += sum(1 << shift for k, shift in zip(maxed, c9, strict=True) if not is_max or up.upfloats != k)
            w |= (not up.upfloated_last) << c10
        return w

    def weigh(u: int, v: int) -> int | None:
        a, b = players[u], players[v]
        if not rules.may_meet(a, b):
            return None
        if u >= residents and v >= residents:
            return 0
        w = (a.side != b.side) << c7
        if u < residents and v < residents:
            return w | 1 << c5
        return w + floater(b if u < residents else a)

    return weigh


def restricted(weigh: Callable[[int, int], int | None], allowed: Callable[[int, int], bool]
               ) -> Callable[[int, int], int | None]:
    """`weigh` with the pairs not `allowed` forbidden."""
    return lambda u, v: weigh(u, v) if allowed(u, v) and allowed(v, u) else None


def keeps(count: int, weigh: Callable[[int, int], int | None], value: int,
          allowed: Callable[[int, int], bool]) -> bool:
    """Does a perfect matching with only `allowed` pairs still weigh `value` (the optimum)?"""
    found = best(count, restricted(weigh, allowed))
    return found is not None and found[0] == value


def pair_bracket(left: list[Player], rules: Rules) -> list[tuple[Player, Player]]:
    """The pairs of the top bracket of `left` (players by score, then TPN): residents and the
    upfloaters chosen for them (art. 3.2.1–3.2.2), paired by art. 3.2.3–3.2.5."""
    residents = sum(1 for p in left if p.score == left[0].score)
    lower = upfloater_order(left[residents:])
    players = left[:residents] + lower
    weigh = quality_weigh(players, residents, rules)
    found = best(len(players), weigh)
    if found is None:
        raise NoPairing("the players cannot all be paired without breaking an absolute criterion")
    value, mates = found
    needed = sum(1 for v in range(residents, len(players)) if mates[v] < residents)
    chosen: list[int] = []
    refused: set[int] = set()
    for candidate in range(residents, len(players)):
        if len(chosen) == needed:
            break
        trial = {*chosen, candidate}

        def allowed(u: int, v: int, trial: set[int] = trial) -> bool:
            if u in trial:
                return v < residents
            return not (u in refused and v < residents)

        if keeps(len(players), weigh, value, allowed):
            chosen.append(candidate)
        else:
            refused.add(candidate)
    bracket = players[:residents] + [players[v] for v in chosen]
    return arrange(bracket, rules)


def arrange(bracket: list[Player], rules: Rules) -> list[tuple[Player, Player]]:
    """Art. 3.2.3–3.2.5: G1 and G2, their re-composition, S1 against the first transposition."""
    n = len(bracket)
    if all(p.played == 0 for p in bracket):
        by_tpn = sorted(range(n), key=lambda v: bracket[v].number)
        g1 = set(by_tpn[:n // 2])
    else:
        g1 = {v for v in range(n) if bracket[v].side == WHITE}
    fields = Fields(pairs=n // 2)
    cross, c7 = fields.add(), fields.add()

    def weigh(u: int, v: int) -> int | None:
        a, b = bracket[u], bracket[v]
        if not rules.may_meet(a, b):
            return None
        return ((a.side != b.side) << c7) | (((u in g1) != (v in g1)) << cross)

    found = best(n, weigh)
    if found is None:
        raise NoPairing("a bracket cannot be paired without breaking an absolute criterion")
    value, mates = found
    shifts = Shifts(bracket, g1, weigh, value)
    smaller = g1 if len(g1) <= n - len(g1) else set(range(n)) - g1
    inner = sum(1 for v in smaller if mates[v] in smaller) // 2
    shifts.shift(smaller, inner)  # art. 3.2.4.1
    new_g1 = shifts.group_one()
    larger = new_g1 if len(new_g1) > n - len(new_g1) else set(range(n)) - new_g1
    shifts.shift(larger, (2 * len(larger) - n) // 2)  # art. 3.2.4.2
    return shifts.transposed()


class Shifts:
    """The re-composition of G1 and G2 (art. 3.2.4) and the choice of T2 (art. 3.2.5), each step
    the first choice (art. 4.3, 4.4) with which the bracket still pairs at its best."""

    def __init__(self, bracket: list[Player], g1: set[int], weigh: Callable[[int, int], int | None],
                 value: int) -> None:
        self.bracket, self.ones, self.weigh, self.value = bracket, set(g1), weigh, value
        self.moved: list[tuple[set[int], set[int]]] = []  # (shifted players, the group they left)

    def group_one(self) -> set[int]:
        """G1 as it stands after the shifts."""
        return set(self.ones)

    def ordered(self, group: set[int]) -> list[int]:
        """Art. 4.3.2: G1's players by ascending ARO, then TPN; G2's by ascending TPN."""
        ones = self.group_one()

        def key(v: int) -> tuple[int, int]:
            p = self.bracket[v]
            return (p.aro, p.number) if v in ones else (0, p.number)

        return sorted(group, key=key)

    def allowed_so_far(self, u: int, v: int) -> bool:
        """Earlier shifts hold: each shifted player meets a player of the group it left."""
        return all(u not in moved or (v in left and v not in moved) for moved, left in self.moved)

    def shift(self, group: set[int], count: int) -> None:
        """Shift `count` players out of `group`: the first set by art. 4.3.3's sequence numbers with
        which each of them meets a player who stays in `group`."""
        if count <= 0:
            return
        bracket = self.bracket
        index = {p.number: v for v, p in enumerate(bracket)}
        sequence = [index[p.number] for p in middle_first([bracket[v] for v in self.ordered(group)])]
        chosen: set[int] = set()
        refused: set[int] = set()
        for candidate in sequence:
            if len(chosen) == count:
                break
            trial = chosen | {candidate}

            def allowed(u: int, v: int, trial: set[int] = trial) -> bool:
                if u in trial and not (v in group and v not in trial):
                    return False
                if u in refused and v in refused:
                    return False
                return self.allowed_so_far(u, v)

            if keeps(len(bracket), self.weigh, self.value, allowed):
                chosen.add(candidate)
            else:
                refused.add(candidate)
        self.moved.append((chosen, set(group)))
        self.ones ^= chosen

    def transposed(self) -> list[tuple[Player, Player]]:
        """S1 (G1 by ascending ARO, then TPN) against T2: each S1 player in turn meets the first G2
        player, by ascending TPN, with whom the bracket still pairs at its best (art. 3.2.5, 4.4)."""
        bracket = self.bracket
        ones = self.group_one()
        s1 = sorted(ones, key=lambda v: (bracket[v].aro, bracket[v].number))
        g2 = sorted(set(range(len(bracket))) - ones, key=lambda v: bracket[v].number)
        fixed: dict[int, int] = {}
        for s in s1:
            for t in g2:
                if t in fixed:
                    continue
                trial = {**fixed, s: t, t: s}

                def allowed(u: int, v: int, trial: dict[int, int] = trial) -> bool:
                    if (u in ones) == (v in ones):
                        return False
                    if u in trial and trial[u] != v:
                        return False
                    return self.allowed_so_far(u, v)

                if keeps(len(bracket), self.weigh, self.value, allowed):
                    fixed = trial
                    break
            else:
                raise NoPairing("a bracket cannot be paired without breaking an absolute criterion")
        return [(bracket[s], bracket[fixed[s]]) for s in s1]


def coloured_pair(a: Player, b: Player, first_colour: str) -> tuple[Player, Player]:
    """(White, Black) of a pair by art. 5.2."""
    hi, lo = (a, b) if a.ranks_above(b) else (b, a)
    return (hi, lo) if colour_of_higher(hi, lo, first_colour) == WHITE else (lo, hi)


def colour_of_higher(hi: Player, lo: Player, first_colour: str) -> str:
    """The colour of the higher ranked player of a pair (art. 5.2.1–5.2.5)."""
    return colour_rule(hi, lo, first_colour)[0]


def colour_rule(hi: Player, lo: Player, first_colour: str) -> tuple[str, str]:
    """`colour_of_higher` and the article that gives it ("5.2.1" … "5.2.5")."""
    if not hi.played and not lo.played:  # the initial colour to an odd TPN
        return (first_colour if hi.number % 2 else invert(first_colour)), "5.2.1"
    if hi.side != lo.side:  # both preferences
        return hi.side, "5.2.2"
    if hi.strength != lo.strength:  # the stronger preference
        return (hi.side if hi.strength > lo.strength else invert(lo.side)), "5.2.3"
    for mine, theirs in zip(reversed(hi.colours), reversed(lo.colours), strict=False):
        if mine != theirs:  # alternate from the last time they differed
            return invert(mine), "5.2.4"
    return hi.side, "5.2.5"  # the higher ranked player's preference


def board_key(pair: tuple[Player, Player]) -> tuple[int, int, int]:
    """Boards by the higher player's score, the sum of the scores, the higher player's TPN."""
    hi, lo = sorted(pair, key=lambda p: (-p.points, p.number))
    return (-hi.points, -(hi.points + lo.points), hi.number)


__all__ = ["BLACK", "WHITE", "DubovPairing", "NoPairing", "pair_round"]
