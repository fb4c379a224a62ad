"""The order of a list of players by name, as a reader of the page expects it: Chinese names by their
pinyin (the order of a Chinese dictionary: syllable, then tone), other names alphabetically with
accents and case ignored ("Dvořák" among the D)."""

from __future__ import annotations

import os
import unicodedata
from functools import lru_cache


@lru_cache(maxsize=65536)  # every round's list sorts the same names again
def name_key(name: str, language: str) -> tuple[str, ...]:
    """The sort key of a name on pages in `language`.

    >>> sorted(["张伟", "李娜", "王芳", "安娜"], key=lambda n: name_key(n, "zh"))
    ['安娜', '李娜', '王芳', '张伟']
    >>> sorted(["Dvořák, Jan", "de Vries, Anna", "Dahl, Ole"], key=lambda n: name_key(n, "en"))
    ['Dahl, Ole', 'de Vries, Anna', 'Dvořák, Jan']
    """
    if language == "zh":
        return _pinyin(name)
    return (_folded(name),)


def _pinyin(name: str) -> tuple[str, ...]:
    """A Chinese name by the pinyin of each character: names are not the words of pypinyin's phrase
    dictionary, which takes most of its 0.2 s of loading, so it is left out (for zh pages only)."""
    os.environ.setdefault("PYPINYIN_NO_PHRASES", "1")
    os.environ.setdefault("PYPINYIN_NO_DICT_COPY", "1")
    from pypinyin import Style, lazy_pinyin

    return tuple(lazy_pinyin(name, style=Style.TONE3, neutral_tone_with_five=True,
                             errors=lambda text: [_folded(text)]))  # type: ignore[arg-type, return-value]  # pypinyin takes a list


def _folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
