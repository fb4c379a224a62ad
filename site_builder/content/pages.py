"""Markdown pages with YAML front matter (regulations, reports)."""

from __future__ import annotations

import re
from pathlib import Path

from site_builder.content.schema import MapReader
from site_builder.content.yamlsource import parse_yaml, read_source
from site_builder.errors import Location, Problems
from site_builder.model import MarkdownPage

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)---[ \t]*\n", re.S)
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def load_page(path: Path, shown: Path, problems: Problems) -> MarkdownPage | None:
    """Read a Markdown page; its title comes from front matter or the first heading."""
    text = read_source(path, shown, problems)  # a byte-order mark before the front matter is dropped
    if text is None:
        return None
    slug = path.stem.lower()
    if not _SLUG.match(slug):
        problems.add(Location(shown), f"page file name {path.name!r} is not a URL-safe slug",
                     "use lowercase letters, digits and hyphens, e.g. regulations.md")
        return None
    title, order, body = "", 0, text
    match = _FRONT_MATTER.match(text)
    if match:
        body = text[match.end():]
        offset = 1  # the front matter starts on the line after '---'
        data = parse_yaml("\n" * offset + match.group(1), shown, problems)
        fields = MapReader(data, Location(shown), problems, "page front matter", ("title", "order"))
        title = fields.text("title")
        order = fields.integer("order", default=0) or 0
    if not title:
        heading = re.search(r"^#\s+(.+)$", body, re.M)
        title = heading.group(1).strip() if heading else slug.replace("-", " ").title()
    return MarkdownPage(slug=slug, title=title, markdown=body, order=order)
