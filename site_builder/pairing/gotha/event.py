"""An event as OpenGotha pairs it: players, games, byes, clubs groups and parameter sets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from site_builder.engine.go_scores import GoGame, GoPlayer
from site_builder.pairing.gotha.parameters import GothaParameters


@dataclass(frozen=True)
class GothaEvent:
    """Everything OpenGotha reads to pair a round; rounds are numbered from 1."""

    players: tuple[GoPlayer, ...]
    games: tuple[GoGame, ...] = ()
    byes: Mapping[int, str] = field(default_factory=dict)  # round → player key
    parameters: GothaParameters = field(default_factory=GothaParameters)
    clubs_groups: tuple[frozenset[str], ...] = ()  # club names (lower case) of each group
    #: pairs the organizer keeps apart in the round being paired (`keep_apart:`, `forbidden:`), weighed
    #: as a rematch: OpenGotha's first criterion
    apart: frozenset[frozenset[str]] = frozenset()

    def before(self, number: int) -> GothaEvent:
        """The event as it stood when round `number` was paired: earlier games and byes only."""
        return GothaEvent(self.players, tuple(g for g in self.games if g.round < number),
                          {r: k for r, k in self.byes.items() if r < number}, self.parameters,
                          self.clubs_groups, self.apart)

    def player(self, key: str) -> GoPlayer:
        """The player with this key."""
        return next(p for p in self.players if p.key == key)
