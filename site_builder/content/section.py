"""A section of the event file: its system, players or teams, round files and settings; and the
checks across its round files (numbering, rematches, withdrawn players)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from site_builder.cache.store import Store
from site_builder.content import go_games
from site_builder.content.codes import load_codes
from site_builder.content.game_records import load_records
from site_builder.content.players import Roster, load_players
from site_builder.content.prizes import load_prizes
from site_builder.content.rounds import GoRules, forbidden_pairs, load_round, round_number_from_name
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
from site_builder.errors import Location, Problems
from site_builder.games.registry import game_of
from site_builder.model import (
    FIRST_ROUNDS,
    GO_SCORED_TIEBREAKS,
    LANGUAGES,
    NUMBERINGS,
    TIEBREAK_RULES,
    Codes,
    Game,
    GameRecords,
    GoSection,
    KeepApart,
    Outcome,
    PairingRules,
    Ranking,
    Round,
    RoundsRule,
    Section,
    SectionFiles,
    StageGroup,
    SystemName,
    Team,
    TeamPlay,
    Tiebreak,
)
from site_builder.systems import SYSTEMS

SECTION_FIELDS = ("name", "system", "rounds", "players", "scoring", "tiebreaks", "tiebreak_rules", "ties",
                  "rematches",
                  "first_round", "numbering", "teams", "boards", "match_points",
                  "prizes", "stage", "qualify", "first_colour", "acceleration", "keep_apart",
                  "rating_columns", "komi")

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
        self.outside = False  # whether a path it gave leads out of the folder or into a dot-directory

    def file(self, relative: str) -> tuple[Path, Path]:
        parts = Path(os.path.normpath(relative)).parts
        self.outside = self.outside or Path(relative).is_absolute() or any(
            part.startswith(".") and part != "." for part in parts)
        return self.directory / relative, self.shown / relative

def listed_file(ctx: EventSource, f: MapReader, key: str, default: str, loc: Location, what: str
                 ) -> tuple[Path, Path] | None:
    """The file a field names (or its default) and how it is shown; a located error if missing."""
    path, shown = ctx.file(f.text(key) or default)
    if path.is_file():
        return path, shown
    ctx.problems.add(f.at(key) if f.has(key) else loc, f"{what} {str(shown)!r} not found",
                     f"create it, or point '{key}:' at the {what}")
    return None

def default_players(ctx: EventSource, prefix: str) -> str:
    for candidate in ("players.yaml", "players.yml", "players.csv"):
        if (ctx.directory / prefix / candidate).is_file():
            return str(Path(prefix) / candidate) if prefix else candidate
    return str(Path(prefix) / "players.yaml") if prefix else "players.yaml"

def load_section(ctx: EventSource, section_id: str, data: Any, loc: Location, defaults: dict,
             single: bool, master: Roster | None = None) -> Section | None:
    """Read one section of `event.yaml` (its players, teams, rounds and settings), every problem
    located. Long on purpose: one block per key in the order docs/content.md gives them, sharing
    the section's roster and defaults; split up, the blocks would pass the same locals around."""
    problems = ctx.problems
    if not _SECTION_ID.match(section_id):
        problems.add(loc, f"section id {section_id!r} is not a URL-safe slug",
                     "use lowercase letters, digits and hyphens, e.g. women")
        return None
    f = MapReader(data, loc, problems, f"section {section_id!r}",
                  (*SECTION_FIELDS, *(o.key for s in SYSTEMS.values() for o in s.options),
                   *(key for s in SYSTEMS.values() for key in s.mappings)))
    prefix = "" if single else section_id
    system = f.choice("system", tuple(SYSTEMS), defaults["system"])
    spec = SYSTEMS[system]
    boards = f.integer("boards", default=3, minimum=1) or 3
    teams: tuple[Team, ...] = ()
    team_roster = None
    if spec.teams:
        found = listed_file(ctx, f, "teams", str(Path(prefix) / "teams.yaml"), loc, "team list")
        if found is None:
            return None
        players, teams = load_teams(*found, boards, problems, ctx.cache)
        roster = Roster(players)
        team_roster = TeamRoster(teams, spec.home_first)
    elif master is not None:  # players from the event's list: given, qualified later, or everyone
        roster = master
        qualify = f.mapping("qualify")
        subset = f.sequence("players") if f.has("players") else None
        if subset is not None:
            chosen = {master.resolve(ref, subset.at(i), problems) for i, ref in enumerate(subset)}
            roster = Roster(tuple(p for p in master.players if p.number in chosen), known=master.players)
        elif qualify is not None:  # filled in from the stage before (site_builder.checks.qualification)
            roster = Roster((), known=master.players)
    else:
        found = listed_file(ctx, f, "players", default_players(ctx, prefix), loc, "player list")
        if found is None:
            return None
        roster = load_players(*found, problems, ctx.cache, game_of(defaults["game"]).handicaps)
    komi = go_games.section_komi(f, defaults["game"], defaults.get("komi"), problems)
    go = GoRules(komi) if game_of(defaults["game"]).handicaps else None
    options = _options(f, system, problems, defaults["options"])
    rounds_dir, rounds_shown = ctx.file(str(Path(prefix) / "rounds") if prefix else "rounds")
    rounds: list[Round] = []
    unread: dict[int, Path] = {}  # rounds whose file could not be read (already reported)
    for round_path in listed(rounds_dir):
        if round_path.suffix.lower() not in (".yaml", ".yml") or round_path.name.startswith("."):
            continue
        rnd = load_round(round_path, rounds_shown / round_path.name, roster, problems,
                         team_roster, boards, ctx.cache, defaults.get("language", "zh"), go,
                         spec.first_boards(len(roster.players), options))
        if rnd is not None:
            rounds.append(rnd)
        elif (named := round_number_from_name(round_path)) is not None:
            unread.setdefault(named, rounds_shown / round_path.name)
    rounds.sort(key=lambda r: r.number)
    records, records_digest = load_records(rounds_dir, rounds_shown, defaults["game"], rounds,
                                           roster.by_number, problems, ctx.cache, defaults.get("opening", ""))
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
    free_from = spec.rematch_free_from(planned, options)
    # a forfeited game may be no meeting in the game (chess, C.04.1), whatever the system
    check_rounds(rounds, planned, rematches, roster, problems, unread, free_from,
                 forfeits_meet=spec.forfeits_meet and game_of(defaults["game"]).defaults.forfeits_meet)
    scoring = f.mapping("scoring")
    rules = f.choice("tiebreak_rules", TIEBREAK_RULES, defaults["tiebreak_rules"])
    base_chain = defaults["tiebreaks"]
    if spec.tiebreaks and not defaults["tiebreaks_given"]:  # the system's chain over the game's
        base_chain = tuple(Tiebreak(t) for t in spec.tiebreaks)
    tiebreaks = go_scored(tiebreak_chain(f, base_chain, problems, rules), spec.main_score)
    if not f.has("tiebreaks") and rules != defaults["tiebreak_rules"]:  # the event's chain, other rules
        for tb in tiebreaks:
            for message, hint in rule_problems(tb.id, tb.options, rules):
                problems.add(f.at("tiebreak_rules"), message, hint)
    chain_loc = f.at("tiebreaks") if f.has("tiebreaks") else defaults.get("tiebreaks_loc")
    if chain_loc is not None:  # a chain the content writes (a regulation's or game's is its own)
        _refuse_unfit_tiebreaks(system, tiebreaks, chain_loc, problems)
    codes_path, codes_shown = ctx.file(str(Path(prefix) / "codes.yaml") if prefix else "codes.yaml")
    codes: dict[int, int] = {}
    sealed = False
    if is_source(codes_path):
        codes, sealed = load_codes(codes_path, codes_shown, roster, problems, ctx.draw_seed, section_id,
                                   ctx.cache)
    name, names = f.texts("name", defaults.get("language", "zh"), LANGUAGES, "the section's name",
                          section_id)
    section_scoring = scoring_of(scoring, defaults["scoring"], problems) if scoring else defaults["scoring"]
    ties = f.choice("ties", TIES, defaults["ties"])
    pairing = PairingRules(
        rematches_allowed=rematches,
        first_round=f.choice("first_round", FIRST_ROUNDS, defaults["first_round"]),
        numbering=f.choice("numbering", NUMBERINGS, spec.numbering or defaults["numbering"]),
        keep_apart=_keep_apart(f.mapping("keep_apart") or defaults["keep_apart"], system, roster, problems))
    ranking = Ranking(ties=ties, rules=rules, c07_text=defaults["c07_text"],
                      rating_columns=_rating_columns(f, defaults, problems))
    match_scoring = spec.match_scoring(
        match_scoring_of(f.mapping("match_points"), defaults["match_scoring"], problems),
        frozenset(f.mapping("match_points") or ()), boards, section_scoring)
    return Section(
        id=section_id,
        name=name,
        names=names,
        system=system,
        rounds_planned=planned,
        scoring=section_scoring,
        tiebreaks=tiebreaks,
        ranking=ranking,
        pairing=pairing,
        players=roster.players,
        rounds=tuple(rounds),
        records=GameRecords(records, records_digest),
        codes=Codes(codes, sealed),
        files=SectionFiles(ctx.directory / prefix if prefix else ctx.directory),
        options=options,
        rounds_rule=None if computed is None else RoundsRule(formula, computed),
        team=TeamPlay(teams, boards, match_scoring) if spec.teams else None,
        go=GoSection(komi) if game_of(defaults["game"]).handicaps else None,
        prizes=load_prizes(f.raw("prizes"), f.at("prizes"), defaults["prizes"], problems,
                           {key for p in roster.players for key in p.fields}, roster),
        stage=_stage(f, problems),
    )


def _refuse_unfit_tiebreaks(system: SystemName, tiebreaks: tuple[Tiebreak, ...], loc: Location,
                            problems: Problems) -> None:
    """A tiebreak the system cannot use (a Buchholz in a round robin), located at the chain."""
    spec = SYSTEMS[system]
    for tb in tiebreaks:
        if tb.id in spec.unfit_tiebreaks:
            problems.add(loc, f"tiebreak {tb.id!r} cannot break a tie in a {system} section: every "
                         "player meets the same opponents", spec.unfit_tiebreaks_hint)


def go_scored(chain: tuple[Tiebreak, ...], main: str) -> tuple[Tiebreak, ...]:
    """`chain` with each go tiebreak that says no score counting `main` (MMS or NBW): SOS in a
    McMahon section is SOSM."""
    return tuple(Tiebreak(tb.id, {**tb.options, "by": main})
                 if tb.id in GO_SCORED_TIEBREAKS and "by" not in tb.options else tb for tb in chain)


def _keep_apart(data: LMap | None, system: SystemName, roster: Roster, problems: Problems) -> KeepApart:
    """`keep_apart: {pairs: [[A, B]], same_club: [1, 2], same_federation: [1]}` of the section, or of
    the event for every section."""
    if data is None:
        return KeepApart()
    k = MapReader(data, data.loc, problems, "keep_apart", ("pairs", "same_club", "same_federation"))
    rules = KeepApart(forbidden_pairs(k, "pairs", roster, problems),
                      *(_numbers(k, key, f"{key} lists rounds", f"e.g. '{key}: [1, 2, 3]'", problems)
                        for key in ("same_club", "same_federation")))
    if rules and not SYSTEMS[system].keeps_apart:
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
        if SYSTEMS[system].trf_export:
            values["first_colour"] = colour
    if "acceleration" not in declared:
        _acceleration(f, system, given["acceleration"], problems)
    for option in SYSTEMS[system].options:
        default = given.get(option.key, option.default)
        if isinstance(default, bool):
            values[option.key] = f.boolean(option.key, default)
        elif isinstance(default, int):
            number = f.integer(option.key, default=default)
            values[option.key] = default if number is None else number
        elif isinstance(f.raw(option.key), LList):  # a list of names, e.g. a chain: kept as one text
            values[option.key] = " ".join(f.strings(option.key))
        else:
            values[option.key] = f.choice(option.key, option.choices, default) if option.choices \
                else f.text(option.key, default=default)
    for key, message, hint in SYSTEMS[system].option_problems(values):
        problems.add(f.at(key) if f.has(key) else f.data.loc, message, hint)
    for key in SYSTEMS[system].mappings:  # go's `pairing:`: one mapping of settings
        data = f.mapping(key)
        if data is None:
            continue
        read = SYSTEMS[system].mapping_options(key, data)
        values.update(read.found)
        for wrong in read.wrong:
            problems.add(data.key_locs.get(wrong.name, data.loc) if wrong.on_key else data.at(wrong.name),
                         wrong.message, wrong.hint)
    owners: dict[str, list[str]] = {}
    for name, other in SYSTEMS.items():
        for option_key in (*(o.key for o in other.options), *other.mappings):
            if option_key not in values and option_key not in SYSTEMS[system].mappings \
                    and option_key not in SECTION_FIELDS and f.has(option_key):
                owners.setdefault(option_key, []).append(name)
    for key, names in owners.items():
        problems.add(f.at(key), f"{key!r} is an option of the {' and '.join(names)} system, not of "
                     f"{system!r}", f"remove '{key}', or set 'system: {names[0]}'")
    return values


def _rating_columns(f: MapReader, defaults: dict, problems: Problems) -> bool:
    """`rating_columns: true`: rating change and performance in the standings (chess, or an event
    with its own `rating:`)."""
    wanted = f.boolean("rating_columns", defaults["rating_columns"])
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
        problems.add(f.at("acceleration") if f.has("acceleration") else f.data.loc,
                     f"acceleration {acceleration!r} is a rule of the FIDE Dutch system, not of {system!r}",
                     "set 'system: dutch', or remove 'acceleration'")


def _stage(f: MapReader, problems: Problems) -> StageGroup | None:
    """`stage: N` and `qualify: {places: [1, 2]}` or `qualify: {rest: true}`: a group of a
    multi-stage event, its players from the stage before; None for a section of no stage."""
    number = f.integer("stage", default=0, minimum=0) or 0
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
                problems.add(loc or Location(rnd.source or Path("?")),
                             f"{roster.by_number[player].name!r} is paired in round {number} after "
                             f"withdrawing in round {withdrawn_from[player]}",
                             "remove the pairing or the withdrawal")
        for player in rnd.withdrawn:
            withdrawn_from.setdefault(player, number)
