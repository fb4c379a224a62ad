"""Round files: games with boards, sides and results; byes, absences, withdrawals, sanctions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from site_builder.cache.store import Store
from site_builder.content import go_games
from site_builder.content.notation import ACCEPTED, parse_result
from site_builder.content.players import Roster
from site_builder.content.schema import MapReader, type_name
from site_builder.content.teams import TeamRoster
from site_builder.content.yamlsource import LList, LMap, read_yaml, suggest
from site_builder.engine.knockout import KnockoutRound
from site_builder.engine.staged import StagedRound
from site_builder.engine.teams import TeamRound
from site_builder.errors import Location, Problems
from site_builder.games.go_terms import game_komi
from site_builder.model import (
    LANGUAGES,
    Game,
    GameKind,
    Match,
    Origin,
    Outcome,
    Proposal,
    Provenance,
    Round,
    RoundDetail,
    TeamMatch,
)

ROUND_FIELDS = ("round", "date", "games", "matches", "playoffs", "eliminated", "bye", "byes", "absent",
                "half_bye", "half_byes", "full_bye", "full_byes", "withdrawn",
                "penalties", "warnings", "ranking_order", "note", "paired_from", "accepted_from", "lineups",
                "forbidden", "featured", "proposed", "tiebreaks", "paired_with")
GAME_FIELDS = ("board", "first", "second", "result", "kind", "rated", "handicap", "komi")
KINDS = [k.value for k in GameKind]
MATCH_FIELDS = ("board", "placement", "games")
PLACEMENTS = ("final", "3-4", "5-8", "5-6", "7-8")


@dataclass(frozen=True)
class GoRules:
    """What a go section's round files are read with: its komi for even games (None: not said)."""

    komi: Fraction | None = None


def round_number_from_name(path: Path) -> int | None:
    """The round number a file name carries (`03.yaml`, `round-3.yaml`), if any."""
    digits = re.findall(r"\d+", path.stem)
    return int(digits[-1]) if digits else None


def load_round(path: Path, shown: Path, roster: Roster, problems: Problems,
               teams: TeamRoster | None = None, boards: int = 3, cache: Store | None = None,
               language: str = "zh", go: GoRules | None = None,
               first_boards: frozenset[int] = frozenset({1})) -> Round | None:
    """Read one round file; every problem found is added, and None returned if unusable. One block
    per key of a round file, in the order docs/content.md gives them. With `go`, results are go's
    and a game may say its handicap and komi (`content/go_games.py`)."""
    before = len(problems.items)
    data = read_yaml(path, problems, shown, cache)
    if data is None and len(problems.items) > before:
        return None  # a YAML syntax error, already reported
    fields = MapReader(data, Location(shown), problems, "a round file", ROUND_FIELDS)
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
    listed = [key for key in ("games", "matches", "bye", "byes", "absent", "half_bye", "half_byes",
                              "full_bye", "full_byes", "playoffs", "lineups", "forbidden") if fields.has(key)]
    if not listed:
        problems.add(fields.at("round") if fields.has("round") else Location(shown, 1, 1),
                     f"round {number} lists no games, byes or absences",
                     "write 'games: []' for a round not paired yet ('bulletin pair' pairs it and keeps "
                     "the rest of the file), or delete the file")
        return None
    seen: dict[int, Location] = {}

    def claim(player: int | None, loc: Location, role: str) -> int | None:
        if player is None:
            return None
        if player in seen:
            first = seen[player]
            problems.add(loc, f"{roster.by_number[player].name!r} (#{player}) appears twice in round "
                              f"{number}, {role} (first on line {first.line})",
                         "a player has one game, bye or absence per round")
            return None
        seen[player] = loc
        return player

    games = _games(fields.sequence("games"), roster, problems, claim, go, first_boards)
    team_matches: tuple[TeamMatch, ...] = ()
    team_byes: tuple[int, ...] = ()
    if teams is not None:  # a team section: matches of teams, byes of teams
        team_matches = _team_matches(fields.sequence("matches"), roster, teams, boards, problems, claim, go)
        games += tuple(g for m in team_matches for g in m.games)
        team_byes = _team_refs(fields, ("bye", "byes"), teams, problems)
        matches: tuple[Match, ...] = ()
    else:
        matches = _matches(fields.sequence("matches"), roster, problems, claim, go)
    playoffs = _playoffs(fields.sequence("playoffs"), roster, problems, go)
    byes = () if teams is not None else _players(fields, ("bye", "byes"), roster, problems, claim, "as a bye")
    absent = _players(fields, ("absent",), roster, problems, claim, "as absent", teams)
    half_byes = _players(fields, ("half_bye", "half_byes"), roster, problems, claim, "as a half-point bye",
                         teams, refused="half-point bye")
    full_byes = _players(fields, ("full_bye", "full_byes"), roster, problems, claim, "as a full-point bye",
                         teams, refused="full-point bye")
    withdrawn = _players(fields, ("withdrawn",), roster, problems, lambda p, loc, role: p, "", teams)
    detail = _detail(fields, roster, problems, teams, boards, matches, team_matches, team_byes, playoffs)
    penalties = _counts(fields, "penalties", roster, problems)
    warnings = _counts(fields, "warnings", roster, problems)
    ranking_order = _players(fields, ("ranking_order",), roster, problems, lambda p, loc, role: p, "")
    date = fields.date("date")
    note, notes = fields.texts("note", language, LANGUAGES, "the round's note")
    prepared = not games and not {"matches", "bye", "byes", "playoffs"} & set(listed) \
        and bool({"games", "lineups", "forbidden"} & set(listed))
    provenance = _provenance(fields, prepared, roster, problems, go)
    return Round(number=number, games=games, byes=byes, absent=absent, half_byes=half_byes,
                 full_byes=full_byes, withdrawn=withdrawn, penalties=penalties, warnings=warnings,
                 ranking_order=ranking_order, date=date, note=note, notes=notes,
                 featured=_featured(fields, {g.board for g in games}, problems), detail=detail,
                 provenance=provenance,
                 origin=Origin(shown, path,
                               loc=fields.at("round") if fields.has("round") else Location(shown),
                               date_loc=fields.at("date") if fields.has("date") else None,
                               featured_at=fields.at("featured") if fields.has("featured") else None))


def _detail(fields: MapReader, roster: Roster, problems: Problems, teams: TeamRoster | None, boards: int,
            matches: tuple[Match, ...], team_matches: tuple[TeamMatch, ...], team_byes: tuple[int, ...],
            playoffs: tuple[Game, ...]) -> RoundDetail | None:
    """The family's part of the round: a team round's, a knockout's, a staged Swiss's, or none."""
    eliminated = _players(fields, ("eliminated",), roster, problems, lambda p, loc, role: p, "")
    lineups = _lineups(fields, roster, teams, boards, problems)
    if teams is not None:
        return TeamRound(team_matches, team_byes, _named_teams(fields, "withdrawn", teams),
                         _named_teams(fields, "absent", teams), lineups)
    if matches:
        return KnockoutRound(matches)
    if eliminated or playoffs:
        return StagedRound(eliminated, playoffs)
    return None


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


TEAM_MATCH_FIELDS = ("table", "home", "away", "boards", "result")


def _team_refs(fields: MapReader, keys: tuple[str, ...], teams: TeamRoster, problems: Problems
               ) -> tuple[int, ...]:
    out = []
    for key in keys:
        items = fields.sequence(key)
        for index, ref in enumerate(items):
            team = teams.resolve(ref, items.at(index), problems)
            if team is not None:
                out.append(team)
    return tuple(out)


def _team_matches(items: LList, roster: Roster, teams: TeamRoster, boards: int, problems: Problems,
                  claim, go: GoRules | None = None) -> tuple[TeamMatch, ...]:
    """Team matches: `{table, home, away, boards: [[first, second, result], …], result: "4:2"}`.

    The home team plays first on the boards its system says (seed 001 五: every board but the last;
    FIDE's team Swiss: the odd boards)."""
    out: list[TeamMatch] = []
    for index, item in enumerate(items):
        loc = items.at(index)
        f = MapReader(item, loc, problems, "a team match", TEAM_MATCH_FIELDS)
        table = f.integer("table", default=index + 1, minimum=1) or index + 1
        home = teams.resolve(f.raw("home"), f.at("home"), problems) if f.has("home") else None
        away = teams.resolve(f.raw("away"), f.at("away"), problems) if f.has("away") else None
        if home is None or away is None:
            if not (f.has("home") and f.has("away")):
                problems.add(loc, "a team match needs 'home:' and 'away:'", "name both teams")
            continue
        rows = f.sequence("boards")
        if len(rows) != boards:
            problems.add(f.at("boards"), f"the match has {len(rows)} boards, the section plays {boards}",
                         f"list {boards} boards: [first, second, result]")
            continue
        games: list[Game] = []
        for b, row_item in enumerate(rows, start=1):
            row = _game_row(row_item, rows.at(b - 1), problems, _MATCH_ROW_SHAPES)
            game = _game(row, (table - 1) * boards + b, roster, problems, rows.at(b - 1), go) if row else None
            if game is None:
                continue
            home_first = teams.home_first(b, boards)
            expected = (home, away) if home_first else (away, home)
            sides = ((game.first, expected[0], "first"), (game.second, expected[1], "second"))
            for player, team, where in sides:
                actual = teams.team_of.get(player)
                if actual != team:
                    name = roster.by_number[player].name
                    problems.add(rows.at(b - 1), f"{name!r} is not on the list of team "
                                 f"{teams.by_number[team].name!r}, who plays {where} on board {b}",
                                 "the home team plays first on the boards its system gives it (seed 001 "
                                 "五: all but the last; fide-team: the odd boards)")
                    game = None
                    break
            if game is not None and all(claim(p, rows.at(b - 1), f"on table {table}") is not None
                                        for p in (game.first, game.second)):
                games.append(game)
        if len(games) != boards:
            continue
        stated = f.raw("result")
        if stated is not None:
            _check_stated(stated, f.at("result"), games, teams, problems)
        out.append(TeamMatch(table, home, away, tuple(games), loc))
    return tuple(sorted(out, key=lambda m: m.table))


def _check_stated(stated: Any, loc: Location, games: list[Game], teams: TeamRoster, problems: Problems
                  ) -> None:
    """A stated match result (home:away game points, e.g. "4:2") must add up from the boards."""
    parts = str(stated).replace("：", ":").split(":")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        problems.add(loc, f"{type_name(stated)} is not a match result",
                     "write home:away game points, e.g. \"4:2\"")
        return
    if any(g.outcome is Outcome.PENDING for g in games):
        return
    points = {Outcome.FIRST_WINS: (2, 0), Outcome.DRAW: (1, 1), Outcome.SECOND_WINS: (0, 2),
              Outcome.FIRST_WINS_FORFEIT: (2, 0), Outcome.SECOND_WINS_FORFEIT: (0, 2),
              Outcome.DOUBLE_FORFEIT: (0, 0), Outcome.FIRST_HALF: (1, 0), Outcome.SECOND_HALF: (0, 1),
              Outcome.DOUBLE_LOSS: (0, 0)}
    home_points = away_points = 0
    for index, game in enumerate(games):
        first, second = points[game.outcome]
        home_first = teams.home_first(index + 1, len(games))
        home_points += first if home_first else second
        away_points += second if home_first else first
    if (home_points, away_points) != (int(parts[0]), int(parts[1])):
        problems.add(loc, f"the boards add up to {home_points}:{away_points}, not {stated}",
                     "correct the board results or the match result")


def _playoffs(items: LList, roster: Roster, problems: Problems, go: GoRules | None = None
              ) -> tuple[Game, ...]:
    """Playoff games after drawn finals (seed 003 §5.2.1): [first, second, result, kind=rapid]."""
    games = []
    for index, item in enumerate(items):
        row = _game_row(item, items.at(index), problems, _MATCH_ROW_SHAPES)
        if row is None:
            continue
        if row["kind"][0] is None:
            row["kind"] = ("rapid", row["kind"][1])
        game = _game(row, index + 1, roster, problems, items.at(index), go)
        if game is not None:
            games.append(game)
    return tuple(games)


def _matches(items: LList, roster: Roster, problems: Problems, claim, go: GoRules | None = None
             ) -> tuple[Match, ...]:
    """Knockout mini-matches: `{board, placement, games: [[first, second, result, kind], …]}`."""
    matches: list[Match] = []
    for index, item in enumerate(items):
        loc = items.at(index)
        f = MapReader(item, loc, problems, "a match", MATCH_FIELDS)
        board = f.integer("board", default=index + 1, minimum=1) or index + 1
        placement = f.choice("placement", PLACEMENTS, "")
        rows = f.sequence("games")
        if not rows:
            problems.add(loc, "a match has no games", "list its games: [red, black, result, kind]")
            continue
        games: list[Game] = []
        for row_index, row_item in enumerate(rows):
            row = _game_row(row_item, rows.at(row_index), problems, _MATCH_ROW_SHAPES)
            game = _game(row, board, roster, problems, rows.at(row_index), go) if row else None
            if game is not None:
                games.append(game)
        if len(games) != len(rows):
            continue
        pair = {games[0].first, games[0].second}
        strangers = [g for g in games if {g.first, g.second} != pair]
        if strangers:
            names = " and ".join(repr(roster.by_number[p].name) for p in sorted(pair))
            problems.add(strangers[0].loc or loc, f"every game of a match is between {names}",
                         "start a new match for other players")
            continue
        if all(claim(p, loc, f"in match {board}") is not None for p in sorted(pair)):
            matches.append(Match(board, tuple(games), placement, loc))
    return tuple(sorted(matches, key=lambda m: m.board))


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


def _lineups(fields: MapReader, roster: Roster, teams: TeamRoster | None, boards: int,
             problems: Problems) -> dict[int, tuple[int, ...]]:
    """`lineups: {team: [player, …]}`: the players a team fields this round (seed 001: `boards` of its
    players and reserves; `bulletin pair` orders them onto the boards by 五)."""
    table = fields.mapping("lineups")
    if table is None:
        return {}
    if teams is None:
        problems.add(fields.at("lineups"), "line-ups belong to team sections", "remove 'lineups:'")
        return {}
    out: dict[int, tuple[int, ...]] = {}
    for ref, players in table.items():
        team = teams.resolve(ref, table.key_locs[ref], problems)
        where = table.at(ref)
        if team is None:
            continue
        if not isinstance(players, LList):
            problems.add(where, f"the line-up of {teams.by_number[team].name!r} must be a list of players",
                         f"write '{ref}: [player, …]', {boards} of them")
            continue
        numbers = [roster.resolve(p, players.at(i), problems) for i, p in enumerate(players)]
        chosen = tuple(n for n in numbers if n is not None)
        strangers = [roster.by_number[n].name for n in chosen if teams.team_of.get(n) != team]
        if strangers:
            problems.add(where, f"{', '.join(strangers)} not of the team {teams.by_number[team].name!r}",
                         "a team fields its own players and reserves")
        elif len(chosen) == len(numbers) and (len(set(chosen)) != len(chosen) or len(chosen) != boards):
            problems.add(where, f"the line-up of {teams.by_number[team].name!r} names {len(chosen)} "
                                f"player(s); the section plays {boards} boards",
                         f"name {boards} different players")
        else:
            out[team] = chosen
    return out


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


def _named_teams(fields: MapReader, key: str, teams: TeamRoster | None) -> tuple[int, ...]:
    """The teams a list of a team section names by name (`withdrawn: [某队]`, `absent: [某队]`)."""
    if teams is None:
        return ()
    return tuple(t for t in (teams.named(ref) for ref in fields.sequence(key)) if t is not None)


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
