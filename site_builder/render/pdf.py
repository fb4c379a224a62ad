"""PDF bulletins with WeasyPrint: A4, Noto CJK fonts, repeated table headers, page numbers; tagged and
declared PDF/UA-1 (ISO 14289-1), so that screen readers and reflowing viewers follow the headings, the
tables cell by cell and the reading order.

Only WeasyPrint's public API is used (its API reference: ``HTML``, ``CSS``, ``write_pdf`` and its
options and ``finisher``, ``urls.URLFetcher``, ``text.fonts.FontConfiguration``)."""

from __future__ import annotations

import mimetypes
import re
from pathlib import Path
from typing import Any

from .pdf_fonts import compact_cjk_fonts
from .pdf_tables import scope_table_headers

_LINK = re.compile(r'<a href="[^"]*"')
#: The address the theme's static files have inside a PDF, wherever the build keeps them: WeasyPrint
#: names a PDF's images after their URL, so the same files give the same bytes from any directory.
STATIC_URL = "file:///bulletin/static/"
#: ``write_pdf`` options. ``pdf/ua-1`` writes the structure tree (headings, paragraphs, tables cell by
#: cell: ``pdf_tags``), a PDF 1.7 file, and the XMP metadata that declare PDF/UA-1 and repeat the
#: document's title; WeasyPrint logs an error for a page without ``lang`` or an image without ``alt``,
#: which the templates always have. The metadata hold no date and no random identifier, so the same
#: HTML still gives the same bytes. Every font is embedded (WeasyPrint always embeds its fonts).
PDF_OPTIONS: dict[str, Any] = {"pdf_variant": "pdf/ua-1", "pdf_tags": True, "uncompressed_pdf": False}


def static_fetcher(static_dir: Path) -> Any:
    """A WeasyPrint URL fetcher that serves ``STATIC_URL`` from ``static_dir`` (nothing outside it)
    and fetches any other URL as WeasyPrint does."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    root = static_dir.resolve()

    class StaticFetcher(URLFetcher):
        def fetch(self, url: str, headers: Any = None) -> Any:
            if url.startswith(STATIC_URL):
                path = (root / url.removeprefix(STATIC_URL).split("?")[0]).resolve()
                if root in path.parents:
                    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
                    return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind})
            return super().fetch(url, headers)

    return StaticFetcher()


class PdfRenderer:
    """Renders HTML to PDF for one build: its static files (print.css and what it loads) and one font
    configuration (fonts load once)."""

    def __init__(self, static_dir: Path) -> None:
        from weasyprint import CSS  # imported lazily: HTML-only builds never pay for it
        from weasyprint.text.fonts import FontConfiguration

        self.fonts = FontConfiguration()
        self.static_dir = static_dir
        self.fetcher = static_fetcher(static_dir)
        self.stylesheet = CSS(string=(static_dir / "print.css").read_text(encoding="utf-8"),
                              base_url=STATIC_URL, url_fetcher=self.fetcher, font_config=self.fonts)

    def render(self, html: str) -> bytes:
        from weasyprint import HTML

        # Links point into the web site; a printed bulletin has none (and no machine paths).
        document = HTML(string=_LINK.sub("<a", html), base_url=STATIC_URL, url_fetcher=self.fetcher)
        return document.write_pdf(stylesheets=[self.stylesheet], font_config=self.fonts,
                                  finisher=finish, **PDF_OPTIONS)


def finish(document: Any, pdf: Any) -> None:
    """The ``write_pdf`` finisher: scope the tables' header cells, embed the CJK faces compactly."""
    scope_table_headers(document, pdf)
    compact_cjk_fonts(document, pdf)
