"""Gomoku records: a plain list of moves read into a `Record`, every move checked.

The file holds optional header lines "key: value" first (Black, White, Result, Opening, Event, …),
then the moves: "h8 i9 h10 …" on one line or many, numbered or not ("1. h8 2. i9", "1.h8"). Columns
run a–o from the left, rows 1–15 from Black's side: a point is `(row - 1) * 15 + column`. Comments go
from "#" to the end of the line or inside {…}; one after a move belongs to it. Notation is the point
itself: {"zh": "h8", "en": "h8"}.

Checked: each move is on the board and on an empty point; written move numbers count the moves; the
game ends with five or more in a row (free-style), so a move after it is an error; and the opening rule,
when one is named. `Record.result` is the Result header as written, else "1-0" (Black) or "0-1" (White)
when someone made five.

Opening rules. The staged Swiss regulations (seed 003, 华式五子棋阶段制积分编排规则) decide pairing, colours
and ranking but name no opening rule, so none is checked unless the event names one. `OPENINGS` lists
what the moves alone can show ("lines from h8": the larger of the column and row distance to it):
"center" (move 1 on h8); "26-openings", the RIF/Yamaguchi openings also used by 三手交换五手两打 (move 1 on
h8, move 2 next to it, move 3 within f6–j10; swaps and the fifth move's proposals are not in a move
list); "pro" and "long-pro" (move 1 on h8, move 3 at least 3 or 4 lines from it); "swap" and "swap2"
(the first stones may go anywhere: nothing to check).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from site_builder.errors import ContentError, Location, Problem
from site_builder.games import spec
from site_builder.games.drawing import goban, goban_labels
from site_builder.games.record import Ply, Position, Record

SIZE = 15
CENTRE = 7 * SIZE + 7  # h8
#: Opening rules: (what they require, {move number: (fewest, most) lines from h8}).
OPENINGS: dict[str, tuple[str, dict[int, tuple[int, int]]]] = {
    "center": ("move 1 on h8", {1: (0, 0)}),
    "26-openings": ("move 1 on h8, move 2 next to it, move 3 within f6–j10",
                    {1: (0, 0), 2: (1, 1), 3: (0, 2)}),
    "pro": ("move 1 on h8, move 3 outside f6–j10", {1: (0, 0), 3: (3, SIZE)}),
    "long-pro": ("move 1 on h8, move 3 outside e5–k11", {1: (0, 0), 3: (4, SIZE)}),
    "swap": ("nothing: the first stones go anywhere", {}),
}
ALIASES = {"centre": "center", "天元": "center", "26": "26-openings", "rif": "26-openings",
           "yamaguchi": "26-openings", "三手交换": "26-openings", "五手两打": "26-openings",
           "三手交换五手两打": "26-openings", "swap2": "swap"}
_HEADER = re.compile(r"\s*([^\s:：#{}][^:：#{}]*?)\s*[:：]\s*(.*?)\s*")
_TOKEN = re.compile(r"\{(?P<brace>[^}]*)\}|#(?P<hash>[^\n]*)|(?P<open>\{)|(?P<word>[^\s{#]+)")
_WORD = re.compile(r"(?:(\d+)\.)?(?:([a-zA-Z])(\d+))?")
_EXPECTED = ("expected a point from a1 to o15 such as 'h8', a move number such as '{n}.', "
             "or a comment in {{…}} or after #")


def name(point: int) -> str:
    """The point's name.

    >>> name(CENTRE), name(0), name(224)
    ('h8', 'a1', 'o15')
    """
    return f"{'abcdefghijklmno'[point % SIZE]}{point // SIZE + 1}"


def _lines(point: int) -> int:
    """How many lines the point is from h8 (the larger of its column and row distances)."""
    return max(abs(point % SIZE - 7), abs(point // SIZE - 7))


def _area(lines: int) -> str:
    return f"{name(CENTRE - lines * (SIZE + 1))}–{name(CENTRE + lines * (SIZE + 1))}"


def _opening(rule: str, n: int, point: int) -> str:
    """What the opening rule wants of move `n`, when `point` is not that ('' when it is)."""
    fewest, most = OPENINGS[rule][1].get(n, (0, SIZE))
    if fewest <= _lines(point) <= most:
        return ""
    where = ("on the centre, h8" if most == 0 else f"next to h8, within {_area(1)}" if fewest == most == 1
             else f"within {_area(most)}" if fewest == 0 else f"outside {_area(fewest - 1)}")
    return f"the opening rule '{rule}' puts move {n} {where}"


def five(stones: dict[int, str], point: int) -> bool:
    """Whether the stone on `point` is in a row of five or more.

    >>> five({p: "B" for p in (0, 16, 32, 48, 64)}, 32), five({p: "B" for p in (0, 1, 2, 3)}, 3)
    (True, False)
    """
    colour, row, col = stones[point], point // SIZE, point % SIZE
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < SIZE and 0 <= c < SIZE and stones.get(r * SIZE + c) == colour:
                run, r, c = run + 1, r + sign * dr, c + sign * dc
        if run >= 5:
            return True
    return False


def _headers(text: str) -> tuple[dict[str, str], list[str], int]:
    """The header lines' tags, the comments among them, and where the moves start."""
    tags, comments, offset = {}, [], 0
    for line in text.splitlines(keepends=True):
        s = line.strip()
        if s.startswith("#"):
            comments.append(s[1:].strip())
        elif m := _HEADER.fullmatch(s):
            tags[m[1]] = m[2]
        elif s:
            break
        offset += len(line)
    return tags, comments, offset


def rename_headers(text: str, swap: spec.Swap) -> list[spec.Span]:
    """The value of each header line (`Black: name`) that `swap` gives a new value, as a span.

    >>> text = "Black: Ann\\nWhite: Lee\\n# Black: Ann\\nh8 i9\\n"
    >>> spec.replaced(text, rename_headers(text, lambda key, value: "X" if value == "Ann" else None))
    'Black: X\\nWhite: Lee\\n# Black: Ann\\nh8 i9\\n'
    """
    return spec.header_spans(text, swap, _header_line)


def _header_line(line: str) -> spec.HeaderLine:
    """A line as a header (`spec.header_spans`): its key, value and the value's column; () for a
    blank line or a comment; None at the first line of moves."""
    s = line.strip()
    if not s or s.startswith("#"):
        return ()
    if not (m := _HEADER.fullmatch(s)):
        return None
    at = len(line) - len(line.lstrip())
    return m[1], m[2], at + m.start(2)


#: Every name an opening rule may be given by.
RULE_NAMES = (*OPENINGS, *ALIASES)


def opening_rule(name: str) -> str | None:
    """The rule `name` stands for (a key of `OPENINGS`), or None when it names none.

    >>> opening_rule("三手交换五手两打"), opening_rule("Centre"), opening_rule("renju")
    ('26-openings', 'center', None)
    """
    key = name.lower()
    rule = ALIASES.get(key, key)
    return rule if rule in OPENINGS else None


def read_moves(text: str, path: Path | str, opening: str | None = None) -> Record:
    """The game of a gomoku move list; raises `ContentError` at the first bad move or unreadable text.

    `opening` names the event's opening rule (a key of `OPENINGS` or `ALIASES`); None checks none.
    """
    rule = opening_rule(opening) if opening else None
    if opening and rule is None:
        raise ValueError(f"unknown opening rule {opening!r}: one of {', '.join(RULE_NAMES)}")
    path = Path(path)
    tags, comments, offset = _headers(text)
    stones: dict[int, str] = {}
    taken: dict[int, int] = {}
    plies: list[Ply] = []
    won = 0  # the move that made five

    def stop(at: int, message: str, hint: str) -> ContentError:
        line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        return ContentError([Problem(Location(path, line, column), message, hint)])

    for token in _TOKEN.finditer(text, offset):
        n, side = len(plies) + 1, ("Black", "White")[len(plies) % 2]
        if token["open"]:
            raise stop(token.start(), "a comment is not closed", "expected '}'")
        if token["word"] is None:
            note = (token["brace"] if token["brace"] is not None else token["hash"]).strip()
            if plies:
                plies[-1] = replace(plies[-1], comment=f"{plies[-1].comment}\n{note}".strip("\n"))
            else:
                comments.append(note)
            continue
        word = token["word"]
        m = _WORD.fullmatch(word)
        if not m or not (m[1] or m[2]):
            raise stop(token.start(), f"unreadable move '{word}'", _EXPECTED.format(n=n))
        if m[1] and int(m[1]) != n:
            raise stop(token.start(), f"move number {m[1]}. out of order", f"the next move is {n}")
        if not m[2]:
            continue
        at, source = token.start() + m.start(2), word[m.start(2):]
        col, row = ord(m[2].lower()) - ord("a"), int(m[3]) - 1
        point = row * SIZE + col
        if not (0 <= col < SIZE and 0 <= row < SIZE):
            hint = "it is off the board: columns a–o, rows 1–15"
        elif won:
            hint = f"the game ended at move {won}: {('Black', 'White')[(won - 1) % 2]} made five in a row"
        elif point in stones:
            hint = f"{name(point)} is taken by move {taken[point]}"
        else:
            hint = _opening(rule, n, point) if rule else ""
        if hint:
            raise stop(at, f"move {n} ({side}): illegal move '{source}'", hint)
        stones[point], taken[point] = side[0], n
        won = n if five(stones, point) else won
        plies.append(Ply(n, {"zh": name(point), "en": name(point)}, Position(dict(stones)), source=source,
                         marks=(point,)))
    result = tags.get("Result", "") or (("1-0", "0-1")[(won - 1) % 2] if won else "")
    return Record("gomoku", SIZE, SIZE, Position({}), tuple(plies), tags, result, "\n".join(comments))


GAME = spec.Game(
    name="gomoku",
    board=spec.Board(SIZE, SIZE, squares=False),
    look=spec.Look(goban, goban_labels("abcdefghijklmnopqrstuvwxyz"), spec.Pieces("stones", numbered=True),
                   pad=22, band=24, label_size=18),
    formats={".txt": lambda text, path, opening: [read_moves(text, path, opening or None)]},
    renamers={".txt": rename_headers},
    player_tags=(("Black",), ("White",)),
    defaults=spec.Defaults("Gomoku Swiss", ("2", "1"), ("opponent-score", "progressive-cuts")),
    point_results=True,
    openings=RULE_NAMES,
)
