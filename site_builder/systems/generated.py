"""What `bulletin generate` needs to play a system (its `Profile`): a system declares
`generated: ClassVar[Profile]` to be playable, so that a new system brings its own entry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Protocol, runtime_checkable


class Asked(Protocol):
    """The parameters of a generated tournament that a system's event keys read
    (`site_builder.tournament.generator.Spec`)."""

    @property
    def first_colour(self) -> str: ...
    @property
    def baku(self) -> bool: ...
    @property
    def boards(self) -> int: ...
    @property
    def cycles(self) -> int: ...
    @property
    def swap_last_rounds(self) -> bool: ...
    @property
    def bar(self) -> str: ...
    @property
    def floor(self) -> str: ...


def no_keys(spec: Asked) -> list[str]:
    """A system whose generated section needs no key beyond the common ones."""
    return []


@dataclass(frozen=True)
class Profile:
    """What a system's generated event needs: its section keys beyond the common ones (`keys`),
    whether teams are its entrants, whether it takes requested byes, the decisive results it needs
    (a knockout's matches must end), whether it is a Swiss (by default at most half as many rounds
    as entrants: more often leave no legal pairing), whether it is go's (ranks, go results), whether
    it plays a second cycle, and why every entrant needs a rating (`rated`; "": unrated players are
    paired, and `--unrated` makes some)."""

    keys: Callable[[Asked], list[str]] = no_keys
    teams: bool = False
    requests: bool = False
    decisive: bool = False
    swiss: bool = True
    go: bool = False
    cycles: bool = False
    rated: str = ""


def fide_keys(spec: Asked) -> list[str]:
    """A FIDE Swiss's keys: the top seed's colour in round 1, and the Baku acceleration when asked."""
    return [f"first_colour: {spec.first_colour}", *(["acceleration: baku"] if spec.baku else [])]


@runtime_checkable
class Generates(Protocol):
    """A system `bulletin generate` plays."""

    generated: ClassVar[Profile]
