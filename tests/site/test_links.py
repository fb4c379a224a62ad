"""A link checker over the whole built example site: every local href and src resolves."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

LINK = re.compile(r'(?:href|src)="([^"]+)"')


def _broken(site: Path) -> list[str]:
    broken = []
    pages = list(site.rglob("*.html"))
    assert len(pages) > 500
    for page in pages:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            parts = urlsplit(target)
            if parts.scheme or target.startswith(("#", "mailto:")):
                continue
            resolved = (page.parent / unquote(parts.path)).resolve()
            if not resolved.exists():
                broken.append(f"{page.relative_to(site)} → {target}")
    return broken


def test_no_broken_links(example_site: Path) -> None:
    assert _broken(example_site) == []


def test_a_build_without_pdfs_links_to_none(tmp_path: Path) -> None:
    """`bulletin build --no-pdf` (and `bulletin serve` by default): no page links to a PDF, since
    none is written (the bulletins, the result slips, the certificates, the league's report)."""
    from site_builder.build import build_site

    output = tmp_path / "out"
    build_site(Path(__file__).resolve().parents[2] / "content", output, pdf=False)
    assert not list(output.rglob("*.pdf"))
    assert _broken(output) == []


def test_no_page_repeats_an_id(example_site: Path) -> None:
    """An id names one element of its page (HTML; anchors and labels need it): a knockout or team card
    lists the matches of several rounds, each with an id of its own."""
    from collections import Counter

    repeated = []
    for page in example_site.rglob("*.html"):
        counts = Counter(re.findall(r'\sid="([^"]+)"', page.read_text(encoding="utf-8")))
        repeated += [f"{page.relative_to(example_site)}: {id_}" for id_, n in counts.items() if n > 1]
    assert repeated == []
