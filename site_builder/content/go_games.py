"""A go game's terms in a round file: its result as go players write it (`B+R`, `W+3.5`, `jigo` …),
its handicap and its komi (docs/go.md). The first player of a row is Black, who moves first
(in a handicap game, after the handicap stones are placed), as the first player of every game's rows
has the first move.

Handicap follows the EGF's and OpenGotha's convention: 0 is an even game with the event's komi, 1
a game without komi (Black plays first; komi 0.5 breaks the tie), 2–9 the stones Black places
(komi 0.5); more than 9 stones (OpenGotha's ceiling) or a negative count is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from site_builder.content.schema import type_name
from site_builder.engine.go_section import GoSection
from site_builder.errors import Location, Problems
from site_builder.games.go_terms import ACCEPTED as ACCEPTED  # the results of a round file, in its errors
from site_builder.games.go_terms import format_komi
from site_builder.games.registry import game_of, names
from site_builder.model import Outcome

MAX_HANDICAP = 9

_WIN = re.compile(r"([BW])\+(R|RESIGN|T|TIME|F|FORFEIT|\d+(?:\.\d+)?)?")
_HOW = {"RESIGN": "R", "TIME": "T", "FORFEIT": "F"}
_OTHER = {"JIGO": Outcome.DRAW, "=": Outcome.DRAW, "+-": Outcome.FIRST_WINS_FORFEIT,
          "+:-": Outcome.FIRST_WINS_FORFEIT, "-+": Outcome.SECOND_WINS_FORFEIT,
          "-:+": Outcome.SECOND_WINS_FORFEIT, "0-0": Outcome.DOUBLE_FORFEIT, "--": Outcome.DOUBLE_FORFEIT,
          "-:-": Outcome.DOUBLE_FORFEIT, "?": Outcome.PENDING, "": Outcome.PENDING}


@dataclass(frozen=True)
class GoResult:
    """A go result: its outcome for the first player (Black), its notation as pages show it ("B+R",
    "W+3.5", "" when the outcome says it all) and the points it was won by (None: not by points)."""

    outcome: Outcome
    detail: str = ""
    margin: Fraction | None = None


def parse_go_result(value: object) -> GoResult | None:
    """The go result `value` writes, or None when it is not one.

    >>> parse_go_result("b+r")
    GoResult(outcome=<Outcome.FIRST_WINS: '1-0'>, detail='B+R', margin=None)
    >>> parse_go_result("W+3.5").margin, parse_go_result("jigo").outcome
    (Fraction(7, 2), <Outcome.DRAW: '='>)
    >>> parse_go_result("B+F").outcome, parse_go_result("1-0"), parse_go_result("B+0")
    (<Outcome.FIRST_WINS_FORFEIT: '+-'>, None, None)
    """
    if value is None:
        return GoResult(Outcome.PENDING)
    if isinstance(value, bool) or not isinstance(value, str):
        return None
    text = re.sub(r"\s", "", value).upper()
    if text in _OTHER:
        return GoResult(_OTHER[text])
    match = _WIN.fullmatch(text)
    if match is None:
        return None
    black = match[1] == "B"
    how = _HOW.get(match[2] or "", match[2] or "")
    if how == "F":
        return GoResult(Outcome.FIRST_WINS_FORFEIT if black else Outcome.SECOND_WINS_FORFEIT, f"{match[1]}+F")
    outcome = Outcome.FIRST_WINS if black else Outcome.SECOND_WINS
    if how in ("", "R", "T"):
        return GoResult(outcome, f"{match[1]}+{how}" if how else "")
    margin = Fraction(how)
    if margin <= 0 or (margin * 2).denominator != 1:
        return None  # a win is by half points: 0.5, 1, 1.5 …
    return GoResult(outcome, f"{match[1]}+{how}", margin)


def read_handicap(value: Any, loc: Location, problems: Problems) -> int | None:
    """A game's `handicap:` (0–9), or None after a located problem."""
    if isinstance(value, bool) or not isinstance(value, int):
        problems.add(loc, f"a handicap is a number of stones, found {type_name(value)}",
                     "write 'handicap: 3' (0 even, 1 no komi, 2–9 stones)")
        return None
    if value < 0:
        problems.add(loc, f"handicap {value} is negative", "write 0 for an even game, 2–9 for stones")
        return None
    if value > MAX_HANDICAP:
        problems.add(loc, f"handicap {value} is past the ceiling of {MAX_HANDICAP} stones",
                     f"write a handicap of 0 to {MAX_HANDICAP}")
        return None
    return value


def read_komi(value: Any, loc: Location, problems: Problems) -> Fraction | None:
    """A `komi:` (a multiple of ½: 6.5, 7.5, 0.5, 0, −5.5), or None after a located problem."""
    try:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise ValueError
        komi = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError):
        problems.add(loc, f"a komi is a number of points, found {type_name(value)}",
                     "write e.g. 'komi: 6.5' (Japanese rules), 7.5 (Chinese rules) or 0.5")
        return None
    if (komi * 2).denominator != 1:
        problems.add(loc, f"komi {value} is not a multiple of ½", "write e.g. 6.5, 7 or 7.5")
        return None
    return komi


def section_go(f: Any, game: str, default: Fraction | None, problems: Problems) -> GoSection | None:
    """A go section's own settings (its komi, `section_komi`); None in a game without go's terms."""
    komi = section_komi(f, game, default, problems)
    return GoSection(komi) if game_of(game).game_terms else None


def section_komi(f: Any, game: str, default: Fraction | None, problems: Problems) -> Fraction | None:
    """`komi:` of an event or a section (a `MapReader`), else `default`; refused outside go."""
    if not f.has("komi"):
        return default
    if not game_of(game).game_terms:
        having = [name for name in names() if game_of(name).game_terms]
        problems.add(f.at("komi"), f"'komi' belongs to {' or '.join(having)} events, but the event's game "
                     f"is {game}", f"remove it, or set 'game: {having[0]}'")
        return default
    return read_komi(f.raw("komi"), f.at("komi"), problems)


def check_against_komi(result: GoResult, komi: Fraction | None, loc: Location, problems: Problems) -> bool:
    """Whether `result` can happen with `komi` (unknown komi: any): a jigo needs a whole komi, and a
    win by points differs from the komi by whole points (B+3.5 with komi 6.5, B+3 with komi 7)."""
    if komi is None:
        return True
    if result.outcome is Outcome.DRAW and komi.denominator != 1:
        problems.add(loc, f"jigo cannot happen with komi {format_komi(komi)}",
                     "a jigo needs a whole komi (e.g. 'komi: 7'); write B+ or W+ with the margin")
        return False
    if result.margin is not None and (result.margin + komi).denominator != 1:
        whole = "whole points" if komi.denominator == 1 else "a half point (3.5, 0.5 …)"
        problems.add(loc, f"{result.detail} cannot happen with komi {format_komi(komi)}",
                     f"with this komi a game is won by {whole}")
        return False
    return True


