"""What diagrams are drawn with: the styles of pieces (`Pieces.style`: figures, discs, pentagons,
stones), the go board's lines and star points, fonts and colours. viewer.js draws the same styles,
byte for byte; a game's module draws its own board with its `Frame`."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from site_builder.games.record import Position
from site_builder.games.spec import Frame, LabelRow, Pieces, numbers

SANS = "system-ui,sans-serif"
SERIF_SC = "KaiTi,STKaiti,'Noto Serif CJK SC',serif"
SERIF_JP = "'Noto Serif CJK JP','Hiragino Mincho ProN','Yu Mincho',serif"
RED = "#c0171c"

# Staunton figures in their 40 × 40 square: the body, filled, and lines drawn over it.
BASE, BAND = "M10 30.5h20v3.5H10z", "M11.3 27h17.4"
BALLS = "".join(f"M{at}a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0-3.6 0"
                for at in ("6.7 12", "12.7 9", "18.2 8", "23.7 9", "29.7 12"))
FIGURES = {
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
PENTAGON = "M0-19L12-14 15 18H-15l3-32z"  # a piece pointing up, its middle at (0, 0)



@dataclass(frozen=True)
class Scene:
    """A position to draw in a style: its pieces as (x, y, point, code), the points of the last move
    (sorted), the side down, the stones' move numbers by point and the pieces in hand."""

    pieces: Pieces
    frame: Frame
    at: list[tuple[int, int, int, str]]
    marks: list[int]
    flipped: bool
    numbers: Mapping[int, int] | None
    position: Position

    @property
    def marked(self) -> list[tuple[int, int]]:
        """Where the points of the last move are drawn."""
        f = self.frame
        return [(f.col(p % f.files, self.flipped), f.row(p // f.files, self.flipped)) for p in self.marks]


def goban(frame: Frame) -> str:
    """Go's and gomoku's board: wood, the lines and the star points."""
    f, pad = frame, frame.pad
    gx, gy = f.right - f.ox, f.bottom - f.oy
    return (f'<rect x="{f.ox - pad}" y="0" width="{gx + 2 * pad}" height="{gy + 2 * pad}" fill="#dcb35c"/>'
            f'<rect {f.rect} fill="none" stroke="#222" stroke-width="2"/><path d="'
            f'{f.grid(range(1, f.ranks - 1), range(1, f.files - 1))}" stroke="#222" fill="none"/>'
            f'<g fill="#222">{f.dots(stars(f.files, f.ranks), 4)}</g>')


def goban_labels(letters: str) -> Callable[[Frame], tuple[LabelRow, ...]]:
    """Go's and gomoku's labels: ranks 1, 2, … on the left, files by `letters` (or numbers past
    them) below."""
    def rows(f: Frame) -> tuple[LabelRow, ...]:
        names = tuple(letters[i] if i < len(letters) else str(i + 1) for i in range(f.files))
        return (LabelRow("ranks", 14, 14, numbers(f.ranks), 6),
                LabelRow("files", f.height - 6, f.height - 6, names))
    return rows


def stars(files: int, ranks: int) -> list[tuple[int, int]]:
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


def escape(text: str) -> str:
    """Text for markup, its & < > " ' written as numeric references (as viewer.js writes them)."""
    return re.sub("[&<>\"']", lambda m: f"&#{ord(m[0])};", text)


def glyph(pieces: Pieces, code: str) -> str:
    """The character written on a piece: its code's, else its upper case's ("" if none)."""
    glyphs = pieces.glyphs or {}
    return glyphs.get(code) or glyphs.get(code.upper(), "")


def _tint(frame: Frame, marked: list[tuple[int, int]], fill: str, opacity: str) -> list[str]:
    return [f'<rect x="{x - frame.cw // 2}" y="{y - frame.ch // 2}" width="{frame.cw}" height="{frame.ch}" '
            f'fill="{fill}" fill-opacity="{opacity}"/>' for x, y in marked]


def figures(s: Scene) -> str:
    """Staunton figures, the last move's squares tinted."""
    out = _tint(s.frame, s.marked, "#9bc700", ".45")
    out.append('<g class="pieces" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">')
    for x, y, _, code in s.at:
        body, lines = FIGURES[code.upper()]
        fill, ink = ("#fff", "#000") if code.isupper() else ("#222", "#eee")
        out.append(f'<g transform="translate({x - 20} {y - 20})"><path d="{body}" fill="{fill}" '
                   f'stroke="#000"/>'
                   + (f'<path d="{lines}" fill="none" stroke="{ink}"/>' if lines else "") + "</g>")
    return "".join(out)


def discs(s: Scene) -> str:
    """Round pieces with a character, red for the first player; corners around the last move."""
    out = [f'<path d="M{x - 21} {y - 13}v-8h8m26 0h8v8m0 26v8h-8m-26 0h-8v-8" fill="none" '
           f'stroke="#1565c0" stroke-width="2.5"/>' for x, y in s.marked]
    out.append(f'<g class="pieces" font-family="{SERIF_SC}" font-size="22" font-weight="bold" '
               f'text-anchor="middle">')
    for x, y, _, code in s.at:
        ink = RED if code.isupper() else "#111"
        out.append(f'<g transform="translate({x} {y})"><circle r="18" fill="#fbe8c4" stroke="#8b5a2b" '
                   f'stroke-width="1.5"/><circle r="15" fill="none" stroke="{ink}"/>'
                   f'<text y="8" fill="{ink}">{glyph(s.pieces, code)}</text></g>')
    return "".join(out)


def pentagons(s: Scene) -> str:
    """Pieces pointing the way they move, the last move's squares tinted; the pieces in hand."""
    f, flipped = s.frame, s.flipped
    out = _tint(f, s.marked, "#f08c00", ".35")
    out.append(f'<g font-family="{SERIF_JP}" font-size="22" text-anchor="middle"><g class="pieces">')
    out += [_pentagon(s.pieces, code, x, y, code[-1].islower() != flipped) for x, y, _, code in s.at]
    out.append("</g>")
    if f.hand:  # the player sitting below, then the one above
        first, second = s.position.hands
        below, above = (second, first) if flipped else (first, second)
        (bx, by), (ax, ay) = f.hand_rows
        out.append(_hand(s.pieces, below, not flipped, bx, by, False)
                   + _hand(s.pieces, above, flipped, ax, ay, True))
    return "".join(out)


def stones(s: Scene) -> str:
    """Black and white stones, the last one ringed or its number in red."""
    out = [f'<g class="pieces" font-family="{SANS}" font-size="16" text-anchor="middle">']
    numbers, marks = s.numbers, s.marks
    for x, y, p, code in s.at:
        black = code == "B"
        ink = "#fff" if black else "#111"
        out.append(f'<circle cx="{x}" cy="{y}" r="19" fill="{"#111" if black else "#fafafa"}" '
                   f'stroke="{"#000" if black else "#555"}"/>')
        if numbers and p in numbers:
            last = "#ff6b6b" if black else RED  # the last move's number
            out.append(f'<text x="{x}" y="{y + 6}" fill="{last if p in marks else ink}">{numbers[p]}</text>')
        elif p in marks:
            out.append(f'<circle cx="{x}" cy="{y}" r="9" fill="none" stroke="{ink}" stroke-width="2.5"/>')
    return "".join(out)


#: The styles by name (`Pieces.style`); viewer.js has the same.
STYLES: dict[str, Callable[[Scene], str]] = {
    "figures": figures, "discs": discs, "pentagons": pentagons, "stones": stones}


def _pentagon(pieces: Pieces, code: str, x: int, y: int, turned: bool, scale: str = "") -> str:
    """A piece with its middle at (x, y), pointing the way it moves (down if `turned`)."""
    scales = pieces.scales or {}
    return (f'<g transform="translate({x} {y}){" rotate(180)" if turned else ""} '
            f'scale({scale or scales[code[-1].upper()]})">'
            f'<path d="{PENTAGON}" fill="#fbe6b8" stroke="#8a6a3a" stroke-width="1.5"/>'
            f'<text y="9" fill="{RED if code[0] == "+" else "#111"}">{glyph(pieces, code)}</text></g>')


def _hand(pieces: Pieces, hand: Mapping[str, int], first: bool, x: int, y: int, top: bool) -> str:
    """A player's pieces in hand in a row whose middle is at height y: above the board (`top`),
    beginning at x and turned to the player sitting there, or below it, ending at x. The row opens
    with ☗ (the first player) or ☖; each piece has a place 44 wide, with its count if held twice or more."""
    hand = {k.upper(): n for k, n in hand.items()}
    items = [k for k in pieces.hand_order if hand.get(k, 0) > 0]
    at = x if top else x - 22 - 44 * len(items)
    return (f'<g class="hand"><path transform="translate({at + 11} {y}) scale(0.5)" d="{PENTAGON}" '
            f'fill="{"#111" if first else "#fff"}" stroke="currentColor" stroke-width="2"/>'
            + "".join(_pentagon(pieces, k, at + 36 + 44 * i, y, top, "0.8")
                      + (f'<text x="{at + 58 + 44 * i}" y="{y + 10}" font-family="{SANS}" font-size="14" '
                         f'fill="currentColor">{hand[k]}</text>' if hand[k] > 1 else "")
                      for i, k in enumerate(items)) + "</g>")
