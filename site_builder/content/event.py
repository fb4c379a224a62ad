"""The event file: metadata, its sections (`section.py`), their default settings (`settings.py`),
pages, challenges and the draw seed."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, TypedDict

from site_builder.cache.store import Store
from site_builder.content import go_games
from site_builder.content.keys import Key, choice, flag, key_names, read_keys, whole
from site_builder.content.notation import ACCEPTED, parse_result
from site_builder.content.pages import load_page
from site_builder.content.players import Roster, load_players
from site_builder.content.schema import MapReader, parse_date, type_name
from site_builder.content.section import EventSource, default_players, listed_file, load_section
from site_builder.content.settings import ACCELERATIONS, FIRST_COLOURS, TIES, scoring_of, tiebreak_chain
from site_builder.content.yamlsource import LList, LMap, close_matches, read_yaml, suggest
from site_builder.draw_seed import COMMITMENT, environment_seeds, seed_for
from site_builder.engine.league import Challenge, League
from site_builder.errors import Location, Problems
from site_builder.games.registry import game_of, names
from site_builder.model import (
    C07_TEXTS,
    LANGUAGES,
    TIEBREAK_RULES,
    C07Text,
    DrawSeed,
    Event,
    EventDates,
    EventFiles,
    GameName,
    Language,
    MarkdownPage,
    Officials,
    RatingRule,
    Section,
    Translations,
    c07_text_for,
    is_language,
)
from site_builder.regulations import REGULATIONS, Preset, preset_for
from site_builder.systems import SYSTEMS

#: The keys of `event.yaml`, in the order docs/content.md gives them: each read by `read_keys` with its
#: default from the event's regulation or game (`Preset`), or (no reader) by a reader of its own.
EVENT_KEYS: tuple[Key[Preset], ...] = (
    Key("name"), Key("short_name"),  # texts in the event's language or several (`_texts`)
    Key("dates"),  # one day or [first, last] (`_dates`)
    Key("venue"),
    Key("organizers"), Key("chief_arbiter"), Key("arbiters"), Key("time_control"),
    Key("game"), Key("language"), Key("regulation"),  # read first: they choose the preset
    Key("draw_seed"), Key("draw_seed_sha256"),  # `_draw_seed`
    Key("description"),
    Key("scoring"), Key("tiebreaks"),  # the sections' defaults (`scoring_of`, `tiebreak_chain`)
    Key("tiebreak_rules", choice(TIEBREAK_RULES), lambda preset: preset.tiebreak_rules),
    Key("c07_text"),  # `_c07_text`: by default the text in force on the first day
    Key("ties", choice(TIES), lambda preset: preset.ties),
    Key("system", choice(tuple(SYSTEMS)), lambda preset: preset.system),
    Key("rounds", whole(1)),
    Key("players"), Key("sections"),  # files and sections (`_sections`)
    Key("challenges"), Key("school_playoff"),  # the shogi league (`_league`)
    Key("languages"),
    Key("opening"), Key("komi"),  # gomoku, go
    Key("award_overrides"), Key("final_playoffs"), Key("d_corrections"), Key("x_adjustments"),  # `_league`
    Key("trf"),  # `_trf`
    Key("first_colour", choice(FIRST_COLOURS), lambda preset: "lot"),  # systems' options (`System.options`)
    Key("acceleration", choice(ACCELERATIONS), lambda preset: "none"),
    Key("keep_apart"),  # read per section, whose players it names
    Key("rating_columns", flag, lambda preset: False),
    Key("rating"), Key("timezone"),
)
EVENT_FIELDS = key_names(EVENT_KEYS)


def event_slug(directory: Path) -> str:
    """The slug of the event in `directory`: the folder's name ("." names the folder it is)."""
    return directory.name or directory.resolve().name


def load_event(directory: Path, shown: Path, problems: Problems, cache: Store | None = None
               ) -> Event | None:
    """Read `event.yaml` and everything it refers to (`cache`: the build's store of parsed files):
    its keys as `EVENT_KEYS` declares them, its sections and its pages."""
    ctx = EventSource(directory, shown, problems, cache)
    path, shown_path = ctx.file("event.yaml")
    before = len(problems.items)
    data = read_yaml(path, problems, shown_path, cache)
    if data is None and len(problems.items) > before:
        return None  # a YAML syntax error, already reported
    f = MapReader(data, Location(shown_path), problems, "the event file", EVENT_FIELDS)
    draw_seed, committed, seed_loc = _draw_seed(f, problems, Location(shown_path))
    ctx.draw_seed = draw_seed
    game = f.choice("game", names(), "xiangqi")
    regulation = _regulation(f, problems)
    defaults = _defaults(f, game, regulation, problems)
    start, end = _dates(f, problems)
    ctx.born_by = (end or start or dt.date.today()).year  # undated: this year, the latest it can be
    defaults["c07_text"] = _c07_text(f, start, problems)
    timezone = _timezone(f, problems)
    language, known = _languages(f, problems)
    texts, translations = _texts(f, language)
    defaults["language"] = language  # the language a section's name is given in first
    master, sections = _sections(ctx, f, texts, defaults)
    if f.has("c07_text") and not any(s.ranking.rules == "fide" for s in sections):
        problems.add(f.at("c07_text"), "'c07_text' applies only under 'tiebreak_rules: fide'",
                     "add 'tiebreak_rules: fide' to the event or a section, or remove 'c07_text'")
    return Event(
        slug=event_slug(directory),
        name=texts["name"],
        game=game,
        language=language,
        translations=Translations(tuple(code for code in known if code != language), translations),
        sections=tuple(sections),
        short_name=texts["short_name"],
        dates=EventDates(start, end, timezone),
        venue=texts["venue"],
        chief_arbiter=texts["chief_arbiter"],
        officials=Officials(f.strings("organizers"), f.strings("arbiters")),
        time_control=texts["time_control"],
        regulation=regulation,
        draw=DrawSeed(draw_seed, committed, seed_loc),
        description=texts["description"],
        pages=_pages(ctx),
        players=master.players if master else (),
        league=_league(ctx, f, master, problems),
        trf=_trf(f, problems),
        rating=_rating(f, problems),
        files=EventFiles(locs={"event.yaml": Location(shown_path),
                               **{key: f.at(key) for key in ("chief_arbiter", "dates", "tiebreaks", "name",
                                                             "venue", "time_control") if f.has(key)},
                               **_system_locs(f), **_prize_locs(f), **_rounds_locs(f)},
                         reads_outside=ctx.outside),
    )


def _system_locs(f: MapReader) -> dict[str, Location]:
    """Where event.yaml gives a system, for the commands that refuse a section's (`export trf`): the
    event's own `system:` (else its `regulation:`, whose preset gives one) as "system", each
    section's as "system/<section id>"."""
    given = next((key for key in ("system", "regulation") if f.has(key)), None)
    return ({"system": f.at(given)} if given else {}) | _section_locs(f, "system")


def _rounds_locs(f: MapReader) -> dict[str, Location]:
    """Where event.yaml gives the number of rounds, for the commands that name a round a section does
    not have (`pair --accept 6`): the event's own `rounds:` as "rounds", each section's as
    "rounds/<section id>"."""
    return ({"rounds": f.at("rounds")} if f.has("rounds") else {}) | _section_locs(f, "rounds")


def _prize_locs(f: MapReader) -> dict[str, Location]:
    """Where event.yaml gives prizes, for the warnings of their allocation: the event's own
    `prizes:` as "prizes", each section's as "prizes/<section id>"."""
    locs = {"prizes": f.data.key_locs.get("prizes", f.at("prizes"))} if f.has("prizes") else {}
    return locs | _section_locs(f, "prizes", at_key=True)


def _section_locs(f: MapReader, key: str, at_key: bool = False) -> dict[str, Location]:
    """Where each section of event.yaml gives `key`, as "<key>/<section id>": its value, or with
    `at_key` its key."""
    sections = f.raw("sections")
    return {f"{key}/{section_id}": data.key_locs.get(key, data.at(key)) if at_key else data.at(key)
            for section_id, data in (sections.items() if isinstance(sections, LMap) else ())
            if isinstance(data, LMap) and data.get(key) is not None}


def _regulation(f: MapReader, problems: Problems) -> str:
    """`regulation:` one of `REGULATIONS`, else "" (an unknown one reported)."""
    regulation = f.text("regulation")
    if regulation and regulation not in REGULATIONS:
        problems.add(f.at("regulation"), f"unknown regulation {regulation!r}",
                     suggest(regulation, list(REGULATIONS)))
        return ""
    return regulation


def _defaults(f: MapReader, game: GameName, regulation: str, problems: Problems) -> dict[str, Any]:
    """What the event's sections default to: the keys of `EVENT_KEYS` over the preset of its
    regulation or game, the chain and scoring it writes, and the preset's own."""
    preset = preset_for(regulation, game)
    common = read_keys(f, EVENT_KEYS, preset)
    rules = common["tiebreak_rules"]
    return {
        **common,
        "scoring": scoring_of(f.mapping("scoring"), preset.scoring, problems),
        "tiebreaks": tiebreak_chain(f, preset.tiebreaks, problems, rules),
        "tiebreaks_loc": f.at("tiebreaks") if f.has("tiebreaks") else None,  # written, not a preset's
        "tiebreaks_given": f.has("tiebreaks") or bool(regulation),  # else a section's system may give them
        "rounds_given": f.has("rounds"),
        "first_round": preset.first_round,
        "options": {key: common[key] for key in ("first_colour", "acceleration")},  # systems' options
        "keep_apart": f.mapping("keep_apart"),  # read per section, whose players it names
        "rated": game_of(game).defaults.rated or f.has("rating"),
        "numbering": preset.numbering,
        "match_scoring": preset.match_scoring,
        "prizes": preset.prizes,
        "game": game,
        "opening": _opening(f, game, problems),
        "komi": go_games.section_komi(f, game, None, problems),
    }


def _sections(ctx: EventSource, f: MapReader, texts: dict[str, str], defaults: dict[str, Any]
              ) -> tuple[Roster | None, list[Section]]:
    """The event's master list of players, if it has one, and its sections: those of `sections:`,
    else the one section of the event's own players, named as the event."""
    sections_data = f.mapping("sections")
    single = sections_data is None
    if sections_data is None:
        sections_data = _single_section(ctx, f, texts)
    master = None
    if not single and f.has("players"):  # the event's master list; sections take subsets of it
        found = listed_file(ctx, f, "players", "", f.data.loc, "player list")
        if found is not None:
            master = load_players(*found, ctx.problems, ctx.cache, game_of(defaults["game"]).player_ranks,
                                  ctx.born_by)
    sections = []
    for section_id, section_data in sections_data.items():
        section = load_section(ctx, str(section_id), section_data, sections_data.key_locs[section_id],
                               defaults, single, master)
        if section is not None:
            sections.append(section)
    return master, sections


def _single_section(ctx: EventSource, f: MapReader, texts: dict[str, str]) -> LMap:
    """The one section of an event without `sections:`, located at the event file: the event's
    players, and the event's name on its pages."""
    sections_data = LMap({"main": LMap({"players": f.raw("players") or default_players(ctx, ""),
                                        "name": texts["short_name"] or texts["name"] or "main"})})
    sections_data.loc = f.data.loc
    sections_data.key_locs = sections_data.value_locs = {"main": f.data.loc}
    sections_data["main"].loc = f.data.loc
    keys, values = f.data.key_locs, f.data.value_locs  # its errors at the event file's own `players:`
    sections_data["main"].key_locs = {key: keys[key] for key in ("players",) if key in keys}
    sections_data["main"].value_locs = {key: values[key] for key in ("players",) if key in values}
    return sections_data


def _pages(ctx: EventSource) -> tuple[MarkdownPage, ...]:
    """The Markdown pages of the event's `pages/`, in their order."""
    pages = []
    pages_dir, pages_shown = ctx.file("pages")
    if pages_dir.is_dir():
        for page_path in sorted(pages_dir.glob("*.md")):
            page = load_page(page_path, pages_shown / page_path.name, ctx.problems)
            if page is not None:
                pages.append(page)
    return tuple(sorted(pages, key=lambda p: (p.order, p.slug)))


def _league(ctx: EventSource, f: MapReader, master: Roster | None, problems: Problems) -> League | None:
    """The shogi league's challenges and decisions (seed 000), None when the event states none."""
    challenges, accepted = _challenges(ctx, f, master, problems)
    school_playoff = f.text("school_playoff")
    overrides = _award_overrides(f, master, problems)
    decisions = _league_decisions(f, master, problems)
    if accepted is not None:
        decisions["locs"]["accepted_from"] = accepted[1]
    league = League(challenges, school_playoff, overrides, **decisions,
                    accepted_from=accepted[0] if accepted else "")
    return None if league == League() and not league.locs else league


def _rating(f: MapReader, problems: Problems) -> RatingRule | None:
    """`rating: {k: 20, table: fide | logistic}`: the K and expected-score table of an event's own
    rating (a chess event uses FIDE's without it)."""
    data = f.mapping("rating")
    if data is None:
        return None
    r = MapReader(data, data.loc, problems, "rating", ("k", "table"))
    k = r.integer("k", minimum=1)
    if k is None:
        problems.add(data.loc, "rating needs its K, e.g. 'rating: {k: 20}'", "add 'k: N'")
    return RatingRule(k, r.choice("table", ("fide", "logistic"), "fide"))


def _draw_seed(f: MapReader, problems: Problems, event_file: Location) -> tuple[int | None, str, Location]:
    """The event's seed, its commitment (or "") and where the event file states them.

    A plain `draw_seed: N` is public; with `draw_seed_sha256` (docs/secrets.md) the seed is the one
    of `BULLETIN_DRAW_SEED` that matches the commitment, or None (`load_site` reports seeds that
    match no commitment)."""
    if not f.has("draw_seed_sha256"):
        return f.integer("draw_seed"), "", f.at("draw_seed") if f.has("draw_seed") else event_file
    where, raw = f.at("draw_seed_sha256"), f.raw("draw_seed_sha256")
    if f.has("draw_seed"):
        problems.add(where, "the event gives both 'draw_seed' and 'draw_seed_sha256'",
                     "keep only the commitment 'draw_seed_sha256' (the seed then comes from "
                     "BULLETIN_DRAW_SEED), or only a public 'draw_seed'")
        return None, "", where
    if not isinstance(raw, str) or not COMMITMENT.match(raw):
        problems.add(where, "'draw_seed_sha256' must be 64 hexadecimal digits (the SHA-256 of the seed), "
                            f"found {type_name(raw)}",
                     "write the commitment 'bulletin seed' wrote, in quotes")
        return None, "", where
    digest = raw.lower()
    return seed_for(digest, environment_seeds()), digest, where


TRF_FIELDS = ("records", "after_round", "ranks", "points")


def _trf(f: MapReader, problems: Problems) -> dict[str, object]:
    """The `trf:` mapping: what a FIDE TRF file held that the model does not (its header records as
    written, and its rank and points columns after `after_round`), kept for `bulletin export trf`."""
    data = f.mapping("trf")
    if data is None:
        return {}
    t = MapReader(data, data.loc, problems, "the trf mapping", TRF_FIELDS)
    out: dict[str, object] = {"records": t.strings("records"), "points": t.strings("points")}
    if t.has("after_round"):
        out["after_round"] = t.integer("after_round", minimum=0)
    ranks = t.sequence("ranks")
    values: list[int | None] = []
    for index, item in enumerate(ranks):
        if item is not None and (isinstance(item, bool) or not isinstance(item, int)):
            problems.add(ranks.at(index), f"a TRF rank must be a whole number, found {type_name(item)}",
                         "write the rank column by start rank, null where it was blank")
        else:
            values.append(item)
    out["ranks"] = tuple(values)
    return out


def _dates(f: MapReader, problems: Problems) -> tuple[dt.date | None, dt.date | None]:
    if not f.has("dates"):
        return None, None
    items = f.sequence("dates")
    days = [parse_date(item) for item in items]
    for index, day in enumerate(days):
        if day is None:
            problems.add(items.at(index), f"{type_name(items[index])} is not a date",
                         "write dates as YYYY-MM-DD")
    if len(days) not in (1, 2):
        problems.add(f.at("dates"), "'dates' must be one date or [first day, last day]",
                     "write e.g. 'dates: [2017-10-24, 2017-11-01]'")
        return None, None
    start, end = days[0], days[-1]
    if start and end and end < start:
        problems.add(f.at("dates"), f"the last day {end} is before the first day {start}",
                     "write [first day, last day]")
    return start, end


def _c07_text(f: MapReader, start: dt.date | None, problems: Problems) -> C07Text:
    """`c07_text: 2023 | 2026`, the text of FIDE C.07 the `fide` tiebreaks follow; by default the one
    in force on the event's first day (`c07_text_for`: 2026 without dates)."""
    if not f.has("c07_text"):
        return c07_text_for(start)
    written = f.data["c07_text"]
    text = str(written) if isinstance(written, (int, str)) and not isinstance(written, bool) else ""
    for known in C07_TEXTS:
        if text == known:
            return known
    problems.add(f.at("c07_text"), f"'c07_text' must be 2023 or 2026, found {type_name(written)}",
                 "write 'c07_text: 2023' (C.07 as approved in 2023) or 'c07_text: 2026' (Article 16.4 "
                 "as amended in 2026)")
    return c07_text_for(start)


def _timezone(f: MapReader, problems: Problems) -> str:
    """`timezone:` the event's own time zone (an IANA name, e.g. Asia/Shanghai), in which pages show
    times; "" (UTC) when not given."""
    if not f.has("timezone"):
        return ""
    name = f.text("timezone")
    try:
        zoneinfo.ZoneInfo(name)
    except (ValueError, zoneinfo.ZoneInfoNotFoundError):
        near = close_matches(name, sorted(zoneinfo.available_timezones()))
        problems.add(f.at("timezone"), f"unknown time zone {name!r}",
                     suggest(name, near) if near else "give an IANA time zone name, e.g. Asia/Shanghai or "
                                                      "Europe/Paris")
        return ""
    return name


AWARDS = ("first", "second", "third", "excellence", "participation", "none")


def _award_overrides(f: MapReader, master: Roster | None, problems: Problems) -> dict[int, str]:
    """The arbiters' special decisions (seed 000 九): `award_overrides: {player: award}`."""
    data = f.mapping("award_overrides")
    if data is None or master is None:
        return {}
    out = {}
    for ref, award in data.items():
        player = master.resolve(ref, data.key_locs[ref], problems)
        if award not in AWARDS:
            problems.add(data.at(ref), f"unknown award {type_name(award)}", suggest(str(award), list(AWARDS)))
        elif player is not None:
            out[player] = award
    return out


def _challenges(ctx: EventSource, f: MapReader, master: Roster | None, problems: Problems
                ) -> tuple[tuple[Challenge, ...], tuple[str, Location] | None]:
    """Stage-3 challenges (seed 000 六.3), in the order agreed: `[challenger, target, result]`; and the
    list's `accepted_from:` with its place (the stage-2 ranking the played challenges were kept as
    played with after a correction, `bulletin pair --accept challenges`), None when it has none."""
    if not f.has("challenges"):
        return (), None
    path, shown = ctx.file(f.text("challenges"))
    if not path.exists():  # a directory in its place is reported by reading it
        problems.add(f.at("challenges"), f"challenge list {str(shown)!r} not found", "create it")
        return (), None
    if master is None:
        problems.add(f.at("challenges"), "challenges need the event's player list ('players:')",
                     "list the players at the event level")
        return (), None
    data = read_yaml(path, problems, shown, ctx.cache)
    items = data.get("challenges") if isinstance(data, LMap) else data
    kept = None
    if isinstance(data, LMap) and data.get("accepted_from") is not None:
        kept = (str(data.get("accepted_from")), data.at("accepted_from"))
    if not isinstance(items, LList):  # (a list read from YAML is an LList)
        return (), kept
    out = []
    for index, item in enumerate(items):
        loc = items.at(index)
        if not isinstance(item, list) or len(item) not in (2, 3):
            problems.add(loc, "a challenge is [challenger, target, result]",
                         "write e.g. [张三, 李四, \"1-0\"]")
            continue
        challenger = master.resolve(item[0], items[index].at(0), problems)
        target = master.resolve(item[1], items[index].at(1), problems)
        outcome = parse_result(item[2] if len(item) == 3 else None)
        if outcome is None:
            problems.add(items[index].at(2), f"{type_name(item[2])} is not a result",
                         f"write one of {ACCEPTED}")
            continue
        if outcome.is_abnormal:  # a challenge is won, drawn or lost (六.3): its points are the league's
            problems.add(items[index].at(2),
                         f"a challenge's result is won, drawn or lost, not {outcome.value}",
                         "write 1-0, ½-½, 0-1 or a forfeit (+:-, -:+, -:-) from the challenger's side")
            continue
        if challenger is not None and target is not None:
            out.append(Challenge(challenger, target, outcome, loc))
    return tuple(out), kept




class _LeagueDecisions(TypedDict):
    final_playoffs: tuple[tuple[int, ...], ...]
    d_corrections: dict[int, Decimal]
    x_adjustments: dict[int, Decimal]
    locs: dict[str, Location]


def _league_decisions(f: MapReader, master: Roster | None, problems: Problems) -> _LeagueDecisions:
    """What the arbiters and the organizer decide in the shogi league (seed 000): the outcomes of
    final-score playoffs (七 注) `final_playoffs: [[player, player, …], …]` (each best first), D
    corrections (七) `d_corrections: {player: 0.001}` and X adjustments (补充细则 7.1)
    `x_adjustments: {player: 70}`, with where each is written (`League.locs`)."""
    locs: dict[str, Location] = {}
    if f.has("school_playoff"):
        locs["school_playoff"] = f.at("school_playoff")
    playoffs: list[tuple[int, ...]] = []
    items = f.sequence("final_playoffs")  # empty when not given
    for index, item in enumerate(items):
        where = items.at(index)
        if not isinstance(item, LList) or len(item) < 2:  # (a list read from YAML is an LList)
            problems.add(where, f"a playoff outcome lists two or more players, found {type_name(item)}",
                         "write the tied players in their playoff order, e.g. [张三, 李四]")
            continue
        if master is None:
            continue
        order = [master.resolve(ref, item.at(i), problems) for i, ref in enumerate(item)]
        if None in order:
            continue
        if len(set(order)) != len(order):
            problems.add(where, "a player is listed twice in a playoff outcome", "list each player once")
            continue
        locs[f"final_playoffs/{len(playoffs)}"] = where
        playoffs.append(tuple(p for p in order if p is not None))
    return {"final_playoffs": tuple(playoffs),
            "d_corrections": _decimals(f, "d_corrections", master, problems, locs, "D", "0.001"),
            "x_adjustments": _decimals(f, "x_adjustments", master, problems, locs, "X", "70"),
            "locs": locs}


def _decimals(f: MapReader, key: str, master: Roster | None, problems: Problems,
              locs: dict[str, Location], term: str, example: str) -> dict[int, Decimal]:
    """`key: {player: number}`: a decimal with at most three decimals per player (X not negative)."""
    data = f.mapping(key)
    if data is None or master is None:
        return {}
    out: dict[int, Decimal] = {}
    for ref, raw in data.items():
        player = master.resolve(ref, data.key_locs[ref], problems)
        value = None
        if not isinstance(raw, bool) and isinstance(raw, int | float | str):
            try:
                value = Decimal(str(raw).strip())
            except InvalidOperation:
                value = None
        if value is None or not value.is_finite() or value != value.quantize(Decimal("0.001")) \
                or (term == "X" and value < 0):
            sign = " and not negative" if term == "X" else ""
            problems.add(data.at(ref), f"{term} of a player must be a number with at most three decimals"
                                       f"{sign}, found {type_name(raw)}", f"write e.g. '{ref}: {example}'")
        elif player is not None:
            out[player] = value
            locs[f"{key}/{player}"] = data.at(ref)
    return out


#: Event texts that may be given per language (`name: {zh: …, en: …}`), with what they are called.
TRANSLATED = {"name": "the event's name", "short_name": "the event's short name", "venue": "the venue",
              "chief_arbiter": "the chief arbiter", "time_control": "the time control",
              "description": "the event's description"}


def _languages(f: MapReader, problems: Problems) -> tuple[Language, list[Language]]:
    """The event's language (`language:`, else the first of `languages:`, else zh) and the known
    languages of `languages:`, each unknown one a problem."""
    languages = [code for code in f.strings("languages")]
    for index, code in enumerate(languages):
        if code not in LANGUAGES:
            problems.add(f.sequence("languages").at(index), f"unknown language {code!r}",
                         suggest(code, list(LANGUAGES)))
    known = [code for code in languages if is_language(code)]
    return f.choice("language", LANGUAGES, known[0] if known else "zh"), known


def event_language(path: Path) -> Language | None:
    """The language of the event whose `event.yaml` is `path`, as `load_event` reads it; None when
    the file cannot be read as YAML (the commands that ask need no other check of it)."""
    problems = Problems()
    data = read_yaml(path, problems)
    if data is None and problems.items:
        return None
    return _languages(MapReader(data, Location(path), problems, "the event file", EVENT_FIELDS), problems)[0]


def _texts(f: MapReader, language: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The event's texts in its language, and by other language those given in it."""
    if not f.has("name"):
        f.text("name", required=True, hint="add 'name: <the event's full name>'")
    texts: dict[str, str] = {}
    translations: dict[str, dict[str, str]] = {}
    for key, what in TRANSLATED.items():
        texts[key], others = f.texts(key, language, LANGUAGES, what)
        for code, text in others.items():
            translations.setdefault(code, {})[key] = text
    return texts, translations


def _opening(f: MapReader, game: str, problems: Problems) -> str:
    """`opening:` the gomoku opening rule the event's records are checked against (docs/content.md)."""
    if not f.has("opening"):
        return ""
    rule, openings = f.text("opening"), game_of(game).openings
    if not openings:
        having = [name for name in names() if game_of(name).openings]
        problems.add(f.at("opening"), f"'opening' is a {' or '.join(having)} rule, but the event's game is "
                     f"{game}", f"remove it, or set 'game: {having[0]}'")
        return ""
    if rule.lower() not in openings:
        problems.add(f.at("opening"), f"unknown opening rule {rule!r}", suggest(rule, list(openings)))
        return ""
    return rule

