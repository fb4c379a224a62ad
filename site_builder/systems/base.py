"""What the program asks of a pairing system, answered for a Swiss paired by score groups; each
system's module (`site_builder.systems.*`) says where it differs.

A system's module declares its whole vertical slice: its section options (`Option`), the results it
computes beyond the standings (`Extra`), where its page set lives (`page_set`, resolved by the views)
and its names. A system's pairing engine is imported by its `pair` only: a build that pairs nothing
never loads them (the Dutch engine's graph libraries alone take 0.2 s to import)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

from site_builder.engine.league_event import qualified
from site_builder.engine.scoring import Records
from site_builder.engine.standings import POINTS, ScoreModel, Standings, standings
from site_builder.errors import Location, Problems
from site_builder.model import (
    Event,
    Game,
    MatchScoring,
    Round,
    Scoring,
    Section,
    SystemName,
    TiebreakId,
)
from site_builder.pairing import Pairing, PairingError
from site_builder.systems.round_file import GAMES, RoundFile

T = TypeVar("T")


class Computed(Protocol):
    """What a section's results offer the extras of its system (`site_builder.results.SectionResults`)."""

    @property
    def section(self) -> Section: ...
    @property
    def records(self) -> Records: ...
    @property
    def standings(self) -> dict[int, Standings]: ...  # after each round that has results
    @property
    def system(self) -> System: ...  # the section's
    def extra(self, key: Extra[T]) -> T: ...
    def derived(self, upto: int, name: str, compute: Callable[[], T]) -> T: ...  # memoized by rounds 1..upto


@dataclass(frozen=True)
class Extra(Generic[T]):
    """A result a system computes beyond the standings (a knockout's placings, a team Swiss's team
    standings), computed once per section when first asked for: `results.extra(KEY)`."""

    name: str
    compute: Callable[[Computed], T] = field(compare=False, repr=False)


#: The name of the extra of a system that explains each round's pairings, by round number: the page
#: "Why these pairings?" of each round (`views/pairing_why.py`); its values are the system's own.
PAIRING_WHY = "pairing_why"


@dataclass(frozen=True)
class Option:
    """A section key a system accepts beyond the common ones (`site_builder.content.section`): its
    default and, for a text, the values it may take. Its value is `section.options[key]`."""

    key: str
    default: bool | int | str
    choices: tuple[str, ...] = ()


class MappingProblem(NamedTuple):
    """An entry of a mapping of settings that cannot be read: its name as written, whether the
    problem is located at the name (an unknown or repeated name) rather than at its value, and what
    to say of it."""

    name: object
    on_key: bool
    message: str
    hint: str


class MappingOptions(NamedTuple):
    """What a section's mapping of settings (one of a system's `mappings`, go's `pairing:`) gives:
    the options it sets, by `key.name`, and the entries that cannot be read."""

    found: dict[str, bool | int | str]
    wrong: list[MappingProblem]


@dataclass(frozen=True)
class PairingRules:
    """How a system's pairing treats the field, read by `bulletin pair`, the loader and `verify`."""

    #: `bulletin pair` computes its rounds (False: the organizer writes every round file)
    automatic: bool = True
    #: its engine reads a round file of requests written before pairing (byes, absences) itself
    pairs_requests: bool = False
    #: players absent or on a requested bye are left out of its pairing (a fixed schedule, a
    #: bracket or a team's board order pair everyone; their absences are forfeits)
    leaves_out: bool = True
    #: its pairing can keep given pairs of players apart (`forbidden:` in a prepared round file)
    keeps_apart: bool = True
    #: its pairing takes virtual points (`acceleration: baku`, FIDE C.04.7)
    accelerates: bool = False
    #: its pairing of a round reads the results of the rounds before it (False: a fixed table or a
    #: draw by lot reads only the field and who met whom, so a corrected result makes no round stale)
    reads_results: bool = True
    #: the default of `rematches:`: may two players meet twice
    rematches: bool = False
    #: a forfeited game counts as a meeting (FIDE C.04.1: it does not, the game was not played)
    forfeits_meet: bool = True
    #: its default pairing numbering ("": the event's)
    numbering: str = ""


@dataclass(frozen=True)
class Ranking:
    """How a system ranks its players: by points and a tiebreak chain, and which tiebreaks fit."""

    #: players are ranked by points and tiebreaks (a knockout places them by the bracket instead)
    ranked: bool = True
    #: its players meet every other player (FIDE C.07 treats round robins apart)
    all_play_all: bool = False
    #: its standings after round n depend on later rounds (so they are never memoized by round)
    looks_ahead: bool = False
    #: its tiebreak chain where no regulation gives one and neither the event nor the section writes
    #: `tiebreaks:` (empty: the game's chain)
    tiebreaks: tuple[TiebreakId, ...] = ()
    #: tiebreak ids that cannot break a tie in it (the loader refuses them, located), and the hint
    #: naming what to use instead
    unfit_tiebreaks: frozenset[str] = frozenset()
    unfit_hint: str = ""


class System:
    """One pairing system: its name, options, pairing rules, ranking and score model, results, next
    round and pages. What only some systems have is a capability of its own (`TeamPlay`, `Schedule`,
    `Stages`, `Settings`, `Announced`, `RecordsOptions` here; TRF's names in `site_builder.trf.names`;
    the texts of `bulletin new` in `site_builder.commands.new`), asked for by `isinstance`."""

    #: the `system:` of the content
    name: ClassVar[SystemName]
    #: its names on pages by language code, for a system added outside the package (a built-in
    #: system's are the language catalogues' `system.<name>` labels)
    titles: ClassVar[dict[str, str]] = {}
    #: the section keys it accepts beyond the common ones
    options: ClassVar[tuple[Option, ...]] = ()
    #: how its pairing treats the field
    pairing: ClassVar[PairingRules] = PairingRules()
    #: how it ranks the players
    ranking: ClassVar[Ranking] = Ranking()
    #: what its standings count as points (the scoring's points; go's MMS or NBW)
    score: ClassVar[ScoreModel] = POINTS
    #: what its results compute beyond the standings
    extras: ClassVar[tuple[Extra[Any], ...]] = ()
    #: its page set, as `module:name` of a `site_builder.views.page_set.PageSet` (its pages, navigation
    #: links, templates and part of the exports); the views import it, never this layer
    page_set: ClassVar[str] = "site_builder.views.rounds:PAGES"
    #: its round file, both ways: its family's part of the file read (a knockout's matches …) and
    #: the body `bulletin pair` writes (`systems/round_file.py`)
    round_file: ClassVar[RoundFile] = GAMES

    def check(self, event: Event, section: Section, problems: Problems) -> None:
        """Its own checks of a loaded section (`site_builder.checks`), each breach located (a round
        file's matches outside a knockout are refused as it is read, `RoundFile.read`)."""

    # ---------------------------------------------------------------- results

    def standings(self, section: Section, recs: Records, upto: int, draw_seed: int | None) -> Standings:
        """The standings after round `upto`."""
        return standings(section, recs, upto, draw_seed, round_robin=self.ranking.all_play_all)

    # ---------------------------------------------------------------- the next round

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        """The next round without the players `left_out`, no pair of `apart` meeting (raises
        `PairingError`; `PairingSeedMissing` when a draw lacks the seed)."""
        raise PairingError(f"the {self.name} system is paired by hand (write the round file)")

    def provisional_round(self, pairing: Pairing) -> Round:
        """`pairing` as a round with every result pending (the site's preview of the next round)."""
        games = tuple(Game(p.board, p.first, p.second, pairing.forfeit(p)) for p in pairing.pairs)
        return Round(number=pairing.round, games=games, byes=pairing.byes)



# ---------------------------------------------------------------- capabilities
# What some systems have and others lack, each asked for by `isinstance` (a runtime-checkable
# `Protocol`), and read through the functions below it: a system without it says so (None) rather
# than answering with a default.


@runtime_checkable
class TeamPlay(Protocol):
    """Teams play the system (`teams.yaml`, boards, team matches): its match points and which team
    plays first on a board."""

    def match_scoring(self, scoring: MatchScoring, written: frozenset[str], boards: int, games: Scoring
                      ) -> MatchScoring:
        """A team section's match points: `scoring` as read (`written`: the keys its `match_points:`
        gives), completed by the system's own rules (`boards` per match, `games` per board)."""
        return scoring

    def home_first(self, board: int, boards: int) -> bool:
        """Does a team match's home team play first on `board` (1..`boards`): seed 001 五 puts it
        first on every board but the last."""
        return board < boards


def team_play(system: System) -> TeamPlay | None:
    """The team play of `system`, None when players play it one by one."""
    return system if isinstance(system, TeamPlay) else None


def match_scoring(system: System, scoring: MatchScoring, written: frozenset[str], boards: int, games: Scoring
                  ) -> MatchScoring:
    """A section's match points: `scoring` as read, completed by the rules of `system`'s team play
    (as read where players play one by one)."""
    play = team_play(system)
    return play.match_scoring(scoring, written, boards, games) if play is not None else scoring


@runtime_checkable
class Schedule(Protocol):
    """A system whose regulation sets a section's schedule: the rounds it computes from the
    entrants, when rematches become allowed, where boards start."""

    def planned_rounds(self, entrants: int) -> tuple[int, str] | None:
        """The number of rounds the regulation computes from the entrants, and how (None: stated)."""
        return None

    def rematch_free_from(self, planned: int, options: Mapping[str, bool | int | str]) -> int | None:
        """The round from which a rematch is allowed despite `rematches: false` (None: never), with
        the section's `options`."""
        return None

    def first_boards(self, players: int, options: Mapping[str, bool | int | str]) -> frozenset[int]:
        """The numbers a round's boards may start from (1: its schedule leaves no table empty)."""
        return frozenset({1})


def planned_rounds(system: System, entrants: int) -> tuple[int, str] | None:
    """The rounds `system`'s regulation computes from the entrants and how; None where the section
    states them (a system without a `Schedule`)."""
    return system.planned_rounds(entrants) if isinstance(system, Schedule) else None


def rematch_free_from(system: System, planned: int, options: Mapping[str, bool | int | str]) -> int | None:
    """The round from which `system` allows a rematch despite `rematches: false`; None: never."""
    return system.rematch_free_from(planned, options) if isinstance(system, Schedule) else None


def first_boards(system: System, players: int, options: Mapping[str, bool | int | str]) -> frozenset[int]:
    """The numbers a round's boards may start from: 1 unless `system`'s `Schedule` says others."""
    return system.first_boards(players, options) if isinstance(system, Schedule) else frozenset({1})


@runtime_checkable
class Stages(Protocol):
    """A system played in stages, players leaving the competition between them (eliminated)."""

    def stage(self, round_number: int, planned: int) -> str:
        """The stage a round belongs to."""
        ...

    def out_before(self, results: Computed, round_number: int) -> Mapping[int, str]:
        """The players no longer in the competition when `round_number` is paired, each with the
        catalogue key of why (the pages' words for it: "eliminated" …)."""
        ...


def stages(system: System) -> Stages | None:
    """The stages of `system`, None when it has none."""
    return system if isinstance(system, Stages) else None


@runtime_checkable
class NamesRounds(Protocol):
    """A system whose rounds are parts of something larger (a Double-Swiss match's two games): the
    pages name each round's part beside its number."""

    def round_part(self, round_number: int) -> tuple[str, dict[str, int]]:
        """The catalogue key naming the part `round_number` is, and its values."""
        ...


@runtime_checkable
class Settings(Protocol):
    """A system whose options are read beyond their values: their values checked together, and
    section keys holding a mapping of settings (go's `pairing:`)."""

    #: the section keys it accepts holding a mapping of settings, read by `mapping_options`
    mappings: ClassVar[tuple[str, ...]] = ()

    def option_problems(self, values: Mapping[str, bool | int | str]) -> list[tuple[str, str, str]]:
        """(key, message, hint) of each of its options whose value cannot be (read at the option)."""
        return []

    def mapping_options(self, key: str, data: Mapping[object, object]) -> MappingOptions:
        """The options a mapping of settings (one of `mappings`) gives and the entries that cannot
        be read."""
        return MappingOptions({}, [])


def mappings(system: System) -> tuple[str, ...]:
    """The section keys of `system` holding a mapping of settings (none without `Settings`)."""
    return system.mappings if isinstance(system, Settings) else ()


def option_problems(system: System, values: Mapping[str, bool | int | str]) -> list[tuple[str, str, str]]:
    """The problems of `system`'s option `values` read together (none without `Settings`)."""
    return system.option_problems(values) if isinstance(system, Settings) else []


def mapping_options(system: System, key: str, data: Mapping[object, object]) -> MappingOptions:
    """The options `system`'s mapping of settings `key` gives (none without `Settings`)."""
    return system.mapping_options(key, data) if isinstance(system, Settings) else MappingOptions({}, [])


@runtime_checkable
class Announced(Protocol):
    """A system paired by published rules, which the event page states (FIDE C.04.2)."""

    def rules_keys(self, section: Section) -> tuple[str, ...]:
        """The catalogue keys of the published rules it pairs `section` by."""
        ...


@runtime_checkable
class RecordsOptions(Protocol):
    """A system whose options change its pairing after the start, recorded in each round file
    `bulletin pair` writes (`paired_with:`) so that `check` and `verify` say when they changed."""

    def pairing_options(self, section: Section, field: frozenset[int] = frozenset()) -> str:
        """The options a round of the section is paired with ("key=value, …"); `field`: the players
        the round names, where what the pairing reads of them counts too."""
        ...


def pairing_options(system: System, section: Section, field: frozenset[int] = frozenset()) -> str:
    """The options `system` pairs a round of `section` with; "" for a system that records none."""
    return system.pairing_options(section, field) if isinstance(system, RecordsOptions) else ""


class TrfNamed:
    """How TRF names a system whose sections it can hold (`site_builder.trf.names.TrfNames`, which
    the TRF package reads): a system without them is not written to TRF."""

    #: TRF (092 record) tournament type written on export ("" for none), and the words of an
    #: imported type that mean this system
    trf_type: ClassVar[str] = ""
    trf_words: ClassVar[tuple[str, ...]] = ()
    #: TRF-2026's encoded tournament type (192, FIDE's Tournament-Type Code Table) written on export
    #: (with `_BAKU` added when the section is so accelerated), and the table's codes that mean this
    #: system on import (without `_BAKU`)
    trf_code: ClassVar[str] = "CUSTOM_SWISS"
    trf_codes: ClassVar[tuple[str, ...]] = ()

    def trf_code_for(self, section: Section) -> str:
        """The TRF-2026 type code (192) `section` is written with, before any `_BAKU`."""
        return self.trf_code

    def trf_first_colour(self, section: Section, recs: Records, draw_seed: int | None) -> str:
        """TRF-2026's 152 (W or B) of a section whose first colour was drawn by lot, where the
        system records what was drawn ("": none)."""
        return ""

    def trf_options(self, code: str) -> dict[str, bool | int | str]:
        """The values of its options a TRF-2026 type code (one of `trf_codes`) says."""
        return {}


#: The rounds `bulletin new` writes for a system that computes none from the players.
DEFAULT_ROUNDS = 7


class NewDefaults:
    """What `bulletin new` writes for a system it starts (`site_builder.commands.new.NewTexts`, which
    the command reads): a system without them is not offered."""

    #: what `bulletin new` writes beside `system:`
    new_note: ClassVar[str]
    #: extra section lines `bulletin new` writes for it (commented options)
    new_extra: ClassVar[str] = ""
    #: its placeholder players carry placeholder ratings (a system that pairs by rating alone)
    new_rated: ClassVar[bool] = False

    def default_rounds(self, players: int) -> int:
        """Rounds for `bulletin new` when none are asked for."""
        return DEFAULT_ROUNDS


@runtime_checkable
class Explains(Protocol):
    """A system that explains each round's pairings (its extra named `PAIRING_WHY`): the function of
    the views, as `module:name`, that puts one round's explanation in the words of the page
    "Why these pairings?" (`views/pairing_why.py`)."""

    why_view: ClassVar[str]


@runtime_checkable
class KeepsAsPlayed(Protocol):
    """A system whose later rounds were paired for a field that results before them decide (the
    staged Swiss's elimination after the preliminaries): what keeps that field as played when such a
    result is corrected after they were paired (`bulletin pair --accept`)."""

    def kept_as_played(self, section: Section, first: int) -> tuple[Round, str, tuple[int, ...]] | None:
        """To keep rounds `first`… as played: the round whose file records the field, its key there and
        its players (None: they were paired for the field the results give)."""


def kept_as_played(system: System, section: Section, first: int) -> tuple[Round, str, tuple[int, ...]] | None:
    """What keeps rounds `first`… of `section` as played beyond their `accepted_from:` (`KeepsAsPlayed`);
    None for a system that records nothing more."""
    return system.kept_as_played(section, first) if isinstance(system, KeepsAsPlayed) else None


def extra_named(system: System, name: str) -> Extra[Any] | None:
    """The result extra `name` of `system` (e.g. `PAIRING_WHY`), None when it computes none so named."""
    return next((e for e in system.extras if e.name == name), None)


def refuse_late_entries(section: Section, problems: Problems, what: str) -> None:
    """A system whose field is fixed by its first round (a round robin's table, a knockout's
    bracket, `what`): a player of the list that no round file names, once a round is paired, is a
    late entry it cannot take, refused at the player's line. A section whose players qualify from
    the stage before takes no entries: a qualifier no round names qualified after its pairing (a
    result of that stage corrected), which the warning on stale rounds reports."""
    paired = [r for r in section.rounds if not r.is_request]
    if not paired or section.teams or qualified(section):
        return
    named = {p for r in paired for p in (*r.entrants, *r.withdrawn)}
    for player in section.players:
        if player.number not in named:
            problems.add(player.loc or where(paired[0]),
                         f"{player.name!r} is in no round: {what} is drawn for the players of the first "
                         f"round ({len(named)}) and cannot take a late entry",
                         "remove the player from the list, or start a new section for the late entrants")


def where(rnd: Round) -> Location:
    """Where a round is written, for a problem found in it."""
    return rnd.origin.loc or Location(rnd.origin.source or Path("?"))
