"""One match round of C.04.5: the pairing-allocated bye first, then each bracket (the top
scoregroup and the upfloaters it needs) paired by the lexicographic identifier, colours of game 1
last.

C.04.5 was approved with the Swiss Team Pairing System (C.04.6) and shares its pairing process
(art. 1.3–3.6: resident players and upfloaters, no downfloaters, brackets paired by the smallest
identifier): a player here is paired as a team is there, by `pairing.fide_team.engine`, with the
game points of its matches as the only score and the colour of game 1 as its colour in a match.
The criteria, in that order: [C1] no rematch of a played match, [C2] no second bye and no bye after
a match won by forfeit or a requested bye scoring a win, [C3] a pairing remains for the players not
yet paired; [C4] fewest upfloaters, [C5] their scores highest, [C6] the following scoregroup stays
pairable, [C7] fewest upfloaters that floated in the previous match (not in the last two matches);
[C8] fewest pairs of players that prefer the same colour in game 1, [C10] fewest upfloaters paired
with a player that floated in the previous match (not in the last two matches); then the identifier
(art. 3.6.2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from site_builder.pairing.fide_team.colours import BLACK, WHITE, other
from site_builder.pairing.fide_team.engine import NoTeamPairing, Rules, TeamState, pair_round

__all__ = ["BLACK", "WHITE", "MatchPairing", "NoMatchPairing", "Player", "other", "pair_match"]


class NoMatchPairing(Exception):
    """No pairing complies with the absolute criteria (the arbiter pairs the round)."""


@dataclass(frozen=True)
class Player:
    """A player before the match round: pairing number (TPN, art. 1.1), score (game points, in
    half points, with any virtual points of an acceleration), history."""

    number: int
    score: int
    opponents: frozenset[int] = frozenset()  # met in a played match
    colours: str = ""  # game 1's colour of each played match, oldest first ("w"/"b")
    floated: bool = False  # paired in the previous match with a player of another score
    bye_barred: bool = False  # [C2]
    matches: int = 0  # played matches


@dataclass(frozen=True)
class MatchPairing:
    """The round's matches, each (White in game 1, Black in game 1), in board order, its
    pairing-allocated bye and its upfloaters."""

    matches: tuple[tuple[int, int], ...]
    bye: int | None
    upfloaters: tuple[int, ...]


def pair_match(players: Sequence[Player], round_number: int, rounds: int, initial: str) -> MatchPairing:
    """Match round `round_number` of `rounds`; `initial`: game 1's colour of the smaller pairing
    number in the first match on the odd boards' pattern ("w" or "b", art. 4)."""
    states = [TeamState(p.number, p.score, 0, p.opponents, p.colours, p.floated, p.bye_barred, p.matches)
              for p in players]
    try:
        result = pair_round(states, Rules(rounds, round_number, "A", initial, False))
    except NoTeamPairing as error:
        raise NoMatchPairing(str(error).replace("C.04.6", "C.04.5").replace("team", "player")) from None
    return MatchPairing(tuple((m.white, m.black) for m in result.matches), result.bye, result.upfloaters)
