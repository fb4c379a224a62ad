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

_BASIC = re.compile(r"(\d+(?:\.\d+)?)\s*(h|hours?|min|minutes?|m\b|分|小时)", re.I)
_BYO_YOMI = re.compile(r"(\d+)\s*[x×*]\s*(\d+)\s*(s|sec|秒)", re.I)
_CANADIAN = re.compile(r"(\d+)\s*(?:moves|stones|手|子)\s*(?:in|/|每)\s*(\d+)\s*(?:min|分)", re.I)
_FISCHER = re.compile(r"\+\s*(\d+)\s*(?:s|sec|秒)\b.*?(?:per move|increment|fischer|每步)"
                      r"|fischer\s*(\d+)\s*s", re.I)
#: Minimum basic and adjusted minutes of each class, best first: byo-yomi or sudden death, Fischer.
_CLASSES = {"byo-yomi": (("A", 60, 75), ("B", 40, 50), ("C", 25, 30)),
            "fischer": (("A", 45, 75), ("B", 30, 50), ("C", 20, 30))}


class TimeControlUnread(ValueError):
    """A time control whose basic time cannot be read."""


@dataclass(frozen=True)
class EgfTime:
    """A time control as the EGF counts it: its basic and adjusted minutes and its class ("" below C)."""

    basic: float
    adjusted: float
    egf_class: str


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
    basic_match = _BASIC.search(text)
    if basic_match is None:
        raise TimeControlUnread(f"the time control {text!r} does not say its basic time")
    amount, unit = float(basic_match[1]), basic_match[2].lower()
    basic = amount * 60 if unit.startswith("h") or unit == "小时" else amount
    rest = text[basic_match.end():]
    kind, adjusted = "byo-yomi", basic
    if byo := _BYO_YOMI.search(rest):
        adjusted = basic + 45 * int(byo[2]) / 60
    elif canadian := _CANADIAN.search(rest):
        adjusted = basic + 60 * int(canadian[2]) / int(canadian[1])
    elif fischer := _FISCHER.search(rest):
        kind, adjusted = "fischer", basic + 120 * int(fischer[1] or fischer[2]) / 60
    found = next((name for name, least_basic, least_adjusted in _CLASSES[kind]
                  if basic >= least_basic and adjusted >= least_adjusted), "")
    return EgfTime(basic, adjusted, found)
