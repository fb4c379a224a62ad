"""Round files, their common part: games with boards, sides and results; byes, absences,
withdrawals, sanctions, date, note and how the round was paired. A family's part (a knockout's
matches, a team round's matches and line-ups …) is read by the section's system
(`System.round_file`, `systems/round_file.py`) through `_Reading`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

from site_builder.cache.digest import Digester
from site_builder.cache.store import Store
from site_builder.content import go_games
from site_builder.content.notation import ACCEPTED, parse_result
from site_builder.content.players import Roster
from site_builder.content.schema import MapReader, type_name
from site_builder.content.teams import TeamRoster
from site_builder.content.yamlsource import LList, LMap, file_key, read_once, read_yaml, suggest
from site_builder.content.yamlsource import listed as listed_files
from site_builder.errors import Location, Problems
from site_builder.games.go_terms import game_komi
from site_builder.model import LANGUAGES, Game, GameKind, Origin, Outcome, Proposal, Provenance, Round
from site_builder.systems.base import System
from site_builder.systems.round_file import FAMILY_KEYS

#: the keys the common part reads; a family's (`FAMILY_KEYS`) are read by the section's round file
COMMON_FIELDS = ("round", "date", "games", "bye", "byes", "absent", "half_bye", "half_byes", "full_bye",
                 "full_byes", "withdrawn", "penalties", "warnings", "ranking_order", "note", "paired_from",
                 "accepted_from", "forbidden", "featured", "proposed", "tiebreaks", "paired_with")
ROUND_FIELDS = (*COMMON_FIELDS, *FAMILY_KEYS)
#: the keys of which a round file lists one at least (the others say something of a round it lists)
LISTING = ("games", "matches", "bye", "byes", "absent", "half_bye", "half_byes", "full_bye", "full_byes",
           "playoffs", "lineups", "forbidden")
GAME_FIELDS = ("board", "first", "second", "result", "kind", "rated", "handicap", "komi")
KINDS = [k.value for k in GameKind]


@dataclass(frozen=True)
class GoRules:
    """What a go section's round files are read with: its komi for even games (None: not said)."""

    komi: Fraction | None = None


def round_number_from_name(path: Path) -> int | None:
    """The round number a file name carries (`03.yaml`, `round-3.yaml`), if any."""
    digits = re.findall(r"\d+", path.stem)
    return int(digits[-1]) if digits else None


def first_round_file(rounds_dir: Path, rounds_shown: Path, cache: Store | None = None) -> Any:
    """The file of round 1 as written (the round its name, else its `round:`, gives), read before the
    section's rounds are (their reading reports its problems); None without one."""
    for path in listed_files(rounds_dir):
        if path.suffix.lower() not in (".yaml", ".yml") or path.name.startswith("."):
            continue
        named = round_number_from_name(path)
        if named not in (None, 1):
            continue
        data = read_yaml(path, Problems(), rounds_shown / path.name, cache)
        written = data.get("round") if isinstance(data, dict) else None
        if (named or written) == 1:
            return data
    return None


@dataclass(frozen=True)
class RoundRules:
    """What a section's round files are read with: its players, its system (whose round file reads
    its family's part), a team section's teams and boards per match, the event's language (of a
    note), go's rules of a game, and the numbers its boards may start from."""

    roster: Roster
    system: System
    teams: TeamRoster | None = None
    boards: int = 3
    language: str = "zh"
    go: GoRules | None = None
    first_boards: frozenset[int] = frozenset({1})

    @cached_property
    def digest(self) -> bytes | None:
        """The digest of everything a round file is read with: who a reference may name (each
        player's number and name, the section's own, those refused), the system and the rest; None
        when it cannot be digested (a team roster holds its system's function)."""
        roster = self.roster
        if self.teams is not None:
            return None
        names = tuple((p.number, p.name) for p in roster.by_number.values())
        own = tuple(p.number for p in roster.players)
        return Digester().digest((self.system.name, names, own, sorted(roster.rejected),
                                  roster.readable, sorted(roster.rejected_numbers), self.boards,
                                  self.language, self.go, sorted(self.first_boards)))


def load_round(path: Path, shown: Path, rules: RoundRules, problems: Problems, cache: Store | None = None
               ) -> Round | None:
    """Read one round file; every problem found is added, and None returned if unusable. One block
    per key of a round file, in the order docs/content.md gives them; its family's part (a
    knockout's matches, a team round's …) is read by the section's system (`System.round_file`).
    With go's rules, results are go's and a game may say its handicap and komi
    (`content/go_games.py`). A round read without a problem is kept in the build's `cache`, under its
    file's bytes, where it is shown and the rules it is read with."""
    key = file_key(path, shown, path, rules.digest.hex()) if rules.digest is not None else None
    return read_once(cache, "rounds", key, problems, lambda: _read_round(path, shown, rules, problems, cache))


def _read_round(path: Path, shown: Path, rules: RoundRules, problems: Problems, cache: Store | None
                ) -> Round | None:
    before = len(problems.items)
    data = read_yaml(path, problems, shown, cache)
    if data is None and len(problems.items) > before:
        return None  # a YAML syntax error, already reported
    fields = MapReader(data, Location(shown), problems, "a round file", ROUND_FIELDS)
    _refuse_unread(fields, rules.system, problems)
    number = _number(path, shown, fields, problems)
    if number is None:
        return None
    roster, teams, go = rules.roster, rules.teams, rules.go
    reading = _Reading(number, rules, fields, problems)
    claim = reading.claim
    games = _games(fields.sequence("games"), roster, problems, claim, go, rules.first_boards)
    part = rules.system.round_file.read(reading)  # after the games, before the byes: in claiming order
    games += part.games
    byes = () if rules.system.round_file.byes_of_teams \
        else _players(fields, ("bye", "byes"), roster, problems, claim, "as a bye")
    absent = _players(fields, ("absent",), roster, problems, claim, "as absent", teams)
    half_byes = _players(fields, ("half_bye", "half_byes"), roster, problems, claim, "as a half-point bye",
                         teams, refused="half-point bye")
    full_byes = _players(fields, ("full_bye", "full_byes"), roster, problems, claim, "as a full-point bye",
                         teams, refused="full-point bye")
    withdrawn = _players(fields, ("withdrawn",), roster, problems, lambda p, loc, role: p, "", teams)
    note, notes = fields.texts("note", rules.language, LANGUAGES, "the round's note")
    listed = {key for key in ("matches", "bye", "byes", "playoffs", "games", "lineups", "forbidden")
              if fields.has(key)}
    prepared = not games and not {"matches", "bye", "byes", "playoffs"} & listed \
        and bool({"games", "lineups", "forbidden"} & listed)
    return Round(number=number, games=games, byes=byes, absent=absent, half_byes=half_byes,
                 full_byes=full_byes, withdrawn=withdrawn,
                 penalties=_counts(fields, "penalties", roster, problems),
                 warnings=_counts(fields, "warnings", roster, problems),
                 ranking_order=reading.players("ranking_order"),
                 date=fields.date("date"), note=note, notes=notes,
                 featured=_featured(fields, {g.board for g in games}, problems), detail=part.detail,
                 provenance=_provenance(fields, prepared, roster, problems, go),
                 origin=Origin(shown, path,
                               loc=fields.at("round") if fields.has("round") else Location(shown),
                               date_loc=fields.at("date") if fields.has("date") else None,
                               featured_at=fields.at("featured") if fields.has("featured") else None))


def _refuse_unread(fields: MapReader, system: System, problems: Problems) -> None:
    """A family's key (`FAMILY_KEYS`) that the section's round file does not read, refused where it
    is written: another family's part is never left unread."""
    for key, refusal in FAMILY_KEYS.items():
        if key in fields.data and key not in system.round_file.keys:
            problems.add(fields.key_at(key),
                         f"{refusal.what} belong to {refusal.sections}; this section is {system.name}",
                         refusal.hint)


def _number(path: Path, shown: Path, fields: MapReader, problems: Problems) -> int | None:
    """The round's number (`round:`, else the file's name), or None (reported) when it is unknown or
    the file lists nothing."""
    named = round_number_from_name(path)
    number = fields.integer("round", minimum=1, default=named)
    if number is None:
        problems.add(Location(shown), "the round number is unknown",
                     "add 'round: N' or name the file after the round, e.g. 03.yaml")
        return None
    if named is not None and number != named:
        problems.add(fields.at("round"), f"the file is named for round {named} but says round {number}",
                     "rename the file or fix 'round:'")
        number = named  # checks across rounds follow the file order: no second error about numbering
    if not any(fields.has(key) for key in LISTING):
        problems.add(fields.at("round") if fields.has("round") else Location(shown, 1, 1),
                     f"round {number} lists no games, byes or absences",
                     "write 'games: []' for a round not paired yet ('bulletin pair' pairs it and keeps "
                     "the rest of the file), or delete the file")
        return None
    return number


class _Reading:
    """A round file as the common part read it, for its family's part (`systems.round_file`): the
    players it claims (a player has one game, bye or absence per round), and games read as the
    common part reads them."""

    def __init__(self, number: int, rules: RoundRules, fields: MapReader, problems: Problems) -> None:
        self.number, self.rules, self.fields, self.problems = number, rules, fields, problems
        self.system: str = rules.system.name
        self.teams, self.boards = rules.teams, rules.boards
        self.seen: dict[int, Location] = {}

    def claim(self, player: int | None, loc: Location, role: str) -> int | None:
        if player is None:
            return None
        if player in self.seen:
            first = self.seen[player]
            self.problems.add(loc, f"{self.name(player)!r} (#{player}) appears twice in round "
                                   f"{self.number}, {role} (first on line {first.line})",
                              "a player has one game, bye or absence per round")
            return None
        self.seen[player] = loc
        return player

    def fields_of(self, item: Any, loc: Location, what: str, keys: tuple[str, ...]) -> MapReader:
        return MapReader(item, loc, self.problems, what, keys)

    def items_of(self, value: Any) -> LList | None:
        return value if isinstance(value, LList) else None

    def game(self, item: Any, loc: Location, board: int, kind: str = "") -> Game | None:
        row = _game_row(item, loc, self.problems, _MATCH_ROW_SHAPES)
        if row is None:
            return None
        if kind and row["kind"][0] is None:
            row["kind"] = (kind, row["kind"][1])
        return _game(row, board, self.rules.roster, self.problems, loc, self.rules.go)

    def player(self, ref: Any, loc: Location) -> int | None:
        return self.rules.roster.resolve(ref, loc, self.problems)

    def players(self, key: str) -> tuple[int, ...]:
        return _players(self.fields, (key,), self.rules.roster, self.problems, lambda p, loc, role: p, "")

    def name(self, player: int) -> str:
        return self.rules.roster.by_number[player].name

    def describe(self, value: Any) -> str:
        return type_name(value)


def _provenance(fields: MapReader, prepared: bool, roster: Roster, problems: Problems, go: GoRules | None
                ) -> Provenance:
    """How the round was paired, as its file records it (`forbidden:`, `paired_from:` …)."""
    return Provenance(prepared, forbidden_pairs(fields, "forbidden", roster, problems),
                      fields.text("paired_from"), fields.text("accepted_from"),
                      _proposed(fields, roster, problems, go), fields.text("tiebreaks"),
                      fields.text("paired_with"))


def _games(items: LList, roster: Roster, problems: Problems, claim, go: GoRules | None,
           first_boards: frozenset[int] = frozenset({1})) -> tuple[Game, ...]:
    games: list[Game] = []
    boards: dict[int, Location] = {}
    for index, item in enumerate(items):
        loc = items.at(index)
        row = _game_row(item, loc, problems)
        if row is None:
            continue
        board, board_loc = row["board"]
        board = index + 1 if board is None else board
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            problems.add(board_loc, f"a board number must be a whole number ≥ 1, found {type_name(board)}",
                         "write [board, first, second, result]")
            continue
        if board in boards:
            problems.add(board_loc, f"board {board} is listed twice (first on line {boards[board].line})",
                         "give each game its own board number")
        boards[board] = loc
        game = _game(row, board, roster, problems, loc, go)
        if game is None:
            continue
        first = claim(game.first, row["first"][1], f"on board {board}")
        second = claim(game.second, row["second"][1], f"on board {board}")
        if first is not None and second is not None:
            games.append(game)
    if len(boards) == len(items):  # every row has its board: a missing number is a gap
        _check_no_gap(boards, problems, first_boards)
    return tuple(sorted(games, key=lambda g: g.board))


def _check_no_gap(boards: dict[int, Location], problems: Problems,
                  first_boards: frozenset[int] = frozenset({1})) -> None:
    """Boards are numbered 1, 2, 3 … (or from another of `first_boards`, where the section's schedule
    leaves its first tables empty): a number left out is a game lost in typing (or one board too
    many), located at the first board after the gap."""
    lowest = min(boards, default=1)
    for expected, board in enumerate(sorted(boards), start=lowest if lowest in first_boards else 1):
        if board != expected:
            problems.add(boards[board], f"board {expected} is missing before board {board}",
                         f"add the game of board {expected}, or number the boards 1, 2, 3 … without a gap")
            return


def _game(row: dict[str, tuple[Any, Location]], board: int, roster: Roster, problems: Problems,
          loc: Location, go: GoRules | None = None) -> Game | None:
    """One game from its located fields, or None after adding problems."""
    result_value, result_loc = row["result"]
    if isinstance(result_value, LMap) and list(result_value.items()) == [(None, None)]:
        result_value = "?"  # a bare `?` in a flow list reads as an empty mapping key
    terms = _go_terms(row, result_value, result_loc, problems, go)
    outcome = terms[0] if go is not None else parse_result(result_value)
    if outcome is None and go is None:
        problems.add(result_loc, f"{type_name(result_value)} is not a result", f"write one of {ACCEPTED}")
    kind = GameKind.SLOW
    kind_value, kind_loc = row["kind"]
    if kind_value is not None:
        if kind_value in KINDS:
            kind = GameKind(kind_value)
        else:
            problems.add(kind_loc, f"unknown game kind {kind_value!r}", suggest(str(kind_value), KINDS))
    first = roster.resolve(row["first"][0], row["first"][1], problems)
    second = roster.resolve(row["second"][0], row["second"][1], problems)
    if first is not None and first == second:
        problems.add(row["second"][1], f"{roster.by_number[first].name!r} cannot play against themself",
                     "check the two players of this board")
        return None
    rated = True
    rated_value, rated_loc = row["rated"]
    if rated_value is not None:
        if isinstance(rated_value, bool):
            rated = rated_value
        else:
            problems.add(rated_loc, f"'rated' must be true or false, found {type_name(rated_value)}",
                         "write 'rated: false' for a game that is not rated")
    if first is None or second is None or outcome is None:
        return None
    return Game(board, first, second, outcome, kind, loc, rated, *terms[1:])


def _go_terms(row: dict[str, tuple[Any, Location]], value: Any, loc: Location, problems: Problems,
              go: GoRules | None) -> tuple[Outcome | None, int | None, Fraction | None, str]:
    """A go game's outcome, handicap, komi and result's notation (`content/go_games.py`); outside go,
    a game's `handicap:` or `komi:` is refused (and the outcome left to the common notations)."""
    said = [key for key in ("handicap", "komi") if row[key][0] is not None]
    if go is None:
        for key in said:
            problems.add(row[key][1], f"'{key}' belongs to go games", f"remove '{key}', or set 'game: go'")
        return None, None, None, ""
    handicap = go_games.read_handicap(*row["handicap"], problems) if "handicap" in said else None
    own = go_games.read_komi(*row["komi"], problems) if "komi" in said else None
    komi = game_komi(own, handicap, go.komi)
    result = go_games.parse_go_result(value)
    if result is None:
        problems.add(loc, f"{type_name(value)} is not a go result", f"write one of {go_games.ACCEPTED}")
        return None, handicap, komi, ""
    if not go_games.check_against_komi(result, komi, loc, problems):
        return None, handicap, komi, ""
    bad = ("handicap" in said and handicap is None) or ("komi" in said and own is None)
    return (None if bad else result.outcome), handicap, komi, result.detail


_ROW_SHAPES = {4: ("board", "first", "second", "result"), 2: ("first", "second")}
_MATCH_ROW_SHAPES = {2: ("first", "second"), 3: ("first", "second", "result"),
                     4: ("first", "second", "result", "kind")}


def _game_row(item: Any, loc: Location, problems: Problems, shapes: dict | None = None
              ) -> dict[str, tuple[Any, Location]] | None:
    """Each field of a game (board, first, second, result, kind) with the location of its value."""
    if isinstance(item, LMap):
        f = MapReader(item, loc, problems, "a game", GAME_FIELDS)
        for key in ("first", "second"):
            if not f.has(key):
                problems.add(loc, f"a game is missing {key!r}", "a game needs first: and second:")
                return None
        return {key: (f.raw(key), f.at(key)) for key in GAME_FIELDS}
    if isinstance(item, LList):
        shape = (shapes or _ROW_SHAPES).get(len(item))
        if len(item) == 3 and shapes is None:
            board_first = isinstance(item[0], int) and not isinstance(item[0], bool)
            pending = parse_result(item[2]) is None and not isinstance(item[2], LMap)
            shape = ("board", "first", "second") if board_first and pending else ("first", "second", "result")
        if shape is None:
            problems.add(loc, f"a game row has {len(item)} items", "write [board, first, second, result]")
            return None
        if shape == ("first", "second") and isinstance(item[1], str) and parse_result(item[1]) is not None:
            problems.add(item.at(1), f"{item[1]!r} is a result, but a row of two items names two players",
                         f"write [board, first, second, result], e.g. [{item[0]}, 12, 3, {item[1]!r}]"
                         if isinstance(item[0], int) else "write [board, first, second, result]")
            return None
        row = {key: (None, loc) for key in GAME_FIELDS}
        row.update({key: (item[i], item.at(i)) for i, key in enumerate(shape)})
        return row
    problems.add(loc, f"a game must be a list or a mapping, found {type_name(item)}",
                 "write [board, first, second, result]")
    return None


def _players(fields: MapReader, keys: tuple[str, ...], roster: Roster, problems: Problems,
             claim, role: str, teams: TeamRoster | None = None, refused: str = "") -> tuple[int, ...]:
    """The players a list names; with `teams`, the names of teams in it are left to `_named_teams`,
    or, for what a team cannot be given (`refused`: "half-point bye"), an error at the name."""
    out: list[int] = []
    for key in keys:
        items = fields.sequence(key)
        for index, ref in enumerate(items):
            if teams is not None and teams.named(ref) is not None:
                if refused:
                    problems.add(items.at(index), f"{ref!r} is a team: a team is given no {refused}",
                                 "list the team under 'absent:' to leave it unpaired this round")
                continue
            number = claim(roster.resolve(ref, items.at(index), problems), items.at(index), role)
            if number is not None:
                out.append(number)
    return tuple(out)


def listed_at(rnd: Round, keys: tuple[str, ...], index: int) -> Location | None:
    """Where `rnd`'s file writes the `index`-th player of its lists `keys` (`("full_bye", "full_byes")`,
    in the order `_players` reads them, so the same index as the round's tuple), its file read again;
    None when it cannot tell."""
    if rnd.origin.file is None:
        return None
    data = read_yaml(rnd.origin.file, Problems(), rnd.origin.source)
    if not isinstance(data, LMap):
        return None
    fields = MapReader(data, data.loc, Problems(), "a round file", ROUND_FIELDS)
    locs = [loc for key in keys for loc in fields.sequence(key).item_locs]
    return locs[index] if index < len(locs) else None


def forbidden_pairs(fields: MapReader, key: str, roster: Roster, problems: Problems
                    ) -> tuple[tuple[int, int], ...]:
    """`key: [[A, B], …]`: pairs of players who must not meet (same family, club …)."""
    out = []
    items = fields.sequence(key)
    for index, item in enumerate(items):
        if not isinstance(item, LList) or len(item) != 2:
            problems.add(items.at(index), "a forbidden pair is two players, e.g. [王天一, 郑惟桐]",
                         "write one [player, player] per pair")
            continue
        a, b = (roster.resolve(ref, item.at(i), problems) for i, ref in enumerate(item))
        if a is not None and b is not None and a != b:
            out.append((min(a, b), max(a, b)))
    return tuple(out)


def _counts(fields: MapReader, key: str, roster: Roster, problems: Problems) -> dict[int, int]:
    data = fields.mapping(key)
    counts: dict[int, int] = {}
    if data is None:
        return counts
    for ref, value in data.items():
        number = roster.resolve(ref, data.key_locs[ref], problems)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.add(data.at(ref), f"{key} must be a count (0, 1, 2 …), found {type_name(value)}",
                         f"write '{ref}: 1'")
            continue
        if number is not None:
            counts[number] = value
    return counts


def _featured(fields: MapReader, boards: set[int], problems: Problems) -> dict[int, int | None]:
    """`featured:` the boards whose game the round's bulletin prints, each with the ply of its
    diagram (`{1: 24, 3: ~}`: board 1 after ply 24, board 3 at the end), or a list of boards."""
    raw = fields.raw("featured")
    if raw is None:
        return {}
    if isinstance(raw, LMap):
        items = list(raw.items())
    elif isinstance(raw, LList):
        items = [(board, None) for board in raw]
    else:
        problems.add(fields.at("featured"), f"'featured' must list boards, found {type_name(raw)}",
                     "write 'featured: {1: 24}' (board 1, its diagram after ply 24) or 'featured: [1, 3]'")
        return {}
    out: dict[int, int | None] = {}
    for index, (board, ply) in enumerate(items):
        at = raw.key_locs.get(board, fields.at("featured")) if isinstance(raw, LMap) else raw.at(index)
        if isinstance(board, bool) or not isinstance(board, int) or board not in boards:
            problems.add(at, f"featured board {board!r} is not a board of this round",
                         f"its boards are {', '.join(str(b) for b in sorted(boards)) or 'none'}")
        elif ply is not None and (isinstance(ply, bool) or not isinstance(ply, int) or ply < 0):
            problems.add(raw.at(board) if isinstance(raw, LMap) else at,
                         f"the diagram of board {board} must be a ply number (0 or more), "
                         f"found {type_name(ply)}",
                         "count plies from 1 (1. e4 e5: ply 2), or leave it empty for the final position")
        else:
            out[board] = ply
    return out



def _proposed(fields: MapReader, roster: Roster, problems: Problems, go: GoRules | None = None
              ) -> Proposal | None:
    """`proposed: {games: [[board, first, second], …], byes: [player]}`: what the engine proposed
    for a round the arbiter paired by hand (written by `bulletin pair --accept` and `--record`); in
    go a game is a mapping with its handicap and komi (`{board: 1, first: A, second: B, handicap: 2,
    komi: 0.5}`)."""
    data = fields.mapping("proposed")
    if data is None:
        return None
    p = MapReader(data, data.loc, problems, "proposed", ("games", "byes"))
    games: list[tuple[int, int, int]] = []
    terms: list[tuple[int | None, Fraction | None]] = []
    rows = p.sequence("games")
    for index, row in enumerate(rows):
        loc = rows.at(index)
        if go is not None and isinstance(row, LMap):
            game = MapReader(row, loc, problems, "a proposed game", ("board", "first", "second", "handicap",
                                                                     "komi"))
            missing = [key for key in ("board", "first", "second") if not game.has(key)]
            if missing:
                problems.add(loc, f"a proposed game names its {' and '.join(missing)}",
                             "write e.g. '- {board: 1, first: Ada, second: Ben, handicap: 0, komi: 6.5}'")
                continue
            board = game.integer("board", minimum=1)
            refs = (game.raw("first"), game.raw("second"))
            handicap = go_games.read_handicap(row["handicap"], row.at("handicap"), problems) \
                if game.has("handicap") else None
            komi = go_games.read_komi(row["komi"], row.at("komi"), problems) if game.has("komi") else None
            locs = (game.at("first"), game.at("second"))
        elif isinstance(row, list) and len(row) == 3 and type(row[0]) is int:  # not a bool
            board, refs, handicap, komi, locs = row[0], (row[1], row[2]), None, None, (loc, loc)
        else:
            form = "{board, first, second, handicap, komi}" if go is not None else "[board, first, second]"
            problems.add(loc, f"a proposed game is {form}, found {type_name(row)}",
                         "write e.g. '- {board: 1, first: Ada, second: Ben, handicap: 0, komi: 6.5}'"
                         if go is not None else "write e.g. '- [1, Ada, Ben]'")
            continue
        first, second = (roster.resolve(ref, where, problems) for ref, where in zip(refs, locs, strict=True))
        if board is not None and first is not None and second is not None:
            games.append((board, first, second))
            terms.append((handicap, komi))
    byes = tuple(n for ref in p.strings("byes")
                 if (n := roster.resolve(ref, p.at("byes"), problems)) is not None)
    return Proposal(tuple(games), byes, tuple(terms) if go is not None else ())
