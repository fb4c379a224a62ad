"""Each player's round-by-round record: opponent, side, outcome, points and running score.

Points are kept as integers in units of 1/`scale` of a point (e.g. ½ → 1 with scale 2), so that
every sum is exact and fast; `Fraction(units, scale)` gives the published value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from site_builder.model import Game, GameKind, Outcome, Scoring, Section


class Side(Enum):
    FIRST = "first"
    SECOND = "second"


class Kind(Enum):
    """What a round was for one player."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    DOUBLE_FORFEIT = "double-forfeit"
    PENDING = "pending"
    BYE = "bye"
    HALF_BYE = "half-bye"  # a requested half-point bye: scores `half_bye` (a draw by default)
    FULL_BYE = "full-bye"  # a requested full-point bye: scores `full_bye` (a bye by default)
    ABSENT = "absent"
    NOT_PAIRED = "not-paired"

    @property
    def has_result(self) -> bool:
        """True when the round counts (everything but a pending game)."""
        return self is not Kind.PENDING

    @property
    def is_win(self) -> bool:
        return self in (Kind.WIN, Kind.FORFEIT_WIN)

    @property
    def is_played(self) -> bool:
        """Played over the board, result known."""
        return self in (Kind.WIN, Kind.DRAW, Kind.LOSS)


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's round."""

    round: int
    kind: Kind
    points: int
    running: int
    opponent: int | None = None
    side: Side | None = None
    board: int | None = None
    game_kind: GameKind = GameKind.SLOW
    #: a game played whose players score less than a game between them (½-0, 0-½, 0-0,
    #: `Outcome.is_abnormal`): its `kind` says what the player scored, not that the game was drawn
    abnormal: bool = False


_FIRST_VIEW = {
    Outcome.FIRST_WINS: (Kind.WIN, Kind.LOSS),
    Outcome.DRAW: (Kind.DRAW, Kind.DRAW),
    Outcome.SECOND_WINS: (Kind.LOSS, Kind.WIN),
    Outcome.FIRST_WINS_FORFEIT: (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS),
    Outcome.SECOND_WINS_FORFEIT: (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
    Outcome.DOUBLE_FORFEIT: (Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT),
    Outcome.PENDING: (Kind.PENDING, Kind.PENDING),
    # abnormal results: a game played in which a player scores a draw's or a loss's points
    Outcome.FIRST_HALF: (Kind.DRAW, Kind.LOSS),
    Outcome.SECOND_HALF: (Kind.LOSS, Kind.DRAW),
    Outcome.DOUBLE_LOSS: (Kind.LOSS, Kind.LOSS),
}


def effective_outcome(game: Game) -> Outcome:
    """The outcome that scores: an Armageddon draw is a win for the second player (common.md §1)."""
    if game.kind is GameKind.ARMAGEDDON and game.outcome is Outcome.DRAW:
        return Outcome.SECOND_WINS
    return game.outcome


def winner(game: Game) -> int | None:
    """The winner of a decisive game (forfeits included), or None for a draw or a pending game."""
    outcome = effective_outcome(game)
    if outcome in (Outcome.FIRST_WINS, Outcome.FIRST_WINS_FORFEIT):
        return game.first
    if outcome in (Outcome.SECOND_WINS, Outcome.SECOND_WINS_FORFEIT):
        return game.second
    return None


def point_scale(scoring: Scoring) -> int:
    """The smallest integer that makes every point value of `scoring` whole."""
    values = (scoring.win, scoring.draw, scoring.loss, scoring.forfeit_win, scoring.forfeit_loss,
              scoring.double_forfeit, scoring.bye, scoring.absent, scoring.half_bye_points,
              scoring.full_bye_points)
    return math.lcm(*(Fraction(v).denominator for v in values))


def kind_points(scoring: Scoring) -> dict[Kind, Fraction]:
    """Points each kind of round is worth under `scoring`."""
    return {
        Kind.WIN: scoring.win,
        Kind.DRAW: scoring.draw,
        Kind.LOSS: scoring.loss,
        Kind.FORFEIT_WIN: scoring.forfeit_win,
        Kind.FORFEIT_LOSS: scoring.forfeit_loss,
        Kind.DOUBLE_FORFEIT: scoring.double_forfeit,
        Kind.PENDING: Fraction(0),
        Kind.BYE: scoring.bye,
        Kind.HALF_BYE: scoring.half_bye_points,
        Kind.FULL_BYE: scoring.full_bye_points,
        Kind.ABSENT: scoring.absent,
        Kind.NOT_PAIRED: Fraction(0),
    }


@dataclass(frozen=True)
class Records:
    """Every player's entries for rounds 1..n of a section, in units of 1/scale point."""

    scale: int
    entries: dict[int, tuple[Entry, ...]]
    rounds: int

    def total(self, player: int, upto: int) -> int:
        """Points after round `upto` (0 before round 1)."""
        return self.entries[player][upto - 1].running if upto else 0

    def points(self, value: int | Fraction, power: int = 1) -> Fraction:
        """A unit value as points (power 2 for products such as Sonneborn-Berger)."""
        return Fraction(value, self.scale**power)


#: a player's round, before its Entry: kind, opponent, side, board, game kind, abnormal
_Seen = tuple[Kind, int | None, Side | None, int | None, GameKind, bool]


def records(section: Section) -> Records:
    """Compute every player's entries over all rounds of the section."""
    scale = point_scale(section.scoring)
    units = {kind: int(value * scale) for kind, value in kind_points(section.scoring).items()}
    # per round: player → (kind, opponent, side, board, game kind); each Entry is made once, below
    per_round: dict[int, dict[int, _Seen]] = {}
    for rnd in section.rounds:
        seen: dict[int, _Seen] = {}
        for game in rnd.games:
            first_kind, second_kind = _FIRST_VIEW[effective_outcome(game)]
            odd = game.outcome.is_abnormal
            seen[game.first] = (first_kind, game.second, Side.FIRST, game.board, game.kind, odd)
            seen[game.second] = (second_kind, game.first, Side.SECOND, game.board, game.kind, odd)
        for player in rnd.byes:
            seen[player] = (Kind.BYE, None, None, None, GameKind.SLOW, False)
        for players, kind in ((rnd.absent, Kind.ABSENT), (rnd.half_byes, Kind.HALF_BYE),
                              (rnd.full_byes, Kind.FULL_BYE)):
            for player in players:
                seen[player] = (kind, None, None, None, GameKind.SLOW, False)
        per_round[rnd.number] = seen
    count = max((r.number for r in section.rounds), default=0)
    not_paired: _Seen = (Kind.NOT_PAIRED, None, None, None, GameKind.SLOW, False)
    entries: dict[int, tuple[Entry, ...]] = {}
    for entrant in section.players:
        number, running, history = entrant.number, 0, []
        for n in range(1, count + 1):
            kind, opponent, side, board, game_kind, odd = per_round.get(n, {}).get(number, not_paired)
            points = units[kind]
            running += points
            history.append(Entry(n, kind, points, running, opponent, side, board, game_kind, odd))
        entries[number] = tuple(history)
    return Records(scale, entries, count)
