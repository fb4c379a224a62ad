"""Read an OpenGotha tournament file: players (rank, rating, club, country, rounds taken part in),
games, byes, clubs groups and every parameter set, into a `GothaEvent`.

What OpenGotha leaves out of a file takes OpenGotha's default when it reads it; what is there and
broken (an unknown rank, a game of an unknown player, a result that is not a go result, a bar below
the floor) is a located one-line error, and nothing is read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from site_builder.engine.go_scores import Criterion, GeneralParameters, GoGame, GoPlayer, GoResult
from site_builder.engine.go_section import gotha_names
from site_builder.errors import Location, Problem, Problems
from site_builder.games.go_ranks import RankError, parse_rank
from site_builder.model import TIEBREAK_ALIASES
from site_builder.opengotha.xml_elements import Element, read_elements
from site_builder.pairing.gotha.event import GothaEvent
from site_builder.pairing.gotha.parameters import (
    LATEST_RULES,
    DuddMode,
    GothaParameters,
    HandicapParameters,
    PairingParameters,
    PlacementParameters,
    SeedSystem,
)

MAX_ROUNDS = 20  # OpenGotha's limit
_RESULT_NAMES = {"WHITEWINS": GoResult.WHITE_WINS, "BLACKWINS": GoResult.BLACK_WINS, "EQUAL": GoResult.JIGO,
                 "BOTHLOSE": GoResult.BOTH_LOSE, "BOTHWIN": GoResult.BOTH_WIN}
RESULTS = {"RESULT_UNKNOWN": (GoResult.UNKNOWN, False),
           **{f"RESULT_{name}": (result, False) for name, result in _RESULT_NAMES.items()},
           **{f"RESULT_{name}_BYDEF": (result, True) for name, result in _RESULT_NAMES.items()}}
CRITERIA = {c.value: c for c in Criterion}
T = TypeVar("T")


@dataclass(frozen=True)
class GothaFile:
    """A tournament file read: its short name, the event (to be paired by the latest rules, as
    the latest OpenGotha would pair it), the version of OpenGotha that saved it, the attributes
    of its general parameter set as written (name, location, dates, komi …), of each player's
    element by key (egfPin, agaId …) and where each game is (by round, Black's and White's keys)."""

    name: str
    event: GothaEvent
    version: tuple[int, ...] = LATEST_RULES
    general: Mapping[str, str] = field(default_factory=dict)
    player_attributes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    game_locations: Mapping[tuple[int, str, str], Location] = field(default_factory=dict)
    warnings: tuple[Problem, ...] = ()  # what the file says that OpenGotha itself never writes


#: The attribute of a player that `bulletin export opengotha` writes with the name as the content writes
#: it, where "Name, First name" would not give it back (OpenGotha ignores it and drops it on saving).
AS_WRITTEN = "bulletinName"


def content_name(player: GoPlayer, attributes: Mapping[str, str] | None = None) -> str:
    """The content's name of an OpenGotha player: "Name, First name", or the name as written that
    the file keeps (`AS_WRITTEN`) while it still splits into the same two names."""
    written = (attributes or {}).get(AS_WRITTEN, "")
    if written and gotha_names(written) == (player.name, player.first_name):
        return written
    return f"{player.name}, {player.first_name}" if player.first_name else player.name


def player_key(name: str, first_name: str) -> str:
    """OpenGotha's key of a player: name and first name without spaces, upper case (the key a
    file names a player by is read the same way)."""
    return (name + first_name).replace(" ", "").upper()


def gotha_rank(text: str) -> int:
    """A rank as OpenGotha counts it (professionals: 1p–3p 7d, 4p–6p 8d, 7p–9p 9d)."""
    rank = parse_rank(text)
    if rank.pro:
        return 6 if rank.pro <= 3 else 7 if rank.pro <= 6 else 8
    return rank.value


#: The hint of a game or bye naming no player of the file.
_KEY_HINT = ("name a player by OpenGotha's key: name and first name without spaces, in capitals "
             "(e.g. LINDQVISTELIN)")


class _Reader:
    """Values of one element's attributes; each broken one adds a located problem."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems

    def get(self, element: Element, name: str, default: T, convert: Callable[[str], T], what: str,
            example: str) -> T:
        """The attribute `name` converted, `default` when it is missing; a value that does not
        convert is a problem whose hint shows the attribute as OpenGotha writes it (`example`)."""
        if name not in element.attributes:
            return default
        text = element.attributes[name]
        try:
            return convert(text)
        except (ValueError, RankError, KeyError) as error:
            detail = str(error) if isinstance(error, RankError) else f"{text!r} is not {what}"
            self.problems.add(element.location, f"{element.tag} {name}: {detail}",
                              f"write it as OpenGotha does, e.g. {name}=\"{example}\"")
            return default

    def integer(self, element: Element, name: str, default: int) -> int:
        return self.get(element, name, default, int, "a whole number", "1")

    def rank(self, element: Element, name: str, default: int) -> int:
        return self.get(element, name, default, gotha_rank, "a go rank", "5K")

    def flag(self, element: Element, name: str, default: bool) -> bool:
        return self.get(element, name, default, _boolean, "true or false", "true")

    def criterion(self, element: Element, name: str, default: Criterion) -> Criterion:
        """A placement criterion; OpenGotha reads a name it does not know as the default."""
        return CRITERIA.get(element.attributes.get(name, ""), default)


def _boolean(text: str) -> bool:
    if text.lower() not in ("true", "false"):
        raise ValueError(text)
    return text.lower() == "true"


def read_gotha(path: Path) -> GothaFile:
    """The event in the OpenGotha file at `path`; raises `ContentError` with every problem found."""
    elements = read_elements(path)
    problems = Problems()
    reader = _Reader(problems)
    if not elements or elements[0].tag != "Tournament":
        problems.add(Location(path), "not an OpenGotha tournament file: its root element is not <Tournament>",
                     "save the tournament from OpenGotha (File › Save) and import that file")
        problems.raise_if_any()
    player_elements = [e for e in elements if e.tag == "Player" and e.parent == "Players"]
    players = [_player(reader, e) for e in player_elements]
    keys = {p.key for p in players}
    for element, player in zip(player_elements, players, strict=True):
        if sum(1 for p in players if p.key == player.key) > 1:
            problems.add(element.location, f"Player {player.name} {player.first_name} is in the file twice",
                         "keep one of the two <Player> lines")
    parameters = _parameters(reader, elements)
    game_elements = [e for e in elements if e.tag == "Game" and e.parent == "Games"]
    games = [_game(reader, e, keys) for e in game_elements]
    where = {(g.round, g.black, g.white): e.location for e, g in zip(game_elements, games, strict=True) if g}
    byes: dict[int, str] = {}
    warnings: list[Problem] = []
    for element in (e for e in elements if e.tag == "ByePlayer" and "player" in e.attributes):
        number = _round(reader, element)
        key = player_key(element.attributes["player"], "")
        if key not in keys:
            problems.add(element.location, f"ByePlayer: no player has the key {key!r}", _KEY_HINT)
        elif number in byes:  # pairgoth's export can write two; OpenGotha gives one a round
            warnings.append(Problem(element.location, f"ByePlayer: round {number} already gives the bye to "
                                    f"{byes[number]}; OpenGotha gives one bye a round, so {key} is read as "
                                    f"not paired in round {number}", "give the player a game in that round, "
                                    "or leave them unpaired"))
            continue
        byes[number] = key
    warnings += _unranked_criteria(elements)
    groups = _clubs_groups(elements)
    problems.raise_if_any()
    general = next((e for e in elements if e.tag == "GeneralParameterSet"), None)
    name = general.attributes.get("shortName", path.stem) if general else path.stem
    event = GothaEvent(tuple(players), tuple(g for g in games if g is not None), byes, parameters, groups)
    attributes = {p.key: e.attributes for e, p in zip(player_elements, players, strict=True)}
    return GothaFile(name, event, _version(elements[0]), general.attributes if general else {}, attributes,
                     where, tuple(warnings))


def _player(reader: _Reader, element: Element) -> GoPlayer:
    a = element.attributes
    name, first_name = a.get("name", ""), a.get("firstName", "")
    if not name or not first_name:
        reader.problems.add(element.location, "Player: a name and a first name are needed",
                            'give the player both, e.g. name="Lindqvist" firstName="Elin"')
    participating = a.get("participating", "1" * MAX_ROUNDS)
    correction = reader.integer(element, "smmsCorrection", 0)
    if not -1 <= correction <= 2:
        reader.problems.add(element.location, f"Player smmsCorrection: {correction} is not -1 to 2",
                            "OpenGotha's McMahon groups give -1 to 2, e.g. smmsCorrection=\"1\"")
    return GoPlayer(
        key=player_key(name, first_name), name=name, first_name=first_name,
        rank=reader.rank(element, "rank", -30),
        rating=min(max(reader.integer(element, "rating", -900), -900), 2949),
        country=a.get("country", ""), club=a.get("club", ""),
        smms_correction=correction if -1 <= correction <= 2 else 0,
        absent=frozenset(r + 1 for r, c in enumerate(participating[:MAX_ROUNDS]) if c == "0"),
        preregistered=a.get("registeringStatus", "FIN") == "PRE",
    )


def _round(reader: _Reader, element: Element) -> int:
    number = reader.integer(element, "roundNumber", 1)
    if not 1 <= number <= MAX_ROUNDS:
        message = f"{element.tag} roundNumber: {number} is not a round (1–{MAX_ROUNDS})"
        reader.problems.add(element.location, message, 'rounds are numbered from 1, e.g. roundNumber="1"')
    return number


def _game(reader: _Reader, element: Element, keys: set[str]) -> GoGame | None:
    a = element.attributes
    white, black = player_key(a.get("whitePlayer", ""), ""), player_key(a.get("blackPlayer", ""), "")
    for colour, key in (("whitePlayer", white), ("blackPlayer", black)):
        if key not in keys:
            message = f"Game {colour}: no player has the key {a.get(colour, '')!r}"
            reader.problems.add(element.location, message, _KEY_HINT)
            return None
    result, by_default = reader.get(element, "result", (GoResult.UNKNOWN, False), RESULTS.__getitem__,
                                    "an OpenGotha result (RESULT_WHITEWINS, RESULT_BLACKWINS, …)",
                                    "RESULT_BLACKWINS")
    handicap = reader.integer(element, "handicap", 0)
    if not 0 <= handicap <= 9:
        reader.problems.add(element.location, f"Game handicap: {handicap} stones is not a go handicap (0–9)",
                            'write the stones given, 0 for an even game, e.g. handicap="2"')
    table = reader.integer(element, "tableNumber", 0)
    return GoGame(_round(reader, element), white, black, handicap, result, by_default, table)


def _version(tournament: Element) -> tuple[int, ...]:
    """The version of OpenGotha that saved the file: `fullVersionNumber` ("3.52.03"), or before
    it `gothaVersion` and `gothaMinorVersion` (346 and 2: 3.46.02); the latest if neither reads."""
    a = tournament.attributes
    text = a.get("fullVersionNumber", "")
    if not text and a.get("gothaVersion", "").isdigit():
        major = a["gothaVersion"]
        minor = a.get("gothaMinorVersion", "")
        text = f"{major[:-2]}.{major[-2:]}" + (f".{minor}" if minor else "")
    parts = text.split(".")
    if len(parts) < 2 or not all(part.isdigit() for part in parts):
        return LATEST_RULES
    return tuple(int(part) for part in parts)


def _clubs_groups(elements: list[Element]) -> tuple[frozenset[str], ...]:
    groups: list[set[str]] = []
    for element in elements:
        if element.tag == "ClubsGroup":
            groups.append(set())
        elif element.tag == "Club" and element.parent == "ClubsGroup" and groups:
            groups[-1].add(element.attributes.get("name", "").lower())
    return tuple(frozenset(g) for g in groups)


def _parameters(reader: _Reader, elements: list[Element]) -> GothaParameters:
    def first(tag: str) -> Element | None:
        return next((e for e in elements if e.tag == tag), None)

    general_element, h = first("GeneralParameterSet"), first("HandicapParameterSet")
    pairing_element = first("PairingParameterSet")
    general = _general(reader, general_element, elements) if general_element else GeneralParameters()
    criteria = tuple(c for c in _criteria(elements) if c is not Criterion.NULL)
    handicap = HandicapParameters()
    if h:
        handicap = HandicapParameters(
            reader.flag(h, "hdBasedOnMMS", True), reader.rank(h, "hdNoHdRankThreshold", 0),
            reader.integer(h, "hdCorrection", 1), reader.integer(h, "hdCeiling", 9))
        if not 0 <= handicap.ceiling <= 9:
            reader.problems.add(h.location, f"hdCeiling: {handicap.ceiling} is not a handicap (0–9)",
                                'write the most stones a game may give, e.g. hdCeiling="9"')
    pairing = _pairing(reader, pairing_element) if pairing_element else PairingParameters()
    placement = PlacementParameters(criteria) if criteria else PlacementParameters()
    return GothaParameters(general, handicap, placement, pairing)


def _criteria(elements: list[Element]) -> list[Criterion]:
    found = {}
    for element in elements:
        if element.tag == "PlacementCriterion" and element.parent == "PlacementCriteria":
            number = element.attributes.get("number", "1")
            if number.isdigit() and element.attributes.get("name") in CRITERIA:
                found[int(number)] = CRITERIA[element.attributes["name"]]
        if element.tag == "TeamTournamentParameterSet":
            break
    return [found[n] for n in sorted(found)]


def _unranked_criteria(elements: list[Element]) -> list[Problem]:
    """A warning at each placement criterion that a section's `tiebreaks:` cannot hold (Rank, Rating,
    CAT): the imported standings leave it out."""
    found = []
    for element in elements:
        if element.tag == "TeamTournamentParameterSet":
            break
        name = element.attributes.get("name", "")
        if element.tag == "PlacementCriterion" and element.parent == "PlacementCriteria" \
                and name in CRITERIA and name != "NULL" and name not in TIEBREAK_ALIASES:
            found.append(Problem(element.location, f"PlacementCriterion: the standings have no tiebreak "
                                 f"{name}, so the imported section is ranked without it",
                                 "check the order of the standings against OpenGotha's, and add a "
                                 "criterion bulletin knows to 'tiebreaks:' if needed"))
    return found


def _general(reader: _Reader, e: Element, elements: list[Element]) -> GeneralParameters:
    rounds = reader.integer(e, "numberOfRounds", 5)
    if not 1 <= rounds <= MAX_ROUNDS:
        message = f"numberOfRounds: {rounds} is not a number of rounds (1–{MAX_ROUNDS})"
        reader.problems.add(e.location, message, 'write the rounds planned, e.g. numberOfRounds="5"')
    categories = reader.integer(e, "numberOfCategories", 1)
    limits = [-30] * max(categories - 1, 0)
    for category in (c for c in elements if c.tag == "Category"):
        number = reader.integer(category, "number", 1)
        if 1 <= number <= len(limits):
            limits[number - 1] = reader.rank(category, "lowerLimit", -30)
    general = GeneralParameters(
        rounds=rounds, bar=reader.rank(e, "genMMBar", 3), floor=reader.rank(e, "genMMFloor", -20),
        zero=reader.rank(e, "genMMZero", -30),
        nbw2_absent=reader.integer(e, "genNBW2ValueAbsent", 0),
        nbw2_bye=reader.integer(e, "genNBW2ValueBye", 0),
        mms2_absent=reader.integer(e, "genMMS2ValueAbsent", 0),
        mms2_bye=reader.integer(e, "genMMS2ValueBye", 0),
        round_down=reader.flag(e, "genRoundDownNBWMMS", True),
        count_not_played_as_half=reader.flag(e, "genCountNotPlayedGamesAsHalfPoint", False),
        category_limits=tuple(limits))
    if general.bar < general.floor:
        reader.problems.add(e.location, "genMMBar: the McMahon bar is below the floor",
                            'raise the bar or lower the floor, e.g. genMMBar="4D" genMMFloor="20K"')
    return general


def _pairing(reader: _Reader, e: Element) -> PairingParameters:
    def dudd(name: str) -> DuddMode:
        return reader.get(e, name, DuddMode.MID, DuddMode, "TOP, MID or BOT", "MID")

    def seed(name: str, default: SeedSystem) -> SeedSystem:
        return reader.get(e, name, default, SeedSystem, "SPLITANDRANDOM, SPLITANDFOLD or SPLITANDSLIP",
                          "SPLITANDSLIP")

    return PairingParameters(
        nx1_factor=reader.get(e, "paiStandardNX1Factor", 0.5, float, "a number", "0.5"),
        avoid_duplicate_game=reader.integer(e, "paiBaAvoidDuplGame", 500_000_000_000_000),
        random=reader.integer(e, "paiBaRandom", 0),
        deterministic=reader.flag(e, "paiBaDeterministic", True),
        balance_colours=reader.integer(e, "paiBaBalanceWB", 1000),
        avoid_mixing_categories=reader.integer(e, "paiMaAvoidMixingCategories", 20_000_000_000_000),
        minimize_score_difference=reader.integer(e, "paiMaMinimizeScoreDifference", 100_000_000_000),
        dudd_weight=reader.integer(e, "paiMaDUDDWeight", 100_000_000),
        compensate_dudd=reader.flag(e, "paiMaCompensateDUDD", True),
        dudd_upper_mode=dudd("paiMaDUDDUpperMode"), dudd_lower_mode=dudd("paiMaDUDDLowerMode"),
        maximize_seeding=reader.integer(e, "paiMaMaximizeSeeding", 5_000_000),
        last_round_seed_system1=reader.integer(e, "paiMaLastRoundForSeedSystem1", 2),
        seed_system1=seed("paiMaSeedSystem1", SeedSystem.SPLIT_AND_RANDOM),
        seed_system2=seed("paiMaSeedSystem2", SeedSystem.SPLIT_AND_FOLD),
        additional_criterion1=reader.criterion(e, "paiMaAdditionalPlacementCritSystem1", Criterion.RATING),
        additional_criterion2=reader.criterion(e, "paiMaAdditionalPlacementCritSystem2", Criterion.NULL),
        bar_threshold_active=reader.flag(e, "paiSeBarThresholdActive", True),
        rank_threshold=reader.rank(e, "paiSeRankThreshold", 3),
        wins_threshold_active=reader.flag(e, "paiSeNbWinsThresholdActive", True),
        default_secondary=reader.integer(e, "paiSeDefSecCrit", 100_000_000_000),
        minimize_handicap=reader.integer(e, "paiSeMinimizeHandicap", 0),
        avoid_same_geo=reader.integer(e, "paiSeAvoidSameGeo", 100_000_000_000),
        mms_gap_rather_than_same_country=reader.integer(e, "paiSePreferMMSDiffRatherThanSameCountry", 1),
        mms_gap_rather_than_same_club=reader.integer(e, "paiSePreferMMSDiffRatherThanSameClub", 3),
        mms_gap_rather_than_same_clubs_group=reader.integer(
            e, "paiSePreferMMSDiffRatherThanSameClubsGroup", 2),
    )
