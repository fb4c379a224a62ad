"""Explanations of a pairing's non-obvious decisions, as data: for each note, the catalogue key of
its sentence (`note.<kind>`) and the values it names. The views and the commands put them in words
(`views/reasons.py`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from site_builder.model import Section
from site_builder.pairing import Note, Pairing

#: The notes whose detail is a word of the catalogues: the key that says it (a knockout's lot names
#: the part of the bracket drawn, "main" or a placement).
_DETAILS = {"lot": "placement.{}"}


@dataclass(frozen=True)
class Reason:
    """One note of a pairing: the catalogue key of its sentence (`fallback` where the catalogue has
    none; a plural message takes its form by `n`, the count of the players it names), the values the
    sentence names, and the values that are themselves words of the catalogue
    (name → key, the value as it is where the catalogue has no such key)."""

    key: str
    values: tuple[tuple[str, str], ...]
    worded: tuple[tuple[str, str], ...] = ()
    fallback: str = "{kind}: {players}"


def reasons(section: Section, pairing: Pairing) -> list[Reason]:
    """One reason per note of `pairing` (byes, down-floats, shifts, broken pairs, lots, a team
    pairing's zones)."""
    return [reason(note, lambda n: f"{section.player(n).name} (#{n})") for note in pairing.notes]


def warned(pairing: Pairing) -> list[Reason]:
    """One reason per warning of `pairing`, for the organizer (a team's third home match in a row)."""
    return [reason(note, str) for note in pairing.warnings]


def reason(note: Note, name: Callable[[int], str]) -> Reason:
    """A note as its catalogue sentence's key and values, each player named by `name`."""
    names = [name(n) for n in note.players]
    values = (("kind", note.kind), ("players", ", ".join(names)), ("n", str(len(names))),
              ("detail", note.detail), ("a", names[0] if names else ""),
              ("b", names[1] if len(names) > 1 else ""))
    worded = (("detail", _DETAILS[note.kind].format(note.detail)),) if note.kind in _DETAILS else ()
    return Reason(f"note.{note.kind}", (*values, *note.values), (*worded, *note.words))
