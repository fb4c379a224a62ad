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
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from site_builder.engine.scoring import Records
from site_builder.engine.standings import Standings, standings
from site_builder.errors import Location, Problems
from site_builder.model import (
    Event,
    Game,
    MatchScoring,
    Outcome,
    Round,
    Scoring,
    Section,
    SystemName,
    TiebreakId,
)
from site_builder.pairing import Pairing, PairingError

Ref = Callable[[int], str]  # a player as a round file names them
#: a new pairing's results as a round file writes them: pending, or the forfeits of a withdrawn player
WRITTEN = {Outcome.PENDING: "?", Outcome.FIRST_WINS_FORFEIT: "+:-", Outcome.SECOND_WINS_FORFEIT: "-:+",
           Outcome.DOUBLE_FORFEIT: "-:-"}
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


class System:
    """One pairing system: its content defaults, its results, its next round and its pages."""

    #: the `system:` of the content
    name: ClassVar[SystemName]
    #: what `bulletin new` writes beside `system:` ("" when `new` does not start this system)
    new_note: ClassVar[str] = ""
    #: extra section lines `bulletin new` writes for it (commented options)
    new_extra: ClassVar[str] = ""
    #: `bulletin pair` computes its rounds (False: the organizer writes every round file)
    automatic: ClassVar[bool] = True
    #: its engine reads a round file of requests written before pairing (byes, absences) itself
    pairs_requests: ClassVar[bool] = False
    #: players absent or on a requested bye are left out of its pairing (a fixed schedule, a
    #: bracket or a team's board order pair everyone; their absences are forfeits)
    leaves_out: ClassVar[bool] = True
    #: its pairing can keep given pairs of players apart (`forbidden:` in a prepared round file)
    keeps_apart: ClassVar[bool] = True
    #: the default of `rematches:`: may two players meet twice
    rematches: ClassVar[bool] = False
    #: a forfeited game counts as a meeting (FIDE C.04.1: it does not, the game was not played)
    forfeits_meet: ClassVar[bool] = True
    #: its standings after round n depend on later rounds (so they are never memoized by round)
    looks_ahead: ClassVar[bool] = False
    #: its default pairing numbering ("": the event's)
    numbering: ClassVar[str] = ""
    #: teams play it (`teams.yaml`, boards, team matches)
    teams: ClassVar[bool] = False
    #: players are ranked by points and tiebreaks (a knockout places them by the bracket instead)
    ranked: ClassVar[bool] = True
    #: its players meet every other player (FIDE C.07 treats round robins apart)
    all_play_all: ClassVar[bool] = False
    #: tiebreak ids that cannot break a tie in it (the loader refuses them, located), and the hint
    #: naming what to use instead
    unfit_tiebreaks: ClassVar[frozenset[str]] = frozenset()
    unfit_tiebreaks_hint: ClassVar[str] = ""
    #: TRF (092 record) tournament type written on export ("" for none), and the words of an
    #: imported type that mean this system
    trf_type: ClassVar[str] = ""
    trf_words: ClassVar[tuple[str, ...]] = ()
    #: TRF-2026's encoded tournament type (192, FIDE's Tournament-Type Code Table) written on export
    #: (with `_BAKU` added when the section is so accelerated), and the table's codes that mean this
    #: system on import (without `_BAKU`)
    trf_code: ClassVar[str] = "CUSTOM_SWISS"
    trf_codes: ClassVar[tuple[str, ...]] = ()
    #: TRF holds individual games one per round: whether its sections can be exported
    trf_export: ClassVar[bool] = True

    #: its names on pages by language code, for a system added outside the package (a built-in
    #: system's are the language catalogues' `system.<name>` labels)
    titles: ClassVar[dict[str, str]] = {}
    # ---------------------------------------------------------------- its slice
    #: the section keys it accepts beyond the common ones
    options: ClassVar[tuple[Option, ...]] = ()
    #: the section keys it accepts holding a mapping of settings (go's `pairing:`), read by
    #: `mapping_options`
    mappings: ClassVar[tuple[str, ...]] = ()
    #: its tiebreak chain where no regulation gives one and neither the event nor the section writes
    #: `tiebreaks:` (empty: the game's chain)
    tiebreaks: ClassVar[tuple[TiebreakId, ...]] = ()
    #: the score go's tiebreaks count (`by:` of SOS, SODOS …) when the chain says none: MMS or NBW
    main_score: ClassVar[TiebreakId] = "nbw"
    #: its standings' points are that go score (MMS, NBW), not the points of the scoring
    go_scores: ClassVar[bool] = False
    #: what its results compute beyond the standings
    extras: ClassVar[tuple[Extra[Any], ...]] = ()
    #: its page set, as `module:name` of a `site_builder.views.page_set.PageSet` (its pages, navigation
    #: links, templates and part of the exports); the views import it, never this layer
    page_set: ClassVar[str] = "site_builder.views.rounds:PAGES"

    # ---------------------------------------------------------------- content

    def planned_rounds(self, entrants: int) -> tuple[int, str] | None:
        """The number of rounds the regulation computes from the entrants, and how (None: stated)."""
        return None

    def rematch_free_from(self, planned: int, options: Mapping[str, bool | int | str]) -> int | None:
        """The round from which a rematch is allowed despite `rematches: false` (None: never), with
        the section's `options`."""
        return None

    def rules_keys(self, section: Section) -> tuple[str, ...]:
        """The catalogue keys of the published rules it pairs `section` by, as the event page states
        them (FIDE C.04.2: the system and its rules are announced): none for a system paired by hand."""
        return ()

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

    def first_boards(self, players: int, options: Mapping[str, bool | int | str]) -> frozenset[int]:
        """The numbers a round's boards may start from (1: its schedule leaves no table empty)."""
        return frozenset({1})

    def option_problems(self, values: Mapping[str, bool | int | str]) -> list[tuple[str, str, str]]:
        """(key, message, hint) of each of its options whose value cannot be (read at the option)."""
        return []

    def extra_named(self, name: str) -> Extra[Any] | None:
        """Its result extra `name` (e.g. `PAIRING_WHY`), None when it computes none so named."""
        return next((e for e in self.extras if e.name == name), None)

    def mapping_options(self, key: str, data: Mapping[object, object]) -> MappingOptions:
        """The options a mapping of settings (one of `mappings`) gives and the entries that cannot
        be read."""
        return MappingOptions({}, [])

    def match_scoring(self, scoring: MatchScoring, written: frozenset[str], boards: int, games: Scoring
                      ) -> MatchScoring:
        """A team section's match points: `scoring` as read (`written`: the keys its `match_points:`
        gives), completed by the system's own rules (`boards` per match, `games` per board)."""
        return scoring

    def default_rounds(self, players: int) -> int:
        """Rounds for `bulletin new` when none are asked for."""
        return 7

    def home_first(self, board: int, boards: int) -> bool:
        """Does a team match's home team play first on `board` (1..`boards`): seed 001 五 puts it
        first on every board but the last."""
        return board < boards

    def check(self, event: Event, section: Section, problems: Problems) -> None:
        """Its own checks of a loaded section (`site_builder.checks`), each breach located: these
        defaults refuse the matches of a knockout."""
        for rnd in section.rounds:
            if rnd.matches:
                problems.add(rnd.matches[0].loc or where(rnd),
                             f"matches belong to knockout sections; this section is {section.system}",
                             "write 'games:' or set 'system: knockout'")

    # ---------------------------------------------------------------- results

    def standings(self, section: Section, recs: Records, upto: int, draw_seed: int | None) -> Standings:
        """The standings after round `upto`."""
        return standings(section, recs, upto, draw_seed, round_robin=self.all_play_all)

    def stage(self, round_number: int, planned: int) -> str:
        """The stage a round belongs to ("": the system has no stages)."""
        return ""

    def out_before(self, results: Computed, round_number: int) -> frozenset[int]:
        """The players no longer in the competition when `round_number` is paired (eliminated)."""
        return frozenset()

    # ---------------------------------------------------------------- the next round

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        """The next round without the players `left_out`, no pair of `apart` meeting (raises
        `PairingError`; `PairingSeedMissing` when a draw lacks the seed)."""
        raise PairingError(f"the {self.name} system is paired by hand (write the round file)")

    def criterion(self, section: Section, recs: Records, published: Pairing, engine: Pairing
                  ) -> tuple[str, str] | None:
        """The criterion of its rules that tells a published pairing of the next round from the one
        its engine gives, and which of the two ("published" or "engine") is worse on it; None when
        the system's rules are not read that far (`bulletin verify`)."""
        return None

    def provisional_round(self, pairing: Pairing) -> Round:
        """`pairing` as a round with every result pending (the site's preview of the next round)."""
        games = tuple(Game(p.board, p.first, p.second, pairing.forfeit(p)) for p in pairing.pairs)
        return Round(number=pairing.round, games=games, byes=pairing.byes)

    def pairing_options(self, section: Section, field: frozenset[int] = frozenset()) -> str:
        """The options a round of the section is paired with, as `bulletin pair` records them in a
        round file (`paired_with:`, "key=value, …") so that `check` and `verify` say when a round was
        paired with others; `field`: the players the round names, where what the pairing reads of
        them counts too; "" for a system whose options do not change its pairing after the start."""
        return ""

    def round_lines(self, section: Section, pairing: Pairing, ref: Ref, words: Mapping[str, str]
                    ) -> list[str]:
        """The body of the round file `bulletin pair` writes for `pairing` (results '?'), its comments
        from `words` (the event language's catalogue)."""
        lines = [f"games:        # {words['file.columns.games']}"]
        lines += [f"  - [{p.board}, {ref(p.first)}, {ref(p.second)}, \"{WRITTEN[pairing.forfeit(p)]}\"]"
                  for p in pairing.pairs]
        if pairing.byes:
            lines.append("byes: [" + ", ".join(ref(b) for b in pairing.byes) + "]")
        return lines


def refuse_late_entries(section: Section, problems: Problems, what: str) -> None:
    """A system whose field is fixed by its first round (a round robin's table, a knockout's
    bracket, `what`): a player of the list that no round file names, once a round is paired, is a
    late entry it cannot take, refused at the player's line."""
    paired = [r for r in section.rounds if not r.is_request]
    if not paired or section.teams:
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
    return rnd.loc or Location(rnd.source or Path("?"))
