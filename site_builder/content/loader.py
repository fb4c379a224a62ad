"""Entry point of the content layer: a content directory in, a validated `Site` out."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from site_builder.cache.store import Store
from site_builder.content.event import load_event
from site_builder.content.schema import MapReader
from site_builder.content.updated import Scope, times_of
from site_builder.content.yamlsource import read_yaml
from site_builder.draw_seed import ENV, environment_seeds, seed_for
from site_builder.errors import Location, Problems
from site_builder.model import LANGUAGES, Event, Language, Site


def shown_path(path: Path) -> Path:
    """A path as shown in messages: relative to the working directory when inside it."""
    try:
        return Path(os.path.relpath(path))
    except ValueError:  # pragma: no cover - other drive on Windows
        return path


def event_directories(content: Path) -> list[Path]:
    """Directories holding an `event.yaml`: the content directory itself, or its children."""
    if (content / "event.yaml").is_file():
        return [content]
    return sorted(d for d in content.iterdir() if (d / "event.yaml").is_file())


def _unmatched_seeds(events: list[Event], problems: Problems) -> None:
    """Seeds in `BULLETIN_DRAW_SEED` that match no event's commitment are a mistake (a typo, the seed
    of another event): reported at each committed event left without its seed. The seeds are never
    shown (CI logs are public)."""
    committed = [e for e in events if e.draw_seed_sha256]
    words = environment_seeds()
    unmatched = [w for w in words if not any(seed_for(e.draw_seed_sha256, [w]) for e in committed)]
    if not committed or not unmatched:
        return
    malformed = sum(1 for w in unmatched if not w.isdigit())
    for event in committed:
        if event.draw_seed is None:
            what = (f"{malformed} word(s) of it are not whole numbers" if malformed
                    else f"{len(unmatched)} seed(s) given match no commitment")
            problems.add(event.draw_seed_loc or Location(Path(event.slug)),
                         f"{ENV} holds no seed matching this commitment ({what})",
                         f"set {ENV} to the seed 'bulletin seed' printed for this event (several "
                         "seeds: separate them by spaces), or unset it to build without the seed")


def load_site(content: Path, cache: Store | None = None) -> Site:
    """Load and validate everything under `content`; raises `ContentError` listing all problems.
    `cache`: the build's store, from which files parsed before with the same text are taken."""
    problems = Problems()
    shown = shown_path(content)
    if not content.is_dir():
        problems.add(Location(shown), "content directory not found here or in a folder above",
                     "run bulletin inside the repository that holds content/, or name the content "
                     "folder; 'bulletin init DIR' makes a new repository")
        problems.raise_if_any()
    title = ""
    language: Language = "zh"
    raw_html = False  # Markdown pages are sanitized unless site.yaml opts in (docs/content.md)
    theme: Path | None = None
    site_file = content / "site.yaml"
    if site_file.is_file():
        data = read_yaml(site_file, problems, shown / "site.yaml", cache)
        f = MapReader(data, Location(shown / "site.yaml"), problems, "the site file",
                      ("title", "language", "theme", "raw_html"))
        title = f.text("title")
        raw_html = f.boolean("raw_html", False)
        language = f.choice("language", LANGUAGES, language)
        if f.has("theme"):
            theme = (content / f.text("theme")).resolve()
            if not (theme / "templates").is_dir() and not (theme / "static").is_dir():
                problems.add(f.at("theme"),
                             f"theme directory {f.text('theme')!r} has no templates/ or static/",
                             "point 'theme:' at a directory with templates/ and/or static/")
                theme = None
    directories = event_directories(content)
    if not directories:
        problems.add(Location(shown), "no event found (no */event.yaml)",
                     "run 'bulletin new DIR' to scaffold an event")
    loaded = {}
    for directory in directories:
        event = load_event(directory, shown_path(directory), problems, cache)
        if event is not None:
            loaded[directory] = dataclasses.replace(event, raw_html=raw_html or event.raw_html)
    events = dated(loaded)
    _unmatched_seeds(events, problems)
    problems.raise_if_any()
    if len(events) == 1 and not title:
        title = events[0].name
        language = events[0].language
    return Site(title=title, language=language, events=tuple(events), theme=theme, raw_html=raw_html)


def dated(events: dict[Path, Event]) -> list[Event]:
    """The events (by directory), each with the time of its last commit and each section with that
    of its own (`content.updated`)."""
    scopes: dict[tuple[Path, str], Scope] = {}
    for directory, event in events.items():
        scopes[directory, ""] = (directory, ())
        folders = {s.id: s.directory for s in event.sections
                   if s.directory is not None and s.directory != directory}
        for section in event.sections:
            scopes[directory, section.id] = (directory, [d for i, d in folders.items() if i != section.id])
    times = times_of(scopes)
    return [dataclasses.replace(event, updated=times.get((directory, ""), ""), sections=tuple(
                dataclasses.replace(s, updated=times.get((directory, s.id), "")) for s in event.sections))
            for directory, event in events.items()]
