"""Xiangqi (Chinese chess): positions, legal moves, the three notations, and PGN game records.

The rules are those of the Chinese Xiangqi Association's 《中国象棋竞赛规则》 (Xiangqi Competition
Rules), chapter 1, the moves of the pieces:

- the general (帅/将) steps one point orthogonally and never leaves its palace; the two generals may
  not face each other on an open file (the "flying general": a move that lets them is illegal);
- an advisor (仕/士) steps one point diagonally inside the palace;
- an elephant (相/象) goes two points diagonally, never across the river, and not when a piece
  stands on the point between (the "elephant eye", 塞象眼);
- a horse (马) goes one point orthogonally then one diagonally outward, and not when a piece stands
  on that first point (the "horse leg", 蹩马腿);
- a rook (车) goes any distance orthogonally; a cannon (炮) moves like it but captures by jumping
  exactly one piece (the screen, 炮架);
- a soldier (兵/卒) steps forward; once across the river it may also step sideways;
- a move that leaves one's own general in check is illegal; the side to move with no legal move
  (checkmate or stalemate, 困毙) loses. Repetition rules are not applied.

Points are `rank * 9 + file` as in `record`: file a..i from Red's left, rank 0 Red's back rank.
Moves are written in ICCS coordinates (`h2e2`), Chinese notation (中文纵线记谱法: 炮二平五 马８进７)
and WXF notation (`C2.5 H8+7`: piece letter K A E H R C P, file, `+` forward, `-` back, `.`
sideways — `=` is read too —, then the distance or the file reached; tandem pieces as the WXF's
"Xiangqi piece names and notation" gives them: `R+.3`, `C--1`, `P3.4`, `++.4`, `3+.4`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from site_builder.errors import ContentError, Location, Problem
from site_builder.games import pgn, spec
from site_builder.games.drawing import SERIF_SC
from site_builder.games.record import Ply, Position, Record

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
Move = tuple[int, int]  # (from point, to point)
KINDS = "KABNRCP"
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < 9 and 0 <= rank < 10


def _in_palace(red: bool) -> Callable[[int, int], bool]:
    return lambda f, r: 3 <= f <= 5 and (r <= 2 if red else r >= 7)


def _steps(point: int, deltas: tuple[tuple[int, int], ...], keep: Callable[[int, int], bool]
           ) -> tuple[int, ...]:
    f, r = point % 9, point // 9
    return tuple((r + dr) * 9 + f + df for df, dr in deltas
                 if _on_board(f + df, r + dr) and keep(f + df, r + dr))


def _ray(point: int, df: int, dr: int) -> tuple[int, ...]:
    f, r, ray = point % 9 + df, point // 9 + dr, []
    while _on_board(f, r):
        ray.append(r * 9 + f)
        f, r = f + df, r + dr
    return tuple(ray)


def _horse(point: int) -> tuple[tuple[int, int], ...]:
    """(destination, leg) pairs."""
    f, r, moves = point % 9, point // 9, []
    for df, dr in ORTHOGONAL:
        for side in (1, -1):
            tf, tr = (f + 2 * df, r + side) if df else (f + side, r + 2 * dr)
            if _on_board(tf, tr):
                moves.append((tr * 9 + tf, (r + dr) * 9 + f + df))
    return tuple(moves)


def _elephant(point: int, red: bool) -> tuple[tuple[int, int], ...]:
    """(destination, eye) pairs on the elephant's side of the river."""
    f, r = point % 9, point // 9
    return tuple(((r + 2 * dr) * 9 + f + 2 * df, (r + dr) * 9 + f + df) for df, dr in DIAGONAL
                 if _on_board(f + 2 * df, r + 2 * dr) and ((r + 2 * dr <= 4) if red else (r + 2 * dr >= 5)))


def _pawn(point: int, red: bool) -> tuple[int, ...]:
    crossed = point // 9 >= 5 if red else point // 9 <= 4
    deltas = ((0, 1 if red else -1),) + (((1, 0), (-1, 0)) if crossed else ())
    return _steps(point, deltas, lambda f, r: True)


POINTS = range(90)
RAYS = [tuple(_ray(p, df, dr) for df, dr in ORTHOGONAL) for p in POINTS]
HORSE = [_horse(p) for p in POINTS]
KING = {red: [_steps(p, ORTHOGONAL, _in_palace(red)) for p in POINTS] for red in (True, False)}
ADVISOR = {red: [_steps(p, DIAGONAL, _in_palace(red)) for p in POINTS] for red in (True, False)}
ELEPHANT = {red: [_elephant(p, red) for p in POINTS] for red in (True, False)}
PAWN = {red: [_pawn(p, red) for p in POINTS] for red in (True, False)}
LEGS = [_steps(p, DIAGONAL, lambda f, r: True) for p in POINTS]  # where a horse checking p has its leg
PALACE = {red: tuple(p for p in POINTS if _in_palace(red)(p % 9, p // 9)) for red in (True, False)}
#: Where a horse (and its leg) or a side's pawn must stand to attack a point.
HORSE_CHECKS = [tuple((h, leg) for h in POINTS for to, leg in HORSE[h] if to == p) for p in POINTS]
PAWN_CHECKS = {red: [tuple(q for q in POINTS if p in PAWN[red][q]) for p in POINTS] for red in (True, False)}


@dataclass(slots=True)
class Board:
    """A position: the 90 points' pieces ("" for an empty point) and whether Red is to move.

    >>> board = Board.from_fen()
    >>> len(board.legal_moves()), board.play((7 + 2 * 9, 4 + 2 * 9)).fen()
    (44, 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1')
    """

    points: list[str]
    red: bool = True

    @classmethod
    def from_fen(cls, fen: str = START_FEN) -> Board:
        """The position of a xiangqi FEN (`E` and `H` are read as `B` and `N`; `r` as `w`)."""
        fields = fen.split()
        rows = fields[0].split("/") if fields else []
        if len(rows) != 10:
            raise ValueError(f"a xiangqi FEN has 10 ranks separated by '/', found {len(rows)}")
        points = [""] * 90
        for i, row in enumerate(rows):
            file = 0
            for char in row:
                if char.isdigit():
                    file += int(char)
                elif char.upper() in "KABNRCPEH" and file < 9:
                    points[(9 - i) * 9 + file] = char.translate(str.maketrans("EHeh", "BNbn"))
                    file += 1
                else:
                    raise ValueError(f"unknown piece letter {char!r}" if file < 9
                                     else f"rank {9 - i} is too long")
            if file != 9:
                raise ValueError(f"rank {9 - i} has {file} points, not 9")
        side = fields[1].lower() if len(fields) > 1 else "w"
        if side not in ("w", "r", "b"):
            raise ValueError(f"the side to move is w (or r) or b, found {side!r}")
        for red, king in ((True, "K"), (False, "k")):
            if [p for p in POINTS if points[p] == king] not in [[p] for p in PALACE[red]]:
                raise ValueError(f"{'Red' if red else 'Black'} needs one general ({king}) in the palace")
        return cls(points, side != "b")

    def fen(self) -> str:
        """The position as a FEN (without move counters: `- - 0 1`)."""
        rows = []
        for rank in range(9, -1, -1):
            row = "".join(self.points[rank * 9 + f] or "1" for f in range(9))
            rows.append(re.sub("1+", lambda m: str(len(m.group())), row))
        return f"{'/'.join(rows)} {'w' if self.red else 'b'} - - 0 1"

    def position(self) -> Position:
        return Position({p: piece for p, piece in enumerate(self.points) if piece})

    def king(self, red: bool) -> int:
        return next(p for p in PALACE[red] if self.points[p] == ("K" if red else "k"))

    def exposed(self, red: bool, point: int | None = None) -> bool:
        """Whether `red`'s general (on `point`, if known) is in check, or faces the other general on
        an open file."""
        board = self.points
        point = self.king(red) if point is None else point
        rook, cannon, horse, king = ("r", "c", "n", "k") if red else ("R", "C", "N", "K")
        for ray in RAYS[point]:
            screened = False
            for p in ray:
                if piece := board[p]:
                    if screened:
                        if piece == cannon:
                            return True
                        break
                    if piece in (rook, king):
                        return True
                    screened = True
        for h, leg in HORSE_CHECKS[point]:
            if board[h] == horse and not board[leg]:
                return True
        pawn = "p" if red else "P"
        return any(board[p] == pawn for p in PAWN_CHECKS[not red][point])

    def pseudo_moves(self) -> Iterator[Move]:
        """The moves of the pieces, whether or not they expose their own general."""
        board, red = self.points, self.red
        for frm, piece in enumerate(board):
            if not piece or piece.isupper() != red:
                continue
            kind = piece.upper()
            if kind in "RC":
                for ray in RAYS[frm]:
                    screened = False
                    for to in ray:
                        target = board[to]
                        if not screened and not target:
                            yield frm, to
                        elif not screened:
                            if kind == "R" and target.isupper() != red:
                                yield frm, to
                            if kind == "R":
                                break
                            screened = True
                        elif target:
                            if target.isupper() != red:
                                yield frm, to
                            break
                continue
            targets: Sequence[int]
            if kind == "N":
                targets = [to for to, leg in HORSE[frm] if not board[leg]]
            elif kind == "B":
                targets = [to for to, eye in ELEPHANT[red][frm] if not board[eye]]
            else:
                targets = {"K": KING, "A": ADVISOR, "P": PAWN}[kind][red][frm]
            for to in targets:
                if not board[to] or board[to].isupper() != red:
                    yield frm, to

    def legal_moves(self) -> list[Move]:
        """The moves of the side to move that leave its general neither in check nor facing the other."""
        moves, red, king = [], self.red, self.king(self.red)
        checked, file, rank, legs = self.exposed(red, king), king % 9, king // 9, LEGS[king]
        for move in self.pseudo_moves():
            frm, to = move
            if not (checked or frm == king or frm % 9 == file or frm // 9 == rank or to % 9 == file
                    or to // 9 == rank or frm in legs):
                moves.append(move)  # off the general's lines and horse legs: it cannot expose it
                continue
            captured = self.push(move)
            if not self.exposed(red, move[1] if move[0] == king else king):
                moves.append(move)
            self.pop(move, captured)
        return moves

    def is_legal(self, move: Move) -> bool:
        """Whether a pseudo-legal move leaves the mover's general safe."""
        captured = self.push(move)
        safe = not self.exposed(not self.red)
        self.pop(move, captured)
        return safe

    def push(self, move: Move) -> str:
        """Make a move in place; returns the piece captured ("" for none), for `pop`."""
        frm, to = move
        captured, self.points[to], self.points[frm] = self.points[to], self.points[frm], ""
        self.red = not self.red
        return captured

    def pop(self, move: Move, captured: str) -> None:
        """Take back a move made by `push`."""
        frm, to = move
        self.points[frm], self.points[to] = self.points[to], captured
        self.red = not self.red

    def play(self, move: Move) -> Board:
        """The position after a move (this one is unchanged)."""
        board = Board(self.points.copy(), self.red)
        board.push(move)
        return board

    def result(self) -> str:
        """"1-0" or "0-1" when the side to move has no legal move (checkmate or stalemate), else ""."""
        return "" if self.legal_moves() else ("0-1" if self.red else "1-0")


def perft(board: Board, depth: int) -> int:
    """The number of legal move sequences of `depth` plies (leaf nodes), to check the move generator.

    >>> perft(Board.from_fen(), 2)
    1920
    """
    if depth == 0:
        return 1
    moves = board.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        captured = board.push(move)
        total += perft(board, depth - 1)
        board.pop(move, captured)
    return total


# --- Notation -------------------------------------------------------------------------------------

class MoveError(ValueError):
    """A move that cannot be read or played, with a hint saying what was expected."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message, self.hint = message, hint


NAMES = dict(zip(KINDS, ("general", "advisor", "elephant", "horse", "rook", "cannon", "pawn"), strict=True))
RED_NAMES = dict(zip(KINDS, "帅仕相马车炮兵", strict=True))
BLACK_NAMES = dict(zip(KINDS, "将士象马车炮卒", strict=True))
RED_DIGITS, BLACK_DIGITS = "一二三四五六七八九", "１２３４５６７８９"
_VARIANTS = ("帅帥将將", "仕士", "相象", "马馬傌", "车車俥", "炮砲包", "兵卒")
NAME_KIND = {char: kind for kind, chars in zip(KINDS, _VARIANTS, strict=True) for char in chars}
NUMBERS = {char: i + 1 for digits in (RED_DIGITS, BLACK_DIGITS, "123456789") for i, char in enumerate(digits)}
ZH_ACTIONS = {"进": "+", "進": "+", "退": "-", "平": "."}
WXF_LETTERS = {"K": "K", "A": "A", "E": "B", "B": "B", "H": "N", "N": "N", "R": "R", "C": "C", "P": "P"}


def _nth(k: int) -> Callable[[int, int], bool]:
    return lambda i, n: i == k


#: Which of the pieces on a file (by index from the front, and count) an ordinal names.
ORDINALS: dict[str, Callable[[int, int], bool]] = {
    "前": _nth(0), "后": lambda i, n: i == n - 1, "後": lambda i, n: i == n - 1,
    "中": lambda i, n: 0 < i < n - 1, **{c: _nth(k) for k, c in enumerate("一二三四五")}}

_NUM = "".join(NUMBERS)
_ZH_MOVE = re.compile(f"([前中后後一二三四五])?([{''.join(NAME_KIND)}])?([{_NUM}])?([进進退平])([{_NUM}])")
_WXF_MOVE = re.compile(r"([KAEBHNRCP1-9+-])([1-9+-])([-+.=])([1-9])", re.IGNORECASE)
_ICCS_MOVE = re.compile(r"([a-i])([0-9])-?([a-i])([0-9])", re.IGNORECASE)
_ZH_KEY = str.maketrans({**NAME_KIND, **{c: str(n) for c, n in NUMBERS.items()}, **ZH_ACTIONS, "後": "后"})
HINT = "write ICCS coordinates (h2e2), Chinese notation (炮二平五, 马８进７) or WXF notation (C2.5, H8+7)"


def _side(red: bool) -> str:
    return "Red" if red else "Black"


def _file_number(point: int, red: bool) -> int:
    """The file as each side counts it: from its own right, 1..9."""
    return 9 - point % 9 if red else point % 9 + 1


def _motion(kind: str, frm: int, to: int, red: bool) -> tuple[str, int]:
    """The move's direction (+ forward, - back, . sideways) and its distance or destination file."""
    ahead = (to // 9 - frm // 9) * (1 if red else -1)
    if ahead == 0:
        return ".", _file_number(to, red)
    return ("+" if ahead > 0 else "-"), (abs(ahead) if kind in "KRCP" else _file_number(to, red))


def _column(board: Board, point: int) -> list[int]:
    """The points of the same piece on the point's file, the front one (nearest the enemy) first."""
    piece = board.points[point]
    points = [p for p in range(point % 9, 90, 9) if board.points[p] == piece]
    return points[::-1] if piece.isupper() else points


def _tandem_files(board: Board, piece: str) -> int:
    """How many files hold two or more of a piece."""
    return sum(sum(board.points[p] == piece for p in range(f, 90, 9)) >= 2 for f in range(9))


def iccs(move: Move) -> str:
    """ICCS coordinates.

    >>> iccs((7 + 2 * 9, 4 + 2 * 9))
    'h2e2'
    """
    return "".join(f"{'abcdefghi'[p % 9]}{p // 9}" for p in move)


def chinese(board: Board, move: Move) -> str:
    """The move in Chinese notation, as Chinese xiangqi records write it: piece, file (Red's 一…九,
    Black's １…９, each from its own right), 进/退/平, distance or file reached. Two of a piece on a
    file are 前/后 (前车进六); three pawns 前/中/后, four or five 一…五 from the front (二兵平五);
    pawns doubled on two files name their file instead of the piece (前七平八).

    >>> board = Board.from_fen()
    >>> chinese(board, (7 + 2 * 9, 4 + 2 * 9)), chinese(board.play((7 + 2 * 9, 4 + 2 * 9)), (88, 69))
    ('炮二平五', '马８进７')
    """
    frm, to = move
    piece = board.points[frm]
    red, kind = piece.isupper(), piece.upper()
    name, digits = (RED_NAMES[kind], RED_DIGITS) if red else (BLACK_NAMES[kind], BLACK_DIGITS)
    action, target = _motion(kind, frm, to, red)
    tail = {"+": "进", "-": "退", ".": "平"}[action] + digits[target - 1]
    column = _column(board, frm)
    file = digits[_file_number(frm, red) - 1]
    if len(column) == 1:
        return name + file + tail
    ordinals = "前后" if len(column) == 2 else "前中后" if len(column) == 3 else "一二三四五"
    ordinal = ordinals[column.index(frm)]
    if kind == "P" and _tandem_files(board, piece) > 1:
        return ordinal + file + tail
    return ordinal + name + tail


def wxf(board: Board, move: Move) -> str:
    """The move in WXF notation.

    >>> wxf(Board.from_fen(), (7 + 2 * 9, 4 + 2 * 9))
    'C2.5'
    """
    frm, to = move
    piece = board.points[frm]
    red, kind = piece.isupper(), piece.upper()
    action, target = _motion(kind, frm, to, red)
    letter, file, tail = "KAEHRCP"[KINDS.index(kind)], str(_file_number(frm, red)), f"{action}{target}"
    column = _column(board, frm)
    i, n = column.index(frm), len(column)
    if n == 1:
        return letter + file + tail
    mark = "+" if i == 0 else "-" if i == n - 1 else file
    if kind == "P" and _tandem_files(board, piece) > 1:
        return file + mark + tail
    if n >= 4:
        return (["++", "P+", "P-", "--"] if n == 4 else ["++", "P+", f"P{file}", "P-", "--"])[i] + tail
    return letter + mark + tail


@dataclass(frozen=True)
class _Spec:
    """A move as Chinese or WXF notation describes it."""

    kind: str
    file: int | None
    rank: Callable[[int, int], bool] | None  # which of the pieces on a file, by (index from the front, count)
    action: str
    target: int

    def fits(self, board: Board, move: Move) -> bool:
        frm, to = move
        piece = board.points[frm]
        red = piece.isupper()
        if piece.upper() != self.kind or (self.file is not None and _file_number(frm, red) != self.file):
            return False
        if self.rank is not None:
            column = _column(board, frm)
            if len(column) < 2 or not self.rank(column.index(frm), len(column)):
                return False
        return _motion(self.kind, frm, to, red) == (self.action, self.target)


def _chinese_spec(text: str) -> _Spec | None:
    match = _ZH_MOVE.fullmatch(text)
    if not match:
        return None
    ordinal, name, file, action, target = match.groups()
    if (name is None and (ordinal is None or file is None)) or (ordinal is None and file is None):
        return None
    return _Spec(NAME_KIND[name] if name else "P", NUMBERS[file] if file else None,
                 ORDINALS[ordinal] if ordinal else None, ZH_ACTIONS[action], NUMBERS[target])


def _wxf_spec(text: str) -> _Spec | None:
    match = _WXF_MOVE.fullmatch(text)
    if not match:
        return None
    first, second, action, target = (g.upper() for g in match.groups())
    front, rear = (lambda i, n: i < n - 1), (lambda i, n: i > 0)
    if first in WXF_LETTERS and second.isdigit():
        kind, file, rank = WXF_LETTERS[first], int(second), None
    elif first in WXF_LETTERS:
        kind, file, rank = WXF_LETTERS[first], None, front if second == "+" else rear
    elif first in "+-" and second == first:
        kind, file, rank = "P", None, ORDINALS["前" if first == "+" else "后"]
    elif first.isdigit():
        kind, file = "P", int(first)
        if second not in ("+", "-", first):
            return None
        rank = front if second == "+" else rear if second == "-" else ORDINALS["中"]
    else:
        return None
    return _Spec(kind, file, rank, action.replace("=", "."), int(target))


def _wxf_key(text: str) -> str:
    return text.upper().replace("=", ".").replace("B", "E").replace("N", "H")


#: Per described notation: its reader, its writer and the key that compares two spellings.
NOTATIONS: dict[str, tuple[Callable[[str], _Spec | None], Callable[[Board, Move], str],
                           Callable[[str], str]]] = {
    "zh": (_chinese_spec, chinese, lambda text: text.translate(_ZH_KEY)),
    "en": (_wxf_spec, wxf, _wxf_key),
}


def _read_described(board: Board, text: str, notation: str) -> Move:
    parse, write, key = NOTATIONS[notation]
    spec = parse(text)
    if spec is None:
        raise MoveError(f"unreadable move {text!r}", HINT)
    fits = [m for m in board.pseudo_moves() if spec.fits(board, m) and board.is_legal(m)]
    if len(fits) > 1:  # e.g. WXF's P3.4: the middle one of three pawns on file 3
        fits = [m for m in fits if key(write(board, m)) == key(text)] or fits
    if len(fits) == 1:
        return fits[0]
    side, name = _side(board.red), NAMES[spec.kind]
    if fits:
        raise MoveError(f"ambiguous move {text!r}", "it fits " + ", ".join(write(board, m) for m in fits))
    legal = board.legal_moves()
    if not legal:
        raise MoveError(f"illegal move {text!r}", f"{side} has no legal move: the game is over")
    own = [m for m in legal if board.points[m[0]].upper() == spec.kind]
    if not any(board.points[p] == (spec.kind if board.red else spec.kind.lower()) for p in POINTS):
        raise MoveError(f"illegal move {text!r}", f"{side} has no {name} left")
    choices = ", ".join(sorted((write(board, m) for m in own), key=key))
    raise MoveError(f"illegal move {text!r}", f"{side}'s {name}s can play {choices}" if own
                    else f"{side}'s {name}s have no legal move")


def read_chinese(board: Board, text: str) -> Move:
    """The legal move that Chinese notation names (variant characters and ASCII digits read too).

    >>> read_chinese(Board.from_fen(), "炮二平五")
    (25, 22)
    """
    return _read_described(board, text.strip(), "zh")


def read_wxf(board: Board, text: str) -> Move:
    """The legal move that WXF notation names (`=` for `.`, `B` for `E` and `N` for `H` read too)."""
    return _read_described(board, text.strip(), "en")


def read_iccs(board: Board, text: str) -> Move:
    """The legal move that ICCS coordinates name (`h2e2`, `H2-E2`)."""
    match = _ICCS_MOVE.fullmatch(text.strip())
    if not match:
        raise MoveError(f"unreadable move {text!r}", HINT)
    frm, to = (int(r) * 9 + "abcdefghi".index(f.lower()) for f, r in (match.group(1, 2), match.group(3, 4)))
    pseudo = (frm, to) in board.pseudo_moves()
    if pseudo and board.is_legal((frm, to)):
        return frm, to
    side, piece, legal = _side(board.red), board.points[frm], board.legal_moves()
    if not legal:
        raise MoveError(f"illegal move {text!r}", f"{side} has no legal move: the game is over")
    if not piece or piece.isupper() != board.red:
        raise MoveError(f"illegal move {text!r}", f"no {side} piece on {iccs((frm, frm))[:2]}")
    where = f"the {side} {NAMES[piece.upper()]} on {iccs((frm, frm))[:2]}"
    own = sorted(iccs(m) for m in legal if m[0] == frm)
    reason = "it would leave the general in check or facing the other general; " if pseudo else ""
    raise MoveError(f"illegal move {text!r}", reason + (f"{where} can play {', '.join(own)}" if own
                                                       else f"{where} has no legal move"))



def read_move(board: Board, text: str) -> Move:
    """A move in any of the three notations.

    >>> board = Board.from_fen()
    >>> read_move(board, "h2e2") == read_move(board, "炮二平五") == read_move(board, "C2=5")
    True
    """
    text = text.strip()
    if _ICCS_MOVE.fullmatch(text):
        return read_iccs(board, text)
    return _read_described(board, text, "en" if _WXF_MOVE.fullmatch(text) else "zh")


# --- PGN ------------------------------------------------------------------------------------------

def _split(word: str) -> list[tuple[int, str]] | None:
    """The moves in a word and their offsets: one ICCS or WXF move, or Chinese moves, even unspaced."""
    if _ICCS_MOVE.fullmatch(word) or _WXF_MOVE.fullmatch(word):
        return [(0, word)]
    moves, at = [], 0
    for match in _ZH_MOVE.finditer(word):
        if match.start() != at:
            return None
        moves.append((at, match.group()))
        at = match.end()
    return moves if moves and at == len(word) else None


@dataclass
class _Game:
    """A game being read: its tags, positions and plies so far."""

    tags: dict[str, str] = field(default_factory=dict)
    board: Board | None = None
    start: Board | None = None
    fullmove: int = 1
    plies: list[dict[str, Any]] = field(default_factory=list)
    comment: list[str] = field(default_factory=list)
    result: str = ""
    failed: bool = False
    line: int = 1  # where the game starts in its file

    def begin(self) -> Board:
        if self.board is None:
            self.board = Board.from_fen()
            self.start = Board(self.board.points.copy(), True)
        return self.board

    def record(self) -> Record:
        start = (self.start or Board.from_fen()).position()
        first = 2 * self.fullmove - (1 if self.start is None or self.start.red else 0)  # Red plays odd plies
        plies = tuple(Ply(first + i, p["notation"], p["position"], "\n".join(p["comment"]), tuple(p["nags"]),
                          p["source"], p["marks"]) for i, p in enumerate(self.plies))
        result = self.result or self.tags.get("Result", "")
        return Record("xiangqi", 9, 10, start, plies, dict(self.tags), result, "\n".join(self.comment),
                      self.line)


def read_pgn(text: str, path: Path) -> list[Record]:
    """The games of a PGN file as xiangqi programs write it (`pgn.games` splits it): tag pairs
    ([FEN] optional), moves in ICCS, Chinese or WXF notation (told apart move by move, Chinese moves
    even unspaced), comments {…} attached to the ply before them, NAGs ($1 or !, ?, …) and the
    result; variations are skipped. Raises `ContentError` with one located problem per bad move
    (the rest of that game is not read) or bad FEN.

    >>> [game] = read_pgn('[Game "Chinese Chess"]\\n1. h2e2 {central cannon} 马８进７ 1-0', Path("a.pgn"))
    >>> [(p.notation["zh"], p.notation["en"], p.source, p.comment) for p in game.plies], game.result
    ([('炮二平五', 'C2.5', 'h2e2', 'central cannon'), ('马８进７', 'H8+7', '马８进７', '')], '1-0')
    """
    records: list[Record] = []
    problems: list[Problem] = []
    for read in pgn.games(text):
        game = _Game(tags=dict(read.tags), line=read.line)
        tag = next((name for name in read.tags if name.upper() == "FEN"), None)
        if tag is not None:
            fen = read.tags[tag]
            try:
                game.board = Board.from_fen(fen)
            except ValueError as exc:
                problems.append(Problem(Location(path, *read.tag_at[tag]), f"bad FEN: {exc}",
                                        f"e.g. {START_FEN}"))
                records.append(game.record())
                continue
            game.start = Board(game.board.points.copy(), game.board.red)
            fields = fen.split()
            game.fullmove = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
        for token in read.tokens:
            if token.kind == "comment":
                (game.plies[-1]["comment"] if game.plies else game.comment).append(token.text)
            elif token.kind == "nag" and game.plies:
                game.plies[-1]["nags"].append(int(token.text))
            elif token.kind == "result":
                game.result = token.text
            elif token.kind == "move" and not game.failed:
                _read_word(game, token.text, partial(_token_at, path, token), problems)
        records.append(game.record())
    if problems:
        raise ContentError(problems)
    return records


def _token_at(path: Path, token: pgn.Token, offset: int) -> Location:
    """Where the character `offset` of a move token is."""
    return Location(path, token.line, token.column + offset)


def _read_word(game: _Game, word: str, where: Callable[[int], Location], problems: list[Problem]) -> None:
    """Play the moves of a word of movetext (unspaced Chinese moves are several), or add the
    problem of the first one that fails; `where(offset)` locates a character of the word."""
    moves = _split(word)
    board = game.begin()
    for at, move in moves or [(0, word)]:
        ply = len(game.plies) + (0 if game.start is None or game.start.red else 1)  # counted from a Red ply
        number, side = game.fullmove + ply // 2, _side(board.red)
        try:
            if moves is None:
                raise MoveError(f"unreadable move {word!r}", HINT)
            played = read_move(board, move)
        except MoveError as exc:
            problems.append(Problem(where(at), f"move {number} ({side}): {exc.message}", exc.hint))
            game.failed = True
            return
        notation = {"zh": chinese(board, played), "en": wxf(board, played)}
        board.push(played)
        game.plies.append({"notation": notation, "position": board.position(), "comment": [], "source": move,
                           "nags": [], "marks": played})


# Where the pawns and cannons start, marked at the corners on the board.
_STARTS = ((0, 3), (2, 3), (4, 3), (6, 3), (8, 3), (0, 6), (2, 6), (4, 6), (6, 6), (8, 6),
           (1, 2), (7, 2), (1, 7), (7, 7))


def _board_markup(f: spec.Frame) -> str:
    """The lines, the river between ranks 4 and 5 (its words small and faint, centred in it, so that
    a piece on either bank covers them rather than clashing), the palaces and marks where pieces start."""
    gx, gy = f.right - f.ox, f.bottom - f.oy
    lines = f.grid(range(f.ranks), ()) + "".join(
        f"M{f.ox + c * f.cw} {f.oy}" + ("v160m0 40v160" if c % 8 else f"v{gy}") for c in range(f.files))
    lines += "".join(f"M{f.ox + 120} {f.oy + top}l80 80m0-80l-80 80" for top in (0, 280))
    lines += "".join(f"M{f.ox + c * f.cw + 10 * dx} {f.oy + r * f.ch + 4 * dy}h{-6 * dx}v{6 * dy}"
                     for c, r in _STARTS for dx in (-1, 1) if 0 <= c + dx < f.files for dy in (-1, 1))
    return (f'<rect x="0" y="{f.oy - f.pad}" width="{f.width}" height="{gy + 2 * f.pad}" fill="#efd3a0"/>'
            f'<rect x="{f.ox - 5}" y="{f.oy - 5}" width="{gx + 10}" height="{gy + 10}" fill="none" '
            f'stroke="#5a3a1a" stroke-width="2.5"/><path d="{lines}" stroke="#5a3a1a" '
            f'stroke-width="1.2" fill="none"/><g font-family="{SERIF_SC}" font-size="20" fill="#5a3a1a" '
            # placed by its baseline: PDFs ignore `dominant-baseline`
            f'fill-opacity=".45" text-anchor="middle">'
            f'<text x="{f.ox + 80}" y="{f.oy + 187}">楚 河</text>'
            f'<text x="{f.right - 80}" y="{f.oy + 187}">汉 界</text></g>')


def _label_rows(f: spec.Frame) -> tuple[spec.LabelRow, ...]:
    """Each side's files from its right, on its side: Red's 一 … 九, Black's 1 … 9."""
    red, black = f.height - 4, 12
    return (spec.LabelRow("files", red, black, tuple("九八七六五四三二一")),
            spec.LabelRow("files", black, red, spec.numbers(f.files)))


GAME = spec.Game(
    name="xiangqi",
    board=spec.Board(9, 10, squares=False),
    look=spec.Look(_board_markup, _label_rows, spec.Pieces("discs", {
        "K": "帅", "A": "仕", "B": "相", "N": "马", "R": "车", "C": "炮", "P": "兵",
        "k": "将", "a": "士", "b": "象", "n": "马", "r": "车", "c": "炮", "p": "卒"}), pad=24, edges="tb"),
    formats={".pgn": spec.without_opening(read_pgn)},
    player_tags=(("Red", "White"), ("Black",)),
    renamers={".pgn": pgn.rename_tags},
    team_tags=("RedTeam", "WhiteTeam", "BlackTeam"),
    defaults=spec.Defaults("Xiangqi Swiss", ("2", "1"),
                           ("opponent-score", "cumulative", "wins", "second-wins", "second-games")),
    paired_moves=True,
    point_results=True,
    pgn_tags={"Game": "Chinese Chess"},
)
