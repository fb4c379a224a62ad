"""FIDE C.07 Article 16: how unplayed rounds count in opponent-based tiebreaks, in the text
approved in 2023 and in the one with Article 16.4 amended (approved 2 February 2026, applied to
events from 1 March 2026; `Section.c07_text`).

Each round of a player up to the standings' round is one *element* of Buchholz-type sums:

- a game played over the board contributes the opponent's score adjusted by 16.3;
- an unplayed round (16.2: a pairing-allocated or full-point bye, a forfeit win or loss, a
  requested half- or zero-point bye, an absence, rounds after a withdrawal) is a game against a
  dummy opponent whose score is the player's own (16.4), which the 2026 text caps (`dummy_limit`);
  it is a *voluntarily unplayed round* (VUR)
  unless it scored a win without playing (a pairing-allocated or full-point bye, 16.2.1, or a
  forfeit win, 16.2.2), and cuts remove VUR elements first (16.5).

16.3: for opponents' tiebreaks a player's score counts the unplayed rounds after their last round
that was no VUR (played, a pairing-allocated or full-point bye, a forfeit win) as draws when they
were requested byes, absences or rounds after a withdrawal (16.2.5); forfeit losses (16.2.4) count
as scored. A full-point bye is a round the player was there for, whether `full_byes:` or the
pairing gave it (docs/chess.md, "Tiebreaks where C.07 leaves room"). In a round robin
(`round-robin` system) a forfeit is a game against the scheduled opponent (Article 15).
All values are integers in point units (see `scoring.Records`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from site_builder.engine.scoring import Entry, Kind

#: Unplayed rounds a player chose (16.5): half- and zero-point byes, absences and forfeit losses.
VOLUNTARY = frozenset({Kind.HALF_BYE, Kind.ABSENT, Kind.NOT_PAIRED, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT})
#: Rounds that show the player was there to play (16.2.3 vs 16.2.5): games, and the byes and forfeit
#: wins that score a win without playing (16.2.1, 16.2.2).
PARTICIPATED = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.BYE, Kind.FULL_BYE, Kind.FORFEIT_WIN})
#: Unplayed rounds that count as draws for the opponents when no participation follows (16.2.5).
LATE_AS_DRAW = frozenset({Kind.HALF_BYE, Kind.ABSENT, Kind.NOT_PAIRED})
#: Forfeits (16.2.2 won, 16.2.4 lost, both sides of a double forfeit): rounds with a scheduled opponent.
FORFEITS = frozenset({Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT})


@dataclass(frozen=True, slots=True)
class Element:
    """One round's contribution to a Buchholz-type sum."""

    round: int
    value: int  # an opponent's (or the dummy's) score, in units
    voluntary: bool  # a VUR: cut first (16.5)
    played: bool  # against a real opponent (over the board, or a round-robin forfeit)
    points: int  # what the player scored in the round


def counts_opponent(entry: Entry, round_robin: bool) -> bool:
    """True when the round is a game against its real opponent for tiebreak purposes."""
    if entry.opponent is None or not entry.kind.has_result:
        return False
    return entry.kind.is_played or (round_robin and entry.kind is not Kind.DOUBLE_FORFEIT)


def adjusted_score(history: tuple[Entry, ...], draw: int) -> int:
    """A player's score as their opponents' tiebreaks use it (16.3): 16.2.5 rounds are draws."""
    last = max((i for i, e in enumerate(history) if e.kind in PARTICIPATED), default=-1)
    return sum(draw if i > last and e.kind in LATE_AS_DRAW else e.points for i, e in enumerate(history))


def dummy_limit(draw: int, rounds: int) -> int:
    """16.4.2 (2026 text): the most a dummy scores for an unplayed round other than a forfeit — the
    points of a draw times the number of rounds in the tournament (the rounds planned, not those
    the standings have reached)."""
    return draw * rounds


def dummy_score(entry: Entry, own: int, adjusted: dict[int, int], limit: int | None) -> int:
    """The dummy opponent's score for an unplayed round (16.4): the player's own score; under the 2026
    text (`limit` given, `dummy_limit`) no more than the scheduled opponent's adjusted score for a
    forfeit (16.4.1: 16.2.2, 16.2.4), nor than `limit` for the other rounds (16.4.2: 16.2.1, 16.2.3,
    16.2.5)."""
    if limit is None:
        return own
    if entry.kind in FORFEITS and entry.opponent is not None:
        return min(own, adjusted[entry.opponent])
    return min(own, limit)


def elements(history: tuple[Entry, ...], own: int, adjusted: dict[int, int], round_robin: bool,
             limit: int | None = None) -> list[Element]:
    """The player's elements: the adjusted opponent score, or the dummy's score (16.4,
    `dummy_score`: `limit` None under the 2023 text).

    In a round robin a round without an opponent (a bye) contributes nothing.
    """
    out = []
    for e in history:
        if not e.kind.has_result:
            continue
        if counts_opponent(e, round_robin) and e.opponent is not None:  # counts_opponent: it is
            out.append(Element(e.round, adjusted[e.opponent], False, True, e.points))
        elif not round_robin or e.opponent is not None:
            dummy = dummy_score(e, own, adjusted, limit)
            out.append(Element(e.round, dummy, e.kind in VOLUNTARY, False, e.points))
    return out


def cut(items: list[Element], lowest: int, highest: int = 0,
        key: Callable[[Element], int] = lambda el: el.value) -> list[Element]:
    """Remove the `lowest` least significant elements, VURs first (14.1, 14.2, 16.5), then the
    `highest` most significant ones (Median, 14.3, 14.4)."""
    rest = list(items)
    for _ in range(min(lowest, len(rest))):
        voluntary = [el for el in rest if el.voluntary]
        rest.remove(min(voluntary or rest, key=key))
    for _ in range(min(highest, len(rest))):
        rest.remove(max(rest, key=key))
    return rest
