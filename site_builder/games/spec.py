"""What a game is to the site: one `Game` per game module (`chess`, `xiangqi`, …), listed in
`site_builder.games.registry`. Its rules live in its reader; the rest is here: its names, its board
and how it is drawn, its record files, how its results and moves are written and its events' defaults.

A diagram's geometry (`Frame`) follows from the game's `Look` and the board's size: the cells are
`cell` apart (a square's middle to the next, or line to line), with `pad` of wood around the outer
lines, a `band` for labels along the `edges` it names and `hand` rows above and below for pieces
in hand. diagram.py draws from it; viewer.js draws from the numbers the viewer data carries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from site_builder.games.record import Record

#: A record file's reader: (text, path shown in errors, the event's opening rule) → its records.
Reader = Callable[[str, Path, str], list[Record]]
#: The new value of a tag that names a player or a team, given the tag (as the reader keys it:
#: PGN's `White`, KIF's `先手`, CSA's `Sente`, SGF's `PB`) and its value; None keeps the value.
Swap = Callable[[str, str], str | None]
#: A place of a text to replace: its start and end (character offsets) and the new text there.
Span = tuple[int, int, str]
#: Where a record file names its players or teams, for `bulletin rename`: (text, swap) → a span for
#: each value `swap` gives a new one (written as the format escapes it); nothing else changes.
Renamer = Callable[[str, Swap], list[Span]]
#: A header line as a renamer of `key: value` headers reads it (`header_spans`): its key, its value and
#: where the value starts in the line; () for a line that names nobody (a blank line, a comment);
#: None where the headers end and the moves begin.
HeaderLine = tuple[str, str, int] | tuple[()] | None


@dataclass(frozen=True)
class Board:
    """The board: `files` × `ranks` squares (chess, shogi) or lines (xiangqi, go, gomoku)."""

    files: int
    ranks: int
    squares: bool
    hands: bool = False  # pieces in hand (shogi): `Position.hands`


@dataclass(frozen=True)
class LabelRow:
    """A row of labels along the files (at height `at`) or the ranks (at `at` from the left, each
    `shift` below its rank's middle): `names` by file or rank; `flipped_at` with the board turned."""

    along: Literal["files", "ranks"]
    at: int
    flipped_at: int
    names: tuple[str, ...]
    shift: int = 0


@dataclass(frozen=True)
class Frame:
    """Where a board of a given size is drawn: its outer lines or squares from (`ox`, `oy`) to
    (`right`, `bottom`), in a drawing `width` × `height`."""

    files: int
    ranks: int
    cw: int
    ch: int
    pad: int
    band: int
    hand: int
    ox: int
    oy: int
    right: int
    bottom: int
    width: int
    height: int
    x0: int  # where file 0 is drawn (a square's middle, or a line)
    y0: int  # where the top rank is drawn

    def col(self, file: int, flipped: bool) -> int:
        return self.x0 + (self.files - 1 - file if flipped else file) * self.cw

    def row(self, rank: int, flipped: bool) -> int:
        return self.y0 + (rank if flipped else self.ranks - 1 - rank) * self.ch

    @property
    def hand_rows(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """Where the pieces in hand go: the row below the board (ending at x), the row above it
        (beginning at x); y is a row's middle."""
        half = self.hand // 2
        return (self.right, self.bottom + half), (self.ox, self.oy - self.band - half)

    @property
    def rect(self) -> str:
        """The outer lines' (or squares') rectangle, as attributes."""
        return f'x="{self.ox}" y="{self.oy}" width="{self.right - self.ox}" height="{self.bottom - self.oy}"'

    def grid(self, rows: Iterable[int], cols: Iterable[int]) -> str:
        """A path's lines across the board at these rows and columns (counted from the top left)."""
        return ("".join(f"M{self.ox} {self.oy + r * self.ch}h{self.right - self.ox}" for r in rows)
                + "".join(f"M{self.ox + c * self.cw} {self.oy}v{self.bottom - self.oy}" for c in cols))

    def dots(self, points: Iterable[tuple[int, int]], r: int) -> str:
        """Circles of radius `r` on these crossings (column, row from the top left)."""
        return "".join(f'<circle cx="{self.ox + c * self.cw}" cy="{self.oy + y * self.ch}" r="{r}"/>'
                       for c, y in points)


@dataclass(frozen=True)
class Pieces:
    """How the pieces are drawn: a style of `drawing` (and viewer.js) and what is written on them.

    - `figures`: Staunton figures by FEN letter (chess);
    - `discs`: round pieces with a character, red for the first player (xiangqi);
    - `pentagons`: pieces pointing the way they move, `scales` by letter, promoted (`+`) in red, and
      the pieces in hand in `hand_order` (shogi);
    - `stones`: black (`B`) and white (`W`) stones, their move numbers on them if `numbered` (gomoku).

    `glyphs` maps a piece code, or its upper case, to the character written on it."""

    style: Literal["figures", "discs", "pentagons", "stones"]
    glyphs: Mapping[str, str] | None = None
    scales: Mapping[str, str] | None = None
    hand_order: str = ""
    numbered: bool = False


@dataclass(frozen=True)
class Look:
    """How a diagram of the game is drawn (see the module's documentation)."""

    board: Callable[[Frame], str]  # the board's markup: squares or lines, marks, wood
    labels: Callable[[Frame], tuple[LabelRow, ...]]
    pieces: Pieces
    cell: tuple[int, int] = (40, 40)
    pad: int = 0
    band: int = 16
    edges: str = "lb"  # the sides with a band of labels: l(eft), t(op), r(ight), b(ottom)
    hand: int = 0
    label_size: int = 12


@dataclass(frozen=True)
class Defaults:
    """An event's defaults for the game, when no regulation gives them (regulations/)."""

    title: str  # the preset's: "Xiangqi Swiss"
    points: tuple[str, str]  # a win's and a draw's: ("2", "1")
    tiebreaks: tuple[str | tuple[str, Mapping[str, int]], ...]  # ids, or (id, options)
    tiebreak_rules: Literal["common", "fide"] = "common"
    system: str = "swiss-positional"  # of a new event (`bulletin new`)
    rated: bool = False  # rating changes computed (FIDE B.02) without a `rating:` setting
    forfeits_meet: bool = True  # a forfeited game counts as the two players' meeting


@dataclass(frozen=True)
class Game:
    """A game: everything the site knows of it outside its reader's rules."""

    name: str
    board: Board
    look: Look
    formats: Mapping[str, Reader]  # a record file's suffix → its reader
    player_tags: tuple[tuple[str, ...], tuple[str, ...]]  # its records' tags naming the two players
    defaults: Defaults
    paired_moves: bool = False  # moves numbered in pairs (1. e4 e5), else one number a ply
    point_results: bool = False  # results written 2:0 / 1:1 / 0:2, else 1-0 / ½-½ / 0-1
    # pairings printed as chess players read them, each side with its number and rating and a bye
    # on the player's own row (`Bo. No. Name Rtg Pts  Result  Pts Name Rtg No.`), else board,
    # first side, result, second side as the game's own lists print them
    numbered_pairings: bool = False
    # a bye printed on the player's own row in the game's own shape too (go: the player on the
    # Black side, the bye in the result, nobody on the right, as numbered pairings print it), else
    # the bye mark on the left and the player on the right, as xiangqi's lists print it
    bye_own_line: bool = False
    openings: tuple[str, ...] = ()  # the opening rules its records may follow (`opening:`), lower case
    # games played on terms of their own (go's handicap stones and komi): a game says its `handicap:`
    # and `komi:`, an event or section its `komi:`, pairings print each game's terms, and results
    # are written as the game writes them (B+R, W+3.5, jigo)
    game_terms: bool = False
    # its players have ranks (go's 30k–9d: `rank:` and the fields beside it in a player list)
    player_ranks: bool = False
    # points printed whole without decimals whatever the scoring (go's MMS and SOS: `36`, `36.5`)
    whole_points: bool = False
    # the results a result slip offers, by `Outcome` value (go's: no jigo, which only a whole komi
    # allows)
    slip_results: tuple[str, ...] = ("1-0", "=", "0-1")
    # its name and sides by language ("name", "first", "second"), for a game the catalogues do not
    # name (one added outside the package); a catalogue's `game.<name>` comes first
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # the results the content accepts, as the README of `bulletin init` lists them ("": the common
    # notation's, `content.notation.ACCEPTED`)
    accepted_results: str = ""
    # how its results are written, by `Outcome` value ("1-0", "=", "0-1", "+-", "-+", "--", "?"),
    # where they are written otherwise than chess's 1-0 or xiangqi's 2:0 (go: B+, W+, jigo)
    result_notation: Mapping[str, str] | None = None
    # tags every PGN game of it carries after the Seven Tag Roster, so that a program reading the
    # file knows the game (xiangqi: `Game "Chinese Chess"`, as xiangqi programs write it)
    pgn_tags: Mapping[str, str] = field(default_factory=dict)
    # live broadcasts show it (lichess's and chess.com's: chess only): each round has a relay feed
    # they read (`views.relay`), and the downloads page says how to connect one
    broadcast: bool = False
    # how `bulletin rename` rewrites the names in a record file, by suffix (a format without one is
    # left as it is: a record naming the renamed player then makes the rename refused)
    renamers: Mapping[str, Renamer] = field(default_factory=dict)
    # its records' tags naming the two players' teams (PGN's `WhiteTeam`), renamed with the team
    team_tags: tuple[str, ...] = ()

    @property
    def pgn(self) -> bool:
        """Its records are PGN: a round's and an event's games are published as one PGN file."""
        return ".pgn" in self.formats

    def frame(self, files: int, ranks: int, labels: bool = True) -> Frame:
        """The geometry of a diagram of a `files` × `ranks` board (with or without its labels)."""
        look, squares = self.look, self.board.squares
        band = look.band if labels else 0
        (cw, ch), pad, edges = look.cell, look.pad, look.edges
        ox = pad + (band if "l" in edges else 0)
        oy = pad + look.hand + (band if "t" in edges else 0)
        right = ox + (files if squares else files - 1) * cw
        bottom = oy + (ranks if squares else ranks - 1) * ch
        width = right + pad + (band if "r" in edges else 0)
        height = bottom + pad + look.hand + (band if "b" in edges else 0)
        x0, y0 = (ox + cw // 2, oy + ch // 2) if squares else (ox, oy)
        return Frame(files, ranks, cw, ch, pad, band, look.hand, ox, oy, right, bottom, width, height, x0, y0)


def without_opening(read: Callable[[str, Path], list[Record]]) -> Reader:
    """The reader of a game that has no opening rules, as a `Reader`."""
    return lambda text, path, opening: read(text, path)


def replaced(text: str, spans: list[Span]) -> str:
    """`text` with each of the `spans` replaced by its new text.

    >>> replaced("[A] [B]", [(1, 2, "C"), (5, 6, "DD")])
    '[C] [DD]'
    """
    for start, end, written in sorted(spans, reverse=True):
        text = text[:start] + written + text[end:]
    return text


def header_spans(text: str, swap: Swap, read: Callable[[str], HeaderLine]) -> list[Span]:
    """The value of each header line before the moves that `swap` gives a new value, as a span: the
    renamer of a format whose headers are a key and its value a line (KIF's `先手：name`, gomoku's
    `Black: name`), each line read by `read`.

    >>> def read(line):
    ...     return None if line[0].isdigit() else tuple(line.rstrip().split(": ")) + (len("Black: "),)
    >>> text = "Black: Ann\\nWhite: Lee\\n1. Black: Ann\\n"
    >>> replaced(text, header_spans(text, lambda key, value: "X" if value == "Ann" else None, read))
    'Black: X\\nWhite: Lee\\n1. Black: Ann\\n'
    """
    spans: list[Span] = []
    offset = 0
    for line in text.splitlines(keepends=True):
        found = read(line)
        if found is None:
            break  # the moves: no header after them
        if found and found[1] and (name := swap(found[0], found[1])) is not None:
            spans.append((offset + found[2], offset + found[2] + len(found[1]), name))
        offset += len(line)
    return spans


def numbers(count: int) -> tuple[str, ...]:
    """"1" … "count": labels counting from 1."""
    return tuple(str(n) for n in range(1, count + 1))
