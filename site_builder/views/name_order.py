"""The order of a list of players by name, as a reader of the page expects it: each language's rule
(`Catalogue.name_key`): Chinese names by their pinyin (the order of a Chinese dictionary: syllable,
then tone), other names alphabetically with accents and case ignored ("Dvořák" among the D)."""

from __future__ import annotations

from functools import lru_cache

from site_builder.languages import catalogue


@lru_cache(maxsize=65536)  # every round's list sorts the same names again
def name_key(name: str, language: str) -> tuple[str, ...]:
    """The sort key of a name on pages in `language`.

    >>> sorted(["张伟", "李娜", "王芳", "安娜"], key=lambda n: name_key(n, "zh"))
    ['安娜', '李娜', '王芳', '张伟']
    >>> sorted(["Dvořák, Jan", "de Vries, Anna", "Dahl, Ole"], key=lambda n: name_key(n, "en"))
    ['Dahl, Ole', 'de Vries, Anna', 'Dvořák, Jan']
    """
    return catalogue(language).name_key(name)
