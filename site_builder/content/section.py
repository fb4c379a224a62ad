"""A section of the event file: its system, players or teams, round files and settings; and the
checks across its round files (numbering, rematches, withdrawn players)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, NamedTuple

from site_builder.cache.store import Store
from site_builder.content import go_games
from site_builder.content.codes import load_codes
from site_builder.content.game_records import load_records
from site_builder.content.keys import Key, choice, flag, key_names, read_keys, whole
from site_builder.content.players import Roster, load_players
from site_builder.content.prizes import load_prizes
from site_builder.content.rounds import (
    GoRules,
    RoundRules,
    first_round_file,
    forbidden_pairs,
    load_round,
    round_number_from_name,
)
from site_builder.content.schema import MapReader, type_name
from site_builder.content.settings import (
    ACCELERATIONS,
    FIRST_COLOURS,
    TIES,
    match_scoring_of,
    rule_problems,
    scoring_of,
    tiebreak_chain,
)
from site_builder.content.teams import TeamRoster, load_teams
from site_builder.content.yamlsource import LList, LMap, is_source, listed
from site_builder.engine.go_section import GoSection
from site_builder.engine.league_event import StageGroup
from site_builder.engine.teams import TeamSection
from site_builder.errors import Location, Problems
from site_builder.games.registry import game_of
from site_builder.model import (
    FIRST_ROUNDS,
    LANGUAGES,
    NUMBERINGS,
    TIEBREAK_RULES,
    Codes,
    Game,
    GameRecords,
    KeepApart,
    Outcome,
    PairingRules,
    Ranking,
    Round,
    RoundsRule,
    Scoring,
    Section,
    SectionFiles,
    SystemName,
    Team,
    Tiebreak,
    TiebreakRules,
)
from site_builder.systems import SYSTEMS
from site_builder.systems.base import (
    Option,
    System,
    TrfNamed,
    first_boards,
    mapping_options,
    mappings,
    match_scoring,
    option_problems,
    planned_rounds,
    rematch_free_from,
    team_play,
)

FORFEITS = (Outcome.FIRST_WINS_FORFEIT, Outcome.SECOND_WINS_FORFEIT, Outcome.DOUBLE_FORFEIT)

_SECTION_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")

class EventSource:
    """Where an event lives, how its paths are shown in messages, and the build's parse cache."""

    def __init__(self, directory: Path, shown: Path, problems: Problems, cache: Store | None = None
                 ) -> None:
        self.directory = directory
        self.shown = shown
        self.problems = problems
        self.cache = cache  # the build's store of parsed files, if any
        self.draw_seed: int | None = None  # opens sealed codes
        self.born_by: int | None = None  # the latest birth year of a player: the event's year
        self.outside = False  # whether a path it gave leads out of the folder or into a dot-directory

    def file(self, relative: str) -> tuple[Path, Path]:
        parts = Path(os.path.normpath(relative)).parts
        self.outside = self.outside or Path(relative).is_absolute() or any(
            part.startswith(".") and part != "." for part in parts)
        return self.directory / relative, self.shown / relative

def listed_file(ctx: EventSource, f: MapReader, key: str, default: str, loc: Location, what: str
                 ) -> tuple[Path, Path] | None:
    """The file a field names (or its default) and how it is shown; a located error if missing, or
    if the field holds the list itself rather than the name of its file."""
    if isinstance(f.raw(key), LMap | LList):
        ctx.problems.add(f.at(key), f"'{key}:' names the file of the {what}, not the list itself",
                         f"move the list into {default or 'players.yaml'} under '{key}:' and write "
                         f"'{key}: {default or 'players.yaml'}', or leave '{key}:' out")
        return None
    path, shown = ctx.file(f.text(key) or default)
    if path.exists():  # a directory in its place is reported by reading it
        return path, shown
    ctx.problems.add(f.at(key) if f.has(key) else loc, f"{what} {str(shown)!r} not found",
                     f"create it, or point '{key}:' at the {what}")
    return None

def default_players(ctx: EventSource, prefix: str) -> str:
    for candidate in ("players.yaml", "players.yml", "players.csv"):
        if (ctx.directory / prefix / candidate).exists():
            return str(Path(prefix) / candidate) if prefix else candidate
    return str(Path(prefix) / "players.yaml") if prefix else "players.yaml"

class _Context(NamedTuple):
    """What a section's keys default to: the event's defaults and the section's system."""

    defaults: dict[str, Any]
    system: System


#: The common keys of a section, in the order docs/content.md gives them: each read by `read_keys`
#: with its default, or (no reader) by a reader of its own below. Its system's options follow them.
SECTION_KEYS: tuple[Key[_Context], ...] = (
    Key("name"),  # one text, or one per language (`MapReader.texts`)
    Key("system"),  # read first: the defaults of the others are its own
    Key("rounds", whole(1), lambda c: c.defaults["rounds"]),  # or computed (`_planned`)
    Key("players"),  # a file, or the event's players (`_entrants`)
    Key("scoring"),  # points by outcome (`scoring_of`)
    Key("tiebreaks"),  # a chain (`_chain`)
    Key("tiebreak_rules", choice(TIEBREAK_RULES), lambda c: c.defaults["tiebreak_rules"]),
    Key("ties", choice(TIES), lambda c: c.defaults["ties"]),
    Key("rematches", flag, lambda c: c.system.pairing.rematches),
    Key("first_round", choice(FIRST_ROUNDS), lambda c: c.defaults["first_round"]),
    Key("numbering", choice(NUMBERINGS), lambda c: c.system.pairing.numbering or c.defaults["numbering"]),
    Key("teams"),  # a file (`_entrants`)
    Key("boards", whole(1), lambda c: 3),
    Key("match_points"),  # match points (`match_scoring_of`)
    Key("prizes"),  # `load_prizes`
    Key("stage", whole(0), lambda c: 0),
    Key("qualify"),  # places of the stage before (`_stage`)
    Key("first_colour"),  # a system's option, else kept for TRF (`_options`)
    Key("acceleration"),  # a system's option, else `none` only (`_options`)
    Key("keep_apart"),  # players kept apart (`_keep_apart`)
    Key("rating_columns", flag, lambda c: c.defaults["rating_columns"]),
    Key("komi"),  # go (`go_games.section_go`)
)
SECTION_FIELDS = key_names(SECTION_KEYS)


def load_section(ctx: EventSource, section_id: str, data: Any, loc: Location, defaults: dict,
             single: bool, master: Roster | None = None) -> Section | None:
    """Read one section of `event.yaml` (its players, teams, rounds and settings), every problem
    located: its common keys as `SECTION_KEYS` declares them, the rest by the readers below."""
    problems = ctx.problems
    if not _SECTION_ID.match(section_id):
        problems.add(loc, f"section id {section_id!r} is not a URL-safe slug",
                     "use lowercase letters, digits and hyphens, e.g. women")
        return None
    f = MapReader(data, loc, problems, f"section {section_id!r}",
                  (*SECTION_FIELDS, *(o.key for s in SYSTEMS.values() for o in s.options),
                   *(key for s in SYSTEMS.values() for key in mappings(s))))
    prefix = "" if single else section_id
    system = f.choice("system", tuple(SYSTEMS), defaults["system"])
    spec = SYSTEMS[system]
    common = read_keys(f, SECTION_KEYS, _Context(defaults, spec))
    boards = common["boards"] or 3
    entrants = _entrants(ctx, f, loc, spec, boards, prefix, defaults, master)
    if entrants is None:
        return None
    roster, teams, team = entrants
    go = go_games.section_go(f, defaults["game"], defaults.get("komi"), problems)
    options = _options(f, system, problems, defaults["options"])
    starts = first_boards(spec, len(roster.players), options)
    rounds, unread, faulty = _rounds(ctx, prefix, roster, spec, team, boards, go, starts, defaults)
    planned, rule = _planned(f, loc, section_id, common["rounds"], spec, roster, rounds, defaults)
    # a forfeited game may be no meeting in the game (chess, C.04.1), whatever the system
    check_rounds(rounds, planned, common["rematches"], roster, problems, unread,
                 rematch_free_from(spec, planned, options),
                 forfeits_meet=spec.pairing.forfeits_meet
                 and game_of(defaults["game"]).defaults.forfeits_meet)
    scoring = f.mapping("scoring")
    section_scoring = scoring_of(scoring, defaults["scoring"], problems) if scoring else defaults["scoring"]
    name, names = f.texts("name", defaults.get("language", "zh"), LANGUAGES, "the section's name",
                          section_id)
    return Section(
        id=section_id,
        name=name,
        names=names,
        system=system,
        rounds_planned=planned,
        scoring=section_scoring,
        tiebreaks=_chain(f, system, common["tiebreak_rules"], defaults, problems),
        ranking=Ranking(ties=common["ties"], rules=common["tiebreak_rules"], c07_text=defaults["c07_text"],
                        rating_columns=_rating_columns(f, common["rating_columns"], defaults, problems)),
        pairing=PairingRules(common["rematches"], common["first_round"], common["numbering"],
                             _keep_apart(f.mapping("keep_apart") or defaults["keep_apart"], system, roster,
                                         problems)),
        players=roster.players,
        rounds=tuple(rounds),
        records=_game_records(ctx, prefix, rounds, roster, defaults, faulty),
        codes=_codes(ctx, prefix, roster, section_id),
        files=SectionFiles(ctx.directory / prefix if prefix else ctx.directory),
        options=options,
        rounds_rule=rule,
        team=_team_play(f, spec, teams, boards, section_scoring, defaults),
        go=go,
        prizes=load_prizes(f.raw("prizes"), f.at("prizes"), defaults["prizes"], problems,
                           {key for p in roster.players for key in p.fields}, roster),
        stage=_stage(f, common["stage"] or 0, problems),
    )


class _Entrants(NamedTuple):
    """A section's players, and its teams when teams are its entrants."""

    roster: Roster
    teams: tuple[Team, ...] = ()
    team_roster: TeamRoster | None = None


def _entrants(ctx: EventSource, f: MapReader, loc: Location, spec: System, boards: int, prefix: str,
              defaults: dict, master: Roster | None) -> _Entrants | None:
    """The section's players, with its teams when teams are its entrants: from its team list, from
    the event's list (given, qualified later, or everyone) or from its player list; None when its
    list is missing (reported)."""
    problems = ctx.problems
    if (play := team_play(spec)) is not None:
        found = listed_file(ctx, f, "teams", str(Path(prefix) / "teams.yaml"), loc, "team list")
        if found is None:
            return None
        rounds_dir, rounds_shown = ctx.file(str(Path(prefix) / "rounds") if prefix else "rounds")
        players, teams = load_teams(*found, boards, problems, ctx.cache,
                                    first_round_file(rounds_dir, rounds_shown, ctx.cache), ctx.born_by)
        return _Entrants(Roster(players), teams, TeamRoster(teams, play.home_first))
    if master is not None:
        qualify = f.mapping("qualify")
        subset = f.sequence("players") if f.has("players") else None
        if subset is not None:
            chosen = {master.resolve(ref, subset.at(i), problems) for i, ref in enumerate(subset)}
            return _Entrants(Roster(tuple(p for p in master.players if p.number in chosen),
                                    known=master.players))
        if qualify is not None:  # filled in from the stage before (site_builder.checks.qualification)
            return _Entrants(Roster((), known=master.players))
        return _Entrants(master)
    found = listed_file(ctx, f, "players", default_players(ctx, prefix), loc, "player list")
    if found is None:
        return None
    return _Entrants(load_players(*found, problems, ctx.cache, game_of(defaults["game"]).player_ranks,
                                  ctx.born_by))


def _rounds(ctx: EventSource, prefix: str, roster: Roster, spec: System, team: TeamRoster | None, boards: int,
            go: GoSection | None, starts: frozenset[int], defaults: dict
            ) -> tuple[list[Round], dict[int, Path], frozenset[int]]:
    """The section's round files in order, the rounds whose file could not be read (reported), by
    the number in their name, and the rounds read with a problem (reported), whose games may lack
    one that did not load."""
    rounds_dir, rounds_shown = ctx.file(str(Path(prefix) / "rounds") if prefix else "rounds")
    rules = RoundRules(roster, spec, team, boards, defaults.get("language", "zh"),
                       GoRules(go.komi) if go is not None else None, starts)
    rounds: list[Round] = []
    unread: dict[int, Path] = {}
    faulty: set[int] = set()
    for round_path in listed(rounds_dir):
        if round_path.suffix.lower() not in (".yaml", ".yml") or round_path.name.startswith("."):
            continue
        before = len(ctx.problems.items)
        rnd = load_round(round_path, rounds_shown / round_path.name, rules, ctx.problems, ctx.cache)
        if rnd is not None:
            rounds.append(rnd)
            if len(ctx.problems.items) > before:
                faulty.add(rnd.number)
        elif (named := round_number_from_name(round_path)) is not None:
            unread.setdefault(named, rounds_shown / round_path.name)
    rounds.sort(key=lambda r: r.number)
    return rounds, unread, frozenset(faulty)


def _game_records(ctx: EventSource, prefix: str, rounds: list[Round], roster: Roster, defaults: dict,
                  faulty: frozenset[int]) -> GameRecords:
    """The game records beside the section's round files, with the digest of their texts (`faulty`:
    the rounds whose file has a problem, whose games the records are not matched against)."""
    rounds_dir, rounds_shown = ctx.file(str(Path(prefix) / "rounds") if prefix else "rounds")
    return GameRecords(*load_records(rounds_dir, rounds_shown, defaults["game"], rounds, roster.by_number,
                                     ctx.problems, ctx.cache, defaults.get("opening", ""), faulty))


def _planned(f: MapReader, loc: Location, section_id: str, written: int | None, spec: System, roster: Roster,
             rounds: list[Round], defaults: dict) -> tuple[int, RoundsRule | None]:
    """The number of rounds: as written, else as the regulation computes it (`RoundsRule`), else
    the event's; without any (reported), the last round's."""
    planned, rule = written, None
    if (counted := planned_rounds(spec, len(roster.players))) is not None:  # the regulation computes it
        computed, formula = counted
        rule = RoundsRule(formula, computed)
        planned = computed if planned is None else planned
    if planned is None and not (f.has("rounds") or defaults["rounds_given"]):
        f.problems.add(loc, f"section {section_id!r} does not say how many rounds it has",
                       "add 'rounds: N' to the section or the event")
    if planned is None:  # missing or invalid (reported): do not add errors about it
        planned = max((r.number for r in rounds), default=1)
    return planned, rule


def _chain(f: MapReader, system: SystemName, rules: TiebreakRules, defaults: dict, problems: Problems
           ) -> tuple[Tiebreak, ...]:
    """The section's tiebreak chain: its own, else the event's, else its system's over the game's,
    each tiebreak checked against its `rules` and its system."""
    spec = SYSTEMS[system]
    base_chain = defaults["tiebreaks"]
    if spec.ranking.tiebreaks and not defaults["tiebreaks_given"]:  # the system's chain over the game's
        base_chain = tuple(Tiebreak(t) for t in spec.ranking.tiebreaks)
    tiebreaks = spec.score.counting(tiebreak_chain(f, base_chain, problems, rules))
    if not f.has("tiebreaks") and rules != defaults["tiebreak_rules"]:  # the event's chain, other rules
        for tb in tiebreaks:
            for message, hint in rule_problems(tb.id, tb.options, rules):
                problems.add(f.at("tiebreak_rules"), message, hint)
    chain_loc = f.at("tiebreaks") if f.has("tiebreaks") else defaults.get("tiebreaks_loc")
    if chain_loc is not None:  # a chain the content writes (a regulation's or game's is its own)
        _refuse_unfit_tiebreaks(system, tiebreaks, chain_loc, problems)
    return tiebreaks


def _codes(ctx: EventSource, prefix: str, roster: Roster, section_id: str) -> Codes:
    """The players' secret codes of the section's `codes.yaml`, when it has one."""
    codes_path, codes_shown = ctx.file(str(Path(prefix) / "codes.yaml") if prefix else "codes.yaml")
    if not is_source(codes_path):
        return Codes()
    return Codes(*load_codes(codes_path, codes_shown, roster, ctx.problems, ctx.draw_seed, section_id,
                             ctx.cache))


def _team_play(f: MapReader, spec: System, teams: tuple[Team, ...], boards: int, scoring: Scoring,
               defaults: dict) -> TeamSection | None:
    """The teams, boards and match points of a team section (the match points read, and checked, in
    every section)."""
    written = f.mapping("match_points")
    scoring_of_matches = match_scoring(spec, match_scoring_of(written, defaults["match_scoring"], f.problems),
                                       frozenset(written or ()), boards, scoring)
    return TeamSection(teams, boards, scoring_of_matches) if team_play(spec) is not None else None


def _refuse_unfit_tiebreaks(system: SystemName, tiebreaks: tuple[Tiebreak, ...], loc: Location,
                            problems: Problems) -> None:
    """A tiebreak the system cannot use (a Buchholz in a round robin), located at the chain."""
    spec = SYSTEMS[system]
    for tb in tiebreaks:
        if tb.id in spec.ranking.unfit_tiebreaks:
            problems.add(loc, f"tiebreak {tb.id!r} cannot break a tie in a {system} section: every "
                         "player meets the same opponents", spec.ranking.unfit_hint)


def _keep_apart(data: LMap | None, system: SystemName, roster: Roster, problems: Problems) -> KeepApart:
    """`keep_apart: {pairs: [[A, B]], same_club: [1, 2], same_federation: [1]}` of the section, or of
    the event for every section."""
    if data is None:
        return KeepApart()
    k = MapReader(data, data.loc, problems, "keep_apart", ("pairs", "same_club", "same_federation"))
    rules = KeepApart(forbidden_pairs(k, "pairs", roster, problems),
                      *(_numbers(k, key, f"{key} lists rounds", f"e.g. '{key}: [1, 2, 3]'", problems)
                        for key in ("same_club", "same_federation")))
    if rules and not SYSTEMS[system].pairing.keeps_apart:
        problems.add(data.loc, f"the {system} system's pairings follow from its own rules "
                     "alone: it cannot keep players apart", "remove 'keep_apart', or pair by a Swiss system")
    return rules


def _options(f: MapReader, system: SystemName, problems: Problems, given: dict[str, str]
             ) -> dict[str, bool | int | str]:
    """The values of the options the section's system declares (`System.options`), each by the type
    of its default, which the event may `given` (`first_colour:`); an option of other systems only is
    refused. Every section may state its first colour, kept where a system that does not pair by it
    writes it to TRF (152); an acceleration is refused outside the systems that accelerate."""
    values: dict[str, bool | int | str] = {}
    declared = {option.key for option in SYSTEMS[system].options}
    if "first_colour" not in declared:
        colour = f.choice("first_colour", FIRST_COLOURS, given["first_colour"])
        if isinstance(SYSTEMS[system], TrfNamed):
            values["first_colour"] = colour
    if "acceleration" not in declared:
        _acceleration(f, system, given["acceleration"], problems)
    for option in SYSTEMS[system].options:
        values[option.key] = _option(f, option, given.get(option.key, option.default))
    for key, message, hint in option_problems(SYSTEMS[system], values):
        problems.add(f.at(key) if f.has(key) else f.data.loc, message, hint)
    for key in mappings(SYSTEMS[system]):  # go's `pairing:`: one mapping of settings
        values.update(_mapping_options(f, system, key, problems))
    _refuse_others(f, system, values, problems)
    return values


def _option(f: MapReader, option: Option, default: bool | int | str) -> bool | int | str:
    """The value of one option, read by the type of its default."""
    if isinstance(default, bool):
        return f.boolean(option.key, default)
    if isinstance(default, int):
        number = f.integer(option.key, default=default)
        return default if number is None else number
    if isinstance(f.raw(option.key), LList):  # a list of names, e.g. a chain: kept as one text
        return " ".join(f.strings(option.key))
    if option.choices:
        return f.choice(option.key, option.choices, default)
    return f.text(option.key, default=str(default))


def _mapping_options(f: MapReader, system: SystemName, key: str, problems: Problems
                     ) -> dict[str, bool | int | str]:
    """The options one mapping of settings of the system gives (go's `pairing:`), each entry that
    cannot be read a problem."""
    data = f.mapping(key)
    if data is None:
        return {}
    read = mapping_options(SYSTEMS[system], key, data)
    for wrong in read.wrong:
        problems.add(data.key_locs.get(wrong.name, data.loc) if wrong.on_key else data.at(wrong.name),
                     wrong.message, wrong.hint)
    return read.found


def _refuse_others(f: MapReader, system: SystemName, values: dict[str, bool | int | str],
                   problems: Problems) -> None:
    """An option written that only other systems have, located where it is written."""
    owners: dict[str, list[str]] = {}
    for name, other in SYSTEMS.items():
        for option_key in (*(o.key for o in other.options), *mappings(other)):
            if option_key not in values and option_key not in mappings(SYSTEMS[system]) \
                    and option_key not in SECTION_FIELDS and f.has(option_key):
                owners.setdefault(option_key, []).append(name)
    for key, names in owners.items():
        problems.add(f.at(key), f"{key!r} is an option of the {' and '.join(names)} system, not of "
                     f"{system!r}", f"remove '{key}', or set 'system: {names[0]}'")


def _rating_columns(f: MapReader, wanted: bool, defaults: dict, problems: Problems) -> bool:
    """`rating_columns: true`: rating change and performance in the standings (chess, or an event
    with its own `rating:`)."""
    if wanted and not defaults["rated"]:
        problems.add(f.at("rating_columns") if f.has("rating_columns") else f.data.loc,
                     "rating_columns need ratings: FIDE's for chess, or the event's 'rating: {k: …}'",
                     "add 'rating: {k: 20}' to the event, or remove 'rating_columns'")
        return False
    return wanted


def _acceleration(f: MapReader, system: SystemName, default: str, problems: Problems) -> None:
    """`acceleration: none` in a section whose system does not accelerate; another a problem."""
    acceleration = f.choice("acceleration", ACCELERATIONS, default)
    if acceleration != "none":
        accelerating = ", ".join(name for name, s in SYSTEMS.items()
                                 if any(o.key == "acceleration" for o in s.options))
        problems.add(f.at("acceleration") if f.has("acceleration") else f.data.loc,
                     f"acceleration {acceleration!r} is no rule of the {system!r} system",
                     f"choose a system that accelerates ({accelerating}), or remove 'acceleration'")


def _stage(f: MapReader, number: int, problems: Problems) -> StageGroup | None:
    """`stage: N` and `qualify: {places: [1, 2]}` or `qualify: {rest: true}`: a group of a
    multi-stage event, its players from the stage before; None for a section of no stage."""
    data = f.mapping("qualify")
    if data is None:
        return StageGroup(number) if number else None
    q = MapReader(data, data.loc, problems, "qualify", ("places", "rest"))
    places = _numbers(q, "places", "a place must be a number ≥ 1", "", problems)
    return StageGroup(number, places, q.boolean("rest", False))


def _numbers(reader: MapReader, key: str, message: str, hint: str, problems: Problems) -> tuple[int, ...]:
    """The numbers ≥ 1 a list field holds; each other item a located problem (`message`, found …)."""
    items = reader.sequence(key)
    out = []
    for index, item in enumerate(items):
        if isinstance(item, bool) or not isinstance(item, int) or item < 1:
            problems.add(items.at(index), f"{message}, found {type_name(item)}", hint)
        else:
            out.append(item)
    return tuple(out)


def _lost_by_forfeit(game: Game, player: int) -> bool:
    """`player` lost `game` by forfeit (a double forfeit included)."""
    return game.outcome is Outcome.DOUBLE_FORFEIT or game.outcome is (
        Outcome.SECOND_WINS_FORFEIT if player == game.first else Outcome.FIRST_WINS_FORFEIT)


def check_rounds(rounds: list[Round], planned: int, rematches_allowed: bool, roster: Roster,
                 problems: Problems, unread: dict[int, Path] | None = None,
                 rematches_from: int | None = None, forfeits_meet: bool = True) -> None:
    """Checks across round files: numbering, planned count, rematches, withdrawals (one pass over
    the rounds, so that every check sees the players' state in the same round).

    Without `forfeits_meet`, players whose game was forfeited have not met (FIDE).

    `unread` maps round numbers to files that could not be read: they count as present for the
    numbering check, so a syntax error in one round file does not also report a gap.
    """
    seen: dict[int, Round] = {}
    for rnd in rounds:
        where = rnd.origin.loc or Location(rnd.origin.source or Path("?"))
        if rnd.number in seen:
            problems.add(where,
                         f"round {rnd.number} is given twice (also in {seen[rnd.number].origin.source})",
                         "keep one file per round")
            continue
        seen[rnd.number] = rnd
        if rnd.number > planned:
            plural = "s" if planned != 1 else ""
            problems.add(where, f"round {rnd.number} is beyond the {planned} round{plural} planned",
                         "raise 'rounds:' in the event file or fix the round number")
    numbers = sorted(seen)
    present = {**{n: Location(p) for n, p in (unread or {}).items()},
               **{n: seen[n].origin.loc or Location(seen[n].origin.source or Path("?")) for n in numbers}}
    for expected, rnd_number in enumerate(sorted(present), start=1):
        if rnd_number != expected:
            later = present[rnd_number]
            problems.add(later, f"round {expected} is missing before round {rnd_number}",
                         f"restore the file of round {expected} (e.g. 'git restore "
                         f"{later.path.with_name(f'{expected:02d}.yaml')}'): a played round keeps its "
                         "number, so correct its results rather than delete it")
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
        # a withdrawn player's later games in a fixed schedule are forfeits he loses ("-", FIDE)
        paired = [(p, g.loc) for g in rnd.games for p in (g.first, g.second) if not _lost_by_forfeit(g, p)]
        for player, loc in paired + [(p, None) for p in (*rnd.byes, *rnd.half_byes, *rnd.full_byes)]:
            if player in withdrawn_from and withdrawn_from[player] <= number:
                problems.add(loc or Location(rnd.origin.source or Path("?")),
                             f"{roster.by_number[player].name!r} is paired in round {number} after "
                             f"withdrawing in round {withdrawn_from[player]}",
                             "remove the pairing or the withdrawal")
        for player in rnd.withdrawn:
            withdrawn_from.setdefault(player, number)
