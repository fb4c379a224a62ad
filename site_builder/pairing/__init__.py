"""Pairing systems: given the event so far, the next round's pairings with an explanation.

Each system is a module with a pure function from `PairingInput` to `Pairing`; `bulletin pair`
writes the result into the next round file and the build shows it as provisional until then.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from site_builder.draw_seed import SeedMissing
from site_builder.errors import Location
from site_builder.model import Outcome


class PairingError(Exception):
    """No pairing satisfies the absolute rules (e.g. every remaining pairing is a rematch); `loc`,
    where the content says what makes it so, when one place does (a player's line); `hint`, what to
    do when the cause tells ("": the command that pairs gives its own)."""

    loc: Location | None = None
    hint: str = ""

    def __init__(self, message: str, loc: Location | None = None, hint: str = "") -> None:
        super().__init__(message)
        self.loc = loc
        self.hint = hint


class PairingSeedMissing(SeedMissing, PairingError):
    """The pairing needs a draw and the event's seed is not available: nothing is ever drawn
    without it (`what` names the draw)."""


@dataclass(frozen=True)
class Contender:
    """A player as a pairing system sees them."""

    id: int  # the player's number in the section (what round files refer to)
    number: int  # the pairing number used by the system (seeding number or secret code)
    score: int  # points in engine units
    opponents: frozenset[int] = frozenset()  # ids met so far
    first_games: int = 0  # games played as first player (red / white / black in gomoku)
    second_games: int = 0
    had_bye: bool = False


@dataclass(frozen=True)
class Note:
    """An explanation of a non-obvious decision, for arbiters (down-float, shift, break-up, bye), as
    data: the catalogue words it (`note.<kind>`, `pairing/explain.py`)."""

    kind: str  # "bye" | "float" | "shift" | "break" | "lot" | "team.<kind>" …
    players: tuple[int, ...]
    detail: str = ""
    values: tuple[tuple[str, str], ...] = ()  # what else its sentence names (a team note's teams, scores)
    words: tuple[tuple[str, str], ...] = ()  # values that are words of the catalogue: name → key


#: The notes whose players lose their game of the round by forfeit (`Pairing.forfeit`).
FORFEITED = frozenset({"withdrawn", "empty_board"})


@dataclass(frozen=True)
class Pair:
    board: int
    first: int
    second: int
    placement: str = ""  # knockout: "" for the main bracket, or "final", "3-4", "5-8", …
    handicap: int | None = None  # go: the stones the pairing gives (0 even; None: the system gives none)


@dataclass(frozen=True)
class TeamMatchPairing:
    """A team match of a pairing: tables, home and away team, and each board's two players."""

    table: int
    home: int
    away: int
    boards: tuple[Pair, ...]


@dataclass(frozen=True)
class Pairing:
    round: int
    pairs: tuple[Pair, ...]
    byes: tuple[int, ...] = ()
    notes: tuple[Note, ...] = field(default=())
    team_matches: tuple[TeamMatchPairing, ...] = ()
    team_byes: tuple[int, ...] = ()
    warnings: tuple[Note, ...] = ()  # for the organizer only (e.g. three home matches in a row)

    def forfeit(self, pair: Pair) -> Outcome:
        """The result a pair starts with: a forfeit lost by a player who has withdrawn (a fixed
        schedule's game against them, noted "withdrawn") or entered on a board his team leaves empty
        (noted "empty_board"), else pending.

        >>> p = Pairing(4, (Pair(1, 5, 7), Pair(2, 1, 2)), notes=(Note("withdrawn", (7,)),))
        >>> p.forfeit(p.pairs[0]).value, p.forfeit(p.pairs[1]).value
        ('+-', '?')
        """
        out = {n for note in self.notes if note.kind in FORFEITED for n in note.players}
        first, second = pair.first in out, pair.second in out
        return Outcome.DOUBLE_FORFEIT if first and second else Outcome.SECOND_WINS_FORFEIT if first \
            else Outcome.FIRST_WINS_FORFEIT if second else Outcome.PENDING
