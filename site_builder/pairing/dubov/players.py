"""What the FIDE Dubov system (C.04.4.1) reads off a player's past rounds: pairing score, colour
difference and preference (art. 1.6), ARO (art. 1.7), upfloats and maximum upfloaters (art. 1.8),
and the right to the pairing-allocated bye ([C2], art. 2.1.2).

Scores are in half points (win 2, draw 1, loss 0), as in `site_builder.pairing.dutch.history`,
whose `Game` a player's history is made of. Only played games count for colours, ARO, meetings
and upfloats: a forfeited game was not played (C.04.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from site_builder.pairing.dutch.history import BLACK, WHITE, WIN, Game

MILD, STRONG, ABSOLUTE = 0, 1, 2


@dataclass(frozen=True)
class Entrant:
    """A player as the Dubov engine is given them: pairing number (TPN), rating (art. 1.1: every
    player has one), past rounds and the virtual points of the Baku acceleration by round."""

    number: int
    rating: int
    history: tuple[Game, ...] = ()
    accelerations: tuple[int, ...] = ()

    def acceleration(self, round_index: int) -> int:
        """The virtual points (half points) of round `round_index` + 1."""
        return self.accelerations[round_index] if round_index < len(self.accelerations) else 0

    def score_before(self, round_index: int) -> int:
        """The pairing score before round `round_index` + 1, virtual points included."""
        return sum(g.points for g in self.history[:round_index]) + self.acceleration(round_index)

    @property
    def score(self) -> int:
        """The pairing score before the round to pair."""
        return self.score_before(len(self.history))

    @property
    def points(self) -> int:
        """The points scored so far (half points), without virtual points."""
        return sum(g.points for g in self.history)


@dataclass(frozen=True)
class Player:
    """Everything the criteria need about one player before the round is paired."""

    number: int
    rating: int
    score: int  # pairing score, virtual points included (half points)
    points: int  # real score (half points), for the order of the boards
    colours: tuple[str, ...]  # colours of the played games, in order
    opponents: frozenset[int]  # opponents met over the board
    side: str  # the colour preference (art. 1.6): WHITE or BLACK
    strength: int  # MILD, STRONG or ABSOLUTE
    aro: int  # art. 1.7
    upfloats: int  # times upfloated so far (art. 1.8)
    upfloated_last: bool  # upfloated in the previous round
    bye_ok: bool  # [C2]: no pairing-allocated bye nor a win without playing so far

    @property
    def played(self) -> int:
        return len(self.colours)

    @property
    def absolute(self) -> bool:
        return self.strength == ABSOLUTE

    def ranks_above(self, other: Player) -> bool:
        """Higher ranked (art. 5.2.1): more points or, points equal, a smaller TPN."""
        return (self.score, -self.number) > (other.score, -other.number)


def preference(colours: tuple[str, ...]) -> tuple[str, int]:
    """The colour preference and its strength (art. 1.6): absolute when the colour difference is
    beyond ±1 or the last two games had the same colour; strong at ±1; mild at 0 (alternate the
    last game's colour); a player who has played no game has a mild preference for Black.

    >>> preference(()), preference(("W",)), preference(("W", "B")), preference(("B", "W", "W"))
    (('B', 0), ('B', 1), ('W', 0), ('B', 2))
    """
    difference = colours.count(WHITE) - colours.count(BLACK)
    if difference:
        side = BLACK if difference > 0 else WHITE
    else:
        side = WHITE if colours and colours[-1] == BLACK else BLACK
    if abs(difference) > 1 or (len(colours) > 1 and colours[-1] == colours[-2]):
        return side, ABSOLUTE
    return side, STRONG if difference else MILD


def aro(entrant: Entrant, ratings: dict[int, int]) -> int:
    """The average rating of the opponents met over the board, rounded to the nearest integer (the
    higher for .5); zero before the first game played (art. 1.7).

    >>> aro(Entrant(1, 2000, (Game(2, "W", 2, True, True), Game(3, "B", 0, True, True))), {2: 1800, 3: 1901})
    1851
    """
    met = [ratings[g.opponent] for g in entrant.history if g.played and g.opponent is not None]
    return (2 * sum(met) + len(met)) // (2 * len(met)) if met else 0


def upfloats(entrant: Entrant, by_number: dict[int, Entrant]) -> list[bool]:
    """For each round so far, whether the player was upfloated in it: paired over the board with an
    opponent whose pairing score was higher (art. 1.3.2)."""
    out = []
    for index, game in enumerate(entrant.history):
        other = by_number.get(game.opponent) if game.played and game.opponent is not None else None
        out.append(other is not None and other.score_before(index) > entrant.score_before(index))
    return out


def player_of(entrant: Entrant, by_number: dict[int, Entrant], ratings: dict[int, int]) -> Player:
    """The criteria's view of one player before the round."""
    colours = tuple(g.colour or WHITE for g in entrant.history if g.played)
    side, strength = preference(colours)
    floated = upfloats(entrant, by_number)
    return Player(
        number=entrant.number, rating=entrant.rating, score=entrant.score, points=entrant.points,
        colours=colours,
        opponents=frozenset(g.opponent for g in entrant.history if g.played and g.opponent is not None),
        side=side, strength=strength, aro=aro(entrant, ratings), upfloats=sum(floated),
        upfloated_last=bool(floated) and floated[-1],
        bye_ok=not any(not g.played and g.points >= WIN for g in entrant.history))


def max_upfloats(rounds: int) -> int:
    """MaxT (art. 1.8.2): 2 + the tournament's rounds divided by 5, rounded down.

    >>> max_upfloats(9), max_upfloats(10)
    (3, 4)
    """
    return 2 + rounds // 5
