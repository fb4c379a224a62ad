"""Shogi records: KIF and CSA files read into `Record`s, every move checked with python-shogi.

Each ply is written two ways. `zh` is KIF's Japanese without the origin square ("７六歩", "同　歩",
"５五角打", "２二角成", "４三銀不成"), with KI2's 右 左 直 上 引 寄 when two like pieces could go to
the square; `en` is Hodges' notation ("P-7f", "Bx3c+", "N*5e", "S4h-5g" when two like pieces could go
there, "=" for a declined promotion).

`Record.result` is the ending as KIF writes it (投了, 千日手, 持将棋, 詰み, …; CSA's %TORYO is 投了),
`tags["Result"]` the outcome from Sente's side ("1-0", "0-1", "1/2-1/2") when known, and
`tags["Sente"]`, `tags["Gote"]` the names. Only the main line is read (KIF's 変化 are skipped).
python-shogi's own parsers keep no line numbers and pass over lines they cannot read, so the files are
parsed here and python-shogi's board checks the moves.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

import shogi
import shogi.CSA
import shogi.KIF

from site_builder.errors import ContentError, Location, Problem
from site_builder.games import spec
from site_builder.games.record import Ply, Position, Record

SIDES = ("Sente", "Gote")
_JA = ("", "歩", "香", "桂", "銀", "金", "角", "飛", "玉", "と", "成香", "成桂", "成銀", "馬", "龍")
_EN = ("", "P", "L", "N", "S", "G", "B", "R", "K", "+P", "+L", "+N", "+S", "+B", "+R")
_WORDS = ("", "pawn", "lance", "knight", "silver", "gold", "bishop", "rook", "king", "tokin",
          "promoted lance", "promoted knight", "promoted silver", "horse", "dragon")
_KIF_PIECES = {n: t for t, n in enumerate(_JA) if n} | {"王": 8, "竜": 14, "杏": 10, "圭": 11, "全": 12}
_CSA_PIECES = shogi.CSA.PIECE_SYMBOLS  # "FU" = 1 … "RY" = 14, python-shogi's piece types
_FILES, _RANKS = "１２３４５６７８９", "一二三四五六七八九"
_KANJI = shogi.NUMBER_JAPANESE_KANJI_SYMBOLS  # 零 一 … 十八
_HANDICAPS = {k: v for k, v in shogi.KIF.Parser.HANDYCAP_SFENS.items() if v}
_LOSS = {"投了", "詰み", "切れ負け", "時間切れ", "反則負け", "不戦敗"}  # the side to move lost
_WIN = {"反則勝ち", "入玉勝ち", "不戦勝"}  # the side to move won
_DRAW = {"千日手", "持将棋", "引き分け"}
_ENDINGS = _LOSS | _WIN | _DRAW | {"中断", "不詰", "最大手数"}
_CSA_ENDINGS = {"TORYO": "投了", "CHUDAN": "中断", "SENNICHITE": "千日手", "OUTE_SENNICHITE": "反則負け",
                "TIME_UP": "切れ負け", "ILLEGAL_MOVE": "反則負け", "JISHOGI": "持将棋", "KACHI": "入玉勝ち",
                "HIKIWAKE": "引き分け", "TSUMI": "詰み", "FUZUMI": "不詰", "MAX_MOVES": "最大手数",
                "ERROR": "中断", "+ILLEGAL_ACTION": "反則負け", "-ILLEGAL_ACTION": "反則負け"}
_KIF_LINE = re.compile(r"\s*(\d+)\s+(\S.*?)\s*(?:\(\s*\d+:\d+\s*/\s*[\d:]*\s*\))?\s*\+?\s*")
_KIF_MOVE = re.compile(r"(?:([１-９])([一二三四五六七八九])|同\s*)"
                       r"(成[香桂銀]|[歩香桂銀金角飛玉王と杏圭全馬龍竜])(成|不成)?(打|\(([1-9])([1-9])\))")
_CSA_MOVE = re.compile(r"([+-])(\d\d)([1-9][1-9])([A-Z]{2})")
_KIF_EXPECTED = ("a move such as '{n} ７六歩(77)', '{n} 同　歩(77)' or '{n} ５五角打', "
                 "or an ending such as '{n} 投了'")
_CSA_EXPECTED = "a move such as '+7776FU', a time such as 'T12' or an ending such as '%TORYO'"


class _Stop(Exception):
    """A problem that ends the reading of a game: after it, its positions are unknown."""

    def __init__(self, column: int, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.column, self.message, self.hint = column, message, hint

    def problem(self, path: Path, line: int) -> Problem:
        return Problem(Location(path, line, self.column or 1), self.message, self.hint)


def _point(square: int) -> int:
    """python-shogi's square (0 = 9a, Gote's corner) as a `Record` point (0 = 9i, lower left)."""
    return (8 - square // 9) * 9 + square % 9


def _position(board: shogi.Board) -> Position:
    points = {_point(sq): p.symbol() for sq in range(81) if (p := board.piece_at(sq))}
    sente, gote = ({_EN[t]: n for t, n in sorted(board.pieces_in_hand[c].items(), reverse=True) if n}
                   for c in (0, 1))
    return Position(points, (sente, gote))


def _board(cells: list[shogi.Piece | None], hands: list[Counter[int]], turn: int) -> shogi.Board:
    """A board from its 81 squares (9a first), pieces in hand and side to move, through SFEN."""
    rows = ["".join(p.symbol() if (p := cells[rank * 9 + f]) else "1" for f in range(9)) for rank in range(9)]
    held = "".join(f"{n if n > 1 else ''}{_EN[t].lower() if c else _EN[t]}"
                   for c in (0, 1) for t, n in sorted(hands[c].items(), reverse=True) if n)
    board = re.sub("1+", lambda m: str(len(m[0])), "/".join(rows))
    return shogi.Board(f"{board} {'bw'[turn]} {held or '-'} 1")


def _origin(board: shogi.Board, square: int, kinds: tuple[int, ...]) -> str:
    """Why no move of the side to move by a piece of one of `kinds` starts on `square` ('' if one can)."""
    p, name = board.piece_at(square), shogi.SQUARE_NAMES[square]
    if p is None:
        return f"there is no piece on {name}"
    if p.color != board.turn:
        return f"the {_WORDS[p.piece_type]} on {name} is {SIDES[p.color]}'s"
    holds = _WORDS[p.piece_type]
    return "" if p.piece_type in kinds else f"{name} holds a {holds}, not a {_WORDS[kinds[-1]]}"


def _hint(board: shogi.Board, move: shogi.Move) -> str:
    """What was wrong with an illegal move, and where the piece could go instead."""
    side, to = SIDES[board.turn], shogi.SQUARE_NAMES[move.to_square]
    if (move.drop_piece_type or 0) > 7:
        return f"a {_WORDS[move.drop_piece_type]} cannot be dropped: pieces in hand are unpromoted"
    if board.is_pseudo_legal(move):
        board.push(move)
        suicide = board.was_suicide()
        board.pop()
        reason = f"{side}'s king would be in check" if suicide else "a dropped pawn may not give mate"
    elif move.drop_piece_type:
        t = move.drop_piece_type
        return (f"{side} has no {_WORDS[t]} in hand" if not board.has_piece_in_hand(t, board.turn)
                else f"{to} is occupied" if board.piece_at(move.to_square)
                else f"{side} already has a pawn on file {to[0]}" if board.is_double_pawn(move.to_square, t)
                else f"a {_WORDS[t]} dropped on {to} could never move")
    elif board.is_pseudo_legal(shogi.Move(move.from_square, move.to_square, not move.promotion)):
        reason = "it cannot promote on this move" if move.promotion else f"it must promote on {to}"
    else:
        reason = f"the {_WORDS[board.piece_type_at(move.from_square)]} cannot go to {to}"
    if move.drop_piece_type:
        return reason
    frm = move.from_square
    dests = sorted({shogi.SQUARE_NAMES[m.to_square] for m in board.legal_moves if m.from_square == frm})
    return f"{reason}; it can go to {', '.join(dests)}" if dests else f"{reason}; it has no legal move"


def _qualifier(board: shogi.Board, move: shogi.Move, others: list[int]) -> str:
    """KI2's words telling like pieces apart: 上 引 寄 by the way it goes, 右 左 直 by where it stands."""
    sign, frm, to = (1, -1)[board.turn], move.from_square, move.to_square

    def way(sq: int) -> str:
        d = (sq // 9 - to // 9) * sign
        return "上" if d > 0 else "引" if d < 0 else "寄"

    def side(group: list[int]) -> str:  # the mover's right: Sente's file 1, Gote's file 9
        mine = frm % 9 * sign
        files = [o % 9 * sign for o in group]
        return "右" if all(f < mine for f in files) else "左" if all(f > mine for f in files) else ""

    mine = way(frm)
    if all(way(o) != mine for o in others):
        return mine
    if mine == "上" and frm % 9 == to % 9 and board.piece_type_at(frm) not in (6, 7, 13, 14):
        return "直"
    return side(others) or side([o for o in others if way(o) == mine]) + mine


def _notation(board: shogi.Board, move: shogi.Move, previous: int | None) -> dict[str, str]:
    """The move in KIF's Japanese (`zh`) and in Hodges' notation (`en`), before it is played."""
    to, name, same = move.to_square, shogi.SQUARE_NAMES[move.to_square], move.to_square == previous
    ja_to = "同" if same else _FILES[8 - to % 9] + _RANKS[to // 9]
    if move.drop_piece_type:
        t = move.drop_piece_type
        return {"zh": f"{ja_to}{'　' * same}{_JA[t]}打", "en": f"{_EN[t]}*{name}"}
    frm, t, turn = move.from_square, board.piece_type_at(move.from_square), board.turn
    optional = any(shogi.can_promote(s, t, turn) for s in (frm, to)) \
        and shogi.can_move_without_promotion(to, t, turn)
    others = [sq for sq in range(81) if sq != frm and board.pieces[sq] == t
              and board.piece_at(sq).color == turn
              and any(board.is_legal(shogi.Move(sq, to, p)) for p in (False, True))]
    qualifier = _qualifier(board, move, others) if others else ""
    ja = f"{ja_to}{'　' * (same and len(_JA[t]) == 1)}{_JA[t]}{qualifier}"
    en = f"{_EN[t]}{shogi.SQUARE_NAMES[frm] if others else ''}{'x' if board.piece_at(to) else '-'}{name}"
    if move.promotion:
        return {"zh": ja + "成", "en": en + "+"}
    return {"zh": ja + "不成", "en": en + "="} if optional else {"zh": ja, "en": en}


class _Game:
    """One game's plies as they are read, each checked on a python-shogi board."""

    def __init__(self, board: shogi.Board, comments: list[str]) -> None:
        self.board, self.start, self.comments = board, _position(board), comments
        self.plies: list[Ply] = []

    def illegal(self, source: str, hint: str, column: int = 0) -> _Stop:
        n, side = len(self.plies) + 1, SIDES[self.board.turn]
        return _Stop(column, f"move {n} ({side}): illegal move '{source}'", hint)

    def play(self, move: shogi.Move, source: str, column: int) -> None:
        board = self.board
        if (move.drop_piece_type or 0) > 7 or not board.is_legal(move):  # python-shogi drops promoted pieces
            raise self.illegal(source, _hint(board, move), column)
        notation = _notation(board, move, board.move_stack[-1].to_square if board.move_stack else None)
        board.push(move)
        marks = tuple(_point(s) for s in (move.from_square, move.to_square) if s is not None)
        self.plies.append(Ply(len(self.plies) + 1, notation, _position(board), source=source, marks=marks))

    def note(self, text: str) -> None:
        """A comment on the last ply, or on the game before its first move."""
        if not self.plies:
            self.comments.append(text)
        else:
            last = self.plies[-1]
            self.plies[-1] = replace(last, comment=f"{last.comment}\n{text}" if last.comment else text)

    def record(self, tags: dict[str, str], ending: str, outcome: str = "") -> Record:
        turn = self.board.turn
        winner = turn ^ 1 if ending in _LOSS else turn if ending in _WIN else None
        if not outcome and (ending in _DRAW or winner is not None):
            outcome = "1/2-1/2" if winner is None else ("1-0", "0-1")[winner]
        tags = tags | {"Result": outcome} if outcome else tags
        return Record("shogi", 9, 9, self.start, tuple(self.plies), tags, ending, "\n".join(self.comments))


@dataclass
class _Kif:
    """What a KIF file has said so far."""

    tags: dict[str, str] = field(default_factory=dict)
    rows: list[list[shogi.Piece | None]] = field(default_factory=list)
    hands: list[Counter[int]] = field(default_factory=lambda: [Counter(), Counter()])
    turn: int = 0
    sfen: str = shogi.STARTING_SFEN
    comments: list[str] = field(default_factory=list)
    summary: str = ""
    ending: str = ""
    game: _Game | None = None

    def begin(self) -> _Game:
        if not self.game:
            if self.rows and len(self.rows) != 9:
                raise _Stop(1, f"the board diagram has {len(self.rows)} rows", "expected 9 rows, 一 to 九")
            cells = [p for row in self.rows for p in row]
            board = _board(cells, self.hands, self.turn) if self.rows else shogi.Board(self.sfen)
            self.game = _Game(board, self.comments)
        return self.game


def _kif_hand(value: str) -> Counter[int]:
    hand: Counter[int] = Counter()
    for item in value.replace(" ", "　").split("　"):
        if item and item != "なし":
            if item[0] not in "飛角金銀桂香歩" or item[1:] not in ("", *_KANJI[2:]):
                raise _Stop(1, f"unreadable pieces in hand '{item}'", "expected such as '角　金二　歩十'")
            hand[_KIF_PIECES[item[0]]] += _KANJI.index(item[1:] or "一")
    return hand


def _kif_row(line: str) -> list[shogi.Piece | None]:
    body = line.split("|")[1] if line.count("|") >= 2 else ""
    cells = [body[i:i + 2] for i in range(0, 18, 2)]
    if len(body) != 18 or any(c[0] not in " v" or c[1] not in "・" + "".join(_KIF_PIECES) for c in cells):
        raise _Stop(1, f"unreadable board row '{line}'", "expected 9 squares such as ' 歩', 'v歩' or ' ・'")
    return [shogi.Piece(_KIF_PIECES[c[1]], int(c[0] == "v")) if c[1] != "・" else None for c in cells]


def _kif_move(game: _Game, text: str) -> shogi.Move:
    board, n = game.board, len(game.plies) + 1
    if not (m := _KIF_MOVE.fullmatch(text)):
        raise _Stop(0, f"move {n} ({SIDES[board.turn]}): unreadable move '{text}'",
                    "expected " + _KIF_EXPECTED.format(n=n))
    if not (m[1] or board.move_stack):
        raise game.illegal(text, "'同' needs a previous move; write the square, such as '７六歩(77)'")
    to = _RANKS.index(m[2]) * 9 + 8 - _FILES.index(m[1]) if m[1] else board.move_stack[-1].to_square
    t = _KIF_PIECES[m[3]]
    if m[5] == "打":
        return shogi.Move(None, to, False, t)
    frm = (int(m[7]) - 1) * 9 + 9 - int(m[6])
    if problem := _origin(board, frm, (t,)):
        raise game.illegal(text, problem)
    return shogi.Move(frm, to, m[4] == "成")


def _kif_line(k: _Kif, line: str) -> bool:
    """Reads one line of a KIF file; False once the main line is over."""
    s, indent = line.strip(), len(line) - len(line.lstrip()) + 1
    if not s or s[0] in "#&" or s.startswith(("手数", "+--")) or not s.strip("１２３４５６７８９ 　"):
        pass
    elif s[0] == "*":
        (k.game.note if k.game else k.comments.append)(s[1:])
    elif s.startswith("変化："):
        return False
    elif s.startswith("まで"):
        k.summary = s
    elif m := _KIF_LINE.fullmatch(line):
        game = k.begin()
        if k.ending or int(m[1]) != len(game.plies) + 1:
            n = len(game.plies) + 1
            after = f"the game ended with '{k.ending}'" if k.ending else f"the next move is {n}"
            raise _Stop(m.start(1) + 1, f"move number {m[1]} out of order", after)
        if m[2] in _ENDINGS:
            k.ending = m[2]
            return True
        try:
            game.play(_kif_move(game, m[2]), m[2], m.start(2) + 1)
        except _Stop as stop:
            raise _Stop(stop.column or m.start(2) + 1, stop.message, stop.hint) from None
    elif k.game:
        raise _Stop(indent, f"unreadable line '{s}'",
                    "expected " + _KIF_EXPECTED.format(n=len(k.game.plies) + 1) + ", or a comment '*…'")
    elif s in ("先手番", "後手番", "下手番", "上手番"):
        k.turn = int(s[0] in "後上")
    elif s[0] == "|":
        k.rows.append(_kif_row(s))
    elif "：" in s:
        key, value = (part.strip(" 　") for part in s.split("：", 1))
        k.tags[key] = value
        if key in ("先手", "下手", "後手", "上手"):
            k.tags[SIDES[key in ("後手", "上手")]] = value
        elif key.endswith("の持駒"):
            k.hands[key[0] in "後上"] = _kif_hand(value)
        elif key == "手合割" and value != "その他":
            if value not in _HANDICAPS:
                raise _Stop(indent, f"unknown handicap '{value}'", "one of " + ", ".join(_HANDICAPS))
            k.sfen = _HANDICAPS[value]
    else:
        raise _Stop(indent, f"unreadable line '{s}'",
                    "expected a header such as '先手：name', a board diagram, or "
                    + _KIF_EXPECTED.format(n=1))
    return True


def read_kif(text: str, path: Path | str) -> list[Record]:
    """The game of a KIF file (a list of one `Record`); raises `ContentError` at a bad move or line."""
    k, path = _Kif(), Path(path)
    for line_no, line in enumerate(text.splitlines(), 1):
        try:
            if not _kif_line(k, line.rstrip()):
                break
        except _Stop as stop:
            raise ContentError([stop.problem(path, line_no)]) from None
    won = re.search("(先|下|後|上)手の(?:反則)?勝ち", k.summary)
    outcome = ("1-0", "0-1")[won[1] in "後上"] if won and not k.ending else ""
    try:
        return [k.begin().record(k.tags, k.ending, outcome)]
    except _Stop as stop:
        raise ContentError([stop.problem(path, 1)]) from None


def _csa_square(digits: str) -> int:
    return (int(digits[1]) - 1) * 9 + 9 - int(digits[0])


def _csa_position(s: str, cells: list[shogi.Piece | None], hands: list[Counter[int]]) -> None:
    """A position line: 'P1'…'P9' a row, 'PI' the start less the pieces named, 'P+'/'P-' pieces added."""
    bad = _Stop(1, f"unreadable position line '{s}'", "expected such as 'P1-KY-KE * ', 'PI82HI', 'P+00KI'")
    if s[1:2].isdigit() and s[1] != "0":
        row = [s[i:i + 3] for i in range(2, 29, 3)]
        if any(c.strip() != "*" and (c[0] not in "+-" or c[1:] not in _CSA_PIECES) for c in row):
            raise bad
        cells[(int(s[1]) - 1) * 9:int(s[1]) * 9] = [
            shogi.Piece(_CSA_PIECES.index(c[1:]), "+-".index(c[0])) if c[0] in "+-" else None for c in row]
        return
    if s[1:2] not in ("I", "+", "-") or len(s) % 4 != 2:
        raise bad
    if s[1] == "I":
        cells[:] = [shogi.Board().piece_at(sq) for sq in range(81)]
    for i in range(2, len(s), 4):
        where, kind = s[i:i + 2], s[i + 2:i + 4]
        if not where.isdigit() or kind not in (*_CSA_PIECES[1:], "AL") or (kind == "AL" and where != "00"):
            raise bad
        if s[1] == "I":
            cells[_csa_square(where)] = None
        elif kind == "AL":  # every piece not yet placed goes to this hand
            for t, total in zip(range(1, 8), (18, 4, 4, 4, 4, 2, 2), strict=True):
                used = sum(1 for p in cells if p and p.piece_type in (t, shogi.PIECE_PROMOTED[t]))
                hands["+-".index(s[1])][t] += total - used - hands[0][t] - hands[1][t]
        elif where == "00":
            hands["+-".index(s[1])][_CSA_PIECES.index(kind)] += 1
        else:
            cells[_csa_square(where)] = shogi.Piece(_CSA_PIECES.index(kind), "+-".index(s[1]))


def _csa_move(game: _Game, m: re.Match[str]) -> shogi.Move:
    board, n = game.board, len(game.plies) + 1
    if "+-".index(m[1]) != board.turn:
        raise game.illegal(m[0], f"it is {SIDES[board.turn]}'s turn: '{'+-'[board.turn]}'")
    if m[4] not in _CSA_PIECES[1:] or (m[2] != "00" and "0" in m[2]):
        side = SIDES[board.turn]
        raise _Stop(0, f"move {n} ({side}): unreadable move '{m[0]}'", "expected " + _CSA_EXPECTED)
    to, t = _csa_square(m[3]), _CSA_PIECES.index(m[4])
    if m[2] == "00":
        return shogi.Move(None, to, False, t)
    frm = _csa_square(m[2])
    kinds = (t, *(b for b in range(1, 8) if shogi.PIECE_PROMOTED[b] == t))
    if problem := _origin(board, frm, kinds):
        raise game.illegal(m[0], problem)
    return shogi.Move(frm, to, board.piece_type_at(frm) != t)


def _csa_game(lines: list[str], first: int, path: Path) -> Record:
    tags: dict[str, str] = {}
    cells: list[shogi.Piece | None] = [None] * 81
    hands: list[Counter[int]] = [Counter(), Counter()]
    comments: list[str] = []
    game, ending, outcome, no, col = None, "", "", first, 1
    for no, line in enumerate(lines, first + 1):
        try:
            if line.startswith("'"):
                if line.startswith("'*"):
                    (game.note if game else comments.append)(line[2:])
                continue
            column = 1
            for part in [line] if line[:1] in ("N", "$") else line.split(","):
                s, col, column = part.strip(), column + len(part) - len(part.lstrip()), column + len(part) + 1
                if not s or s[0] in "VT" or ending:
                    continue
                if s[:2] in ("N+", "N-"):
                    tags[SIDES[s[1] == "-"]] = s[2:]
                elif s[0] == "$":
                    key, _, value = s[1:].partition(":")
                    tags[key] = value
                elif s[0] == "%":
                    ending = _CSA_ENDINGS.get(s[1:], s[1:])
                    outcome = {"+ILLEGAL_ACTION": "0-1", "-ILLEGAL_ACTION": "1-0"}.get(s[1:], "")
                elif s[0] == "P" and not game:
                    _csa_position(s, cells, hands)
                elif s in ("+", "-") and not game:
                    game = _Game(_board(cells, hands, s == "-"), comments)
                elif game and (m := _CSA_MOVE.fullmatch(s)):
                    game.play(_csa_move(game, m), s, col)
                else:
                    expected = _CSA_EXPECTED if game else "a position line 'P1'…'P9' or 'PI', then '+' or '-'"
                    raise _Stop(col, f"unreadable '{s}'", f"expected {expected}")
        except _Stop as stop:
            stop.column = stop.column or col
            raise ContentError([stop.problem(path, no)]) from None
    if not game:
        raise ContentError([Problem(Location(path, no), "no side to move after the position",
                                    "expected a line '+' (Sente to move) or '-' (Gote to move)")])
    return game.record(tags, ending, outcome)


def read_csa(text: str, path: Path | str) -> list[Record]:
    """The games of a CSA file (separated by '/'); raises `ContentError` at each game's bad move or line."""
    lines, path, records, problems, first = text.splitlines(), Path(path), [], [], 0
    for end in [i for i, line in enumerate(lines) if line.strip() == "/"] + [len(lines)]:
        if any(line.strip() for line in lines[first:end]):
            try:
                records.append(_csa_game(lines[first:end], first, path))
            except ContentError as error:
                problems += error.problems
        first = end + 1
    if problems:
        raise ContentError(problems)
    return records


def rename_kif(text: str, swap: spec.Swap) -> list[spec.Span]:
    """The value of each header line `key：value` before the moves that `swap` gives a new value,
    as a span.

    >>> text = "先手：高橋　翔\\r\\n後手：山本\\r\\n   1 ７六歩(77)\\r\\n"
    >>> spec.replaced(text, rename_kif(text, lambda key, value: "X" if value == "高橋　翔" else None))
    '先手：X\\r\\n後手：山本\\r\\n   1 ７六歩(77)\\r\\n'
    """
    return spec.header_spans(text, swap, _kif_header)


def _kif_header(line: str) -> spec.HeaderLine:
    """A KIF line as a header (`spec.header_spans`): its key, value and the value's column; () for a
    line without one (a comment, a board diagram's row); None at the first move or variation."""
    body = line.rstrip()
    if _KIF_LINE.fullmatch(body) or body.strip().startswith("変化："):
        return None
    if "：" not in body or body.strip()[:1] in ("#", "&", "*", "|"):
        return ()
    key, value = (part.strip(" 　") for part in body.strip().split("：", 1))
    start = body.index("：") + 1
    return key, value, start + len(body[start:]) - len(body[start:].lstrip(" 　"))


def rename_csa(text: str, swap: spec.Swap) -> list[spec.Span]:
    """Each player's name (`N+name`, `N-name`: Sente's and Gote's) that `swap` gives a new value,
    as a span.

    >>> text = "V2.2\\nN+高橋\\nN-山本\\nPI\\n+\\n%TORYO\\n"
    >>> spec.replaced(text, rename_csa(text, lambda side, value: "X" if side == "Gote" else None))
    'V2.2\\nN+高橋\\nN-X\\nPI\\n+\\n%TORYO\\n'
    """
    spans: list[spec.Span] = []
    offset, ended = 0, False
    for line in text.splitlines(keepends=True):
        if line.strip() == "/":
            ended = False  # the next game
        elif not line.startswith("'"):
            column = 0
            for part in [line] if line[:1] in ("N", "$") else line.split(","):
                word, at = part.strip(), offset + column + len(part) - len(part.lstrip())
                column += len(part) + 1
                ended = ended or word[:1] == "%"
                if word[:2] in ("N+", "N-") and not ended and word[2:] \
                        and (name := swap(SIDES[word[1] == "-"], word[2:])) is not None:
                    spans.append((at + 2, at + len(word), name))
        offset += len(line)
    return spans


def _board_markup(f: spec.Frame) -> str:
    """Squares, and the four dots between ranks and files 3 and 6."""
    return (f'<rect {f.rect} fill="#f1cf8a" stroke="#4a3720" stroke-width="2"/><path d="'
            f'{f.grid(range(1, f.ranks), range(1, f.files))}" stroke="#4a3720" fill="none"/>'
            f'<g fill="#4a3720">{f.dots([(3, 3), (6, 3), (3, 6), (6, 6)], 3)}</g>')


def _label_rows(f: spec.Frame) -> tuple[spec.LabelRow, ...]:
    """Files 9 … 1 from Sente's left above, ranks 一 … 九 from the top on the right."""
    return (spec.LabelRow("files", f.oy - 4, f.oy - 4, spec.numbers(f.files)[::-1]),
            spec.LabelRow("ranks", f.right + 8, f.right + 8, tuple("一二三四五六七八九"[::-1]), 5))


GAME = spec.Game(
    name="shogi",
    board=spec.Board(9, 9, squares=True, hands=True),
    look=spec.Look(_board_markup, _label_rows, spec.Pieces(
        "pentagons", {"K": "玉", "k": "王", "R": "飛", "B": "角", "G": "金", "S": "銀", "N": "桂", "L": "香",
                      "P": "歩", "+R": "龍", "+B": "馬", "+S": "全", "+N": "圭", "+L": "杏", "+P": "と"},
        {"K": "1", "R": "0.96", "B": "0.96", "G": "0.92", "S": "0.92", "N": "0.88", "L": "0.86", "P": "0.82"},
        hand_order="RBGSNLP"),
        cell=(40, 44), edges="tr", hand=44),
    formats={".kif": spec.without_opening(read_kif), ".kifu": spec.without_opening(read_kif),
             ".csa": spec.without_opening(read_csa)},
    player_tags=(("Sente", "先手", "下手"), ("Gote", "後手", "上手")),
    renamers={".kif": rename_kif, ".kifu": rename_kif, ".csa": rename_csa},
    # results 1-0 / ½-½ / 0-1, not points: the student league scores a win 3 and a draw 2 or 1
    defaults=spec.Defaults("Shogi Swiss", ("2", "1"), ("opponent-score", "cumulative", "wins")),
)
