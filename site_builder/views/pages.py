"""The pages of the site, in a stable order: the site's homes, each event's pages in each of its
languages, and the search index. An event's pages and its navigation are those of its page kinds
(`page_kind.py`, a module each in `kinds/`) in the order of their places: its home, its Markdown
pages, its sections and the pages its regulation adds (a league's); a section's pages and links are
its own kinds' (the player list, the statistics, the downloads) in the order of their places, among
which what the section's system shows, from its page set (`page_set.py`: a knockout's bracket
rounds, a team Swiss's matches, the rounds and standings of the others). The module of each kind of
page says what a page shows."""

from __future__ import annotations

from site_builder.draw_seed import seed_published
from site_builder.model import DrawSeed, Event, Site
from site_builder.results import EventResults, site_results
from site_builder.views.details import event_details, section_details
from site_builder.views.i18n import Labels
from site_builder.views.listing import event_dates, home_pages, home_path, listing
from site_builder.views.page import Page
from site_builder.views.page_kind import EventPages, EventView, event_nav_kinds, event_page_kinds
from site_builder.views.page_set import ranked_views
from site_builder.views.section import brief, in_language


def site_pages(site: Site, results: dict[str, EventResults] | None = None, pdfs: bool = True) -> list[Page]:
    """Every page and PDF of the site, in a stable order, from the results of each event by slug
    (`site_results`; computed here when not given); without `pdfs`, no PDF and no link to one."""
    results = site_results(site) if results is None else results
    events = [all_event_pages(event, results[event.slug], pdfs, site.language) for event in site.events]
    listings = [listing(event, pages) for event, pages in zip(site.events, events, strict=True)]
    homes = home_pages(site, listings)
    return [*homes, *(page for pages in events for page in pages)]


def all_event_pages(event: Event, results: EventResults, pdfs: bool = True, site_language: str = ""
                    ) -> list[Page]:
    """The pages of one event in its language and in each of its other languages, linked together,
    each linking the site's home in its language (`site_language`: the site's, whose home is
    `index.html`; "": the event's)."""
    primary = event_pages(event, results, pdfs)
    home = home_path(site_language or event.language, event.language)
    versions = {event.language: _link_home(primary, home)}
    for language in event.translations.languages:  # the same event with the labels of another language
        variant = _link_home(event_pages(in_language(event, language), results, pdfs),
                             home_path(site_language or event.language, language))
        for page in variant:  # names and clubs as written: in the event's language (`as_written`)
            page.context["written_language"] = event.language
        versions[language] = variant
    _link_languages(event, versions)
    return [page for pages in versions.values() for page in pages]


def _link_home(pages: list[Page], home: str) -> list[Page]:
    """`pages`, each linking `home` as the site's home ("All events")."""
    for page in pages:
        if not page.pdf:
            page.context["home_url"] = home
    return list(pages)


def _link_languages(event: Event, versions: dict[str, list[Page]]) -> None:
    """Give each page (not a PDF) a link to its counterpart in every other language of `versions`
    (the event's pages by language, its own language first), in that order."""
    for language, pages in versions.items():
        others = [code for code in versions if code != language]
        for page in pages:
            if not page.pdf:
                page.context["alternates"] = [
                    {"label": Labels(other).lang_name, "url": _counterpart(event, page.path, language, other),
                     "lang": other} for other in others]


def _counterpart(event: Event, path: str, language: str, other: str) -> str:
    """The path of the page at `path` (in `language`) in the event's `other` language: the event's
    own language's pages under `<slug>/`, each other's under `<slug>/<language>/`."""
    prefix = f"{event.slug}/"
    rest = path[len(prefix):] if language == event.language else path[len(prefix) + len(language) + 1:]
    return prefix + rest if other == event.language else f"{prefix}{other}/{rest}"


def event_pages(event: Event, results: EventResults, pdfs: bool = True) -> list[Page]:
    """The pages of one event (in its language) from its results (`pdfs`: see `site_pages`): those of
    its kinds (`page_kind.py`) in the order of their places, each sharing the navigation their
    entries make in the order of theirs."""
    t = Labels(event.language)
    view = EventView(event, results, ranked_views(event, results, pdfs), t)
    nav = [entry for kind in event_nav_kinds() for entry in kind.nav(view)]
    shown = brief(event, "sections", "players", "league")
    if event.draw.sha256 and not seed_published(event):
        shown.draw = DrawSeed(None, event.draw.sha256, event.draw.loc)  # a secret seed reaches no template
    common = {"event": shown, "t": t, "nav": nav, "dates": event_dates(event), "pdfs": pdfs,
              "feed_url": f"{results.event.slug}/feed.xml",  # one feed per event, in its language
              "live": results.event.slug}  # its key of live.json, whatever the language
    details = event_details(event, t, event_dates(event))  # one answer: the home and each starting list
    shared = EventPages(view, common, details, [section_details(data) for data in view.sections])
    return [page for kind in event_page_kinds() for page in kind.pages(shared)]
