"""Events a build leaves unloaded: an event whose inputs are all as the previous build into the same
output found them has its folder taken over whole from that output (moved into the new output as
it replaces the old one: `build._swap`), and the site-wide pages list it as that build did
(`site.listing`).

An event's key (`EventRecord.key`) digests everything its files are made of: the files of its
folder (`cache.events.read_folder`), the software, the templates, static files and logo of the
theme, the base URL, whether PDFs are made, the site file's `raw_html`, the folder's place (its
path, and as messages show it). Its commit times and whether the build has its secret seed are
compared apart (`content.loader.load_site` loads an event whose times changed). An event that reads
a file outside its folder is always loaded, and so are the one event of a single-event site and an
event whose folder is named like something the build writes at the output's top (`SITE_NAMES`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Mapping
from pathlib import Path

from site_builder.cache.events import (
    EventRecord,
    EventRecords,
    Folder,
    files_under,
    read_folder,
)
from site_builder.cache.store import Store
from site_builder.checks.unfinished import EventWarnings
from site_builder.content.loader import Unchanged, round_files, shown_path
from site_builder.draw_seed import environment_seeds, seed_for
from site_builder.errors import Location
from site_builder.model import Event, Site
from site_builder.views.listing import Listing

FORMAT = b"bulletin-events-1"
#: What a build writes at the output's top besides the events: an event folder of such a name shares
#: it with the build, so it is never taken over whole.
SITE_NAMES = frozenset({"static", "index.html", "search", "sitemap.xml", "live.json"})


class UnchangedEvents:
    """The events of one build into `output` that are taken over from the previous one."""

    def __init__(self, cache: Path, output: Path, salt: Callable[[Site], bytes], store: Store) -> None:
        self.output = output
        self.store = store
        self.leave_out = (output, cache)
        self.salt_of = salt  # what every file of every event is made of besides its folder
        self.records = EventRecords(cache, output)
        self.folders: dict[Path, Folder | None] = {}
        self.keys: dict[Path, bytes] = {}
        self.offered: dict[str, EventRecord] = {}

    def keep(self, settings: Site, directories: list[Path]) -> dict[Path, Unchanged]:
        """The events of `directories` whose key and files are those recorded (`content.loader.Keep`)."""
        salt = self.salt_of(settings) + hashlib.sha256(f"raw_html={settings.raw_html}".encode()).digest()
        words = environment_seeds()
        kept = {}
        for directory in directories:
            record = self.records.records.get(directory.name)
            folder = self.folders[directory] = read_folder(directory.resolve(), self.leave_out,
                                                           record.folder if record else None)
            if folder is None:
                continue
            key = self.keys[directory] = hashlib.sha256(
                FORMAT + salt + folder.digest + f"{directory.resolve()}\0{shown_path(directory)}".encode()
            ).digest()
            if record is None or record.key != key or directory.name in SITE_NAMES:
                continue
            unchanged: Unchanged = record.kept
            seeded = seed_for(unchanged.commitment, words) is not None if unchanged.commitment else False
            if seeded != unchanged.seeded and unchanged.commitment:
                continue
            if files_under(self.output, directory.name) == record.files:  # no file edited, added, removed
                kept[directory] = unchanged
                self.offered[directory.name] = record
        return kept

    def kept(self, site: Site) -> dict[str, EventRecord]:
        """The records of the events `site` left unloaded, by slug."""
        loaded = {event.slug for event in site.events}
        return {slug: record for slug, record in self.offered.items() if slug not in loaded}

    def forget(self, kept: Collection[str]) -> None:
        """Before the output changes (`kept`: the events it takes over whole)."""
        self.records.forget(kept)

    def save(self, site: Site, kept: Mapping[str, EventRecord], listings: Mapping[str, Listing],
             warnings: Mapping[str, EventWarnings]) -> None:
        """After the swap: record the events now in the output (`site.events` were loaded), and keep
        the store's entries of those that were not."""
        written: dict[str, EventRecord] = {}
        used = ""  # the name of the set of store entries this build used
        by_slug = {directory.name: directory for directory in self.keys}
        for event in site.events:
            directory = by_slug.get(event.slug)
            folder = self.folders.get(directory) if directory else None
            if directory is None or folder is None or event.files.reads_outside:
                continue
            used = used or self.records.key_set(frozenset(self.store.used))
            files = files_under(self.output, event.slug)
            written[event.slug] = EventRecord(self.keys[directory], folder, files, _unchanged(event),
                                              listings[event.slug], warnings[event.slug], used)
        self.records.save(written, kept)
        self.store.used |= self.records.store_keys({record.store_keys for record in kept.values()})


def _unchanged(event: Event) -> Unchanged:
    """What loading the site needs of `event` when it is not loaded."""
    return Unchanged(sections=tuple((s.id, s.files.directory) for s in event.sections),
                     rounds=round_files(event),
                     times={"": event.files.updated, **{s.id: s.files.updated for s in event.sections},
                            **{(s.id, r.number): r.origin.updated for s in event.sections for r in s.rounds
                               if r.origin.file is not None}},
                     commitment=event.draw.sha256, seeded=event.draw.seed is not None,
                     seed_loc=event.draw.loc or Location(Path(event.slug)))
