"""Game records on the site: a page per game with its viewer, the featured games of a round's
bulletin with their diagrams, and the PGN of each round, of the latest one and of a section's
recorded games, and each round's broadcast feed (`views.relay`).

Names, sides and results always come from the round file (`SectionData`), never from the record.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from site_builder.engine.knockout import KnockoutRound
from site_builder.games import diagram, pgn
from site_builder.games.record import Record
from site_builder.games.registry import game_of
from site_builder.games.viewer_data import glyphs, notation
from site_builder.games.viewer_markup import game_markup
from site_builder.model import Game, Round
from site_builder.views.dgt import dgt_files
from site_builder.views.i18n import Labels
from site_builder.views.page import Page
from site_builder.views.pgn_tags import game_tags, unplayed_note
from site_builder.views.section import SectionData, SectionUpto, upto


def game_pages(data: SectionData, base: dict[str, Any]) -> list[Page]:
    """The page of every game that has a record, with the round file's names and result."""
    pages = []
    for n, board in sorted(data.section.records.by_board):
        game = _game(data.section.rounds, n, board)
        if game is None:
            continue
        t = data.labels
        pages.append(Page(data.game_url(n, board), "game.html",
                          f"{t('round', n=n)} · {t('board_line', n=board)} · "
                          f"{data.name(game.first)} – {data.name(game.second)}", {
                              **base, "n": n, "board": board, "round_url": data.round_url(n),
                              **_players(data, game),
                              "viewer": Markup(upto(data, n, _viewer, n, board)),
                              "download_url": download_path(data, n, board),
                          }))
    return pages


def _viewer(data: SectionUpto, n: int, board: int) -> str:
    """The viewer's markup of a game, with the round file's result (memoized between builds: the
    records' digest is part of the section's)."""
    game = _game(data.section.rounds, n, board)
    result = data.result(game.outcome, game.detail) \
        if game is not None and game.outcome.is_played else ""
    record = data.section.records.by_board[(n, board)]
    return game_markup(record, data.labels.catalogue.notation, result=result,
                       page_language=data.labels.catalogue.code)


def featured(data: SectionData, rnd: Round) -> list[dict[str, Any]]:
    """The round's featured games (`Round.featured`) that have a record: players and result, the
    diagram after the chosen ply (the final position by default) and the moves as printed."""
    t = data.labels
    out = []
    for board, ply in sorted(rnd.featured.items()):
        record = data.section.records.by_board.get((rnd.number, board))
        game = _game((rnd,), rnd.number, board)
        if record is None or game is None:
            continue
        shown = len(record.plies) if ply is None else min(ply, len(record.plies))
        marks = record.plies[shown - 1].marks if shown else ()
        out.append({
            "board": board, **_players(data, game),
            "diagram": Markup(diagram.svg(record.game, record.files, record.ranks, record.position(shown),
                                          marks)),
            "caption": caption(t, record, shown),
            "moves": movetext(record, t.catalogue.notation),
        })
    return out


def caption(t: Labels, record: Record, shown: int) -> str:
    """The caption of a diagram after `shown` plies of `record`: the final or the starting position,
    else the move it follows as the game counts its moves: by pairs in chess and xiangqi, with the
    side that made it ("after move 16 (White)"), one a stone or a piece in go, gomoku and shogi
    ("after move 31"); a record from a position counts on from that position's move."""
    if shown == len(record.plies):
        return t.final_position
    if not shown:
        return t.starting_position
    number = record.plies[shown - 1].number
    if game_of(record.game).paired_moves:
        return t("diagram_after_side", n=(number + 1) // 2, side=t.side(record.game, not number % 2))
    return t("diagram_after", n=number)


def movetext(record: Record, language: str) -> Markup:
    """The moves as printed: numbered pairs in the language's notation, NAG glyphs, and comments
    as text of their own (`<span class="comment">`, print.css), not in PGN's braces.

    >>> from site_builder.games.record import Ply, Position
    >>> plies = (Ply(1, {"en": "e4"}, Position({}), nags=(1,)), Ply(2, {"en": "e5"}, Position({}), "<Open>"))
    >>> movetext(Record("chess", 8, 8, Position({}), plies), "en")
    Markup('1. e4! e5 <span class="comment">&lt;Open&gt;</span>')
    """
    words = [_comment(record.comment)] if record.comment else []
    for index, ply in enumerate(record.plies):
        text = notation(ply, language) + glyphs(ply)
        label = ply.move_label(not index)
        words.append(escape(f"{label} {text}" if label else text))
        if ply.comment:
            words.append(_comment(ply.comment))
    return Markup(" ").join(words)


def _comment(text: str) -> Markup:
    """A record's comment among the printed moves."""
    return Markup('<span class="comment">{}</span>').format(text)


def download_path(data: SectionData, n: int, board: int) -> str:
    """Where a game's record is published: for chess and xiangqi in its round's PGN, for the other
    games the file as written (KIF, CSA, SGF, a move list; a KIF as `.kifu`, the UTF-8 form, since
    the site writes text as UTF-8); "" for a game read from a file of several (an SGF collection)."""
    if game_of(data.event.game).pgn:
        return round_pgn_path(data, n)
    record = data.section.records.by_board[(n, board)]
    if not record.text:
        return ""
    suffix = ".kifu" if record.suffix == ".kif" else record.suffix
    return data.game_url(n, board).removesuffix(".html") + suffix


def record_files(data: SectionData) -> dict[str, str]:
    """Output path → text of the section's game files. For PGN games: each round's games at a
    stable address (`round_pgn_path`: every game with its result, the moves where a record exists),
    the latest round with games again as `live.pgn`, and the section's games that have a record as
    `games.pgn` (each round again in its broadcast feed: `views.relay`); for the others each game's
    file as written."""
    records = data.section.records.by_board
    if not game_of(data.event.game).pgn:
        return {path: records[(n, board)].text for n, board, _ in recorded(data)
                if (path := download_path(data, n, board))}
    rounds = round_texts(data)
    played = [n for n, (every, _, _) in rounds.items() if every]
    files = {round_pgn_path(data, n): rounds[n][0] for n in played}
    if played:
        files[live_pgn_path(data)] = rounds[max(played)][0]
    if with_records := [with_moves for _, with_moves, _ in rounds.values() if with_moves]:
        files[f"{data.base}/games.pgn"] = "\n".join(with_records)
    return files


def round_texts(data: SectionData) -> dict[int, tuple[str, str, tuple[tuple[str, str], ...]]]:
    """Each round with games of a PGN game's section: its PGN, its recorded games' PGN and its DGT
    files (`_round_pgn`, memoized between builds); none for other games."""
    if not game_of(data.event.game).pgn:
        return {}
    event = data.event.name
    if len(data.event.sections) > 1:
        event = f"{event} · {data.section.name}"
    return {n: upto(data, n, _round_pgn, n, event) for n in _pgn_rounds(data)}


def _round_pgn(data: SectionUpto, n: int, event: str) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """The PGN of round `n`: every game (a knockout's mini-matches game by game) with the moves
    where a record exists and a game not played saying so, its games that have a record only (""
    where none), and the same games as DGT's files (name, text); memoized between builds (the
    records' digest is part of the section's); `event`: their Event tag."""
    rnd = next(r for r in data.section.rounds if r.number == n)
    records = data.section.records.by_board
    games = [(game_tags(data, game, rnd, f"{n}.{game.board}", event), records.get((n, game.board)),
              unplayed_note(game)) for game in sorted(rnd.games, key=lambda g: g.board)]
    games += [(game_tags(data, game, rnd, f"{n}.{match.board}.{index}", event), None, unplayed_note(game))
              for match in sorted(KnockoutRound.of(rnd).matches, key=lambda m: m.board)
              for index, game in enumerate(match.games, 1)]
    texts = [pgn.write(record, tags, note) for tags, record, note in games]
    recorded = [text for text, (_, record, _) in zip(texts, games, strict=True) if record is not None]
    feed = dgt_files(games, rnd.date.isoformat() if rnd.date else "")
    return "\n".join(texts), "\n".join(recorded), tuple(sorted(feed.items()))


def _pgn_rounds(data: SectionData) -> list[int]:
    """The rounds whose games a PGN game's section publishes (those with games)."""
    return [r.number for r in data.section.rounds if r.all_games]


def recorded(data: SectionData) -> list[tuple[int, int, Game]]:
    """(round, board, game) of every game of the section that has a record, in order."""
    return [(n, board, game) for n, board in sorted(data.section.records.by_board)
            if (game := _game(data.section.rounds, n, board)) is not None]


def record_paths(data: SectionData) -> list[str]:
    """Where `record_files` writes the section's game files (for the pages that link them)."""
    if not game_of(data.event.game).pgn:
        return [path for n, board, _ in recorded(data) if (path := download_path(data, n, board))]
    rounds = _pgn_rounds(data)
    return [*(round_pgn_path(data, n) for n in rounds), *([live_pgn_path(data)] if rounds else []),
            *([f"{data.base}/games.pgn"] if recorded(data) else [])]


def round_pgn_path(data: SectionData, n: int) -> str:
    """Where round `n`'s PGN is published (PGN games only)."""
    return f"{data.base}/rounds/{n:02d}.pgn"


def round_pgn_link(data: SectionData, rnd: Round, provisional: bool = False) -> str:
    """The round page's link to its PGN: a round with games of a PGN game that is not provisional."""
    if provisional or not game_of(data.event.game).pgn or not rnd.all_games:
        return ""
    return round_pgn_path(data, rnd.number)


def live_pgn_path(data: SectionData) -> str:
    """The PGN of the section's latest round with games, at one address for the whole event."""
    return f"{data.base}/live.pgn"


def _players(data: SectionData, game: Game) -> dict[str, Any]:
    t = data.labels
    return {"first": data.ref(game.first), "second": data.ref(game.second),
            "first_side": t.side(data.event.game, False), "second_side": t.side(data.event.game, True),
            "result": data.result(game.outcome, game.detail)}


def _game(rounds: tuple[Round, ...], n: int, board: int) -> Game | None:
    return next((g for r in rounds if r.number == n for g in r.games if g.board == board), None)
