"""A link checker over the whole built example site: every local href and src resolves."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

LINK = re.compile(r'(?:href|src)="([^"]+)"')


def test_no_broken_links(example_site: Path) -> None:
    broken = []
    pages = list(example_site.rglob("*.html"))
    assert len(pages) > 500
    for page in pages:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            parts = urlsplit(target)
            if parts.scheme or target.startswith(("#", "mailto:")):
                continue
            resolved = (page.parent / unquote(parts.path)).resolve()
            if not resolved.exists():
                broken.append(f"{page.relative_to(example_site)} → {target}")
    assert broken == []
