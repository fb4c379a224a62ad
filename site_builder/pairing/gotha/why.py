"""Why a go round has its pairs: each pair's weight criterion by criterion (`weights.criteria`) with
the facts behind it (score groups and floats, an earlier meeting, colours, the handicap, country and
club), and for each player the next-best opponent and how much the round's total weight would lose.

The next-best opponent of a player is found by swapping partners (they meet another player, whose
opponent meets theirs): the swap's loss is the difference of the two pairs' weights, exact for that
swap. For it, a second matching of the other players with the pair forced gives the loss of the
best pairing that has the pair (`forced`; ≤ the swap's), in rounds of at most `FORCED_MAX` players.
A round that differs from the engine's (changed by hand: its pairs, or in a pair the handicap or the
komi; `pairing.compare` tells) is explained against the engine's: what differs, and its total weight
beside the engine's. Each pair's handicap is explained as the rules give it, beside the stones
played when they differ. The pairs kept apart in the round (`keep_apart:`, `forbidden:`) weigh as
rematches: each is given with its rule, and an alternative that would pair one says so. The bye is
given with OpenGotha's rule for it, and the players absent from the round are listed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields

import numpy as np

from site_builder.engine.go_scores import Criterion, GoGame
from site_builder.pairing.compare import RoundDifference
from site_builder.pairing.gotha.event import GothaEvent
from site_builder.pairing.gotha.matching import max_weight_matching
from site_builder.pairing.gotha.parameters import TournamentType
from site_builder.pairing.gotha.round import RoundPairing, players_to_pair
from site_builder.pairing.gotha.state import MIN_RANK, RoundState, round_state
from site_builder.pairing.gotha.weights import Ints, Weight, criteria, handicap_and_colours
from site_builder.pairing.paired_from import Kept

CRITERIA = tuple(f.name for f in fields(Weight))
#: OpenGotha's choice of the bye (`round.choose_bye`): McMahon by MMS, Swiss by rank and wins, and
#: before 3.52 by rank and MMS (`bye_by_rank`)
BYE_RULES = ("mcmahon", "swiss", "rank")
FORCED_MAX = 120  # players: a second matching per player above it costs too much for a build


@dataclass(frozen=True)
class Seat:
    """One player of a pair as the round was paired: main score (MMS or NBW, whole points) and
    score group (0: the top) before it, even games as White and as Black, floats so far."""

    key: str
    score: int
    group: int
    whites: int
    blacks: int
    draw_ups: int
    draw_downs: int
    country: str
    club: str


@dataclass(frozen=True)
class Handicap:
    """How the rules give the pair its handicap: the two players' ranks as the handicap counts them
    (from MMS or from rank), each capped at `no_handicap_rank`; stones = gap − correction, at most
    `ceiling` (the engine's, whatever the game was played with: `PairWhy.stones`)."""

    based_on_mms: bool
    black: int  # Black's rank so counted (OpenGotha's integers: 30k −30, 1d 0), capped
    white: int
    correction: int
    ceiling: int
    stones: int
    no_handicap_rank: int = 0  # the rank from which no handicap is given (the cap)
    uncapped_gap: int = 0  # the gap of the two ranks before the cap
    rounded: bool = False  # from MMS, one of which had a half the handicap drops (whole MMS: rounded down)

    @property
    def gap(self) -> int:
        return abs(self.white - self.black)

    @property
    def capped(self) -> bool:
        """Whether the cap at `no_handicap_rank` narrowed the gap."""
        return self.uncapped_gap > self.gap

    @property
    def at_ceiling(self) -> bool:
        return self.gap - self.correction > self.ceiling


@dataclass(frozen=True)
class Apart:
    """Two players of the round kept apart in it (weighed as a rematch), and the rule that keeps them
    so (`pairing.apart.RULES`: keep_apart, forbidden, same_club, same_federation)."""

    a: str
    b: str
    rule: str


@dataclass(frozen=True)
class NewPairs:
    """What the pairs an alternative makes (the round has none of them) lose on `duplicate`: those that
    met before, and those kept apart in the round."""

    met: tuple[tuple[str, str], ...] = ()
    apart: tuple[Apart, ...] = ()

    @property
    def rematches(self) -> int:
        return len(self.met)


@dataclass(frozen=True)
class Alternative:
    """A player's next-best opponent: `opponent` instead of `partner` (their opponent in the round),
    the two left over (`partner` and `other`, the opponent's own) meeting each other. The losses are the
    round's total weight less that of the other pairing, by criterion (positive: it weighs less)."""

    player: str
    opponent: str
    partner: str
    other: str
    swap: dict[str, int]  # by criterion and "total": the swap of partners
    forced: dict[str, int] | None  # the best pairing with the pair (a second matching); None: not run
    swap_pairs: NewPairs = NewPairs()  # the swap's two pairs: rematches and pairs kept apart
    forced_pairs: NewPairs = NewPairs()  # the same of the best pairing with the pair


@dataclass(frozen=True)
class PairWhy:
    """A pair of the round: Black, White, the stones played, the handicap the rules give and why,
    the pair's weight and each player's next-best opponent."""

    table: int
    black: Seat
    white: Seat
    stones: int  # the handicap the game is played with (0: even)
    handicap: Handicap  # the rules' handicap of the pair
    weight: Weight  # `pair_weight` in the order of the round's list of players
    met: bool  # they had met before
    colour_by_balance: bool  # an even game whose colours follow the players' balance (else by lot)
    alternatives: tuple[Alternative, ...]  # Black's, White's (none for a player without one)


@dataclass(frozen=True)
class RoundWhy:
    """Why round `number` has its pairs: each pair, the bye (and by which of OpenGotha's rules: `BYE_RULES`),
    the players absent from it, the pairs kept apart in it, the engine's own pairing and how the round
    differs from it (changed by hand)."""

    number: int
    pairs: tuple[PairWhy, ...]
    bye: str | None
    engine_bye: str | None
    engine_games: tuple[GoGame, ...]  # the engine's pairing of the round
    total: int  # the round's total weight
    engine_total: int
    groups: int  # score groups of the scale
    difference: RoundDifference  # the round against the engine's pairing of it
    apart: tuple[Apart, ...] = ()  # the pairs of the round's players kept apart in it
    absent: tuple[str, ...] = ()  # the players absent from the round (not paired, no bye)
    bye_rule: str = "mcmahon"  # how OpenGotha chooses the bye (`BYE_RULES`)
    bye_earlier: int = 0  # the byes the bye's player had before the round
    kept: Kept | None = None  # kept as played after a correction before it (`pair --accept`)

    @property
    def changed(self) -> bool:
        """The round differs from the engine's pairing (changed by hand)."""
        return self.difference.differs


def explain_round(event: GothaEvent, number: int, games: Sequence[GoGame], bye: str | None,
                  engine: RoundPairing, difference: RoundDifference,
                  rules: Mapping[frozenset[str], str] | None = None) -> RoundWhy:
    """Why round `number` of `event` (its earlier rounds only; the players absent from it marked so)
    has `games` (Black, White, handicap, table) and `bye`, against `engine`, the engine's pairing of
    it, from which it differs as `difference` says; `rules`: the rule keeping each pair of
    `event.apart` apart (`pairing.apart.RULES`, "keep_apart" for one not given)."""
    state = round_state(event, number)
    keys = players_to_pair(event, number)
    keys += [k for g in games for k in (g.black, g.white) if k not in keys]
    place = {k: i for i, k in enumerate(keys)}
    apart = {}
    for pair in event.apart:
        if len(pair) == 2 and all(k in place for k in pair):
            a, b = sorted(pair, key=place.__getitem__)
            apart[pair] = Apart(a, b, (rules or {}).get(pair, "keep_apart"))
    matrices = {name: _symmetric(m) for name, m in criteria(state, keys).items()}
    total = 1 + sum(matrices.values(), np.zeros((len(keys), len(keys)), dtype=np.int64))
    partner = {place[a]: place[b] for g in games for a, b in ((g.black, g.white), (g.white, g.black))}
    pairs = []
    for game in sorted(games, key=lambda g: g.table):
        i, j = sorted((place[game.black], place[game.white]))
        weight = Weight(**{name: int(m[i, j]) for name, m in matrices.items()})
        new = _new_pairs(state, keys, apart)
        alternatives = tuple(a for a in (_alternative(matrices, total, partner, keys, place[k], new)
                                         for k in (game.black, game.white)) if a is not None)
        rule = handicap_and_colours(state, game.black, game.white)
        pairs.append(PairWhy(
            game.table, _seat(state, game.black), _seat(state, game.white), game.handicap,
            _handicap(state, game, rule[2]), weight, state.have_met(game.black, game.white),
            _by_balance(state, game, rule), alternatives))
    content_total = sum(int(total[i, j]) for i, j in partner.items() if i < j)
    engine_total = sum(int(total[place[g.black], place[g.white]]) for g in engine.games)
    playing = {k for g in games for k in (g.black, g.white)} | {bye}
    absent = tuple(p.key for p in event.players if number in p.absent and p.key not in playing)
    kept = tuple(sorted(apart.values(), key=lambda a: (place[a.a], place[a.b])))
    earlier = list(event.before(number).byes.values()).count(bye) if bye else 0
    return RoundWhy(number, tuple(pairs), bye, engine.bye, engine.games, content_total, engine_total,
                    state.groups, difference, kept, absent, _bye_rule(event), earlier)


def _bye_rule(event: GothaEvent) -> str:
    """How OpenGotha chooses the bye of the event (`BYE_RULES`)."""
    parameters = event.parameters
    if parameters.bye_by_rank:
        return "rank"
    return "mcmahon" if parameters.placement.type is TournamentType.MCMAHON else "swiss"


def _new_pairs(state: RoundState, keys: list[str], apart: Mapping[frozenset[str], Apart]
               ) -> Callable[[Sequence[tuple[int, int]]], NewPairs]:
    """What pairs of players (by place in `keys`) lose on `duplicate`: rematches, pairs kept apart."""

    def new(pairs: Sequence[tuple[int, int]]) -> NewPairs:
        found = [(keys[a], keys[b]) for a, b in pairs]
        return NewPairs(tuple(pair for pair in found if state.have_met(*pair)),
                        tuple(apart[frozenset(pair)] for pair in found if frozenset(pair) in apart))

    return new


def _symmetric(matrix: Ints) -> Ints:
    """The upper triangle (the earlier player of the list first, as the matcher reads it) mirrored."""
    upper = np.triu(matrix, 1)
    result: Ints = upper + upper.T
    return result


def _seat(state: RoundState, key: str) -> Seat:
    info, player = state.info[key], state.scores[key].player
    even = [g for g in state.event.before(state.number).games if g.handicap == 0]
    return Seat(key, state.main_score(key), info.group, sum(g.white == key for g in even),
                sum(g.black == key for g in even), info.draw_ups, info.draw_downs, player.country,
                player.club)


def _handicap(state: RoundState, game: GoGame, stones: int) -> Handicap:
    """The handicap the rules give the pair of `game`, `stones`, and how it comes about."""
    parameters = state.event.parameters.handicap

    def counted(key: str) -> int:
        return state.mms(key) + MIN_RANK if parameters.based_on_mms else state.scores[key].player.rank

    black, white, cap = counted(game.black), counted(game.white), parameters.no_handicap_rank
    halves = any(state.scores[k].value(Criterion.MMS, state.number - 1) % 2 for k in (game.black, game.white))
    return Handicap(parameters.based_on_mms, min(black, cap), min(white, cap), parameters.correction,
                    parameters.ceiling, stones, cap, abs(white - black), parameters.based_on_mms and halves)


def _by_balance(state: RoundState, game: GoGame, rule: tuple[str, str, int]) -> bool:
    """Whether the game's colours are those the engine gives an even game (`rule`: White, Black and
    the stones it gives the pair) by colour balance (not by its lot)."""
    white, black, stones = rule
    if stones:
        return False
    return (state.info[game.black].colour_balance != state.info[game.white].colour_balance
            and (white, black) == (game.white, game.black))


def _alternative(matrices: dict[str, Ints], total: Ints, partner: dict[int, int], keys: list[str],
                 p: int, new: Callable[[Sequence[tuple[int, int]]], NewPairs]) -> Alternative | None:
    """Player `p`'s next-best opponent by swapping partners, and the best pairing with that pair."""
    r = partner.get(p)
    if r is None:
        return None
    candidates = [q for q in partner if q not in (p, r)]
    if not candidates:
        return None

    def swap_loss(matrix: Ints, q: int) -> int:
        s = partner[q]
        return int(matrix[p, r] + matrix[q, partner[q]] - matrix[p, q] - matrix[r, s])

    q = min(candidates, key=lambda c: (swap_loss(total, c), c))
    swap = {name: swap_loss(m, q) for name, m in matrices.items()} | {"total": swap_loss(total, q)}
    forced, chosen = _forced(matrices, total, partner, p, q) if len(partner) <= FORCED_MAX else (None, [])
    return Alternative(keys[p], keys[q], keys[r], keys[partner[q]], swap, forced,
                       new([(p, q), (r, partner[q])]), new(chosen))


def _forced(matrices: dict[str, Ints], total: Ints, partner: dict[int, int], p: int, q: int
            ) -> tuple[dict[str, int], list[tuple[int, int]]]:
    """The round's weight less that of the best pairing of its players with `p`–`q`, by criterion,
    and that pairing's pairs the round has not."""
    rest = [v for v in sorted(partner) if v not in (p, q)]
    mates = max_weight_matching(total[np.ix_(rest, rest)])
    chosen = [(p, q)] + [(rest[a], rest[b]) for a, b in enumerate(mates) if a < b]
    current = [(a, b) for a, b in partner.items() if a < b]

    def loss(matrix: Ints) -> int:
        return int(sum(matrix[a, b] for a, b in current) - sum(matrix[a, b] for a, b in chosen))

    fresh = [(a, b) for a, b in chosen if partner[a] != b]
    return {name: loss(m) for name, m in matrices.items()} | {"total": loss(total)}, fresh
