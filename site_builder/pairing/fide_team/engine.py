"""One round of C.04.6 (art. 3): the pairing-allocated bye first (3.4), then the top scoregroup with
the set of upfloaters art. 3.5 chooses, paired by art. 3.6, until every team is paired; colours last
(art. 4, `colours`).

The absolute criteria are [C1] (no rematch) and [C2] (no second bye, no bye after a forfeit win);
[C3] (a pairing must remain for the teams not yet paired) is tested with a perfect matching. Among
the sets of upfloaters of one bracket, [C4] (fewest upfloaters) and [C5] (their scores highest) are
the outer loops, then [C6] (the following scoregroup stays pairable, unless it is now empty) and
[C7] (fewest upfloaters that floated last round, except in the last two rounds), then the order of
art. 3.5.4. A bracket is paired by one minimum-cost perfect matching whose cost orders, in this
priority, [C8] (colour preferences left unmet), [C9] (Type B: strong ones), [C10] (upfloaters'
opponents that floated last round, except in the last two rounds) and the identifier of art. 3.6.2
(the top members, the smaller TPN of each pair whatever its score, in ascending order, then the
bottom members in the order of their top members; the smallest wins)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

import networkx as nx

from site_builder.pairing.fide_team.colours import ColourModel, ColourTeam, Preference, allocate, preference
from site_builder.pairing.matching import perfectly_matchable


class NoTeamPairing(Exception):
    """No pairing complies with the absolute criteria (art. 3.3.3: the Chief Arbiter decides)."""


@dataclass(frozen=True)
class TeamState:
    """A team before the round: its pairing number (TPN, art. 1.1), scores, history."""

    number: int
    primary: int  # the pairing score (art. 1.2): match points or game points, in units
    secondary: int = 0
    opponents: frozenset[int] = frozenset()
    colours: str = ""  # its first board's colour in each played match, oldest first (art. 1.6)
    floated: bool = False  # a floater in the previous round (art. 1.5)
    bye_barred: bool = False  # [C2]: it had the bye, a forfeit win or a full-point bye
    matches: int = 0  # matches played (art. 3.4.3)


@dataclass(frozen=True)
class Rules:
    """What the rules of the competition state (art. 1.2, 1.7, 4.1)."""

    rounds: int
    round: int
    model: ColourModel = "A"
    initial: str = "w"  # the initial-colour drawn by lot (art. 4.1)
    secondary_used: bool = True  # art. 1.2.2: the secondary score decides art. 4.2.2

    @property
    def last_two(self) -> bool:
        """[C7] and [C10] do not apply in the last two rounds."""
        return self.round > self.rounds - 2


@dataclass(frozen=True)
class Match:
    white: int  # the team with White on board 1
    black: int
    rule: str  # the article of art. 4.3 that gave the colours


@dataclass(frozen=True)
class RoundPairing:
    matches: tuple[Match, ...]
    bye: int | None
    upfloaters: tuple[int, ...]


Pairs = list[tuple[TeamState, TeamState]]


def _matchable(teams: Sequence[TeamState]) -> bool:
    index = {t.number: i for i, t in enumerate(teams)}
    adj = [[index[o.number] for o in teams if o.number != t.number and o.number not in t.opponents]
           for t in teams]
    return len(teams) % 2 == 0 and perfectly_matchable(adj)


def _bye(teams: list[TeamState]) -> TeamState | None:
    """Art. 3.4: the team that leaves a legal pairing, with the lowest score, the most matches
    played, the largest TPN."""
    if len(teams) % 2 == 0:
        return None
    candidates = sorted((t for t in teams if not t.bye_barred),
                        key=lambda t: (t.primary, -t.matches, -t.number))
    for team in candidates:
        if _matchable([t for t in teams if t is not team]):
            return team
    raise NoTeamPairing("no team can have the pairing-allocated bye and leave the others a pairing "
                        "(C.04.6 art. 3.4.1, 3.3.3)")


def _profiles(lower: list[TeamState], count: int) -> list[tuple[int, ...]]:
    """[C5]: the scores a set of `count` upfloaters can have, best first (their scores in ascending
    order, the highest such list first)."""
    have: dict[int, int] = {}
    for t in lower:
        have[t.primary] = have.get(t.primary, 0) + 1
    shapes = [p for p in combinations_with_replacement(sorted(have, reverse=True), count)
              if all(p.count(s) <= have[s] for s in set(p))]
    return sorted(shapes, key=sorted, reverse=True)


def _sets(lower: list[TeamState], profile: tuple[int, ...]) -> Iterator[list[TeamState]]:
    """Art. 3.5.3–3.5.4: the sets of upfloaters of a profile, each by descending score then TPN,
    in the lexicographic order of their TPNs."""
    scores = sorted(set(profile), reverse=True)
    pools = [sorted((t for t in lower if t.primary == s), key=lambda t: t.number) for s in scores]

    def build(level: int) -> Iterator[list[TeamState]]:
        if level == len(scores):
            yield []
            return
        for chosen in combinations(pools[level], profile.count(scores[level])):
            for rest in build(level + 1):
                yield [*chosen, *rest]

    return build(0)


def _pair_bracket(bracket: list[TeamState], prefs: dict[int, Preference], rules: Rules
                  ) -> list[tuple[TeamState, TeamState]] | None:
    """Art. 3.6: the bracket's pairing, or None when it has none."""
    ordered = sorted(bracket, key=lambda t: t.number)
    size = len(ordered)
    if size % 2:
        return None
    bsn = {t.number: i + 1 for i, t in enumerate(ordered)}
    base = size + 1
    top_part = base ** size  # above any sum of the bottom members' part
    c10 = top_part * 2 ** (size + 1)  # above any sum of the top members' part
    c9 = c10 * base
    c8 = c9 * base
    graph: nx.Graph[int] = nx.Graph()
    for a, b in combinations(ordered, 2):
        if b.number in a.opponents:
            continue
        high, low = (a, b) if a.primary >= b.primary else (b, a)
        pa, pb = prefs[a.number], prefs[b.number]
        same = pa.colour is not None and pa.colour == pb.colour
        cost = c8 * same + c9 * (same and rules.model == "B" and pa.strong and pb.strong)
        if high.primary > low.primary and not rules.last_two and high.floated:
            cost += c10
        cost += top_part * 2 ** (size - bsn[b.number]) + bsn[b.number] * base ** (size - bsn[a.number])
        graph.add_edge(a.number, b.number, weight=-cost)
    mates = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(mates) != size:
        return None
    by = {t.number: t for t in ordered}
    return sorted(((by[min(p)], by[max(p)]) for p in mates), key=lambda p: p[0].number)


def _c6(following: int | None, rest: list[TeamState]) -> bool:
    """[C6]: the following scoregroup (the teams of the round with the next lower `following` score)
    can be paired with the fewest upfloaters its size allows, the others after it too; unless all its
    teams became or are upfloaters (art. 2.3.3: it is then empty), or there is none."""
    group = [t for t in rest if t.primary == following]
    if following is None or not group:
        return True
    lower = [t for t in rest if t.primary < following]
    for ups in ([[]] if len(group) % 2 == 0 else [[t] for t in lower]):
        bracket = group + ups
        if _matchable(bracket) and _matchable([t for t in rest if t not in bracket]):
            return True
    return False


def _next_bracket(remaining: list[TeamState], scores: Sequence[int], prefs: dict[int, Preference],
                  rules: Rules) -> tuple[list[tuple[TeamState, TeamState]], list[TeamState]]:
    """Art. 3.5: the top scoregroup's upfloaters and the bracket's pairs; `scores` are those of all the
    round's teams, which name the following scoregroup of [C6]."""
    score = max(t.primary for t in remaining)
    following = max((s for s in scores if s < score), default=None)
    residents = [t for t in remaining if t.primary == score]
    lower = [t for t in remaining if t.primary < score]
    for count in range(len(residents) % 2, len(lower) + 1, 2):  # [C4]
        for profile in _profiles(lower, count):  # [C5]
            best: tuple[tuple[int, int, int], Pairs, list[TeamState]] | None = None
            for index, ups in enumerate(_sets(lower, profile)):
                pairs = _pair_bracket(residents + ups, prefs, rules)
                if pairs is None:
                    continue
                rest = [t for t in lower if t not in ups]
                if not _matchable(rest):  # [C3]
                    continue
                c7 = 0 if rules.last_two else sum(t.floated for t in ups)
                key = (0 if _c6(following, rest) else 1, c7, index)
                if best is None or key < best[0]:
                    best = (key, pairs, ups)
                if key[:2] == (0, 0):
                    break
            if best is not None:
                return best[1], best[2]
    raise NoTeamPairing(f"the scoregroup of {len(residents)} team(s) has no legal pairing with any set of "
                        "upfloaters (C.04.6 art. 3.3.3)")


def pair_round(teams: Sequence[TeamState], rules: Rules) -> RoundPairing:
    """The round's matches (by the higher score of the pair, then the sum, then the smaller TPN) and
    its pairing-allocated bye."""
    prefs = {t.number: preference(t.colours, rules.model, rules.round == rules.rounds) for t in teams}
    bye = _bye(sorted(teams, key=lambda t: t.number))
    remaining = sorted((t for t in teams if t is not bye), key=lambda t: t.number)
    scores = sorted({t.primary for t in teams})  # the scoregroups, the bye's too (art. 1.3.1)
    if not _matchable(remaining):
        raise NoTeamPairing("the teams have no pairing without rematches (C.04.6 art. 3.3.3)")
    pairs: list[tuple[TeamState, TeamState]] = []
    floated: list[int] = []
    while remaining:
        bracket, ups = _next_bracket(remaining, scores, prefs, rules)
        pairs += bracket
        floated += [t.number for t in ups]
        done = {t.number for p in bracket for t in p}
        remaining = [t for t in remaining if t.number not in done]

    def colour_team(t: TeamState) -> ColourTeam:
        return ColourTeam(t.number, t.primary, t.secondary, t.colours, prefs[t.number])

    pairs.sort(key=lambda p: (-max(p[0].primary, p[1].primary), -(p[0].primary + p[1].primary),
                              min(p[0].number, p[1].number)))
    matches = tuple(Match(*allocate(colour_team(a), colour_team(b), rules.initial, rules.model,
                                    rules.secondary_used)) for a, b in pairs)
    return RoundPairing(matches, bye.number if bye else None, tuple(floated))
