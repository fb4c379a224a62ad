"""A page kind is its module and its template: a module that registers a kind (a page of every
section and its link in the navigation) and the template of its page build a site that has both,
with no module of the program changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin import plugin

from site_builder.build import build_site
from site_builder.views.page_kind import KINDS, page_kinds

MODULE = '''"""A toy page kind: each section's count of players, linked last but one in its navigation."""

from pathlib import Path

from site_builder.views.page import Page
from site_builder.views.page_kind import PageKind, register


def pages(section):
    data = section.data
    return [Page(f"{data.base}/toy-kind.html", "toy-kind.html", f"{data.section.name} · toy",
                 {**section.base, "count": len(section.players)})]


def links(data):
    return [{"title": "Toy kind", "url": f"{data.base}/toy-kind.html"}]


KIND = register(PageKind("toy-kind", 650, pages=pages, links=links,
                         templates=Path(__file__).parent / "templates"))
'''

TEMPLATE = """{% extends "base.html" %}
{% block content %}<p class="toy-count">{{ count }} players</p>{% endblock %}
"""


@pytest.fixture
def toy_kind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The kind's two files in a temporary folder, imported (which registers the kind)."""
    try:
        with plugin(tmp_path / "plugin", monkeypatch, "toy_kind", MODULE,
                    {"toy-kind.html": TEMPLATE}) as folder:
            yield folder
    finally:
        KINDS.pop("toy-kind", None)


def test_a_page_kind_is_its_module_and_its_template(tmp_path: Path, small_event, toy_kind: Path) -> None:
    assert sorted(p.relative_to(toy_kind).as_posix() for p in toy_kind.rglob("*") if p.is_file()
                  and "__pycache__" not in p.parts) == ["templates/toy-kind.html", "toy_kind.py"]
    small_event(tmp_path / "content" / "cup")
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    page = (out / "cup" / "open" / "toy-kind.html").read_text(encoding="utf-8")
    assert '<p class="toy-count">4 players</p>' in page  # its page, from its own template
    home = (out / "cup" / "index.html").read_text(encoding="utf-8")
    links = [home.index(f'open/{name}.html"') for name in ("players", "toy-kind", "downloads")]
    assert links == sorted(links)  # its link, in the place it says: before the downloads


def test_the_kinds_are_in_the_order_of_their_places() -> None:
    places = [(kind.place, kind.name) for kind in page_kinds()]
    assert places == sorted(places)
    assert [name for _, name in places if not name.startswith("page_set")] == [
        "players", "current_round", "provisional_round", "standings", "codes", "statistics", "downloads"]
