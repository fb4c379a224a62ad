"""The scoring of the Chinese Student Shogi League (seed 000 六, 七, 九, 补充细则 7.0–7.3).

Rules in English: rules/shogi-student-league.md. The formula of 七 and 九 is one module, written in
the regulation's order, to be read against it. Every published figure is a `Decimal` (never a
binary float); the rules round half-up to three decimals (七 "四舍五入", 7.0 "保留三位小数") and
the school score down to an integer (七 "向下取整"). Intermediate coefficients (A, k) are not
rounded: the rules give no rounding for them.

The league's decisions for an event (`League`, its stage-3 `Challenge`s) are the event's league
part (`Event.league`), defined here beside the formula that reads them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

from site_builder.engine.prizes import Level, level_for
from site_builder.errors import Location
from site_builder.model import Event, Outcome


@dataclass(frozen=True)
class Challenge:
    """A stage-3 challenge (seed 000 六.3): the challenger, the player challenged, the result."""

    challenger: int
    target: int
    outcome: Outcome  # from the challenger's point of view: FIRST_WINS = the challenger won
    loc: Location | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class League:
    """The shogi league's decisions for an event (`Event.league`, regulation shogi-league, seed 000;
    `site_builder.regulations.shogi_league`): what its arbiters and organizer decide, and the
    stage-3 challenges."""

    challenges: tuple[Challenge, ...] = ()
    school_playoff: str = ""  # seed 000 七: the winner of a playoff for first place among schools
    award_overrides: Mapping[int, str] = field(default_factory=dict)  # the arbiters' special decisions
    # seed 000 七 注: playoff outcomes for final-score ties, each an order of players, best first
    final_playoffs: tuple[tuple[int, ...], ...] = ()
    d_corrections: Mapping[int, Decimal] = field(default_factory=dict)  # seed 000 七: D set by the arbiters
    x_adjustments: Mapping[int, Decimal] = field(default_factory=dict)  # seed 000 7.1: X set by the organizer
    # the stage-2 ranking the played challenges were kept as played with after a correction
    # (`stage2_digest`, the challenge list's `accepted_from:`, written by `bulletin pair --accept challenges`)
    accepted_from: str = ""
    # where the league's decisions are written ("school_playoff", "final_playoffs/0", …), for errors
    locs: Mapping[str, Location] = field(default_factory=dict, compare=False, repr=False)


def league_of(event: Event) -> League:
    """The shogi league's decisions for `event`: none when it states none."""
    return event.league if isinstance(event.league, League) else NO_DECISIONS


NO_DECISIONS = League()

THOUSANDTH = Decimal("0.001")
TSUME_MAX = 150  # 六.1: the tsume paper is out of 150


def _half_up(value: Decimal) -> Decimal:
    """Three decimals, half-up (away from zero on an exact half, as 四舍五入 on the magnitude)."""
    return value.quantize(THOUSANDTH, rounding=ROUND_HALF_UP)


def _check_tsume(y: int) -> None:
    if not 0 <= y <= TSUME_MAX:
        raise ValueError(f"tsume score {y} outside 0–{TSUME_MAX} (六.1)")


# --- Stage 1 (补充细则 7.0, 7.1) ---------------------------------------------------------------


@dataclass(frozen=True)
class LeaguePlayer:
    number: int
    school: str
    main_team: bool = True  # False: a school's 2nd/3rd team (not ranked as a school, 八)
    overseas: bool = False  # listed without a rank; school not ranked (八)
    group: str = ""  # stage-1 parallel group id
    tsume: int = 0  # Y, 0..150 (六.1; missing = 0)


def score1(wins: int, draws: int, tsume: int) -> Decimal:
    """补充细则 7.0: score₁ = 3·W + 2·D + Y/25, three decimals half-up. Y/25 always ends within two
    decimals, so the rounding never changes the value; it only fixes the display to 0.000."""
    if wins < 0 or draws < 0:
        raise ValueError("wins and draws cannot be negative")
    _check_tsume(tsume)
    return _half_up(Decimal(3 * wins + 2 * draws) + Decimal(tsume) / Decimal(25))


X_TABLE: tuple[int, ...] = (75, 68, 60, 54, 45, 40, 36, 32, 25, 20, 12, 10, 8, 6, 4, 3, 2, 1)
X_BEYOND = Decimal("0.9")  # 7.1: places below 18th in an oversized group


def fixed_points(place: int) -> Decimal:
    """补充细则 7.1: the fixed points X for a stage-1 group place (1st 75 … 18th 1, below 18th 0.9).
    The organizer's adjustment of X is an override applied by the caller."""
    if place < 1:
        raise ValueError(f"place {place} must be 1 or more")
    return Decimal(X_TABLE[place - 1]) if place <= len(X_TABLE) else X_BEYOND


# --- Parallel-group coefficient A (补充细则 7.2) ----------------------------------------------------

#: 7.2 0): points for the A-final places (cross-group games only), by the number of groups G.
A_TABLE: dict[int, tuple[int, ...]] = {
    2: (7, 4, 3, 0),
    3: (9, 6, 4, 3, 1, 0),
    4: (13, 9, 6, 4, 3, 2, 1, 0),
    5: (19, 13, 9, 6, 5, 4, 3, 2, 1, 0),
    6: (28, 19, 13, 9, 7, 6, 5, 4, 3, 2, 1, 0),
}
A_BEST = Decimal("1.088")  # 7.2 2): the interval [1.040, 1.088]
A_SPREAD = Decimal("0.048")
A_B_FINAL_WINNER = Decimal("1.125")  # 7.2 3)
A_SINGLE_GROUP = Decimal(1)  # G = 1, and for everyone before stage 2 ends (7.2 注)


def place_points(a_final_ranking: Sequence[Sequence[int]], groups: int) -> dict[int, Fraction]:
    """7.2 0): table points of every A-finalist. `a_final_ranking` lists tied groups best first; a
    group of n players spanning places p … p+n−1 shares them: each gets the average of those places'
    points (exact, as a fraction: 9, 6, 4 shared by three is 19/3 each). Places beyond the table
    (more A-finalists than 2·G, after an organizer's adjustment) are worth 0."""
    if groups not in A_TABLE:
        raise ValueError(f"no A-final table for {groups} groups (7.2 covers 2 to 6)")
    table = A_TABLE[groups]
    out: dict[int, Fraction] = {}
    place = 0
    for tied in a_final_ranking:
        if not tied:
            continue
        spanned = [table[i] if i < len(table) else 0 for i in range(place, place + len(tied))]
        share = Fraction(sum(spanned), len(tied))
        for player in tied:
            if player in out:
                raise ValueError(f"player {player} appears twice in the A-final ranking")
            out[player] = share
        place += len(tied)
    return out


def group_totals(groups: Sequence[str], a_final_ranking: Sequence[Sequence[int]],
                 group_of: Mapping[int, str]) -> dict[str, Fraction]:
    """7.2 1): a parallel group's total is the table points of its two A-finalists (its two best
    when an organizer's adjustment put more of its players in the A-final; 0 for none)."""
    points = place_points(a_final_ranking, len(groups))
    by_group: dict[str, list[Fraction]] = {g: [] for g in groups}
    for player, value in points.items():
        group = group_of.get(player)
        if group not in by_group:
            raise ValueError(f"A-finalist {player} has no known parallel group ({group!r})")
        by_group[group].append(value)
    return {g: sum(sorted(values, reverse=True)[:2], Fraction(0)) for g, values in by_group.items()}


def competition_ranks(values: Mapping[str, Fraction | Decimal | int]) -> dict[str, int]:
    """Standard competition ranking, higher is better: 1 + the number of strictly better entries
    (ties share: 1, 1, 3)."""
    return {key: 1 + sum(1 for other in values.values() if other > value) for key, value in values.items()}


def group_coefficients(groups: Sequence[str], a_final_ranking: Sequence[Sequence[int]],
                       group_of: Mapping[int, str], b_final_winner: int | None
                       ) -> tuple[dict[str, Decimal], dict[int, Decimal]]:
    """补充细则 7.2: (A per parallel group, A per player overriding their group's A).

    Groups are ranked by `group_totals` with competition ranking (7.2 1) allows ties: 1, 1, 3);
    A = 1.088 − (rank − 1)·0.048/(G − 1) (7.2 2)). 0.048/(G − 1) is exact for G = 2 … 6, so A is
    exact (at most four decimals, e.g. 1.0784 for G = 6) and is not rounded. The B-final winner gets
    1.125 (7.2 3)) as a per-player override. G = 1: A = 1 for everyone and no override (the brief's
    decision: a one-group league has no cross-group ranking and a one-player B-final)."""
    if len(set(groups)) != len(groups):
        raise ValueError("parallel group ids must be distinct")
    count = len(groups)
    if count == 0:
        return {}, {}
    if count == 1:
        return {groups[0]: A_SINGLE_GROUP}, {}
    ranks = competition_ranks(group_totals(groups, a_final_ranking, group_of))
    coefficients = {g: A_BEST - (ranks[g] - 1) * A_SPREAD / (count - 1) for g in groups}
    override = {b_final_winner: A_B_FINAL_WINNER} if b_final_winner is not None else {}
    return coefficients, override


# --- Final individual score (七) -------------------------------------------------------------------

K_A_FINAL = Decimal(1)
K_OTHERS = Decimal("1.28")


def k_value(final: str | None, size_a: int, size_b: int) -> Decimal:
    """七 k: A-final 1; B-final min(1, |A| / (2·|B|)); everyone not in a final 1.28. k is not rounded
    (the rules give no rounding); with the usual qualifiers (|A| = 2G, |B| = G) the B-final k is 1, and
    a non-terminating ratio (after an organizer's adjustment) carries 28 significant digits, far more
    than the final three-decimal rounding can see."""
    if final is None:
        return K_OTHERS
    if final == "A":
        return K_A_FINAL
    if final == "B":
        if size_a < 0 or size_b <= 0:
            raise ValueError("the B-final k needs |A| ≥ 0 and |B| ≥ 1")
        return min(Decimal(1), Decimal(size_a) / (2 * Decimal(size_b)))
    raise ValueError(f"unknown final group {final!r} (expected 'A', 'B' or None)")


def final_score(a: Decimal, x: Decimal, c: Decimal, y: int, b: int, k: Decimal,
                d: Decimal = Decimal(0)) -> Decimal:
    """七: score = A·(X + C) + Y/7.5 + 4.5·B·k + D, rounded half-up to three decimals.

    The sum is computed with 80 significant digits and rounded once (D included: a multiple of
    0.001, it never changes the rounding). Every term but Y/7.5 is exact there; Y/7.5 is exact when
    3 divides Y, and otherwise the sum has a factor 3 in its denominator, so it is never exactly on a
    half-thousandth and the tiny truncation cannot change the rounding. (A non-terminating k from
    `k_value` carries 28 digits; its error is far below what the rounding can see.)"""
    _check_tsume(y)
    if b < 0:
        raise ValueError("the stage-2 win count B cannot be negative")
    with localcontext() as ctx:
        ctx.prec = 80
        total = a * (x + c) + Decimal(y) / Decimal("7.5") + Decimal("4.5") * b * k + d
        return _half_up(total)


def tie_corrections(scores: Mapping[int, Decimal], beat: Callable[[int, int], bool | None],
                    tsume: Mapping[int, int], playoffs: Sequence[Sequence[int]] = ()
                    ) -> tuple[dict[int, Decimal], list[list[int]]]:
    """七 注: no shared individual places. Returns (D for every player of `scores`, the groups still
    tied, which a playoff decides). `scores` are the final scores with D = 0.

    Two tied players: the one who beat the other in a direct game gets D = 0.001; without a
    decisive direct game the higher tsume score Y gets it; equal Y: playoff (D = 0 for both).
    Three or more (the rules file's decision): order them by a direct-encounter mini-table, then Y;
    D = 0.001 × the number of tied players ranked below. The mini-table counts decisive direct
    games among the tied players only, wins minus losses (`beat` reports decisive results; draws
    and unplayed pairs count nothing). A subset still level after one step is ordered again by
    the same two steps restricted to itself (so a head-to-head between two of them decides), and
    the members of a subset level on both are left for a playoff, sharing the same D.

    `playoffs` are the arbiters' playoff outcomes (each an order of players, best first): a tier
    left for a playoff whose players one order lists all is ordered by it, and D counts the tied
    players ranked below as for the other steps.

    D can push a player onto another player's score (for example 50.000 + 0.002 = 50.002); the
    rules give no step for that, so the caller should check the corrected scores again."""
    d = {player: Decimal(0) for player in scores}
    unresolved: list[list[int]] = []
    by_score: dict[Decimal, list[int]] = {}
    for player, score in scores.items():
        by_score.setdefault(score, []).append(player)
    for score in sorted(by_score, reverse=True):
        tied = sorted(by_score[score])
        if len(tied) < 2:
            continue
        tiers = [split for tier in _order_tied(tied, beat, tsume) for split in _playoff(tier, playoffs)]
        below = len(tied)
        for tier in tiers:
            below -= len(tier)
            for player in tier:
                d[player] = THOUSANDTH * below
            if len(tier) > 1:
                unresolved.append(sorted(tier))
    return d, unresolved


def _playoff(tier: list[int], playoffs: Sequence[Sequence[int]]) -> list[list[int]]:
    """A tier ordered by the first playoff outcome that lists all its players (else unchanged)."""
    if len(tier) > 1:
        for order in playoffs:
            if set(tier) <= set(order):
                return [[p] for p in sorted(tier, key=list(order).index)]
    return [tier]


def _order_tied(players: list[int], beat: Callable[[int, int], bool | None],
                tsume: Mapping[int, int]) -> list[list[int]]:
    """Tiers, best first: direct encounter (wins − losses among `players`), then Y, each applied
    again inside any subset left level; a tier of several players is unresolved."""
    if len(players) == 1:
        return [players]
    net = {p: sum(_direct(p, q, beat) for q in players if q != p) for p in players}
    for key in (net, {p: tsume.get(p, 0) for p in players}):
        levels = sorted(set(key.values()), reverse=True)
        if len(levels) > 1:
            return [tier for level in levels
                    for tier in _order_tied([p for p in players if key[p] == level], beat, tsume)]
    return [players]


def _direct(player: int, other: int, beat: Callable[[int, int], bool | None]) -> int:
    result = beat(player, other)
    return 0 if result is None else (1 if result else -1)


# --- Stage 3: challenges (六.3, 补充细则 7.3) -------------------------------------------------------

CHALLENGE_POINTS: dict[str, Decimal] = {"win": Decimal("4.5"), "loss": Decimal("-2.7"),
                                        "draw": Decimal("0.9")}
NO_CHALLENGE = Decimal(0)  # 7.3: no challenge, no allowed target (注1), or being challenged
CHALLENGE_REACH = 6  # 六.3: 位次不低于自己六位及以内
MAX_TIMES_CHALLENGED = 2  # 7.3 注2


def allowed_targets(ranking: Sequence[int], player: int, school_of: Mapping[int, str],
                    not_beaten: Mapping[int, set[int]], times_challenged: Mapping[int, int]) -> list[int]:
    """六.3, 7.3 注2–3: the players `player` may challenge, best first: ranked above them by at most
    six places (in the stage-2 ranking `ranking`, best first), not of the same school, not met in
    stage 1 or 2 without a win (`not_beaten[player]`: lost or drew), not already challenged twice."""
    position = ranking.index(player)
    barred = not_beaten.get(player, set())
    return [target for target in ranking[max(0, position - CHALLENGE_REACH):position]
            if school_of.get(target) != school_of.get(player)
            and target not in barred
            and times_challenged.get(target, 0) < MAX_TIMES_CHALLENGED]


def stage2_digest(ranking: Sequence[int], not_beaten: Mapping[int, set[int]]) -> str:
    """A digest of what the challenge rules read of the results (六.3): the stage-2 ranking and who
    met whom in stages 1–2 without winning (16 hexadecimal digits). A correction that changes
    neither leaves every challenge as legal as it was."""
    barred = sorted((player, sorted(others)) for player, others in not_beaten.items() if others)
    return hashlib.sha256(repr((list(ranking), barred)).encode()).hexdigest()[:16]


def check_challenges(ranking: Sequence[int], challenges: Sequence[tuple[int, int]],
                     school_of: Mapping[int, str], not_beaten: Mapping[int, set[int]],
                     name: Callable[[int], str] = str, kept: frozenset[int] = frozenset()
                     ) -> list[tuple[int, str]]:
    """六.3, 7.3: every breach of the challenge rules, as (index into `challenges`, message).

    `challenges` are (challenger, target) in the order they were agreed; only the valid ones
    count towards a target's two challenges (an invalid challenge is void). "No allowed target"
    (7.3 注1) is judged on the stage-2 list the bulletin shows (nobody challenged yet) and is
    reported together with the specific reason the chosen target is barred. `name` shows a player
    in the messages (default: the number). The challenges `kept` (indices) are kept as played after
    a correction of stage 1 or 2: the rules that read the results (the places between the two, a
    game between them, an allowed target) are not applied to them again; the others are."""
    position = {player: index for index, player in enumerate(ranking)}
    challenged: dict[int, int] = {}
    seen: set[int] = set()
    out: list[tuple[int, str]] = []
    for index, (challenger, target) in enumerate(challenges):
        head = f"{name(challenger)} may not challenge {name(target)}"
        unknown = [p for p in (challenger, target) if p not in position]
        if unknown:
            out.append((index, f"{head}: {', '.join(map(name, unknown))} not in the stage-2 ranking (六.3)"))
            seen.add(challenger)
            continue
        errors: list[str] = []
        if challenger in seen:
            errors.append(f"{head}: {name(challenger)} has already challenged once (六.3: 仅限一次)")
        seen.add(challenger)
        gap = position[challenger] - position[target] if index not in kept or challenger == target else 1
        if gap == 0:
            errors.append(f"{head}: a player cannot challenge themselves (六.3)")
        elif gap < 0:
            errors.append(f"{head}: the target is ranked {-gap} place(s) below the challenger "
                          f"(六.3: only players ranked above)")
        elif gap > CHALLENGE_REACH:
            errors.append(f"{head}: the target is ranked {gap} places above, more than six "
                          f"(六.3: 位次不低于自己六位及以内)")
        if gap and school_of.get(challenger) == school_of.get(target):
            errors.append(f"{head}: same school {school_of.get(target)!r} "
                          f"(六.3, 7.3 注3: 禁止挑战同一学校的其他参赛学生)")
        if target in not_beaten.get(challenger, set()) and index not in kept:
            errors.append(f"{head}: they met in stage 1 or 2 and {name(challenger)} did not win "
                          f"(六.3: 已对局过且未获胜者; 7.3 注3)")
        if challenged.get(target, 0) >= MAX_TIMES_CHALLENGED:
            errors.append(f"{head}: {name(target)} has already been challenged twice (7.3 注2)")
        if not allowed_targets(ranking, challenger, school_of, not_beaten, {}) and index not in kept:
            errors.append(f"{head}: {name(challenger)} has no allowed target and cannot challenge (7.3 注1)")
        if not errors:
            challenged[target] = challenged.get(target, 0) + 1
        out.extend((index, message) for message in errors)
    return out


# --- School score (七) -----------------------------------------------------------------------------

SCHOOL_M = 5  # 七: M = 5, with or without first-year students
SCHOOL_WEIGHTS = (6, 5, 4, 3, 2, 1)
SCHOOL_PADDING = Decimal("0.8")  # 七: a missing X counts 0.8


@dataclass(frozen=True)
class SchoolRow:
    school: str
    scores: tuple[Decimal, ...]  # X1..X6 used (best first, padded with 0.8)
    total: int  # ⌊(6X1+…+1X6)/5⌋, +1 for the winner of a playoff for first
    rank: int | None  # None when unranked (listed_only) or tied for first awaiting the playoff
    listed_only: bool = False  # overseas school, or a school with no main team: shown, not ranked
    playoff: bool = False  # tied for first with no playoff winner given (七 注)


def school_score(scores: Sequence[Decimal]) -> tuple[tuple[Decimal, ...], int]:
    """七: (X1..X6 best first, padded with 0.8; ⌊(6·X1 + … + 1·X6) / 5⌋). More than six scores: the
    best six count."""
    used = tuple(sorted(scores, reverse=True)[:len(SCHOOL_WEIGHTS)])
    used += (SCHOOL_PADDING,) * (len(SCHOOL_WEIGHTS) - len(used))
    weighted = sum((w * x for w, x in zip(SCHOOL_WEIGHTS, used, strict=True)), Decimal(0))
    return used, int((weighted / SCHOOL_M).to_integral_value(rounding=ROUND_FLOOR))


def school_ranking(players: Sequence[LeaguePlayer], final_scores: Mapping[int, Decimal],
                   playoff_winner: str | None = None) -> list[SchoolRow]:
    """七: the school ranking.

    A school counts its main-team players only (非主队 are not ranked as schools, 八). A school
    with any overseas player, or with no main-team player, is listed only (rank None, listed_only);
    its row is computed from its main-team players (all its players when it has no main team), for
    information. Ranked schools share places (competition ranking, 1, 1, 3) except the first: a
    tie for first goes to a playoff (七 注). With `playoff_winner` (one of the tied schools) the
    winner's total gets +1 and the others rank from 2; without it the tied schools get rank None
    and `playoff` True, and the next school ranks after all of them. Rows: ranked schools by total
    (then name), then listed-only schools."""
    by_school: dict[str, list[LeaguePlayer]] = {}
    for player in players:
        by_school.setdefault(player.school, []).append(player)
    ranked: dict[str, tuple[tuple[Decimal, ...], int]] = {}
    listed: dict[str, tuple[tuple[Decimal, ...], int]] = {}
    for school, members in by_school.items():
        main = [p for p in members if p.main_team]
        counted = main or members
        missing = [p.number for p in counted if p.number not in final_scores]
        if missing:
            raise ValueError(f"no final score for player(s) {missing} of {school!r}")
        row = school_score([final_scores[p.number] for p in counted])
        if main and not any(p.overseas for p in members):
            ranked[school] = row
        else:
            listed[school] = row
    top = max((total for _, total in ranked.values()), default=None)
    tied_first = sorted(s for s, (_, total) in ranked.items() if total == top)
    if playoff_winner is not None:
        if len(tied_first) < 2 or playoff_winner not in tied_first:
            raise ValueError(f"{playoff_winner!r} is not one of several schools tied for first (七 注)")
        used, total = ranked[playoff_winner]
        ranked[playoff_winner] = (used, total + 1)
    totals = {school: total for school, (_, total) in ranked.items()}
    ranks: dict[str, int | None] = dict(competition_ranks(totals))
    pending = playoff_winner is None and len(tied_first) > 1
    if pending:
        ranks.update(dict.fromkeys(tied_first))
    rows = [SchoolRow(s, ranked[s][0], totals[s], ranks[s], playoff=pending and s in tied_first)
            for s in sorted(ranked, key=lambda s: (-totals[s], s))]
    rows += [SchoolRow(s, used, total, None, listed_only=True)
             for s, (used, total) in sorted(listed.items(), key=lambda item: (-item[1][1], item[0]))]
    return rows


# --- Awards (九) -----------------------------------------------------------------------------------

SCHOOL_LEVELS: tuple[tuple[str, int, int], ...] = (
    # level, best rank that qualifies, score that qualifies (九.1); excellence is 9 + 12·G
    ("gold", 1, 240), ("silver", 4, 180), ("bronze", 9, 120),
)
SCHOOL_PARTICIPATION = 6  # 九.1: an integer school score (the 6.480 variant is for decimal scores)

INDIVIDUAL_LEVELS: tuple[tuple[str, int, Decimal], ...] = (
    ("first", 3, Decimal("108.000")), ("second", 8, Decimal("81.000")), ("third", 16, Decimal("54.000")),
)
INDIVIDUAL_PARTICIPATION = Decimal("3.280")
CERTIFICATE_SCORE = Decimal("48.000")  # 九.2


def school_levels(groups: int) -> tuple[Level, ...]:
    """九.1 for schools: gold (rank 1 or ≥ 240), silver (rank ≤ 4 or ≥ 180), bronze (rank ≤ 9 or
    ≥ 120), excellence (≥ 9 + 12·G), participation (≥ 6)."""
    levels = [Level(level, best_rank, Decimal(score)) for level, best_rank, score in SCHOOL_LEVELS]
    return (*levels, Level("excellence", score=Decimal(9 + 12 * groups)),
            Level("participation", score=Decimal(SCHOOL_PARTICIPATION)))


def individual_levels(groups: int) -> tuple[Level, ...]:
    """九.1 for players: first (rank ≤ 3 or ≥ 108.000), second (rank ≤ 8 or ≥ 81.000), third
    (rank ≤ 16 or ≥ 54.000), excellence (≥ 18.000 + 3.000·G), participation (≥ 3.280)."""
    levels = [Level(level, best_rank, Decimal(threshold))
              for level, best_rank, threshold in INDIVIDUAL_LEVELS]
    return (*levels, Level("excellence", score=Decimal("18.000") + Decimal("3.000") * groups),
            Level("participation", score=Decimal(INDIVIDUAL_PARTICIPATION)))


def school_award(rank: int | None, total: int, groups: int) -> str | None:
    """The school's award level (an unranked school qualifies by score alone)."""
    return level_for(rank, Decimal(total), school_levels(groups))


def individual_award(rank: int | None, score: Decimal, groups: int) -> str | None:
    """The player's award level (an overseas player, rank None, qualifies by score alone)."""
    return level_for(rank, score, individual_levels(groups))


def certificate_eligible(score: Decimal) -> bool:
    """九.2: a final score of 48.000 or more earns a free rank certificate (on application)."""
    return score >= CERTIFICATE_SCORE
