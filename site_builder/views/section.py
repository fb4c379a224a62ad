"""Page data: everything a template shows, computed once from the model and the engine.

Templates only loop and print; every number and label is prepared here. Paths are relative
to the output root (`event/section/round-01.html`); templates turn them into relative links.

A section's page data in one language is a `SectionData`; what its pages show is made by the module
of their family (`round_rows`: the rounds' board lines; `standings_rows`: the standings and their
legends; `crosstable`; `cards`: the player cards). Page data that depends only on rounds 1..n is
memoized between builds (`upto`): its maker receives a `SectionUpto`, which holds only the section
up to round n, the labels, the event's settings and what the results say of those rounds, so that a
maker reading later data fails at type-check time. Both share the formatting of `SectionShown`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from site_builder.cache.digest import Deferred, Digester
from site_builder.engine.league import League
from site_builder.engine.rating import RatingResult
from site_builder.engine.scoring import Records
from site_builder.engine.standings import Row, Standings
from site_builder.games.registry import game_of
from site_builder.model import (
    Event,
    EventFiles,
    Game,
    Language,
    Outcome,
    Player,
    Round,
    Section,
    TiebreakId,
)
from site_builder.regulations import preset_for
from site_builder.results import EventResults, SectionResults
from site_builder.systems import system_of
from site_builder.views import columns as cols
from site_builder.views import format as fmt
from site_builder.views.field_changes import field_changes
from site_builder.views.i18n import Labels
from site_builder.views.ranking import SectionRanking
from site_builder.views.reasons import said

T = TypeVar("T")
P = ParamSpec("P")

#: A section of more players than this prints the standings after each round in a PDF of their own,
#: `standings-round-NN.pdf`, and the last round's crosstable in another, `crosstable-round-NN.pdf`
#: (with the standings when a final placing prints instead of them): its round bulletin stays the
#: pages of results and pairings an arbiter posts on the wall, and the PDFs lay out side by side.
STANDINGS_APART_ABOVE = 300


class SectionShown:
    """How page data formats a section: its addresses, names, points and optional columns, each
    memoized on the object (`SectionData` for every page, `SectionUpto` for the memoized makers)."""

    if TYPE_CHECKING:
        @property
        def event(self) -> Event: ...
        @property
        def section(self) -> Section: ...
        @property
        def labels(self) -> Labels: ...
        @property
        def records(self) -> Records: ...
        @property
        def standings(self) -> Mapping[int, Standings]: ...
        @property
        def pdfs(self) -> bool: ...

        def main_points(self, after: int) -> Mapping[int, int]:
            """Each player's points after round `after` as the standings show them (go: MMS, NBW)."""

        def ratings_after(self, upto: int) -> dict[int, RatingResult]:
            """Chess: each rated player's rating results over rounds 1..`upto`."""

        def tiebreak_power(self, tiebreak_id: TiebreakId) -> int:
            """How many decimal places of the engine's units a tiebreak's values carry (0: a count)."""

    @property
    def base(self) -> str:
        return f"{self.event.slug}/{self.section.id}"

    def player_url(self, number: int) -> str:
        return f"{self.base}/players/{number}.html"

    def round_url(self, n: int) -> str:
        return f"{self.base}/round-{n:02d}.html"

    def standings_url(self, n: int) -> str:
        return f"{self.base}/standings-{n:02d}.html"

    def crosstable_url(self, by_start: bool = False) -> str:
        """The crosstable in the order of places, or by starting rank (`by_start`)."""
        return f"{self.base}/crosstable-start.html" if by_start else f"{self.base}/crosstable.html"

    def game_url(self, n: int, board: int) -> str:
        """The page of the game record of board `board` in round `n`."""
        return f"{self.base}/games/round-{n:02d}-board-{board:02d}.html"

    def record_url(self, n: int, board: int) -> str:
        """`game_url` when the game has a record, else ""."""
        return self.game_url(n, board) if (n, board) in self.section.records.by_board else ""

    def pdf_url(self, n: int) -> str:
        """The bulletin of round `n`; "" when the build makes no PDFs."""
        return f"{self.base}/bulletin-round-{n:02d}.pdf" if self.pdfs else ""

    def standings_pdf_url(self, n: int) -> str:
        """The standings after round `n` printed on their own, as a section of more than
        `STANDINGS_APART_ABOVE` players prints them; "" for a smaller section and without PDFs."""
        return f"{self.base}/standings-round-{n:02d}.pdf" if self._prints_apart else ""

    def crosstable_pdf_url(self, n: int) -> str:
        """The crosstable after the last round `n` printed on its own, as a section of more than
        `STANDINGS_APART_ABOVE` players prints it (beside its final standings, so that the two lay
        out side by side); "" for a smaller section and without PDFs."""
        return f"{self.base}/crosstable-round-{n:02d}.pdf" if self._prints_apart else ""

    @property
    def _prints_apart(self) -> bool:
        return self.pdfs and len(self.section.players) > STANDINGS_APART_ABOVE

    def name(self, number: int, padded: bool = False) -> str:
        """A player's name; `padded` aligns two-character Chinese names as seed 004's round lists do,
        where the bulletin prints the regulation's own list (`seed_lines`) in a language that pads."""
        name = self.section.player(number).name
        pads = padded and self.seed_lines and self.labels.catalogue.padded_names
        return fmt.padded_name(name) if pads else name

    @cached_property
    def _refs(self) -> dict[tuple[int, bool], tuple[str, str]]:
        return {}

    def ref(self, number: int, padded: bool = False) -> dict[str, Any]:
        """A link to a player's card (a new dict each time; its strings are memoized)."""
        key = (number, padded)
        known = self._refs.get(key)
        if known is None:
            known = self._refs[key] = (self.name(number, padded), self.player_url(number))
        return {"number": number, "name": known[0], "url": known[1]}

    @cached_property
    def all_cells(self) -> dict[int, dict[str, str]]:
        """Every player's texts in the optional columns, by number."""
        return {p.number: cols.player_cells(p, self.labels) for p in self.section.players}

    def cells(self, number: int) -> dict[str, str]:
        """A player's texts in the optional columns (title, federation, rating, …: `columns.py`)."""
        return self.all_cells[number]

    @cached_property
    def present_columns(self) -> frozenset[str]:
        """The optional columns the section has (one decision per section, whichever table asks)."""
        return cols.present(self.all_cells.values())

    def columns(self, table: tuple[str, ...]) -> list[dict[str, Any]]:
        """The headings of the optional columns of a kind of table (`columns.STANDINGS`, …) that the
        section has."""
        return cols.headings(self.present_columns, table, self.labels)

    @cached_property
    def games_at(self) -> dict[tuple[int, int], Game]:
        """The games of the section by round and board."""
        return {(r.number, g.board): g for r in self.section.rounds for g in r.games}

    def game_at(self, round_number: int, board: int | None) -> Game | None:
        """The game of a round's board (None for a bye, or a board of no game)."""
        return self.games_at.get((round_number, board or 0))

    def result(self, outcome: Outcome, detail: str = "") -> str:
        """A result as the pages show it: in the game's own words of the page's language where the
        catalogue has them (go's 黑中盘胜, 白3目半勝ち, 和棋), else as the game writes it
        (`format.result`: `B+R`, `1-0`); the exports keep the game's notation."""
        return self.labels.own_result(self.event.game, outcome.value, detail) \
            or fmt.result(outcome, self.event.game, detail)

    def terms(self, game: Game) -> str:
        """A go game's handicap and komi as the language writes them ("H3 · komi 0.5", "让先 · 贴目
        0.5"); "" for a game played without them."""
        if not game_of(self.event.game).game_terms:
            return ""
        t = self.labels
        return fmt.go_terms(game.handicap, game.komi, t.komi, t("go_handicap.first"), t("go_handicap.stones"))

    @property
    def round_legend(self) -> list[str]:
        """What a round's notation means, under its pairings: the game's own legend in the language
        (go's results, handicap and komi: `round_legend.go.*`), else none."""
        return self.labels.game_lines("round_legend", self.event.game)

    @property
    def numbered(self) -> bool:
        """The pairings are printed as chess players read them (`Game.numbered_pairings`)."""
        return game_of(self.event.game).numbered_pairings

    @property
    def seed_lines(self) -> bool:
        """The round list is printed as the regulation's own (`Preset.seed_lines`)."""
        return preset_for(self.event.regulation, self.event.game).seed_lines

    def points_before(self, player: int, before: int) -> int:
        """`player`'s points after round `before` in the engine's units: go's main score (MMS, NBW) as
        the standings after that round show it, else the points of the records."""
        if system_of(self.section).score.main is not None:
            return self.main_points(before).get(player, 0)
        return self.records.total(player, before)

    def before(self, player: int, before: int) -> str:
        """A board line's points of `player` before the round, bracketed: `(0.0)` as the regulation's
        own list writes them, else as the language brackets and whole when the scoring is."""
        units = self.points_before(player, before)
        if self.seed_lines and self.labels.catalogue.seed_lists:
            return f"({fmt.points(self.records.points(units))})"
        return self.labels.paren(self.pts(units)).strip()

    @property
    def bye_own_line(self) -> bool:
        """A bye is printed on the player's own line (the player on the left, the bye in the result,
        nobody on the right): numbered pairings, and a game whose lists print it so (go)."""
        return self.numbered or game_of(self.event.game).bye_own_line

    @property
    def bye_mark(self) -> str:
        seed_list = self.seed_lines and self.labels.catalogue.seed_lists
        return self.labels.seed_bye_mark if seed_list else self.labels.bye_mark

    @property
    def whole(self) -> bool:
        """Whether whole points print without decimals: when the scoring has no fractions of a
        point, and in go, whose players and OpenGotha write MMS and SOS so (`36`, `36.5`)."""
        return self.records.scale == 1 or game_of(self.event.game).whole_points

    @cached_property
    def _point_texts(self) -> dict[tuple[int | Fraction, int], str]:
        return {}

    def pts(self, units: int | Fraction, power: int = 1) -> str:
        """Points (units of the engine; a tiebreak's may be a fraction of one) as shown on pages;
        memoized, pages repeat the same values."""
        key = (units, power)
        text = self._point_texts.get(key)
        if text is None:
            text = self._point_texts[key] = fmt.points(self.records.points(units, power), whole=self.whole)
        return text

    @cached_property
    def _changes(self) -> dict[int, dict[int, tuple[str, str]]]:
        return {}

    def changes_upto(self, n: int) -> dict[int, tuple[str, str]]:
        """`field_changes` of the section after round `n`, computed once per round."""
        if n not in self._changes:
            self._changes[n] = field_changes(self.section, self.labels, n)
        return self._changes[n]

    @cached_property
    def tiebreak_headers(self) -> list[dict[str, str]]:
        """The tiebreak columns' headings (short and full names)."""
        labels, fide = self.labels, self.section.ranking.rules == "fide"
        named = (labels.fide_tiebreak(tb) if fide else labels.tiebreak_of(tb)
                 for tb in self.section.tiebreaks)
        return [dict(zip(("short", "full"), names, strict=True)) for names in named]


@dataclass(eq=False)
class SectionData(SectionShown):
    """What the pages of a section show in one language: the section's results (`results`, the same
    object for every language) with the labels, and what is formatted from them, memoized."""

    event: Event
    results: SectionResults
    labels: Labels
    pdfs: bool = True  # whether the build makes PDFs: pages link only to files that exist
    #: what its tables of places rank when the regulation ranks its players otherwise too (a league
    #: group's points table beside the stage-1 order; `EventPageSet.section_ranking`), else None
    ranking: SectionRanking | None = None

    @cached_property
    def section(self) -> Section:
        """The section with its name and round notes in this language where the content gives them."""
        section, language = self.results.section, self.labels.language
        if language in section.names or any(language in r.notes for r in section.rounds):
            rounds = tuple(dataclasses.replace(r, note=r.notes[language]) if language in r.notes else r
                           for r in section.rounds)
            section = dataclasses.replace(section, name=section.names.get(language, section.name),
                                          rounds=rounds)
        return section

    @property
    def records(self) -> Records:
        return self.results.records

    @property
    def standings(self) -> dict[int, Standings]:
        return self.results.standings

    @property
    def preview(self) -> Round | None:
        return self.results.preview

    @property
    def preview_notes(self) -> list[str]:
        """Why the provisional round is paired so (for arbiters), in this language."""
        return said(self.results.reasons, self.labels.language)

    @cached_property
    def settings_event(self) -> Event:
        """The event's settings: all its fields but the collections of sections, players, challenges
        and pages, what page data may read of the event besides the section."""
        league = self.event.league
        league = dataclasses.replace(league, challenges=()) if isinstance(league, League) else league
        return dataclasses.replace(self.event, sections=(), players=(), pages=(), league=league)

    @cached_property
    def settings(self) -> str:
        """The digest of the event's settings (`settings_event`): the fields that digests cover."""
        digest = Digester(shared=(Event, EventFiles)).digest(self.settings_event)
        return digest.hex() if digest is not None else repr(self.settings_event)

    @property
    def place_heading(self) -> str:
        """The heading of the place column of the section's standings, crosstable and cards."""
        return self.ranking.heading if self.ranking else self.labels.place

    @property
    def latest(self) -> Standings | None:
        return self.results.latest

    @cached_property
    def latest_rows(self) -> dict[int, Row]:
        """The rows of the latest standings by player."""
        latest = self.latest
        return {row.player: row for row in latest.rows} if latest else {}

    def latest_row(self, number: int) -> Row | None:
        """A player's row in the latest standings."""
        return self.latest_rows.get(number)

    def main_points(self, after: int) -> Mapping[int, int]:
        return self.results.points_before(after + 1)

    def ratings_after(self, upto: int) -> dict[int, RatingResult]:
        return self.results.ratings_after(upto)

    def tiebreak_power(self, tiebreak_id: TiebreakId) -> int:
        return self.results.tiebreak_power(tiebreak_id)

    @cached_property
    def _parts(self) -> dict[Callable[[SectionData], Any], Any]:
        return {}

    def part(self, family: Callable[[SectionData], T]) -> T:
        """The page data of a family of pages (`family(self)`, made once): what it memoizes."""
        if family not in self._parts:
            self._parts[family] = family(self)
        found: T = self._parts[family]
        return found

    @cached_property
    def _upto(self) -> dict[int, SectionUpto]:
        return {}

    def upto_round(self, n: int) -> SectionUpto:
        """What a memoized maker of rounds 1..`n` reads (`SectionUpto`), made once per round."""
        if n not in self._upto:
            self._upto[n] = SectionUpto.of(self, n)
        return self._upto[n]


class _ResultsUpto:
    """What the results say of rounds 1..n, and nothing of the rounds after them: asking for a later
    round is an error."""

    def __init__(self, results: SectionResults, n: int) -> None:
        self.__results, self.__n = results, n

    def __checked(self, upto: int) -> SectionResults:
        if upto > self.__n:
            raise LookupError(f"round {upto} is after round {self.__n}, the last this page data reads")
        return self.__results

    def main_points(self, after: int) -> Mapping[int, int]:
        return self.__checked(after).points_before(after + 1)

    def ratings_after(self, upto: int) -> dict[int, RatingResult]:
        return self.__checked(upto).ratings_after(upto)

    def tiebreak_power(self, tiebreak_id: TiebreakId) -> int:
        return self.__results.tiebreak_power(tiebreak_id)


@dataclass(frozen=True, eq=False)
class SectionUpto(SectionShown):
    """What a memoized maker (`upto`) reads: the section up to round `n` (its later rounds and their
    game records left out), the labels, the event's settings (`settings`: no sections, players,
    challenges or pages) and what the results say of rounds 1..`n` (records, standings, main points,
    ratings). It has no results, no event and no later rounds to read."""

    n: int
    section: Section
    labels: Labels
    settings: Event
    records: Records
    standings: Mapping[int, Standings]
    pdfs: bool
    results: _ResultsUpto

    @classmethod
    def of(cls, data: SectionData, n: int) -> SectionUpto:
        """`data`'s section up to round `n`."""
        whole = data.section
        section = dataclasses.replace(
            whole, rounds=tuple(r for r in whole.rounds if r.number <= n),
            records=dataclasses.replace(whole.records, by_board={key: record for key, record
                                                                 in whole.records.by_board.items()
                                                                 if key[0] <= n}))
        recs = data.records
        records = Records(recs.scale, {p: entries[:n] for p, entries in recs.entries.items()},
                          min(recs.rounds, n))
        standings = {k: table for k, table in data.standings.items() if k <= n}
        return cls(n, section, data.labels, data.settings_event, records, standings, data.pdfs,
                   _ResultsUpto(data.results, n))

    @property
    def event(self) -> Event:
        """The event's settings (`settings`), as the formatting reads them."""
        return self.settings

    def main_points(self, after: int) -> Mapping[int, int]:
        return self.results.main_points(after)

    def ratings_after(self, upto: int) -> dict[int, RatingResult]:
        return self.results.ratings_after(upto)

    def tiebreak_power(self, tiebreak_id: TiebreakId) -> int:
        return self.results.tiebreak_power(tiebreak_id)


def in_language(event: Event, language: Language) -> Event:
    """The event as published in another of its languages: its pages under `<event>/<language>/`,
    its name, short name, venue, chief arbiter, time control and description in that language when
    the content gives them (`Event.translations`)."""
    return dataclasses.replace(event, language=language, slug=f"{event.slug}/{language}",
                               **event.translations.texts.get(language, {}))  # type: ignore[arg-type]  # str fields


def section_views(event: Event, results: EventResults, pdfs: bool = True) -> list[SectionData]:
    """The page data of every section of `event` in its language, from the event's results (the
    same results serve the event in each of its languages); `pdfs`: whether the build makes PDFs."""
    labels = Labels(event.language)
    return [SectionData(event, section, labels, pdfs) for section in results.sections]


def upto(data: SectionData, n: int, make: Callable[Concatenate[SectionUpto, P], T],
         *args: P.args, **kwargs: P.kwargs) -> T:
    """`make(data.upto_round(n), *args)`, page data that depends only on rounds 1..`n` of the section
    (the maker receives nothing else: `SectionUpto`), memoized between builds
    (`StandingsMemo.derived`) under a key made of what it is computed from: the section up to round
    `n`, the event's settings (`SectionData.settings`, the language included), whether the build
    makes PDFs (`SectionUpto.pdfs`), the function (by its qualified name; the software's digest is
    part of every key) and `args`."""
    return deferred_upto(data, n, make, *args, **kwargs).value


def deferred_upto(data: SectionData, n: int, make: Callable[Concatenate[SectionUpto, P], T],
                  *args: P.args, **kwargs: P.kwargs) -> Deferred[T]:
    """`upto(data, n, make, *args)`, made or loaded from the store when a page first reads it
    (`StandingsMemo.deferred`): the pages of the rounds a change leaves alone read none of it."""
    memo = data.results.memo
    given = (args, kwargs) if kwargs else args
    digest = memo.digester.digest(given) if memo is not None and memo.digester is not None else None
    if memo is None or digest is None:
        return Deferred(None, lambda: make(data.upto_round(n), *args, **kwargs))
    name = f"{make.__module__}.{make.__qualname__}\0{digest.hex()}\0{data.settings}\0{data.pdfs}"
    return memo.deferred(n, name, lambda: make(data.upto_round(n), *args, **kwargs))


# ---------------------------------------------------------------- building blocks


def brief(obj: Any, *heavy: str) -> SimpleNamespace:
    """A model object as templates see it: its fields without the `heavy` collections, so that a
    page's data (and the page) does not change with every result of the event, and without the
    fields a digest does not cover (a page showing one would not change with it)."""
    return SimpleNamespace(**{f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)
                              if f.name not in heavy and f.metadata.get("digest", True)})


def status(section: Section) -> str:
    if not section.rounds:
        return "upcoming"
    last = section.rounds[-1]
    if last.number >= section.rounds_planned and last.pending == 0:
        return "finished"
    return "running"


def player_row(data: SectionData, player: Player) -> dict[str, Any]:
    """A player as the starting list shows them: number, name and the optional columns (`cols`)."""
    return {
        "number": player.number, "name": data.name(player.number), "url": data.player_url(player.number),
        "rating": player.rating or "", "club": player.club, "title": player.title,
        "birth_year": player.birth_year or "", "cols": data.cells(player.number),
        "rank": data.labels.rank_of(player.rank) if player.rank else "",
    }


def codes_published(section: Section) -> bool:
    """Seed 004 二.2: codes stay secret until the last round's pairings exist."""
    return bool(section.codes.by_player) and section.current_round >= section.rounds_planned


