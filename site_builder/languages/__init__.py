"""The languages of the pages, one catalogue each (`zh.py`, `en.py`, `ja.py`): every word the pages
show in it and how it writes them (see `catalogue.py`). Adding a language is one module here, one
line in `CATALOGUES` and its code in `model.Language`."""

from __future__ import annotations

from site_builder.languages import en, ja, zh
from site_builder.languages.catalogue import Catalogue

CATALOGUES: dict[str, Catalogue] = {c.code: c for c in (zh.CATALOGUE, en.CATALOGUE, ja.CATALOGUE)}


def catalogue(language: str) -> Catalogue:
    """The catalogue of `language` (a code the content validated: zh, en, ja)."""
    return CATALOGUES[language]
