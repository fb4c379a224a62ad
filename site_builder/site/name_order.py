"""The order of a list of players by name, as a reader of the page expects it: Chinese names by their
pinyin (the order of a Chinese dictionary: syllable, then tone), other names alphabetically with
accents and case ignored ("Dvořák" among the D)."""

from __future__ import annotations

import unicodedata

from pypinyin import Style, lazy_pinyin


def name_key(name: str, language: str) -> tuple[str, ...]:
    """The sort key of a name on pages in `language`.

    >>> sorted(["张伟", "李娜", "王芳", "安娜"], key=lambda n: name_key(n, "zh"))
    ['安娜', '李娜', '王芳', '张伟']
    >>> sorted(["Dvořák, Jan", "de Vries, Anna", "Dahl, Ole"], key=lambda n: name_key(n, "en"))
    ['Dahl, Ole', 'de Vries, Anna', 'Dvořák, Jan']
    """
    if language == "zh":
        return tuple(lazy_pinyin(name, style=Style.TONE3, neutral_tone_with_five=True,
                                 errors=lambda text: [_folded(text)]))
    return (_folded(name),)


def _folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
