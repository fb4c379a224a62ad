"""Machine-readable exports: `<event>/event.json`, `<event>/feed.xml` (Atom) and `sitemap.xml`.

Everything here is a pure function of the model (and, for the sitemap, of the page list): no
wall-clock time, sorted keys, stable order, so two builds of the same content are byte-identical.
Points and tiebreak values are exact decimal strings (`"2.5"`), or `"p/q"` where a value has no
finite decimal expansion; secret codes appear only once `codes_published` says so, and a secret draw
seed (`draw_seed_sha256`) only once `seed_published` does. No content text
is ever markup: JSON escapes `<`, `>` and `&`, XML escapes them as entities.
The JSON layout is described by docs/event.schema.json.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import quote, urlsplit

from site_builder.cache.digest import Deferred, KeyedDict, KeyedList
from site_builder.draw_seed import seed_published
from site_builder.engine.staged import StagedRound
from site_builder.model import Event, Round, Site, TiebreakId
from site_builder.render.html import relative
from site_builder.results import EventResults, event_results
from site_builder.views.games import download_path, record_files
from site_builder.views.i18n import Labels
from site_builder.views.json_values import exact, game_json, points_json
from site_builder.views.page import Page
from site_builder.views.page_set import event_page_set_of, page_set_of, ranked_views
from site_builder.views.relay import relay_files
from site_builder.views.section import (
    SectionData,
    SectionShown,
    SectionUpto,
    codes_published,
    deferred_upto,
    in_language,
    section_views,
    status,
)
from site_builder.views.table_csv import table_csv_files

FORMAT = "bulletin-event"
VERSION = 1
EPOCH = "1970-01-01"  # the date of anything that has none: never the build's wall-clock time
ATOM = "http://www.w3.org/2005/Atom"
SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"



# ---------------------------------------------------------------- base URL


def normalize_base_url(url: str) -> str:
    """`https://example.org/bulletins` → `https://example.org/bulletins/`; "" stays "" (relative links).

    Raises ValueError for anything but an absolute http(s) URL without query or fragment."""
    url = url.strip()
    if not url:
        return ""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"the base URL must be an absolute http(s) URL, found {url!r}")
    if parts.query or parts.fragment:
        raise ValueError(f"the base URL cannot have a query or a fragment: {url!r}")
    return url if url.endswith("/") else url + "/"


def absolute_url(base_url: str, path: str) -> str:
    """The URL of the output file `path` under `base_url` (percent-encoded as Jinja's `urlencode`)."""
    return base_url + quote(path, safe="/")


# ---------------------------------------------------------------- values


def _tiebreak_value(data: SectionShown, tiebreak_id: TiebreakId, value: Any) -> str | list[str] | None:
    if value is None:
        return None
    power = data.tiebreak_power(tiebreak_id)
    if isinstance(value, tuple):
        return [str(v) if power == 0 else points_json(data, v, power) for v in value]
    return str(value) if power == 0 else points_json(data, value, power)


def _option(value: object) -> object:
    return value if isinstance(value, bool | int | str) else str(value)


def _counts(table: Any) -> list[dict[str, int]]:
    return [{"player": player, "count": count} for player, count in sorted(table.items())]


# ---------------------------------------------------------------- event.json


def event_json(event: Event, results: EventResults | None = None) -> str:
    """The event as JSON text (docs/event.schema.json), ending with a newline (`results`: the
    event's, computed here when not given)."""
    return json_text(event_document(event, results))


#: Remembers the text of a part of a document by the part's key, or makes it (`make`) when it cannot.
PartTexts = Callable[[bytes, Callable[[], str]], str]


def json_text(document: Any, parts: PartTexts | None = None) -> str:
    """A JSON document as the exports write it: sorted keys, no spaces, a newline at the end.

    With `parts`, each part of the document computed from inputs of a known digest (`keyed`: the
    standings after a round, a round's results; a `Deferred` with a key, which is then neither made
    nor loaded when `parts` remembers its text) is written as the text `parts` remembers under that
    digest, so that a rebuild writes again only the parts a change touched; the text is the same.
    """
    if parts is None:
        return _json(document) + "\n"
    hole = f"\0part-{secrets.token_hex(8)}-"  # a string no content can be: it holds a random number
    texts: list[str] = []

    def skeleton(value: Any) -> Any:
        kind = type(value)
        if kind is Deferred and value.key is None:
            return skeleton(value.value)
        if kind is KeyedDict or kind is KeyedList or kind is Deferred:
            texts.append(parts(value.key, lambda: _json(value)))
            return f"{hole}{len(texts) - 1}"
        if kind is dict:
            return {key: skeleton(item) for key, item in value.items()}
        if kind is list or kind is tuple:
            return [skeleton(item) for item in value]
        return value

    text = _json(skeleton(document))
    if texts:  # each hole's string, quoted, becomes its part's text
        pieces = text.split(f'"{_json(hole)[1:-1]}')
        text = pieces[0] + "".join(texts[int(number)] + rest
                                   for number, rest in (piece.split('"', 1) for piece in pieces[1:]))
    return text + "\n"


def _json(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=_read)
    # Non-ASCII stays as written; <, > and & (only ever inside strings) are escaped, so that names
    # from the content are never markup, even in a file a browser might sniff as HTML.
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _read(value: object) -> Any:
    """A `Deferred` part of a document, as JSON writes it: its value."""
    if isinstance(value, Deferred):
        return value.value
    raise TypeError(f"{type(value).__name__} is not JSON")


def event_document(event: Event, results: EventResults | None = None) -> dict[str, Any]:
    results = results or event_results(event)
    datas = section_views(event, results)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            "slug": event.slug, "name": event.name, "short_name": event.short_name,
            "game": event.game, "language": event.language,
            "start": event.dates.start.isoformat() if event.dates.start else None,
            "end": event.dates.end.isoformat() if event.dates.end else None,
            "timezone": event.dates.timezone or None,
            "venue": event.venue, "organizers": list(event.officials.organizers),
            "chief_arbiter": event.chief_arbiter, "arbiters": list(event.officials.arbiters),
            "time_control": event.time_control, "regulation": event.regulation,
            "draw_seed": _draw_seed(event),
            "draw_seed_sha256": event.draw.sha256 or None,
            "description": event.description, "url": "index.html",
            "updated": event.files.updated or None,
        },
        "sections": [_section(data) for data in datas],
    }
    document.update(event_page_set_of(event).event_json(event, results))
    return document


def games_json(data: SectionData) -> list[dict[str, Any]]:
    """The section's game records: where each is published, its plies, and whether the round's
    bulletin prints it."""
    rounds = {r.number: r for r in data.section.rounds}
    return [{"round": n, "board": board, "url": data.game_url(n, board),
             "record": download_path(data, n, board) or None, "plies": len(record.plies),
             "featured": board in rounds[n].featured}
            for (n, board), record in sorted(data.section.records.by_board.items())]


def _draw_seed(event: Event) -> str | None:
    """A public seed always; a secret one (with a commitment) only once it is published."""
    if event.draw.seed is None or (event.draw.sha256 and not seed_published(event)):
        return None
    return str(event.draw.seed)


def _section(data: SectionData) -> dict[str, Any]:
    section = data.section
    scoring = section.scoring
    shows = page_set_of(section)
    out: dict[str, Any] = {
        "id": section.id, "name": section.name, "system": section.system,
        "rounds_planned": section.rounds_planned, "current_round": section.current_round,
        "status": status(section), "ties": section.ranking.ties, "numbering": section.pairing.numbering,
        "scoring": {name: exact(getattr(scoring, name)) for name in (
            "win", "draw", "loss", "forfeit_win", "forfeit_loss", "double_forfeit", "bye", "absent")},
        "tiebreaks": [{"id": tb.id, "options": {k: _option(v) for k, v in sorted(tb.options.items())}}
                      for tb in section.tiebreaks],
        "players": [_player(data, p.number) for p in sorted(section.players, key=lambda p: p.number)],
        "rounds": [_round_json(data, rnd) for rnd in section.rounds],
        "next_round": _round_json(data, data.preview, provisional=True) if data.preview else None,
        "standings": [_standings(data, n) for n in sorted(data.standings)],
    }
    if section.records.by_board:
        out["games"] = games_json(data)
    if section.names:  # in the event's other languages
        out["names"] = dict(sorted(section.names.items()))
    if section.ranking.rules != "common":
        out["tiebreak_rules"] = section.ranking.rules
        out["c07_text"] = section.ranking.c07_text
    out.update(shows.section_json(data))
    return out


def _player(data: SectionData, number: int) -> dict[str, Any]:
    player = data.section.player(number)
    out: dict[str, Any] = {
        "number": number, "name": player.name, "rating": player.rating, "club": player.club,
        "sex": player.sex, "birth_year": player.birth_year, "title": player.title,
        "fields": {str(k): str(v) for k, v in player.fields.items()},
        "url": f"{data.section.id}/players/{number}.html",
    }
    if codes_published(data.section) and number in data.section.codes.by_player:
        # seed 004 二.2: only once the last round is paired
        out["code"] = data.section.codes.by_player[number]
    return out


def _round_json(data: SectionData, rnd: Round, provisional: bool = False
                ) -> dict[str, Any] | Deferred[dict[str, Any]]:
    """A round in event.json: its common keys, memoized by rounds 1..n (but the provisional round's),
    then its page set's."""
    common = Deferred(None, lambda: _round(data.upto_round(rnd.number), rnd, provisional)) if provisional \
        else deferred_upto(data, rnd.number, _round, rnd)
    own = page_set_of(data.section).round_json(data, rnd, provisional)
    return {**common.value, **own} if own else common


def _round(data: SectionUpto, rnd: Round, provisional: bool = False) -> dict[str, Any]:
    section = data.section
    out: dict[str, Any] = {
        "number": rnd.number, "provisional": provisional,
        "date": rnd.date.isoformat() if rnd.date else None,
        "url": f"{section.id}/round-{rnd.number:02d}.html",
        "pending": rnd.pending, "published": rnd.has_results,
        "games": [game_json(data, g) for g in rnd.games],
        "byes": list(rnd.byes), "absent": list(rnd.absent), "withdrawn": list(rnd.withdrawn),
        "penalties": _counts(rnd.penalties), "warnings": _counts(rnd.warnings),
        "ranking_order": list(rnd.ranking_order),
        "playoffs": [game_json(data, g) for g in StagedRound.of(rnd).playoffs],
        "note": rnd.note,
    }
    if rnd.half_byes or rnd.full_byes:
        out["half_byes"], out["full_byes"] = list(rnd.half_byes), list(rnd.full_byes)
    return out


def _standings(data: SectionData, n: int) -> Deferred[dict[str, Any]]:
    return deferred_upto(data, n, _make_standings, n)


def _make_standings(data: SectionUpto, n: int) -> dict[str, Any]:
    table = data.standings[n]
    tiebreaks = data.section.tiebreaks
    return {
        "after": n, "pending": table.pending,
        "rows": [{
            "place": row.place, "last_place": row.last_place, "shared": row.shared,
            "playoff": row.playoff, "player": row.player, "points": points_json(data, row.points),
            **({"decided": row.decided} if row.decided else {}),
            "tiebreaks": [_tiebreak_value(data, tb.id, value)
                          for tb, value in zip(tiebreaks, row.values, strict=True)],
        } for row in table.rows],
    }


# ---------------------------------------------------------------- feed.xml (Atom)

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(value: str) -> str:
    """Text or attribute content: characters XML 1.0 cannot carry dropped, markup escaped."""
    text = _NOT_XML.sub("", value)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _tagger(event: Event) -> Callable[[str], str]:
    """Stable tag: URIs (RFC 4151) for things of the event, dated by its first day, whatever the base URL."""
    dates = [r.date for s in event.sections for r in s.rounds if r.date]
    day = event.dates.start or (min(dates) if dates else None)
    prefix = f"tag:bulletin,{day.isoformat() if day else EPOCH}:"
    return lambda specific: prefix + quote(specific, safe="/-._~")


def _round_times(event: Event, rounds: tuple[Round, ...]) -> dict[int, str]:
    """Each round's RFC 3339 time: that of the last commit that changed its round file, else the
    start of its date, of the last date before it, or of the event's first day; never the clock."""
    known = event.dates.start.isoformat() if event.dates.start else EPOCH
    out = {}
    for rnd in rounds:
        if rnd.date:
            known = rnd.date.isoformat()
        out[rnd.number] = rnd.origin.updated or f"{known}T00:00:00Z"
    return out


def _instant(time: str) -> dt.datetime:
    """An RFC 3339 time (with its offset) as an instant, to order times of different offsets."""
    return dt.datetime.fromisoformat(time.replace("Z", "+00:00"))


def atom_feed(event: Event, results: EventResults, paths: set[str], base_url: str = "") -> str:
    """One entry per published round (a round with a result) of every section, newest first.

    `paths` are the HTML pages of the build: an entry links only to pages that exist. Links are
    relative to the feed without `base_url`, absolute under it with one."""
    feed_path = f"{event.slug}/feed.xml"
    t, tag = Labels(event.language), _tagger(event)

    def link(path: str) -> str:
        return absolute_url(base_url, path) if base_url else quote(relative(path, feed_path), safe="/")

    entries = []
    for index, data in enumerate(section_views(event, results)):
        section, times = data.section, _round_times(event, data.section.rounds)
        for rnd in section.rounds:
            url = data.round_url(rnd.number)
            if not rnd.has_results or url not in paths:
                continue
            summary = f"{section.name} · {t('round', n=rnd.number)} · {t.pairings_results}"
            if rnd.pending:
                summary += f" · {t('pending_results', n=rnd.pending)}"
            related = data.standings_url(rnd.number)
            lines = [
                f"    <id>{_text(tag(f'{event.slug}/{section.id}/round-{rnd.number:02d}'))}</id>",
                f"    <title>{_text(section.name)} · {_text(t('round', n=rnd.number))}</title>",
                f"    <updated>{times[rnd.number]}</updated>",
                f'    <link rel="alternate" type="text/html" href="{_text(link(url))}"/>',
                *([f'    <link rel="related" type="text/html" href="{_text(link(related))}"/>']
                  if related in paths else []),
                f"    <summary>{_text(summary)}</summary>",
            ]
            entries.append((_instant(times[rnd.number]), -index, rnd.number, times[rnd.number], lines))
    entries.sort(key=lambda e: e[:3], reverse=True)
    start = event.dates.start
    updated = entries[0][3] if entries else f"{start.isoformat() if start else EPOCH}T00:00:00Z"
    author = ", ".join(event.officials.organizers) or event.chief_arbiter or event.name
    head = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<feed xmlns="{ATOM}" xml:lang="{t.tag}">',
        f"  <id>{_text(tag(event.slug))}</id>",
        f"  <title>{_text(event.name)}</title>",
        f"  <updated>{updated}</updated>",
        f"  <author><name>{_text(author)}</name></author>",
        f'  <link rel="self" type="application/atom+xml" href="{_text(link(feed_path))}"/>',
        f'  <link rel="alternate" type="text/html" href="{_text(link(f"{event.slug}/index.html"))}"/>',
        "  <generator>bulletin</generator>",
    ]
    body = [line for *_, lines in entries for line in ("  <entry>", *lines, "  </entry>")]
    return "\n".join([*head, *body, "</feed>"]) + "\n"


# ---------------------------------------------------------------- sitemap.xml


def sitemap(pages: list[Page] | list[str], base_url: str) -> str:
    """Every HTML page (its `Page`, or its path) as an absolute URL under `base_url`, in the site's
    page order."""
    seen: dict[str, None] = dict.fromkeys(
        p if isinstance(p, str) else p.path for p in pages
        if isinstance(p, str) or (not p.pdf and p.path.endswith(".html")))
    lines = ['<?xml version="1.0" encoding="utf-8"?>', f'<urlset xmlns="{SITEMAP}">']
    lines += [f"  <url><loc>{_text(absolute_url(base_url, path))}</loc></url>" for path in seen]
    return "\n".join([*lines, "</urlset>"]) + "\n"


# ---------------------------------------------------------------- all of them


def export_files(site: Site, pages: list[Page], base_url: str = "",
                 results: dict[str, EventResults] | None = None,
                 html_paths: list[str] | None = None,
                 event_jsons: dict[str, str] | None = None) -> dict[str, str]:
    """Output path → text of every export: event.json and feed.xml per event, sitemap.xml with a base URL
    (of `html_paths`, every HTML page of the site in page order, when the site's events are not all
    among `pages`); `event_jsons`: each event's `event_json` by slug, where made before."""
    base_url = normalize_base_url(base_url)
    paths = {p.path for p in pages if not p.pdf}
    files: dict[str, str] = {}
    for event in site.events:
        computed = (results or {}).get(event.slug) or event_results(event)
        made = (event_jsons or {}).get(event.slug)
        files[f"{event.slug}/event.json"] = made if made is not None else event_json(event, computed)
        files[f"{event.slug}/feed.xml"] = atom_feed(event, computed, paths, base_url)
        for shown in (event, *(in_language(event, language) for language in event.translations.languages)):
            for data in ranked_views(shown, computed):
                files.update(table_csv_files(data))
                files.update(record_files(data))
                files.update(relay_files(data))
    if base_url:
        files["sitemap.xml"] = sitemap(pages if html_paths is None else html_paths, base_url)
    return files
