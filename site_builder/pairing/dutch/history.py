"""What the FIDE Dutch system reads off a player's past rounds (C.04.3 §1, §5.2).

Scores are in half points (win 2, draw 1, loss 0). A pairing-allocated bye scores as a win.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import overload

WIN, DRAW, LOSS = 2, 1, 0
WHITE, BLACK = "W", "B"


@overload
def invert(colour: str) -> str: ...
@overload
def invert(colour: None) -> None: ...
@overload
def invert(colour: str | None) -> str | None: ...
def invert(colour: str | None) -> str | None:
    """The other colour of WHITE or BLACK (None for None)."""
    return {WHITE: BLACK, BLACK: WHITE}.get(colour or "")


class Float(Enum):
    DOWN = "down"
    UP = "up"
    NONE = ""


@dataclass(frozen=True)
class Game:
    """One round of a player's history.

    `opponent` is None for byes and absences; `colour` is kept for forfeited games too (TRF keeps it)
    but only played games count for colours. `paired` marks rounds the pairing gave the player: a
    game (played or forfeited) or the pairing-allocated bye."""

    opponent: int | None
    colour: str | None
    points: int
    played: bool
    paired: bool

    @property
    def is_pab(self) -> bool:
        return self.paired and self.opponent is None


@dataclass(frozen=True)
class Entrant:
    """A player as the Dutch engine sees them: tournament pairing number and past rounds."""

    number: int
    history: tuple[Game, ...] = ()
    #: virtual points by round (half points), added to the score for pairing only (C.04.5)
    accelerations: tuple[int, ...] = ()

    @property
    def score(self) -> int:
        return sum(g.points for g in self.history)

    def acceleration(self, round_index: int) -> int:
        """The virtual points of round `round_index` + 1."""
        return self.accelerations[round_index] if round_index < len(self.accelerations) else 0


@dataclass
class State:
    """Everything the pairing criteria need about one player before the round is paired."""

    entrant: Entrant
    rank: int  # 0-based position among the players taking part (pairing-number order)
    score: int = 0
    imbalance: int = 0  # |games with white − games with black|
    preference: str | None = None
    repeated: str | None = None  # the colour of the last two played games, when equal
    strong: bool = False
    played_games: int = 0
    bye_eligible: bool = True
    forbidden: set[int] = field(default_factory=set)

    @property
    def number(self) -> int:
        return self.entrant.number

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        return self.absolute_imbalance or self.repeated is not None


def state_of(entrant: Entrant, rank: int) -> State:
    """Colour preference (C.04.3 §1.6–1.7), bye eligibility and past opponents of one player."""
    white = black = streak = 0
    last: str | None = None
    for game in entrant.history:
        if not game.played:
            continue
        if game.colour == WHITE:
            white += 1
        else:
            black += 1
        streak = streak + 1 if streak and game.colour == last else 1
        last = game.colour
    lower = BLACK if white > black else WHITE
    imbalance = abs(white - black)
    preference: str | None
    if imbalance > 1:
        preference = lower
    elif streak > 1:
        preference = invert(last)
    elif imbalance > 0:
        preference = lower
    else:
        preference = invert(last) if streak else None
    repeated = last if streak > 1 else None
    score = entrant.score + entrant.acceleration(len(entrant.history))  # the pairing score (C.04.5)
    state = State(entrant, rank, score=score, imbalance=imbalance, preference=preference,
                  repeated=repeated, played_games=white + black)
    state.strong = not state.absolute and imbalance > 0
    # 2025 rules: no second bye for a player who already scored a win without playing
    state.bye_eligible = not any(not g.played and g.points >= WIN for g in entrant.history)
    state.forbidden = {g.opponent for g in entrant.history if g.played and g.opponent is not None}
    return state


def score_before(entrant: Entrant, rounds_back: int) -> int:
    """The pairing score the player had `rounds_back` rounds ago, virtual points included."""
    played = len(entrant.history) - rounds_back
    return sum(g.points for g in entrant.history[:played]) + entrant.acceleration(played)


def float_of(entrant: Entrant, rounds_back: int, by_number: dict[int, Entrant]) -> Float:
    """The float the player received `rounds_back` rounds ago (C.04.3 §1.4)."""
    game = entrant.history[len(entrant.history) - rounds_back]
    if not game.played:
        return Float.DOWN if game.points > LOSS else Float.NONE
    assert game.opponent is not None  # a played game has one
    own = score_before(entrant, rounds_back)
    other = score_before(by_number[game.opponent], rounds_back)
    return Float.DOWN if own > other else Float.UP if own < other else Float.NONE
