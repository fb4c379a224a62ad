"""A system's round file, both ways: the part of it its family reads (`RoundFile.read`: a knockout's
matches, a team round's matches, byes and line-ups …) and the body `bulletin pair` writes for a new
pairing (`RoundFile.lines`). `content/rounds.py` reads the common part (the number, the games, the
byes, absences, withdrawals, sanctions, date, note and provenance), refuses where it is written a
family's key (`FAMILY_KEYS`) the section's round file does not read (`RoundFile.keys`), and hands a
family's part what it read through `RoundReading`, so that each system's reading sits beside its
writing while the YAML and the rosters stay in the content layer above.

This module's `RoundFile` is the file of a system whose rounds are games (the Swiss systems, round
robins, the staged Swiss): a round may end with playoff games after drawn finals, and the staged
Swiss's arbiter may list who is eliminated after the preliminaries (`StagedRound`)."""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping
from typing import Any, ClassVar, NamedTuple, Protocol

from site_builder.engine.staged import StagedRound
from site_builder.errors import Location, Problems
from site_builder.model import Game, Outcome, RoundDetail, Section, Team
from site_builder.pairing import Pairing

Ref = Callable[[int], str]  # a player as a round file names them
#: a new pairing's results as a round file writes them: pending, or the forfeits of a withdrawn player
WRITTEN = {Outcome.PENDING: "?", Outcome.FIRST_WINS_FORFEIT: "+:-", Outcome.SECOND_WINS_FORFEIT: "-:+",
           Outcome.DOUBLE_FORFEIT: "-:-"}


class Items(Protocol):
    """A list of a round file with the location of each item (the content's `LList`)."""

    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __getitem__(self, index: int) -> Any: ...
    def at(self, index: int) -> Location: ...


class Table(Protocol):
    """A mapping of a round file with the location of its keys and values (the content's `LMap`)."""

    @property
    def key_locs(self) -> Mapping[Any, Location]: ...
    def items(self) -> ItemsView[Any, Any]: ...
    def at(self, key: Any) -> Location: ...


class Fields(Protocol):
    """A mapping read key by key, each problem added where it is written (`content.schema.MapReader`)."""

    def has(self, key: str) -> bool: ...
    def at(self, key: str) -> Location: ...  # its value's
    def key_at(self, key: str) -> Location: ...
    def raw(self, key: str) -> Any: ...
    def integer(self, key: str, required: bool = False, default: int | None = None, minimum: int = 0
                ) -> int | None: ...
    def choice(self, key: str, choices: Iterable[str], default: str) -> str: ...
    def sequence(self, key: str) -> Items: ...
    def mapping(self, key: str) -> Table | None: ...


class Teams(Protocol):
    """A team section's teams as round files name them (`content.teams.TeamRoster`)."""

    @property
    def by_number(self) -> Mapping[int, Team]: ...
    @property
    def team_of(self) -> Mapping[int, int]: ...  # player → team
    @property
    def home_first(self) -> Callable[[int, int], bool]: ...  # its system's: board, boards
    def named(self, ref: Any) -> int | None: ...
    def resolve(self, ref: Any, loc: Location, problems: Problems) -> int | None: ...


class RoundReading(Protocol):
    """What the common reading of a round file (`content/rounds.py`) offers a family's part."""

    @property
    def number(self) -> int: ...
    @property
    def system(self) -> str: ...  # the section's `system:`
    @property
    def fields(self) -> Fields: ...  # the round file's keys
    @property
    def problems(self) -> Problems: ...
    @property
    def teams(self) -> Teams | None: ...  # a team section's
    @property
    def boards(self) -> int: ...  # a team section's boards per match

    def fields_of(self, item: Any, loc: Location, what: str, keys: tuple[str, ...]) -> Fields:
        """`item`, a mapping inside the file (`what`: "a match"), read key by key."""
        ...

    def items_of(self, value: Any) -> Items | None:
        """`value` as a list with its items' locations, None when it is no list."""
        ...

    def game(self, item: Any, loc: Location, board: int, kind: str = "") -> Game | None:
        """One game `[first, second, result, kind]` (or a mapping) on `board`, of `kind` when it says
        none (a playoff's "rapid"), or None after adding its problems; its players are not claimed."""
        ...

    def claim(self, player: int | None, loc: Location, role: str) -> int | None:
        """`player` for this round, or None (reported) when the round names them a second time."""
        ...

    def player(self, ref: Any, loc: Location) -> int | None:
        """The player `ref` names, or None (reported)."""
        ...

    def players(self, key: str) -> tuple[int, ...]:
        """The players listed under `key`, not claimed (an elimination list)."""
        ...

    def name(self, player: int) -> str: ...
    def describe(self, value: Any) -> str:
        """`value` as an error message shows what was found instead ("the text 'x'")."""
        ...


class Part(NamedTuple):
    """What a family reads of a round file: its detail record, and the games it adds to the round's
    `games` (a team round's board games)."""

    detail: RoundDetail | None
    games: tuple[Game, ...] = ()


class Refusal(NamedTuple):
    """How the round file of another family refuses one of a family's keys, where it is written:
    "{what} belong to {sections}; this section is {system}" (`content/rounds.py`)."""

    what: str  # "matches"
    sections: str  # who reads it: "knockout sections"
    hint: str


#: the keys of a round file a family's part reads (`RoundFile.keys`), each refused in the others
FAMILY_KEYS: Mapping[str, Refusal] = {
    "matches": Refusal("matches", "knockout sections", "write 'games:' or set 'system: knockout'"),
    "playoffs": Refusal("playoffs", "sections whose rounds are games", "remove 'playoffs:'"),
    "eliminated": Refusal("eliminations", "sections whose rounds are games", "remove 'eliminated:'"),
    "lineups": Refusal("line-ups", "team sections", "remove 'lineups:'"),
}


class RoundFile:
    """The round file of a system whose rounds are games."""

    #: the keys of `FAMILY_KEYS` its part reads; the common part refuses the others where written
    keys: ClassVar[frozenset[str]] = frozenset({"playoffs", "eliminated"})
    #: its `bye:` and `byes:` name teams, which its part reads (the common part reads players)
    byes_of_teams: bool = False

    def read(self, reading: RoundReading) -> Part:
        """Its family's part of the round file: a staged Swiss's eliminations and playoffs (any
        ranked section's playoffs)."""
        playoffs = read_playoffs(reading)
        eliminated = reading.players("eliminated")
        return Part(StagedRound(eliminated, playoffs) if eliminated or playoffs else None)

    def lines(self, section: Section, pairing: Pairing, ref: Ref, words: Mapping[str, str]) -> list[str]:
        """The body of the round file `bulletin pair` writes for `pairing` (results '?'), its comments
        from `words` (the event language's catalogue)."""
        lines = [f"games:        # {words['file.columns.games']}"]
        lines += [f"  - [{p.board}, {ref(p.first)}, {ref(p.second)}, \"{WRITTEN[pairing.forfeit(p)]}\"]"
                  for p in pairing.pairs]
        if pairing.byes:
            lines.append("byes: [" + ", ".join(ref(b) for b in pairing.byes) + "]")
        return lines


def read_playoffs(reading: RoundReading) -> tuple[Game, ...]:
    """Playoff games after drawn finals (seed 003 §5.2.1): [first, second, result, kind=rapid]."""
    items = reading.fields.sequence("playoffs")
    games = (reading.game(item, items.at(index), index + 1, "rapid") for index, item in enumerate(items))
    return tuple(g for g in games if g is not None)


#: The round file of the systems whose rounds are games.
GAMES = RoundFile()
