"""Immutable domain objects: what the content says, before any computation.

Players are referred to everywhere by their pairing number. Points are exact `Fraction`s.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, Protocol, TypeGuard, cast, get_args

from site_builder.errors import Location
from site_builder.games.go_ranks import GoRank
from site_builder.games.record import Record
from site_builder.games.registry import NAMES
from site_builder.languages import LANGUAGES as LANGUAGES

# The words the content chooses from, each list once: a `Literal` type for the model's fields, and its
# values (`typing.get_args`) for the content's validation.

#: `game:`, a name of `site_builder.games.registry` (a built-in game's module, or a game registered
#: there by a module of its own), which the content checks as it reads it
GameName = str
#: `language:` and `languages:`, the languages of the pages: a catalogue file's code (`LANGUAGES`)
Language = str
#: `system:`, a name of `site_builder.systems.SYSTEMS` (each system's module, found there by itself),
#: which the content checks as it reads it
SystemName = str
#: `tiebreak_rules:`, whose definitions the tiebreak ids follow: common.md §4, FIDE C.07
TiebreakRules = Literal["common", "fide"]
#: `c07_text:`, the text of FIDE C.07 that `tiebreak_rules: fide` follows: as approved in 2023 (in
#: force 2024), or with Article 16.4 as amended in 2026 (approved 2 February, applied from 1 March 2026)
C07Text = Literal["2023", "2026"]
#: Tiebreak ids of the content format (common.md §4); nine are defined by FIDE C.07 only
#: (`tiebreak_rules: fide`); the last nine are go's, as OpenGotha computes them (docs/go.md)
TiebreakId = Literal[
    "points", "opponent-score", "cumulative", "progressive-cuts", "sonneborn-berger", "direct-encounter",
    "wins", "second-wins", "second-games", "second-points", "penalties", "warnings", "number", "lot",
    "manual",
    "wins-over-board", "opponents-rating", "koya", "opponents-buchholz", "fore-buchholz", "performance",
    "perfect-performance", "opponents-performance", "opponents-perfect-performance",
    "mms", "nbw", "sos", "sos-1", "sos-2", "sodos", "sosos", "cuss", "ext", "exr", "dc", "sdc",
]

GAMES: tuple[GameName, ...] = NAMES  # the built-in games, which `bulletin new` and `init` offer
TIEBREAK_RULES: tuple[TiebreakRules, ...] = get_args(TiebreakRules)
C07_TEXTS: tuple[C07Text, ...] = get_args(C07Text)
C07_2026_FROM = dt.date(2026, 3, 1)  # the amended Article 16.4 applies to events starting from this day
TIEBREAK_IDS: tuple[TiebreakId, ...] = get_args(TiebreakId)
FIRST_ROUNDS = ("fold", "lot")  # round 1: fold pairing (seed 003) or lot between halves (seed 004)
NUMBERINGS = ("seeding", "codes")  # pairing numbers: seeding order, or secret codes after round 1

_EMPTY: Mapping[str, object] = MappingProxyType({})

#: Tiebreak ids with the options each accepts (in the order of `TiebreakId`).
TIEBREAK_OPTIONS: dict[TiebreakId, tuple[str, ...]] = dict.fromkeys(TIEBREAK_IDS, ()) | {
    "opponent-score": ("from_round", "cut", "median", "bye"),
    "cumulative": ("drop_first",),
    "wins": ("bye",),
    "second-games": ("prefer",),
    "opponents-rating": ("cut", "median"),
    "fore-buchholz": ("cut", "median"),
}

#: Go's tiebreaks counted over a score (`by: mms` or `by: nbw`: OpenGotha's M and W variants);
#: a section's chain gives each its system's main score when it says none (`System.score`).
GO_SCORED_TIEBREAKS: tuple[TiebreakId, ...] = ("sos", "sos-1", "sos-2", "sodos", "sosos", "cuss")
GO_SCORES = ("mms", "nbw")
GO_TIEBREAKS: tuple[TiebreakId, ...] = ("mms", "nbw", *GO_SCORED_TIEBREAKS, "ext", "exr", "dc", "sdc")
TIEBREAK_OPTIONS |= dict.fromkeys(GO_SCORED_TIEBREAKS, ("by",))


def go_tiebreak_name(tiebreak_id: str, by: object = "") -> str:
    """A go tiebreak, counted `by` a score, as OpenGotha names it (SOSM, SOSW-1, SODOSM, MMS, DC); one
    with no M and W variants keeps its name whatever `by` says.

    >>> go_tiebreak_name("sos-1", "mms"), go_tiebreak_name("sodos", "nbw"), go_tiebreak_name("dc")
    ('SOSM-1', 'SODOSW', 'DC')
    >>> go_tiebreak_name("ext", "mms"), go_tiebreak_name("sdc", "nbw")
    ('EXT', 'SDC')
    """
    base, _, cut = tiebreak_id.upper().partition("-")
    variant = {"mms": "M", "nbw": "W"}.get(str(by), "") if tiebreak_id in GO_SCORED_TIEBREAKS else ""
    return base + variant + (f"-{cut}" if cut else "")


def c07_text_for(start: dt.date | None) -> C07Text:
    """The C.07 text of an event starting on `start`: 2026 from 1 March 2026, 2023 before; an event
    without dates is a new one, under the text in force now (2026).

    >>> c07_text_for(dt.date(2026, 2, 28)), c07_text_for(dt.date(2026, 3, 1)), c07_text_for(None)
    ('2023', '2026', '2026')
    """
    return "2023" if start is not None and start < C07_2026_FROM else "2026"


def is_language(code: object) -> TypeGuard[Language]:
    """`code` is a language of the pages."""
    return code in LANGUAGES


#: Ids that exist only under `tiebreak_rules: fide`, with their C.07 article.
FIDE_ONLY_TIEBREAKS: dict[TiebreakId, str] = {
    "wins-over-board": "7.2",
    "opponents-rating": "10.1",
    "koya": "9.2",
    "opponents-buchholz": "8.2",
    "fore-buchholz": "8.3",
    "performance": "10.2",
    "perfect-performance": "10.3",
    "opponents-performance": "10.4",
    "opponents-perfect-performance": "10.5",
}

#: Options whose meaning C.07 Article 16 takes over: not accepted under `tiebreak_rules: fide`.
FIDE_EXCLUDED_OPTIONS: dict[str, tuple[str, ...]] = {
    "opponent-score": ("from_round", "bye"),
    "wins": ("bye",),
}

def _go_aliases() -> dict[str, tuple[TiebreakId, Mapping[str, object]]]:
    """OpenGotha's names of the go tiebreaks (SOSM-1: `sos-1` by MMS), upper and lower case."""
    aliases: dict[str, tuple[TiebreakId, Mapping[str, object]]] = {}
    for go in GO_TIEBREAKS:
        aliases[go.upper()] = (go, _EMPTY)
    for go in GO_SCORED_TIEBREAKS:
        for by in GO_SCORES:
            name = go_tiebreak_name(go, by)
            aliases[name] = aliases[name.lower()] = (go, MappingProxyType({"by": by}))
    return aliases


#: FIDE and other common names accepted for the ids above.
TIEBREAK_ALIASES: dict[str, tuple[TiebreakId, Mapping[str, object]]] = {
    "buchholz": ("opponent-score", _EMPTY),
    "buchholz-cut-1": ("opponent-score", MappingProxyType({"cut": 1})),
    "median-buchholz": ("opponent-score", MappingProxyType({"median": 1})),
    "progressive": ("cumulative", _EMPTY),
    "progressive-score": ("cumulative", _EMPTY),
    "sb": ("sonneborn-berger", _EMPTY),
    "direct": ("direct-encounter", _EMPTY),
    "games-won": ("wins", _EMPTY),
    "black-wins": ("second-wins", _EMPTY),
    "black-games": ("second-games", _EMPTY),
    "games-with-black": ("second-games", _EMPTY),
    "black-points": ("second-points", _EMPTY),
    "playoff": ("manual", _EMPTY),
    # FIDE C.07 acronyms
    "BH": ("opponent-score", _EMPTY),
    "BH-C1": ("opponent-score", MappingProxyType({"cut": 1})),
    "BH-C2": ("opponent-score", MappingProxyType({"cut": 2})),
    "BH-M1": ("opponent-score", MappingProxyType({"median": 1})),
    "BH-M2": ("opponent-score", MappingProxyType({"median": 2})),
    "SB": ("sonneborn-berger", _EMPTY),
    "DE": ("direct-encounter", _EMPTY),
    "WIN": ("wins", _EMPTY),
    "WON": ("wins-over-board", _EMPTY),
    "BPG": ("second-games", _EMPTY),
    "BWG": ("second-wins", _EMPTY),
    "PS": ("cumulative", _EMPTY),
    "PS-C1": ("cumulative", MappingProxyType({"drop_first": 1})),
    "KS": ("koya", _EMPTY),
    "ARO": ("opponents-rating", _EMPTY),
    "ARO-C1": ("opponents-rating", MappingProxyType({"cut": 1})),
    "ARO-C2": ("opponents-rating", MappingProxyType({"cut": 2})),
    "ARO-M1": ("opponents-rating", MappingProxyType({"median": 1})),
    "AOB": ("opponents-buchholz", _EMPTY),
    "FB": ("fore-buchholz", _EMPTY),
    "FB-C1": ("fore-buchholz", MappingProxyType({"cut": 1})),
    "FB-M1": ("fore-buchholz", MappingProxyType({"median": 1})),
    "TPR": ("performance", _EMPTY),
    "PTP": ("perfect-performance", _EMPTY),
    "APRO": ("opponents-performance", _EMPTY),
    "APPO": ("opponents-perfect-performance", _EMPTY),
    # go: OpenGotha's criteria (MMS, NBW, SOSM, SOSW-1, SODOSM, SOSOSW, CUSSM, EXT, EXR, DC, SDC), in
    # either case
    **_go_aliases(),
}


class Outcome(Enum):
    """The outcome of a game, from the first player's point of view."""

    FIRST_WINS = "1-0"
    DRAW = "="
    SECOND_WINS = "0-1"
    FIRST_WINS_FORFEIT = "+-"
    SECOND_WINS_FORFEIT = "-+"
    DOUBLE_FORFEIT = "--"
    PENDING = "?"
    # abnormal results of a game played (FIDE's "unusual results"): one player scores a draw's
    # points and the other a loss's, or both a loss's (docs/content.md, Results)
    FIRST_HALF = "½-0"
    SECOND_HALF = "0-½"
    DOUBLE_LOSS = "0-0"

    @property
    def is_played(self) -> bool:
        """True for a game played over the board with a known result."""
        return self in (Outcome.FIRST_WINS, Outcome.DRAW, Outcome.SECOND_WINS, *ABNORMAL)

    @property
    def is_abnormal(self) -> bool:
        """A game played whose players' points do not add up to a game's: ½-0, 0-½, 0-0."""
        return self in ABNORMAL


#: The abnormal results of a game played (`Outcome.is_abnormal`).
ABNORMAL = (Outcome.FIRST_HALF, Outcome.SECOND_HALF, Outcome.DOUBLE_LOSS)


class GameKind(Enum):
    """Time control of a game; knockout tiebreak games are rapid, blitz or Armageddon."""

    SLOW = "slow"
    RAPID = "rapid"
    BLITZ = "blitz"
    ARMAGEDDON = "armageddon"


@dataclass(frozen=True)
class Player:
    number: int
    name: str
    rating: int | None = None
    club: str = ""
    sex: str = ""
    birth_year: int | None = None
    title: str = ""
    fields: Mapping[str, str] = field(default_factory=dict)
    loc: Location | None = field(default=None, compare=False, repr=False)
    rank: GoRank | None = None  # go: 30k–1k, 1d–9d, 1p–9p (`rank:`)
    # where the fields the federations' files and TRF write are (`name`, `club`, `latin_name`, `rating`,
    # `fide_id` …: `content.players.LOCATED_FIELDS`), for the errors of their exports
    field_locs: Mapping[str, Location] = field(default_factory=dict, compare=False, repr=False)

    def at(self, key: str) -> Location | None:
        """Where field `key` is written in the player list: its value, else the player's line."""
        return self.field_locs.get(key, self.loc)


@dataclass(frozen=True)
class Game:
    board: int
    first: int
    second: int
    outcome: Outcome
    kind: GameKind = GameKind.SLOW
    loc: Location | None = field(default=None, compare=False, repr=False)
    rated: bool = True  # False for a game not rated (FIDE TRF results W, D, L)
    # go (docs/go.md): the handicap stones (None: not said; 0 even, 1 no komi, 2–9 stones), the komi
    # the game was played with (the game's own, else the section's), and how a go result was won
    # as written in go's notation ("B+R", "W+3.5", "B+T"; "" for a result without detail)
    handicap: int | None = None
    komi: Fraction | None = None
    detail: str = ""

    def opponent(self, number: int) -> int:
        return self.second if number == self.first else self.first


@dataclass(frozen=True)
class Chain:
    """The tiebreak games after a tied two-game match, in order; `repeat_last` plays the last kind
    again (colours alternating) until a game is decisive."""

    kinds: tuple[GameKind, ...]
    repeat_last: bool = False

    def kind_at(self, index: int) -> GameKind | None:
        """Kind of the `index`-th tiebreak game (0-based), or None past the end of the chain."""
        if index < len(self.kinds):
            return self.kinds[index]
        return self.kinds[-1] if self.repeat_last and self.kinds else None


@dataclass(frozen=True)
class KnockoutRules:
    """Chains by stage: `early` while more than `late_from` players remain, then `late`;
    `final` for the 1st/2nd place match."""

    early: Chain
    late: Chain
    final: Chain
    late_from: int = 8

    def chain(self, placement: str, main_players: int) -> Chain:
        if placement == "final":
            return self.final
        if placement or main_players <= self.late_from:
            return self.late
        return self.early


@dataclass(frozen=True)
class Match:
    """A knockout mini-match: its games in the order played (slow games, then tiebreak games)."""

    board: int
    games: tuple[Game, ...]
    placement: str = ""  # "" in the main bracket; "final", "3-4", "5-8", "5-6", "7-8"
    loc: Location | None = field(default=None, compare=False, repr=False)

    @property
    def players(self) -> tuple[int, int]:
        """The two players, as in the first game (first player first)."""
        return (self.games[0].first, self.games[0].second) if self.games else (0, 0)


@dataclass(frozen=True)
class Team:
    """A team: its players by board order of registration (team t of round 1: numbers b·t−b+1 … b·t;
    `content.teams.numbers`) and its reserves."""

    number: int
    name: str
    players: tuple[int, ...]
    captain: str = ""
    reserves: tuple[int, ...] = ()
    loc: Location | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class TeamMatch:
    """A team match: home team (red on all boards but the last) against away team."""

    table: int
    home: int
    away: int
    games: tuple[Game, ...]  # board 1 first
    loc: Location | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class MatchScoring:
    """Match points (seed 001 一: 2.5 / 0, a tie 1 for the home and 1.5 for the away team)."""

    win: Fraction = Fraction(5, 2)
    home_draw: Fraction = Fraction(1)
    away_draw: Fraction = Fraction(3, 2)
    loss: Fraction = Fraction(0)
    bye: Fraction = Fraction(5, 2)
    # a pairing-allocated bye's game points for the team (None: every board won, seed 001 一)
    bye_game_points: Fraction | None = None


@dataclass(frozen=True)
class Proposal:
    """What the engine proposed for a round whose pairing the arbiter changed by hand (FIDE mode's
    trail, `proposed:` in the round file): its games as (board, first, second) and its byes; in go,
    each game's handicap and komi too (`terms`, one per game, as the games: None where not said)."""

    games: tuple[tuple[int, int, int], ...] = ()
    byes: tuple[int, ...] = ()
    terms: tuple[tuple[int | None, Fraction | None], ...] = ()


class RoundDetail(Protocol):
    """A family's part of a round (a knockout's matches, a team round's matches and line-ups …): a
    frozen record defined beside its system, which the common code asks only this. A record
    subclasses it for the answers of a round of games only, the defaults."""

    @property
    def inner_games(self) -> tuple[Game, ...]:
        """Its games that are not in the round's `games` (a knockout's, inside its matches)."""
        return ()

    @property
    def pairs(self) -> bool:
        """It holds a pairing (matches, byes): the round is paired."""
        return False

    @property
    def requests(self) -> bool:
        """It holds what a round file written before pairing asks for (teams absent)."""
        return False

    @property
    def teams_withdrawn(self) -> tuple[int, ...]:
        """The teams that withdraw after this round (never paired again)."""
        return ()

    @property
    def team_entrants(self) -> tuple[int, ...]:
        """The teams it names as entrants (in a match, on a bye, or absent), as `Round.entrants`
        names the players."""
        return ()

    def unpaired(self) -> RoundDetail | None:
        """Itself without its pairing (matches, byes): what a round file written before pairing keeps."""
        return self

    def asked(self, written: RoundDetail | None) -> RoundDetail:
        """Itself (a provisional pairing's) with what `written` asks, the part of the round file
        written before pairing (teams absent)."""
        return self


@dataclass(frozen=True)
class Provenance:
    """How a round was paired, as `bulletin pair` and the arbiter record it in its file."""

    prepared: bool = False  # written before pairing, `games: []`: the round `bulletin pair` pairs next
    forbidden: tuple[tuple[int, int], ...] = ()  # pairs of players who must not meet in this round
    paired_from: str = ""  # the digest of the results it was paired from (`pairing.paired_from`)
    accepted_from: str = ""  # the digest of the results it was kept as played with (`pair --accept`)
    proposed: Proposal | None = None  # the engine's pairing, when the arbiter changed it by hand
    tiebreaks: str = ""  # the section's tiebreak chain when `bulletin pair` paired it (`chain_text`)
    paired_with: str = ""  # the system's pairing options when `bulletin pair` paired it (`pairing_options`)


@dataclass(frozen=True)
class Origin:
    """Where a round is written: its file (`source` as messages show it, `file` itself), the ISO time
    of the last commit that changed it (content/updated.py; "" unknown: the date of its entry in the
    Atom feed), and the lines of its `round:`, `date:` and `featured:`."""

    source: Path | None = field(default=None, compare=False)
    file: Path | None = field(default=None, compare=False, repr=False, metadata={"digest": False})
    updated: str = field(default="", compare=False, metadata={"digest": False})
    loc: Location | None = field(default=None, compare=False, repr=False)  # of its `round:` line
    date_loc: Location | None = field(default=None, compare=False, repr=False)  # of its `date:` line
    featured_at: Location | None = field(default=None, compare=False, repr=False)  # of `featured:`


@dataclass(frozen=True)
class Round:
    number: int
    games: tuple[Game, ...] = ()
    byes: tuple[int, ...] = ()  # pairing-allocated byes
    absent: tuple[int, ...] = ()  # not paired, scoring `absent` (FIDE: zero-point bye)
    half_byes: tuple[int, ...] = ()  # requested half-point byes, scoring `half_bye`
    full_byes: tuple[int, ...] = ()  # requested full-point byes, scoring `full_bye`
    withdrawn: tuple[int, ...] = ()
    penalties: Mapping[int, int] = field(default_factory=dict)
    warnings: Mapping[int, int] = field(default_factory=dict)
    ranking_order: tuple[int, ...] = ()
    date: dt.date | None = None
    note: str = ""
    notes: Mapping[str, str] = field(default_factory=dict)  # the note in the event's other languages
    featured: Mapping[int, int | None] = field(default_factory=dict)  # board → the ply of its diagram
    # its family's part (a knockout's matches, a team round's …), None for a round of games only
    detail: RoundDetail | None = None
    provenance: Provenance = field(default_factory=Provenance)
    origin: Origin = field(default_factory=Origin, compare=False)

    @property
    def is_request(self) -> bool:
        """A round file written before pairing (`games: []`, or requested byes and absences only): the
        round to pair, with whatever else it states (date, note, absences)."""
        detail = self.detail
        return not (self.games or self.byes or (detail is not None and detail.pairs)) \
            and (self.provenance.prepared or bool(self.half_byes or self.full_byes or self.absent)
                 or (detail is not None and detail.requests))

    @property
    def all_games(self) -> tuple[Game, ...]:
        """Games of the round, including those inside knockout matches."""
        return self.games + self.detail.inner_games if self.detail is not None else self.games

    @property
    def teams_withdrawn(self) -> tuple[int, ...]:
        """The teams that withdraw after this round (a team round's)."""
        return self.detail.teams_withdrawn if self.detail is not None else ()

    def unpaired(self) -> Round:
        """The round as written before pairing: its games, byes and matches left out; its requests,
        absences and pairs kept apart kept."""
        return replace(self, games=(), byes=(), detail=self.detail.unpaired() if self.detail else None,
                       provenance=replace(self.provenance, prepared=True))

    @property
    def entrants(self) -> set[int]:
        """The players the round names as entrants: in a game, on a bye, or absent."""
        return {p for g in self.all_games for p in (g.first, g.second)} | set(self.byes) \
            | set(self.half_byes) | set(self.full_byes) | set(self.absent)

    @property
    def pending(self) -> int:
        """Number of games whose result is not yet known."""
        return sum(1 for g in self.all_games if g.outcome is Outcome.PENDING)

    @property
    def has_results(self) -> bool:
        games = self.all_games
        byes = self.byes or self.half_byes or self.full_byes
        return self.pending < len(games) or (not games and bool(byes))


@dataclass(frozen=True)
class Scoring:
    """Points per outcome (common.md §2); forfeits score as wins/losses unless configured."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(2)
    forfeit_loss: Fraction = Fraction(0)
    double_forfeit: Fraction = Fraction(0)
    bye: Fraction = Fraction(2)
    absent: Fraction = Fraction(0)
    half_bye: Fraction | None = None  # a requested half-point bye; None: as a draw
    full_bye: Fraction | None = None  # a requested full-point bye; None: as a pairing-allocated bye

    @property
    def half_bye_points(self) -> Fraction:
        return self.draw if self.half_bye is None else self.half_bye

    @property
    def full_bye_points(self) -> Fraction:
        return self.bye if self.full_bye is None else self.full_bye


@dataclass(frozen=True)
class Tiebreak:
    """One criterion of a ranking chain, with its options (common.md §4)."""

    id: TiebreakId
    options: Mapping[str, object] = field(default_factory=dict)

    def option(self, name: str, default: object = None) -> object:
        return self.options.get(name, default)

    def whole(self, name: str, default: int = 0) -> int:
        """A whole-number option (`cut: 1`), which the content checked is one."""
        return int(cast(int, self.options.get(name, default)))


def chain_text(chain: tuple[Tiebreak, ...]) -> str:
    """A tiebreak chain as one line, the record of the chain a round was paired under.

    >>> chain_text((Tiebreak("direct-encounter"), Tiebreak("opponent-score", {"cut": 1})))
    'direct-encounter, opponent-score(cut=1)'
    """
    return ", ".join(tb.id + (f"({', '.join(f'{k}={v}' for k, v in sorted(tb.options.items()))})"
                              if tb.options else "") for tb in chain)


@dataclass(frozen=True)
class KeepApart:
    """Players the pairing keeps apart (`keep_apart:`): pairs in every round, and players of one
    club or federation in the rounds listed."""

    pairs: tuple[tuple[int, int], ...] = ()  # smaller number first
    same_club: tuple[int, ...] = ()  # rounds
    same_federation: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.pairs or self.same_club or self.same_federation)


@dataclass(frozen=True)
class FieldChanges:
    """Who left the field and who joined it late, as the round files say it.

    >>> changes = FieldChanges(withdrawn={7: 4}, entered={12: 3})
    >>> changes.outside(7, 5), changes.outside(12, 2), changes.outside(12, 3)
    (True, True, False)
    >>> changes.upto(2), changes.entering_after(2)
    (FieldChanges(withdrawn={}, entered={}, teams_withdrawn={}, teams_entered={}), {12})
    """

    withdrawn: Mapping[int, int] = field(default_factory=dict)  # player → the round after which he withdrew
    entered: Mapping[int, int] = field(default_factory=dict)  # late entrant → the first round he plays
    teams_withdrawn: Mapping[int, int] = field(default_factory=dict)  # team → the round it withdrew after
    teams_entered: Mapping[int, int] = field(default_factory=dict)  # late team → the first round it plays

    def outside(self, player: int, round_number: int) -> bool:
        """Whether `round_number` is after `player`'s withdrawal or before his late entry."""
        return round_number > self.withdrawn.get(player, round_number) \
            or round_number < self.entered.get(player, 0)

    def upto(self, n: int) -> FieldChanges:
        """The changes that rounds 1..`n` show."""
        return FieldChanges(*({k: r for k, r in table.items() if r <= n} for table in
                              (self.withdrawn, self.entered, self.teams_withdrawn, self.teams_entered)))

    def entering_after(self, n: int) -> set[int]:
        """The late entrants who play their first round after round `n`."""
        return {player for player, first in self.entered.items() if first > n}


@dataclass(frozen=True)
class Ranking:
    """How a section's standings rank and what they show beside the chain of tiebreaks."""

    ties: str = "share"
    rules: TiebreakRules = "common"  # or "fide": the ids follow FIDE C.07
    c07_text: C07Text = "2026"  # under "fide": the C.07 text (Article 16.4) of the event's first day
    rating_columns: bool = False  # chess: the standings add each player's rating change and performance


@dataclass(frozen=True)
class PairingRules:
    """The common rules of a section's pairing, whatever its system."""

    rematches_allowed: bool = False
    first_round: str = "fold"
    numbering: str = "seeding"
    keep_apart: KeepApart = field(default_factory=KeepApart)


@dataclass(frozen=True)
class RoundsRule:
    """The number of rounds a regulation computes from the field: how, and the number."""

    formula: str
    computed: int  # `Section.rounds_planned` may override it


@dataclass(frozen=True)
class Codes:
    """The players' secret codes (`numbering: codes`): player number → code, frozen."""

    by_player: Mapping[int, int] = field(default_factory=dict)
    sealed: bool = False  # codes.yaml is sealed: `by_player` is known only with the draw seed


@dataclass(frozen=True)
class GameRecords:
    """A section's game records by (round, board); digested through `digest` (the files' texts), not
    move by move (`cache.digest`)."""

    by_board: Mapping[tuple[int, int], Record] = field(default_factory=dict, compare=False, repr=False,
                                                       metadata={"digest": False})
    digest: str = ""


@dataclass(frozen=True)
class SectionFiles:
    """Where a section's files live, and the ISO time of the last commit of them or of the event's
    shared ones (content/updated.py); as the event's, shown only where a page's data says so."""

    directory: Path | None = field(default=None, compare=False)
    updated: str = field(default="", metadata={"digest": False})


# A family's part of a section or an event (team play, a group of a multi-stage event, go, the shogi
# league): a frozen record defined beside its family's engine, which the common code asks only this.

class TeamDetail(Protocol):
    """A team section's part (`site_builder.engine.teams.TeamSection`)."""

    @property
    def teams(self) -> tuple[Team, ...]:
        """Its teams."""


class StageDetail(Protocol):
    """A group of a multi-stage event (`site_builder.engine.league_event.StageGroup`)."""

    @property
    def number(self) -> int:
        """The stage the group belongs to."""


class GoDetail(Protocol):
    """A go section's own settings (`site_builder.engine.go_section.GoSection`)."""

    @property
    def komi(self) -> Fraction | None:
        """The komi of an even game (None: not said)."""


class LeagueDetail(Protocol):
    """The shogi league's decisions for an event (`site_builder.engine.league.League`)."""

    @property
    def locs(self) -> Mapping[str, Location]:
        """Where each decision is written, for errors."""


@dataclass(frozen=True)
class Section:
    id: str
    name: str  # in the event's language
    system: SystemName
    rounds_planned: int
    scoring: Scoring
    tiebreaks: tuple[Tiebreak, ...]
    players: tuple[Player, ...]
    rounds: tuple[Round, ...]
    ranking: Ranking = field(default_factory=Ranking)
    pairing: PairingRules = field(default_factory=PairingRules)
    names: Mapping[str, str] = field(default_factory=dict)  # in the event's other languages
    codes: Codes = field(default_factory=Codes)
    # the values of its system's own options (`System.options`), by key
    options: Mapping[str, bool | int | str] = field(default_factory=dict)
    rounds_rule: RoundsRule | None = None  # when a regulation computes the number of rounds
    prizes: PrizeSettings = field(default_factory=lambda: PrizeSettings())
    records: GameRecords = field(default_factory=GameRecords)
    files: SectionFiles = field(default_factory=SectionFiles)
    team: TeamDetail | None = None  # team play
    stage: StageDetail | None = None  # a group of a multi-stage event
    go: GoDetail | None = None  # go

    @property
    def teams(self) -> tuple[Team, ...]:
        """Its teams (none outside team play)."""
        return self.team.teams if self.team else ()

    @property
    def eliminate_after_prelims(self) -> bool:
        """The staged Swiss's option (seed 003 §2.1.1): the preliminaries eliminate players."""
        return bool(self.options.get("eliminate_after_prelims", True))

    @cached_property
    def teams_by_number(self) -> dict[int, Team]:
        return {t.number: t for t in self.teams}

    @cached_property
    def team_of(self) -> dict[int, int]:
        """Player number → team number."""
        return {p: t.number for t in self.teams for p in (*t.players, *t.reserves)}

    @cached_property
    def field_changes(self) -> FieldChanges:
        """Who withdrew after which round and who entered late from which, as the round files say:
        a team withdraws when a round names it or when all its players have withdrawn; a team enters
        late when the first round naming it comes after round 1, and its players and reserves with it;
        a reserve of another team is no late entrant, whenever it first plays."""
        first: dict[int, int] = {}
        withdrawn: dict[int, int] = {}
        teams: dict[int, int] = {}
        team_first: dict[int, int] = {}
        for rnd in self.rounds:
            for player in sorted(rnd.entrants):
                first.setdefault(player, rnd.number)
            for player in rnd.withdrawn:
                withdrawn.setdefault(player, rnd.number)
            for team in rnd.teams_withdrawn:
                teams.setdefault(team, rnd.number)
            for team in rnd.detail.team_entrants if rnd.detail is not None else ():
                team_first.setdefault(team, rnd.number)
        for t in self.teams:
            if t.number not in teams and t.players and all(p in withdrawn for p in t.players):
                teams[t.number] = max(withdrawn[p] for p in t.players)
        if not self.teams:
            return FieldChanges(withdrawn, {p: n for p, n in first.items() if n > 1}, teams)
        late = {team: n for team, n in team_first.items() if n > 1}
        entered = {p: late[t.number] for t in self.teams if t.number in late
                   for p in (*t.players, *t.reserves)}
        return FieldChanges(withdrawn, entered, teams, late)

    def player(self, number: int) -> Player:
        return self.players_by_number[number]

    @cached_property
    def players_by_number(self) -> dict[int, Player]:
        return {p.number: p for p in self.players}

    @property
    def current_round(self) -> int:
        return self.rounds[-1].number if self.rounds else 0

    @property
    def round_to_pair(self) -> Round | None:
        """The last round file when it was written before pairing (`Round.is_request`): the round
        the next pairing fills."""
        last = self.rounds[-1] if self.rounds else None
        return last if last is not None and last.is_request else None


@dataclass(frozen=True)
class MarkdownPage:
    """A Markdown page (regulations, reports) with its front matter."""

    slug: str
    title: str
    markdown: str
    order: int = 0


@dataclass(frozen=True)
class PrizeCategory:
    """Prizes for players matching `filter` (field → value, or {min, max} for numbers)."""

    name: str
    filter: Mapping[str, object]
    prizes: tuple[tuple[Decimal, str], ...]  # (amount, item) by place


@dataclass(frozen=True)
class PrizeSettings:
    places: tuple[tuple[Decimal, str], ...] = ()  # (amount, item) by place
    categories: tuple[PrizeCategory, ...] = ()
    one_per_person: bool = True
    sharing: str = "tiebreak"  # or "hort": tied players share the money of their places
    currency: str = ""
    levels: tuple[tuple[str, int | None, Decimal | None], ...] = ()  # (name, rank ≤, score ≥), best first
    marks: tuple[tuple[str, Decimal], ...] = ()  # (name, score ≥), e.g. a certificate
    grants: Mapping[int, str] = field(default_factory=dict)  # the arbiters' extra prizes, by player
    withdrawn: tuple[int, ...] = ()  # players whose prizes the arbiters withdrew


@dataclass(frozen=True)
class EventDates:
    """The event's first and last days, and the time zone in which pages show times."""

    start: dt.date | None = None
    end: dt.date | None = None
    timezone: str = ""  # IANA name: the event's own time zone ("": UTC)


@dataclass(frozen=True)
class Officials:
    """Who runs the event beside its chief arbiter (a text of `Event`, given per language)."""

    organizers: tuple[str, ...] = ()
    arbiters: tuple[str, ...] = ()  # the other arbiters (deputies, arbiters), as the event lists them


@dataclass(frozen=True)
class Translations:
    """The event's further page languages, published under <event>/<language>/, and its texts given
    in other languages."""

    languages: tuple[Language, ...] = ()
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # language → {field: text}


@dataclass(frozen=True)
class DrawSeed:
    """The event's draw seed: a plain one, or the committed one from BULLETIN_DRAW_SEED."""

    seed: int | None = None
    sha256: str = ""  # the commitment to a secret seed (docs/secrets.md), lower-case hex
    loc: Location | None = field(default=None, compare=False, repr=False)  # of the seed's line


@dataclass(frozen=True)
class RatingRule:
    """`rating: {k: 20, table: logistic}`: rating changes for a game other than chess (docs/chess.md)."""

    k: int | None = None
    table: str = "fide"  # or "logistic": 1 / (1 + 10^(−D/400)), to the hundredth


@dataclass(frozen=True)
class EventFiles:
    """Where `event.yaml` and its fields are, when its directory last changed, what it read."""

    # where `event.yaml` and its fields are ("event.yaml", "chief_arbiter"), for warnings
    locs: Mapping[str, Location] = field(default_factory=dict, compare=False, repr=False)
    # ISO time of the last commit of its directory (content/updated.py), "" unknown; shown by the pages
    # that say so in their own data, not digested with the event (every page would change with it)
    updated: str = field(default="", metadata={"digest": False})
    # whether it read a file outside its folder or in a dot-directory of it (`players: ../list.csv`):
    # such an event is loaded by every build (`site_builder.build.unchanged`)
    reads_outside: bool = field(default=False, compare=False, repr=False, metadata={"digest": False})


@dataclass(frozen=True)
class Event:
    slug: str
    name: str
    game: GameName
    language: Language
    sections: tuple[Section, ...]
    short_name: str = ""
    dates: EventDates = field(default_factory=lambda: EventDates())
    venue: str = ""
    chief_arbiter: str = ""
    officials: Officials = field(default_factory=lambda: Officials())
    time_control: str = ""  # as the regulations write it: "90 min + 30 s per move"
    regulation: str = ""
    draw: DrawSeed = field(default_factory=DrawSeed)
    description: str = ""
    translations: Translations = field(default_factory=lambda: Translations())
    pages: tuple[MarkdownPage, ...] = ()
    players: tuple[Player, ...] = ()  # the event's master list, when sections draw their players from it
    trf: Mapping[str, Any] = field(default_factory=dict)  # FIDE TRF data kept for `export trf`
    raw_html: bool = False  # site.yaml `raw_html: true`: its Markdown pages keep raw HTML (docs/content.md)
    rating: RatingRule | None = None  # the event's own rating, for a game other than chess
    files: EventFiles = field(default_factory=EventFiles)
    league: LeagueDetail | None = None  # the shogi league's decisions


@dataclass(frozen=True)
class Site:
    title: str  # "": the home is titled in the site's language ("赛事公报", "Bulletins")
    language: Language
    events: tuple[Event, ...]
    theme: Path | None = None  # a theme directory shadowing the default theme (site.yaml `theme:`)
    raw_html: bool = False  # site.yaml `raw_html: true`: Markdown pages keep raw HTML, unsanitized
    titles: Mapping[str, str] = field(default_factory=dict)  # the title in other languages, by code
    search: str = ""  # site.yaml `search:`: the address of a player search shared by several sites
    language_stated: bool = False  # site.yaml gives `language:` (else `language` is the default's)
