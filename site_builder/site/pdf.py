"""PDF bulletins with WeasyPrint: A4, Noto CJK fonts, repeated table headers, page numbers."""

from __future__ import annotations

import re
from pathlib import Path

_LINK = re.compile(r'<a href="[^"]*"')


class PdfRenderer:
    """Renders HTML to PDF; keeps one font configuration for the whole build (fonts load once)."""

    def __init__(self, static_dir: Path) -> None:
        from weasyprint import CSS  # imported lazily: HTML-only builds never pay for it
        from weasyprint.text.fonts import FontConfiguration

        self.fonts = FontConfiguration()
        self.static_dir = static_dir
        self.stylesheet = CSS(filename=str(static_dir / "print.css"), font_config=self.fonts)

    def render(self, html: str) -> bytes:
        from weasyprint import HTML

        # Links point into the web site; a printed bulletin has none (and no machine paths).
        document = HTML(string=_LINK.sub("<a", html), base_url=str(self.static_dir))
        return document.write_pdf(stylesheets=[self.stylesheet], font_config=self.fonts,
                                  uncompressed_pdf=False)
