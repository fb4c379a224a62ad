"""Go ranks as players write them (30k–1k, 1d–9d, 1p–9p) and as pairing programs count them.

A rank is an integer as OpenGotha counts it: 30k is −30, 1k is −1, 1d is 0, 9d is 8. A professional
grade is kept apart from the rank (`GoRank.pro`): a 1p–9p player has the rank 9d (8) for pairing and
handicaps, as the European Go Database treats professionals, and is shown with their grade.
Ratings follow the EGD GoR scheme: 1d is 2050–2149, one rank per 100 points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MIN_RANK = -30  # 30k
MAX_RANK = 8  # 9d
#: The lowest rating OpenGotha keeps (a 30k's): a go player's rating may be negative down to it, and
#: OpenGotha rates a player without a rating so.
LOWEST_RATING = -900
_RANK = re.compile(r"\s*(\d{1,2})\s*([kKdDpP])\s*")


class RankError(ValueError):
    """A text that is not a go rank; its message says which ranks exist."""


@dataclass(frozen=True, order=True)
class GoRank:
    """A player's rank (OpenGotha's integer) and professional grade (0: amateur)."""

    value: int
    pro: int = 0

    def __str__(self) -> str:
        """The rank as players write it.

        >>> str(GoRank(-30)), str(GoRank(-1)), str(GoRank(0)), str(GoRank(8)), str(GoRank(8, 3))
        ('30k', '1k', '1d', '9d', '3p')
        """
        if self.pro:
            return f"{self.pro}p"
        return f"{-self.value}k" if self.value < 0 else f"{self.value + 1}d"

    @property
    def dan(self) -> bool:
        """At or above 1d."""
        return self.value >= 0


def parse_rank(text: str) -> GoRank:
    """The rank `text` names, in either case ("5k", "3D", "2p"); raises `RankError` otherwise.

    >>> parse_rank("5k"), parse_rank(" 3D "), parse_rank("1p")
    (GoRank(value=-5, pro=0), GoRank(value=2, pro=0), GoRank(value=8, pro=1))
    >>> parse_rank("31k")
    Traceback (most recent call last):
    site_builder.games.go_ranks.RankError: '31k' is not a go rank: kyu ranks run from 30k to 1k
    """
    match = _RANK.fullmatch(text)
    if match is None:
        raise RankError(f"{text!r} is not a go rank: write 30k–1k, 1d–9d or 1p–9p")
    number, kind = int(match[1]), match[2].lower()
    if kind == "k":
        if not 1 <= number <= 30:
            raise RankError(f"{text!r} is not a go rank: kyu ranks run from 30k to 1k")
        return GoRank(-number)
    if not 1 <= number <= 9:
        what = "dan ranks run from 1d to 9d" if kind == "d" else "professional grades run from 1p to 9p"
        raise RankError(f"{text!r} is not a go rank: {what}")
    return GoRank(number - 1) if kind == "d" else GoRank(MAX_RANK, number)


def rank_from_rating(rating: int) -> GoRank:
    """The rank of an EGD rating (GoR): 1d is 2050–2149, 1k 1950–2049, within 30k–9d.

    >>> str(rank_from_rating(2100)), str(rank_from_rating(2049)), str(rank_from_rating(-900))
    ('1d', '1k', '30k')
    """
    return GoRank(max(MIN_RANK, min(MAX_RANK, (rating - 2050) // 100)))


def rating_from_rank(rank: GoRank) -> int:
    """The lowest EGD rating of `rank` (as OpenGotha and pairgoth convert).

    >>> rating_from_rank(parse_rank("1d")), rating_from_rank(parse_rank("10k"))
    (2050, 1050)
    """
    return 2050 + 100 * rank.value
