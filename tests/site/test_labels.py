"""The label catalogues: every label exists in both languages, and formats with the same fields."""

from __future__ import annotations

import string

from site_builder.site.i18n import LABELS


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_every_label_with_the_same_fields() -> None:
    zh, en = LABELS["zh"], LABELS["en"]
    assert sorted(set(zh) ^ set(en)) == []
    assert [key for key in zh if _fields(zh[key]) != _fields(en[key])] == []
