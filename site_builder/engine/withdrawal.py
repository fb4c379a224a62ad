"""The withdrawal rule of a round robin: a player who leaves having completed less than half of
their games has every result cancelled for the standings (FIDE Tournament Rules, C.06 (2011)
art. 5.4, kept in C.05 General Regulations for Competitions, "Unplayed games").

"If a player has completed less than 50% of his games and leaves the tournament, his score remains
in the tournament table (for rating and historical purposes), but the points scored by him or
against him are not counted in the final standings." A player who completed at least half keeps
every result. "Completed" is a game played over the board (a forfeit was not played).
"""

from __future__ import annotations

import dataclasses

from site_builder.model import Section


def cancelled(section: Section, upto: int, games_each: int) -> frozenset[int]:
    """The players withdrawn after rounds 1..`upto` who had played fewer than half of their
    `games_each` games over the board by then.

    >>> from site_builder.model import Game, Outcome, Round, Section, Scoring, Player
    >>> play = lambda a, b: Game(1, a, b, Outcome.FIRST_WINS)
    >>> s = Section("s", "s", "round-robin", 3, Scoring(), (), tuple(Player(n, str(n)) for n in (1, 2, 3)),
    ...             (Round(1, (play(1, 2),), byes=(3,), withdrawn=(3,)),))
    >>> cancelled(s, 1, 2), cancelled(s, 0, 2)
    (frozenset({3}), frozenset())
    """
    withdrawn = section.field_changes.upto(upto).withdrawn
    out = set()
    for player, last in withdrawn.items():
        completed = sum(1 for rnd in section.rounds if rnd.number <= last for g in rnd.games
                        if player in (g.first, g.second) and g.outcome.is_played)
        if 2 * completed < games_each:
            out.add(player)
    return frozenset(out)


def without(section: Section, players: frozenset[int]) -> Section:
    """`section` with every game of `players` left out (their results and their opponents')."""
    return dataclasses.replace(section, rounds=tuple(
        dataclasses.replace(rnd, games=tuple(g for g in rnd.games if not {g.first, g.second} & players))
        for rnd in section.rounds))
