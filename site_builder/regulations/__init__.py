"""Regulation presets: the defaults a regulation (or a game's common practice) gives an event.

An event names a preset with `regulation:`; every value can still be overridden in its files.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from site_builder.model import Scoring, Tiebreak


@dataclass(frozen=True)
class Preset:
    """Defaults for scoring, tiebreak chain and ties."""

    title: str
    scoring: Scoring
    tiebreaks: tuple[Tiebreak, ...]
    ties: str = "share"
    system: str = "swiss"
    first_round: str = "fold"
    numbering: str = "seeding"


def _points(win: int | str, draw: int | str, loss: int | str = 0, bye: int | str | None = None) -> Scoring:
    w, d, lo = Fraction(str(win)), Fraction(str(draw)), Fraction(str(loss))
    return Scoring(win=w, draw=d, loss=lo, forfeit_win=w, forfeit_loss=lo,
                   bye=w if bye is None else Fraction(str(bye)))


def _chain(*ids: str | Tiebreak) -> tuple[Tiebreak, ...]:
    return tuple(t if isinstance(t, Tiebreak) else Tiebreak(t) for t in ids)


TWO_ONE_ZERO = _points(2, 1)
ONE_HALF_ZERO = _points(1, "1/2")

#: Defaults by game when no regulation is named.
GAME_DEFAULTS: dict[str, Preset] = {
    "xiangqi": Preset("Xiangqi Swiss", TWO_ONE_ZERO,
                      _chain("opponent-score", "cumulative", "wins", "second-wins", "second-games")),
    "gomoku": Preset("Gomoku Swiss", TWO_ONE_ZERO, _chain("opponent-score", "progressive-cuts")),
    "shogi": Preset("Shogi Swiss", TWO_ONE_ZERO, _chain("opponent-score", "cumulative", "wins")),
    "go": Preset("Go Swiss", ONE_HALF_ZERO, _chain("opponent-score", "sonneborn-berger", "wins")),
    "chess": Preset("Chess Swiss", ONE_HALF_ZERO,
                    _chain(
                        "opponent-score", Tiebreak("opponent-score", {"cut": 1}),
                        "sonneborn-berger", "wins",
                    )),
}

#: The seed regulations, by id (see shared rules).
REGULATIONS: dict[str, Preset] = {
    # rules/xiangqi-national-individual.md: bye scores a win (2); tiebreaks are a documented decision.
    "xiangqi-national-individual": Preset(
        "2017 National Xiangqi Individual Championship", TWO_ONE_ZERO,
        _chain("opponent-score", "cumulative", "wins", "second-wins", "second-games"),
        system="swiss-positional",
        first_round="lot",  # 二.1: upper half draws lower-half opponents
        numbering="codes",  # 二.2: secret random codes from round 2
    ),
}


def preset_for(regulation: str, game: str) -> Preset:
    """The preset of a regulation id, else the default of the game."""
    return REGULATIONS.get(regulation) or GAME_DEFAULTS[game]
