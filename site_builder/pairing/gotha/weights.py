"""The weight OpenGotha gives a pair of players: one number per criterion, by orders of magnitude
(duplicate game 5·10¹⁴, score difference 10¹¹, geography up to 10¹¹, draw-ups/downs 10⁸, seeding
5·10⁶, colour balance 10⁶), summed with 1 so that every pair may be matched.

The arithmetic is OpenGotha's: integers, except the concave scalings, computed in double precision
and truncated as OpenGotha does, so that every weight equals OpenGotha's to the unit.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from site_builder.pairing.gotha.parameters import DuddMode, SeedSystem
from site_builder.pairing.gotha.state import (
    MIN_RANK,
    SMMS_CORRECTION_MAX,
    SMMS_CORRECTION_MIN,
    PairingInfo,
    RoundState,
)


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


def det_random(maximum: int, first: tuple[str, str], second: tuple[str, str]) -> int:
    """OpenGotha's deterministic 'random' number in 0..maximum from two players' names (name, first
    name): a checksum of both names in alphabetical order, mirrored when the order was swapped."""
    one, two = _units(first[0] + first[1]), _units(second[0] + second[1])
    swapped = one > two
    if swapped:
        one, two = two, one
    checksum = sum(unit * (index + 1) for index, unit in enumerate(one + two))
    value = checksum * 1234567 % (maximum + 1)
    return maximum - value if swapped else value


def _div(a: int, b: int) -> int:
    """Integer division truncated toward zero (Java's)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def concave(weight: int, x: float, k: float) -> int:
    """weight × (1 − x) × (1 + k·x), truncated: 1 at x = 0 down to 0 at x = 1, concave so that
    several small gaps cost less than one big one."""
    return int(weight * (1.0 - x) * (1.0 + k * x))


def _stones(state: RoundState, a: str, b: str) -> int:
    """The handicap of `a` against `b`: positive when `a` gives it, negative when `b` does."""
    parameters = state.event.parameters.handicap
    if parameters.based_on_mms:
        rank_a, rank_b = state.mms(a) + MIN_RANK, state.mms(b) + MIN_RANK
    else:
        rank_a, rank_b = state.scores[a].player.rank, state.scores[b].player.rank
    gap = min(rank_a, parameters.no_handicap_rank) - min(rank_b, parameters.no_handicap_rank)
    stones = min(max(abs(gap) - parameters.correction, 0), parameters.ceiling)
    return stones if gap > 0 else -stones


def handicap_and_colours(state: RoundState, a: str, b: str) -> tuple[str, str, int]:
    """White, Black and the handicap OpenGotha gives the game between `a` and `b`."""
    players = state.scores
    signed = _stones(state, a, b)
    stones, gap = abs(signed), signed
    if stones and gap > 0:
        return a, b, stones
    if stones and gap < 0:
        return b, a, stones
    balance_a, balance_b = state.info[a].colour_balance, state.info[b].colour_balance
    if balance_a != balance_b:
        return (b, a, 0) if balance_a > balance_b else (a, b, 0)
    pa, pb = players[a].player, players[b].player
    a_white = det_random(1, (pa.name, pa.first_name), (pb.name, pb.first_name)) == 0
    return (a, b, 0) if a_white else (b, a, 0)


def pair_weight(state: RoundState, a: str, b: str) -> Weight:
    """The weight of pairing `a` with `b` in the round (`a` first, as OpenGotha's list has them)."""
    pairing = state.event.parameters.pairing
    pa, pb = state.scores[a].player, state.scores[b].player
    ia, ib = state.info[a], state.info[b]
    k = pairing.nx1_factor
    random = 0
    if pairing.random:
        random = det_random(pairing.random, (pa.name, pa.first_name), (pb.name, pb.first_name))
    cat_a, cat_b = state.scores[a].category, state.scores[b].category
    categories = state.event.parameters.general.categories
    category = 0
    if categories > 1:
        category = concave(pairing.avoid_mixing_categories, abs(cat_a - cat_b) / categories, k)
    score = 0
    if cat_a == cat_b:
        score = concave(pairing.minimize_score_difference, abs(ia.group - ib.group) / state.groups, k)
    return Weight(
        duplicate=0 if state.have_met(a, b) else pairing.avoid_duplicate_game,
        random=random,
        colour=_colour(state, a, b),
        category=category,
        score=score,
        dudd=_dudd(state, ia, ib, abs(cat_a - cat_b)),
        seeding=_seeding(state, a, b),
        handicap=_handicap(state, a, b),
        geo=_geo(state, a, b),
    )


def _colour(state: RoundState, a: str, b: str) -> int:
    """Colour balance: full when the two players' balances have opposite signs, half when one is
    even and the other two or more off; never for a handicap game."""
    if _stones(state, a, b):
        return 0
    weight = state.event.parameters.pairing.balance_colours
    wa, wb = state.info[a].colour_balance, state.info[b].colour_balance
    if wa * wb < 0:
        return weight
    if (wa == 0 and abs(wb) >= 2) or (wb == 0 and abs(wa) >= 2):
        return weight // 2
    return 0


def _float_place(info: PairingInfo, mode: DuddMode) -> int:
    """How well a player's place in the group suits the mode of floating (TOP, MID, BOT)."""
    if mode is DuddMode.TOP:
        return info.group_size - 1 - info.inner
    if mode is DuddMode.MID:
        return info.group_size - 1 - abs(2 * info.inner - info.group_size + 1)
    return info.inner


def _dudd(state: RoundState, ia: PairingInfo, ib: PairingInfo, category_gap: int) -> int:
    """Draw-up/draw-down: a pair across groups (less than 4 apart) is worth more when it corrects
    earlier floats of its players, less when it repeats them, and when the floaters come from the
    places of their groups the modes ask for."""
    pairing = state.event.parameters.pairing
    if ia.group == ib.group:
        return 0
    scenario = 2
    for me, other in ((ia, ib), (ib, ia)):
        if me.draw_ups > 0 and me.group > other.group:
            scenario -= 1  # drawn up again
        if me.draw_downs > 0 and me.group < other.group:
            scenario -= 1  # drawn down again
    for me, other in ((ia, ib), (ib, ia)):
        if scenario != 0 and me.draw_ups > me.draw_downs and me.group < other.group:
            scenario += 1  # a draw-down that compensates a draw-up
        if scenario != 0 and me.draw_downs > me.draw_ups and me.group > other.group:
            scenario += 1
    unit = pairing.dudd_weight // 5
    upper, lower = (ia, ib) if ia.group < ib.group else (ib, ia)
    cost = unit // 2 * _float_place(upper, pairing.dudd_upper_mode) // upper.group_size
    cost += unit // 2 * _float_place(lower, pairing.dudd_lower_mode) // lower.group_size
    if scenario > 2 and not pairing.compensate_dudd:
        scenario = 2
    cost += scenario * unit
    return cost // (category_gap + 1) ** 4


def _seeding(state: RoundState, a: str, b: str) -> int:
    """Inside a group: split and random, split and fold (1 with n) or split and slip (1 with n/2+1)."""
    ia, ib = state.info[a], state.info[b]
    if ia.group != ib.group:
        return 0
    pairing = state.event.parameters.pairing
    system = pairing.seed_system1 if state.number <= pairing.last_round_seed_system1 else pairing.seed_system2
    size, top = ia.group_size, pairing.maximize_seeding
    if system is SeedSystem.SPLIT_AND_RANDOM:
        if (2 * ia.inner < size) == (2 * ib.inner < size):
            return 0
        pa, pb = state.scores[a].player, state.scores[b].player
        return top - det_random(int(top * 0.2), (pa.name, pa.first_name), (pb.name, pb.first_name))
    if system is SeedSystem.SPLIT_AND_FOLD:
        x, n = ia.inner + ib.inner - (size - 1), size - 1
    else:
        x, n = 2 * abs(ia.inner - ib.inner) - size, size
    return top - _div(_div(top * x, n) * x, n)


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


def _handicap(state: RoundState, a: str, b: str) -> int:
    """Minimize the handicap: the MMS gap, the players above thresholds counted at the top."""
    parameters = state.event.parameters
    general = parameters.general
    top = general.bar + SMMS_CORRECTION_MAX - MIN_RANK + state.number - 1
    mms_a = top if _above_thresholds(state, a) else state.mms(a)
    mms_b = top if _above_thresholds(state, b) else state.mms(b)
    if state.mcmahon:
        span = state.groups
    else:
        span = general.bar - general.floor + SMMS_CORRECTION_MAX - SMMS_CORRECTION_MIN + state.number - 1
    pairing = parameters.pairing
    return concave(pairing.minimize_handicap, abs(mms_a - mms_b) / span, pairing.nx1_factor)


def _geo(state: RoundState, a: str, b: str) -> int:
    """Avoid the same country or club: a pair from different places is worth as much as a smaller
    score gap (1 group for a country, 3 for a club by default); players above thresholds are spared."""
    event = state.event
    pairing = event.parameters.pairing
    pa, pb = state.scores[a].player, state.scores[b].player
    span, k, top = state.groups, pairing.nx1_factor, pairing.avoid_same_geo
    country = 0.0
    if pa.country.lower() != pb.country.lower() and pairing.mms_gap_rather_than_same_country:
        country = min(pairing.mms_gap_rather_than_same_country / span, 1.0)
    same_club = pa.club.lower() == pb.club.lower()
    same_group = any(pa.club.lower() in g and pb.club.lower() in g for g in event.clubs_groups)
    club = 0.0
    factor = pairing.mms_gap_rather_than_same_club
    if factor and not same_club:
        club = factor / 2.0 / span if same_group else factor * 1.2 / span
    club = min(club, 1.0)
    ratio = max(country, club) + min(country, club) / 2.0
    if ratio > 0.0:
        ratio += 0.5 / span
    nominal = min(pairing.minimize_score_difference - int(top * (1.0 - ratio) * (1.0 + k * ratio)), top)
    spared = _above_thresholds(state, a) + _above_thresholds(state, b)
    if spared == 2:
        return top
    if spared == 1:
        return (nominal + top) // 2
    return nominal
