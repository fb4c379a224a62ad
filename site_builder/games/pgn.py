"""PGN as text (the PGN standard, §8): games split into tag pairs and the tokens of their main
line, each token located in the file. The game readers (`chess`, `xiangqi`) give the moves their
meaning; variations are skipped, comments and NAGs kept with the move they follow.

>>> [g.tags for g in games('[White "A"]\\n\\n1. e4 {best} e5 $1 (1... c5) 1-0\\n')]
[{'White': 'A'}]
>>> [(t.kind, t.text, t.column) for t in games('1. e4 {best} e5! 1-0')[0].tokens]
[('move', 'e4', 4), ('comment', 'best', 7), ('move', 'e5', 14), ('nag', '1', 16), ('result', '1-0', 18)]
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from site_builder.games.record import Record
    from site_builder.games.spec import Span, Swap

#: The game termination markers of the PGN standard (§8.2.6), the results a record's moves end with.
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
#: The termination markers a record's moves may end with besides the standard's: lichess's abnormal
#: results (one player ½, the other 0), which relay feeds write (docs/exports.md). Its `0-0` is not
#: one: chess records write castling so too (`0-0`, `0-0-0`).
ABNORMAL = ("1/2-0", "0-1/2")
#: PGN results by the round file's outcome (`model.Outcome` values): a forfeit scores as a win; a
#: double forfeit and the abnormal results are written as lichess's broadcasts read them, beyond
#: the standard's four (both lose: 0-0; one player ½, the other 0: 1/2-0, 0-1/2). A pending game is "*".
RESULT_OF = {"1-0": "1-0", "=": "1/2-1/2", "0-1": "0-1", "+-": "1-0", "-+": "0-1", "--": "0-0",
             "½-0": "1/2-0", "0-½": "0-1/2", "0-0": "0-0"}
#: The comment before the result of a game not played, by the round file's outcome: the result alone
#: would read as a game won (or lost by both) over the board.
UNPLAYED_OF = {"+-": "Game not played: forfeit", "-+": "Game not played: forfeit",
               "--": "Game not played: double forfeit"}
#: The Seven Tag Roster (§8.1.1), written first and in this order.
ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
#: Move suffix annotations (§8.2.3.8) as the NAGs they stand for.
SUFFIXES = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN = re.compile(r'\{[^}]*\}?|;[^\n]*|\$\d+|[()]|\d+\.(?:\.\.)?|[^\s{}();$]+')
_SPACE = re.compile(r"\s*")
_NUMBER = re.compile(r"\d+\.+$")
_SUFFIX = re.compile(r"(!!|\?\?|!\?|\?!|!|\?)$")


@dataclass(frozen=True)
class Token:
    kind: str  # "move", "comment", "nag" (its number as text) or "result"
    text: str
    line: int
    column: int


@dataclass
class Game:
    """One game of a PGN file: its tags and main-line tokens; `line` where it starts."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tokens: list[Token] = field(default_factory=list)
    tag_at: dict[str, tuple[int, int]] = field(default_factory=dict)  # a tag's value: line, column
    tag_span: dict[str, tuple[int, int]] = field(default_factory=dict)  # a tag's value: its offsets

    @property
    def result(self) -> str:
        return next((t.text for t in self.tokens if t.kind == "result"), self.tags.get("Result", ""))


def games(text: str) -> list[Game]:
    """Every game of `text`, in order. A game ends at its result (a comment after it is still its
    own), or where the next tag section begins; a tag pair at the start of a line closes any
    variation left open.

    >>> [len(g.tokens) for g in games('1. e4 (1. d4 1-0\\n[White "B"]\\n1. d4 *')]
    [1, 2]
    >>> [t.kind for t in games('1. e4 1-0 {White resigned? no: Black did}')[0].tokens]
    ['move', 'result', 'comment']
    >>> [g.result for g in games('1. e4 e5 1/2-0\\n1. d4 0-1/2')]
    ['1/2-0', '0-1/2']
    """
    out: list[Game] = []
    current: Game | None = None
    depth = 0  # inside variations
    offsets = _line_starts(text)
    position = 0
    while (position := _SPACE.match(text, position).end()) < len(text):  # type: ignore[union-attr]  # \s* matches
        line = _line_of(offsets, position)
        if text.startswith("%", position) and position == offsets[line - 1]:  # escape line (§6)
            end = text.find("\n", position)
            position = len(text) if end < 0 else end + 1
            continue
        tag = _TAG.match(text, position)
        if tag and position == offsets[line - 1]:
            depth = 0  # a tag pair at the start of a line ends a variation left open
        if tag and depth == 0:
            if current is None or current.tokens:
                current = Game(line)
                out.append(current)
            current.tags[tag.group(1)] = re.sub(r"\\(.)", r"\1", tag.group(2))
            current.tag_at[tag.group(1)] = (line, tag.start(2) - offsets[line - 1] + 1)
            current.tag_span[tag.group(1)] = tag.span(2)
            position = tag.end()
            continue
        match = _TOKEN.search(text, position)
        if not match:
            break
        position = match.end()
        word, line = match.group(), _line_of(offsets, match.start())
        column = match.start() - offsets[line - 1] + 1
        if word == "(":
            depth += 1
            continue
        if word == ")":
            depth = max(0, depth - 1)
            continue
        if depth or _NUMBER.match(word) or word.startswith(";"):
            continue
        ended = current is not None and any(t.kind == "result" for t in current.tokens)
        if current is None or (ended and not word.startswith("{")):  # a comment after the result: its game's
            current = Game(line)
            out.append(current)
        if word.startswith("{"):
            current.tokens.append(Token("comment", " ".join(word.strip("{}").split()), line, column))
        elif word.startswith("$"):
            current.tokens.append(Token("nag", word[1:], line, column))
        elif word in RESULTS or word in ABNORMAL:
            current.tokens.append(Token("result", word, line, column))
        else:
            suffix = _SUFFIX.search(word)
            move = word[:suffix.start()] if suffix else word
            if move:
                current.tokens.append(Token("move", move, line, column))
            if suffix:
                current.tokens.append(Token("nag", str(SUFFIXES[suffix.group()]), line, column + len(move)))
    return [g for g in out if g.tokens or g.tags]


def tag_line(lines: Sequence[str], start: int, name: str) -> int | None:
    """The line (1-based) of tag `name` among the tag pairs of the game whose first line is `start`
    in the file of `lines`; None when they do not hold it (the tag pairs end at the first line that
    opens with something else, as the movetext does).

    >>> tag_line(['[Event "A"]', '[Result "1-0"]', '', '1. e4 1-0'], 1, "Result")
    2
    >>> tag_line(['[Event "A"]', '', '1. e4 1-0', '[Result "1-0"]'], 1, "Result") is None
    True
    """
    for number, content in enumerate(lines[start - 1:], start):
        stripped = content.strip()
        if not stripped or stripped.startswith("%"):
            continue
        if not _TAG.match(stripped):
            return None
        if any(tag.group(1) == name for tag in _TAG.finditer(stripped)):
            return number
    return None


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts += [m.end() for m in re.finditer("\n", text)]
    return starts


def _line_of(starts: list[int], position: int) -> int:
    """The 1-based line of a character offset."""
    return bisect.bisect_right(starts, position)


def write(record: Record | None, tags: Mapping[str, str], note: str = "") -> str:
    """The game as PGN export format (§3.2): `tags` first (the Seven Tag Roster in its order), the
    record's other tags after them, then its moves (each ply's `source`: chess's SAN, xiangqi's as
    read), comments and NAGs, and `note` as a comment before the result (§5: comments may appear in
    the movetext), lines under 80 characters; a game without a record (None) is its tags, the note
    and the result.

    >>> from site_builder.games.record import Ply, Position, Record
    >>> record = Record("chess", 8, 8, Position({}), (Ply(1, {}, Position({}), "best", (1,), "e4"),))
    >>> print(write(record, {"White": "A", "Black": "B", "Result": "*"}))
    [White "A"]
    [Black "B"]
    [Result "*"]
    <BLANKLINE>
    1. e4 $1 {best} *
    <BLANKLINE>
    >>> print(write(None, {"White": "A", "Black": "B", "Result": "0-1"}))
    [White "A"]
    [Black "B"]
    [Result "0-1"]
    <BLANKLINE>
    0-1
    <BLANKLINE>
    >>> print(write(None, {"Result": "1-0"}, UNPLAYED_OF["+-"]))
    [Result "1-0"]
    <BLANKLINE>
    {Game not played: forfeit} 1-0
    <BLANKLINE>
    """
    extra = record.tags if record else {}
    ordered = [k for k in ROSTER if k in tags] + [k for k in tags if k not in ROSTER]
    ordered += [k for k in extra if k not in tags and k not in ROSTER]
    merged = {**extra, **tags}
    lines = [f'[{k} "{_escape(merged[k])}"]' for k in ordered]
    words = [f"{{{record.comment}}}"] if record and record.comment else []
    for index, ply in enumerate(record.plies if record else ()):
        if label := ply.move_label(not index, "..."):
            words.append(label)
        words.append(ply.source)
        words += [f"${nag}" for nag in ply.nags]
        if ply.comment:
            words.append("{" + ply.comment.replace("}", ")") + "}")
    if note:
        words.append("{" + note.replace("}", ")") + "}")
    words.append(merged.get("Result", "*"))
    text, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            text.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    text.append(line)
    return "\n".join([*lines, "", *text, ""])


def rename_tags(text: str, swap: Swap) -> list[Span]:
    """The value of each tag pair that `swap` gives a new value, as a span (escaped as §8.1 says);
    tags in comments and variations are not tags.

    >>> from site_builder.games.spec import replaced
    >>> text = '[White "A"]\\r\\n[Black "A"]\\r\\n\\r\\n{[White "A"]} 1-0\\r\\n'
    >>> replaced(text, rename_tags(text, lambda tag, value: 'C "D"' if tag == "White" else None))
    '[White "C \\\\"D\\\\""]\\r\\n[Black "A"]\\r\\n\\r\\n{[White "A"]} 1-0\\r\\n'
    """
    spans: list[Span] = []
    for game in games(text):
        for tag, value in game.tags.items():
            if (name := swap(tag, value)) is not None:
                spans.append((*game.tag_span[tag], _escape(name)))
    return spans


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')

