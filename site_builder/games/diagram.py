"""Diagrams of a game's position as SVG, for pages and PDFs.

`svg` draws a `record.Position` of any game of the registry, as its `Game` says: its module draws
the board, `drawing` the pieces in their style. The drawing keeps to what WeasyPrint's SVG engine
draws as browsers do (rect, circle, path, text; translate, rotate, scale) and has no pixel size: it
takes its container's width. The board viewer (static/viewer.js, `diagram`) writes the same markup
byte for byte: it takes the board (`<g class="board">`, the same whichever side is down) from the
page's diagram and draws the labels and pieces from the numbers of `viewer_frame`, so a change to
those here is a change there too (tests/games/test_viewer.py compares them).

Units: a chess square is 40 × 40, a shogi square 40 × 44; the lines of xiangqi, go and gomoku
are 40 apart. The board and its labels are drawn once per board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from site_builder.games.drawing import SANS, STYLES, Scene, escape
from site_builder.games.record import Position
from site_builder.games.registry import game_name, game_of
from site_builder.games.spec import Frame, Game
from site_builder.languages import word


def title_of(game: Game, language: str = "en") -> str:
    """A diagram's accessible name in `language` (the catalogue's `diagram.title` of its
    `game.<name>`, else in English): "Xiangqi position", 象棋局面, 将棋の局面."""
    return word(language, "diagram.title").format(game=game_name(language, game.name))


def svg(record_game: str, files: int, ranks: int, position: Position, marks: Iterable[int] = (),
        flipped: bool = False, labels: bool = True, *, numbers: Mapping[int, int] | None = None,
        title: str = "") -> str:
    """The position as an SVG document, to inline in HTML as it is or to save as a file.

    `marks`: the points of the last move (from and to, or the stone placed); `flipped`: seen from
    the second player's side; `labels`: the files and ranks named along the edges; `numbers`:
    the stones' move numbers by point, written on them (gomoku's); `title`: the accessible name (by
    default the game's, in English)."""
    game = game_of(record_game)
    frame, board = _board(record_game, files, ranks, flipped, labels)
    col, row = frame.col, frame.row
    at = [(col(p % files, flipped), row(p // files, flipped), p, code)
          for p, code in sorted(position.points.items())]
    pieces = STYLES[game.look.pieces.style](
        Scene(game.look.pieces, frame, at, sorted(set(marks)), flipped, numbers, position))
    return "".join((_opening(game, frame), f"<title>{escape(title or title_of(game))}</title>",
                    board, pieces, "</g></svg>"))


def viewer_frame(game: Game, files: int, ranks: int) -> dict[str, Any]:
    """What viewer.js needs to draw as `svg` does (labels shown): the drawing's size, where file 0
    and the top rank are, the cell, the label rows (`[files?, at, flipped at, shift, names]`),
    the pieces' style and what is written on them, the rows of pieces in hand (their order, the row
    below, the row above), the stones' move numbers shown."""
    frame, look = game.frame(files, ranks), game.look
    pieces = look.pieces
    data: dict[str, Any] = {
        "size": [frame.width, frame.height], "origin": [frame.x0, frame.y0], "cell": [frame.cw, frame.ch],
        "labels": [[row.along == "files", row.at, row.flipped_at, row.shift, list(row.names)]
                   for row in look.labels(frame)],
        "font": look.label_size, "pieces": pieces.style}
    if pieces.glyphs:
        data["glyphs"] = dict(pieces.glyphs)
    if pieces.scales:
        data["scales"] = dict(pieces.scales)
    if frame.hand:
        data["hands"] = [pieces.hand_order, *(list(at) for at in frame.hand_rows)]
    if pieces.numbered:
        data["numbered"] = True
    return data


def _opening(game: Game, frame: Frame) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {frame.width} {frame.height}" '
            f'class="diagram diagram-{game.name}" role="img">')


@lru_cache(maxsize=64)
def _board(name: str, files: int, ranks: int, flipped: bool, labels: bool) -> tuple[Frame, str]:
    """What every diagram of a board shares: its frame, and the board (the same either side down:
    viewer.js takes it from the page) followed by the labels."""
    game = game_of(name)
    frame = game.frame(files, ranks, labels)
    board = f'<g class="board">{game.look.board(frame)}</g>'
    if labels:
        texts: list[tuple[int, int, str]] = []
        for row in game.look.labels(frame):
            at = row.flipped_at if flipped else row.at
            texts += ([(frame.col(i, flipped), at, name) for i, name in enumerate(row.names)]
                      if row.along == "files" else
                      [(at, frame.row(i, flipped) + row.shift, name) for i, name in enumerate(row.names)])
        board += (f'<g font-family="{SANS}" font-size="{game.look.label_size}" fill="currentColor" '
                  f'text-anchor="middle">' + "".join(f'<text x="{x}" y="{y}">{t}</text>' for x, y, t in texts)
                  + "</g>")
    return frame, board
