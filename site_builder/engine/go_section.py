"""A go section as OpenGotha's scores read it: its players, games and byes as `GoPlayer`, `GoGame`
and the byes by round (`site_builder.engine.go_scores`), and every player's scores by number.

The one adapter from the content to go's scores: the standings' go tiebreaks and the go systems'
pairing (`site_builder.systems.go_common`) both read a section through it. A player's key is their
number; the first player of a game row is Black; a forfeit is a game won by default, a double
forfeit a double loss by default; a player listed absent (or on a requested half-point bye) in a
round is absent from it, a pairing bye or a requested full-point bye is OpenGotha's bye.

A go section's own settings (`GoSection`, its `komi`) are the section's go part (`Section.go`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from site_builder.engine.go_scores import (
    GeneralParameters,
    GoGame,
    GoPlayer,
    GoResult,
    PlayerScores,
    compute_scores,
)
from site_builder.model import Game, Outcome, Player, Round, Section


@dataclass(frozen=True)
class GoSection:
    """A go section's own settings (`Section.go`)."""

    komi: Fraction | None = None  # the komi of an even game (`komi:` of the section or the event)


def komi_of(section: Section) -> Fraction | None:
    """The komi of an even game in a go section (None: not said, or not go)."""
    return section.go.komi if section.go is not None else None


#: A game's outcome (first player Black) as OpenGotha's result, and whether it was by default.
_RESULTS = {
    Outcome.FIRST_WINS: (GoResult.BLACK_WINS, False),
    Outcome.SECOND_WINS: (GoResult.WHITE_WINS, False),
    Outcome.DRAW: (GoResult.JIGO, False),
    Outcome.FIRST_WINS_FORFEIT: (GoResult.BLACK_WINS, True),
    Outcome.SECOND_WINS_FORFEIT: (GoResult.WHITE_WINS, True),
    Outcome.DOUBLE_FORFEIT: (GoResult.BOTH_LOSE, True),
    Outcome.PENDING: (GoResult.UNKNOWN, False),
}
UNRATED = -900  # OpenGotha's rating of a player without one


def key(number: int) -> str:
    """The go key of player `number`."""
    return str(number)


def number(player_key: str) -> int:
    """The player number of a go key."""
    return int(player_key)


def gotha_names(name: str) -> tuple[str, str]:
    """OpenGotha's name and first name of a content name, the one split of the pairing and the
    export: "Surname, Given" gives the two, a name without a comma is split at its first space, a
    Chinese, Japanese or Korean name of one word after its first letter (the surname); another
    name of one word has no first name ("").

    >>> gotha_names("Dubois, Claire"), gotha_names("Player 11"), gotha_names("王朵朵")
    (('Dubois', 'Claire'), ('Player', '11'), ('王', '朵朵'))
    """
    surname, comma, given = name.partition(",")
    if comma:
        return surname.strip(), given.strip()
    words = " ".join(name.split())
    if " " not in words and len(words) > 1 and unicodedata.east_asian_width(words[0]) in "WF":
        return words[0], words[1:]
    surname, _, given = words.partition(" ")
    return surname, given


def go_player(player: Player, absent: Iterable[int] = ()) -> GoPlayer:
    """A player as OpenGotha sees them: rank (30k without one), rating, country, club and the
    correction of their start MMS (`mms_correction:`, a super-bar's +1)."""
    surname, given = gotha_names(player.name)
    return GoPlayer(key(player.number), surname, given, player.rank.value if player.rank else -30,
                    player.rating if player.rating is not None else UNRATED,
                    player.fields.get("federation", ""), player.club,
                    smms_correction=int(player.fields.get("mms_correction", "0")), absent=frozenset(absent))


def go_game(round_number: int, game: Game) -> GoGame:
    """A game of the section as OpenGotha's (White is the second player)."""
    result, by_default = _RESULTS[game.outcome]
    return GoGame(round_number, key(game.second), key(game.first), game.handicap or 0, result, by_default,
                  game.board)


def go_inputs(section: Section, upto: int | None = None, absent: dict[int, set[int]] | None = None
              ) -> tuple[tuple[GoPlayer, ...], tuple[GoGame, ...], dict[int, str]]:
    """The players, games and byes of rounds 1..`upto` (all by default); `absent` adds players absent
    from later rounds (round → numbers), as a pairing leaves them out."""
    rounds = [r for r in section.rounds if upto is None or r.number <= upto]
    away: dict[int, set[int]] = {}
    for rnd in rounds:
        for player in (*rnd.absent, *rnd.half_byes):
            away.setdefault(player, set()).add(rnd.number)
    for round_number, numbers in (absent or {}).items():
        for player in numbers:
            away.setdefault(player, set()).add(round_number)
    players = tuple(go_player(p, away.get(p.number, ())) for p in section.players)
    games = tuple(go_game(r.number, g) for r in rounds for g in r.games)
    return players, games, {r.number: key(b) for r in rounds for b in byes(r)}


def byes(rnd: Round) -> tuple[int, ...]:
    """The players OpenGotha counts as given the bye in a round."""
    return (*rnd.byes, *rnd.full_byes)


def go_scores(section: Section, upto: int, general: GeneralParameters) -> dict[int, PlayerScores]:
    """Every player's go scores over rounds 1..`upto`, by number."""
    players, games, given = go_inputs(section, upto)
    table = compute_scores(players, games, given, general)
    return {number(k): scores for k, scores in table.items()}
