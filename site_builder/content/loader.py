"""Entry point of the content layer: a content directory in, a validated `Site` out."""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from site_builder.cache.store import Store
from site_builder.content.event import load_event
from site_builder.content.schema import MapReader
from site_builder.content.updated import Asked, Scope, times_of
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
    """Directories holding an `event.yaml`: the content directory itself, or its children (an
    `event.yaml` that is a directory too, so that loading it reports it)."""
    if (content / "event.yaml").exists():
        return [content]
    return sorted(d for d in content.iterdir() if (d / "event.yaml").exists())


def _unmatched_seeds(events: list[tuple[str, bool, Location]], problems: Problems) -> None:
    """Seeds in `BULLETIN_DRAW_SEED` that match no event's commitment are a mistake (a typo, the seed
    of another event): reported at each committed event left without its seed. The seeds are never
    shown (CI logs are public). `events`: each event's commitment (or ""), whether it has its seed,
    and where its event file states them."""
    committed = [e for e in events if e[0]]
    words = environment_seeds()
    unmatched = [w for w in words if not any(seed_for(e[0], [w]) for e in committed)]
    if not committed or not unmatched:
        return
    malformed = sum(1 for w in unmatched if not w.isdigit())
    for _, seeded, where in committed:
        if not seeded:
            what = (f"{malformed} word(s) of it are not whole numbers" if malformed
                    else f"{len(unmatched)} seed(s) given match no commitment")
            problems.add(where, f"{ENV} holds no seed matching this commitment ({what})",
                         f"set {ENV} to the seed 'bulletin seed' printed for this event (several "
                         "seeds: separate them by spaces), or unset it to build without the seed")


#: Whose commit time a build asks git for, within an event: "" the event, a section's id, or a
#: section's id and a round's number (its round file).
TimeKey = str | tuple[str, int]
RoundFiles = tuple[tuple[tuple[str, int], Path], ...]  # each round file by section id and round number


@dataclass(frozen=True)
class Unchanged:
    """An event whose folder is as a build before read it, which a build may leave unloaded: what
    loading the site needs of it (the folders and files whose commit times it showed, the times,
    its seed)."""

    sections: tuple[tuple[str, Path | None], ...]  # each section's id and folder
    rounds: RoundFiles
    times: Mapping[TimeKey, str]  # the time each showed ("" unknown)
    commitment: str  # its draw_seed_sha256
    seeded: bool  # whether the build had the seed
    seed_loc: Location


#: Given the site's settings (a `Site` without events) and the event directories, the events that
#: need not be loaded (`Unchanged`), by directory; those whose commit times changed are loaded still.
Keep = Callable[[Site, list[Path]], Mapping[Path, Unchanged]]


def load_site(content: Path, cache: Store | None = None, keep: Keep | None = None) -> Site:
    """Load and validate everything under `content`; raises `ContentError` listing all problems.
    `cache`: the build's store, from which files parsed before with the same text are taken.
    `keep`: events left out of the `Site` (a site of one event is always loaded)."""
    problems = Problems()
    shown = shown_path(content)
    if not content.is_dir():
        problems.add(Location(shown), "content directory not found here or in a folder above",
                     "run bulletin inside the repository that holds content/, or name the content "
                     "folder; 'bulletin init DIR' makes a new repository")
        problems.raise_if_any()
    return _loaded(content, site_settings(content, problems, cache), problems, cache, keep)


def site_settings(content: Path, problems: Problems, cache: Store | None = None) -> Site:
    """The site's settings as `content/site.yaml` gives them (a `Site` without events; the defaults
    without the file); each problem of the file is added to `problems`."""
    shown = shown_path(content)
    title, titles = "", dict[str, str]()
    language: Language = "zh"
    raw_html = False  # Markdown pages are sanitized unless site.yaml opts in (docs/content.md)
    search = ""  # the site's own search index, unless site.yaml names a shared one (docs/exports.md)
    theme: Path | None = None
    site_file = content / "site.yaml"
    if site_file.exists():  # a directory in its place is reported by reading it
        data = read_yaml(site_file, problems, shown / "site.yaml", cache)
        f = MapReader(data, Location(shown / "site.yaml"), problems, "the site file",
                      ("title", "language", "theme", "raw_html", "search"))
        raw_html = f.boolean("raw_html", False)
        search = f.text("search")
        if search and not re.match(r"(https?://[^/\s]+)?/?[^\s:]*$", search):
            problems.add(f.at("search"), f"'search: {search}' is not the address of a search index",
                         "give its folder's address, e.g. 'https://results.example.org/search/'")
            search = ""
        if search and not search.endswith("/"):
            search += "/"
        language = f.choice("language", LANGUAGES, language)
        title, titles = f.texts("title", language, LANGUAGES, "the site's title", whose="the site's")
        if f.has("theme"):
            theme = (content / f.text("theme")).resolve()
            if not (theme / "templates").is_dir() and not (theme / "static").is_dir():
                problems.add(f.at("theme"),
                             f"theme directory {f.text('theme')!r} has no templates/ or static/",
                             "point 'theme:' at a directory with templates/ and/or static/")
                theme = None
    return Site(title=title, language=language, events=(), theme=theme, raw_html=raw_html, titles=titles,
                search=search)


def _loaded(content: Path, settings: Site, problems: Problems, cache: Store | None,
            keep: Keep | None) -> Site:
    """The site of `settings` with its events loaded and validated (`load_site`)."""
    shown = shown_path(content)
    directories = event_directories(content)
    for directory in directories:
        if directory.name in LANGUAGES:  # `<language>/index.html` is the site's home in that language
            problems.add(Location(shown_path(directory) / "event.yaml"),
                         f"an event's folder may not be named {directory.name!r}: the site's home in that "
                         f"language is {directory.name}/index.html", "rename the folder")
    if not directories:
        problems.add(Location(shown), "no event found (no */event.yaml)",
                     "run 'bulletin new DIR' to scaffold an event")
    with Asked(directories) as asked:  # git answers while the events are read
        loaded, kept = _events(directories, settings, problems, cache, keep, asked)
    events = list(loaded.values())
    facts = {d: (e.draw.sha256, e.draw.seed is not None, e.draw.loc or Location(Path(e.slug)))
             for d, e in loaded.items()}
    facts.update({d: (k.commitment, k.seeded, k.seed_loc) for d, k in kept.items()})
    _unmatched_seeds([facts[d] for d in directories if d in facts], problems)
    problems.raise_if_any()
    if len(events) + len(kept) == 1 and not settings.title:  # a site of one event is titled by it
        return dataclasses.replace(settings, title=events[0].name, language=events[0].language,
                                   events=tuple(events))
    return dataclasses.replace(settings, events=tuple(events))


def _events(directories: list[Path], settings: Site, problems: Problems, cache: Store | None,
            keep: Keep | None, asked: Asked) -> tuple[dict[Path, Event], dict[Path, Unchanged]]:
    """The events loaded, dated, by folder in the order of `directories`, and those left unloaded
    (`keep`)."""
    kept = dict(keep(settings, directories)) if keep and len(directories) > 1 and not problems.items else {}

    def load(directory: Path) -> None:
        event = load_event(directory, shown_path(directory), problems, cache)
        if event is not None:
            loaded[directory] = dataclasses.replace(event, raw_html=settings.raw_html or event.raw_html)

    loaded: dict[Path, Event] = {}
    for directory in directories:
        if directory not in kept:
            load(directory)
    scopes: dict[tuple[Path, TimeKey], Scope] = {}
    for directory in directories:  # the first folder first: where git was asked already
        if directory in loaded:
            scopes.update(_scopes({directory: loaded[directory]}))
        elif directory in kept:
            unchanged = kept[directory]
            scopes.update(_section_scopes(directory, unchanged.sections, unchanged.rounds))
    times = times_of(scopes, asked)
    for directory, unchanged in list(kept.items()):  # a commit without a change of its files
        if {key: times.get((directory, key), "") for key in unchanged.times} != unchanged.times:
            del kept[directory]
            load(directory)
    return {d: dated(loaded[d], d, times) for d in directories if d in loaded}, kept


def _scopes(events: Mapping[Path, Event]) -> dict[tuple[Path, TimeKey], Scope]:
    """The folders of each event and section, and the round files, whose last commit each shows
    (`content.updated`)."""
    return {key: scope for directory, event in events.items() for key, scope in _section_scopes(
        directory, tuple((s.id, s.files.directory) for s in event.sections), round_files(event)).items()}


def round_files(event: Event) -> RoundFiles:
    """Each round file of `event`, by its section's id and its number."""
    return tuple(((s.id, r.number), r.origin.file) for s in event.sections for r in s.rounds
                 if r.origin.file is not None)


def _section_scopes(directory: Path, sections: tuple[tuple[str, Path | None], ...],
                    rounds: RoundFiles = ()) -> dict[tuple[Path, TimeKey], Scope]:
    """An event's scope (""), each section's (the event's folder without the other sections') and
    each round file's."""
    scopes: dict[tuple[Path, TimeKey], Scope] = {(directory, ""): (directory, ())}
    folders = {i: d for i, d in sections if d is not None and d != directory}
    for section, _ in sections:
        scopes[directory, section] = (directory, [d for i, d in folders.items() if i != section])
    for key, file in rounds:
        scopes[directory, key] = (file, ())
    return scopes


def dated(event: Event, directory: Path, times: Mapping[tuple[Path, TimeKey], str]) -> Event:
    """The event with the time of its last commit, each section with that of its own and each round
    with its file's."""
    files = dataclasses.replace(event.files, updated=times.get((directory, ""), ""))
    return dataclasses.replace(event, files=files, sections=tuple(
        dataclasses.replace(s, files=dataclasses.replace(s.files, updated=times.get((directory, s.id), "")),
                            rounds=tuple(
            dataclasses.replace(r, origin=dataclasses.replace(
                r.origin, updated=times.get((directory, (s.id, r.number)), ""))) for r in s.rounds))
        for s in event.sections))
