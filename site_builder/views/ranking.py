"""Which ranking a table of places is, where one field has two orders (a league group's points table
and the league's official stage-1 order; a staged Swiss's standings after a round and its final
placing): the heading of its place column, a note naming it with the regulation article that makes
the official one official, and the other order named and linked. The places themselves come from the
results; this module only names them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from string import Formatter
from typing import Any

from site_builder.model import Event

#: A piece of a note as a template shows it: a text, linked to `url` (a page path) unless it is "".
Segment = dict[str, str]
#: The slug of an event's Markdown page that holds its regulation (`pages/regulations.md`).
REGULATIONS = "regulations"


@dataclass(frozen=True)
class CardPlace:
    """A place a player card shows besides the section's own: its heading, the place, and the
    ranking it comes from (its title, page and article)."""

    heading: str
    place: str
    source: tuple[Segment, ...]


@dataclass(frozen=True)
class SectionRanking:
    """What the place column of a section's standings, crosstable and cards ranks: its `heading`,
    the `note` its standings pages show, and the `places` (by player) of the official rankings a
    card shows first."""

    heading: str
    note: tuple[Segment, ...] = ()
    places: dict[int, tuple[CardPlace, ...]] = field(default_factory=dict)

    def context(self) -> dict[str, Any]:
        """What every page of the section reads: the heading and the note."""
        return {"heading": self.heading, "note": list(self.note)}


def sentence(template: str, **values: str | Segment) -> tuple[Segment, ...]:
    """`template` with each `{name}` replaced by its value: a text, or a link segment.

    >>> sentence("see {page} ({article}).", page=link("Groups", "e/groups.html"), article="7.0")
    ({'text': 'see ', 'url': ''}, {'text': 'Groups', 'url': 'e/groups.html'}, {'text': ' (7.0).', 'url': ''})
    """
    out: list[Segment] = []
    for literal, name, _, _ in Formatter().parse(template):
        if literal:
            _text(out, literal)
        if name is None:
            continue
        value = values[name]
        if isinstance(value, str):
            _text(out, value)
        else:
            out.append(dict(value))
    return tuple(out)


def _text(out: list[Segment], text: str) -> None:
    if out and not out[-1]["url"]:
        out[-1] = link(out[-1]["text"] + text, "")
    else:
        out.append(link(text, ""))


def link(text: str, url: str) -> Segment:
    """A segment: `text` linked to `url` (plain text when `url` is "")."""
    return {"text": text, "url": url}


def article(event: Event, text: str, anchor: str) -> Segment:
    """An article of the event's regulation (`text`: 六.2, §5.2), linked to the event's regulation
    page when it has one, to the heading that gives itself the id `anchor` (`## … {#art-5-2}`)."""
    page = next((p for p in event.pages if p.slug == REGULATIONS), None)
    if page is None:
        return link(text, "")
    named = re.search(r"\{:?[^}\n]*#" + re.escape(anchor) + r"[\s}]", page.markdown)
    return link(text, f"{event.slug}/{REGULATIONS}.html" + (f"#{anchor}" if named else ""))
