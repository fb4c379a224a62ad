"""Formatting of points, names and results for pages (no computation of scores here)."""

from __future__ import annotations

import datetime as dt
import unicodedata
import zoneinfo
from fractions import Fraction

from site_builder.engine.scoring import Kind
from site_builder.games.registry import game_of
from site_builder.model import Outcome

_RESULTS_CHESS = {
    Outcome.FIRST_WINS: "1-0", Outcome.DRAW: "½-½", Outcome.SECOND_WINS: "0-1",
    Outcome.FIRST_WINS_FORFEIT: "+ -", Outcome.SECOND_WINS_FORFEIT: "- +",
    Outcome.DOUBLE_FORFEIT: "- -", Outcome.PENDING: "?",
}
_RESULTS_COLON = {
    Outcome.FIRST_WINS: "2:0", Outcome.DRAW: "1:1", Outcome.SECOND_WINS: "0:2",
    Outcome.FIRST_WINS_FORFEIT: "+:-", Outcome.SECOND_WINS_FORFEIT: "-:+",
    Outcome.DOUBLE_FORFEIT: "-:-", Outcome.PENDING: "?",
}
#: One-character result marks for crosstable cells, from the player's point of view.
RESULT_MARKS = {
    Kind.WIN: "+", Kind.DRAW: "=", Kind.LOSS: "−", Kind.FORFEIT_WIN: "+",
    Kind.FORFEIT_LOSS: "−", Kind.DOUBLE_FORFEIT: "−", Kind.PENDING: "?",
}


def points(value: Fraction, whole: bool = False) -> str:
    """Points with one decimal (`2.0`, `1.5`), more only when needed (`1.25`); a whole number as
    such (`14`) when `whole` (the scoring has no fractions of a point).

    >>> points(Fraction(14)), points(Fraction(14), whole=True), points(Fraction(29, 2), whole=True)
    ('14.0', '14', '14.5')
    """
    if whole and value.denominator == 1:
        return str(value.numerator)
    if (value * 10).denominator == 1:
        return f"{float(value):.1f}"
    return f"{float(value):.2f}"


def result(outcome: Outcome, game: str) -> str:
    """A result in the notation of the game: `2:0` (xiangqi, seed 004) or `1-0` (chess, go, shogi):
    its `Game.point_results`."""
    return (_RESULTS_COLON if game_of(game).point_results else _RESULTS_CHESS)[outcome]


def _is_cjk(char: str) -> bool:
    return unicodedata.east_asian_width(char) == "W"


def padded_name(name: str) -> str:
    """Two-character Chinese names padded with an ideographic space (孙文 → 孙　文), as in seed 004."""
    if len(name) == 2 and all(_is_cjk(c) for c in name):
        return f"{name[0]}\u3000{name[1]}"
    return name


def natural_name(name: str) -> str:
    """A name as a certificate or a letter addresses the person: "Surname, Given" (the order of
    rating lists and pairings) turned to "Given Surname"; any other name as it is.

    >>> natural_name("Dubois, Claire"), natural_name("de Vries, Anna"), natural_name("王芳")
    ('Claire Dubois', 'Anna de Vries', '王芳')
    >>> natural_name("Smith, J., Jr."), natural_name("Madonna")
    ('Smith, J., Jr.', 'Madonna')
    """
    surname, comma, given = name.partition(",")
    if not comma or "," in given or not surname.strip() or not given.strip():
        return name
    return f"{given.strip()} {surname.strip()}"


def commit_time(updated: str, timezone: str = "") -> str:
    """A commit time as pages show it: in the event's `timezone` (an IANA name), else in UTC, with
    the offset.

    >>> commit_time("2023-08-20T10:30:05Z", "Asia/Shanghai")
    '2023-08-20 18:30 UTC+08:00'
    >>> commit_time("2026-11-30T12:12:09+01:00")
    '2026-11-30 11:12 UTC'
    """
    moment = dt.datetime.fromisoformat(updated.replace("Z", "+00:00"))
    moment = moment.astimezone(zoneinfo.ZoneInfo(timezone) if timezone else dt.UTC)
    offset = moment.strftime("%z")
    zone = "UTC" if offset in ("+0000", "") else f"UTC{offset[:3]}:{offset[3:]}"
    return f"{moment:%Y-%m-%d %H:%M} {zone}"


def signed(value: Fraction) -> str:
    """A rating change with its sign and one decimal.

    >>> signed(Fraction(62, 5)), signed(Fraction(-3, 4)), signed(Fraction(0))
    ('+12.4', '-0.8', '0.0')
    """
    tenths = round(value * 10)
    return f"{'+' if tenths > 0 else '-' if tenths < 0 else ''}{abs(tenths) // 10}.{abs(tenths) % 10}"
