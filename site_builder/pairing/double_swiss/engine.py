"""One match round of C.04.5: the pairing-allocated bye first, then each bracket (the top
scoregroup and the upfloaters it needs) paired by the first pairing identifier, colours of game 1
last (art. 4, `colours`).

C.04.5 repeats the pairing process of the Swiss Team Pairing System (C.04.6, approved the same day)
article for article (3.3–3.6: resident players and upfloaters, no downfloaters, a bracket paired by
its first identifier): a player here is paired as a team is there, by `pairing.fide_team.engine`,
with the game points of its matches as the only score and no colour preferences, for C.04.5 has no
colour criterion. The criteria, in order: [C1] no rematch of a match not ended by forfeit, [C2] no
bye for a player who had one, won a match by forfeit or had a requested bye scoring two wins, [C3] a
pairing remains for the players not yet paired; [C4] fewest upfloaters, [C5] their scores highest,
[C6] the following scoregroup stays pairable, [C7] fewest upfloaters that floated in the previous
match; then the order of art. 3.5.4; in the bracket [C8] fewest upfloaters' opponents that floated
in the previous match, then the identifier of art. 3.6.2. [C7] and [C8] lapse in the last match
only (C.04.6's lapse in its last two rounds: the team engine is told of one match more)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from site_builder.pairing.double_swiss.colours import Side, allocate, higher
from site_builder.pairing.fide_team.engine import NoTeamPairing, Rules, TeamState, pair_round


class NoMatchPairing(Exception):
    """No pairing complies with the absolute criteria (the arbiter pairs the round)."""


@dataclass(frozen=True)
class Player:
    """A player before the match round: pairing number (TPN, art. 1.1), score (game points, in
    half points, with any virtual points of an acceleration), history."""

    number: int
    score: int
    opponents: frozenset[int] = frozenset()  # met in a match not ended by forfeit
    colours: str = ""  # game 1's colour of each match in which a game was played, oldest first
    floated: bool = False  # paired in the previous match with a player of another score
    bye_barred: bool = False  # [C2]
    matches: int = 0  # played matches (art. 3.4.3)


@dataclass(frozen=True)
class MatchPairing:
    """The round's matches, each (White in game 1, Black in game 1, the article of art. 4.3 that
    gave the colours), in board order, its pairing-allocated bye and its upfloaters."""

    matches: tuple[tuple[int, int, str], ...]
    bye: int | None
    upfloaters: tuple[int, ...]


def pair_match(players: Sequence[Player], round_number: int, rounds: int, initial: str) -> MatchPairing:
    """Match round `round_number` of `rounds`; `initial`: the initial-colour of art. 4.3.1 ("w" or "b")."""
    states = [TeamState(p.number, p.score, 0, p.opponents, p.colours, p.floated, p.bye_barred, p.matches)
              for p in players]
    try:
        result = pair_round(states, Rules(rounds + 1, round_number, "none", initial, False))
    except NoTeamPairing as error:
        raise NoMatchPairing(str(error).replace("C.04.6", "C.04.5").replace("team", "player")) from None
    sides = {p.number: Side(p.number, p.score, p.colours) for p in players}
    pairs = sorted(((sides[m.white], sides[m.black]) for m in result.matches), key=_board)
    matches = tuple(allocate(a, b, initial) for a, b in pairs)
    return MatchPairing(matches, result.bye, result.upfloaters)


def _board(pair: tuple[Side, Side]) -> tuple[int, int, int]:
    """The boards' order (C.04.2 art. 3.6), the higher-ranked player standing for the pair: its
    score, then the other player's, then its pairing number."""
    high, low = pair if higher(*pair) else pair[::-1]
    return -high.score, -low.score, high.number
