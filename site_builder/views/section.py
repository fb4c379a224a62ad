"""Page data: everything a template shows, computed once from the model and the engine.

Templates only loop and print; every number and label is prepared here. Paths are relative
to the output root (`event/section/round-01.html`); templates turn them into relative links.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, TypeVar

from site_builder.cache.digest import Digester
from site_builder.engine.scoring import Entry, Kind, Records, Side
from site_builder.engine.standings import Row, Standings
from site_builder.games.registry import game_of
from site_builder.model import (
    Event,
    EventFiles,
    Game,
    GameKind,
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
from site_builder.views.field_changes import field_changes, legend
from site_builder.views.i18n import Labels
from site_builder.views.name_order import name_key
from site_builder.views.ranking import SectionRanking

T = TypeVar("T")


@dataclass
class SectionData:
    """What the pages of a section show in one language: the section's results (`results`, the same
    object for every language) with the labels, and what is formatted from them, memoized."""

    event: Event
    results: SectionResults
    labels: Labels
    pdfs: bool = True  # whether the build makes PDFs: pages link only to files that exist
    #: what its tables of places rank when the regulation ranks its players otherwise too (a league
    #: group's points table beside the stage-1 order; `EventPageSet.section_ranking`), else None
    ranking: SectionRanking | None = None
    _points: dict[tuple[int, int], str] = field(default_factory=dict, repr=False)
    _refs: dict[tuple[int, bool], tuple[str, str]] = field(default_factory=dict, repr=False)
    _headers: list[dict[str, str]] | None = field(default=None, repr=False)
    _latest_rows: dict[int, Row] | None = field(default=None, repr=False)
    _card_labels: tuple[dict[Kind, str], tuple[str, str]] | None = field(default=None, repr=False)
    _blocks: dict[int, dict[str, Any]] = field(default_factory=dict, repr=False)
    _settings: str | None = field(default=None, repr=False)
    _changes: dict[int, dict[int, tuple[str, str]]] = field(default_factory=dict, repr=False)
    _playoffs: dict[int, tuple[Game, ...]] | None = field(default=None, repr=False)
    _team_boards: dict[tuple[int, int], str] | None = field(default=None, repr=False)
    _section: Section | None = field(default=None, repr=False)
    _cells: dict[int, dict[str, str]] | None = field(default=None, repr=False)
    _present: frozenset[str] | None = field(default=None, repr=False)
    _crosstables: dict[int, dict[str, Any]] = field(default_factory=dict, repr=False)
    _games_at: dict[tuple[int, int], Game] | None = field(default=None, repr=False)

    @property
    def section(self) -> Section:
        """The section with its name and round notes in this language where the content gives them."""
        if self._section is None:
            section, language = self.results.section, self.labels.language
            if language in section.names or any(language in r.notes for r in section.rounds):
                rounds = tuple(dataclasses.replace(r, note=r.notes[language]) if language in r.notes else r
                               for r in section.rounds)
                section = dataclasses.replace(section, name=section.names.get(language, section.name),
                                              rounds=rounds)
            self._section = section
        return self._section

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
        return self.results.notes(self.labels.language)

    @property
    def settings(self) -> str:
        """The digest of every setting of the event (all its fields but the collections of sections,
        players, challenges and pages): what page data may read of the event besides the section."""
        if self._settings is None:
            league = self.event.league and dataclasses.replace(self.event.league, challenges=())
            event = dataclasses.replace(self.event, sections=(), players=(), pages=(), league=league)
            digest = Digester(shared=(Event, EventFiles)).digest(event)  # its fields that digests cover
            self._settings = digest.hex() if digest is not None else repr(event)
        return self._settings

    @property
    def base(self) -> str:
        return f"{self.event.slug}/{self.section.id}"

    @property
    def place_heading(self) -> str:
        """The heading of the place column of the section's standings, crosstable and cards."""
        return self.ranking.heading if self.ranking else self.labels.place

    @property
    def latest(self) -> Standings | None:
        return self.results.latest

    def latest_row(self, number: int) -> Row | None:
        """A player's row in the latest standings."""
        if self._latest_rows is None:
            latest = self.latest
            self._latest_rows = {row.player: row for row in latest.rows} if latest else {}
        return self._latest_rows.get(number)

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

    def name(self, number: int, padded: bool = False) -> str:
        """A player's name; `padded` aligns two-character Chinese names as seed 004's round lists do."""
        name = self.section.player(number).name
        return fmt.padded_name(name) if padded and self.labels.catalogue.padded_names else name

    def ref(self, number: int, padded: bool = False) -> dict[str, Any]:
        """A link to a player's card (a new dict each time; its strings are memoized)."""
        key = (number, padded)
        known = self._refs.get(key)
        if known is None:
            known = self._refs[key] = (self.name(number, padded), self.player_url(number))
        return {"number": number, "name": known[0], "url": known[1]}

    def _all_cells(self) -> dict[int, dict[str, str]]:
        if self._cells is None:
            self._cells = {p.number: cols.player_cells(p, self.labels) for p in self.section.players}
        return self._cells

    def cells(self, number: int) -> dict[str, str]:
        """A player's texts in the optional columns (title, federation, rating, …: `columns.py`)."""
        return self._all_cells()[number]

    def columns(self, table: tuple[str, ...]) -> list[dict[str, Any]]:
        """The headings of the optional columns of a kind of table (`columns.STANDINGS`, …) that the
        section has: one decision per section, whichever table asks."""
        if self._present is None:
            self._present = cols.present(self._all_cells().values())
        return cols.headings(self._present, table, self.labels)

    def game_at(self, round_number: int, board: int | None) -> Game | None:
        """The game of a round's board (None for a bye, or a board of no game)."""
        if self._games_at is None:
            self._games_at = {(r.number, g.board): g for r in self.section.rounds for g in r.games}
        return self._games_at.get((round_number, board or 0))

    def result(self, outcome: Outcome, detail: str = "") -> str:
        """A result as the pages show it: in the game's own words of the page's language where the
        catalogue has them (go's 黑中盘胜, 白3目半勝ち, 和棋), else as the game writes it
        (`format.result`: `B+R`, `1-0`); the exports keep the game's notation."""
        return self.labels.own_result(self.event.game, outcome.value, detail) \
            or fmt.result(outcome, self.event.game, detail)

    def terms(self, game: Game) -> str:
        """A go game's handicap and komi as the language writes them ("H3 · komi 0.5", "让先 · 贴目
        0.5"); "" for a game played without them."""
        if not game_of(self.event.game).handicaps:
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
        if system_of(self.section).go_scores:
            return self.results.points_before(before + 1).get(player, 0)
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
        return self.records.scale == 1 or game_of(self.event.game).handicaps

    def pts(self, units: int, power: int = 1) -> str:
        """Points (units of the engine) as shown on pages; memoized, pages repeat the same values."""
        key = (units, power)
        text = self._points.get(key)
        if text is None:
            text = self._points[key] = fmt.points(self.records.points(units, power), whole=self.whole)
        return text


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


def upto(data: SectionData, n: int, make: Callable[..., T], *args: Any) -> T:
    """`make(data, *args)`, page data that depends only on rounds 1..`n` of the section, memoized
    between builds (`StandingsMemo.derived`) under a key made of what it is computed from: the
    section up to round `n`, the event's settings (`SectionData.settings`, the language included),
    the function (by its qualified name; the software's digest is part of every key) and `args`."""
    memo = data.results.memo
    digest = memo.digester.digest(args) if memo is not None and memo.digester is not None else None
    if memo is None or digest is None:
        return make(data, *args)
    name = f"{make.__module__}.{make.__qualname__}\0{digest.hex()}\0{data.settings}"
    return memo.derived(n, name, lambda: make(data, *args))


# ---------------------------------------------------------------- building blocks


def brief(obj: Any, *heavy: str) -> SimpleNamespace:
    """A model object as templates see it: its fields without the `heavy` collections, so that a
    page's data (and the page) does not change with every result of the event, and without the
    fields a digest does not cover (a page showing one would not change with it)."""
    return SimpleNamespace(**{f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)
                              if f.name not in heavy and f.metadata.get("digest", True)})


def round_rows(data: SectionData, rnd: Round) -> list[dict[str, Any]]:
    """Board lines: board, first (points before), result, second (points before), each side with its
    optional columns (`columns.PAIRINGS`); a bye on its own line (`_bye_row`)."""
    if rnd is data.preview:
        return _round_rows(data, rnd)
    return upto(data, rnd.number, _round_rows, rnd)


def _round_rows(data: SectionData, rnd: Round) -> list[dict[str, Any]]:
    before = rnd.number - 1
    t = data.labels
    rows = [{**_game_row(data, game, before, game.board, _kind(game)),
             "record_url": data.record_url(rnd.number, game.board)} for game in rnd.games]
    boards = {frozenset((g.first, g.second)): g.board for g in rnd.games}
    # seed 003 §5.2.1: a playoff beside the drawn final game it decides
    rows += [_game_row(data, game, before, boards.get(frozenset((game.first, game.second)), game.board),
                       t("how.playoff")) for game in rnd.playoffs]
    if rnd.playoffs:
        rows.sort(key=lambda row: row["board"])  # stable: a playoff right after its final game
    board = max((g.board for g in rnd.games), default=0)
    byes = [(p, t.bye) for p in rnd.byes] + [(p, t.half_bye) for p in rnd.half_byes] \
        + [(p, t.full_bye) for p in rnd.full_byes]  # pairing-allocated, then requested byes
    rows += [_bye_row(data, player, before, board + offset, text)
             for offset, (player, text) in enumerate(byes, start=1)]
    return rows


def _side(data: SectionData, key: str, player: int, before: int) -> dict[str, Any]:
    """One side of a board line: the player (`key`), the points before the round bracketed
    (`<key>_before`) and plain (`<key>_points`), and the optional columns (`<key>_cols`)."""
    return {key: data.ref(player, padded=True), f"{key}_before": data.before(player, before),
            f"{key}_points": data.pts(data.points_before(player, before)),
            f"{key}_cols": data.cells(player)}


def _bye_row(data: SectionData, player: int, before: int, board: int, text: str) -> dict[str, Any]:
    """A bye's line: on the player's own line where the pairings print it so (`bye_own_line`: chess,
    go: the player on the left, the bye in the result, nobody on the right), else where the game's
    own lists print it (the bye mark on the left, the player on the right: `(轮空) — 王朵朵`; the
    result says a requested bye's kind, a dash for the pairing's bye, which the mark already names)."""
    own = data.bye_own_line
    if not own and text == data.labels.bye:
        text = "—"
    return {"board": board, "bye": True, "own_line": own, "bye_text": text, "bye_mark": data.bye_mark,
            **_side(data, "first" if own else "second", player, before)}


def players_by_name(data: SectionData, rnd: Round) -> list[dict[str, Any]]:
    """"Where do I play?": every player of the round in name order, with board, side and opponent
    (the round's byes included)."""
    if rnd is data.preview:
        return _players_by_name(data, rnd)
    return upto(data, rnd.number, _players_by_name, rnd)


def _players_by_name(data: SectionData, rnd: Round) -> list[dict[str, Any]]:
    t, game = data.labels, data.event.game
    sides = (t.side(game, False), t.side(game, True))
    seats = [(g.first, g.board, sides[0], g.second) for g in rnd.games] \
        + [(g.second, g.board, sides[1], g.first) for g in rnd.games] \
        + [(p, None, t.bye, None) for p in (*rnd.byes, *rnd.half_byes, *rnd.full_byes)]
    language = t.language
    seats.sort(key=lambda seat: (name_key(data.section.player(seat[0]).name, language), seat[0]))
    return [{"player": data.ref(player), "board": board or "", "side": side,
             "opponent": data.ref(opponent) if opponent is not None else None}
            for player, board, side, opponent in seats]


def _kind(game: Game) -> str:
    """A game's time control as a board line notes it: nothing for a slow game."""
    return "" if game.kind is GameKind.SLOW else game.kind.value


def _game_row(data: SectionData, game: Game, before: int, board: int, kind: str) -> dict[str, Any]:
    """A board line: both players with their points before the round, the result and its kind."""
    return {
        "board": board, "bye": False,
        **_side(data, "first", game.first, before),
        "result": data.result(game.outcome, game.detail),
        "pending": game.outcome.value == "?",
        **_side(data, "second", game.second, before),
        "kind": kind, "terms": data.terms(game),
    }


def pairing_shape(data: SectionData) -> dict[str, Any]:
    """How a section's pairings are printed: numbered as chess players read them, with the
    optional columns of `columns.PAIRINGS` the section has on each side, or in the game's own shape
    (go's: each player's rank beside the name, and a column of each game's handicap and komi)."""
    return {"numbered": data.numbered, "columns": data.columns(cols.PAIRINGS) if data.numbered else [],
            "handicaps": game_of(data.event.game).handicaps, "points_heading": points_heading(data)}


def tiebreak_headers(data: SectionData) -> list[dict[str, str]]:
    """The tiebreak columns' headings (computed once per section; pages only read them)."""
    if data._headers is None:
        labels, fide = data.labels, data.section.ranking.rules == "fide"
        named = (labels.fide_tiebreak(tb) if fide else labels.tiebreak_of(tb)
                 for tb in data.section.tiebreaks)
        data._headers = [dict(zip(("short", "full"), names, strict=True)) for names in named]
    return data._headers


def _value(data: SectionData, tiebreak_id: TiebreakId, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple):
        value = value[0] if value else 0
    power = data.results.tiebreak_power(tiebreak_id)
    if tiebreak_id in ("lot",):
        return ""
    return str(value) if power == 0 else data.pts(value, power)


def changes_upto(data: SectionData, n: int) -> dict[int, tuple[str, str]]:
    """`field_changes` of the section after round `n`, computed once per section and round."""
    if n not in data._changes:
        data._changes[n] = field_changes(data.section, data.labels, n)
    return data._changes[n]


def not_paired(data: SectionData, rnd: Round) -> list[dict[str, Any]]:
    """The section's players without a game or a bye in `rnd`, each with the reason."""
    t = data.labels
    seated = rnd.entrants - set(rnd.absent)
    changes = changes_upto(data, max(rnd.number, data.section.current_round))
    gone = {p for r in data.section.rounds if r.number < rnd.number for p in r.withdrawn}
    later = {p for r in data.section.rounds if r.number > rnd.number for p in r.entrants}
    earlier = {p for r in data.section.rounds if r.number < rnd.number for p in r.entrants}
    out = data.results.out_before(rnd.number)
    rows = []
    for player in sorted(p.number for p in data.section.players):
        if player in seated:
            continue
        if player in rnd.absent:
            reason = t.absent
        elif player in out:
            reason = t.eliminated
        elif player in gone:
            reason = changes.get(player, ("", t.withdrawn_mark))[1]
        elif player in later and player not in earlier:
            reason = changes.get(player, ("", t.not_paired))[1]
        else:
            reason = t.not_paired
        ref = data.ref(player)
        text = ref["name"] + t.paren(reason)
        rows.append({"player": ref, "reason": reason, "text": text})
    return rows


def standing_rows(data: SectionData, table: Standings) -> list[dict[str, Any]]:
    rows = []
    changes = changes_upto(data, table.upto)
    for row in table.rows:
        mark, what = changes.get(row.player, ("", ""))
        rows.append({
            "place": _place(row),
            "player": data.ref(row.player),
            "cols": data.cells(row.player),  # the optional columns (the block's `columns`)
            "points": data.pts(row.points),
            "values": [_value(data, tb.id, v)
                       for tb, v in zip(data.section.tiebreaks, row.values, strict=True)],
            "playoff": row.playoff,
            "decided": how_decided(data, row.decided),
            "mark": mark, "mark_title": what,
        })
    return rows


def stage_label(data: SectionData, round_number: int) -> str:
    """The stage of a round in the pages' language (预赛 / 复赛 / 决赛 of a staged Swiss), else ""."""
    stage = data.results.stage(round_number)
    return data.labels("stage." + stage) if stage else ""


def how_decided(data: SectionData, how: str) -> str:
    """How a final place was decided (§5.2), as shown: 决赛, 加赛快棋, 按第 6 轮后名次, 预赛淘汰 …"""
    if how in ("eliminated", "withdrawn"):
        return data.labels(how)
    return data.labels("how." + how, n=data.section.rounds_planned - 1) if how else ""


def _place(row: Row) -> str:
    return f"{row.place}-{row.last_place}" if row.shared else str(row.place)


def standings_block(data: SectionData, n: int) -> dict[str, Any]:
    """The standings after round `n` as shown (computed once, shared by its pages and PDF)."""
    if n not in data._blocks:
        data._blocks[n] = _standings_block(data, n)
    return data._blocks[n]


def _standings_block(data: SectionData, n: int) -> dict[str, Any]:
    return upto(data, n, _make_standings_block, n)


def _make_standings_block(data: SectionData, n: int) -> dict[str, Any]:
    table = data.standings[n]
    headers, rows = tiebreak_headers(data), standing_rows(data, table)
    notes = [*legend(data.section, data.labels, table.upto), *_empty_tiebreaks(data, headers, rows)]
    if rules := tiebreak_rules_text(data):  # which C.07 text the columns follow
        notes = [*notes, f"{data.labels('tiebreak_rules.line')}{data.labels.colon}{rules}"]
    if data.section.ranking.rating_columns:  # after the tiebreaks: what the rating change and performance are
        t, ratings = data.labels, data.results.ratings_after(n)
        headers = [*headers, {"short": t.change, "full": t.rating_change_full},
                   {"short": t.performance_short, "full": t.performance_full}]
        for row in rows:
            rating = ratings.get(row["player"]["number"])
            row["values"] = [*row["values"], fmt.signed(rating.change) if rating else "",
                             str(rating.performance) if rating else ""]
        notes = [*notes, t.group_sep.join(h["full"] for h in headers[-2:])]
    return {
        "after": n,
        "points_heading": points_heading(data),
        "columns": data.columns(cols.STANDINGS),
        "headers": headers,
        "rows": rows,
        "pending": table.pending,
        "playoff": any(r.playoff for r in table.rows),
        "decided": any(r.decided for r in table.rows),  # a final placing: how each place was decided
        "shared": any(r.shared for r in table.rows),
        "legend": notes,
        "score_legend": score_legend(data),  # what the points are, before the tiebreaks: go's MMS
        "tiebreak_legend": tiebreak_legend(data),
    }


def _empty_tiebreaks(data: SectionData, headers: list[dict[str, str]],
                     rows: list[dict[str, Any]]) -> list[str]:
    """Why a direct-encounter column is empty for every player (it breaks only ties among players
    who have all met, rules/common.md §4): one legend line each; a column with a value needs none."""
    return [data.labels("tiebreak_empty", short=header["short"])
            for i, (tb, header) in enumerate(zip(data.section.tiebreaks, headers, strict=True))
            if tb.id == "direct-encounter" and rows and all(row["values"][i] == "" for row in rows)]


def points_heading(data: SectionData) -> str:
    """The heading of the standings' points where they are go's main score (MMS, NBW; 麦氏分), else
    "" (the pages' `points`): every table of the section's points names them so."""
    return score_names(data)[0]


def score_names(data: SectionData) -> tuple[str, str]:
    """(heading, full name) of the section's points where its system scores them by a score of its
    own (go's MMS, NBW: `System.main_score`), else ("", "")."""
    system = system_of(data.section)
    return data.labels.tiebreak(system.main_score) if system.go_scores else ("", "")


def score_legend(data: SectionData) -> list[str]:
    """What the points column is, where the system scores by a score of its own (`MMS: McMahon
    score (…)`, 麦氏分：麦克马洪分（…）), as the tiebreaks' legend names them; else none."""
    short, full = score_names(data)
    if not short:
        return []
    return [full if full.startswith(short) else f"{short}{data.labels.colon}{full}"]


def tiebreak_names(data: SectionData) -> list[str]:
    """Each tiebreak in order, named as the standings' legend names it (对手分：所有对手积分之和)."""
    t = data.labels
    return [h["full"] if h["full"].startswith(h["short"]) else f"{h['short']}{t.colon}{h['full']}"
            for h in tiebreak_headers(data)]


def tiebreak_rules_text(data: SectionData) -> str:
    """The text of FIDE C.07 a `fide` section's tiebreaks follow (2023, or with Article 16.4 as
    amended in 2026: `Section.c07_text`), as the standings' legend and the details name it; ""
    under the common rules or without tiebreaks."""
    section = data.section
    if section.ranking.rules != "fide" or not section.tiebreaks:
        return ""
    return data.labels(f"tiebreak_rules.c07.{section.ranking.c07_text}")


def tiebreak_legend(data: SectionData) -> str:
    """What each tiebreak column means, in one line under the table (对手分：所有对手积分之和；…)."""
    return data.labels.group_sep.join(tiebreak_names(data))


def _entry_text(data: SectionData, entry: Entry) -> dict[str, Any]:
    """A crosstable cell: opponent's pairing number, side, result mark (`12W1`, `12黑2`, a forfeit
    `12W+` or `12B−`: `format.result_mark`)."""
    t = data.labels
    if entry.kind is Kind.BYE:
        return {"text": t.bye, "cls": "bye", "url": ""}
    if entry.kind in (Kind.HALF_BYE, Kind.FULL_BYE):
        return {"text": t.half_bye if entry.kind is Kind.HALF_BYE else t.full_bye, "cls": "bye", "url": ""}
    if entry.kind in (Kind.ABSENT, Kind.NOT_PAIRED):
        return {"text": "—", "cls": "absent", "url": ""}
    side = t.side(data.event.game, entry.side is Side.SECOND)[:1]
    mark = fmt.result_mark(entry.kind, data.event.game) + (fmt.ABNORMAL_MARK if entry.abnormal else "")
    return {
        "text": f"{entry.opponent}{side}{mark}",
        "url": data.player_url(entry.opponent) if entry.opponent else "",
        "cls": "forfeit" if entry.kind in fmt.FORFEIT_MARKS else
        f"{entry.kind.value} abnormal" if entry.abnormal else entry.kind.value,
    }


def cell_legend(data: SectionData, forfeits: bool, abnormal: bool = False) -> list[str]:
    """What a crosstable cell says (`12W1`: against number 12 with White, won), and what its
    forfeit marks mean when the table has a forfeit (`forfeits`), and its abnormal results' mark
    when it has an abnormal result (`abnormal`: ½-0, 0-½, 0-0)."""
    t, game = data.labels, data.event.game
    sides = t.list_sep.join(f"{t.side(game, second)[:1]} {t.side(game, second)}" for second in (False, True))
    results = t.list_sep.join(f"{fmt.result_mark(kind, game)} {t(kind.value)}"
                              for kind in (Kind.WIN, Kind.DRAW, Kind.LOSS))
    lines = [t("cell_legend", sides=sides, results=results)]
    if forfeits:
        lines.append(t("forfeit_legend", win=fmt.FORFEIT_MARKS[Kind.FORFEIT_WIN],
                       loss=fmt.FORFEIT_MARKS[Kind.FORFEIT_LOSS]))
    if abnormal:
        lines.append(t("abnormal_legend", half=fmt.result_mark(Kind.DRAW, game) + fmt.ABNORMAL_MARK,
                       zero=fmt.result_mark(Kind.LOSS, game) + fmt.ABNORMAL_MARK))
    return lines


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


def _board_label(data: SectionData, round_number: int, board: int | None) -> str | int:
    """Where a game was played, as a card shows it: its board; in a team Swiss the match's table
    and the board within the match, as `3.2` (seed 001 lists games by table and board)."""
    if not board:
        return ""
    if not data.section.teams:
        return board
    if data._team_boards is None:
        data._team_boards = {(r.number, game.board): f"{match.table}.{index}" for r in data.section.rounds
                             for match in r.team_matches
                             for index, game in enumerate(match.games, start=1)}
    return data._team_boards.get((round_number, board), "")


_PLAYOFF_KINDS = {Outcome.FIRST_WINS: (Kind.WIN, Kind.LOSS), Outcome.SECOND_WINS: (Kind.LOSS, Kind.WIN),
                  Outcome.DRAW: (Kind.DRAW, Kind.DRAW), Outcome.PENDING: (Kind.PENDING, Kind.PENDING)}


def _playoff_lines(data: SectionData, player: int, round_number: int, results: dict[Kind, str],
                   sides: tuple[str, str]) -> list[dict[str, Any]]:
    """A player card's lines for the playoff games after a drawn final (seed 003 §5.2.1) of a round:
    they decide a place and score nothing."""
    if data._playoffs is None:
        data._playoffs = {r.number: r.playoffs for r in data.section.rounds if r.playoffs}
    lines = []
    for game in data._playoffs.get(round_number, ()):
        if player not in (game.first, game.second):
            continue
        second = player == game.second
        kind = _PLAYOFF_KINDS.get(game.outcome, (Kind.PENDING, Kind.PENDING))[second]
        lines.append({
            "round": round_number, "round_url": data.round_url(round_number), "board": "",
            "points": "", "running": "", "cls": f"playoff {kind.value}",
            "opponent": data.ref(game.second if not second else game.first), "opponent_total": "",
            "side": sides[second], "result": f"{results[kind]} · {data.labels('how.playoff')}",
        })
    return lines


def _how(data: SectionData, game: Game) -> str:
    """How a game was decided, beside a card's result: in a game whose results have words of their
    own (go), those words in the page's language (`B+R`, `W+3.5`, `Jigo`; 黑中盘胜), else its detail."""
    if game_of(data.event.game).result_notation is None or game.outcome is Outcome.PENDING:
        return game.detail
    return data.result(game.outcome, game.detail)


def _card_labels(data: SectionData) -> tuple[dict[Kind, str], tuple[str, str]]:
    """What a player card writes for each kind of round, and the names of the two sides."""
    t = data.labels
    results: dict[Kind, str] = {kind: t(kind.value.replace("-", "_")) for kind in Kind
               if kind not in (Kind.PENDING, Kind.BYE, Kind.ABSENT, Kind.NOT_PAIRED)}
    results |= {Kind.PENDING: t.pending, Kind.BYE: t.bye, Kind.ABSENT: t.absent,
                Kind.NOT_PAIRED: t.not_paired}
    return results, (t.side(data.event.game, False), t.side(data.event.game, True))


def codes_published(section: Section) -> bool:
    """Seed 004 二.2: codes stay secret until the last round's pairings exist."""
    return bool(section.codes.by_player) and section.current_round >= section.rounds_planned


def crosstable(data: SectionData, table: Standings, by_start: bool = False) -> dict[str, Any]:
    """The crosstable of `table`: its rows in the order of its places, or by starting rank (pairing
    number: `by_start`, chess-results' "starting rank crosstable": the same rows in another order);
    memoized for the section's standings, which its pages, its CSV files and the last bulletin print."""
    if data.standings.get(table.upto) is table:
        if table.upto not in data._crosstables:
            data._crosstables[table.upto] = _crosstable(data, table)
        by_place = data._crosstables[table.upto]
    else:
        by_place = _crosstable(data, table)
    if not by_start:
        return by_place
    return {**by_place, "by_start": True,
            "rows": sorted(by_place["rows"], key=lambda row: row["player"]["number"])}


def _crosstable(data: SectionData, table: Standings) -> dict[str, Any]:
    if data.standings.get(table.upto) is table:
        block = standings_block(data, table.upto)
        shown_rows, headers = block["rows"], block["headers"]
    else:
        shown_rows, headers = standing_rows(data, table), tiebreak_headers(data)
    rows = []
    for row, shown in zip(table.rows, shown_rows, strict=True):
        entries = data.records.entries[row.player][: table.upto]
        rows.append({**shown, "cells": [_entry_text(data, e) for e in entries]})
    forfeits = any(cell["cls"] == "forfeit" for row in rows for cell in row["cells"])
    abnormal = any(e.abnormal for row in table.rows for e in data.records.entries[row.player][: table.upto])
    return {"after": table.upto, "rounds": list(range(1, table.upto + 1)), "rows": rows,
            "by_start": False, "columns": data.columns(cols.CROSSTABLE),
            "headers": headers, "pending": table.pending, "points_heading": points_heading(data),
            "cell_legend": cell_legend(data, forfeits, abnormal),
            "legend": [*score_legend(data), *legend(data.section, data.labels, table.upto)]}


def player_card(data: SectionData, player: Player) -> dict[str, Any]:
    if data._card_labels is None:
        data._card_labels = _card_labels(data)
    results, sides = data._card_labels
    pts, total, last = data.pts, data.points_before, data.records.rounds  # go: MMS, NBW as the standings
    rating = data.results.ratings.get(player.number)
    rated = {g.round: g for g in rating.games} if rating else {}
    games = []
    for entry in data.records.entries[player.number]:
        kind = entry.kind
        row: dict[str, Any] = {
            "round": entry.round, "round_url": data.round_url(entry.round),
            "board": _board_label(data, entry.round, entry.board),
            "points": pts(entry.points) if kind is not Kind.PENDING else "",
            "running": pts(total(player.number, entry.round)), "cls": kind.value,
            "opponent": None, "opponent_total": "", "side": "", "result": results[kind],
            "record_url": data.record_url(entry.round, entry.board) if entry.board else "",
            "how": "", "terms": "",
        }
        if entry.opponent is not None:
            row["opponent"] = data.ref(entry.opponent)
            row["opponent_total"] = pts(total(entry.opponent, last))
            row["side"] = sides[entry.side is Side.SECOND]
        if entry.opponent is not None and (played := data.game_at(entry.round, entry.board)) is not None:
            row["how"], row["terms"] = _how(data, played), data.terms(played)
            if entry.abnormal:  # ½-0 scores a draw's points but is no draw: the result as it is
                row["result"] = data.labels("abnormal_result", result=fmt.own_result(
                    played.outcome, data.event.game, entry.side is Side.SECOND))
                row["cls"] = f"{kind.value} abnormal"
        if (game := rated.get(entry.round)) is not None:
            row["expected"], row["change"] = f"{float(game.expected):.2f}", fmt.signed(game.change)
        games.append(row)
        games += _playoff_lines(data, player.number, entry.round, results, sides)
    latest = data.latest
    standing = data.latest_row(player.number)
    values = []
    if standing is not None:
        for header, tb, value in zip(tiebreak_headers(data), data.section.tiebreaks, standing.values,
                                     strict=True):
            values.append({**header, "value": _value(data, tb.id, value)})
    official = data.ranking.places.get(player.number, ()) if data.ranking else ()
    return {
        "player": player,
        "display_name": data.name(player.number),
        # the places the regulation makes official (a league's final and stage-1 places), first
        "official_places": [{"heading": p.heading, "place": p.place, "source": list(p.source)}
                            for p in official],
        "info": player_row(data, player),
        "games": games,
        "place": _place(standing) if standing else "",
        "place_how": how_decided(data, standing.decided) if standing else "",
        "points": data.pts(standing.points) if standing else "",
        "points_heading": points_heading(data),
        # the games' columns of each opponent's points and the player's after each round: go's MMS
        "opponent_heading": data.labels("opponent_score", score=points_heading(data))
        if points_heading(data) else data.labels.opponent_points,
        "running_heading": points_heading(data) or data.labels.running,
        "after": latest.upto if latest else 0,
        "values": values,
        "fields": sorted((data.labels.field(key), data.labels.field_value(key, value))
                         for key, value in player.fields.items()),
        "field_change": changes_upto(data, data.section.current_round).get(player.number, ("", ""))[1],
        "absent_rounds": [r.number for r in data.section.rounds if player.number in r.absent],
        "rating": {"k": rating.k, "change": fmt.signed(rating.change), "performance": rating.performance,
                   "games": len(rating.games)} if rating else None,
    }
