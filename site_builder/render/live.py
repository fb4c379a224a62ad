"""`live.json` at the output's root: a key per part of the site that changes during play, which
open pages poll to notice a newer build (`static/site.js`; docs/exports.md, "Live pages").

A key's value is a digest of what that part publishes, taken from the event's `event.json`
document: each section's part of it (players, pairings, results, standings, the next round), each
event's whole document, and the site's the digest of every event's. No time and no order of
work enters it, so the same content writes the same bytes, and a build that leaves an unchanged
event unloaded takes the event's keys from its record (`Listing.live`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

from site_builder.render.exports import PartTexts, json_text
from site_builder.views.listing import LIVE_SITE, live_key

FILE = "live.json"
FORMAT = "bulletin-live"
VERSION = 1
DIGITS = 16  # hexadecimal digits of a value: 64 bits tell one build's content from the next


def event_keys(slug: str, document: Mapping[str, Any], text: str, parts: PartTexts | None = None
               ) -> dict[str, str]:
    """The keys of one event (its slug: its home and its own pages) and of each of its sections,
    from its `event.json` document and that document's text (`parts`: see `json_text`)."""
    keys = {slug: _digest(text)}
    for section in document["sections"]:
        keys[live_key(slug, section["id"])] = _digest(json_text(section, parts))
    return keys


def live_json(events: Iterable[Mapping[str, str]]) -> str:
    """The text of `live.json`: the keys of every event (`event_keys`) and the site's."""
    keys = dict(sorted((key, value) for keys in events for key, value in keys.items()))
    keys[LIVE_SITE] = _digest("".join(f"{key}\0{value}\n" for key, value in keys.items()))
    return json_text({"format": FORMAT, "version": VERSION, "keys": keys})


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:DIGITS]
