"""The weight OpenGotha gives a pair of players: one number per criterion, by orders of magnitude
(duplicate game 5·10¹⁴, score difference 10¹¹, geography up to 10¹¹, draw-ups/downs 10⁸, seeding
5·10⁶, colour balance 10⁶), summed with 1 so that every pair may be matched.

The arithmetic is OpenGotha's: integers, except the concave scalings, computed in double precision
and truncated as OpenGotha does, so that every weight equals OpenGotha's to the unit. Every
criterion is computed for all the pairs of a list of players at once (numpy matrices, the row's
player first), from what each player brings (`_Players`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

import numpy as np
import numpy.typing as npt

from site_builder.pairing.gotha.parameters import DuddMode, SeedSystem
from site_builder.pairing.gotha.state import (
    MIN_RANK,
    SMMS_CORRECTION_MAX,
    SMMS_CORRECTION_MIN,
    RoundState,
)

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Weight:
    """A pair's weight criterion by criterion; `dump_names` are OpenGotha's names for them."""

    duplicate: int = 0
    random: int = 0
    colour: int = 0
    category: int = 0
    score: int = 0
    dudd: int = 0
    seeding: int = 0
    handicap: int = 0
    geo: int = 0

    @property
    def total(self) -> int:
        return (1 + self.duplicate + self.random + self.colour + self.category + self.score + self.dudd
                + self.seeding + self.handicap + self.geo)

    def by_dump_name(self) -> dict[str, int]:
        """The criteria under the names of OpenGotha's weight dumps, with `totalCost`."""
        values = {name: getattr(self, f.name) for f, name in zip(fields(self), DUMP_NAMES, strict=True)}
        return values | {"totalCost": self.total}


DUMP_NAMES = ("baseDuplicateGameCost", "baseRandomCost", "baseBWBalanceCost", "mainCategoryCost",
              "mainScoreDiffCost", "mainDUDDCost", "mainSeedCost", "secHandiCost", "secGeoCost")


def _units(text: str) -> list[int]:
    """A text's UTF-16 code units, as Java's `char`s."""
    data = text.encode("utf-16-le")
    return [int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data), 2)]


@dataclass(frozen=True)
class _Players:
    """What each of a list of players brings to the weights (vectors in the list's order)."""

    group: Ints
    group_size: Ints
    inner: Ints
    draw_ups: Ints
    draw_downs: Ints
    balance: Ints  # colour balance
    category: Ints
    mms: Ints
    rank: Ints
    spared: Bools  # above the thresholds of the secondary criteria
    country: Ints  # an id per country, per club (lower case)
    club: Ints
    clubs_groups: Ints  # 1 where the player's club is in the clubs group (a column per group)
    met: Bools  # the pairs that played before, or that the organizer keeps apart in the round
    name_order: Ints  # the rank of the name's code units (name and first name), lexicographic
    name_length: Ints  # how many code units
    name_sum: Ints  # their sum
    name_checksum: Ints  # their sum weighted by position (from 1)
    random_by_name_order: bool  # the rules' (`GothaParameters.random_by_name_order`)


def _ids(values: list[str]) -> Ints:
    known: dict[str, int] = {}
    return np.array([known.setdefault(v, len(known)) for v in values], dtype=np.int64)


def _players(state: RoundState, keys: Sequence[str]) -> _Players:
    info = [state.info[k] for k in keys]
    people = [state.scores[k].player for k in keys]
    units = [_units(p.name + p.first_name) for p in people]
    ordered = sorted(set(map(tuple, units)))
    order = {u: i for i, u in enumerate(ordered)}
    place = {k: i for i, k in enumerate(keys)}
    met = np.zeros((len(keys), len(keys)), dtype=np.bool_)
    for pair in state.met | state.apart:
        a, b = tuple(pair)
        if a in place and b in place:
            met[place[a], place[b]] = met[place[b], place[a]] = True
    groups = state.event.clubs_groups
    parameters = state.event.parameters
    fold = str if parameters.geo_by_malus else str.lower  # the malus compared names as written
    clubs = [fold(p.club) for p in people]

    def ints(values: Sequence[int]) -> Ints:
        return np.array(values, dtype=np.int64)

    return _Players(
        group=ints([i.group for i in info]), group_size=ints([i.group_size for i in info]),
        inner=ints([i.inner for i in info]), draw_ups=ints([i.draw_ups for i in info]),
        draw_downs=ints([i.draw_downs for i in info]), balance=ints([i.colour_balance for i in info]),
        category=ints([state.scores[k].category for k in keys]), mms=ints([state.mms(k) for k in keys]),
        rank=ints([p.rank for p in people]), spared=np.array([_above_thresholds(state, k) for k in keys]),
        country=_ids([fold(p.country) for p in people]), club=_ids(clubs),
        clubs_groups=np.array([[c.lower() in g for g in groups] for c in clubs], dtype=np.int64).reshape(
            len(keys), len(groups)),
        met=met, name_order=ints([order[tuple(u)] for u in units]), name_length=ints([len(u) for u in units]),
        name_sum=ints([sum(u) for u in units]),
        name_checksum=ints([sum(c * (i + 1) for i, c in enumerate(u)) for u in units]),
        random_by_name_order=parameters.random_by_name_order)


def _det_random(maximum: int, p: _Players) -> Ints:
    """OpenGotha's deterministic 'random' number in 0..maximum of each pair, from both names (name,
    first name): a checksum of the two names' code units in alphabetical order, mirrored when the
    row's name comes second (before 3.51.01: in the row's order, not mirrored)."""
    swapped = p.name_order[:, None] > p.name_order[None, :]
    if not p.random_by_name_order:
        swapped = np.zeros_like(swapped)
    first_length = np.where(swapped, p.name_length[None, :], p.name_length[:, None])
    second_sum = np.where(swapped, p.name_sum[:, None], p.name_sum[None, :])
    checksum = p.name_checksum[:, None] + p.name_checksum[None, :] + first_length * second_sum
    value = checksum * 1234567 % (maximum + 1)
    result: Ints = np.where(swapped, maximum - value, value)
    return result


def _truncated(a: Ints, b: Ints) -> Ints:
    """Integer division truncated toward zero (Java's)."""
    quotient = np.abs(a) // np.abs(b)
    return np.where((a >= 0) == (b >= 0), quotient, -quotient)


def concave(weight: int, x: Floats, k: float) -> Ints:
    """weight × (1 − x) × (1 + k·x), truncated: 1 at x = 0 down to 0 at x = 1, concave so that
    several small gaps cost less than one big one."""
    return (weight * (1.0 - x) * (1.0 + k * x)).astype(np.int64)


def _gap(values: Ints) -> Ints:
    gap: Ints = np.abs(values[:, None] - values[None, :])
    return gap


def _stones(state: RoundState, p: _Players) -> Ints:
    """The handicap of the row's player against the column's: positive when the row's gives it."""
    parameters = state.event.parameters.handicap
    ranks = p.mms + MIN_RANK if parameters.based_on_mms else p.rank
    capped = np.minimum(ranks, parameters.no_handicap_rank)
    gap = capped[:, None] - capped[None, :]
    stones = np.minimum(np.maximum(np.abs(gap) - parameters.correction, 0), parameters.ceiling)
    signed: Ints = np.where(gap > 0, stones, -stones)
    return signed


def handicap_and_colours(state: RoundState, a: str, b: str) -> tuple[str, str, int]:
    """White, Black and the handicap OpenGotha gives the game between `a` and `b`."""
    p = _players(state, (a, b))
    gap = int(_stones(state, p)[0, 1])
    if gap > 0:
        return a, b, gap
    if gap < 0:
        return b, a, -gap
    balance_a, balance_b = int(p.balance[0]), int(p.balance[1])
    if balance_a != balance_b:
        return (b, a, 0) if balance_a > balance_b else (a, b, 0)
    return (a, b, 0) if int(_det_random(1, p)[0, 1]) == 0 else (b, a, 0)


def criteria(state: RoundState, keys: Sequence[str]) -> dict[str, Ints]:
    """Each criterion's weight of every pair of `keys` (the row's player first, as in OpenGotha's
    list), by `Weight` field name."""
    pairing = state.event.parameters.pairing
    p = _players(state, keys)
    k = pairing.nx1_factor
    size = len(keys)
    categories = state.event.parameters.general.categories
    category_gap = _gap(p.category)
    zero = np.zeros((size, size), dtype=np.int64)
    return {
        "duplicate": np.where(p.met, 0, pairing.avoid_duplicate_game),
        "random": _det_random(pairing.random, p) if pairing.random else zero,
        "colour": _colour(state, p),
        "category": (concave(pairing.avoid_mixing_categories, category_gap / categories, k)
                     if categories > 1 else zero),
        "score": np.where(category_gap == 0,
                          concave(pairing.minimize_score_difference, _gap(p.group) / state.groups, k), 0),
        "dudd": _dudd(state, p, category_gap),
        "seeding": _seeding(state, p),
        "handicap": _handicap(state, p),
        "geo": _geo(state, p),
    }


def weight_matrix(state: RoundState, keys: Sequence[str]) -> Ints:
    """The total weight of every pair of `keys` (the row's player first)."""
    return 1 + sum(criteria(state, keys).values(), np.zeros((len(keys), len(keys)), dtype=np.int64))


def pair_weight(state: RoundState, a: str, b: str) -> Weight:
    """The weight of pairing `a` with `b` in the round (`a` first, as OpenGotha's list has them)."""
    return Weight(**{name: int(matrix[0, 1]) for name, matrix in criteria(state, (a, b)).items()})


def _colour(state: RoundState, p: _Players) -> Ints:
    """Colour balance: full when the two players' balances have opposite signs, half when one is
    even and the other two or more off; never for a handicap game."""
    weight = state.event.parameters.pairing.balance_colours
    wa, wb = p.balance[:, None], p.balance[None, :]
    half = ((wa == 0) & (np.abs(wb) >= 2)) | ((wb == 0) & (np.abs(wa) >= 2))
    cost = np.where(wa * wb < 0, weight, np.where(half, weight // 2, 0))
    return np.where(_stones(state, p) != 0, 0, cost)


def _float_place(p: _Players, mode: DuddMode) -> Ints:
    """How well a player's place in the group suits the mode of floating (TOP, MID, BOT)."""
    if mode is DuddMode.TOP:
        return p.group_size - 1 - p.inner
    if mode is DuddMode.MID:
        middle: Ints = p.group_size - 1 - np.abs(2 * p.inner - p.group_size + 1)
        return middle
    return p.inner


def _dudd(state: RoundState, p: _Players, category_gap: Ints) -> Ints:
    """Draw-up/draw-down: a pair across groups is worth more when it corrects earlier floats of
    its players, less when it repeats them, and when the floaters come from the places of their
    groups the modes ask for."""
    pairing = state.event.parameters.pairing
    ga, gb = p.group[:, None], p.group[None, :]
    ups_a, ups_b = p.draw_ups[:, None], p.draw_ups[None, :]
    downs_a, downs_b = p.draw_downs[:, None], p.draw_downs[None, :]
    scenario = (2 - ((ups_a > 0) & (ga > gb)) - ((downs_a > 0) & (ga < gb))
                - ((ups_b > 0) & (gb > ga)) - ((downs_b > 0) & (gb < ga))).astype(np.int64)
    compensations = (((ups_a > downs_a) & (ga < gb)).astype(np.int64) + ((downs_a > ups_a) & (ga > gb))
                     + ((ups_b > downs_b) & (gb < ga)) + ((downs_b > ups_b) & (gb > ga)))
    scenario = np.where(scenario != 0, scenario + compensations, 0)
    if not pairing.compensate_dudd:
        scenario = np.minimum(scenario, 2)
    unit = pairing.dudd_weight // 5
    upper_place = unit // 2 * _float_place(p, pairing.dudd_upper_mode) // p.group_size
    lower_place = unit // 2 * _float_place(p, pairing.dudd_lower_mode) // p.group_size
    row_upper = ga < gb
    cost = (np.where(row_upper, upper_place[:, None], upper_place[None, :])
            + np.where(row_upper, lower_place[None, :], lower_place[:, None]) + scenario * unit)
    apart = ga != gb
    if state.event.parameters.dudd_near_groups_only:
        apart &= np.abs(ga - gb) < 4
    return np.where(apart, cost // (category_gap + 1) ** 4, 0)


def _seeding(state: RoundState, p: _Players) -> Ints:
    """Inside a group: split and random, split and fold (1 with n) or split and slip (1 with n/2+1)."""
    pairing = state.event.parameters.pairing
    system = pairing.seed_system1 if state.number <= pairing.last_round_seed_system1 else pairing.seed_system2
    size, top = p.group_size[:, None], pairing.maximize_seeding
    ia, ib = p.inner[:, None], p.inner[None, :]
    same = p.group[:, None] == p.group[None, :]
    if system is SeedSystem.SPLIT_AND_RANDOM:
        across = (2 * ia < size) != (2 * ib < size)
        return np.where(same & across, top - _det_random(int(top * 0.2), p), 0)
    if system is SeedSystem.SPLIT_AND_FOLD:
        x, n = ia + ib - (size - 1), size - 1
    else:
        x, n = 2 * np.abs(ia - ib) - size, size
    n = np.where(n == 0, 1, n)  # a group of one: no pair inside it
    return np.where(same, top - _truncated(_truncated(top * x, n) * x, n), 0)


def _above_thresholds(state: RoundState, key: str) -> bool:
    """Whether secondary criteria spare this player: many wins, strong, or above the bar."""
    if key not in state.spared:
        state.spared[key] = _spared(state, key)
    return state.spared[key]


def _spared(state: RoundState, key: str) -> bool:
    parameters = state.event.parameters
    pairing, general = parameters.pairing, parameters.general
    wins_limit = general.rounds if pairing.wins_threshold_active else 2 * general.rounds
    scores = state.scores[key]
    return (state.nbw2(key) >= wins_limit
            or 2 * scores.player.rank + state.nbw2(key) >= 2 * pairing.rank_threshold
            or (scores.smms >= general.bar - MIN_RANK and pairing.bar_threshold_active))


def _handicap(state: RoundState, p: _Players) -> Ints:
    """Minimize the handicap: the MMS gap, the players above thresholds counted at the top."""
    general = state.event.parameters.general
    top = general.bar + SMMS_CORRECTION_MAX - MIN_RANK + state.number - 1
    mms = np.where(p.spared, top, p.mms)
    pairing = state.event.parameters.pairing
    return concave(pairing.minimize_handicap, _gap(mms) / _secondary_span(state), pairing.nx1_factor)


def _secondary_span(state: RoundState) -> int:
    """The widest MMS gap of the secondary criteria: the score groups in McMahon, the whole scale
    in Swiss."""
    general = state.event.parameters.general
    if state.mcmahon:
        return state.groups
    return general.bar - general.floor + SMMS_CORRECTION_MAX - SMMS_CORRECTION_MIN + state.number - 1


def _geo(state: RoundState, p: _Players) -> Ints:
    """Avoid the same country or club: a pair from different places is worth as much as a smaller
    score gap (1 group for a country, 3 for a club by default); players above thresholds are spared."""
    parameters = state.event.parameters
    pairing = parameters.pairing
    if parameters.geo_by_malus:
        return _geo_malus(state, p)
    span, k, top = state.groups, pairing.nx1_factor, pairing.avoid_same_geo
    size = len(p.group)
    country = np.zeros((size, size))
    if pairing.mms_gap_rather_than_same_country:
        other_country = p.country[:, None] != p.country[None, :]
        country = np.where(other_country, min(pairing.mms_gap_rather_than_same_country / span, 1.0), 0.0)
    club = np.zeros((size, size))
    factor = pairing.mms_gap_rather_than_same_club
    if factor:
        same_group = (p.clubs_groups @ p.clubs_groups.T) > 0
        other_club = p.club[:, None] != p.club[None, :]
        club = np.where(other_club, np.where(same_group, factor / 2.0 / span, factor * 1.2 / span), 0.0)
    club = np.minimum(club, 1.0)
    ratio = np.maximum(country, club) + np.minimum(country, club) / 2.0
    ratio = np.where(ratio > 0.0, ratio + 0.5 / span, ratio)
    scaled = (top * (1.0 - ratio) * (1.0 + k * ratio)).astype(np.int64)
    nominal = np.minimum(pairing.minimize_score_difference - scaled, top)
    if not parameters.geo_thresholds:
        return nominal
    return _spare(p, nominal, top)


def _spare(p: _Players, nominal: Ints, top: int) -> Ints:
    """A secondary weight halfway to its top for a pair of one player above the thresholds, at its
    top for two."""
    spared = p.spared[:, None].astype(np.int64) + p.spared[None, :]
    return np.where(spared == 2, top, np.where(spared == 1, (nominal + top) // 2, nominal))


def _geo_malus(state: RoundState, p: _Players) -> Ints:
    """Geography before 3.49.01: the top weight less a malus for the same country, clubs group or
    club, each the concave scaling of its MMS gap (+ 0.99) in the secondary span, the largest
    that applies."""
    pairing = state.event.parameters.pairing
    span, k, top = _secondary_span(state), pairing.nx1_factor, pairing.avoid_same_geo

    def malus(factor: int) -> float:
        x = min(abs(factor + 0.99) / span, 1.0)
        return (1.0 - k) * x + k * x * x

    size = len(p.group)
    geo = np.where(p.country[:, None] == p.country[None, :], malus(pairing.mms_gap_rather_than_same_country),
                   np.zeros((size, size)))
    same_group = (p.clubs_groups @ p.clubs_groups.T) > 0
    geo = np.where(same_group, np.maximum(geo, malus(pairing.mms_gap_rather_than_same_clubs_group)), geo)
    geo = np.where(p.club[:, None] == p.club[None, :],
                   np.maximum(geo, malus(pairing.mms_gap_rather_than_same_club)), geo)
    return _spare(p, (top * (1.0 - geo)).astype(np.int64), top)
