"""The pages of the site: every event's pages, and each section's by its system (a knockout's
bracket rounds, a team Swiss's matches, the rounds and standings of the others, the staged Swiss's
eliminations and final placing, the prizes), in a stable order. The views (`views.py` and the
`*_views.py` of each kind of page) say what a page shows."""

from __future__ import annotations

from typing import Any

from site_builder.model import Event, Site
from site_builder.regulations import rules_of
from site_builder.results import EventResults, site_results
from site_builder.site.game_views import PGN_GAMES, featured, game_pages, round_pgn_path
from site_builder.site.i18n import Labels
from site_builder.site.knockout_views import knockout_pages
from site_builder.site.listing import event_dates, home_pages, listing
from site_builder.site.name_order import name_key
from site_builder.site.page import Page
from site_builder.site.prize_views import prize_pages
from site_builder.site.slips import slips_pages, slips_url
from site_builder.site.staged_views import final_placings, stage_label, staged_pages
from site_builder.site.statistics_views import statistics_page
from site_builder.site.table_csv import crosstable_path, csv_tables, standings_path
from site_builder.site.team_views import team_pages
from site_builder.site.views import (
    SectionData,
    brief,
    codes_published,
    crosstable,
    in_language,
    not_paired,
    player_card,
    player_row,
    players_by_name,
    round_rows,
    section_views,
    seed_published,
    standings_block,
    status,
)
from site_builder.systems import system_of


def site_pages(site: Site, results: dict[str, EventResults] | None = None, pdfs: bool = True) -> list[Page]:
    """Every page and PDF of the site, in a stable order, from the results of each event by slug
    (`site_results`; computed here when not given); without `pdfs`, no PDF and no link to one."""
    results = site_results(site) if results is None else results
    events = [all_event_pages(event, results[event.slug], pdfs) for event in site.events]
    home, search = home_pages(site, [listing(event, pages) for event, pages in zip(site.events, events,
                                                                                  strict=True)])
    return [home, *(page for pages in events for page in pages), search]


def all_event_pages(event: Event, results: EventResults, pdfs: bool = True) -> list[Page]:
    """The pages of one event in its language and in each of its other languages, linked together."""
    primary = event_pages(event, results, pdfs)
    pages = list(primary)
    for language in event.languages:  # the same event with the labels of another language
        variant = in_language(event, language)
        pages.extend(_link_languages(event, primary, event_pages(variant, results, pdfs), language))
    return pages


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
    datas = section_views(event, results, pdfs)
    t = Labels(event.language)
    nav = _event_nav(event, datas, t)
    shown = brief(event, "sections", "players", "challenges")
    if event.draw_seed_sha256 and not seed_published(event):
        shown.draw_seed = None  # a secret seed reaches no template before its time
    common = {"event": shown, "t": t, "nav": nav, "dates": event_dates(event), "pdfs": pdfs,
              "feed_url": f"{results.event.slug}/feed.xml"}  # one feed per event, in its language
    pages = [Page(f"{event.slug}/index.html", "event.html", event.name, {
        **common,
        "seed": _seed_facts(event, t),
        "updated": event.updated,  # the only page of the event that shows when it changed
        "sections": [_section_summary(data) for data in datas],
        "pages": [{"title": p.title, "url": f"{event.slug}/{p.slug}.html"} for p in event.pages],
    })]
    for page in event.pages:
        pages.append(Page(f"{event.slug}/{page.slug}.html", "markdown.html", page.title,
                          {**common, "markdown": page.markdown, "heading": page.title}))
    for data in datas:
        pages.extend(section_pages(data, common))
    if rules_of(event).league:
        from site_builder.site.league_views import league_pages

        pages.extend(league_pages(event, results, common, t))
    return pages


def _event_nav(event: Event, datas: list[SectionData], t: Labels) -> list[dict[str, Any]]:
    nav: list[dict[str, Any]] = [{"title": t.home, "url": f"{event.slug}/index.html", "links": []}]
    for data in datas:
        links = [{"title": t.player_list, "url": f"{data.base}/players.html"}]
        if data.section.rounds:
            n = data.section.current_round
            links.append({"title": t("round", n=n), "url": data.round_url(n)})
        if data.preview:
            n = data.preview.number
            links.append({"title": f"{t('round', n=n)} ({t.provisional})", "url": data.round_url(n)})
        if system_of(data.section).plays_matches and data.section.rounds:
            links.append({"title": t.placings, "url": f"{data.base}/placings.html"})
        if data.section.teams:
            links.append({"title": t.teams, "url": f"{data.base}/teams.html"})
        if data.standings:
            links.append({"title": t.standings, "url": data.standings_url(max(data.standings))})
        if data.section.teams and data.standings:
            links.append({"title": t.individual_standings, "url": f"{data.base}/individual.html"})
            links.append({"title": t.crosstable, "url": f"{data.base}/crosstable.html"})
        if codes_published(data.section):
            links.append({"title": t.codes, "url": f"{data.base}/codes.html"})
        if data.results.statistics.rounds:
            links.append({"title": t.statistics, "url": f"{data.base}/statistics.html"})
        prizes = data.section.prizes
        if (prizes.places or prizes.categories) and data.standings and not data.section.teams:
            links.append({"title": t.prizes, "url": f"{data.base}/prizes.html"})
        if system_of(data.section).eliminates and data.records.rounds >= 2:
            links.append({"title": t.elimination, "url": f"{data.base}/elimination.html"})
            if data.section.current_round >= data.section.rounds_planned:
                links.append({"title": t.final_placings, "url": f"{data.base}/final.html"})
        nav.append({"title": data.section.name, "url": f"{data.base}/players.html", "links": links})
    if rules_of(event).league:
        from site_builder.site.league_views import league_nav

        nav.extend(league_nav(event, t))
    for page in event.pages:
        nav.append({"title": page.title, "url": f"{event.slug}/{page.slug}.html", "links": []})
    return nav


def _section_summary(data: SectionData) -> dict[str, Any]:
    t, section = data.labels, data.section
    return {
        "name": section.name,
        "system": system_of(section).title(t.language),
        "formula": section.rounds_formula,
        "override": section.rounds_computed not in (None, section.rounds_planned),
        "planned": section.rounds_planned,
        "players": len(section.players),
        "status": t("status." + status(section)),
        "current": section.current_round,
        "updated": section.updated,
        "players_url": f"{data.base}/players.html",
        "crosstable_url": f"{data.base}/crosstable.html" if data.standings else "",
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


def section_pages(data: SectionData, common: dict[str, Any]) -> list[Page]:
    t, section = data.labels, data.section
    shown = brief(section, "players", "rounds", "teams", "codes", "records")  # records: see `records_digest`
    base = {**common, "section": shown, "data_base": data.base}
    players = sorted(section.players, key=lambda p: p.number)
    pages = [Page(f"{data.base}/players.html", "players.html", f"{section.name} · {t.player_list}", {
        **base,
        "by_number": [player_row(data, p) for p in players],
        "by_name": [player_row(data, p) for p in
                    sorted(players, key=lambda p: (name_key(p.name, t.language), p.name, p.number))],
    })]
    statistics = statistics_page(data, base)
    if statistics:
        pages.append(statistics)
    system = system_of(section)
    if system.plays_matches:
        return pages + knockout_pages(data, base, players)
    if system.teams:
        return pages + team_pages(data, base, players)
    final = final_placings(data) if system.eliminates else None
    prizes = prize_pages(data, base)
    pages += round_pages(data, base, final, prizes[0].context["rows"] if prizes else None)
    if system.eliminates:
        pages += staged_pages(data, base, final)
    pages += prizes
    if codes_published(section):
        pages.append(Page(f"{data.base}/codes.html", "codes.html", f"{section.name} · {t.codes}", {
            **base,
            "rows": [{"code": code, "player": data.ref(number)}
                     for number, code in sorted(section.codes.items(), key=lambda item: item[1])],
        }))
    latest = data.latest
    if latest is not None:
        pages.append(Page(f"{data.base}/crosstable.html", "crosstable.html",
                          f"{section.name} · {t.crosstable}", {
                              **base, **crosstable(data, latest),
                              "csv_url": crosstable_path(data) if csv_tables(data) else ""}))
    for player in players:
        pages.append(Page(data.player_url(player.number), "player.html",
                          f"{player.name} · {section.name}", {**base, **player_card(data, player)}))
    return pages + game_pages(data, base)


def round_pages(data: SectionData, base: dict[str, Any], final: list[dict[str, Any]] | None,
                prize_rows: list[dict[str, Any]] | None) -> list[Page]:
    """Each round's page, bulletin PDF, result slips and standings after it (the last bulletin with
    the final placing table `final` of a staged Swiss and the prize list `prize_rows`)."""
    t, section = data.labels, data.section
    pages: list[Page] = []
    shown = [*section.rounds, *([data.preview] if data.preview else [])]
    rounds = {rnd.number: rnd for rnd in shown}
    for rnd in shown:
        nxt = rounds.get(rnd.number + 1)
        provisional = rnd is data.preview
        round_ctx = {
            **base,
            "n": rnd.number,
            "round": rnd,
            "provisional": provisional,
            "stage": stage_label(data, rnd.number),
            # the final placing table of a staged Swiss and the prize list, on the last bulletin
            "final": final if rnd.number == section.rounds_planned and not provisional else None,
            "prize_rows": prize_rows if rnd.number == section.current_round and not provisional else None,
            "notes": data.preview_notes if provisional else [],
            "rows": round_rows(data, rnd),
            "by_name": players_by_name(data, rnd),
            "not_paired": not_paired(data, rnd),
            "standings": standings_block(data, rnd.number) if rnd.number in data.standings else None,
            "next": {"n": nxt.number, "rows": round_rows(data, nxt), "not_paired": not_paired(data, nxt),
                     "provisional": nxt is data.preview} if nxt else None,
            "featured": [] if provisional else featured(data, rnd),
            "games_url": round_pgn_path(data, rnd.number) if data.event.game in PGN_GAMES and any(
                n == rnd.number for n, _ in section.records) else "",
            "pdf_url": "" if provisional else data.pdf_url(rnd.number),
            "slips_url": "" if provisional else slips_url(data, rnd),
            "standings_url": data.standings_url(rnd.number) if rnd.number in data.standings else "",
            "prev_url": data.round_url(rnd.number - 1) if rnd.number - 1 in rounds else "",
            "next_url": data.round_url(rnd.number + 1) if nxt else "",
        }
        title = f"{section.name} · {t('round', n=rnd.number)}"
        pages.append(Page(data.round_url(rnd.number), "round.html", title, round_ctx))
        if round_ctx["pdf_url"]:
            pages.append(Page(data.pdf_url(rnd.number), "print/round.html", title, round_ctx, pdf=True,
                              web=data.round_url(rnd.number)))
        pages += slips_pages(data, rnd, round_ctx, title)
        if rnd.number in data.standings:
            latest = rnd.number == max(data.standings) and csv_tables(data)
            pages.append(Page(data.standings_url(rnd.number), "standings.html",
                              f"{section.name} · {t('standings_after', n=rnd.number)}", {
                                  **base, "block": standings_block(data, rnd.number),
                                  "csv_url": standings_path(data) if latest else "",
                                  "rounds": sorted(data.standings),
                                  "urls": {n: data.standings_url(n) for n in data.standings},
                              }))
    return pages


def _seed_facts(event: Event, t: Labels) -> dict[str, str] | None:
    """The commitment of a secret seed (from the start), and the seed with how to verify it once
    published; None for a public `draw_seed`."""
    if not event.draw_seed_sha256:
        return None
    if not seed_published(event):
        return {"commitment": event.draw_seed_sha256, "seed": "", "note": t.draw_seed_pending}
    seed = str(event.draw_seed)
    return {"commitment": event.draw_seed_sha256, "seed": seed, "note": t("draw_seed_verify", seed=seed)}
