"""`bulletin export opengotha`: a go section as OpenGotha's tournament file (XML, UTF-8), shaped as
OpenGotha 3.52 saves one: `Tournament` › `Players`/`Player`, `Games`/`Game`, `ByePlayers`/`ByePlayer`,
`TournamentParameterSet` (general, handicap, placement, pairing, display and publish parameter sets).

Players are read as the go systems read them (`engine.go_section`): a game's first player is Black,
a forfeit is a win by default, `0-0` both losing by default, an absence (or a half-point bye) a
round the player does not take part in, as is every round after a withdrawal (`export_warnings`
says so at the `withdrawn:` line, and that a round's note and a round kept as played after a
correction before it, `accepted_from:`, are not written), a pairing or full-point
bye OpenGotha's bye. The file's `fullVersionNumber` is the version whose rules pair the section.
A player's key is OpenGotha's (name and first name, upper case), the two names split as the
pairing splits them (`engine.go_section.gotha_names`); a name that "Name, First name" does not
give back as written (one without a comma) is kept in the player's `bulletinName`, which OpenGotha
ignores. Attributes are written in OpenGotha's order (by name) and nothing depends on the time of the export.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from xml.sax.saxutils import quoteattr

from site_builder.engine.go_scores import Criterion, GeneralParameters, GoGame, GoPlayer, GoResult
from site_builder.engine.go_section import go_inputs, komi_of, number
from site_builder.errors import Location
from site_builder.games.go_ranks import GoRank
from site_builder.games.go_terms import HANDICAP_KOMI, format_komi, game_komi
from site_builder.goformats.names import ExportError
from site_builder.model import GO_TIEBREAKS, Event, Outcome, Round, Section, go_tiebreak_name
from site_builder.opengotha.read import AS_WRITTEN, MAX_ROUNDS, content_name, player_key
from site_builder.opengotha.time_system import gotha_time
from site_builder.pairing.gotha.parameters import HandicapParameters
from site_builder.pairing.gotha.settings import version_text, xml_attributes
from site_builder.systems import still_kept, system_of
from site_builder.systems.base import where
from site_builder.systems.go_common import GoSystem

DEFAULT_KOMI = Fraction(15, 2)  # the file's komi when the section says none (OpenGotha's default)
_RESULT_NAMES = {GoResult.WHITE_WINS: "WHITEWINS", GoResult.BLACK_WINS: "BLACKWINS", GoResult.JIGO: "EQUAL",
                 GoResult.BOTH_LOSE: "BOTHLOSE", GoResult.BOTH_WIN: "BOTHWIN"}
#: OpenGotha's display and publishing settings (its defaults): what its own windows show.
_DISPLAY = {"displayClCol": "true", "displayCoCol": "true", "displayIndGamesInMatches": "true",
            "displayNPPlayers": "false", "displayNumCol": "true", "displayPlCol": "true",
            "gameFormat": "full", "playerSortType": "name", "showByePlayer": "true",
            "showNotFinallyRegisteredPlayers": "true",
            "showNotPairedPlayers": "true", "showNotParticipatingPlayers": "false", "showPlayerClub": "true",
            "showPlayerCountry": "false", "showPlayerGrade": "true"}
_PUBLISH = {"exportToLocalFile": "true", "htmlAutoScroll": "false", "print": "true"}


def export_opengotha(event: Event, section: Section) -> str:
    """The OpenGotha tournament file of `section` of `event` (a go section)."""
    system = system_of(section)
    if not isinstance(system, GoSystem):
        raise ExportError(f"section {section.id!r} is paired by {system.name!r}; OpenGotha's files hold "
                          "mcmahon and go-swiss sections (hint: 'system: mcmahon' or 'system: go-swiss')")
    komi = DEFAULT_KOMI if (said := komi_of(section)) is None else said
    _check_komi(section, komi)
    players, games, byes = go_inputs(section)
    keys = _keys(section, players)
    parameters = system.gotha_parameters(section)
    criteria = _criteria(section, system)
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
             _tag("Tournament", {"dataVersion": "201", "fullVersionNumber": version_text(parameters.rules),
                                  "runningMode": "SAL"},
                  close=False),
             "    <Players>"]
    lines += [_tag("Player", _player(p, keys[p.key], section), 8) for p in players]
    lines += ["    </Players>", "    <Games>"]
    lines += [_tag("Game", _game(g, keys), 8) for g in sorted(games, key=lambda g: (g.round, g.table))]
    lines += ["    </Games>", "    <ByePlayers>"]
    lines += [_tag("ByePlayer", {"player": keys[k], "roundNumber": str(r)}, 8)
              for r, k in sorted(byes.items())]
    lines += ["    </ByePlayers>", "    <TournamentParameterSet>",
              _tag("GeneralParameterSet", _general(event, komi, parameters.general), 8),
              _tag("HandicapParameterSet", _handicap(parameters.handicap), 8),
              "        <PlacementParameterSet>", "            <PlacementCriteria>"]
    lines += [_tag("PlacementCriterion", {"name": name, "number": str(n)}, 16)
              for n, name in enumerate(criteria, start=1)]
    lines += ["            </PlacementCriteria>", "        </PlacementParameterSet>",
              _tag("PairingParameterSet", xml_attributes(parameters.pairing), 8),
              _tag("DPParameterSet", _DISPLAY, 8), _tag("PublishParameterSet", _PUBLISH, 8),
              "    </TournamentParameterSet>", "</Tournament>"]
    return "\n".join(lines) + "\n"


def export_warnings(event: Event, section: Section) -> list[str]:
    """What the export writes otherwise than the content says, each at its line: a round's note and a
    round kept as played after a correction before it (OpenGotha's file has no place for either), a
    withdrawal and a late entry (written as rounds not taken part in)."""
    warnings = []
    last = max(section.rounds_planned, max((r.number for r in section.rounds), default=0))
    for rnd in section.rounds:
        if rnd.note or rnd.notes:
            warnings.append(f"{_key_location(rnd, 'note')}: round {rnd.number}'s note is not written: "
                            "OpenGotha's file has no place for a round's note (hint: an import of the "
                            "file gives the round no note; keep the round file for it)")
        if still_kept(section, rnd):
            warnings.append(f"{_key_location(rnd, 'accepted_from')}: round {rnd.number} is kept as played "
                            "after a correction before it, which is not written: OpenGotha's file has no "
                            "place for it (hint: an import of the file gives the round no 'accepted_from:', "
                            "so 'bulletin verify' pairs it again from the results the file holds; keep the "
                            "round file for it)")
        for player in rnd.withdrawn:
            later = f"round {rnd.number + 1}" + (f"–{last}" if last > rnd.number + 1 else "")
            warnings.append(f"{_key_location(rnd, 'withdrawn')}: the withdrawal of player #{player} "
                            f"({section.player(player).name}) after round {rnd.number} is written as not "
                            f"taking part in {later}: OpenGotha's file has no withdrawal (hint: an import of "
                            "the file lists the player absent from those rounds it has, each scoring as an "
                            "absence, rather than withdrawn)")
    rounds = {rnd.number: rnd for rnd in section.rounds}
    for player, first in sorted(section.field_changes.entered.items()):
        before = "round 1" + (f"–{first - 1}" if first > 2 else "")
        warnings.append(f"{where(rounds[first]) if first in rounds else where(section.rounds[0])}: the late "
                        f"entry of player #{player} ({section.player(player).name}) from round {first} is "
                        f"written as not taking part in {before}: OpenGotha's file has no late entry (hint: "
                        "an import of the file lists the player absent from those rounds, each scoring as an "
                        "absence, rather than entered late)")
    return warnings


def _key_location(rnd: Round, key: str) -> Location:
    """Where the round file writes `key:` (its first such line), else where the round is written."""
    try:
        lines = rnd.origin.file.read_text(encoding="utf-8").splitlines() if rnd.origin.file else []
    except OSError:
        lines = []
    found = next((n for n, line in enumerate(lines, start=1) if line.startswith(f"{key}:")), None)
    if found is None:
        return where(rnd)
    return Location(rnd.origin.source or where(rnd).path, found, 1)


def _check_komi(section: Section, komi: Fraction) -> None:
    """An `ExportError` for the first game whose komi the file cannot carry: it holds one komi,
    `komi`, which the import gives back to every even game, and komi 0.5 to every handicap game; a
    game whose komi nobody said comes back with `komi`, which must allow its result (a jigo)."""
    said = f"the event's {format_komi(komi)}" if komi_of(section) is not None else \
        f"the file's {format_komi(komi)} (OpenGotha's default: the event says no komi)"
    for rnd in section.rounds:
        for game in rnd.games:
            back = game_komi(None, game.handicap, komi)
            assert back is not None
            where = f"{game.loc}: " if game.loc else ""
            where += f"round {rnd.number}, board {game.board}"
            if game.komi is None:
                if game.outcome is Outcome.DRAW and back.denominator != 1:
                    raise ExportError(f"{where}: a jigo, which {said} cannot give back (hint: write the "
                                      "komi the games were played with in event.yaml, e.g. 'komi: 7')")
            elif game.komi != back and game.handicap:
                raise ExportError(
                    f"{where}: komi {format_komi(game.komi)} with handicap {game.handicap}, and OpenGotha's "
                    f"file gives every handicap game komi {format_komi(HANDICAP_KOMI)} (hint: remove the "
                    "game's 'komi:' if it was played with komi 0.5; a game of another komi cannot go to "
                    "OpenGotha's file)")
            elif game.komi != back:
                raise ExportError(
                    f"{where}: komi {format_komi(game.komi)} is not {said}, and OpenGotha's file holds one "
                    "komi for every even game (hint: remove the game's 'komi:' if it was played with the "
                    "event's; a game of another komi cannot go to OpenGotha's file)")


def _tag(name: str, attributes: Mapping[str, str], indent: int = 0, close: bool = True) -> str:
    """One element's start tag, its attributes by name (as OpenGotha orders them)."""
    text = " ".join(f"{k}={quoteattr(attributes[k], {chr(10): '&#10;', chr(9): '&#9;'})}"
                    for k in sorted(attributes))
    return f"{' ' * indent}<{name} {text}{'/>' if close else '>'}"


def _keys(section: Section, players: Iterable[GoPlayer]) -> dict[str, str]:
    """Each player's OpenGotha key by their go key (number); an `ExportError` for a name OpenGotha
    cannot hold or two players OpenGotha would take for one."""
    keys: dict[str, str] = {}
    seen: dict[str, int] = {}
    for player in players:
        name, surname, given = section.player(number(player.key)).name, player.name, player.first_name
        if not surname or not given:
            raise ExportError(f"player #{player.key} ({name!r}) has no first name, which OpenGotha needs "
                              "(hint: write the name as 'Surname, Given', e.g. 'Wang, Fang')")
        key = player_key(surname, given)
        if key in seen:
            raise ExportError(f"players #{seen[key]} and #{player.key} are one player for OpenGotha "
                              f"(key {key!r}) (hint: tell their names apart)")
        seen[key] = number(player.key)
        keys[player.key] = key
    return keys


def _rank(value: int) -> str:
    return str(GoRank(value)).upper()


def _player(player: GoPlayer, key: str, section: Section) -> dict[str, str]:
    """The player's attributes; `participating` has a 0 for each round the player is absent from,
    after a withdrawal and before a late entry's first round (`FieldChanges.outside`)."""
    content = section.player(number(player.key))
    changes = section.field_changes
    rank = str(content.rank).upper() if content.rank else _rank(player.rank)
    written = {} if content_name(player) == content.name else {AS_WRITTEN: content.name}
    return written | {
            "agaExpirationDate": "", "agaId": str(content.fields.get("aga_id", "")), "club": player.club,
            "country": player.country, "egfPin": str(content.fields.get("egd_pin", "")), "ffgLicence": "",
            "ffgLicenceStatus": "", "firstName": player.first_name, "grade": rank, "name": player.name,
            "participating": "".join("0" if r in player.absent or changes.outside(content.number, r) else "1"
                                     for r in range(1, MAX_ROUNDS + 1)),
            "rank": rank, "rating": str(player.rating), "ratingOrigin": "", "registeringStatus": "FIN",
            "smmsCorrection": str(player.smms_correction)}


def _game(game: GoGame, keys: Mapping[str, str]) -> dict[str, str]:
    result = "RESULT_UNKNOWN" if game.result is GoResult.UNKNOWN else \
        f"RESULT_{_RESULT_NAMES[game.result]}{'_BYDEF' if game.by_default else ''}"
    return {"blackPlayer": keys[game.black], "handicap": str(game.handicap), "knownColor": "true",
            "result": result, "roundNumber": str(game.round), "tableNumber": str(game.table),
            "whitePlayer": keys[game.white]}


def _criteria(section: Section, system: GoSystem) -> list[str]:
    """The placement criteria: the main score, then the section's go tiebreaks (six in all)."""
    names = [go_tiebreak_name(system.score.counted)]
    for tiebreak in section.tiebreaks:
        if tiebreak.id in GO_TIEBREAKS:
            name = go_tiebreak_name(tiebreak.id, tiebreak.option("by", "") or system.score.counted)
            if name in Criterion._value2member_map_ and name not in names:
                names.append(name)
    return (names + [Criterion.NULL.value] * 6)[:max(6, len(names))]


def _general(event: Event, komi: Fraction, general: GeneralParameters) -> dict[str, str]:
    start, end = event.dates.start, event.dates.end or event.dates.start
    return {
        **gotha_time(event.time_control),
        "bInternet": "false", "beginDate": start.isoformat() if start else "", "director": "",
        "endDate": end.isoformat() if end else "",
        "genCountNotPlayedGamesAsHalfPoint": _flag(general.count_not_played_as_half),
        "genMMBar": _rank(general.bar), "genMMFloor": _rank(general.floor),
        "genMMS2ValueAbsent": str(general.mms2_absent), "genMMS2ValueBye": str(general.mms2_bye),
        "genMMZero": _rank(general.zero), "genNBW2ValueAbsent": str(general.nbw2_absent),
        "genNBW2ValueBye": str(general.nbw2_bye), "genRoundDownNBWMMS": _flag(general.round_down),
        "komi": format_komi(komi), "location": event.venue,
        "name": event.name, "numberOfCategories": "1",
        "numberOfRounds": str(general.rounds), "shortName": event.short_name or event.slug, "size": "19"}


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _handicap(h: HandicapParameters) -> dict[str, str]:
    return {"hdBasedOnMMS": _flag(h.based_on_mms), "hdCeiling": str(h.ceiling),
            "hdCorrection": str(h.correction), "hdNoHdRankThreshold": _rank(h.no_handicap_rank)}
