"""The rounds' page data: a round's board lines (each side with its points before the round and
its optional columns, the byes on their lines), "Where do I play?" in name order, the players a
round left out and why, and how the section's pairings are printed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from site_builder.cache.digest import Deferred
from site_builder.engine.staged import StagedRound
from site_builder.games.registry import game_of
from site_builder.model import Game, GameKind, Outcome, Round
from site_builder.views import columns as cols
from site_builder.views import format as fmt
from site_builder.views.name_order import name_key
from site_builder.views.section import SectionData, SectionShown, SectionUpto, deferred_upto
from site_builder.views.standings_rows import points_heading


def round_rows(data: SectionData, rnd: Round) -> Deferred[list[dict[str, Any]]]:
    """Board lines: board, first (points before), result, second (points before), each side with its
    optional columns (`columns.PAIRINGS`); a bye on its own line (`_bye_row`). Made when first read."""
    if rnd is data.preview:
        return Deferred(None, lambda: _round_rows(data.upto_round(rnd.number), rnd))
    return deferred_upto(data, rnd.number, _round_rows, rnd)


def pairing_rows(data: SectionData, rnd: Round) -> Deferred[list[dict[str, Any]]]:
    """`rnd`'s board lines as its pairings were published, before any result (no playoff, which a
    result calls for): a bulletin prints the next round so, and it stays as printed when that
    round's results come in, which are in that round's own bulletin. Made when first read, keyed
    by its value (a result of the round leaves the bulletin before it as it was)."""
    pending = data.result(Outcome.PENDING)

    def published(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [row if row["bye"] else {**row, "result": pending, "pending": True}
                for row in rows if not row.get("playoff")]

    rows = round_rows(data, rnd).then(f"published\0{pending!r}", published)
    memo = data.results.memo
    return memo.by_value(rows) if memo is not None else rows


def _round_rows(data: SectionUpto, rnd: Round) -> list[dict[str, Any]]:
    before = rnd.number - 1
    t = data.labels
    rows = [{**_game_row(data, game, before, game.board, _kind(game)),
             "record_url": data.record_url(rnd.number, game.board)} for game in rnd.games]
    boards = {frozenset((g.first, g.second)): g.board for g in rnd.games}
    # seed 003 §5.2.1: a playoff beside the drawn final game it decides
    rows += [{**_game_row(data, game, before, boards.get(frozenset((game.first, game.second)), game.board),
                          t("how.playoff")), "playoff": True} for game in StagedRound.of(rnd).playoffs]
    if StagedRound.of(rnd).playoffs:
        rows.sort(key=lambda row: row["board"])  # stable: a playoff right after its final game
    board = max((g.board for g in rnd.games), default=0)
    byes = [(p, t.bye) for p in rnd.byes] + [(p, t.half_bye) for p in rnd.half_byes] \
        + [(p, t.full_bye) for p in rnd.full_byes]  # pairing-allocated, then requested byes
    rows += [_bye_row(data, player, before, board + offset, text)
             for offset, (player, text) in enumerate(byes, start=1)]
    return rows


def _side(data: SectionShown, key: str, player: int, before: int) -> dict[str, Any]:
    """One side of a board line: the player (`key`), the points before the round bracketed
    (`<key>_before`) and plain (`<key>_points`), and the optional columns (`<key>_cols`)."""
    return {key: data.ref(player, padded=True), f"{key}_before": data.before(player, before),
            f"{key}_points": data.pts(data.points_before(player, before)),
            f"{key}_cols": data.cells(player)}


def _bye_row(data: SectionShown, player: int, before: int, board: int, text: str) -> dict[str, Any]:
    """A bye's line: on the player's own line where the pairings print it so (`bye_own_line`: chess,
    go: the player on the left, the bye in the result, nobody on the right), else where the game's
    own lists print it (the bye mark on the left, the player on the right: `(轮空) — 王朵朵`; the
    result says a requested bye's kind, a dash for the pairing's bye, which the mark already names)."""
    own = data.bye_own_line
    if not own and text == data.labels.bye:
        text = "—"
    return {"board": board, "bye": True, "own_line": own, "bye_text": text, "bye_mark": data.bye_mark,
            **_side(data, "first" if own else "second", player, before)}


def players_by_name(data: SectionData, rnd: Round) -> Deferred[list[dict[str, Any]]]:
    """"Where do I play?": every player of the round in name order, with board, side and opponent
    (the round's byes included). Made when first read."""
    if rnd is data.preview:
        return Deferred(None, lambda: _players_by_name(data.upto_round(rnd.number), rnd))
    return deferred_upto(data, rnd.number, _players_by_name, rnd)


def _players_by_name(data: SectionUpto, rnd: Round) -> list[dict[str, Any]]:
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


def _game_row(data: SectionShown, game: Game, before: int, board: int, kind: str) -> dict[str, Any]:
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
            "handicaps": game_of(data.event.game).game_terms, "points_heading": points_heading(data)}


class _Named:
    """The first round that names each player of a section (in a game, on a bye or absent), and the
    first that withdraws each."""

    def __init__(self, data: SectionData) -> None:
        self.first: dict[int, int] = {}
        self.withdrawn: dict[int, int] = {}
        for r in sorted(data.section.rounds, key=lambda r: r.number):
            for player in r.entrants:
                self.first.setdefault(player, r.number)
            for player in r.withdrawn:
                self.withdrawn.setdefault(player, r.number)


def not_paired(data: SectionData, rnd: Round) -> list[dict[str, Any]]:
    """The section's players without a game or a bye in `rnd`, each with the reason."""
    t = data.labels
    seated = rnd.entrants - set(rnd.absent)
    changes = data.changes_upto(max(rnd.number, data.section.current_round))
    named = data.part(_Named)
    gone = {p for p, n in named.withdrawn.items() if n < rnd.number}
    entering = {p for p, n in named.first.items() if n > rnd.number}  # named first by a later round
    out = data.results.out_before(rnd.number)
    rows = []
    for player in sorted(p.number for p in data.section.players):
        if player in seated:
            continue
        if player in rnd.absent:
            reason = t.absent
        elif player in gone:  # a withdrawal, also one that leaves a player out of a later stage
            reason = changes.get(player, ("", t.withdrawn_mark))[1]
        elif player in out:  # out of a staged system's later stage, for the reason it gives
            reason = t(out[player])
        elif player in entering:
            reason = changes.get(player, ("", t.not_paired))[1]
        else:
            reason = t.not_paired
        ref = data.ref(player)
        text = ref["name"] + t.paren(reason)
        rows.append({"player": ref, "reason": reason, "text": text})
    return rows


_FORFEITS = (Outcome.FIRST_WINS_FORFEIT, Outcome.SECOND_WINS_FORFEIT, Outcome.DOUBLE_FORFEIT)


def forfeit_legend(data: SectionShown, shown: Iterable[Outcome], sides: tuple[str, str] | None = None
                   ) -> list[str]:
    """What the forfeit results among the outcomes `shown` (as a round's table prints them) mean,
    under the table when it has one (`+:-` the first side won by forfeit …; `sides`: who is named
    first and second, where not the game's sides: a team match's home and away players); none for a
    game whose own legend says it (go's `B+F`)."""
    game = data.event.game
    present = set(shown)
    marked = [o for o in _FORFEITS if o in present]
    if not marked or game_of(game).result_notation is not None:
        return []
    t = data.labels
    first, second = sides or (t.side(game, False), t.side(game, True))
    words = {Outcome.FIRST_WINS_FORFEIT: t("forfeit_by_side", side=first),
             Outcome.SECOND_WINS_FORFEIT: t("forfeit_by_side", side=second),
             Outcome.DOUBLE_FORFEIT: t.double_forfeit}
    marks = t.list_sep.join(t("forfeit_mark", mark=fmt.result(o, game), words=words[o]) for o in marked)
    return [t("round_forfeit_legend", marks=marks)]
