"""The event file: metadata, sections, scoring, tiebreak chain; and checks across round files."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from site_builder.content.codes import load_codes
from site_builder.content.notation import ACCEPTED, parse_result
from site_builder.content.pages import load_page
from site_builder.content.players import Roster, load_players
from site_builder.content.prizes import load_prizes
from site_builder.content.rounds import load_round, round_number_from_name
from site_builder.content.schema import MapReader, parse_date, type_name
from site_builder.content.teams import TeamRoster, load_teams
from site_builder.content.yamlsource import LMap, read_yaml, suggest
from site_builder.draw_seed import COMMITMENT, environment_seeds, seed_for
from site_builder.errors import Location, Problems
from site_builder.model import (
    FIDE_EXCLUDED_OPTIONS,
    FIDE_ONLY_TIEBREAKS,
    FIRST_ROUNDS,
    GAMES,
    LANGUAGES,
    NUMBERINGS,
    TIEBREAK_ALIASES,
    TIEBREAK_OPTIONS,
    TIEBREAK_RULES,
    Challenge,
    Event,
    MatchScoring,
    Outcome,
    Round,
    Scoring,
    Section,
    Team,
    Tiebreak,
)
from site_builder.regulations import REGULATIONS, preset_for
from site_builder.systems import NAMES, SYSTEMS

EVENT_FIELDS = ("name", "short_name", "dates", "venue", "organizers", "chief_arbiter", "game",
                "language", "regulation", "draw_seed", "draw_seed_sha256", "description", "scoring",
                "tiebreaks",
                "tiebreak_rules", "ties", "system", "rounds", "players", "sections", "challenges",
                "school_playoff", "languages",
                "award_overrides", "trf", "first_colour")
SECTION_FIELDS = ("name", "system", "rounds", "players", "scoring", "tiebreaks", "tiebreak_rules", "ties",
                  "rematches",
                  "first_round", "numbering", "eliminate_after_prelims", "teams", "boards", "match_points",
                  "prizes", "stage", "qualify", "first_colour")
MATCH_POINT_FIELDS = ("win", "home_draw", "away_draw", "loss", "bye")
SCORING_FIELDS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "double_forfeit", "bye",
                  "absent", "half_bye", "full_bye")
TIES = ("share", "playoff")
FIRST_COLOURS = ("lot", "white", "black")  # the top seed's colour in round 1 (FIDE C.04.3 §5.2.5)
FORFEITS = (Outcome.FIRST_WINS_FORFEIT, Outcome.SECOND_WINS_FORFEIT, Outcome.DOUBLE_FORFEIT)
_SECTION_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class Context:
    """Where an event lives and how its paths are shown in messages."""

    def __init__(self, directory: Path, shown: Path, problems: Problems) -> None:
        self.directory = directory
        self.shown = shown
        self.problems = problems
        self.draw_seed: int | None = None  # opens sealed codes

    def file(self, relative: str) -> tuple[Path, Path]:
        return self.directory / relative, self.shown / relative


def load_event(directory: Path, shown: Path, problems: Problems) -> Event | None:
    """Read `event.yaml` and everything it refers to."""
    ctx = Context(directory, shown, problems)
    path, shown_path = ctx.file("event.yaml")
    before = len(problems.items)
    data = read_yaml(path, problems, shown_path)
    if data is None and len(problems.items) > before:
        return None  # a YAML syntax error, already reported
    f = MapReader(data, Location(shown_path), problems, "the event file", EVENT_FIELDS)
    name = f.text("name", required=True, hint="add 'name: <the event's full name>'")
    draw_seed, committed, seed_loc = _draw_seed(f, problems, Location(shown_path))
    ctx.draw_seed = draw_seed
    game = f.choice("game", GAMES, "xiangqi")
    regulation = f.text("regulation")
    if regulation and regulation not in REGULATIONS:
        problems.add(f.at("regulation"), f"unknown regulation {regulation!r}",
                     suggest(regulation, list(REGULATIONS)))
        regulation = ""
    preset = preset_for(regulation, game)
    rules = f.choice("tiebreak_rules", TIEBREAK_RULES, "common")
    defaults = {
        "scoring": _scoring(f.mapping("scoring"), preset.scoring, problems),
        "tiebreak_rules": rules,
        "tiebreaks": _tiebreaks(f, preset.tiebreaks, problems, rules),
        "ties": f.choice("ties", TIES, preset.ties),
        "system": f.choice("system", NAMES, preset.system),
        "rounds": f.integer("rounds", minimum=1),
        "rounds_given": f.has("rounds"),
        "first_round": preset.first_round,
        "first_colour": f.choice("first_colour", FIRST_COLOURS, "lot"),
        "numbering": preset.numbering,
        "match_scoring": preset.match_scoring,
        "prizes": preset.prizes,
    }
    start, end = _dates(f, problems)
    languages = [code for code in f.strings("languages")]
    for index, code in enumerate(languages):
        if code not in LANGUAGES:
            problems.add(f.sequence("languages").at(index), f"unknown language {code!r}",
                         suggest(code, list(LANGUAGES)))
    languages = [code for code in languages if code in LANGUAGES]
    language = f.choice("language", LANGUAGES, languages[0] if languages else "zh")
    sections_data = f.mapping("sections")
    if sections_data is None:
        # the one section of an event without `sections:` takes the event's name on its pages
        sections_data = LMap({"main": LMap({"players": f.raw("players") or _default_players(ctx, ""),
                                            "name": f.text("short_name") or f.text("name") or "main"})})
        sections_data.loc = f.data.loc
        sections_data.key_locs = sections_data.value_locs = {"main": f.data.loc}
        sections_data["main"].loc = f.data.loc
        sections_data["main"].key_locs = sections_data["main"].value_locs = {}
        single = True
    else:
        single = False
    master = None
    if not single and f.has("players"):  # the event's master list; sections take subsets of it
        found = _listed_file(ctx, f, "players", "", f.data.loc, "player list")
        if found is not None:
            master = load_players(*found, problems)
    sections = []
    for section_id, section_data in sections_data.items():
        section = _section(ctx, str(section_id), section_data, sections_data.key_locs[section_id],
                           defaults, single, master)
        if section is not None:
            sections.append(section)
    pages = []
    pages_dir, pages_shown = ctx.file("pages")
    if pages_dir.is_dir():
        for page_path in sorted(pages_dir.glob("*.md")):
            page = load_page(page_path, pages_shown / page_path.name, problems)
            if page is not None:
                pages.append(page)
    return Event(
        slug=directory.name,
        name=name,
        game=game,
        language=language,
        languages=tuple(code for code in languages if code != language),
        sections=tuple(sections),
        short_name=f.text("short_name"),
        start=start,
        end=end,
        venue=f.text("venue"),
        organizers=f.strings("organizers"),
        chief_arbiter=f.text("chief_arbiter"),
        regulation=regulation,
        draw_seed=draw_seed,
        draw_seed_sha256=committed,
        draw_seed_loc=seed_loc,
        description=f.text("description"),
        pages=tuple(sorted(pages, key=lambda p: (p.order, p.slug))),
        players=master.players if master else (),
        challenges=_challenges(ctx, f, master, problems),
        school_playoff=f.text("school_playoff"),
        award_overrides=_award_overrides(f, master, problems),
        trf=_trf(f, problems),
    )


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


def _listed_file(ctx: Context, f: MapReader, key: str, default: str, loc: Location, what: str
                 ) -> tuple[Path, Path] | None:
    """The file a field names (or its default) and how it is shown; a located error if missing."""
    path, shown = ctx.file(f.text(key) or default)
    if path.is_file():
        return path, shown
    ctx.problems.add(f.at(key) if f.has(key) else loc, f"{what} {str(shown)!r} not found",
                     f"create it, or point '{key}:' at the {what}")
    return None


def _default_players(ctx: Context, prefix: str) -> str:
    for candidate in ("players.yaml", "players.yml", "players.csv"):
        if (ctx.directory / prefix / candidate).is_file():
            return str(Path(prefix) / candidate) if prefix else candidate
    return str(Path(prefix) / "players.yaml") if prefix else "players.yaml"


def _section(ctx: Context, section_id: str, data: Any, loc: Location, defaults: dict,
             single: bool, master: Roster | None = None) -> Section | None:
    problems = ctx.problems
    if not _SECTION_ID.match(section_id):
        problems.add(loc, f"section id {section_id!r} is not a URL-safe slug",
                     "use lowercase letters, digits and hyphens, e.g. women")
        return None
    f = MapReader(data, loc, problems, f"section {section_id!r}", SECTION_FIELDS)
    prefix = "" if single else section_id
    system = f.choice("system", NAMES, defaults["system"])
    spec = SYSTEMS[system]
    boards = f.integer("boards", default=3, minimum=1) or 3
    teams: tuple[Team, ...] = ()
    team_roster = None
    if spec.teams:
        found = _listed_file(ctx, f, "teams", str(Path(prefix) / "teams.yaml"), loc, "team list")
        if found is None:
            return None
        players, teams = load_teams(*found, boards, problems)
        roster = Roster(players)
        team_roster = TeamRoster(teams)
    elif master is not None:  # players from the event's list: given, qualified later, or everyone
        roster = master
        qualify = f.mapping("qualify")
        subset = f.sequence("players") if f.has("players") else None
        if subset is not None:
            chosen = {master.resolve(ref, subset.at(i), problems) for i, ref in enumerate(subset)}
            roster = Roster(tuple(p for p in master.players if p.number in chosen), known=master.players)
        elif qualify is not None:  # filled in from the stage before (site_builder.stages)
            roster = Roster((), known=master.players)
    else:
        found = _listed_file(ctx, f, "players", _default_players(ctx, prefix), loc, "player list")
        if found is None:
            return None
        roster = load_players(*found, problems)
    rounds_dir, rounds_shown = ctx.file(str(Path(prefix) / "rounds") if prefix else "rounds")
    rounds: list[Round] = []
    unread: dict[int, Path] = {}  # rounds whose file could not be read (already reported)
    if rounds_dir.is_dir():
        for round_path in sorted(rounds_dir.iterdir()):
            if round_path.suffix.lower() not in (".yaml", ".yml") or round_path.name.startswith("."):
                continue
            rnd = load_round(round_path, rounds_shown / round_path.name, roster, problems,
                             team_roster, boards)
            if rnd is not None:
                rounds.append(rnd)
            elif (named := round_number_from_name(round_path)) is not None:
                unread.setdefault(named, rounds_shown / round_path.name)
    rounds.sort(key=lambda r: r.number)
    planned = f.integer("rounds", minimum=1, default=defaults["rounds"])
    formula, computed = "", None
    if (counted := spec.planned_rounds(len(roster.players))) is not None:  # the regulation computes it
        computed, formula = counted
        planned = computed if planned is None else planned
    if planned is None and not (f.has("rounds") or defaults["rounds_given"]):
        problems.add(loc, f"section {section_id!r} does not say how many rounds it has",
                     "add 'rounds: N' to the section or the event")
    if planned is None:  # missing or invalid (reported): do not add errors about it
        planned = max((r.number for r in rounds), default=1)
    rematches = f.boolean("rematches", spec.rematches)
    check_rounds(rounds, planned, rematches, roster, problems, unread, spec.rematch_free_from(planned),
                 forfeits_meet=spec.forfeits_meet)
    scoring = f.mapping("scoring")
    rules = f.choice("tiebreak_rules", TIEBREAK_RULES, defaults["tiebreak_rules"])
    tiebreaks = _tiebreaks(f, defaults["tiebreaks"], problems, rules)
    if not f.has("tiebreaks") and rules != defaults["tiebreak_rules"]:  # the event's chain, other rules
        for tb in tiebreaks:
            for message, hint in _rule_problems(tb.id, tb.options, rules):
                problems.add(f.at("tiebreak_rules"), message, hint)
    codes_path, codes_shown = ctx.file(str(Path(prefix) / "codes.yaml") if prefix else "codes.yaml")
    codes, sealed = load_codes(codes_path, codes_shown, roster, problems, ctx.draw_seed, section_id) \
        if codes_path.is_file() else ({}, False)
    return Section(
        id=section_id,
        name=f.text("name") or section_id,
        system=system,
        rounds_planned=planned,
        scoring=_scoring(scoring, defaults["scoring"], problems) if scoring else defaults["scoring"],
        tiebreaks=tiebreaks,
        tiebreak_rules=rules,
        players=roster.players,
        rounds=tuple(rounds),
        ties=f.choice("ties", TIES, defaults["ties"]),
        rematches_allowed=rematches,
        first_round=f.choice("first_round", FIRST_ROUNDS, defaults["first_round"]),
        first_colour=f.choice("first_colour", FIRST_COLOURS, defaults["first_colour"]),
        numbering=f.choice("numbering", NUMBERINGS,
                           spec.numbering or defaults["numbering"]),
        codes=codes,
        codes_sealed=sealed,
        directory=ctx.directory / prefix if prefix else ctx.directory,
        eliminate_after_prelims=f.boolean("eliminate_after_prelims", True),
        rounds_formula=formula,
        rounds_computed=computed,
        teams=teams,
        boards=boards,
        match_scoring=_match_scoring(f.mapping("match_points"), defaults["match_scoring"], problems),
        prizes=load_prizes(f.raw("prizes"), f.at("prizes"), defaults["prizes"], problems,
                           {key for p in roster.players for key in p.fields}, roster),
        stage=f.integer("stage", default=0, minimum=0) or 0,
        **_qualification(f, problems),
    )


def _qualification(f: MapReader, problems: Problems) -> dict[str, Any]:
    """`qualify: {places: [1, 2]}` or `qualify: {rest: true}`: players from the stage before."""
    data = f.mapping("qualify")
    if data is None:
        return {}
    q = MapReader(data, data.loc, problems, "qualify", ("places", "rest"))
    places = []
    for index, item in enumerate(q.sequence("places")):
        if isinstance(item, bool) or not isinstance(item, int) or item < 1:
            problems.add(q.sequence("places").at(index),
                         f"a place must be a number ≥ 1, found {type_name(item)}")
        else:
            places.append(item)
    return {"qualify": tuple(places), "qualify_rest": q.boolean("rest", False)}


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


def _challenges(ctx: Context, f: MapReader, master: Roster | None, problems: Problems
                ) -> tuple[Challenge, ...]:
    """Stage-3 challenges (seed 000 六.3), in the order agreed: `[challenger, target, result]`."""
    if not f.has("challenges"):
        return ()
    path, shown = ctx.file(f.text("challenges"))
    if not path.is_file():
        problems.add(f.at("challenges"), f"challenge list {str(shown)!r} not found", "create it")
        return ()
    if master is None:
        problems.add(f.at("challenges"), "challenges need the event's player list ('players:')",
                     "list the players at the event level")
        return ()
    data = read_yaml(path, problems, shown)
    items = data.get("challenges") if isinstance(data, LMap) else data
    out = []
    for index, item in enumerate(items if isinstance(items, list) else []):
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
        if challenger is not None and target is not None:
            out.append(Challenge(challenger, target, outcome, loc))
    return tuple(out)


def _match_scoring(data: LMap | None, base: MatchScoring, problems: Problems) -> MatchScoring:
    if data is None:
        return base
    f = MapReader(data, data.loc, problems, "match points", MATCH_POINT_FIELDS)
    return MatchScoring(*(f.number(key, getattr(base, key)) for key in MATCH_POINT_FIELDS))


def check_rounds(rounds: list[Round], planned: int, rematches_allowed: bool, roster: Roster,
                 problems: Problems, unread: dict[int, Path] | None = None,
                 rematches_from: int | None = None, forfeits_meet: bool = True) -> None:
    """Checks across round files: numbering, planned count, rematches, withdrawals.

    Without `forfeits_meet`, players whose game was forfeited have not met (FIDE).

    `unread` maps round numbers to files that could not be read: they count as present for the
    numbering check, so a syntax error in one round file does not also report a gap.
    """
    seen: dict[int, Round] = {}
    for rnd in rounds:
        where = rnd.loc or Location(rnd.source or Path("?"))
        if rnd.number in seen:
            problems.add(where, f"round {rnd.number} is given twice (also in {seen[rnd.number].source})",
                         "keep one file per round")
            continue
        seen[rnd.number] = rnd
        if rnd.number > planned:
            plural = "s" if planned != 1 else ""
            problems.add(where, f"round {rnd.number} is beyond the {planned} round{plural} planned",
                         "raise 'rounds:' in the event file or fix the round number")
    numbers = sorted(seen)
    present = {**{n: Location(p) for n, p in (unread or {}).items()},
               **{n: seen[n].loc or Location(seen[n].source or Path("?")) for n in numbers}}
    for expected, rnd_number in enumerate(sorted(present), start=1):
        if rnd_number != expected:
            problems.add(present[rnd_number],
                         f"round {expected} is missing before round {rnd_number}",
                         f"add the file for round {expected} or renumber this one")
            break
    met: dict[frozenset[int], int] = {}
    withdrawn_from: dict[int, int] = {}
    for number in numbers:
        rnd = seen[number]
        for game in rnd.games:
            if not forfeits_meet and game.outcome in FORFEITS:
                continue
            pair = frozenset((game.first, game.second))
            allowed = rematches_allowed or (rematches_from is not None and number >= rematches_from)
            if not allowed and pair in met:
                a, b = (roster.by_number[p].name for p in (game.first, game.second))
                problems.add(game.loc or Location(Path("?")),
                             f"{a!r} and {b!r} already met in round {met[pair]}",
                             "this system forbids rematches; change the pairing "
                             "(or set 'rematches: true' in the section)")
            met.setdefault(pair, number)
        paired = [(p, g.loc) for g in rnd.games for p in (g.first, g.second)]
        for player, loc in paired + [(p, None) for p in (*rnd.byes, *rnd.half_byes, *rnd.full_byes)]:
            if player in withdrawn_from and withdrawn_from[player] <= number:
                problems.add(loc or Location(rnd.source or Path("?")),
                             f"{roster.by_number[player].name!r} is paired in round {number} after "
                             f"withdrawing in round {withdrawn_from[player]}",
                             "remove the pairing or the withdrawal")
        for player in rnd.withdrawn:
            withdrawn_from.setdefault(player, number)


def _scoring(data: LMap | None, base: Scoring, problems: Problems) -> Scoring:
    if data is None:
        return base
    f = MapReader(data, data.loc, problems, "scoring", SCORING_FIELDS)
    win = f.number("win", base.win)
    loss = f.number("loss", base.loss)
    return Scoring(
        win=win,
        draw=f.number("draw", base.draw),
        loss=loss,
        forfeit_win=f.number("forfeit_win", win if f.has("win") else base.forfeit_win),
        forfeit_loss=f.number("forfeit_loss", loss if f.has("loss") else base.forfeit_loss),
        double_forfeit=f.number("double_forfeit", base.double_forfeit),
        bye=f.number("bye", win if f.has("win") else base.bye),
        absent=f.number("absent", base.absent),
        half_bye=f.number("half_bye", base.half_bye) if f.has("half_bye") else base.half_bye,
        full_bye=f.number("full_bye", base.full_bye) if f.has("full_bye") else base.full_bye,
    )


#: Options that take one of a few words, by tiebreak and option.
_OPTION_CHOICES = {
    ("opponent-score", "bye"): ("lowest", "zero"),
    ("wins", "bye"): ("win", "none"),
    ("second-games", "prefer"): ("more", "fewer"),
}


def _rule_problems(name: str, options: Mapping[str, object], rules: str) -> list[tuple[str, str]]:
    """Why a tiebreak (id and options) does not fit the event's `tiebreak_rules`, as (message, hint)."""
    if rules != "fide":
        if name in FIDE_ONLY_TIEBREAKS:
            return [(f"tiebreak {name!r} is defined by FIDE C.07 {FIDE_ONLY_TIEBREAKS[name]} only",
                     "add 'tiebreak_rules: fide' to the event or the section")]
        return []
    return [(f"option {key!r} of {name!r} does not apply under 'tiebreak_rules: fide'",
             "C.07 Article 16 decides how unplayed rounds count; remove the option")
            for key in options if key in FIDE_EXCLUDED_OPTIONS.get(name, ())]


def _tiebreaks(f: MapReader, base: tuple[Tiebreak, ...], problems: Problems, rules: str = "common"
               ) -> tuple[Tiebreak, ...]:
    if not f.has("tiebreaks"):
        return base
    items = f.sequence("tiebreaks")
    chain: list[Tiebreak] = []
    known = list(TIEBREAK_OPTIONS) + list(TIEBREAK_ALIASES)
    for index, item in enumerate(items):
        loc = items.at(index)
        options: dict[str, object] = {}
        if isinstance(item, LMap) and "id" in item:
            name = item["id"]
            options = {k: v for k, v in item.items() if k != "id"}
        elif isinstance(item, LMap) and len(item) == 1:
            name, raw = next(iter(item.items()))
            if isinstance(raw, LMap):
                options = dict(raw)
            elif raw is not None:
                problems.add(loc, f"options of {name!r} must be a mapping, found {type_name(raw)}",
                             f"write '- {name}: {{cut: 1}}'")
        else:
            name = item
        if not isinstance(name, str) or name not in known:
            problems.add(loc, f"unknown tiebreak {type_name(name)}", suggest(str(name), known))
            continue
        if name in TIEBREAK_ALIASES:
            name, alias_options = TIEBREAK_ALIASES[name]
            options = {**alias_options, **options}
        for key, value in options.items():
            if key not in TIEBREAK_OPTIONS[name]:
                allowed = TIEBREAK_OPTIONS[name]
                problems.add(loc, f"tiebreak {name!r} has no option {key!r}",
                             suggest(str(key), list(allowed)) if allowed else "it takes no options")
            elif (choices := _OPTION_CHOICES.get((name, key))) is not None:
                if value not in choices:
                    problems.add(loc, f"option {key!r} of {name!r} must be one of "
                                      f"{', '.join(choices)}, found {type_name(value)}",
                                 suggest(str(value), list(choices)))
            elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
                problems.add(loc, f"option {key!r} of {name!r} must be a whole number ≥ 0, "
                                  f"found {type_name(value)}", f"write e.g. '{key}: 1'")
        for message, hint in _rule_problems(name, options, rules):
            problems.add(loc, message, hint)
        if name == "points":
            continue
        chain.append(Tiebreak(name, options))
    return tuple(chain)
