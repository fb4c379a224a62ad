"""What a generated go tournament has that a chess one has not: players with go ranks (a realistic
spread from 30k to 9d, the EGD rating of their rank, a PIN, country and club for most of them), the
event's komi and McMahon bar and floor, and results as go players write them (`B+R`, `W+T`,
`B+3.5`, a rare jigo where the game's komi is whole, `B+F`/`W+F` forfeits, `0-0` both losing)."""

from __future__ import annotations

import random
import re
from fractions import Fraction

from site_builder.games.go_ranks import MAX_RANK, MIN_RANK, GoRank

#: Countries as the EGD writes them, and a club of each.
CLUBS = {"AT": "Wien", "CZ": "Brno", "DE": "Berlin", "FR": "Paris", "HU": "Budapest", "IT": "Milano",
         "NL": "Leiden", "PL": "Warszawa", "RO": "Bucuresti", "SE": "Stockholm", "UA": "Kyiv", "UK": "London"}
#: The share of the players the EGD knows (PIN and rating), and of those with a country and club.
EGD_SHARE, COUNTRY_SHARE = 0.7, 0.85
#: The jigo rate when `--draws` is not given (a go game is rarely a tie)
JIGO = 0.02
#: How a decisive game is won: by resignation, by points, on time (cumulative shares)
BY_RESIGNATION, BY_POINTS = 0.55, 0.9

_KOMI = re.compile(r"komi: (-?\d+(?:\.\d+)?)")


def ranks(rng: random.Random, count: int) -> list[int]:
    """`count` ranks as OpenGotha counts them (30k −30, 1d 0, 9d 8), strongest first: most players
    between 15k and 2d, a few dan players and a few beginners."""
    drawn = (min(MAX_RANK, max(MIN_RANK, round(rng.gauss(-7, 7)))) for _ in range(count))
    return sorted(drawn, reverse=True)


def player_keys(rng: random.Random, rank: int) -> list[str]:
    """A player's go keys: rank, and for most an EGD rating (1d 2050–2149, one rank a hundred points,
    none below 20k) and PIN, a country and a club."""
    keys = [f"rank: {GoRank(rank)}"]
    if rng.random() < EGD_SHARE and rank >= -20:
        keys += [f"rating: {2100 + 100 * rank + rng.randint(-50, 49)}",
                 f"egd_pin: {rng.randint(10000000, 19999999)}"]
    if rng.random() < COUNTRY_SHARE:
        country = rng.choice(sorted(CLUBS))
        keys += [f'country: "{country}"', f"club: {CLUBS[country]}"]
    return keys


def komi_of(row: str, event_komi: Fraction) -> Fraction:
    """The komi a round file's game row says (the event's where it says none)."""
    found = _KOMI.search(row)
    return Fraction(found[1]) if found else event_komi


def go_result(rng: random.Random, forfeits: float, jigo: float, komi: Fraction) -> str:
    """A go result drawn for a game played with `komi`: a forfeit at the rate of `forfeits` (one in ten
    of them both losing), a jigo at the rate of `jigo` where the komi is whole, else a win for Black
    or White by resignation, by points (a margin the komi allows) or on time."""
    if rng.random() < forfeits:
        return rng.choice(("B+F", "W+F", "B+F", "W+F", "B+F", "W+F", "B+F", "W+F", "B+F", "0-0"))
    if komi.denominator == 1 and rng.random() < jigo:
        return "jigo"
    colour, roll = rng.choice("BW"), rng.random()
    if roll < BY_RESIGNATION:
        return f"{colour}+R"
    if roll < BY_POINTS:
        half = komi % 1  # a margin and the komi add up to whole points
        margin = rng.randint(0, 20) + half if half else Fraction(rng.randint(1, 20))
        return f"{colour}+{_points(margin)}"
    return f"{colour}+T"


def _points(margin: Fraction) -> str:
    """A margin as go players write it: 3.5, 12."""
    return str(int(margin)) if margin.denominator == 1 else f"{float(margin):g}"
