"""The digest of everything a rendered page is made of: software, templates, settings, page data."""

from __future__ import annotations

import hashlib
from pathlib import Path

from site_builder.cache import fingerprint
from site_builder.cache.digest import Digester
from site_builder.cache.fingerprint import software, tree
from site_builder.model import Event, EventFiles, GameRecords, Origin, Round, Section, SectionFiles, Site
from site_builder.views.i18n import Labels
from site_builder.views.page import Page


def templates_digest(template_dirs: list[Path]) -> bytes:
    """The digest of every template a page may extend or include."""
    return tree(*template_dirs)


def pdf_digest(static_dirs: list[Path]) -> bytes:
    """What a PDF adds to its HTML: the static files (print stylesheet, images) and the fonts
    (WeasyPrint itself is part of `software()`)."""
    return hashlib.sha256(fingerprint.fonts() + tree(*static_dirs)).digest()


#: Objects many pages (and standings) share: digested once per build.
# (and the records holding fields a digest does not cover)
SHARED = (Site, Event, Section, Round, Labels, EventFiles, SectionFiles, GameRecords, Origin)


class PageKeys:
    """Keys of the pages of one build; equal keys render equal files."""

    def __init__(self, templates: bytes, settings: str, pdf: bytes = b"",
                 digester: Digester | None = None) -> None:
        self.salt = hashlib.sha256(software() + templates + settings.encode()).digest()
        self.pdf_salt = pdf
        self.digester = digester or Digester(shared=SHARED)
        self._contexts: dict[int, bytes | None] = {}  # a round's page and its PDF share one context

    def key(self, page: Page) -> str | None:
        """The key of `page`, or None when its data cannot be digested (then it is always rendered)."""
        context = self._contexts.get(id(page.context), b"")
        if context == b"":
            context = self._contexts[id(page.context)] = self.digester.digest(page.context)
        if context is None:
            return None
        meta = f"{page.path}\0{page.template}\0{page.title}\0{page.pdf}".encode()
        return hashlib.sha256(self.salt + (self.pdf_salt if page.pdf else b"") + meta + context).hexdigest()
