"""QR codes that take a printed bulletin's reader to its page on the web (segno, inline SVG)."""

from __future__ import annotations

from markupsafe import Markup


def qr_svg(url: str, label: str) -> Markup:
    """An inline SVG QR code of `url` (error correction M, quiet zone of 4 modules), sized by CSS;
    `label` names it for screen readers and text extraction.

    >>> svg = qr_svg("https://example.org/a.html", "Round 1 on the web")
    >>> svg.startswith('<svg') and 'viewBox="0 0 33 33"' in svg and 'aria-label="Round 1' in svg
    True
    """
    import segno  # imported lazily: only builds with a base URL print QR codes

    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(border=4, omitsize=True, dark="#000", svgclass="qr", lineclass=None)
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{Markup.escape(label)}" ', 1))
