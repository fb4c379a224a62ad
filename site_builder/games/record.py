"""The one shape every game's record takes, whatever the game and the file it came from.

A `Record` is a start position and its plies; each ply says how it is written in each reader's
notation and which points of the board it changes, so that the viewer (static/viewer.js) and the
diagrams (`diagram`) need no rules of any game.

Boards are `files` × `ranks` points; a point is `rank * files + file`, (0, 0) the lower left
corner seen from the first player (White in chess, Red in xiangqi, Sente in shogi, Black in go
and gomoku). A position maps occupied points to piece codes:

- chess: FEN letters, `K Q R B N P` White, `k q r b n p` Black;
- xiangqi: `K A B N R C P` Red, `k a b n r c p` Black (king, advisor, elephant, horse, rook,
  cannon, pawn);
- shogi: `K R B G S N L P`, promoted `+R +B +S +N +L +P`; upper case Sente, lower case Gote;
- go, gomoku: `B` a black stone, `W` a white stone.

Shogi's pieces in hand are `Position.hands`: (Sente's, Gote's), each a piece-letter → count map.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Position:
    """The pieces (or stones) on the board, and Shogi's pieces in hand."""

    points: Mapping[int, str]
    hands: tuple[Mapping[str, int], Mapping[str, int]] = ({}, {})


@dataclass(frozen=True)
class Ply:
    """One move (or a pass, in go), written in each language's notation (`zh`, `en`: figurine
    algebraic for chess, Chinese notation for xiangqi, …), with the comment and NAGs that follow
    it in the file, and the position after it."""

    number: int  # counted in plies from the game's first (a FEN's move number and side to move count)
    notation: Mapping[str, str]  # language → text, e.g. {"zh": "炮二平五", "en": "C2=5"}
    position: Position
    comment: str = ""
    nags: tuple[int, ...] = ()  # PGN's numeric annotation glyphs ($1 = !, $2 = ?, …)
    source: str = ""  # as its file format writes it back: chess's SAN (python-chess's, whatever the
    # record's spelling: Ng1-f3, 0-0 → Nf3, O-O), the others' as written (ICCS, KIF, SGF coordinate)
    marks: tuple[int, ...] = ()  # the points the move is seen on: from and to, or the stone placed

    def move_label(self, first: bool, ellipsis: str = "…") -> str:
        """The move number written before this ply where moves are numbered in pairs (chess,
        xiangqi): "12." before the first player's move, "12…" before the second player's when it
        opens the record (`first`), else "".

        >>> [Ply(n, {}, Position({})).move_label(n == 24) for n in (24, 25, 26)]
        ['12…', '13.', '']
        """
        number = (self.number + 1) // 2
        return f"{number}." if self.number % 2 else f"{number}{ellipsis}" if first else ""


@dataclass(frozen=True)
class Record:
    """A game as read and checked: its tags, start position and plies."""

    game: str  # a name of `registry.GAMES`
    files: int
    ranks: int
    start: Position
    plies: tuple[Ply, ...]
    tags: Mapping[str, str] = field(default_factory=dict)  # e.g. PGN's Event, White, Black, Result
    result: str = ""  # as the file gives it ("1-0", "0-1", "1/2-1/2", "*", "B+R", …)
    comment: str = ""  # before the first move
    line: int = 1  # where the game starts in its file
    suffix: str = ""  # of the file it was read from (".pgn", ".kif", ".sgf", …)
    text: str = ""  # that file's text, when it holds this game only (published as it is)

    def position(self, ply: int) -> Position:
        """The position after `ply` plies (0: the start).

        >>> Record("gomoku", 15, 15, Position({}), ()).position(0)
        Position(points={}, hands=({}, {}))
        """
        return self.start if ply == 0 else self.plies[ply - 1].position


def changes(before: Position, after: Position) -> list[tuple[int, str]]:
    """The points whose content differs, with the new content ("" for an emptied point), in point
    order: what the viewer applies to step forward.

    >>> changes(Position({12: "P", 4: "K"}), Position({28: "P", 4: "K"}))
    [(12, ''), (28, 'P')]
    """
    old, new = before.points, after.points
    points = [p for p, code in old.items() if new.get(p) != code] + [p for p in new if p not in old]
    return [(p, new.get(p, "")) for p in sorted(points)]
