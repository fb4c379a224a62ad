"""PDF bulletins with WeasyPrint: A4, Noto CJK fonts, repeated table headers, page numbers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .pdf_fonts import compact_cjk_fonts

_LINK = re.compile(r'<a href="[^"]*"')
#: The address the theme's static files have inside a PDF, wherever the build keeps them: WeasyPrint
#: names a PDF's images after their URL, so the same files give the same bytes from any directory.
STATIC_URL = "file:///bulletin/static/"


class PdfRenderer:
    """Renders HTML to PDF for one build: its static files (print.css and what it loads) and one font
    configuration (fonts load once)."""

    def __init__(self, static_dir: Path) -> None:
        from weasyprint import CSS  # imported lazily: HTML-only builds never pay for it
        from weasyprint.text.fonts import FontConfiguration

        self.fonts = FontConfiguration()
        self.static_dir = static_dir
        self.stylesheet = CSS(string=(static_dir / "print.css").read_text(encoding="utf-8"),
                              base_url=STATIC_URL, url_fetcher=self.fetch, font_config=self.fonts)

    def fetch(self, url: str, *args: Any, **kwargs: Any) -> dict:
        """Static files from this build's directory; anything else as WeasyPrint fetches it."""
        from weasyprint.urls import default_url_fetcher

        if url.startswith(STATIC_URL):
            path = (self.static_dir / url.removeprefix(STATIC_URL).split("?")[0]).resolve()
            if self.static_dir.resolve() in path.parents:
                return {"string": path.read_bytes(), "redirected_url": url}
        return default_url_fetcher(url, *args, **kwargs)

    def render(self, html: str) -> bytes:
        from weasyprint import HTML

        # Links point into the web site; a printed bulletin has none (and no machine paths).
        document = HTML(string=_LINK.sub("<a", html), base_url=STATIC_URL, url_fetcher=self.fetch)
        return document.write_pdf(stylesheets=[self.stylesheet], font_config=self.fonts,
                                  uncompressed_pdf=False, finisher=compact_cjk_fonts)
