"""An event's page kind is its module and its template: a module that registers a kind (a page of
every event and its entry in the event's navigation) and the template of its page build a site that
has both, with no module of the program changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin import plugin

from site_builder.build import build_site
from site_builder.views.page_kind import EVENT_KINDS, event_nav_kinds, event_page_kinds

MODULE = '''"""A toy event kind: the event's count of sections, after the sections in its navigation."""

from pathlib import Path

from site_builder.views.page import Page
from site_builder.views.page_kind import EventPageKind, register


def pages(shared):
    event = shared.view.event
    return [Page(f"{event.slug}/toy-event.html", "toy-event.html", f"{event.name} · toy",
                 {**shared.common, "count": len(shared.view.sections)})]


def nav(view):
    return [{"title": "Toy event", "url": f"{view.event.slug}/toy-event.html", "links": []}]


KIND = register(EventPageKind("toy-event", 250, pages=pages, nav=nav, nav_place=350,
                              templates=Path(__file__).parent / "templates"))
'''

TEMPLATE = """{% extends "base.html" %}
{% block content %}<p class="toy-count">{{ count }} sections</p>{% endblock %}
"""

MARKDOWN = "---\ntitle: Regulations\n---\nThe rules.\n"


@pytest.fixture
def toy_event_kind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The kind's two files in a temporary folder, imported (which registers the kind)."""
    try:
        with plugin(tmp_path / "plugin", monkeypatch, "toy_event_kind", MODULE,
                    {"toy-event.html": TEMPLATE}) as folder:
            yield folder
    finally:
        EVENT_KINDS.pop("toy-event", None)


def test_an_event_page_kind_is_its_module_and_its_template(tmp_path: Path, small_event,
                                                          toy_event_kind: Path) -> None:
    assert sorted(p.relative_to(toy_event_kind).as_posix() for p in toy_event_kind.rglob("*") if p.is_file()
                  and "__pycache__" not in p.parts) == ["templates/toy-event.html", "toy_event_kind.py"]
    event = small_event(tmp_path / "content" / "cup")
    (event / "pages").mkdir(exist_ok=True)
    (event / "pages" / "regulations.md").write_text(MARKDOWN, encoding="utf-8")
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    page = (out / "cup" / "toy-event.html").read_text(encoding="utf-8")
    assert '<p class="toy-count">1 sections</p>' in page  # its page, from its own template
    home = (out / "cup" / "index.html").read_text(encoding="utf-8")
    nav = home[home.index('<ul class="nav">'):]
    entries = [nav.index(f'{name}.html"') for name in ("index", "open/players", "toy-event", "regulations")]
    assert entries == sorted(entries)  # its entry, in the place it says: after the sections, before the pages
    assert 'href="toy-event.html"' in (out / "cup" / "regulations.html").read_text(encoding="utf-8")


def test_the_event_kinds_are_in_the_order_of_their_places() -> None:
    assert [kind.name for kind in event_page_kinds()] == ["home", "markdown", "sections", "event_page_set"]
    assert [kind.name for kind in event_nav_kinds()] == ["home", "sections", "event_page_set", "markdown"]
