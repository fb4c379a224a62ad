"""What happened on the boards of a section, round by round: results by side, decisive games, forfeits,
byes and absences, and the upsets by rating — the figures of a statistics page.

Every game paired in a round counts: a section's Swiss or team boards, and each game of a knockout
mini-match (tiebreak games included). Playoff games after a staged Swiss's final are not counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from site_builder.model import Game, Outcome, Round, Section

_WINS = {Outcome.FIRST_WINS: True, Outcome.SECOND_WINS: False}


@dataclass
class Tally:
    """The games and byes of one round (or of all rounds: `add`)."""

    first_wins: int = 0
    draws: int = 0
    second_wins: int = 0
    forfeits: int = 0  # one player did not play: a win by forfeit for the other
    double_forfeits: int = 0
    abnormal: int = 0  # played, neither won nor drawn by both: ½-0, 0-½, 0-0
    pending: int = 0
    byes: int = 0  # byes given by the pairing
    requested_byes: int = 0  # half- and full-point byes asked for
    absent: int = 0
    upsets: int = 0

    @property
    def played(self) -> int:
        """Games played over the board with a known result."""
        return self.first_wins + self.draws + self.second_wins

    @property
    def decisive(self) -> int:
        return self.first_wins + self.second_wins

    @property
    def first_score(self) -> Fraction | None:
        """The first player's (red's, white's, black's in go) share of the points of the played games.

        >>> Tally(first_wins=3, draws=2, second_wins=1).first_score
        Fraction(2, 3)
        """
        return Fraction(2 * self.first_wins + self.draws, 2 * self.played) if self.played else None

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass(frozen=True)
class Upset:
    """A played game won by the lower-rated player."""

    round: int
    board: int
    winner: int
    loser: int
    difference: int  # the loser's rating minus the winner's, > 0


@dataclass
class Statistics:
    rounds: dict[int, Tally]
    total: Tally
    upsets: list[Upset] = field(default_factory=list)  # largest difference first


def round_games(rnd: Round) -> list[Game]:
    """The games paired in a round: its boards, or every game of its knockout matches."""
    return list(rnd.all_games)


def section_statistics(section: Section) -> Statistics:
    """The tallies of every round with a game or a bye, their total, and the upsets: games won by the
    lower-rated player, but for games played with a handicap, whose stones answer the rating gap.

    >>> from site_builder.model import Player, Scoring
    >>> players = (Player(1, "A", 2000), Player(2, "B", 1800), Player(3, "C", 1900), Player(4, "D"))
    >>> games = (Game(1, 1, 2, Outcome.SECOND_WINS), Game(2, 3, 4, Outcome.FIRST_WINS_FORFEIT))
    >>> s = section_statistics(Section("o", "Open", "swiss", 5, Scoring(), (), players,
    ...                                (Round(1, games),)))
    >>> s.total.second_wins, s.total.forfeits, s.upsets
    (1, 1, [Upset(round=1, board=1, winner=2, loser=1, difference=200)])
    """
    rating = {p.number: p.rating for p in section.players}
    rounds: dict[int, Tally] = {}
    upsets: list[Upset] = []
    for rnd in section.rounds:
        tally = Tally(byes=len(rnd.byes), requested_byes=len(rnd.half_byes) + len(rnd.full_byes),
                      absent=len(rnd.absent))
        for game in round_games(rnd):
            _count(tally, game.outcome)
            if game.outcome in _WINS and not game.handicap:
                first_won = _WINS[game.outcome]
                winner, loser = (game.first, game.second) if first_won else (game.second, game.first)
                high, low = rating.get(loser), rating.get(winner)
                if high is not None and low is not None and high > low:
                    tally.upsets += 1
                    upsets.append(Upset(rnd.number, game.board, winner, loser, high - low))
        if tally != Tally():
            rounds[rnd.number] = tally
    total = Tally()
    for tally in rounds.values():
        total.add(tally)
    upsets.sort(key=lambda u: (-u.difference, u.round, u.board))
    return Statistics(rounds, total, upsets)


def _count(tally: Tally, outcome: Outcome) -> None:
    if outcome is Outcome.FIRST_WINS:
        tally.first_wins += 1
    elif outcome is Outcome.DRAW:
        tally.draws += 1
    elif outcome is Outcome.SECOND_WINS:
        tally.second_wins += 1
    elif outcome in (Outcome.FIRST_WINS_FORFEIT, Outcome.SECOND_WINS_FORFEIT):
        tally.forfeits += 1
    elif outcome is Outcome.DOUBLE_FORFEIT:
        tally.double_forfeits += 1
    elif outcome.is_abnormal:
        tally.abnormal += 1
    else:
        tally.pending += 1
