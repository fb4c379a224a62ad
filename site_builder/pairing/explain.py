"""Explanations of a pairing's non-obvious decisions, as sentences for arbiters in a language of
the pages (its catalogue's `note.<kind>` labels)."""

from __future__ import annotations

from site_builder.languages import catalogue
from site_builder.model import Section
from site_builder.pairing import Pairing

#: The notes whose detail is a word of the catalogues: the label that says it (a knockout's lot names
#: the part of the bracket drawn, "main" or a placement).
_DETAILS = {"lot": "placement.{}"}


def describe(section: Section, pairing: Pairing, language: str) -> list[str]:
    """One sentence per note of `pairing` (byes, down-floats, shifts, broken pairs, lots)."""
    labels = catalogue(language).labels

    def name(number: int) -> str:
        return f"{section.player(number).name} (#{number})"

    lines = []
    for note in pairing.notes:
        names = [name(n) for n in note.players]
        template = labels.get(f"note.{note.kind}", "{kind}: {players}")
        detail = labels.get(_DETAILS[note.kind].format(note.detail), note.detail) if note.kind in _DETAILS \
            else note.detail
        lines.append(template.format(kind=note.kind, players=", ".join(names), detail=detail,
                                     a=names[0] if names else "", b=names[1] if len(names) > 1 else ""))
    return lines
