"""The languages of the pages and the commands, one gettext catalogue each (`zh.po`, `en.po`,
`ja.po`): every word they print in it and how it writes them (see `catalogue.py`). Adding a language
is one `<code>.po` file here, or in a directory `BULLETIN_CATALOGUES` names."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator, Mapping
from pathlib import Path

from site_builder.languages.catalogue import Catalogue, CatalogueError, read

#: The catalogues shipped with the package.
DIRECTORY = Path(__file__).resolve().parent
#: The language of the content that names none, first in every list of the languages.
DEFAULT = "zh"


def _files() -> dict[str, Path]:
    """Language code → its catalogue file: the package's, then those of the directories the
    environment variable `BULLETIN_CATALOGUES` names (separated by the system's path separator),
    a later file of the same code taking its place."""
    further = os.environ.get("BULLETIN_CATALOGUES", "").split(os.pathsep)
    directories = [DIRECTORY, *(Path(d) for d in further if d)]
    return {path.stem: path for directory in directories for path in sorted(directory.glob("*.po"))}


FILES = _files()
#: The languages of the pages: the default first, then the others by code.
LANGUAGES: tuple[str, ...] = tuple(sorted(FILES, key=lambda code: (code != DEFAULT, code)))


@functools.cache
def catalogue(language: str) -> Catalogue:
    """The catalogue of `language` (a code the content validated: zh, en, ja …), read once; one that
    lacks a message of the default language's is refused, naming them."""
    read_one = read(FILES[language])
    if language != DEFAULT:
        _complete(read_one, catalogue(DEFAULT), FILES[language])
    return read_one


def _complete(read_one: Catalogue, default: Catalogue, path: Path) -> None:
    """Refuse a catalogue that lacks a label, a plural message or a tiebreak of the default
    language's."""
    missing = sorted(set(default.labels) - set(read_one.labels))
    missing += sorted(set(default.plurals) - set(read_one.plurals))
    missing += sorted(f"tiebreak.{t}" for t in set(default.tiebreaks) - set(read_one.tiebreaks))
    if missing:
        raise CatalogueError(path, 1, f"lacks {len(missing)} of {FILES[DEFAULT].name}'s messages: "
                             f"{', '.join(missing[:3])}{' …' if len(missing) > 3 else ''}",
                             f"copy them from {FILES[DEFAULT].name} and translate them")


class _Catalogues(Mapping[str, Catalogue]):
    """Every language's catalogue by its code, each read when first asked for."""

    def __getitem__(self, code: str) -> Catalogue:
        if code not in FILES:
            raise KeyError(code)
        return catalogue(code)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


CATALOGUES: Mapping[str, Catalogue] = _Catalogues()


def label(language: str, key: str) -> str | None:
    """The label `key` of the catalogue of `language`, or None where it has none (or there is none)."""
    return catalogue(language).labels.get(key) if language in FILES else None


def word(language: str, key: str, default: str = "") -> str:
    """The label `key` of `language`, else of English, else `default` (else the key itself)."""
    for code in (language, "en"):
        if (text := label(code, key)) is not None:
            return text
    return default or key
