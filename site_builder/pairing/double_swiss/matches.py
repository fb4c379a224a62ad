"""A player's history in matches (C.04.5, preface): rounds 2m−1 and 2m of the section are the two
games of match m.

A match ends by forfeit only when one player forfeits both games: the two may then meet again, and
the match gives no colour. Any other match counts as played (a single forfeited game included); it
gives its players their colours of game 1 when one of its games was played over the board (art.
1.6: not when each player forfeited one). A bye (requested or allocated) applies to the match, never
to one game: the pairing-allocated bye is game 1's bye and game 2's half-point bye, a game won and a
game drawn (1½ points, art. 1.4)."""

from __future__ import annotations

from dataclasses import dataclass

from site_builder.engine.scoring import Entry, Kind, Records, Side, records
from site_builder.model import Game, Round, Section
from site_builder.pairing.dutch.from_section import baku_virtual_points

WHITE, BLACK = "w", "b"
#: A game a player lost without playing it (their forfeit, or both players').
_LOST_UNPLAYED = (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
#: A game a player won without playing it (the opponent's forfeit, or both players').
_WON_UNPLAYED = (Kind.FORFEIT_WIN, Kind.DOUBLE_FORFEIT)


@dataclass(frozen=True)
class MatchRecord:
    """One player's match: its opponent (None: no match), the player's colour in game 1 when the
    match was played, the points of both games (record units), and how it went."""

    number: int
    opponent: int | None
    colour: str | None  # game 1's colour, when a game of the match was played over the board
    points: int
    played: bool  # a match, not ended by forfeit (art. 0): a meeting and a colour
    pab: bool = False  # the pairing-allocated bye
    forfeit_won: bool = False  # the opponent forfeited both games and the player did not
    full_bye: bool = False  # a requested bye scoring a win in both games


@dataclass(frozen=True)
class SplitBye:
    """A player whose bye or absence game 2 of a match does not repeat from game 1: the round
    files' keys that name the player in game 1 (`first`) and game 2 (`second`), "" for none."""

    player: int
    first: str
    second: str


def requests(rnd: Round) -> dict[int, str]:
    """Each player the round file gives a bye or an absence, with its key."""
    lists = {"byes": rnd.byes, "half_byes": rnd.half_byes, "full_byes": rnd.full_byes, "absent": rnd.absent}
    return {p: key for key, players in lists.items() for p in players}


def split_byes(first: Round, second: Round) -> list[SplitBye]:
    """The players whose bye or absence is not the same in game 2 (`second`) as in game 1 (`first`):
    a bye applies to the match, never to one game (the preface), game 1's pairing-allocated bye
    being game 2's half-point bye (art. 1.4). A player game 1 does not name (entered between the
    games) may be absent from game 2; one who withdrew after game 1 need not be named in it."""
    had, has = requests(first), requests(second)
    wanted = {p: "half_byes" if key == "byes" else key for p, key in had.items()}
    late = {p for p, key in has.items() if key == "absent" and p not in first.entrants}
    gone = set(first.withdrawn) - set(has)
    named = sorted((set(wanted) | set(has)) - late - gone)
    return [SplitBye(p, had.get(p, ""), has.get(p, "")) for p in named if wanted.get(p, "") != has.get(p, "")]


def baku_points(rounds: int, match: int) -> int:
    """The virtual points of a player of Baku's group A before match `match` (from 1), in half
    points: those of the match's two rounds, by C.04.7 applied to the section's `rounds` (as
    TRF-2026's 250 records state them, round by round).

    >>> [baku_points(10, m) for m in range(1, 6)]
    [4, 3, 1, 0, 0]
    """
    virtual = baku_virtual_points(rounds)
    return sum(virtual[r] for r in (2 * match - 2, 2 * match - 1) if r < len(virtual))


def matches_played(recs: Records) -> int:
    """The matches whose two games the records hold."""
    return recs.rounds // 2


def match_of(first: Entry, second: Entry | None, number: int) -> MatchRecord:
    """Match `number` from the player's entries of its two games (`second` None: not yet played)."""
    kinds = (first.kind, second.kind if second is not None else first.kind)
    points = first.points + (second.points if second is not None else 0)
    opponent = first.opponent if first.opponent is not None else second.opponent if second else None
    if opponent is None:
        return MatchRecord(number, None, None, points, False, pab=first.kind is Kind.BYE,
                           full_bye=all(k is Kind.FULL_BYE for k in kinds))
    lost = all(k in _LOST_UNPLAYED for k in kinds)
    won = all(k in _WON_UNPLAYED for k in kinds)
    played = not (lost or won)
    over_the_board = first.kind.is_played or (second is not None and second.kind.is_played)
    side = first.side if over_the_board else None
    colour = None if side is None else WHITE if side is Side.FIRST else BLACK
    return MatchRecord(number, opponent, colour, points, played, forfeit_won=won and not lost)


def history(recs: Records, player: int, upto: int) -> tuple[MatchRecord, ...]:
    """The player's first `upto` matches."""
    entries = recs.entries[player]
    return tuple(match_of(entries[2 * m], entries[2 * m + 1] if 2 * m + 1 < len(entries) else None, m + 1)
                 for m in range(upto))


def second_matches(section: Section) -> list[tuple[Game, int]]:
    """Each game 1 of a match between two players who already played a match (not ended by
    forfeit), with the number of that match."""
    recs = records(section)
    found = []
    for rnd in section.rounds:
        if rnd.number % 2 == 0:
            continue
        done = rnd.number // 2
        for game in rnd.games:
            earlier = history(recs, game.first, done) if game.first in recs.entries else ()
            met = next((m.number for m in earlier if m.played and m.opponent == game.second), None)
            if met is not None:
                found.append((game, met))
    return found
