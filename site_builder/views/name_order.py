"""The order of a list of players by name, as a reader of the page expects it: each language's rule
(`Catalogue.name_key`): Chinese names by their pinyin (the order of a Chinese dictionary: syllable,
then tone), other names alphabetically with accents and case ignored ("Dvořák" among the D).

Every key is computed once per process, and a build hands the keys it knows to the next one
(`build.name_keys`): a Chinese name's pinyin needs pypinyin's dictionary, which takes longer to load
than a rebuild of one event needs for everything else it renders."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from site_builder.languages import catalogue

NameKeys = dict[tuple[str, str], tuple[str, ...]]  # by name and language
MAX_KNOWN = 65536  # keys a process keeps; beyond, it starts over
_known: NameKeys = {}  # computed by this process
_recalled: Mapping[tuple[str, str], tuple[str, ...]] = {}  # handed to the build under way (`recalled`)


def name_key(name: str, language: str) -> tuple[str, ...]:
    """The sort key of a name on pages in `language`.

    >>> sorted(["张伟", "李娜", "王芳", "安娜"], key=lambda n: name_key(n, "zh"))
    ['安娜', '李娜', '王芳', '张伟']
    >>> sorted(["Dvořák, Jan", "de Vries, Anna", "Dahl, Ole"], key=lambda n: name_key(n, "en"))
    ['Dahl, Ole', 'de Vries, Anna', 'Dvořák, Jan']
    """
    key = _recalled.get((name, language)) or _known.get((name, language))
    if key is None:
        if len(_known) >= MAX_KNOWN:
            _known.clear()
        key = _known[name, language] = catalogue(language).name_key(name)
    return key


@contextmanager
def recalled(keys: Mapping[tuple[str, str], tuple[str, ...]]) -> Iterator[None]:
    """Within, `keys` (computed by the same software in another process) count as known."""
    global _recalled
    before, _recalled = _recalled, keys
    try:
        yield
    finally:
        _recalled = before


def known_keys() -> NameKeys:
    """The keys known now: recalled, then computed by this process."""
    known = {**_recalled, **_known}
    return known if len(known) <= MAX_KNOWN else dict(_known)


def forget() -> None:
    """Forget the keys this process computed (as a new process starts)."""
    _known.clear()
