"""The pages of the site, in a stable order: the site's and each event's home, the event's own
pages, and each section's pages and navigation links, those of its page kinds (`page_kind.py`: the
player list, the statistics, the downloads; a module each in `kinds/`) in the order of their places,
among which what the section's system shows, from its page set (`page_set.py`: a knockout's bracket
rounds, a team Swiss's matches, the rounds and standings of the others). The module of each kind of
page says what a page shows."""

from __future__ import annotations

from typing import Any

from site_builder.draw_seed import seed_published
from site_builder.model import DrawSeed, Event, Site
from site_builder.results import EventResults, site_results
from site_builder.systems import system_of
from site_builder.views.details import event_details, section_details
from site_builder.views.i18n import Labels
from site_builder.views.listing import event_dates, home_pages, home_path, listing, live_key, section_url
from site_builder.views.page import Page
from site_builder.views.page_kind import SectionPages, page_kinds
from site_builder.views.page_set import event_page_set_of, page_set_of, ranked_views
from site_builder.views.section import (
    SectionData,
    brief,
    in_language,
    status,
)
from site_builder.views.standings_rows import stage_label


def site_pages(site: Site, results: dict[str, EventResults] | None = None, pdfs: bool = True) -> list[Page]:
    """Every page and PDF of the site, in a stable order, from the results of each event by slug
    (`site_results`; computed here when not given); without `pdfs`, no PDF and no link to one."""
    results = site_results(site) if results is None else results
    events = [all_event_pages(event, results[event.slug], pdfs, site.language) for event in site.events]
    homes, search = home_pages(site, [listing(event, pages) for event, pages in zip(site.events, events,
                                                                                   strict=True)])
    return [*homes, *(page for pages in events for page in pages), search]


def all_event_pages(event: Event, results: EventResults, pdfs: bool = True, site_language: str = ""
                    ) -> list[Page]:
    """The pages of one event in its language and in each of its other languages, linked together,
    each linking the site's home in its language (`site_language`: the site's, whose home is
    `index.html`; "": the event's)."""
    primary = event_pages(event, results, pdfs)
    pages = _link_home(primary, home_path(site_language or event.language, event.language))
    for language in event.translations.languages:  # the same event with the labels of another language
        variant = _link_home(event_pages(in_language(event, language), results, pdfs),
                             home_path(site_language or event.language, language))
        for page in variant:  # names and clubs as written: in the event's language (`as_written`)
            page.context["written_language"] = event.language
        pages.extend(_link_languages(event, primary, variant, language))
    return pages


def _link_home(pages: list[Page], home: str) -> list[Page]:
    """`pages`, each linking `home` as the site's home ("All events")."""
    for page in pages:
        if not page.pdf:
            page.context["home_url"] = home
    return list(pages)


def _link_languages(event: Event, primary: list[Page], variant: list[Page], language: str) -> list[Page]:
    """Give each page a link to its counterpart in the other language (and back)."""
    prefix = f"{event.slug}/"
    for page in primary:
        if not page.pdf:
            other = prefix + language + "/" + page.path[len(prefix):]
            page.context.setdefault("alternates", []).append(
                {"label": Labels(language).lang_name, "url": other, "lang": language})
    for page in variant:
        if not page.pdf:
            original = prefix + page.path[len(prefix) + len(language) + 1:]
            page.context["alternates"] = [{"label": Labels(event.language).lang_name, "url": original,
                                           "lang": event.language}]
    return variant


def event_pages(event: Event, results: EventResults, pdfs: bool = True) -> list[Page]:
    """The pages of one event (in its language) from its results (`pdfs`: see `site_pages`)."""
    datas = ranked_views(event, results, pdfs)
    t = Labels(event.language)
    event_set = event_page_set_of(event)
    nav = _event_nav(event, datas, t)
    shown = brief(event, "sections", "players", "league")
    if event.draw.sha256 and not seed_published(event):
        shown.draw = DrawSeed(None, event.draw.sha256, event.draw.loc)  # a secret seed reaches no template
    common = {"event": shown, "t": t, "nav": nav, "dates": event_dates(event), "pdfs": pdfs,
              "feed_url": f"{results.event.slug}/feed.xml",  # one feed per event, in its language
              "live": results.event.slug}  # its key of live.json, whatever the language
    details = event_details(event, t, event_dates(event))  # one answer: the home and each starting list
    section_lines = [section_details(data) for data in datas]
    pages = [Page(f"{event.slug}/index.html", "event.html", event.name, {
        **common,
        "details": details,
        "seed": _seed_facts(event, t),
        "updated": event.files.updated,  # the only page of the event that shows when it changed
        "sections": [_section_summary(data, lines) for data, lines in zip(datas, section_lines, strict=True)],
        "pages": [{"title": p.title, "url": f"{event.slug}/{p.slug}.html"} for p in event.pages],
    })]
    for page in event.pages:
        pages.append(Page(f"{event.slug}/{page.slug}.html", "markdown.html", page.title,
                          {**common, "markdown": page.markdown, "heading": page.title}))
    for data, lines in zip(datas, section_lines, strict=True):
        pages.extend(section_pages(data, common, [*details, *lines]))
    pages.extend(event_set.pages(event, results, common, t))
    return pages


def _event_nav(event: Event, datas: list[SectionData], t: Labels) -> list[dict[str, Any]]:
    nav: list[dict[str, Any]] = [{"title": t.home, "url": f"{event.slug}/index.html", "links": []}]
    for data in datas:  # each section's links: its page kinds' in the order of their places
        links = [link for kind in page_kinds() for link in kind.links(data)]
        nav.append({"title": data.section.name, "url": f"{data.base}/players.html", "links": links})
    nav.extend(event_page_set_of(event).nav(event, t))
    for page in event.pages:
        nav.append({"title": page.title, "url": f"{event.slug}/{page.slug}.html", "links": []})
    return nav


def _section_summary(data: SectionData, details: list[dict[str, Any]]) -> dict[str, Any]:
    t, section = data.labels, data.section
    return {
        "name": section.name,
        "system": t.system(section.system, system_of(section).titles),
        "formula": section.rounds_rule.formula if section.rounds_rule else "",
        "override": section.rounds_rule is not None
                    and section.rounds_rule.computed != section.rounds_planned,
        "planned": section.rounds_planned,
        "players": len(section.players),
        "status": t("status." + status(section)),
        "current": section.current_round,
        "updated": section.files.updated,
        "players_url": f"{data.base}/players.html",
        # as the site's home links it (one rule): its current round, or its final standings
        "url": section_url(data.event, section, {*(data.round_url(r.number) for r in section.rounds),
                                                 *(data.standings_url(n) for n in data.standings)}),
        "details": details,
        "leaders": page_set_of(section).leaders(data),
        "standings_url": data.standings_url(data.latest.upto) if data.latest else "",
        "finished": status(section) == "finished",
        "crosstable_url": f"{data.base}/crosstable.html" if data.standings else "",
        "starting_url": data.crosstable_url(True)
        if data.latest is not None and page_set_of(section).starting_crosstable else "",
        "rounds": [{
            "n": rnd.number,
            "url": data.round_url(rnd.number),
            "standings_url": data.standings_url(rnd.number) if rnd.number in data.standings else "",
            "pdf_url": data.pdf_url(rnd.number),
            "pending": rnd.pending,
            "date": rnd.date.isoformat() if rnd.date else "",
            "stage": stage_label(data, rnd.number),
            "provisional": False,
        } for rnd in section.rounds] + ([{
            "n": data.preview.number, "url": data.round_url(data.preview.number), "standings_url": "",
            "pdf_url": "", "pending": 0, "date": "", "provisional": True,
            "stage": stage_label(data, data.preview.number),
        }] if data.preview else []),
    }


def section_pages(data: SectionData, common: dict[str, Any], details: list[dict[str, Any]]) -> list[Page]:
    """The section's pages: those of its page kinds (`page_kind.py`) in the order of their places, the
    player list (under the tournament `details`, the event's and the section's), the statistics,
    the pages of its system's page set and the downloads."""
    section = data.section
    shown = brief(section, "players", "rounds", "team", "codes", "records")  # records: see `records.digest`
    # the heading of its place columns and what its standings rank (`SectionData.ranking`)
    base = {**common, "section": shown, "data_base": data.base, "place_heading": data.place_heading,
            "ranking_note": list(data.ranking.note) if data.ranking else [],
            "live": live_key(common["live"], section.id)}
    shared = SectionPages(data, base, sorted(section.players, key=lambda p: p.number), details)
    return [page for kind in page_kinds() for page in kind.pages(shared)]


def _seed_facts(event: Event, t: Labels) -> dict[str, str] | None:
    """The commitment of a secret seed (from the start), and the seed with how to verify it once
    published; None for a public `draw_seed`."""
    if not event.draw.sha256:
        return None
    if not seed_published(event):
        return {"commitment": event.draw.sha256, "seed": "", "note": t.draw_seed_pending}
    seed = str(event.draw.seed)
    return {"commitment": event.draw.sha256, "seed": seed, "note": t("draw_seed_verify", seed=seed)}
