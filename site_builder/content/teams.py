"""Team lists (`teams.yaml`) and team references in round files. Players' numbers are fixed once
given (seed 001 三.2): the teams of round 1 number their players b·t−b+1 … b·t for b boards, then
come their reserves, then each team that joined later with its players and reserves (`numbers`);
a player's own `number:` overrides the rule."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from site_builder.cache.store import Store
from site_builder.content.players import birth_year, fide_id, normalize_name
from site_builder.content.schema import MapReader, type_name
from site_builder.content.yamlsource import LList, LMap, close_matches, read_yaml
from site_builder.errors import Location, Problems
from site_builder.model import Player, Team

TEAM_FIELDS = ("number", "name", "captain", "players", "reserves")
#: A team player's fields kept as text among its free fields, as a player list's (TRF's 001 gives them).
TEXT_FIELDS = ("federation", "fide_id", "birth_date")
PLAYER_FIELDS = ("name", "number", "rating", "club", "sex", "birth_year", "title", *TEXT_FIELDS)

#: A team as numbered: its number and, for each of its players then reserves, the number its list
#: gives (None: the rule's).
Members = tuple[int, Sequence[int | None]]
#: The keys of a team round file that pair it: a round 1 written with one of them numbers the teams.
PAIRED = ("matches", "bye", "byes")


def numbers(teams: Sequence[Members], boards: int, opening: int | None) -> dict[tuple[int, int], int]:
    """Each member's number by (team, its index among the team's players then reserves): the teams
    numbered up to `opening` (the largest number round 1 pairs; None: every team, before round 1)
    number their first `boards` players b·t−b+1 … b·t (seed 001 三.2), then come their reserves, then
    the teams numbered above it, each with its players and reserves, in the order of their numbers.
    A number a list gives is kept, and the others pass it by, so that no number once given changes
    when a team or a reserve is added.

    >>> given = numbers([(1, [None] * 3), (2, [None] * 4), (3, [None] * 3)], 3, 2)
    >>> [given[(t, i)] for t, i in sorted(given)]
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    >>> numbers([(1, [None] * 3), (2, [None, None, 7]), (3, [None] * 2)], 2, 2)
    ... # doctest: +NORMALIZE_WHITESPACE
    {(1, 0): 1, (1, 1): 2, (2, 0): 3, (2, 1): 4, (1, 2): 5, (2, 2): 7, (3, 0): 6, (3, 1): 8}
    """
    last = max((t for t, _ in teams), default=0) if opening is None else opening
    taken = {n for _, members in teams for n in members if n is not None}
    out: dict[tuple[int, int], int] = {}
    ordered = sorted(teams, key=lambda team: team[0])
    for team, members in ordered:
        if team <= last:
            for index, given in enumerate(members[:boards]):
                out[(team, index)] = boards * (team - 1) + index + 1 if given is None else given
    following = boards * last
    later = [(team, index, given) for team, members in ordered if team <= last
             for index, given in enumerate(members) if index >= boards]
    later += [(team, index, given) for team, members in ordered if team > last
              for index, given in enumerate(members)]
    for team, index, given in later:
        if given is None:
            following += 1
            while following in taken:
                following += 1
        out[(team, index)] = following if given is None else given
    return out


def opening_teams(first_round: Any, teams: Mapping[int, str]) -> int | None:
    """The largest number of a team that round 1 (`first_round`, its file as written) names in a
    match, on a bye, absent or withdrawn; None while round 1 is not paired (no matches, no bye)."""
    if not isinstance(first_round, Mapping) or not any(first_round.get(key) for key in PAIRED):
        return None
    by_name = {normalize_name(name): number for number, name in teams.items()}

    def listed(key: str) -> list[Any]:
        value = first_round.get(key)
        return list(value) if isinstance(value, list) else [value]

    refs = [m.get(side) for m in listed("matches") if isinstance(m, Mapping) for side in ("home", "away")]
    refs += listed("bye") + listed("byes")
    named = [ref for ref in refs if isinstance(ref, int) and not isinstance(ref, bool) and ref in teams]
    refs += listed("absent") + listed("withdrawn")  # where a number is a player's, not a team's
    named += [by_name.get(normalize_name(ref)) or 0 for ref in refs if isinstance(ref, str)]
    return max(named, default=0) or None


def load_teams(path: Path, shown: Path, boards: int, problems: Problems, cache: Store | None = None,
               first_round: Any = None, born_by: int | None = None
               ) -> tuple[tuple[Player, ...], tuple[Team, ...]]:
    """Read the teams and number their players (`numbers`, round 1's teams read from `first_round`,
    its file as written); every team fields exactly `boards` players (one block per key of a team,
    numbering as it reads). `born_by`: the latest birth year a player may have (the event's year;
    None: no bound)."""
    data = read_yaml(path, problems, shown, cache)
    if isinstance(data, LMap) and "teams" in data:
        data = data["teams"]
    if not isinstance(data, LList):
        if data is not None or not problems:
            problems.add(getattr(data, "loc", Location(shown)), "a team list must be a list of teams",
                         "write '- {name: ..., players: [..., ..., ...]}' per team")
        return (), ()
    teams: list[tuple[int, str, str, list[tuple[Any, Location]], int, Location]] = []
    seen_numbers: dict[int, Location] = {}
    for position, item in enumerate(data, start=1):
        loc = data.at(position - 1)
        f = MapReader(item, loc, problems, "a team", TEAM_FIELDS)
        name = f.text("name", required=True, hint="every team needs 'name: ...'")
        number = f.integer("number", default=position, minimum=1) or position
        if number in seen_numbers:
            problems.add(f.at("number"), f"duplicate team number {number}",
                         "number teams by registration order")
            continue
        seen_numbers[number] = loc
        regulars, reserves = f.sequence("players"), f.sequence("reserves")
        if len(regulars) != boards:
            problems.add(f.at("players"),
                         f"team {name!r} lists {len(regulars)} players for {boards} boards",
                         f"list exactly {boards} players under 'players:' (others under 'reserves:')")
            continue
        listed = list(zip(regulars, regulars.item_locs, strict=True))
        listed += zip(reserves, reserves.item_locs, strict=True)
        teams.append((number, name, f.text("captain"), listed, len(regulars), loc))
    teams.sort()
    given = {(number, index): _given_number(item)
             for number, _, _, listed, _, _ in teams for index, (item, _) in enumerate(listed)}
    numbered = numbers([(t[0], [given[(t[0], i)] for i in range(len(t[3]))]) for t in teams], boards,
                       opening_teams(first_round, {t[0]: t[1] for t in teams}))
    players: list[Player] = []
    owner: dict[str, tuple[str, Location]] = {}
    holders: dict[int, tuple[Player, Any, Location]] = {}
    built: list[Team] = []
    for number, name, captain, listed, regular_count, loc in teams:
        regular_numbers: list[int] = []
        reserve_numbers: list[int] = []
        for index, (item, item_loc) in enumerate(listed):
            player_number = numbered[(number, index)]
            (regular_numbers if index < regular_count else reserve_numbers).append(player_number)
            player = _player(item, item_loc, player_number, problems, born_by)
            if player is None:
                continue
            if player_number in holders:
                _taken(holders[player_number], (player, item, item_loc), max(numbered.values()) + 1,
                       problems)
                continue
            key = normalize_name(player.name)
            if key in owner and owner[key][0] != name:
                problems.add(item_loc,
                             f"{player.name!r} plays for two teams ({owner[key][0]!r} and {name!r})",
                             "a player belongs to one team")
            owner.setdefault(key, (name, item_loc))
            player = dataclasses.replace(player, club=name, loc=item_loc)
            holders[player_number] = (player, item, item_loc)
            players.append(player)
        built.append(Team(number, name, tuple(regular_numbers), captain, tuple(reserve_numbers), loc))
    return tuple(sorted(players, key=lambda p: p.number)), tuple(built)


def _player(item: Any, loc: Location, number: int, problems: Problems, born_by: int | None = None
            ) -> Player | None:
    """A team's player: a name, or a mapping of the player's fields (`PLAYER_FIELDS`)."""
    if (isinstance(item, str | int) and not isinstance(item, bool)) or item is None:
        name = "" if item is None else str(item).strip()
        if not name:  # the player keeps the number: round files naming it by number still read
            problems.add(loc, f"the name of player #{number} is empty", "write the player's name")
        return Player(number, name or f"#{number}", loc=loc)
    f = MapReader(item, loc, problems, "a team player", PLAYER_FIELDS)
    f.integer("number", minimum=1)  # read by `_given_number`, checked here
    name = f.text("name", required=True)
    if not name:
        return None
    fields = {key: text for key in TEXT_FIELDS if (text := f.text(key))}
    fide_id(f, fields, problems)
    return Player(number, name, f.integer("rating", minimum=0), "", f.text("sex"),
                  birth_year(f, born_by, problems), f.text("title"), fields, loc=loc)


def _given_number(item: Any) -> int | None:
    """The number a team player's mapping gives (`number: 25`), if any (a wrong one is reported by
    `_player`'s reading)."""
    if not isinstance(item, LMap):
        return None
    value = item.get("number")
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None


def _taken(first: tuple[Player, Any, Location], second: tuple[Player, Any, Location], free: int,
           problems: Problems) -> None:
    """Two players with one number (one of them given it by its `number:`): an error at that
    `number:`, naming the other player."""
    (mine, item, loc), (other, _, _) = (second, first) if _given_number(second[1]) is not None \
        else (first, second)
    where = item.at("number") if _given_number(item) is not None else loc
    problems.add(where, f"player number {mine.number} is given to {mine.name!r} and to {other.name!r}",
                 f"give {mine.name!r} a number no other player has, e.g. {free}: a number once given "
                 "never changes")


class TeamRoster:
    """Resolves team references (number or name) in round files."""

    def __init__(self, teams: tuple[Team, ...],
                 home_first: Callable[[int, int], bool] = lambda board, boards: board < boards) -> None:
        self.home_first = home_first  # does the home team play first on board b of n (its system's)
        self.by_number = {t.number: t for t in teams}
        self.by_name = {normalize_name(t.name): t for t in teams}
        self.team_of = {p: t.number for t in teams for p in (*t.players, *t.reserves)}

    def named(self, ref: Any) -> int | None:
        """The team `ref` names by its name (never by a number, which would be a player's), if any."""
        team = self.by_name.get(normalize_name(ref)) if isinstance(ref, str) else None
        return team.number if team is not None else None

    def resolve(self, ref: Any, loc: Location, problems: Problems) -> int | None:
        if isinstance(ref, int) and not isinstance(ref, bool):
            if ref in self.by_number:
                return ref
            problems.add(loc, f"no team has number {ref}",
                         f"teams are numbered 1 to {len(self.by_number)}")
            return None
        if not isinstance(ref, str):
            problems.add(loc, f"expected a team (name or number), found {type_name(ref)}",
                         "write the team's name or number")
            return None
        team = self.by_name.get(normalize_name(ref))
        if team is not None:
            return team.number
        names = [t.name for t in self.by_number.values()]
        close = close_matches(ref, names)
        hint = ("did you mean " + " or ".join(repr(n) for n in close) + "?") if close else \
            "check the spelling against the team list"
        problems.add(loc, f"unknown team {ref!r}", hint)
        return None

