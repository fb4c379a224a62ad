"""Prize allocation from final standings: place prizes, category prizes, one prize per person,
and tied players sharing prize money equally ("Hort" sharing): every tie where the event says so,
else the ties its tiebreak chain leaves on prize places.

Amounts are exact decimals. Order of allocation when prizes are worth the same: place prizes
before category prizes, categories in the order configured, better places first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


@dataclass(frozen=True)
class Prize:
    category: str  # "" for the place prizes of the whole field
    place: int  # 1 = first prize of its category
    amount: Decimal = Decimal(0)
    item: str = ""


@dataclass(frozen=True)
class PrizeConfig:
    places: tuple[Prize, ...] = ()
    categories: tuple[tuple[str, Callable[[int], bool], tuple[Prize, ...]], ...] = ()
    one_per_person: bool = True
    sharing: str = "tiebreak"  # "tiebreak": places by the tiebreak chain; "hort": tied players share


@dataclass(frozen=True)
class Award:
    prize: Prize
    players: tuple[int, ...]  # several when tied players share the money (Hort)
    amount: Decimal  # each player's share (the smaller one where the cents do not divide evenly)
    shares: tuple[Decimal, ...] = ()  # by player, when shared: the pool to the cent (`split`)
    pooled: int = 1  # how many place prizes the tied players pooled (places 2–3: 2)

    def share(self, player: int) -> Decimal:
        """What `player` receives."""
        return self.shares[self.players.index(player)] if self.shares else self.amount


def _money(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), ROUND_HALF_UP)


def _anyone(player: int) -> bool:
    return True


def split(pool: Decimal, n: int) -> tuple[Decimal, ...]:
    """`pool` divided among `n` players to the cent, the whole pool paid out: the cents that do not
    divide evenly go one each to the first players (in the order the standings list the tied ones).

    >>> split(Decimal(100), 3)
    (Decimal('33.34'), Decimal('33.33'), Decimal('33.33'))
    >>> sum(split(Decimal("500.05"), 4))
    Decimal('500.05')
    """
    cents = int((pool * 100).to_integral_value(ROUND_HALF_UP))
    base, extra = divmod(cents, n)
    return tuple(Decimal(base + (i < extra)) / 100 for i in range(n))


def _shared_places(ranking: list[list[int]], prizes: Sequence[Prize], tied_only: bool = False) -> list[Award]:
    """Hort: a group of tied players occupying places p..q shares the money of those places, to the
    cent (`split`); `tied_only`: the groups of several players only (the places a tiebreak chain
    left equal), the others' places left to the allocation by rank."""
    by_place = {prize.place: prize for prize in prizes}
    awards, place = [], 1
    for group in ranking:
        shared = [by_place[q] for q in range(place, place + len(group)) if q in by_place]
        if shared and (len(group) > 1 or not tied_only):
            shares = split(sum((prize.amount for prize in shared), Decimal(0)), len(group))
            awards.append(Award(shared[0], tuple(group), shares[-1], shares if len(group) > 1 else (),
                                len(shared)))
        place += len(group)
    return awards


def pooled_places(awards: Sequence[Award]) -> set[int]:
    """The places whose prizes tied players pooled (`Award.pooled` places from the award's own)."""
    return {place for award in awards for place in range(award.prize.place, award.prize.place + award.pooled)}


def allocate(groups: Sequence[Sequence[int]], config: PrizeConfig,
             eligible: Callable[[int], bool] = _anyone) -> list[Award]:
    """Awards for a final ranking given as groups of players still tied after the tiebreaks
    (one player per group when the chain decides every place). `eligible` excludes unranked
    (hors-concours) entries. Players tied on prize places share them as Hort has it: every group
    under `sharing: hort`; under `sharing: tiebreak` the groups the chain left equal, the places it
    decided going by rank. Each other prize, most valuable first, goes to the best-ranked player who
    may take it; with `one_per_person`, a player takes only the most valuable prize reached."""
    ranking = [kept for group in groups if (kept := [p for p in group if eligible(p)])]
    order = [p for group in ranking for p in group]
    awards = _shared_places(ranking, config.places, tied_only=config.sharing != "hort")
    pooled = pooled_places(awards) if config.sharing != "hort" else {p.place for p in config.places}
    queue: list[tuple[Prize, Callable[[int], bool]]] = [
        (prize, _anyone) for prize in config.places if prize.place not in pooled]
    queue += [(prize, members) for _, members, prizes in config.categories for prize in prizes]
    position = {id(prize): i for i, (prize, _) in enumerate(queue)}
    queue.sort(key=lambda item: (-item[0].amount, position[id(item[0])]))
    taken = {p for award in awards for p in award.players}
    won = {(award.prize.category, p) for award in awards for p in award.players}
    for prize, members in queue:
        for player in order:
            if (config.one_per_person and player in taken) or (prize.category, player) in won:
                continue
            if members(player):
                awards.append(Award(prize, (player,), _money(prize.amount)))
                taken.add(player)
                won.add((prize.category, player))
                break
    return sorted(awards, key=lambda a: (a.prize.category != "", a.prize.category, a.prize.place))


@dataclass(frozen=True)
class Level:
    """An award level reached with a rank at most `rank` or a score of at least `score`."""

    name: str
    rank: int | None = None
    score: Decimal | None = None


def level_for(rank: int | None, score: Decimal | Fraction, levels: Sequence[Level]) -> str | None:
    """The highest level (levels listed best first) a ranked or unranked (rank None) entry reaches."""
    for level in levels:
        if (level.rank is not None and rank is not None and rank <= level.rank) or (
                level.score is not None and score >= level.score):
            return level.name
    return None
