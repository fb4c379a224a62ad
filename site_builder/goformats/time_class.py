"""The EGF class of a tournament (A, B, C) from its time control, as the EGF's rating pages define it
(http://gemma.ujf.cas.cz/~cieply/GO/format.html, "Tournament classes") and OpenGotha computes it: the
adjusted time is the basic time plus the time of 45 moves of standard byo-yomi, of 60 moves of
Canadian byo-yomi, or 120 Fischer increments; each class needs both a basic and an adjusted time.

The time control is the event's `time_control:` text, read for its basic time ("60 min", "1 h",
"90分") and its overtime ("5×30 s byo-yomi", "15 stones in 5 min", "+ 20 s per move").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

_BASIC = re.compile(r"(\d+(?:\.\d+)?)\s*(h|hours?|min|minutes?|m\b|分|小时)", re.I)
_BYO_YOMI = re.compile(r"(\d+)\s*[x×*]\s*(\d+)\s*(?:s|sec|秒)|()(\d+)\s*(?:s|sec|秒)\s*byo-?yomi", re.I)
_CANADIAN = re.compile(r"(\d+)\s*(?:moves|stones|手|子)\s*(?:in|/|每)\s*(\d+(?:\.\d+)?)\s*(?:min|分)", re.I)
_FISCHER = re.compile(r"\+\s*(\d+)\s*(?:s|sec|秒)\b.*?(?:per move|increment|fischer|每步)"
                      r"|fischer\s*(\d+)\s*s", re.I)
#: Minimum basic and adjusted minutes of each class, best first: byo-yomi or sudden death, Fischer.
_CLASSES = {"byo-yomi": (("A", 60, 75), ("B", 40, 50), ("C", 25, 30)),
            "fischer": (("A", 45, 75), ("B", 30, 50), ("C", 20, 30))}


class TimeControlUnread(ValueError):
    """A time control whose basic time cannot be read."""


class Overtime(Enum):
    """What follows the basic time (OpenGotha's `complementaryTimeSystem`)."""

    SUDDEN_DEATH = "SUDDENDEATH"
    BYO_YOMI = "STDBYOYOMI"
    CANADIAN = "CANBYOYOMI"
    FISCHER = "FISCHER"


@dataclass(frozen=True)
class TimeControl:
    """A time control read: basic minutes, its overtime, the seconds of a byo-yomi period, of a
    Canadian period or of a Fischer increment, the stones of a Canadian period and the byo-yomi
    periods (0: not said)."""

    basic: float
    overtime: Overtime = Overtime.SUDDEN_DEATH
    seconds: int = 0
    stones: int = 0
    periods: int = 0

    @property
    def text(self) -> str:
        """The time control as the content's `time_control:` writes it, e.g. "60 min + 5×30 s byo-yomi".

        >>> TimeControl(40, Overtime.CANADIAN, 300, 15).text, TimeControl(60, Overtime.BYO_YOMI, 30).text
        ('40 min + 15 stones in 5 min', '60 min + 30 s byo-yomi')
        """
        basic = f"{self.basic:g} min"
        if self.overtime is Overtime.BYO_YOMI:
            return f"{basic} + {f'{self.periods}×' if self.periods else ''}{self.seconds} s byo-yomi"
        if self.overtime is Overtime.CANADIAN:
            return f"{basic} + {self.stones} stones in {self.seconds / 60:g} min"
        if self.overtime is Overtime.FISCHER:
            return f"{basic} + {self.seconds} s per move (Fischer)"
        return basic

    @property
    def adjusted(self) -> float:
        """The EGF's adjusted minutes: the basic time and 45 byo-yomi periods, 60 Canadian stones or
        120 Fischer increments."""
        if self.overtime is Overtime.BYO_YOMI:
            return self.basic + 45 * self.seconds / 60
        if self.overtime is Overtime.CANADIAN and self.stones:
            return self.basic + 60 * self.seconds / 60 / self.stones
        if self.overtime is Overtime.FISCHER:
            return self.basic + 120 * self.seconds / 60
        return self.basic


@dataclass(frozen=True)
class EgfTime:
    """A time control as the EGF counts it: its basic and adjusted minutes and its class ("" below C)."""

    basic: float
    adjusted: float
    egf_class: str


def read_time(text: str) -> TimeControl:
    """A time control's text read for its basic time and its overtime.

    >>> read_time("60 min + 5×30 s byo-yomi")
    TimeControl(basic=60.0, overtime=<Overtime.BYO_YOMI: 'STDBYOYOMI'>, seconds=30, stones=0, periods=5)
    """
    basic_match = _BASIC.search(text)
    if basic_match is None:
        raise TimeControlUnread(f"the time control {text!r} does not say its basic time")
    amount, unit = float(basic_match[1]), basic_match[2].lower()
    basic = amount * 60 if unit.startswith("h") or unit == "小时" else amount
    rest = text[basic_match.end():]
    if byo := _BYO_YOMI.search(rest):
        return TimeControl(basic, Overtime.BYO_YOMI, int(byo[2] or byo[4]), periods=int(byo[1] or 0))
    if canadian := _CANADIAN.search(rest):
        return TimeControl(basic, Overtime.CANADIAN, round(float(canadian[2]) * 60), int(canadian[1]))
    if fischer := _FISCHER.search(rest):
        return TimeControl(basic, Overtime.FISCHER, int(fischer[1] or fischer[2]))
    return TimeControl(basic)


def egf_time(text: str) -> EgfTime:
    """The EGF's reading of a time control.

    >>> egf_time("60 min + 5×30 s byo-yomi")
    EgfTime(basic=60.0, adjusted=82.5, egf_class='A')
    >>> egf_time("40 min + 15 stones in 5 min").egf_class
    'B'
    >>> egf_time("30 min + 10 s per move (Fischer)").egf_class
    'B'
    >>> egf_time("20 min").egf_class
    ''
    """
    control = read_time(text)
    kind = "fischer" if control.overtime is Overtime.FISCHER else "byo-yomi"
    found = next((name for name, least_basic, least_adjusted in _CLASSES[kind]
                  if control.basic >= least_basic and control.adjusted >= least_adjusted), "")
    return EgfTime(control.basic, control.adjusted, found)
