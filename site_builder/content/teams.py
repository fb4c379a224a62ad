"""Team lists (`teams.yaml`) and team references in round files (seed 001 三.2: team t's players are
numbered b·t−b+1 … b·t for b boards; reserves are numbered after all regular players)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
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
PLAYER_FIELDS = ("name", "rating", "club", "sex", "birth_year", "title", *TEXT_FIELDS)


def load_teams(path: Path, shown: Path, boards: int, problems: Problems, cache: Store | None = None,
               born_by: int | None = None) -> tuple[tuple[Player, ...], tuple[Team, ...]]:
    """Read the teams and number their players; every team fields exactly `boards` players (one
    block per key of a team, numbering as it reads). `born_by`: the latest birth year a player
    may have (the event's year; None: no bound)."""
    data = read_yaml(path, problems, shown, cache)
    if isinstance(data, LMap) and "teams" in data:
        data = data["teams"]
    if not isinstance(data, LList):
        if data is not None or not problems:
            problems.add(getattr(data, "loc", Location(shown)), "a team list must be a list of teams",
                         "write '- {name: ..., players: [..., ..., ...]}' per team")
        return (), ()
    teams: list[tuple[int, str, str, list[tuple[Any, Location]], list[tuple[Any, Location]], Location]] = []
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
        teams.append((number, name, f.text("captain"),
                      list(zip(regulars, regulars.item_locs, strict=True)),
                      list(zip(reserves, reserves.item_locs, strict=True)), loc))
    teams.sort()
    players: list[Player] = []
    owner: dict[str, tuple[str, Location]] = {}
    built: list[Team] = []
    reserve_number = boards * max((t[0] for t in teams), default=0)
    for number, name, captain, listed, listed_reserves, loc in teams:
        regular_numbers, reserve_numbers = [], []
        for index, (item, item_loc) in enumerate(listed + listed_reserves):
            if index < len(listed):
                player_number = boards * (number - 1) + index + 1
                regular_numbers.append(player_number)
            else:
                reserve_number += 1
                player_number = reserve_number
                reserve_numbers.append(player_number)
            player = _player(item, item_loc, player_number, problems, born_by)
            if player is None:
                continue
            key = normalize_name(player.name)
            if key in owner and owner[key][0] != name:
                problems.add(item_loc,
                             f"{player.name!r} plays for two teams ({owner[key][0]!r} and {name!r})",
                             "a player belongs to one team")
            owner.setdefault(key, (name, item_loc))
            players.append(dataclasses.replace(player, club=name, loc=item_loc))
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
    name = f.text("name", required=True)
    if not name:
        return None
    fields = {key: text for key in TEXT_FIELDS if (text := f.text(key))}
    fide_id(f, fields, problems)
    return Player(number, name, f.integer("rating", minimum=0), "", f.text("sex"),
                  birth_year(f, born_by, problems), f.text("title"), fields, loc=loc)


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

