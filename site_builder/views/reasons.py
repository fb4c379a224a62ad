"""The reasons of a pairing (`pairing/explain.py`) in words of a language: its catalogue's
`note.<kind>` sentences, for the pages and for the round file `bulletin pair` writes."""

from __future__ import annotations

from collections.abc import Iterable

from site_builder.languages import catalogue
from site_builder.pairing.explain import Reason


def said(reasons: Iterable[Reason], language: str) -> list[str]:
    """One sentence per reason, in `language`."""
    words = catalogue(language)
    labels = words.labels
    lines = []
    for reason in reasons:
        values = dict(reason.values)
        values.update((name, labels.get(key, values[name])) for name, key in reason.worded)
        if reason.key in words.plurals:  # by the count of the players it names (`n`)
            lines.append(words.formatted(reason.key, values))
        else:
            lines.append(labels.get(reason.key, reason.fallback).format(**values))
    return lines
