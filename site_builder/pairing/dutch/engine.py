"""The FIDE Dutch system (C.04.3, rules from 2025): one round's pairing as a sequence of
maximum-weight matchings, one bracket at a time from the top scoregroup down.

For each bracket the matching first fixes the most important criteria for the whole round (weights
in `weights.py`); then the bracket's own ordering rules are applied one decision at a time, each by a
small weight change and a new matching: which moved-down players are paired and with whom (§3.2,
highest first), how many and which exchanges the remainder needs (§4.3, fewest, with the smallest
difference of pairing numbers), and each S1 player's opponent (§4.2, the highest possible).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import filterfalse

from site_builder.pairing.dutch.colours import colour_of
from site_builder.pairing.dutch.history import Entrant, State, float_of, state_of
from site_builder.pairing.dutch.solver import Matcher
from site_builder.pairing.dutch.weights import (
    RoundFacts,
    Signature,
    bye_candidate,
    compatible,
    criteria_bits,
    criteria_fields,
    criteria_weight,
    layout_for,
    signature,
)
from site_builder.pairing.matching import perfectly_matchable


class NoPairing(Exception):
    """No pairing of the round satisfies the absolute criteria."""


@dataclass(frozen=True)
class DutchPairing:
    pairs: tuple[tuple[int, int], ...]  # (white, black) pairing numbers, in board order
    bye: int | None  # the pairing-allocated bye


def pair_round(entrants: list[Entrant], absent: set[int], total_rounds: int,
               first_colour: str, apart: frozenset[frozenset[int]] = frozenset()) -> DutchPairing:
    """Pair the next round. `entrants` are in pairing-number order with equally long histories;
    `absent` players are not paired (withdrawn, or on a requested bye); the pairs of `apart` may not
    meet (an absolute criterion like C1, for the organizer's forbidden pairs)."""
    played = len(entrants[0].history) if entrants else 0
    valid = [e for e in entrants if e.number not in absent or any(g.paired for g in e.history)]
    states = {e.number: state_of(e, rank) for rank, e in enumerate(valid)}
    players = sorted((states[e.number] for e in valid if e.number not in absent),
                     key=lambda s: (-s.score, s.rank))
    if len(players) < 2:
        if players and not players[0].bye_eligible:
            raise NoPairing("the only player to pair already had a bye or an unplayed win (C2)")
        return DutchPairing((), players[0].number if players else None)
    by_number = {e.number: e for e in entrants}
    floats = {s.number: tuple(float_of(s.entrant, back, by_number) if back <= played else None
                              for back in (1, 2)) for s in players}
    ctx = RoundFacts(layout_for([s.score for s in players]), played, played >= total_rounds - 1, 0, floats)
    mates = _Round(players, ctx, apart).pair()
    pairs, bye = [], None
    for v, p in enumerate(players):
        m = mates.get(v)
        if m is None:
            bye = p.number
        elif v < m:
            q = players[m]
            white = colour_of(p, q, first_colour) == "W"
            pairs.append((p.number, q.number) if white else (q.number, p.number))
    pairs.sort(key=lambda pair: _board_key(states[pair[0]], states[pair[1]]))
    return DutchPairing(tuple(pairs), bye)


def _board_key(a: State, b: State) -> tuple[int, int, int]:
    """Boards: by the higher player's score, the lower player's score, then the higher's rank."""
    hi, lo = (a, b) if (a.score, -a.rank) >= (b.score, -b.rank) else (b, a)
    return (-hi.score, -lo.score, hi.rank)


class _Round:
    """The bracket-by-bracket procedure over vertices 0..n−1 (players by score, then rank)."""

    def __init__(self, players: list[State], ctx: RoundFacts, apart: frozenset[frozenset[int]] = frozenset()
                 ) -> None:
        self.p = players
        self.ctx = ctx
        self.apart = apart
        self.m = Matcher(len(players))
        self.sig: list[int] = []  # the kind of each player's `signature`
        self.like: list[int] = []  # a player of each kind
        self.refused: list[set[int]] = []
        # per kind of player, kind of pair and side: the weight with each kind of opponent
        self.tables: dict[tuple[int, bool, bool, bool, bool], dict[int, int]] = {}

    def weight(self, hi: int, lo: int, in_bracket: bool = False, in_next: bool = False) -> int:
        """The weight of a pair (0 when they may not meet), computed once per kind of pair: players
        alike in all the criteria read (`signature`) weigh alike."""
        if lo in self.refused[hi]:
            return 0
        return self._weights(self.sig[lo], in_bracket, in_next, True, [self.sig[hi]])[0]

    def _weights(self, kind: int, in_bracket: bool, in_next: bool, lower: bool, others: list[int]
                 ) -> list[int]:
        """The weights of a player of `kind`, the `lower` of each pair or not, with players of the
        kinds `others`, refusals aside."""
        key = (kind, in_bracket, in_next, lower, self.ctx.bye_from_bracket)
        table = self.tables.get(key)
        if table is None:
            table = self.tables[key] = {}
        missing = set(others).difference(table)
        if missing:
            me, p, ctx = self.p[self.like[kind]], self.p, self.ctx
            for k in missing:
                other = p[self.like[k]]
                table[k] = criteria_weight(*((other, me) if lower else (me, other)), in_bracket, in_next, ctx)
        return list(map(table.__getitem__, others))

    def weight_rows(self, lo: int, rest: int, split: int | None) -> list[list[int]]:
        """The weights among the vertices `lo`..`rest`−1, a row each: a pair whose lower player is
        below `split` weighs as in the bracket, the others as in the next scoregroup (`split` None:
        as neither). Row by row, from a table per kind of player: many times faster than pair by
        pair."""
        sig, out = self.sig, []
        modes = [(False, False, lo, rest)] if split is None else [(True, False, lo, split),
                                                                  (False, True, split, rest)]
        for v in range(lo, rest):
            kind = sig[v]
            mine = next(mode for mode in modes if mode[2] <= v < mode[3])
            row = self._weights(kind, mine[0], mine[1], True, sig[lo:v])
            row.append(0)
            for in_bracket, in_next, start, end in modes:
                if end > v + 1:
                    row += self._weights(kind, in_bracket, in_next, False, sig[max(start, v + 1):end])
            for u in self.refused[v]:
                if lo <= u < rest:
                    row[u - lo] = 0
            out.append(row)
        return out

    def pair(self) -> dict[int, int]:
        n, p, m = len(self.p), self.p, self.m
        self.refused = self._refused()  # C1 and C3 do not change while the round is paired
        adj = [list(filterfalse(row.__contains__, range(n))) for row in self.refused]
        if n % 2:
            self._choose_bye_score(adj)
        elif not perfectly_matchable(adj):
            raise NoPairing("the players cannot all be paired without breaking an absolute criterion")
        kinds: dict[Signature, int] = {}
        self.sig = [kinds.setdefault(signature(s, self.ctx), len(kinds)) for s in p]
        self.like = [0] * len(kinds)
        for v in reversed(range(n)):
            self.like[self.sig[v]] = v
        m.weight = self.weight_rows(0, n, None)
        m.fields = criteria_fields(self.ctx.layout, self.ctx.rounds_played)
        m.score = [s.score for s in p]
        m.low_bits = criteria_bits(self.ctx.layout, self.ctx.rounds_played)
        m.bye_ok = [bye_candidate(s, self.ctx) for s in p]
        result: dict[int, int] = {}
        matched = [False] * n
        bracket: list[int] = []  # vertices of the current bracket (MDPs first) and the next group
        nxt = 0
        while nxt < n and p[nxt].score >= p[0].score:
            bracket.append(nxt)
            nxt += 1
        mdps = 0  # moved-down players at the head of `bracket`
        group_vertex = 0  # first vertex of the current scoregroup
        while len(bracket) > 1 or nxt < n:
            group_end = len(bracket)
            next_vertex = group_vertex + (group_end - mdps)
            start = nxt
            while nxt < n and p[nxt].score >= p[start].score:
                bracket.append(nxt)
                nxt += 1
            step = _Bracket(self, bracket, mdps, group_end, group_vertex, next_vertex, matched, nxt)
            mate = step.run()
            new_bracket: list[int] = []
            mdps = 0
            for i, v in enumerate(bracket):
                if i < group_end and matched[v]:
                    result[v], result[mate[v]] = mate[v], v
                else:
                    new_bracket.append(v)
                    mdps += i < group_end
            bracket = new_bracket
            group_vertex = next_vertex
            if n % 2:
                self._update_bye_from_bracket(bracket, mate, start < n and p[start].score)
        return result

    def _refused(self) -> list[set[int]]:
        """Whom each player may not meet (itself, not `compatible` either way, or an organizer's
        forbidden pair). Only the players met and those with the same absolute colour preference can
        be refused, so only they are asked."""
        p, n = self.p, len(self.p)
        vertex = {s.number: v for v, s in enumerate(p)}
        alike: dict[str | None, list[int]] = {}
        for v, s in enumerate(p):
            if s.absolute:
                alike.setdefault(s.preference, []).append(v)
        refused: list[set[int]] = [{v} for v in range(n)]
        for v, s in enumerate(p):
            asked = [vertex[x] for x in s.forbidden if x in vertex]
            asked += alike.get(s.preference, []) if s.absolute else []
            refused[v].update(u for u in asked if not compatible(s, p[u], self.ctx))
        for pair in self.apart:
            a, b = (vertex.get(x) for x in pair)
            if a is not None and b is not None:
                refused[a].add(b)
        for v, row in enumerate(refused):  # refused by either player
            for u in row:
                refused[u].add(v)
        return refused

    def _update_bye_from_bracket(self, bracket: list[int], mate: list[int], score: int | bool) -> None:
        """C9 holds in the next bracket (its residents score `score`; False: there is none) when the
        bye comes from it — from its scoregroup or from its moved-down players, the bye's score
        being no lower — and none of its players (`bracket`) is (so far) paired below it: neither
        in `mate` nor, when `mate` was made inside the scope, as one of several left alone (all
        but one of them are paired below)."""
        p, bye = self.p, self.ctx.bye_score
        alone = [v for v in bracket if mate[v] == v]
        below = score is not False and any(mate[v] != v and p[mate[v]].score < score for v in bracket)
        self.ctx = replace(self.ctx, bye_from_bracket=score is not False and bye >= score
                           and not below and len(alone) <= 1)

    def _choose_bye_score(self, adj: list[list[int]]) -> None:
        """The bye goes to the lowest score at which a player eligible for it (C2) can be left out
        with everyone else paired (C4); C9 then ranks that scoregroup by unplayed games."""
        p = self.p
        dummy = len(p)
        for score in sorted({s.score for s in p}):
            left = {v for v, s in enumerate(p) if s.score == score and s.bye_eligible}
            rows = [[*row, dummy] if v in left else row for v, row in enumerate(adj)]
            if left and perfectly_matchable([*rows, sorted(left)]):
                break
        else:
            raise NoPairing("the players cannot all be paired without breaking an absolute criterion")
        counts = sorted((s.played_games for s in p if s.score == score), reverse=True)
        rank = {games: k for k, games in enumerate(counts)}
        self.ctx = replace(self.ctx, bye_score=score, unplayed_rank=rank,
                           bye_from_bracket=score >= p[0].score and self._top_group_keeps_bye(adj))

    def _top_group_keeps_bye(self, adj: list[list[int]]) -> bool:
        """Can the top scoregroup pair among itself but for the bye, and everyone else apart?"""
        p = self.p
        top = [v for v, s in enumerate(p) if s.score == p[0].score]
        others = [v for v in range(len(p)) if p[v].score < p[0].score]

        def within(group: list[int], bye: bool) -> bool:
            at = {v: k for k, v in enumerate(group)}
            rows = [[at[u] for u in adj[v] if u in at] for v in group]
            if bye:
                rows = [[*row, len(group)] if p[v].bye_eligible else row
                        for v, row in zip(group, rows, strict=True)]
                rows.append([at[v] for v in group if p[v].bye_eligible])
            return perfectly_matchable(rows)

        return within(top, True) and within(others, False)


class _Bracket:
    """One bracket: `b[:mdps]` moved-down players, `b[mdps:end]` residents, `b[end:]` next group."""

    def __init__(self, rnd: _Round, b: list[int], mdps: int, end: int, group_vertex: int,
                 next_vertex: int, matched: list[bool], rest: int) -> None:
        self.r, self.m, self.b = rnd, rnd.m, b
        self.mdps, self.end = mdps, end
        self.lo_v, self.hi_v = group_vertex, next_vertex
        self.matched = matched
        self.rest = rest  # the first vertex below the next scoregroup
        # base[j][i]: weight of b[i] (higher) with b[j] (lower), for residents and the next group
        self.base: dict[int, list[int]] = {}
        self.size = rnd.ctx.layout.size_bits

    def solve(self) -> list[int]:
        return self.m.solve(self.b, self.rest, split=self.end)

    def solve_in_order(self, firsts: list[int], candidates: list[int], mate: list[int]) -> list[int]:
        """The optimum in which b[i], for i in `firsts` in turn, meets the highest player of
        `candidates` (bracket positions, highest first) that keeps it optimal; those pairs are final.
        `mate` is an optimum (kept when there is no one to settle)."""
        b, m = self.b, self.m
        if not firsts:
            return mate
        rank = {b[j]: len(candidates) - k for k, j in enumerate(candidates)}
        ahead = [b[i] for i in firsts]
        group = set(ahead) | rank.keys()
        unpaired = {b[k] for k in range(self.end) if b[k] not in m.final}
        settled = None
        if unpaired <= group and all(mate[v] in group for v in group):
            # the optimum pairs every player of the bracket left to pair within `group`: so does
            # every optimum (C5 counts those pairs), and the next scoregroup plays no part
            settled = m.settle_closed(sorted(group), self.rest, ahead, rank, mate)
        elif unpaired <= group and not self.r.ctx.bye_from_bracket:
            # a player floats: the pairs inside the bracket and those of the next scoregroup weigh
            # different criteria (C5, C6, C10–C21 and C7), so the choices can be made without the
            # next scoregroup whenever the result is optimal
            settled = m.settle_apart(sorted(group), b, self.rest, ahead, rank, mate, self.end)
        if settled is None:
            settled = m.settle_tried(b, self.rest, ahead, [b[j] for j in candidates], mate, self.end)
        if settled is None:
            settled = m.settle_in_order(b, self.rest, ahead, rank)
        for v in ahead:
            self.matched[v] = self.matched[settled[v]] = True
        return settled

    def inside(self, vertex: int) -> bool:
        """Is `vertex` a resident of this bracket (vertices of the scoregroup)?"""
        return self.lo_v <= vertex < self.hi_v

    def run(self) -> list[int]:
        b, m, mdps, lo = self.b, self.m, self.mdps, self.lo_v
        rows = self.r.weight_rows(lo, self.rest, self.hi_v)  # b[mdps:] is lo..rest−1
        for k, row in enumerate(rows):
            m.weight[lo + k][lo:self.rest] = row
        for j in range(mdps, len(b)):
            moved = [self.r.weight(b[i], b[j], j < self.end, j >= self.end) for i in range(mdps)]
            for i, w in enumerate(moved):
                m.set(b[i], b[j], w)
            self.base[j] = moved + rows[j - mdps][:j - mdps]
        mate = self.solve()
        mate = self._pair_moved_down(mate)
        return self._pair_remainder(mate)

    def _pair_moved_down(self, mate: list[int]) -> list[int]:
        """Which moved-down players are paired (higher scores, then higher ranks first) and with
        whom (the highest resident possible)."""
        b, m, base, matched = self.b, self.m, self.base, self.matched
        p = self.r.p
        residents = range(self.mdps, self.end)
        left = can = 0
        score = None
        for i in range(self.mdps):
            v = b[i]
            if score is None or p[v].score < score:
                score = p[v].score
                same = [b[k] for k in range(i, self.mdps) if p[b[k]].score >= score]
                left = len(same)
                can = sum(1 for u in same if self.inside(mate[u]))
            if not can:
                continue
            if left <= can:
                matched[v] = True
                continue
            left -= 1
            if not self.inside(mate[v]):
                for j in residents:
                    if base[j][i]:
                        m.set(v, b[j], base[j][i] | 1)
                mate = self.solve()
            if self.inside(mate[v]):
                matched[v] = True
                can -= 1
                for j in residents:
                    if base[j][i]:
                        m.set(v, b[j], (base[j][i] | (self.end - self.mdps)) + 1)
        paired = [i for i in range(self.mdps) if matched[b[i]]]
        if paired:
            mate = self.solve_in_order(paired, [j for j in residents if not matched[b[j]]], mate)
        return mate

    def _natural(self, mate: list[int], firsts: list[int], candidates: list[int]) -> list[int] | None:
        """`mate` changed so that each b[i], i in `firsts` in order, meets the highest player of
        `candidates` (bracket positions, ascending) below it, still free, that it may meet — if that
        is still an optimal pairing of the round; else None."""
        b, base, matched = self.b, self.base, self.matched
        pairs: list[tuple[int, int]] = []
        taken: set[int] = set()
        for i in firsts:
            j = next((j for j in candidates
                      if j > i and base[j][i] and not matched[b[j]] and b[j] not in taken), None)
            if j is None:
                return None
            pairs.append((b[i], b[j]))
            taken.update(pairs[-1])
        new = list(mate)
        for x in taken:
            if new[x] != x:
                new[new[x]] = new[x]
                new[x] = x
        for v, u in pairs:
            new[v], new[u] = u, v
        return new if self._as_good(new, mate) else None

    def _unexchanged(self, mate: list[int], rem: list[int], pairs: int) -> list[int] | None:
        """`mate` with the remainder paired again between S1 (`rem[:pairs]`) and S2 alone, if that is
        still optimal; else None.

        Then no exchange is needed: the weights ordering the exchanges (`_ordered`) rank S1 as the
        higher players first, and only S1 gives every pair an S1 player, so every optimum of those
        weights has S1 as it stands, and the steps after it agree. A floater of S1 gives its place
        to a player of S2: its opponent joins S1's side of the matching, which stays bipartite and
        weighs the criteria alone, many times faster than the ordered matching. The search keeps
        those opponents, so None does not say that an exchange is needed."""
        b, m, lo, hi = self.b, self.m, self.lo_v, self.hi_v
        mask, weight = m.mask, m.weight
        inside = {b[j] for j in rem if mate[b[j]] != b[j] and lo <= mate[b[j]] < hi}
        s1 = [b[i] for i in rem[:pairs]]
        floaters = [v for v in s1 if v not in inside]
        if any(mate[v] == v for v in floaters):
            return None
        left = [*s1, *(mate[v] for v in floaters)]
        right = [b[j] for j in rem[pairs:] if b[j] in inside]
        edges = [(a, c, w) for a in left for c in right if (w := weight[a][c] & mask) > 0]
        found = m.matched_over([*left, *right], edges)
        if any(found[v] == v for v in left):
            return None
        new = list(mate)
        for v in [*left, *right]:
            new[v] = found[v]
        return new if self._as_good(new, mate) else None

    def _as_good(self, new: list[int], mate: list[int]) -> bool:
        """Is `new`, a matching changed from the optimum `mate`, an optimum too: as heavy over the
        scope, and leaving the players below a pairing?"""
        m, scope = self.m, self.b
        return m.value(new, scope) >= m.value(mate, scope) and m.completable(
            m.left_over(new, scope, self.rest, m.final), self.rest)

    def _finalize(self, firsts: list[int], mate: list[int]) -> list[int]:
        """Make final the pairs of `mate` of the players b[i], i in `firsts`."""
        for i in firsts:
            v = self.b[i]
            self.matched[v] = self.matched[mate[v]] = True
            self.m.finalize(v, mate[v])
        return mate

    def _ordered(self, i: int, j: int, index: int, pairs: int) -> int:
        """Base weight of remainder players b[i] (S1 position `index`) and b[j], preferring fewer
        exchanges and then exchanges of nearer pairing numbers (a positive offset, the same for
        every candidate, keeps the weight above the base)."""
        w = self.base[j][i]
        if w:
            w += (((index < pairs) << (2 * self.size)) + (1 << self.size) - index) << 1
        return w

    def _pair_remainder(self, mate: list[int]) -> list[int]:
        """The residents not paired with moved-down players: how many pairs (fixed by the optimum),
        which players are exchanged between S1 and S2 (§4.3), then each S1 player's opponent.
        The three steps of C.04.3 §4.3 in order, sharing the bracket's arrays (one function on
        purpose: it is the hot path of big brackets)."""
        b, m, base = self.b, self.m, self.base
        rem = [j for j in range(self.mdps, self.end) if mate[b[j]] >= self.lo_v]
        pairs = sum(1 for j in rem if mate[b[j]] < b[j])
        # S1 as it stands, each meeting the highest S2 player possible: when that is optimal, no
        # exchange can be better (the order below would rank it first), and every step agrees
        natural = self._natural(mate, rem[:pairs], rem[pairs:])
        if natural is not None:
            return self._finalize(rem[:pairs], natural)
        unexchanged = self._unexchanged(mate, rem, pairs)
        if unexchanged is not None:
            mate = unexchanged
        else:
            for oj, j in enumerate(rem):
                for index, i in enumerate(rem[:oj]):
                    m.set(b[i], b[j], self._ordered(i, j, index, pairs))
            mate = self.solve()

        def paired_down(v: int) -> bool:
            return v < mate[v] < self.hi_v

        exchanges = sum(1 for i in rem[:pairs] if not paired_down(b[i]))
        # the lowest S1 players are exchanged where possible
        todo = exchanges
        for pos in range(pairs - 1, -1, -1):
            if not todo:
                break
            i, v = rem[pos], b[rem[pos]]
            if paired_down(v):
                for j in rem[pos + 1:]:
                    w = self._ordered(i, j, pos, pairs)
                    if w:
                        m.set(v, b[j], w - 1)
                mate = self.solve()
            exchange = not paired_down(v)
            todo -= exchange
            for j in rem[pos + 1:]:
                if exchange:
                    base[j][i] = 0
                m.set(v, b[j], self._ordered(i, j, pos, pairs))
        # the highest S2 players are exchanged where possible
        todo = exchanges
        for pos in range(pairs, len(rem)):
            if todo <= 1:
                break
            j, v = rem[pos], b[rem[pos]]
            already = paired_down(v)
            if not already:
                for k in rem[pos + 1:]:
                    w = self._ordered(j, k, pos, pairs)
                    if w:
                        m.set(v, b[k], w + 1)
                mate = self.solve()
            if paired_down(v):
                todo -= 1
                for i in rem[:pos]:
                    base[j][i] = 0
                    m.set(v, b[i], 0)
                for k in range(self.end, len(b)):
                    base[k][j] = 0
                    m.set(v, b[k], 0)
            if not already:
                for k in rem[pos + 1:]:
                    m.set(v, b[k], self._ordered(j, k, pos, pairs))
        # S1 and S2 are now fixed: only S1–S2 edges remain inside the remainder. The zeros set here
        # and above stay in the round's matrix; the next bracket writes its own weights again but
        # for two players who both float out of this one, and those two can never meet: a complete
        # pairing with them paired would have one pair more in this bracket than its optimum (C5)
        for pos, i in enumerate(rem):
            v = b[i]
            for j in rem[pos + 1:]:
                u = b[j]
                if not paired_down(v) or paired_down(u):
                    base[j][i] = 0
                m.set(v, u, base[j][i])
        # each S1 player, in order, takes the highest S2 player that keeps the pairing optimal
        firsts = [i for i in rem if paired_down(b[i])]
        natural = self._natural(mate, firsts, rem)
        if natural is not None:
            return self._finalize(firsts, natural)
        mate = self.solve_in_order(firsts, [j for j in rem if not self.matched[b[j]]], mate)
        return mate

