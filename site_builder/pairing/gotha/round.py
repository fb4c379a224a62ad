"""A round paired as OpenGotha pairs it: the bye, groups of at most 600 players, a maximum-weight
perfect matching of each group, colours and handicaps, and table numbers by the pairs' scores."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from site_builder.engine.go_scores import Criterion, GoGame, PlayerScores, compute_scores, fill_direct
from site_builder.pairing.gotha.event import GothaEvent
from site_builder.pairing.gotha.matching import max_weight_matching
from site_builder.pairing.gotha.parameters import TournamentType
from site_builder.pairing.gotha.state import RoundState, compare_by, round_state, score_range
from site_builder.pairing.gotha.weights import Weight, criteria, handicap_and_colours, weight_matrix

GROUP_MIN = 200  # OpenGotha pairs more than 600 players in groups of 200 to 600 from the top
GROUP_MAX = 600
BYE_WEIGHT = 1000  # a previous bye weighs more than any rank and score


@dataclass(frozen=True)
class RoundPairing:
    """The games of a round (tables from 1) and the player who gets the bye, if any."""

    games: tuple[GoGame, ...]
    bye: str | None


def players_to_pair(event: GothaEvent, number: int) -> list[str]:
    """The players of round `number` (not absent, registered for good, not already paired or given
    the bye in it), in OpenGotha's order: the standings before the round, then by name."""
    taken = {k for g in event.games if g.round == number for k in (g.white, g.black)}
    if number in event.byes:
        taken.add(event.byes[number])
    state_scores = compute_scores(event.players, event.before(number).games, event.before(number).byes,
                                  event.parameters.general)
    present = [state_scores[p.key] for p in event.players
               if number not in p.absent and not p.preregistered and p.key not in taken]
    order = compare_by(event.parameters.placement.criteria, number - 1)
    fill_direct(state_scores.values(), event.parameters.placement.criteria, number - 1)
    return [s.player.key for s in sorted(present, key=order)]


def choose_bye(state: RoundState, keys: Sequence[str]) -> str:
    """OpenGotha's bye (3.52): the lowest weight, 2 × MMS in McMahon, rank + 40 × wins in Swiss,
    1000 more per earlier bye; of equals, the last by name."""
    byes = list(state.event.before(state.number).byes.values())
    if state.event.parameters.bye_by_rank:
        return _bye_by_rank(state, keys, byes)
    mcmahon = state.event.parameters.placement.type is TournamentType.MCMAHON
    best, lowest = keys[-1], None
    for key in sorted(keys, key=lambda k: (state.scores[k].player.name, state.scores[k].player.first_name)):
        scores = state.scores[key]
        if mcmahon:
            weight = scores.value(Criterion.MMS, state.number - 1)
        else:
            weight = scores.player.rank + 40 * (scores.value(Criterion.NBW, state.number - 1) // 2)
        weight += BYE_WEIGHT * byes.count(key)
        if lowest is None or weight <= lowest:
            best, lowest = key, weight
    return best


def _bye_by_rank(state: RoundState, keys: Sequence[str], byes: list[str]) -> str:
    """The bye up to OpenGotha 3.51: the lowest rank + 2 × MMS, 1000 more per earlier bye; of
    equals, the last in the round's list."""
    def weight(key: str) -> int:
        scores = state.scores[key]
        return scores.player.rank + scores.value(Criterion.MMS, state.number - 1) + 1000 * byes.count(key)

    lowest = min(map(weight, keys))
    return next(k for k in reversed(keys) if weight(k) == lowest)


def pair_round(event: GothaEvent, number: int, keys: Sequence[str] | None = None) -> RoundPairing:
    """Pair round `number` of `event` (its games of earlier rounds decided) as OpenGotha does:
    `keys` are the players to pair in OpenGotha's order (default: `players_to_pair`). A bye the
    event already gives in the round (by the organizer's hand) is kept, its player not paired."""
    bye = event.byes.get(number)
    keys = [k for k in (players_to_pair(event, number) if keys is None else keys) if k != bye]
    state = round_state(event, number)
    if len(keys) % 2:
        if bye is not None:
            raise ValueError(f"round {number}: an odd number of players besides the bye given")
        bye = choose_bye(state, keys)
        keys.remove(bye)
    pairs = [pair for group in split_groups(state, keys) for pair in pair_group(state, group)]
    games = [GoGame(number, *handicap_and_colours(state, a, b)) for a, b in pairs]
    taken = {g.table for g in event.games if g.round == number}
    return RoundPairing(number_tables(event, number, games, bye, taken), bye)


def split_groups(state: RoundState, keys: Sequence[str]) -> list[list[str]]:
    """OpenGotha's groups of a big round: from the top score down, at least 200 players (an even
    number), at most 600, until at most 600 are left."""
    remaining = list(keys)
    groups = []
    low, high = score_range(state.event, state.number)
    while len(remaining) > GROUP_MAX:
        group: list[str] = []
        ready = False
        for category in range(state.event.parameters.general.categories):
            for score in range(high, low - 1, -1):
                for key in list(remaining):
                    if state.scores[key].category > category or state.main_score(key) < score:
                        continue
                    group.append(key)
                    remaining.remove(key)
                    if len(group) >= GROUP_MAX or len(remaining) <= GROUP_MIN:
                        ready = True
                        break
                if len(group) >= GROUP_MIN and len(group) % 2 == 0:
                    ready = True
                if ready:
                    break
            if ready:
                break
        groups.append(group)
    return [*groups, remaining]


def weights(state: RoundState, keys: Sequence[str]) -> dict[tuple[str, str], Weight]:
    """Every pair's weight, the earlier player of `keys` first."""
    matrices = criteria(state, keys)
    return {(a, keys[j]): Weight(**{name: int(m[i, j]) for name, m in matrices.items()})
            for i, a in enumerate(keys) for j in range(i + 1, len(keys))}


def pair_group(state: RoundState, keys: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs OpenGotha's matcher makes of `keys` (in that order), each in the players' order,
    ordered by their first player."""
    costs = weight_matrix(state, keys)
    upper = np.triu(costs, 1)
    mates = max_weight_matching(upper + upper.T)
    return [(keys[i], keys[j]) for i, j in enumerate(mates) if i < j]


def number_tables(event: GothaEvent, number: int, games: Sequence[GoGame], bye: str | None,
                  taken: Collection[int]) -> tuple[GoGame, ...]:
    """Tables from 1 (skipping those `taken`), by the games' 'best' player as OpenGotha takes it:
    of a game's two players the lower in the standings (of equals, the higher rated), the games
    then ordered by that player's standing and rating. Before OpenGotha 3.51.02 the rating counts
    for neither (of equals White is the best), and games of equal standing keep the order of
    `games`, the order the matcher made them in."""
    byes = {**event.before(number).byes, **({number: bye} if bye else {})}
    scores = compute_scores(event.players, event.before(number).games, byes, event.parameters.general)
    criteria = event.parameters.placement.criteria
    fill_direct(scores.values(), criteria, number)
    by_rating = event.parameters.tables_by_rating

    def standing(s: PlayerScores) -> tuple[int, ...]:
        return tuple(s.value(c, number) for c in criteria)

    def best(game: GoGame) -> PlayerScores:
        white, black = scores[game.white], scores[game.black]
        if standing(white) == standing(black):
            return black if by_rating and white.player.rating < black.player.rating else white
        return black if standing(white) > standing(black) else white

    def order(game: GoGame) -> tuple[int, ...]:
        player = best(game)
        return tuple(-v for v in (*standing(player), *((player.player.rating,) if by_rating else ())))

    ordered = sorted(games, key=order)  # stable: equals keep the matcher's order
    tables = (t for t in range(1, len(games) + len(taken) + 1) if t not in taken)
    return tuple(GoGame(g.round, g.white, g.black, g.handicap, table=next(tables)) for g in ordered)
