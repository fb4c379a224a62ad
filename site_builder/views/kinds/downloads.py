"""A section's games and downloads page: every game with a record (its viewer page), and every file
the build writes for the section — the PGN of each round and of its recorded games, the standings
and crosstables as CSV — with the event's `event.json`, so that none is linked from nowhere."""

from __future__ import annotations

import re
from typing import Any

from site_builder.views.games import record_paths, recorded
from site_builder.views.page import Page
from site_builder.views.page_kind import Link, PageKind, register
from site_builder.views.relay import relay_template
from site_builder.views.section import SectionData
from site_builder.views.table_csv import table_csv_paths


def downloads_url(data: SectionData) -> str:
    return f"{data.base}/downloads.html"


def downloads_page(data: SectionData, base: dict[str, Any]) -> Page:
    """The page, in the section's menu whatever it holds (an empty section says so)."""
    t, section = data.labels, data.section
    games = [{"round": n, "round_url": data.round_url(n), "board": board, "url": data.game_url(n, board),
              "first": data.name(game.first), "second": data.name(game.second)}
             for n, board, game in recorded(data)]
    paths = (*record_paths(data), *table_csv_paths(data))
    files = [{"url": path, "name": _name(data, path)} for path in paths]
    # one event.json for the event, beside its pages in its own language
    files.append({"url": f"{data.results.event.slug}/event.json", "name": "event.json"})
    return Page(downloads_url(data), "downloads.html", f"{section.name} · {t.downloads}",
                {**base, "games": games, "files": files, "relay": relay_template(data)})


def _name(data: SectionData, path: str) -> str:
    """A file as the page lists it: a round's PGN by its round ("Round 3 (PGN)"), others by name."""
    name = path.rsplit("/", 1)[-1]
    match = re.fullmatch(r"rounds/(\d+)\.pgn", path.removeprefix(f"{data.base}/"))
    return data.labels("round", n=int(match[1])) + data.labels.paren("PGN") if match else name


def _links(data: SectionData) -> list[Link]:
    return [{"title": data.labels.downloads, "url": downloads_url(data)}]


register(PageKind("downloads", 700, pages=lambda section: [downloads_page(section.data, section.base)],
                  links=_links))
