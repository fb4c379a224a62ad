"""Rating change and performance of a section's players by the FIDE Rating Regulations (B.02, 2024)
and the performance rating of the Title Regulations (B.01 1.4.9).

Per rated game played over the board between two rated players: the expected score from table
8.1.2 (by the rating difference), the change K × (score − expected) with the player's K (8.3.3);
per player: the sum of the changes and the performance Ra + dp (Ra the opponents' mean rating,
dp from table 1.4.9 by the fractional score). Forfeits, byes and games marked `rated: false` do
not count. Decisions where the text leaves room (docs/chess.md):

- 8.3.1 counts a difference above 400 as 400 for players rated below 2650, and lets a player
  benefit from this "upgrade" in one game only, the one with the greatest difference: for the
  higher-rated player the cap applies to that game alone; for the lower-rated player, whom the cap
  never benefits, it applies to every game.
- K (8.3.3) is the player's `k` field when given (a player new to the list has K 40 for their
  first 30 games, which the content cannot know); otherwise 40 under 18 (by birth year, in the
  event's year) while rated below 2300, 10 from 2400, else 20.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from site_builder.model import Outcome, Player, Section

#: Table 8.1.2: the upper bound of each rating-difference band and the higher-rated player's
#: expected score in hundredths (the lower-rated player's is 100 minus it); above 735: 100.
_EXPECTED = ((3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58),
             (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67),
             (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75),
             (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83),
             (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90), (391, 91),
             (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99))
#: Table 1.4.9: dp by the fractional score in hundredths, from 50 up (below 50: the negative of
#: 100 − p's value).
_DP = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166,
       175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401,
       422, 444, 470, 501, 538, 589, 677, 800)
_SCORES = {Outcome.FIRST_WINS: (Fraction(1), Fraction(0)), Outcome.DRAW: (Fraction(1, 2), Fraction(1, 2)),
           Outcome.SECOND_WINS: (Fraction(0), Fraction(1))}
CAP, CAP_EXEMPT_FROM = 400, 2650


def expected(difference: int, table: str = "fide") -> Fraction:
    """The expected score of a player rated `difference` points above the opponent: by table 8.1.2,
    or (`logistic`, an event's own rating) 1 / (1 + 10^(−D/400)) to the hundredth.

    >>> expected(0), expected(-100), expected(400), expected(800)
    (Fraction(1, 2), Fraction(9, 25), Fraction(23, 25), Fraction(1, 1))
    >>> expected(100, "logistic"), expected(-400, "logistic")
    (Fraction(16, 25), Fraction(9, 100))
    """
    if table == "logistic":
        return Fraction(round(100 / (1 + 10 ** (-difference / 400))), 100)
    higher = next((value for bound, value in _EXPECTED if abs(difference) <= bound), 100)
    return Fraction(higher if difference >= 0 else 100 - higher, 100)


def performance_dp(score: Fraction) -> int:
    """dp of table 1.4.9 for a fractional score (rounded to hundredths, ½ up).

    >>> performance_dp(Fraction(1, 2)), performance_dp(Fraction(2, 3)), performance_dp(Fraction(0))
    (0, 125, -800)
    """
    p = int(score * 100 + Fraction(1, 2))
    return _DP[p - 50] if p >= 50 else -_DP[50 - p]


def half_up(value: Fraction) -> int:
    """The nearest whole number, ½ rounded up (C.07 10.1, B.01 1.4.9).

    >>> half_up(Fraction(3775, 2)), half_up(Fraction(-7, 2))
    (1888, -3)
    """
    return int((value + Fraction(1, 2)) // 1)


def performance(ratings: list[int], score: Fraction) -> int:
    """Ra + dp: the opponents' mean rating, ½ rounded up, plus dp of table 1.4.9 for the fractional
    score `score` / len(`ratings`) (B.01 1.4.9; C.07 10.2, TPR).

    >>> performance([1650, 1600, 2100, 2200], Fraction(3))  # C.07 exercises, #4: 1888 + 193
    2081
    """
    return half_up(Fraction(sum(ratings), len(ratings))) + performance_dp(score / len(ratings))


def perfect_performance(ratings: list[int], score: Fraction) -> int:
    """The lowest whole rating whose expected score against `ratings` (table 8.1.2 over the full
    scale, no 400 cut) is at least `score`; for a zero score the lowest rating met − 800 (C.07
    10.3, PTP). A full score gives the highest rating met + 736, the first difference the table
    scores 1.

    >>> perfect_performance([1700, 1950, 1850, 2050, 2150], Fraction(7, 2))
    2112
    >>> perfect_performance([2200, 1750], Fraction(0)), perfect_performance([2000, 2100], Fraction(2))
    (950, 2836)
    """
    if not score:
        return min(ratings) - 800
    low, high = min(ratings) - 800, max(ratings) + 800  # expected(low) < score <= expected(high)
    while high - low > 1:
        middle = (low + high) // 2
        if sum(expected(middle - r) for r in ratings) >= score:
            high = middle
        else:
            low = middle
    return high


def k_factor(player: Player, year: int | None) -> int:
    """The player's K (8.3.3): the `k` field, else by age and rating."""
    given = player.fields.get("k", "")
    if given.isdigit():
        return int(given)
    rating = player.rating or 0
    if year is not None and player.birth_year is not None and year - player.birth_year < 18 and rating < 2300:
        return 40
    return 10 if rating >= 2400 else 20


@dataclass(frozen=True)
class RatedGame:
    round: int
    opponent: int
    opponent_rating: int
    score: Fraction
    expected: Fraction
    change: Fraction  # K × (score − expected)


@dataclass(frozen=True)
class RatingResult:
    """A player's rated games, K, total change and performance (None without a rated game)."""

    k: int
    games: tuple[RatedGame, ...]

    @property
    def change(self) -> Fraction:
        return sum((g.change for g in self.games), Fraction(0))

    @property
    def performance(self) -> int | None:
        """Ra + dp (B.01 1.4.9): Ra the opponents' mean rating rounded (½ up)."""
        if not self.games:
            return None
        return performance([g.opponent_rating for g in self.games],
                           sum((g.score for g in self.games), Fraction(0)))


def rating_results(section: Section, upto: int, year: int | None, k: int | None = None,
                   table: str = "fide") -> dict[int, RatingResult]:
    """Every rated player's rating result over rounds 1..`upto`; `k` and `table`: an event's own
    rating (every player's K, the expected-score table), else FIDE's."""
    players = {p.number: p for p in section.players}
    met: dict[int, list[tuple[int, int, int, Fraction]]] = {}
    for rnd in section.rounds:
        if rnd.number > upto:
            continue
        for game in rnd.games:
            first, second = players[game.first], players[game.second]
            if game.outcome not in _SCORES or not game.rated or not first.rating or not second.rating:
                continue
            scores = _SCORES[game.outcome]
            met.setdefault(first.number, []).append((rnd.number, second.number, second.rating, scores[0]))
            met.setdefault(second.number, []).append((rnd.number, first.number, first.rating, scores[1]))
    return {number: _result(players[number], games, k or k_factor(players[number], year), table)
            for number, games in met.items()}


def _result(player: Player, games: list[tuple[int, int, int, Fraction]], k: int, table: str) -> RatingResult:
    rating = player.rating or 0
    differences = [rating - opponent_rating for _, _, opponent_rating, _ in games]
    upgraded = -1  # the one game in which a higher-rated player's difference is counted as 400
    if rating < CAP_EXEMPT_FROM and max(differences) > CAP:
        upgraded = differences.index(max(differences))
    rated = []
    for index, ((number, opponent, opponent_rating, score), difference) in enumerate(zip(games, differences,
                                                                                         strict=True)):
        if rating < CAP_EXEMPT_FROM and (difference < -CAP or index == upgraded):
            difference = max(-CAP, min(CAP, difference))
        we = expected(difference, table)
        rated.append(RatedGame(number, opponent, opponent_rating, score, we, k * (score - we)))
    return RatingResult(k, tuple(rated))
