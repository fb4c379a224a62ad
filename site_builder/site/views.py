"""Page data: everything a template shows, computed once from the model and the engine.

Templates only loop and print; every number and label is prepared here. Paths are relative
to the output root (`event/section/round-01.html`); templates turn them into relative links.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, TypeVar

from site_builder.cache.standings import StandingsMemo
from site_builder.draw_seed import SeedMissing
from site_builder.engine.fide_tiebreaks import criteria_for
from site_builder.engine.scoring import Entry, Kind, Records, Side, records
from site_builder.engine.standings import Row, Standings
from site_builder.model import Event, Game, Match, Outcome, Player, Round, Section, Site, TeamMatch
from site_builder.pairing import PairingError
from site_builder.site import format as fmt
from site_builder.site.i18n import Labels
from site_builder.site.knockout_views import knockout_pages
from site_builder.site.prize_views import prize_pages
from site_builder.site.staged_views import final_placings, stage_label, staged_pages
from site_builder.site.team_views import team_pages

T = TypeVar("T")


@dataclass
class Page:
    """One output file rendered from a template with a context."""

    path: str
    template: str
    title: str
    context: dict[str, Any] = field(default_factory=dict)
    pdf: bool = False


@dataclass
class SectionData:
    """Engine results of a section, computed once and shared by all its pages."""

    event: Event
    section: Section
    records: Records
    standings: dict[int, Standings]  # after each round that has results
    labels: Labels
    preview: Round | None = None  # the next round as the engine pairs it (provisional)
    preview_notes: list[str] = field(default_factory=list)  # why it is paired so (for arbiters)
    seed_needed: str = ""  # the draw that kept the next round from being previewed without the seed
    memo: StandingsMemo | None = field(default=None, repr=False)  # what depends on rounds 1..n only
    _points: dict[tuple[int, int], str] = field(default_factory=dict, repr=False)
    _refs: dict[tuple[int, bool], tuple[str, str]] = field(default_factory=dict, repr=False)
    _headers: list[dict[str, str]] | None = field(default=None, repr=False)
    _latest_rows: dict[int, Row] | None = field(default=None, repr=False)
    _card_labels: tuple[dict[Kind, str], tuple[str, str]] | None = field(default=None, repr=False)
    _blocks: dict[int, dict[str, Any]] = field(default_factory=dict, repr=False)

    @property
    def base(self) -> str:
        return f"{self.event.slug}/{self.section.id}"

    @property
    def latest(self) -> Standings | None:
        return self.standings[max(self.standings)] if self.standings else None

    def latest_row(self, number: int) -> Row | None:
        """A player's row in the latest standings."""
        if self._latest_rows is None:
            latest = self.latest
            self._latest_rows = {row.player: row for row in latest.rows} if latest else {}
        return self._latest_rows.get(number)

    def player_url(self, number: int) -> str:
        return f"{self.base}/players/{number}.html"

    def round_url(self, n: int) -> str:
        return f"{self.base}/round-{n:02d}.html"

    def standings_url(self, n: int) -> str:
        return f"{self.base}/standings-{n:02d}.html"

    def pdf_url(self, n: int) -> str:
        return f"{self.base}/bulletin-round-{n:02d}.pdf"

    def name(self, number: int, padded: bool = False) -> str:
        """A player's name; `padded` aligns two-character Chinese names as seed 004's round lists do."""
        name = self.section.player(number).name
        return fmt.padded_name(name) if padded and self.event.language == "zh" else name

    def ref(self, number: int, padded: bool = False) -> dict[str, Any]:
        """A link to a player's card (a new dict each time; its strings are memoized)."""
        key = (number, padded)
        known = self._refs.get(key)
        if known is None:
            known = self._refs[key] = (self.name(number, padded), self.player_url(number))
        return {"number": number, "name": known[0], "url": known[1]}

    def pts(self, units: int, power: int = 1) -> str:
        """Points (units of the engine) as shown on pages; memoized, pages repeat the same values."""
        key = (units, power)
        text = self._points.get(key)
        if text is None:
            text = self._points[key] = fmt.points(self.records.points(units, power))
        return text


def section_data(event: Event, section: Section) -> SectionData:
    recs = records(section)
    needed = ""
    try:
        preview, notes = _preview(event, section, recs)
    except SeedMissing as missing:  # never drawn without the seed: `build` warns about it
        preview, notes, needed = None, [], missing.what
    if preview is not None and section.rounds and section.rounds[-1].is_request:
        # the requested byes of the round to pair show with its provisional pairing, not as a round
        requests = section.rounds[-1]
        preview = dataclasses.replace(preview, half_byes=requests.half_byes, full_byes=requests.full_byes,
                                      absent=requests.absent)
        section = dataclasses.replace(section, rounds=section.rounds[:-1])
        recs = records(section)
    memo = StandingsMemo(section, recs, event.draw_seed)
    table = {
        rnd.number: memo.after(rnd.number)
        for rnd in section.rounds
        if rnd.has_results and section.system != "knockout"
    }
    return SectionData(event, section, recs, table, Labels(event.language), preview, notes, memo=memo,
                       seed_needed=needed)


def upto(data: SectionData, n: int, name: str, compute: Callable[[], T]) -> T:
    """`compute()`, page data that depends only on rounds 1..`n` of the section and on the event's
    slug, language and game: memoized between builds (see `StandingsMemo.derived`)."""
    if data.memo is None:
        return compute()
    event = data.event
    return data.memo.derived(n, f"{name}\0{event.slug}\0{event.language}\0{event.game}", compute)


def _preview(event: Event, section: Section, recs: Records) -> tuple[Round | None, list[str]]:
    """The next round's pairings computed by the section's system, when it can be paired now,
    with the explanations of its non-obvious decisions."""
    requests = bool(section.rounds) and section.rounds[-1].is_request
    if section.current_round >= section.rounds_planned and not requests:
        return None, []  # all rounds are paired (as `pending_reason` says), nothing to import
    from site_builder.pairing.explain import describe
    from site_builder.pairing.next_round import next_round, pending_reason

    if pending_reason(section):
        return None, []
    try:
        pairing = next_round(section, recs, event.draw_seed, event)
    except SeedMissing:  # also a PairingError, but not one to hide: `section_data` records it
        raise
    except PairingError:
        return None, []
    notes = describe(section, pairing, event.language)
    if section.system == "knockout":
        matches = tuple(Match(p.board, (Game(p.board, p.first, p.second, Outcome.PENDING),
                                        Game(p.board, p.second, p.first, Outcome.PENDING)), p.placement)
                        for p in pairing.pairs)
        return Round(number=pairing.round, matches=matches), notes
    games = tuple(Game(p.board, p.first, p.second, Outcome.PENDING) for p in pairing.pairs)
    team_matches = tuple(TeamMatch(m.table, m.home, m.away, tuple(
        Game(p.board, p.first, p.second, Outcome.PENDING) for p in m.boards)) for m in pairing.team_matches)
    return Round(number=pairing.round, games=games, byes=pairing.byes, team_matches=team_matches,
                 team_byes=pairing.team_byes), notes


# ---------------------------------------------------------------- building blocks


def brief(obj: Any, *heavy: str) -> SimpleNamespace:
    """A model object as templates see it: its fields without the `heavy` collections, so that a
    page's data (and the page) does not change with every result of the event."""
    return SimpleNamespace(**{f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)
                              if f.name not in heavy})


def round_rows(data: SectionData, rnd: Round) -> list[dict[str, Any]]:
    """Board lines in seed 004's format: board, first (points before), result, second (points before)."""
    if rnd is data.preview:
        return _round_rows(data, rnd)
    return upto(data, rnd.number, "round-rows", lambda: _round_rows(data, rnd))


def _round_rows(data: SectionData, rnd: Round) -> list[dict[str, Any]]:
    before = rnd.number - 1
    rows = []
    for game in rnd.games:
        rows.append({
            "board": game.board,
            "bye": False,
            "first": data.ref(game.first, padded=True),
            "first_before": data.pts(data.records.total(game.first, before)),
            "result": fmt.result(game.outcome, data.event.game),
            "pending": game.outcome.value == "?",
            "second": data.ref(game.second, padded=True),
            "second_before": data.pts(data.records.total(game.second, before)),
            "kind": "" if game.kind.value == "slow" else game.kind.value,
        })
    board = max((g.board for g in rnd.games), default=0)
    t = data.labels
    byes = [(p, t.bye) for p in rnd.byes] + [(p, t.half_bye) for p in rnd.half_byes] \
        + [(p, t.full_bye) for p in rnd.full_byes]  # pairing-allocated, then requested byes
    for offset, (player, text) in enumerate(byes, start=1):
        rows.append({
            "board": board + offset, "bye": True, "bye_text": text,
            "second": data.ref(player, padded=True),
            "second_before": data.pts(data.records.total(player, before)),
        })
    return rows


def tiebreak_headers(data: SectionData) -> list[dict[str, str]]:
    """The tiebreak columns' headings (computed once per section; pages only read them)."""
    if data._headers is None:
        labels, fide = data.labels, data.section.tiebreak_rules == "fide"
        named = (labels.fide_tiebreak(tb) if fide else labels.tiebreak(tb.id)
                 for tb in data.section.tiebreaks)
        data._headers = [dict(zip(("short", "full"), names, strict=True)) for names in named]
    return data._headers


def _value(data: SectionData, tiebreak_id: str, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple):
        value = value[0] if value else 0
    power = criteria_for(data.section)[tiebreak_id].power
    if tiebreak_id in ("lot",):
        return ""
    return str(value) if power == 0 else data.pts(value, power)


def standing_rows(data: SectionData, table: Standings) -> list[dict[str, Any]]:
    rows = []
    for row in table.rows:
        player = data.section.player(row.player)
        rows.append({
            "place": _place(row),
            "player": data.ref(row.player),
            "club": player.club,
            "rating": player.rating or "",
            "points": data.pts(row.points),
            "values": [_value(data, tb.id, v)
                       for tb, v in zip(data.section.tiebreaks, row.values, strict=True)],
            "playoff": row.playoff,
        })
    return rows


def _place(row: Row) -> str:
    return f"{row.place}-{row.last_place}" if row.shared else str(row.place)


def standings_block(data: SectionData, n: int) -> dict[str, Any]:
    """The standings after round `n` as shown (computed once, shared by its pages and PDF)."""
    if n not in data._blocks:
        data._blocks[n] = _standings_block(data, n)
    return data._blocks[n]


def _standings_block(data: SectionData, n: int) -> dict[str, Any]:
    return upto(data, n, "standings-block", lambda: _make_standings_block(data, n))


def _make_standings_block(data: SectionData, n: int) -> dict[str, Any]:
    table = data.standings[n]
    return {
        "after": n,
        "headers": tiebreak_headers(data),
        "rows": standing_rows(data, table),
        "pending": table.pending,
        "playoff": any(r.playoff for r in table.rows),
        "shared": any(r.shared for r in table.rows),
    }


def _entry_text(data: SectionData, entry: Entry) -> dict[str, Any]:
    """A crosstable cell: opponent's pairing number, side, result mark (e.g. `12黑+`)."""
    t = data.labels
    if entry.kind is Kind.BYE:
        return {"text": t.bye, "cls": "bye", "url": ""}
    if entry.kind in (Kind.HALF_BYE, Kind.FULL_BYE):
        return {"text": t.half_bye if entry.kind is Kind.HALF_BYE else t.full_bye, "cls": "bye", "url": ""}
    if entry.kind in (Kind.ABSENT, Kind.NOT_PAIRED):
        return {"text": "—", "cls": "absent", "url": ""}
    side = t.side(data.event.game, entry.side is Side.SECOND)[:1]
    mark = fmt.RESULT_MARKS[entry.kind]
    forfeit = entry.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
    return {
        "text": f"{entry.opponent}{side}{mark}",
        "url": data.player_url(entry.opponent) if entry.opponent else "",
        "cls": "forfeit" if forfeit else entry.kind.value,
    }


def status(section: Section) -> str:
    if not section.rounds:
        return "upcoming"
    last = section.rounds[-1]
    if last.number >= section.rounds_planned and last.pending == 0:
        return "finished"
    return "running"


# ---------------------------------------------------------------- pages


def site_pages(site: Site, computed: dict[str, list[SectionData]] | None = None) -> list[Page]:
    """Every page and PDF of the site, in a stable order (`computed`: see `event_pages`)."""
    pages = [Page("index.html", "site_index.html", site.title, {
        "site": brief(site, "events"),
        "events": [_event_summary(event) for event in site.events],
    })]
    for event in site.events:
        primary = event_pages(event, computed)
        pages.extend(primary)
        for language in event.languages:  # the same event with the labels of another language
            variant = dataclasses.replace(event, language=language, slug=f"{event.slug}/{language}")
            pages.extend(_link_languages(event, primary, event_pages(variant), language))
    pages.append(Page("search-index.js", "search_index.js", "", {"entries": search_entries(site)}))
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


def search_entries(site: Site) -> list[dict[str, str]]:
    """Every player card of the site, for the client-side search (names as written, no pinyin)."""
    entries = []
    for event in site.events:
        for section in event.sections:
            for player in section.players:
                entries.append({"name": player.name, "club": player.club,
                                "section": f"{event.short_name or event.name} · {section.name}",
                                "url": f"{event.slug}/{section.id}/players/{player.number}.html"})
    return entries


def _event_summary(event: Event) -> dict[str, Any]:
    t = Labels(event.language)
    return {
        "name": event.name, "url": f"{event.slug}/index.html", "dates": _dates(event),
        "sections": [{"name": s.name, "status": t("status." + status(s)),
                      "round": s.current_round, "planned": s.rounds_planned} for s in event.sections],
        "labels": t,
    }


def _dates(event: Event) -> str:
    if event.start and event.end and event.end != event.start:
        return f"{event.start.isoformat()} – {event.end.isoformat()}"
    return event.start.isoformat() if event.start else ""


def event_pages(event: Event, computed: dict[str, list[SectionData]] | None = None) -> list[Page]:
    """The pages of one event; `computed` receives its section data (reused by the exports)."""
    datas = [section_data(event, section) for section in event.sections]
    if computed is not None:
        computed[event.slug] = datas
    t = Labels(event.language)
    nav = _event_nav(event, datas, t)
    shown = brief(event, "sections", "players", "challenges")
    if event.draw_seed_sha256 and not seed_published(event):
        shown.draw_seed = None  # a secret seed reaches no template before its time
    common = {"event": shown, "t": t, "nav": nav, "dates": _dates(event)}
    pages = [Page(f"{event.slug}/index.html", "event.html", event.name, {
        **common,
        "seed": _seed_facts(event, t),
        "sections": [_section_summary(data) for data in datas],
        "pages": [{"title": p.title, "url": f"{event.slug}/{p.slug}.html"} for p in event.pages],
    })]
    for page in event.pages:
        pages.append(Page(f"{event.slug}/{page.slug}.html", "markdown.html", page.title,
                          {**common, "markdown": page.markdown, "heading": page.title}))
    for data in datas:
        pages.extend(section_pages(data, common))
    if event.regulation == "shogi-student-league":
        from site_builder.site.league_views import league_pages

        pages.extend(league_pages(event, common, t))
    return pages


def _event_nav(event: Event, datas: list[SectionData], t: Labels) -> list[dict[str, Any]]:
    nav = [{"title": t.home, "url": f"{event.slug}/index.html", "links": []}]
    for data in datas:
        links = [{"title": t.player_list, "url": f"{data.base}/players.html"}]
        if data.section.rounds:
            n = data.section.current_round
            links.append({"title": t("round", n=n), "url": data.round_url(n)})
        if data.preview:
            n = data.preview.number
            links.append({"title": f"{t('round', n=n)} ({t.provisional})", "url": data.round_url(n)})
        if data.section.system == "knockout" and data.section.rounds:
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
        prizes = data.section.prizes
        if (prizes.places or prizes.categories) and data.standings and not data.section.teams:
            links.append({"title": t.prizes, "url": f"{data.base}/prizes.html"})
        if data.section.system == "staged-swiss" and data.records.rounds >= 2:
            links.append({"title": t.elimination, "url": f"{data.base}/elimination.html"})
            if data.section.current_round >= data.section.rounds_planned:
                links.append({"title": t.final_placings, "url": f"{data.base}/final.html"})
        nav.append({"title": data.section.name, "url": f"{data.base}/players.html", "links": links})
    if event.regulation == "shogi-student-league":
        from site_builder.site.league_views import league_nav

        nav.extend(league_nav(event, t))
    for page in event.pages:
        nav.append({"title": page.title, "url": f"{event.slug}/{page.slug}.html", "links": []})
    return nav


def _section_summary(data: SectionData) -> dict[str, Any]:
    t, section = data.labels, data.section
    return {
        "name": section.name,
        "system": t("system." + section.system),
        "formula": section.rounds_formula,
        "override": section.rounds_computed not in (None, section.rounds_planned),
        "planned": section.rounds_planned,
        "players": len(section.players),
        "status": t("status." + status(section)),
        "current": section.current_round,
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
    shown = brief(section, "players", "rounds", "teams", "codes")
    base = {**common, "section": shown, "data_base": data.base}
    players = sorted(section.players, key=lambda p: p.number)
    pages = [Page(f"{data.base}/players.html", "players.html", f"{section.name} · {t.player_list}", {
        **base,
        "by_number": [_player_row(data, p) for p in players],
        "by_name": [_player_row(data, p) for p in sorted(players, key=lambda p: (p.name, p.number))],
    })]
    if section.system == "knockout":
        return pages + knockout_pages(data, base, players)
    if section.system == "team-swiss":
        return pages + team_pages(data, base, players)
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
            "final": None,  # the final placing table, on the last bulletin of a staged Swiss
            "prize_rows": None,
            "notes": data.preview_notes if provisional else [],
            "rows": round_rows(data, rnd),
            "standings": standings_block(data, rnd.number) if rnd.number in data.standings else None,
            "next": {"n": nxt.number, "rows": round_rows(data, nxt),
                     "provisional": nxt is data.preview} if nxt else None,
            "pdf_url": "" if provisional else data.pdf_url(rnd.number),
            "standings_url": data.standings_url(rnd.number) if rnd.number in data.standings else "",
            "prev_url": data.round_url(rnd.number - 1) if rnd.number - 1 in rounds else "",
            "next_url": data.round_url(rnd.number + 1) if nxt else "",
        }
        title = f"{section.name} · {t('round', n=rnd.number)}"
        pages.append(Page(data.round_url(rnd.number), "round.html", title, round_ctx))
        if not provisional:
            pages.append(Page(data.pdf_url(rnd.number), "print/round.html", title, round_ctx, pdf=True))
        if rnd.number in data.standings:
            pages.append(Page(data.standings_url(rnd.number), "standings.html",
                              f"{section.name} · {t('standings_after', n=rnd.number)}", {
                                  **base, "block": standings_block(data, rnd.number),
                                  "rounds": sorted(data.standings),
                                  "urls": {n: data.standings_url(n) for n in data.standings},
                              }))
    if section.system == "staged-swiss":
        pages += staged_pages(data, base)
        final = final_placings(data)
        if final is not None:  # the last bulletin carries the final placing table
            next(p for p in pages if p.path == data.pdf_url(section.rounds_planned)).context["final"] = final
    prizes = prize_pages(data, base)
    pages += prizes
    last_pdf = data.pdf_url(section.current_round)
    for page in pages:  # the last round's bulletin carries the prize list
        if prizes and page.path == last_pdf:
            page.context["prize_rows"] = prizes[0].context["rows"]
    if codes_published(section):
        pages.append(Page(f"{data.base}/codes.html", "codes.html", f"{section.name} · {t.codes}", {
            **base,
            "rows": [{"code": code, "player": data.ref(number)}
                     for number, code in sorted(section.codes.items(), key=lambda item: item[1])],
        }))
    latest = data.latest
    if latest is not None:
        pages.append(Page(f"{data.base}/crosstable.html", "crosstable.html",
                          f"{section.name} · {t.crosstable}", {**base, **crosstable(data, latest)}))
    for player in players:
        pages.append(Page(data.player_url(player.number), "player.html",
                          f"{player.name} · {section.name}", {**base, **player_card(data, player)}))
    return pages


def _card_labels(data: SectionData) -> tuple[dict[Kind, str], tuple[str, str]]:
    """What a player card writes for each kind of round, and the names of the two sides."""
    t = data.labels
    results = {kind: t(kind.value.replace("-", "_")) for kind in Kind
               if kind not in (Kind.PENDING, Kind.BYE, Kind.ABSENT, Kind.NOT_PAIRED)}
    results |= {Kind.PENDING: t.pending, Kind.BYE: t.bye, Kind.ABSENT: t.absent,
                Kind.NOT_PAIRED: t.not_paired}
    return results, (t.side(data.event.game, False), t.side(data.event.game, True))


def codes_published(section: Section) -> bool:
    """Seed 004 二.2: codes stay secret until the last round's pairings exist."""
    return bool(section.codes) and section.current_round >= section.rounds_planned


def seed_due(event: Event) -> bool:
    """Whether the event's secret seed is to be published: once the last round of every section is
    paired, when the codes are published too (docs/secrets.md)."""
    return bool(event.draw_seed_sha256) and bool(event.sections) and all(
        s.current_round >= s.rounds_planned for s in event.sections)


def seed_published(event: Event) -> bool:
    """A committed seed is shown once it is due and the build has it (`BULLETIN_DRAW_SEED`)."""
    return seed_due(event) and event.draw_seed is not None


def _seed_facts(event: Event, t: Labels) -> dict[str, str] | None:
    """The commitment of a secret seed (from the start), and the seed with how to verify it once
    published; None for a public `draw_seed`."""
    if not event.draw_seed_sha256:
        return None
    if not seed_published(event):
        return {"commitment": event.draw_seed_sha256, "seed": "", "note": t.draw_seed_pending}
    seed = str(event.draw_seed)
    return {"commitment": event.draw_seed_sha256, "seed": seed, "note": t("draw_seed_verify", seed=seed)}


def _player_row(data: SectionData, player: Player) -> dict[str, Any]:
    return {
        "number": player.number, "name": data.name(player.number), "url": data.player_url(player.number),
        "rating": player.rating or "", "club": player.club, "title": player.title,
        "sex": {"m": "男", "f": "女"}.get(player.sex, "") if data.event.language == "zh" else player.sex,
        "birth_year": player.birth_year or "",
    }


def crosstable(data: SectionData, table: Standings) -> dict[str, Any]:
    rows = []
    rounds = range(1, table.upto + 1)
    shown_rows = standings_block(data, table.upto)["rows"] if data.standings.get(table.upto) is table \
        else standing_rows(data, table)
    for row, shown in zip(table.rows, shown_rows, strict=True):
        entries = data.records.entries[row.player][: table.upto]
        rows.append({**shown, "cells": [_entry_text(data, e) for e in entries]})
    return {"after": table.upto, "rounds": list(rounds), "rows": rows,
            "headers": tiebreak_headers(data), "pending": table.pending}


def player_card(data: SectionData, player: Player) -> dict[str, Any]:
    if data._card_labels is None:
        data._card_labels = _card_labels(data)
    results, sides = data._card_labels
    pts, total, last = data.pts, data.records.total, data.records.rounds
    games = []
    for entry in data.records.entries[player.number]:
        kind = entry.kind
        row: dict[str, Any] = {
            "round": entry.round, "round_url": data.round_url(entry.round), "board": entry.board or "",
            "points": pts(entry.points) if kind is not Kind.PENDING else "",
            "running": pts(entry.running), "cls": kind.value,
            "opponent": None, "opponent_total": "", "side": "", "result": results[kind],
        }
        if entry.opponent is not None:
            row["opponent"] = data.ref(entry.opponent)
            row["opponent_total"] = pts(total(entry.opponent, last))
            row["side"] = sides[entry.side is Side.SECOND]
        games.append(row)
    latest = data.latest
    standing = data.latest_row(player.number)
    values = []
    if standing is not None:
        for header, tb, value in zip(tiebreak_headers(data), data.section.tiebreaks, standing.values,
                                     strict=True):
            values.append({**header, "value": _value(data, tb.id, value)})
    return {
        "player": player,
        "display_name": data.name(player.number),
        "info": _player_row(data, player),
        "games": games,
        "place": _place(standing) if standing else "",
        "points": data.pts(standing.points) if standing else "",
        "after": latest.upto if latest else 0,
        "values": values,
        "fields": sorted((data.labels.field(key), value) for key, value in player.fields.items()),
    }
