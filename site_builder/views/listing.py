"""What the site-wide pages show of each event: the home (`index.html`), the search index and the
sitemap list every event. Each event's `Listing` is made from the event and its pages, and a build
that leaves an unchanged event unloaded takes its listing from the previous build
(`site_builder.build.unchanged`): both make the same site-wide pages."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from site_builder.games.registry import game_name
from site_builder.languages import catalogue
from site_builder.languages.catalogue import pinyin
from site_builder.languages.scripts import is_han
from site_builder.model import LANGUAGES, Event, Section, Site
from site_builder.views.i18n import Labels
from site_builder.views.name_order import name_key
from site_builder.views.page import Page
from site_builder.views.page_set import event_page_set_of, page_set_of
from site_builder.views.section import brief, in_language, status

#: The key in live.json (`render.live`) of the site's home, which lists every event; an event's own
#: pages have its slug, a section's pages `live_key(slug, section)`.
LIVE_SITE = ""


def live_key(slug: str, section: str) -> str:
    """The key in live.json of a section's pages (its rounds, standings, players, crosstable …)."""
    return f"{slug}/{section}"


@dataclass(frozen=True)
class Listing:
    """One event as the site-wide pages list it, and what its pages count in the build's report."""

    slug: str
    order: tuple[Any, ...]  # the home's order (`newest_first`)
    # on the home of each language, without its labels (`Labels(summary["lang"])`): in the event's
    # language first, then in each of its other languages (its pages under `<event>/<language>/`)
    summaries: dict[str, dict[str, Any]]
    entries: tuple[dict[str, Any], ...]  # in the search index: the event, its teams, each player card
    paths: tuple[str, ...]  # its HTML pages, in page order (the sitemap)
    html: int  # HTML pages
    pdfs: int  # PDF pages
    live: Mapping[str, str] = field(default_factory=dict)  # its keys of live.json (`render.live`)


def listing(event: Event, pages: list[Page], live: Mapping[str, str] | None = None) -> Listing:
    """The listing of `event` (with the checked sections and commit times) whose pages are `pages`
    (`live`: its keys of live.json)."""
    language = catalogue(event.language)

    def romanize(text: str) -> tuple[str, ...]:
        """A Han name's pinyin, whatever the language orders names by (the order's key, memoized,
        where it is pinyin); none where the language reads Han names otherwise (Japanese)."""
        if not language.pinyin_keys:
            return ()
        return name_key(text, event.language) if language.name_key is pinyin else pinyin(text)

    def keys(*texts: str) -> str:
        return " ".join(filter(None, (search_keys(text, romanize) for text in texts)))

    games = " ".join(sorted({game_name(code, event.game) for code in LANGUAGES}))  # "gomoku" finds 五子棋
    # the event's pages in its other languages, by the `lang` tag of the page a search is made on
    further = event.translations.languages
    variants = {"languages": {catalogue(c).tag: c for c in further}} if further else {}
    event_entry = {"name": event.name, "club": event.short_name if event.short_name != event.name else "",
                   "section": event_dates(event), "url": f"{event.slug}/index.html",
                   "keys": " ".join(filter(None, (keys(event.name, event.short_name), games))), **variants}
    players = [{"name": player.name, "club": player.club,
                "section": f"{event.short_name or event.name} · {section.name}",
                "url": f"{event.slug}/{section.id}/players/{player.number}.html",
                "keys": keys(player.name), **variants}
               for section in event.sections for player in section.players]
    teams = [{"name": team.name, "club": "", "section": f"{event.short_name or event.name} · {section.name}",
              "url": f"{event.slug}/{section.id}/teams/{team.number}.html", "keys": keys(team.name),
              **variants}
             for section in event.sections for team in section.teams]
    paths = tuple(p.path for p in pages if not p.pdf and p.path.endswith(".html"))
    shown = set(paths)
    summaries: dict[str, dict[str, Any]] = {event.language: _summary(event, shown),
                 **{code: _summary(in_language(event, code), shown, event)
                    for code in event.translations.languages}}
    return Listing(event.slug, newest_first(event), summaries,
                   (event_entry, *teams, *players), paths,
                   sum(p.path.endswith(".html") for p in pages), sum(p.pdf for p in pages), dict(live or {}))


_SYLLABLE = re.compile(r"[a-zü]+[1-5]")  # a pinyin syllable with its tone (TONE3)
_SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def search_keys(text: str, romanize: Callable[[str], tuple[str, ...]]) -> str:
    """What a reader may type for `text` besides the text: a Chinese name's pinyin (`romanize`: where
    the event's language gives one) by syllable, whole, from each syllable on (the given
    name, "zijia") and by initials, and a Latin name without apostrophes and with umlauts spelled
    out. (The search matches the beginnings of words.)

    >>> from site_builder.languages.catalogue import pinyin
    >>> search_keys("邓子嘉", pinyin), search_keys("O'Brien, Sean", pinyin), search_keys("Müller", pinyin)
    ('deng zi jia dengzijia zijia dzj', 'OBrien, Sean', 'Mueller')
    """
    if any(is_han(char) for char in text):
        syllables = [s.rstrip("12345") for s in romanize(text) if _SYLLABLE.fullmatch(s)]
        if not syllables:
            return ""
        joined = ["".join(syllables[at:]) for at in range(len(syllables) - 1)]
        return " ".join([*syllables, *joined, "".join(s[0] for s in syllables)])
    plain = text.replace("'", "").replace("\u2019", "").translate(_SPELLED_OUT)
    return plain if plain != text else ""


def newest_first(event: Event) -> tuple[Any, ...]:
    """The home's order: by start date, the latest first; events without dates last, by name."""
    start = event.dates.start.toordinal() if event.dates.start else 0
    return (-start, event.name, event.slug)


def event_dates(event: Event) -> str:
    """The event's dates as the pages show them ("" without)."""
    if event.dates.start and event.dates.end and event.dates.end != event.dates.start:
        return f"{event.dates.start.isoformat()} – {event.dates.end.isoformat()}"
    return event.dates.start.isoformat() if event.dates.start else ""


def _summary(event: Event, paths: set[str], original: Event | None = None) -> dict[str, Any]:
    """An event on the home page: its names, dates, venue and where each section stands, each
    section linked to what a reader wants of it now (`section_url`). `event` in another of its
    languages (`original`: the event as written): each text in that language where the content gives
    it, else as written with the `lang` tag of the original (in "langs", by key; "lang" of a section)."""
    t = Labels(event.language)
    states = {status(s) for s in event.sections}
    state = "finished" if states == {"finished"} else "upcoming" if states == {"upcoming"} else "running"
    translated = original.translations.texts.get(event.language, {}) if original else {}
    written = Labels(original.language).tag if original else ""

    def lang(given: bool) -> str:
        return "" if given or not original else written

    return {
        "name": event.name, "url": f"{event.slug}/index.html", "dates": event_dates(event),
        "short_name": event.short_name if event.short_name != event.name else "",
        "venue": event.venue, "status": state, "status_label": t("status." + state),
        "lang": event.language, "updated": event.files.updated, "timezone": event.dates.timezone,
        "langs": {key: lang(key in translated) for key in ("name", "short_name", "venue")},
        "sections": [{"name": s.names.get(event.language, s.name), "lang": lang(event.language in s.names),
                      "status": t("status." + status(s)), "round": s.current_round,
                      "planned": s.rounds_planned, "url": section_url(event, s, paths)}
                     for s in event.sections],
    }


def section_url(event: Event, section: Section, paths: Collection[str]) -> str:
    """Where the homes (the site's, the event's) link a section: the page its system shows at every
    stage (a knockout's bracket: `PageSet.first_page`); else its current round while it is played,
    once it is finished the page of its official order (a league group's: `EventPageSet.official_page`)
    or its final standings; else (and where its system has no such page among `paths`) its player
    list."""
    base = f"{event.slug}/{section.id}"
    state = status(section)
    if section.rounds and (first := page_set_of(section).first_page(event, section)):
        return first
    if state == "finished" and (official := event_page_set_of(event).official_page(event, section)):
        return official
    wanted = (f"{base}/round-{section.current_round:02d}.html" if state == "running" else
              f"{base}/standings-{section.current_round:02d}.html" if state == "finished" else "")
    return wanted if wanted in paths else f"{base}/players.html"


def home_path(site_language: str, language: str) -> str:
    """Where the site's home in `language` is: `index.html` in the site's language, else
    `<language>/index.html`.

    >>> home_path("zh", "zh"), home_path("zh", "en")
    ('index.html', 'en/index.html')
    """
    return "index.html" if language == site_language else f"{language}/index.html"


def home_languages(site: Site, listings: list[Listing]) -> list[str]:
    """The languages of the site's homes: the site's, then each other one an event is published in,
    in the catalogues' order."""
    published = {code for listed in listings for code in listed.summaries}
    return [site.language, *(code for code in LANGUAGES if code in published and code != site.language)]


def home_pages(site: Site, listings: list[Listing]) -> list[Page]:
    """The site's homes, one per language its events are published in, each listing every event (in
    that language where the event has it, else in its own)."""
    newest = sorted(listings, key=lambda listed: listed.order)
    languages = home_languages(site, listings)
    homes = []
    for code in languages:
        t = Labels(code)
        title = site.title if code == site.language else site.titles.get(code, "") or t.site_title
        summaries = [listed.summaries.get(code) or next(iter(listed.summaries.values())) for listed in newest]
        alternates = [{"label": Labels(other).lang_name, "url": home_path(site.language, other),
                       "lang": other} for other in languages if other != code]
        homes.append(Page(home_path(site.language, code), "site_index.html", title or t.site_title, {
            "site": brief(site, "events"), "t": t, "live": LIVE_SITE, "alternates": alternates,
            "events": [{**summary, "labels": Labels(summary["lang"])} for summary in summaries],
        }))
    return homes


def search_entries(listings: list[Listing]) -> tuple[list[dict[str, Any]], int]:
    """What the player search finds, in the order it lists them: the events, the newest first, then
    the teams and players of each event (`listings` in the site's order of events); and how many
    events lead the list."""
    newest = sorted(listings, key=lambda listed: listed.order)
    events = [listed.entries[0] for listed in newest]
    return [*events, *(entry for listed in listings for entry in listed.entries[1:])], len(events)


def sitemap_paths(site: Site, listings: list[Listing]) -> list[str]:
    """Every HTML page of the site in page order: the homes, then each event's."""
    homes = [home_path(site.language, code) for code in home_languages(site, listings)]
    return [*homes, *(path for listed in listings for path in listed.paths)]
