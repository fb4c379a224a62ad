"""Values as the exports write them (docs/event.schema.json): exact decimal strings for points,
outcomes by name, games; shared by `render.exports` and each page set's part of event.json."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from site_builder.model import Game, Outcome
from site_builder.views import format as fmt
from site_builder.views.section import SectionShown

OUTCOMES = {
    Outcome.FIRST_WINS: "first-wins", Outcome.DRAW: "draw", Outcome.SECOND_WINS: "second-wins",
    Outcome.FIRST_WINS_FORFEIT: "first-wins-forfeit", Outcome.SECOND_WINS_FORFEIT: "second-wins-forfeit",
    Outcome.DOUBLE_FORFEIT: "double-forfeit", Outcome.PENDING: "pending",
    Outcome.FIRST_HALF: "first-half-second-zero", Outcome.SECOND_HALF: "first-zero-second-half",
    Outcome.DOUBLE_LOSS: "double-loss",
}


def exact(value: int | Fraction) -> str:
    """An exact decimal string: 2 → "2", 5/2 → "2.5", 1/8 → "0.125"; 4/3 → "4/3"."""
    value = Fraction(value)
    rest, twos, fives = value.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    scaled = value * 10**places
    sign, digits = ("-" if scaled < 0 else ""), str(abs(scaled.numerator)).rjust(places + 1, "0")
    return sign + (f"{digits[:-places]}.{digits[-places:]}" if places else digits)


@lru_cache(maxsize=65536)
def _units(units: int | Fraction, divisor: int) -> str:
    """Engine units as exact points (memoized: standings repeat the same few values)."""
    return exact(Fraction(units, divisor))


def points_json(data: SectionShown, units: int | Fraction, power: int = 1) -> str:
    """The engine's units of the section as exact points (`power`: of a product of points)."""
    return _units(units, data.records.scale**power)


def game_json(data: SectionShown, game: Game) -> dict[str, Any]:
    return {"board": game.board, "first": game.first, "second": game.second,
            "result": fmt.result(game.outcome, data.event.game, game.detail),
            "outcome": OUTCOMES[game.outcome],
            "kind": game.kind.value, **({} if game.rated else {"rated": False})}
