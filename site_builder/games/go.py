"""Go records: SGF files read with sgfmill into `Record`s, captures applied and every move checked.

A point is sgfmill's (row, col), row 0 at the bottom, as `row * size + col`; the board size comes from
SZ. The start position holds the first node's setup stones (AB/AW: handicap stones). A move onto an
occupied point, a suicide, or (with `ko=True`) retaking a ko at once is an error located at the move
in the text. A pass is a ply with no marks. Only the main line (the first variation at each branch) is
read; a collection of several games gives several records. Comments (C) stay with their move.

Notation is GTP's coordinates (columns A–T without I, rows from 1 at the bottom):
{"zh": "黑 Q16", "en": "B Q16"}, a pass {"zh": "黑 停一手", "en": "B pass"}.
`tags` keeps the root's game information (PB, PW, RE, KM, …), with `Black`, `White` and `Result` (from
Black's side: "1-0", "0-1", "1/2-1/2") added; `Record.result` is RE as written.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from sgfmill import boards, sgf, sgf_grammar

from site_builder.errors import ContentError, Location, Problem
from site_builder.games import spec
from site_builder.games.drawing import goban, goban_labels
from site_builder.games.go_terms import ACCEPTED
from site_builder.games.record import Ply, Position, Record

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP: no I
_SIDES = {"b": ("Black", "黑", "B"), "w": ("White", "白", "W")}
_INFO = ("GN", "EV", "RO", "DT", "PC", "PB", "BR", "BT", "PW", "WR", "WT", "KM", "HA", "RU", "TM", "OT", "RE",
         "SO", "AN", "US", "CP")
_SPACE = re.compile(r"\s*")
_IDENT = re.compile(r"[A-Za-z]+")
_VALUE = re.compile(r"\[(?:[^\\\]]|\\.)*\]", re.S)
_Ko = tuple[str, tuple[int, int]] | None  # a colour and the point it may not play at once
_EXPECTED = "expected '(', ';', ')' or a property such as B[pd]"


class _Stop(Exception):
    """A problem at an offset of the text; it ends the reading of its game."""

    def __init__(self, offset: int, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.offset, self.message, self.hint = offset, message, hint


def gtp(row: int, col: int) -> str:
    """GTP's name of a point.

    >>> gtp(15, 15), gtp(3, 3), gtp(0, 8)
    ('Q16', 'D4', 'J1')
    """
    return f"{COLUMNS[col]}{row + 1}"


def _values_end(text: str, ident: re.Match[str]) -> int:
    """Where a property's values end; raises `_Stop` when it has none or one is not closed."""
    pos = ident.end()
    while value := _VALUE.match(text, _SPACE.match(text, pos).end()):  # type: ignore[union-attr]  # \s* matches
        pos = value.end()
    if pos == ident.end():
        at = _SPACE.match(text, pos).end()  # type: ignore[union-attr]  # \s* always matches
        if text.startswith("[", at):
            raise _Stop(at, "a value is not closed", r"expected ']' (write '\]' for a ']' in a value)")
        raise _Stop(ident.start(), f"property '{ident[0]}' has no value", "expected one such as B[pd]")
    return pos


def _scan(text: str) -> list[tuple[int, int, list[dict[str, int]]]]:
    """Each game's span of the text, and where each property of its main line's nodes starts.

    >>> _scan("(;SZ[9];B[ee](;W[cc])(;W[gg]))")
    [(0, 30, [{'SZ': 2}, {'B': 8}, {'W': 15}])]
    """
    games: list[tuple[int, int, list[dict[str, int]]]] = []
    nodes: list[dict[str, int]] = []
    depth, pos, start, main = 0, 0, 0, False
    while (pos := _SPACE.match(text, pos).end()) < len(text):  # type: ignore[union-attr]  # \s* matches
        c = text[pos]
        if depth == 0 and c != "(":  # text outside the games is ignored
            pos += 1
        elif c == "(":
            if depth == 0:
                start, main, nodes = pos, True, []
            depth, pos = depth + 1, pos + 1
        elif c == ")":
            depth, pos, main = depth - 1, pos + 1, False
            if depth == 0:
                games.append((start, pos, nodes))
        elif c == ";":
            if main:
                nodes.append({})
            pos += 1
        elif ident := _IDENT.match(text, pos):
            pos = _values_end(text, ident)
            if main and nodes:
                nodes[-1].setdefault("".join(ch for ch in ident[0] if ch.isupper()), ident.start())
        else:
            raise _Stop(pos, f"unexpected '{c}'", _EXPECTED)
    if depth:
        raise _Stop(len(text), "a game is not closed", "expected ')'")
    return games


def _text(node: sgf.Tree_node, ident: str) -> str:
    """A property's text (escapes undone), or its value as written when it is not text (KM[7.50])."""
    try:
        value = node.get(ident)
    except ValueError:
        value = None
    return value if isinstance(value, str) else node.get_raw(ident).decode("utf-8", "replace")


def _outcome(result: str) -> str:
    """RE as the result from Black's side: "B+R" → "1-0", "W+3.5" → "0-1", "0" or "Draw" → "1/2-1/2"."""
    text = result.strip().upper()
    return "1-0" if text.startswith("B+") else "0-1" if text.startswith("W+") else \
        "1/2-1/2" if text in ("0", "DRAW", "JIGO") else ""


def _position(board: boards.Board) -> Position:
    side = board.side
    return Position({row * side + col: colour.upper() for colour, (row, col) in board.list_occupied_points()})


def _play(board: boards.Board, colour: str, move: tuple[int, int], forbidden: _Ko, ko: bool
          ) -> tuple[str, _Ko]:
    """Plays a stone: what was wrong with it ('' if nothing), and the ko point the opponent may not take."""
    point = gtp(*move)
    if board.get(*move):
        return f"{point} is occupied", forbidden
    if ko and forbidden == (colour, move):
        return f"{point} retakes the ko at once: play elsewhere first", forbidden
    ko_point = board.play(*move, colour)
    if not board.get(*move):
        return f"{point} has no liberties (suicide)", None
    return "", ("bw"[colour == "b"], ko_point) if ko_point else None


def _unreadable(node: sgf.Tree_node, at: dict[str, int], idents: tuple[str, ...], start: int, size: int
                ) -> _Stop:
    """The error for a node whose points (in one of `idents`) sgfmill cannot read."""
    ident = next((k for k in idents if k in at), idents[0])
    raw = "".join(f"[{v.decode('utf-8', 'replace')}]" for v in node.get_raw_list(ident))
    return _Stop(at.get(ident, start), f"unreadable point in {ident}{raw}",
                 f"expected two letters from a to {'abcdefghijklmnopqrstuvwxyz'[size - 1]}, such as 'pd', "
                 "or [] for a pass")


def _game(text: str, start: int, end: int, nodes: list[dict[str, int]], ko: bool) -> Record:
    try:
        game = sgf.Sgf_game.from_string(text[start:end])
    except ValueError as error:
        raise _Stop(start, f"unreadable SGF game: {error}", "see https://www.red-bean.com/sgf/") from None
    root, size, at = game.get_root(), game.get_size(), nodes[0] if nodes else {}
    if root.has_property("GM") and _text(root, "GM") != "1":
        raise _Stop(at.get("GM", start), f"not a go game: GM[{_text(root, 'GM')}]", "go records have GM[1]")
    if size > len(COLUMNS):
        raise _Stop(at.get("SZ", start), f"board size {size} is too large", f"at most {len(COLUMNS)}")
    plies: list[Ply] = []
    comments: list[str] = []
    marks: tuple[int, ...]
    board, forbidden = boards.Board(size), None
    start_position = Position({})
    if root.has_property("GC"):
        comments.append(_text(root, "GC"))
    for i, node in enumerate(game.get_main_sequence()):
        at = nodes[i] if i < len(nodes) else {}
        try:
            if node.has_setup_stones():
                board.apply_setup(*node.get_setup_stones())
                forbidden = None
        except (ValueError, IndexError):
            raise _unreadable(node, at, ("AB", "AW", "AE"), start, size) from None
        try:
            colour, move = node.get_move()
        except ValueError:
            raise _unreadable(node, at, ("B", "W"), start, size) from None
        comment = _text(node, "C") if node.has_property("C") else ""
        if colour is None:
            if comment and plies:
                plies[-1] = replace(plies[-1], comment=f"{plies[-1].comment}\n{comment}".strip("\n"))
            elif comment:
                comments.append(comment)
            continue
        if not plies:
            start_position = _position(board)
        name, zh, en = _SIDES[colour]
        source, marks = f"{en}[{node.get_raw(en).decode()}]", ()
        if move is None:
            notation, forbidden = {"zh": f"{zh} 停一手", "en": f"{en} pass"}, None
        else:
            hint, forbidden = _play(board, colour, move, forbidden, ko)
            if hint:
                message = f"move {len(plies) + 1} ({name}): illegal move '{source}'"
                raise _Stop(at.get(en, start), message, hint)
            point = gtp(*move)
            notation, marks = {"zh": f"{zh} {point}", "en": f"{en} {point}"}, (move[0] * size + move[1],)
        plies.append(Ply(len(plies) + 1, notation, _position(board), comment, source=source, marks=marks))
    tags = {k: _text(root, k) for k in _INFO if root.has_property(k)}
    tags |= {full: tags[k] for k, full in (("PB", "Black"), ("PW", "White")) if k in tags}
    if outcome := _outcome(tags.get("RE", "")):
        tags["Result"] = outcome
    if not plies:
        start_position = _position(board)
    result, comment = tags.get("RE", ""), "\n".join(comments)
    return Record("go", size, size, start_position, tuple(plies), tags, result, comment)


def read_sgf(text: str, path: Path | str, *, ko: bool = True) -> list[Record]:
    """The games of an SGF file, main lines only; raises `ContentError` naming each game's bad move.

    `ko=False` lets a ko be retaken at once (for records of games under rules that allow it).
    """
    path = Path(path)

    def problem(stop: _Stop) -> Problem:
        line = text.count("\n", 0, stop.offset) + 1
        column = stop.offset - text.rfind("\n", 0, stop.offset)
        return Problem(Location(path, line, column), stop.message, stop.hint)

    try:
        spans = _scan(text)
    except _Stop as stop:
        raise ContentError([problem(stop)]) from None
    if not spans:
        raise ContentError([Problem(Location(path), "no game in the file", "expected (;GM[1]SZ[19]…)")])
    records, problems = [], []
    for start, end, nodes in spans:
        try:
            records.append(_game(text, start, end, nodes, ko))
        except _Stop as stop:
            problems.append(problem(stop))
    if problems:
        raise ContentError(problems)
    return records


def rename_sgf(text: str, swap: spec.Swap) -> list[spec.Span]:
    """Each game's root property (PB, PW, BT, WT …) that `swap` gives a new value, as a span (escaped
    as SGF's SimpleText).

    >>> text = "(;GM[1]PB[Ann]PW[Lee\\\\]]C[PB[Ann\\\\]];B[dd])"
    >>> spec.replaced(text, rename_sgf(text, lambda key, value: "A]" if value == "Ann" else None))
    '(;GM[1]PB[A\\\\]]PW[Lee\\\\]]C[PB[Ann\\\\]];B[dd])'
    """
    spans: list[spec.Span] = []
    for _, _, nodes in _scan(text):
        for key, at in (nodes[0] if nodes else {}).items():
            ident = _IDENT.match(text, at)
            value = _VALUE.match(text, _SPACE.match(text, ident.end()).end())  # type: ignore[union-attr]  # scanned
            assert value is not None  # `_scan` read it
            raw = value[0][1:-1].encode()
            name = swap(key, sgf_grammar.simpletext_value(raw).decode("utf-8", "replace"))
            if name is not None:
                escaped = sgf_grammar.escape_text(name.encode()).decode()
                spans.append((value.start() + 1, value.end() - 1, escaped))
    return spans


GAME = spec.Game(
    name="go",
    board=spec.Board(19, 19, squares=False),
    look=spec.Look(goban, goban_labels(COLUMNS), spec.Pieces("stones"), pad=22, band=24, label_size=18),
    formats={".sgf": spec.without_opening(read_sgf)},
    player_tags=(("Black", "PB"), ("White", "PW")),
    renamers={".sgf": rename_sgf},
    team_tags=("BT", "WT"),
    defaults=spec.Defaults("Go Swiss", ("1", "1/2"), ("opponent-score", "sonneborn-berger", "wins"),
                           system="mcmahon"),
    game_terms=True,
    player_ranks=True,
    whole_points=True,
    slip_results=("1-0", "0-1"),
    accepted_results=ACCEPTED,
    bye_own_line=True,
    result_notation={"1-0": "B+", "=": "Jigo", "0-1": "W+", "+-": "B+F", "-+": "W+F", "--": "0-0", "?": "?"},
)
