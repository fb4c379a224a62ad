"""Diagrams of a game's position as SVG, for pages and PDFs.

`svg` draws a `record.Position` of chess, xiangqi, shogi, go or gomoku. The drawing keeps to what
WeasyPrint's SVG engine draws as browsers do (rect, circle, path, text; translate, rotate, scale)
and has no pixel size: it takes its container's width. The board viewer (static/viewer.js,
`diagram`) writes the same markup byte for byte: it takes the board (`<g class="board">`, the same
whichever side is down) from the page's diagram and draws the labels and pieces from the same
numbers, so a change to those here is a change there too (tests/games/test_viewer.py compares them).

Units: a chess square is 40 × 40, a shogi square 40 × 44; the lines of xiangqi, go and gomoku
are 40 apart. The board, its labels and where each point is drawn are computed once per board.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from site_builder.games.record import Position

TITLES = {"chess": "Chess position", "xiangqi": "Xiangqi position", "shogi": "Shogi position",
          "go": "Go position", "gomoku": "Gomoku position"}
SANS = "system-ui,sans-serif"
SERIF_SC = "KaiTi,STKaiti,'Noto Serif CJK SC',serif"
SERIF_JP = "'Noto Serif CJK JP','Hiragino Mincho ProN','Yu Mincho',serif"
RED = "#c0171c"

# Chess pieces in their 40 × 40 square: the body, filled, and lines drawn over it.
BASE, BAND = "M10 30.5h20v3.5H10z", "M11.3 27h17.4"
BALLS = "".join(f"M{at}a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0-3.6 0"
                for at in ("6.7 12", "12.7 9", "18.2 8", "23.7 9", "29.7 12"))
CHESS = {
    "P": ("M20 7a5 5 0 0 0-3.3 8.75H14.5v2.5h2.8c-.3 4.5-2.3 9-5.3 12.25H28c-3-3.25-5-7.75-5.3-12.25"
          "h2.8v-2.5h-2.2A5 5 0 0 0 20 7zM11 30.5h18v3.5H11z", ""),
    "R": ("M13 30.5l1.3-13h11.4l1.3 13zM12 17.5v-9h3.5v3h3v-3h3v3h3v-3h3.5v9z" + BASE,
          "M12.8 16.5h14.4M14 29.5h12"),
    "B": ("M15 30.5c1.5-1.5 2.5-3.5 2.5-6.5h5c0 3 1 5 2.5 6.5zM14.5 21.5h11V24h-11zM20 9c-4.5 3-6.5 7-4.5 "
          "12.5h9c2-5.5 0-9.5-4.5-12.5zM18 7a2 2 0 1 0 4 0a2 2 0 1 0-4 0" + BASE, "M20 13v5M17.5 15.5h5"),
    "N": ("M14 30.5c-.5-4 1.5-6.5 4-8.5 1.5-1.2 2-2.5 1.8-3.8-1.2 1.6-3 2.2-5 2.8-1.6.5-2.8 2-3.5 3.2-1 .6"
          "-2.3.2-2.6-.9-.6-2 1.2-4.6 3.8-8.3 1.2-1.7 2-3.4 2.3-5.4l.8-3.6 2.4 3c7.5.5 13.5 7 12.5 21.5z"
          + BASE,
          "M14.8 14.4l1.4-.4M19.5 10.5c6 1.5 8.5 8 8.3 18"),
    "Q": ("M11.5 30.5l-3-17 5.5 9.5.5-12.5 3.8 11.5L20 9.5l1.7 12.5 3.8-11.5.5 12.5 5.5-9.5-3 17z"
          + BALLS + BASE, BAND),
    "K": ("M11.5 30.5c-1-3-4.5-6-4.5-10 0-4 4.5-6 8-3.5 2 1.4 3.8 3.5 5 6 1.2-2.5 3-4.6 5-6 3.5-2.5 8-.5 8 "
          "3.5 0 4-3.5 7-4.5 10zM17.5 18.5c0-3 1-5.5 2.5-5.5s2.5 2.5 2.5 5.5c-1 1.2-1.8 2.6-2.5 4.5-.7-1.9"
          "-1.5-3.3-2.5-4.5zM19 5.5h2V8h2.5v2H21v3h-2v-3h-2.5V8H19z" + BASE, BAND),
}
XIANGQI = {"K": "帅", "A": "仕", "B": "相", "N": "马", "R": "车", "C": "炮", "P": "兵",
           "k": "将", "a": "士", "b": "象", "n": "马", "r": "车", "c": "炮", "p": "卒"}
SHOGI = {"K": "玉", "k": "王", "R": "飛", "B": "角", "G": "金", "S": "銀", "N": "桂", "L": "香", "P": "歩",
         "+R": "龍", "+B": "馬", "+S": "全", "+N": "圭", "+L": "杏", "+P": "と"}
SCALE = {"K": "1", "R": "0.96", "B": "0.96", "G": "0.92", "S": "0.92", "N": "0.88", "L": "0.86", "P": "0.82"}
PENTAGON = "M0-19L12-14 15 18H-15l3-32z"  # a shogi piece, pointing up, its middle at (0, 0)
HAND_ORDER = "RBGSNLP"
# Where xiangqi's pawns and cannons start, marked at the corners on the board.
XIANGQI_STARTS = ((0, 3), (2, 3), (4, 3), (6, 3), (8, 3), (0, 6), (2, 6), (4, 6), (6, 6), (8, 6),
                  (1, 2), (7, 2), (1, 7), (7, 7))


def svg(record_game: str, files: int, ranks: int, position: Position, marks: Iterable[int] = (),
        flipped: bool = False, labels: bool = True, *, numbers: Mapping[int, int] | None = None,
        title: str = "") -> str:
    """The position as an SVG document, to inline in HTML as it is or to save as a file.

    `marks`: the points of the last move (from and to, or the stone placed); `flipped`: seen from
    the second player's side; `labels`: the files and ranks named along the edges; `numbers`:
    gomoku's move numbers by point, written on the stones; `title`: the accessible name (by
    default the game's, in English)."""
    game = record_game
    opening, board, col, row, (ox, oy, right, bottom) = _frame(game, files, ranks, flipped, labels)
    out = [opening, f"<title>{_escape(title or TITLES[game])}</title>", board]
    marks = sorted(set(marks))
    marked = [(col(p % files), row(p // files)) for p in marks]
    at = [(col(p % files), row(p // files), p, code) for p, code in sorted(position.points.items())]
    if game == "chess":
        out += [f'<rect x="{x - 20}" y="{y - 20}" width="40" height="40" fill="#9bc700" fill-opacity=".45"/>'
                for x, y in marked]
        out.append('<g class="pieces" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">')
        for x, y, _, code in at:
            body, lines = CHESS[code.upper()]
            fill, ink = ("#fff", "#000") if code.isupper() else ("#222", "#eee")
            out.append(f'<g transform="translate({x - 20} {y - 20})"><path d="{body}" fill="{fill}" '
                       f'stroke="#000"/>'
                       + (f'<path d="{lines}" fill="none" stroke="{ink}"/>' if lines else "") + "</g>")
    elif game == "xiangqi":
        out += [f'<path d="M{x - 21} {y - 13}v-8h8m26 0h8v8m0 26v8h-8m-26 0h-8v-8" fill="none" '
                f'stroke="#1565c0" stroke-width="2.5"/>' for x, y in marked]  # corners around the points
        out.append(f'<g class="pieces" font-family="{SERIF_SC}" font-size="22" font-weight="bold" '
                   f'text-anchor="middle">')
        for x, y, _, code in at:
            ink = RED if code.isupper() else "#111"
            out.append(f'<g transform="translate({x} {y})"><circle r="18" fill="#fbe8c4" stroke="#8b5a2b" '
                       f'stroke-width="1.5"/><circle r="15" fill="none" stroke="{ink}"/>'
                       f'<text y="8" fill="{ink}">{XIANGQI[code]}</text></g>')
    elif game == "shogi":
        out += [f'<rect x="{x - 20}" y="{y - 22}" width="40" height="44" fill="#f08c00" fill-opacity=".35"/>'
                for x, y in marked]
        out.append(f'<g font-family="{SERIF_JP}" font-size="22" text-anchor="middle"><g class="pieces">')
        out += [_shogi_piece(code, x, y, code[-1].islower() != flipped) for x, y, _, code in at]
        sente, gote = position.hands
        out.append("</g>" + _hand(gote if flipped else sente, not flipped, right, bottom + 22, False)
                   + _hand(sente if flipped else gote, flipped, ox, oy - (16 if labels else 0) - 22, True))
    else:
        out.append(f'<g class="pieces" font-family="{SANS}" font-size="16" text-anchor="middle">')
        for x, y, p, code in at:
            black = code == "B"
            ink = "#fff" if black else "#111"
            out.append(f'<circle cx="{x}" cy="{y}" r="19" fill="{"#111" if black else "#fafafa"}" '
                       f'stroke="{"#000" if black else "#555"}"/>')
            if numbers and p in numbers:
                last = "#ff6b6b" if black else RED  # the last move's number
                out.append(f'<text x="{x}" y="{y + 6}" fill="{last if p in marks else ink}">'
                           f'{numbers[p]}</text>')
            elif p in marks:
                out.append(f'<circle cx="{x}" cy="{y}" r="9" fill="none" stroke="{ink}" stroke-width="2.5"/>')
    out.append("</g></svg>")
    return "".join(out)


@lru_cache(maxsize=64)
def _frame(game: str, files: int, ranks: int, flipped: bool, labels: bool
           ) -> tuple[str, str, Callable[[int], int], Callable[[int], int], tuple[int, int, int, int]]:
    """What every diagram of a board shares: the opening tag; the board (lines, squares, star points)
    and the labels; where a file's and a rank's points are drawn (`col`, `row`: a square's middle,
    or a crossing of lines); and the board's left, top, right and bottom edges."""
    stones, squares = game in ("go", "gomoku"), game in ("chess", "shogi")
    band = (24 if stones else 16) if labels else 0  # room for the labels
    cw, ch = 40, 44 if game == "shogi" else 40
    pad = 0 if squares else 24 if game == "xiangqi" else 22  # wood around the outer lines
    hand = 44 if game == "shogi" else 0  # room for the pieces in hand, above and below the board
    ox = pad + (0 if game in ("shogi", "xiangqi") else band)  # the first line or square
    oy = pad + hand + (0 if game == "chess" or stones else band)
    right, bottom = ox + (files if squares else files - 1) * cw, oy + (ranks if squares else ranks - 1) * ch
    width = right + pad + (band if game == "shogi" else 0)
    height = bottom + pad + hand + (0 if game == "shogi" else band)
    x0, y0 = (ox + cw // 2, oy + ch // 2) if squares else (ox, oy)
    gx, gy = right - ox, bottom - oy
    rect = f'x="{ox}" y="{oy}" width="{gx}" height="{gy}"'

    def col(f: int) -> int:
        return x0 + (files - 1 - f if flipped else f) * cw

    def row(r: int) -> int:
        return y0 + (r if flipped else ranks - 1 - r) * ch

    def grid(rows: Iterable[int], cols: Iterable[int]) -> str:
        return ("".join(f"M{ox} {oy + r * ch}h{gx}" for r in rows)
                + "".join(f"M{ox + c * cw} {oy}v{gy}" for c in cols))

    def dots(points: Iterable[tuple[int, int]], r: int) -> str:
        return "".join(f'<circle cx="{ox + c * cw}" cy="{oy + y * ch}" r="{r}"/>' for c, y in points)

    if game == "chess":
        dark = "".join(f"M{ox + c * 40} {oy + r * 40}h40v40h-40z" for r in range(ranks) for c in range(files)
                       if (r + c) % 2)
        board = f'<rect {rect} fill="#f0d9b5"/><path d="{dark}" fill="#b58863"/>'
    elif game == "shogi":
        board = (f'<rect {rect} fill="#f1cf8a" stroke="#4a3720" stroke-width="2"/><path d="'
                 f'{grid(range(1, ranks), range(1, files))}" stroke="#4a3720" fill="none"/><g fill="#4a3720">'
                 f'{dots([(3, 3), (6, 3), (3, 6), (6, 6)], 3)}</g>')
    elif game == "xiangqi":  # the river between ranks 4 and 5; the palaces; marks where pieces start
        lines = grid(range(ranks), ()) + "".join(
            f"M{ox + c * cw} {oy}" + ("v160m0 40v160" if c % 8 else f"v{gy}") for c in range(files))
        lines += "".join(f"M{ox + 120} {oy + top}l80 80m0-80l-80 80" for top in (0, 280))
        lines += "".join(f"M{ox + c * cw + 10 * dx} {oy + r * ch + 4 * dy}h{-6 * dx}v{6 * dy}"
                         for c, r in XIANGQI_STARTS for dx in (-1, 1) if 0 <= c + dx < files
                         for dy in (-1, 1))
        board = (f'<rect x="0" y="{oy - pad}" width="{width}" height="{gy + 2 * pad}" fill="#efd3a0"/>'
                 f'<rect x="{ox - 5}" y="{oy - 5}" width="{gx + 10}" height="{gy + 10}" fill="none" '
                 f'stroke="#5a3a1a" stroke-width="2.5"/><path d="{lines}" stroke="#5a3a1a" '
                 f'stroke-width="1.2" fill="none"/><g font-family="{SERIF_SC}" font-size="28" fill="#5a3a1a" '
                 f'text-anchor="middle"><text x="{ox + 80}" y="{oy + 190}">楚 河</text>'
                 f'<text x="{right - 80}" y="{oy + 190}">汉 界</text></g>')
    else:
        board = (f'<rect x="{ox - pad}" y="0" width="{gx + 2 * pad}" height="{gy + 2 * pad}" fill="#dcb35c"/>'
                 f'<rect {rect} fill="none" stroke="#222" stroke-width="2"/><path d="'
                 f'{grid(range(1, ranks - 1), range(1, files - 1))}" stroke="#222" fill="none"/>'
                 f'<g fill="#222">{dots(_stars(files, ranks), 4)}</g>')
    board = f'<g class="board">{board}</g>'  # the same either side down: viewer.js takes it from the page
    if labels:
        texts: list[tuple[int, int, int | str]]
        if game == "chess":
            texts = [(8, row(r) + 4, r + 1) for r in range(ranks)] + [
                (col(f), bottom + 12, "abcdefgh"[f]) for f in range(files)]
        elif game == "shogi":  # files 9 … 1 from Sente's left, ranks 一 … 九 from the top
            texts = [(col(f), oy - 4, 9 - f) for f in range(files)] + [
                (right + 8, row(r) + 5, "一二三四五六七八九"[8 - r]) for r in range(ranks)]
        elif game == "xiangqi":  # each side's files from its right: Red's 一 … 九, Black's 1 … 9
            red, black = (12, height - 4) if flipped else (height - 4, 12)
            texts = [(col(f), red, "九八七六五四三二一"[f]) for f in range(files)] + [
                (col(f), black, f + 1) for f in range(files)]
        else:
            letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ" if game == "go" else "abcdefghijklmnopqrstuvwxyz"
            texts = [(14, row(r) + 6, r + 1) for r in range(ranks)] + [
                (col(f), height - 6, letters[f] if f < len(letters) else f + 1) for f in range(files)]
        board += (f'<g font-family="{SANS}" font-size="{18 if stones else 12}" fill="currentColor" '
                  f'text-anchor="middle">' + "".join(f'<text x="{x}" y="{y}">{t}</text>' for x, y, t in texts)
                  + "</g>")
    opening = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
               f'class="diagram diagram-{game}" role="img">')
    return opening, board, col, row, (ox, oy, right, bottom)


def _stars(files: int, ranks: int) -> list[tuple[int, int]]:
    """The star points of a square go or gomoku board: the corners' and the middle, and the sides'
    middles too on boards of 17 lines and more."""
    if files != ranks or files < 7:
        return []
    a = 3 if files >= 13 else 2
    b, m = files - 1 - a, files // 2
    points = [(a, a), (a, b), (b, a), (b, b)]
    if files % 2:
        points += [(m, m)] + ([(a, m), (b, m), (m, a), (m, b)] if files >= 17 else [])
    return sorted(points)


def _escape(text: str) -> str:
    """Text for markup, its & < > " ' written as numeric references (as viewer.js writes them)."""
    return re.sub("[&<>\"']", lambda m: f"&#{ord(m[0])};", text)


def _shogi_piece(code: str, x: int, y: int, gote: bool, scale: str = "") -> str:
    """A shogi piece with its middle at (x, y): a pentagon pointing the way it moves (down if `gote`)."""
    name = code if code in ("K", "k") else code.upper()
    return (f'<g transform="translate({x} {y}){" rotate(180)" if gote else ""} '
            f'scale({scale or SCALE[name[-1].upper()]})">'
            f'<path d="{PENTAGON}" fill="#fbe6b8" stroke="#8a6a3a" stroke-width="1.5"/>'
            f'<text y="9" fill="{RED if name[0] == "+" else "#111"}">{SHOGI[name]}</text></g>')


def _hand(hand: Mapping[str, int], sente: bool, x: int, y: int, top: bool) -> str:
    """A player's pieces in hand in a row whose middle is at height y: above the board (`top`),
    beginning at x and turned to the player sitting there, or below it, ending at x. The row opens
    with ☗ (Sente) or ☖ (Gote); each piece has a place 44 wide, with its count if held twice or more."""
    hand = {k.upper(): n for k, n in hand.items()}
    items = [k for k in HAND_ORDER if hand.get(k, 0) > 0]
    at = x if top else x - 22 - 44 * len(items)
    return (f'<g class="hand"><path transform="translate({at + 11} {y}) scale(0.5)" d="{PENTAGON}" '
            f'fill="{"#111" if sente else "#fff"}" stroke="currentColor" stroke-width="2"/>'
            + "".join(_shogi_piece(k, at + 36 + 44 * i, y, top, "0.8")
                      + (f'<text x="{at + 58 + 44 * i}" y="{y + 10}" font-family="{SANS}" font-size="14" '
                         f'fill="currentColor">{hand[k]}</text>' if hand[k] > 1 else "")
                      for i, k in enumerate(items)) + "</g>")
