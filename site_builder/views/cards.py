"""The player cards' page data: a player's games round by round (playoffs and how each game was
decided included), their place, points, tiebreak values and rating change."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from site_builder.cache.digest import Deferred
from site_builder.engine.scoring import Kind, Side
from site_builder.engine.staged import StagedRound
from site_builder.engine.teams import TeamRound
from site_builder.games.registry import game_of
from site_builder.model import Game, Outcome, Player
from site_builder.views import format as fmt
from site_builder.views.section import SectionData, player_row
from site_builder.views.standings_rows import how_decided, place_text, points_heading, tiebreak_value


def _board_label(data: SectionData, round_number: int, board: int | None) -> str | int:
    """Where a game was played, as a card shows it: its board; in a team Swiss the match's table
    and the board within the match, as `3.2` (seed 001 lists games by table and board)."""
    if not board:
        return ""
    if not data.section.teams:
        return board
    return data.part(_Cards).team_boards.get((round_number, board), "")


_PLAYOFF_KINDS = {Outcome.FIRST_WINS: (Kind.WIN, Kind.LOSS), Outcome.SECOND_WINS: (Kind.LOSS, Kind.WIN),
                  Outcome.DRAW: (Kind.DRAW, Kind.DRAW), Outcome.PENDING: (Kind.PENDING, Kind.PENDING)}


def _playoff_lines(data: SectionData, player: int, round_number: int, results: dict[Kind, str],
                   sides: tuple[str, str]) -> list[dict[str, Any]]:
    """A player card's lines for the playoff games after a drawn final (seed 003 §5.2.1) of a round:
    they decide a place and score nothing."""
    lines = []
    for game in data.part(_Cards).playoffs.get(round_number, ()):
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


class _Cards:
    """What every player card of a section shares, each part made when first asked for."""

    def __init__(self, data: SectionData) -> None:
        self.data = data

    @cached_property
    def labels(self) -> tuple[dict[Kind, str], tuple[str, str]]:
        """What a player card writes for each kind of round, and the names of the two sides."""
        t, game = self.data.labels, self.data.event.game
        results: dict[Kind, str] = {kind: t(kind.value.replace("-", "_")) for kind in Kind
                   if kind not in (Kind.PENDING, Kind.BYE, Kind.ABSENT, Kind.NOT_PAIRED)}
        results |= {Kind.PENDING: t.pending, Kind.BYE: t.bye, Kind.ABSENT: t.absent,
                    Kind.NOT_PAIRED: t.not_paired}
        return results, (t.side(game, False), t.side(game, True))

    @cached_property
    def playoffs(self) -> dict[int, tuple[Game, ...]]:
        """The playoff games after a drawn final (seed 003 §5.2.1), by round."""
        return {r.number: StagedRound.of(r).playoffs for r in self.data.section.rounds
                if StagedRound.of(r).playoffs}

    @cached_property
    def team_boards(self) -> dict[tuple[int, int], str]:
        """A team Swiss's games by round and board: the match's table and the board within it (`3.2`)."""
        return {(r.number, game.board): f"{match.table}.{index}" for r in self.data.section.rounds
                for match in TeamRound.of(r).team_matches for index, game in enumerate(match.games, start=1)}


def player_cards(data: SectionData, players: Sequence[Player]) -> dict[int, Deferred[dict[str, Any]]]:
    """The cards of `players` by number (`player_card`), made when a page reads them, memoized between
    builds as one (`StandingsMemo.deferred`): under the digest of the whole section after its last
    round, the event's settings, the section's ranking and whether PDFs are made, which is everything
    a card reads. A result in another section loads none of them."""
    def make() -> dict[int, dict[str, Any]]:
        return {player.number: player_card(data, player) for player in players}

    memo = data.results.memo
    ranking = memo.digester.digest((data.ranking, [p.number for p in players])) \
        if memo is not None and memo.digester is not None else None
    numbers = [player.number for player in players]
    if memo is None or ranking is None:
        cards = Deferred(None, make)
        return {number: cards.then(str(number), operator.itemgetter(number)) for number in numbers}
    last = max((rnd.number for rnd in data.section.rounds), default=0)
    name = f"{__name__}.player_cards\0{data.settings}\0{ranking.hex()}\0{data.pdfs}"
    return memo.deferred_parts(last, name, numbers, make)


def player_card(data: SectionData, player: Player) -> dict[str, Any]:
    """A player's card: the player's games round by round (with the points after each), their place,
    points and tiebreak values by the latest standings, and their rating change."""
    results, sides = data.part(_Cards).labels
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
        for header, tb, value in zip(data.tiebreak_headers, data.section.tiebreaks, standing.values,
                                     strict=True):
            values.append({**header, "value": tiebreak_value(data, tb.id, value)})
    official = data.ranking.places.get(player.number, ()) if data.ranking else ()
    return {
        "player": player,
        "display_name": data.name(player.number),
        # the places the regulation makes official (a league's final and stage-1 places), first
        "official_places": [{"heading": p.heading, "place": p.place, "source": list(p.source)}
                            for p in official],
        "info": player_row(data, player),
        "games": games,
        "place": place_text(standing) if standing else "",
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
        "field_change": data.changes_upto(data.section.current_round).get(player.number, ("", ""))[1],
        "absent_rounds": [r.number for r in data.section.rounds if player.number in r.absent],
        "rating": {"k": rating.k, "change": fmt.signed(rating.change), "performance": rating.performance,
                   "games": data.labels.plural("rated_games", len(rating.games))} if rating else None,
    }
