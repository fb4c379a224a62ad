"""The player list of a section, first of its pages and of its links: under the tournament details,
its players by number and by name."""

from __future__ import annotations

from site_builder.views.columns import STARTING_LIST
from site_builder.views.name_order import name_key
from site_builder.views.page import Page
from site_builder.views.page_kind import Link, PageKind, SectionPages, register
from site_builder.views.section import SectionData, player_row


def players_url(data: SectionData) -> str:
    return f"{data.base}/players.html"


def _pages(section: SectionPages) -> list[Page]:
    data, t, players = section.data, section.data.labels, section.players
    return [Page(players_url(data), "players.html", f"{data.section.name} · {t.player_list}", {
        **section.base,
        "columns": data.columns(STARTING_LIST),
        "details": section.details,
        "by_number": [player_row(data, p) for p in players],
        "by_name": [player_row(data, p) for p in
                    sorted(players, key=lambda p: (name_key(p.name, t.language), p.name, p.number))],
    })]


def _links(data: SectionData) -> list[Link]:
    return [{"title": data.labels.player_list, "url": players_url(data)}]


register(PageKind("players", 100, pages=_pages, links=_links))
