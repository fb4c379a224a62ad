"""An OpenGotha tournament file read (`read.GothaFile`) as content files: event.yaml (go, komi, one
section with its system and options), the section's players.yaml and rounds/NN.yaml (as text).

Players are numbered in the file's order and named "Name, First name" (or as the content wrote
them, `read.content_name`); a game's first player is
Black; OpenGotha's results become go's notation (it keeps no margin: `B+`, `W+`, `jigo`, `B+F`,
`W+F` by default, `0-0` both lost); a player who does not take part in a played round (or in the
round after the last one played) is listed absent from it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from fractions import Fraction

from site_builder.content.event_dir import quoted as q
from site_builder.content.players import normalize_name
from site_builder.engine.go_scores import Criterion, GoGame, GoPlayer, GoResult
from site_builder.errors import ContentError, Location, Problem
from site_builder.games.go_ranks import LOWEST_RATING, GoRank, RankError, parse_rank
from site_builder.games.go_terms import format_komi, game_komi
from site_builder.model import TIEBREAK_ALIASES, go_tiebreak_name
from site_builder.opengotha.read import GothaFile, content_name
from site_builder.opengotha.time_system import content_time
from site_builder.pairing.gotha.parameters import LATEST_RULES, GothaParameters, PairingParameters
from site_builder.pairing.gotha.settings import VERSION, changed, version_text
from site_builder.systems import SYSTEMS
from site_builder.systems.go_common import HALF_POINTS, GoSystem, rank_option

#: What an event loses on its way through OpenGotha's file, one line each (docs/go.md, "What does
#: not move"): `bulletin import opengotha` lists them.
NOT_CARRIED = (
    "a result's margin (B+R, W+3.5): OpenGotha keeps the winner only",
    "a game's own komi: the file's komi goes to every even game, 0.5 to every handicap game",
    "round dates and round notes: the file has no place for them",
    "withdrawals: the file marks the rounds after as not taken part in, imported as absences",
    "late entries: the file marks the rounds before as not taken part in, imported as absences",
    "absences announced for rounds later than the next",
    "the number of byo-yomi periods",
    "keep_apart: and forbidden: pairs, and the trail of a round changed by hand (proposed:)",
    "a round kept as played after a correction before it (accepted_from:): verify pairs it again",
    "categories, clubs groups, and registrations not final (imported as registered)",
    "a player's latin_name: (OpenGotha has one name)",
    "the pages' languages and the section's name (named after the tournament)",
)
#: OpenGotha's result (and whether by default) in go's notation of the round files.
RESULTS = {(GoResult.BLACK_WINS, False): "B+", (GoResult.WHITE_WINS, False): "W+",
           (GoResult.JIGO, False): "jigo", (GoResult.BLACK_WINS, True): "B+F",
           (GoResult.WHITE_WINS, True): "W+F", (GoResult.BOTH_LOSE, False): "0-0",
           (GoResult.BOTH_LOSE, True): "0-0", (GoResult.UNKNOWN, False): "?", (GoResult.UNKNOWN, True): "?"}
_HALVES = {value: text for text, value in HALF_POINTS.items()}
SECTION = "open"  # the id of the event's one section
_PIN = re.compile(r"\d{8}")
_COUNTRY = re.compile(r"[A-Za-z]{2}")


def content_files(gotha: GothaFile) -> dict[str, str]:
    """Relative path → text of every file of the event directory; a located `ContentError` for a
    result the content has no notation for."""
    event = gotha.event
    refs = _references(gotha)
    played = sorted({g.round for g in event.games} | set(event.byes))
    files = {"event.yaml": _event(gotha), f"{SECTION}/players.yaml": _players(gotha)}
    problems: list[Problem] = []
    for number in played:
        files[f"{SECTION}/rounds/{number:02d}.yaml"] = _round(gotha, number, refs, problems)
    following = (played[-1] if played else 0) + 1
    away = _absent(event.players, following, set())
    if away and following <= event.parameters.general.rounds:
        files[f"{SECTION}/rounds/{following:02d}.yaml"] = (f"round: {following}\ngames: []\n"
                                                 f"absent: [{', '.join(refs[k] for k in away)}]\n")
    if problems:
        raise ContentError(problems)
    return files


def _references(gotha: GothaFile) -> dict[str, str]:
    """How round files name each player (by key): the name when it is unique, otherwise the number."""
    players = gotha.event.players
    written = [content_name(p, gotha.player_attributes.get(p.key)) for p in players]
    names = [normalize_name(n) for n in written]
    return {p.key: q(written[i]) if names.count(names[i]) == 1 else str(i + 1) for i, p in enumerate(players)}


def _event(gotha: GothaFile) -> str:
    general = gotha.general
    params = gotha.event.parameters
    mcmahon = params.placement.main is Criterion.MMS
    system = SYSTEMS["mcmahon" if mcmahon else "go-swiss"]
    assert isinstance(system, GoSystem)
    lines = [f"# From OpenGotha's file {q(general.get('name') or gotha.name)} ('bulletin import opengotha')",
             f"name: {q(general.get('name') or gotha.name)}"]
    if general.get("shortName"):
        lines.append(f"short_name: {q(general['shortName'])}")
    days = [d for d in (_day(general.get("beginDate", "")), _day(general.get("endDate", ""))) if d]
    if days:
        lines.append(f"dates: [{', '.join(sorted(set(days)))}]")
    if general.get("location"):
        lines.append(f"venue: {q(general['location'])}")
    time_control = content_time(general)
    if time_control:
        lines.append(f"time_control: {q(time_control)}")
    lines += ["game: go", "language: en"]
    komi = _komi(general.get("komi", ""))
    if komi is not None:
        lines.append(f"komi: {format_komi(komi)}")
    lines += ["sections:", f"  {SECTION}:", f"    name: {q(general.get('name') or gotha.name)}",
              f"    system: {system.name}", f"    rounds: {params.general.rounds}"]
    lines += [f"    {key}: {value}" for key, value in _options(system, params)]
    lines += _pairing(gotha, mcmahon)
    chain = _chain(system, params)
    if chain is not None:
        lines.append(f"    tiebreaks: [{', '.join(chain)}]   # the file's placement criteria")
    return "\n".join(lines) + "\n"


def _pairing(gotha: GothaFile, mcmahon: bool) -> list[str]:
    """The section's `pairing:` lines: the file's pairing parameters that are not the system's
    defaults, and the version of OpenGotha that saved the file when it is not the latest (its rules
    pair the section)."""
    base = PairingParameters.mcmahon() if mcmahon else PairingParameters.swiss()
    pairing = changed(gotha.event.parameters.pairing, base)
    lines = [f"      {key}: {_yaml(value)}" for key, value in pairing.items()]
    if gotha.version != LATEST_RULES:
        lines.append(f"      {VERSION}: {q(version_text(gotha.version))}   "
                     "# the OpenGotha that saved the file: its rules pair the section")
    if not lines:
        return []
    return ["    pairing:   # the file's pairing parameters that are not the system's defaults", *lines]


def _yaml(value: bool | int | str) -> str:
    """A setting's value in YAML: a switch `true`/`false`, a whole number, else quoted text."""
    if isinstance(value, bool):
        return str(value).lower()
    return str(value) if isinstance(value, int) else q(value)


def _day(text: str) -> str:
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        return ""


def _komi(text: str) -> Fraction | None:
    """The file's komi, when it is a multiple of ½."""
    try:
        komi = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None
    return komi if (komi * 2).denominator == 1 else None


def _options(system: GoSystem, params: GothaParameters) -> list[tuple[str, str]]:
    """The section options of the file's parameter sets that differ from the system's defaults."""
    g, h = params.general, params.handicap
    values: dict[str, object] = {
        "mcmahon_bar": str(GoRank(g.bar)), "mcmahon_floor": str(GoRank(g.floor)),
        "handicap_ceiling": h.ceiling, "handicap_correction": h.correction,
        "handicap_based_on": "mms" if h.based_on_mms else "rank",
        "no_handicap_from": str(GoRank(h.no_handicap_rank)),
        "absent_mms": _HALVES.get(g.mms2_absent), "bye_mms": _HALVES.get(g.mms2_bye),
        "absent_nbw": _HALVES.get(g.nbw2_absent), "bye_nbw": _HALVES.get(g.nbw2_bye),
        "round_down": g.round_down}
    options = []
    for option in system.options:
        value, default = values.get(option.key), option.default
        if value is None:
            continue
        if option.key in ("mcmahon_bar", "mcmahon_floor", "no_handicap_from"):
            same = rank_option(value, option.key) == rank_option(default, option.key)
        else:
            same = value == default
        if not same:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            words = isinstance(option.default, str) and not text[-1:].isalpha()  # "0", "1/2": not numbers
            options.append((option.key, q(text) if words else text))
    return options


def _chain(system: GoSystem, params: GothaParameters) -> list[str] | None:
    """The tiebreaks after the main score, by OpenGotha's names the content knows; None when they
    are the system's own chain."""
    criteria = list(params.placement.criteria)
    main = params.placement.main
    if main in criteria:
        criteria = criteria[criteria.index(main) + 1:]
    names: list[str] = [c.value for c in criteria if c.value in TIEBREAK_ALIASES]
    default = [go_tiebreak_name(t, system.score.counted) for t in system.ranking.tiebreaks]
    return None if names == default else names


def _players(gotha: GothaFile) -> str:
    lines = ["players:   # in the order of the OpenGotha file"]
    for number, p in enumerate(gotha.event.players, start=1):
        attributes = gotha.player_attributes.get(p.key, {})
        fields = [f"number: {number}", f"name: {q(content_name(p, attributes))}",
                  f"rank: {content_rank(p, attributes)}"]
        if p.rating > LOWEST_RATING:  # OpenGotha's rating of a player without one is left out
            fields.append(f"rating: {p.rating}")
        if _COUNTRY.fullmatch(p.country):
            fields.append(f"country: {q(p.country.upper())}")
        if p.club:
            fields.append(f"club: {q(p.club)}")
        pin = attributes.get("egfPin", "")
        if _PIN.fullmatch(pin):
            fields.append(f"egd_pin: {pin}")
        if attributes.get("agaId", "").strip():
            fields.append(f"aga_id: {q(attributes['agaId'].strip())}")
        if p.smms_correction:
            fields.append(f"mms_correction: {p.smms_correction}")
        lines.append("  - {" + ", ".join(fields) + "}")
    return "\n".join(lines) + "\n"


def content_rank(player: GoPlayer, attributes: Mapping[str, str]) -> str:
    """The player's rank as written (a professional grade kept), else from OpenGotha's integer."""
    try:
        return str(parse_rank(attributes.get("rank", "")))
    except RankError:
        return str(GoRank(player.rank))


def _absent(players: tuple[GoPlayer, ...], number: int, present: set[str]) -> list[str]:
    return [p.key for p in players if number in p.absent and p.key not in present]


def _round(gotha: GothaFile, number: int, refs: dict[str, str], problems: list[Problem]) -> str:
    event = gotha.event
    games = sorted((g for g in event.games if g.round == number), key=lambda g: (g.table, g.black))
    tables = [g.table for g in games]
    by_table = sorted(tables) == list(range(1, len(tables) + 1))
    lines = [f"round: {number}", "games:        # board, first (Black), second (White), result, handicap"]
    for position, game in enumerate(games, start=1):
        board = game.table if by_table else position
        where = gotha.game_locations[game.round, game.black, game.white]
        result = _result(game, _komi(gotha.general.get("komi", "")), where, problems)
        lines.append(f"  - {{board: {board}, first: {refs[game.black]}, second: {refs[game.white]}, "
                     f"result: {q(result)}, handicap: {game.handicap}}}")
    if not games:
        lines[-1] = "games: []"
    bye = event.byes.get(number)
    if bye is not None:
        lines.append(f"byes: [{refs[bye]}]")
    present = {k for g in games for k in (g.white, g.black)} | ({bye} if bye else set())
    away = _absent(event.players, number, present)
    if away:
        lines.append(f"absent: [{', '.join(refs[k] for k in away)}]")
    return "\n".join(lines) + "\n"


def _result(game: GoGame, komi: Fraction | None, where: Location, problems: list[Problem]) -> str:
    text = RESULTS.get((game.result, game.by_default))
    back = game_komi(None, game.handicap, komi)  # the komi the round file gives the game
    if text == "jigo" and back is not None and back.denominator != 1:
        if game.handicap:
            problems.append(Problem(where, f"Game result: a jigo cannot happen with a handicap game's komi "
                                    f"{format_komi(back)}", "set the game's winner in OpenGotha and save it"))
        else:
            problems.append(Problem(where, f"Game result: a jigo cannot happen with the file's komi "
                                    f"{format_komi(back)}", "set a whole komi in OpenGotha, or the game's "
                                    "winner, and save it"))
        return "?"
    if text is None:
        what = f"{'by default ' if game.by_default else ''}{game.result.name.lower().replace('_', ' ')}"
        problems.append(Problem(where, f"Game result: '{what}' has no go notation in bulletin",
                                "change the result in OpenGotha (B+, W+, jigo, B+F, W+F, 0-0) and save it"))
        return "?"
    return text
