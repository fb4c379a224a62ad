"""Formatting of points, names and results for pages (no computation of scores here)."""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
import zoneinfo
from collections.abc import Callable
from fractions import Fraction

from site_builder.engine.scoring import Kind
from site_builder.games.go_terms import format_komi
from site_builder.games.registry import game_of
from site_builder.languages import LANGUAGES, catalogue
from site_builder.languages.scripts import has_cjk, written_in_cjk
from site_builder.model import Outcome

_RESULTS_CHESS = {
    Outcome.FIRST_WINS: "1-0", Outcome.DRAW: "½-½", Outcome.SECOND_WINS: "0-1",
    Outcome.FIRST_WINS_FORFEIT: "+ -", Outcome.SECOND_WINS_FORFEIT: "- +",
    Outcome.DOUBLE_FORFEIT: "- -", Outcome.PENDING: "?",
    Outcome.FIRST_HALF: "½-0", Outcome.SECOND_HALF: "0-½", Outcome.DOUBLE_LOSS: "0-0",
}
_RESULTS_COLON = {
    Outcome.FIRST_WINS: "2:0", Outcome.DRAW: "1:1", Outcome.SECOND_WINS: "0:2",
    Outcome.FIRST_WINS_FORFEIT: "+:-", Outcome.SECOND_WINS_FORFEIT: "-:+",
    Outcome.DOUBLE_FORFEIT: "-:-", Outcome.PENDING: "?",
    Outcome.FIRST_HALF: "1:0", Outcome.SECOND_HALF: "0:1", Outcome.DOUBLE_LOSS: "0:0",
}
#: Result marks of the crosstable cells that are no half of a played game's result: a forfeit as
#: chess-results marks it (+ won, − lost or a double forfeit: the game was not played), a pending game.
FORFEIT_MARKS = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "−", Kind.DOUBLE_FORFEIT: "−"}
_OTHER_MARKS = {**FORFEIT_MARKS, Kind.PENDING: "?"}
#: One-character marks of a team match's outcome, or of a board in a team card's cells (with their
#: own legend): won, drawn, lost, from one side.
RESULT_MARKS = {
    Kind.WIN: "+", Kind.DRAW: "=", Kind.LOSS: "−", Kind.FORFEIT_WIN: "+",
    Kind.FORFEIT_LOSS: "−", Kind.DOUBLE_FORFEIT: "−", Kind.PENDING: "?",
}
#: The mark a crosstable cell adds to the player's half of an abnormal result (½-0, 0-½, 0-0: a
#: game played whose players score less than a game between them), which is no draw or loss.
ABNORMAL_MARK = "*"
#: A played game's result from one player's view: the half of which result, as the game writes it.
_PLAYED = {Kind.WIN: (Outcome.FIRST_WINS, 0), Kind.DRAW: (Outcome.DRAW, 0),
           Kind.LOSS: (Outcome.FIRST_WINS, 1)}


def points(value: Fraction, whole: bool = False) -> str:
    """Points with one decimal (`2.0`, `1.5`), more where the value has them (`1.25`, an AOB's mean
    `9.13`, a withdrawal's adjusted score `12.125`), two where it has no finite decimal (`15.33`); a
    whole number as such (`14`) when `whole` (the scoring has no fractions of a point). A value with
    a finite decimal reads as event.json writes it (`json_values.exact`).

    >>> points(Fraction(14)), points(Fraction(14), whole=True), points(Fraction(29, 2), whole=True)
    ('14.0', '14', '14.5')
    >>> points(Fraction(913, 100)), points(Fraction(97, 8), whole=True), points(Fraction(46, 3), whole=True)
    ('9.13', '12.125', '15.33')
    """
    if whole and value.denominator == 1:
        return str(value.numerator)
    places = _decimal_places(value)
    scaled = round(value * 10**places)  # exact where the decimal is finite; else to the nearest
    digits = str(abs(scaled)).rjust(places + 1, "0")
    return f"{'-' if scaled < 0 else ''}{digits[:-places]}.{digits[-places:]}"


def _decimal_places(value: Fraction) -> int:
    """The decimal places of `value` (at least one), or two when its decimal does not end.

    >>> _decimal_places(Fraction(3)), _decimal_places(Fraction(1, 8)), _decimal_places(Fraction(1, 3))
    (1, 3, 2)
    """
    rest, twos, fives = value.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    return max(twos, fives, 1) if rest == 1 else 2


def result(outcome: Outcome, game: str, detail: str = "") -> str:
    """A result in the notation of the game: `2:0` (xiangqi, seed 004), `1-0` (chess, shogi): its
    `Game.point_results`; or its own (`Game.result_notation`: go's `B+`, `W+`, `Jigo`), where a game's
    `detail` says more (`B+R`, `W+3.5`).

    >>> result(Outcome.FIRST_WINS, "chess"), result(Outcome.SECOND_WINS, "go"), result(Outcome.DRAW, "go", "")
    ('1-0', 'W+', 'Jigo')
    >>> result(Outcome.FIRST_WINS, "go", "B+R")
    'B+R'
    """
    spec = game_of(game)
    if spec.result_notation is not None:
        return detail or spec.result_notation[outcome.value]
    return (_RESULTS_COLON if spec.point_results else _RESULTS_CHESS)[outcome]


def go_terms(handicap: int | None, komi: Fraction | None, komi_label: str, first: str = "H1",
             stones: str = "H{n}") -> str:
    """A go game's handicap and komi as pairings and slips show them: "H3 · komi 0.5", an even game's
    komi alone ("komi 6.5"), "" when neither is known; handicap 1 written `first`, more `stones`
    (the language's: 让先, 让3子).

    >>> go_terms(3, Fraction(1, 2), "komi"), go_terms(0, Fraction(13, 2), "komi")
    ('H3 · komi 0.5', 'komi 6.5')
    >>> go_terms(None, None, "komi"), go_terms(1, Fraction(1, 2), "贴目", "让先", "让{n}子")
    ('', '让先 · 贴目 0.5')
    """
    parts = [first if handicap == 1 else stones.format(n=handicap)] if handicap else []
    if komi is not None:
        parts.append(f"{komi_label} {format_komi(komi)}")
    return " · ".join(parts)


def result_mark(kind: Kind, game: str) -> str:
    """A crosstable cell's result from the player's point of view: a played game as the player's
    half of the game's result (`1` `½` `0` in chess, `2` `1` `0` where results are written 2:0), so
    that a forfeit's `+` or `−` never reads as a game won or lost over the board.

    >>> kinds = (Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
    >>> [result_mark(k, "chess") for k in kinds]
    ['1', '½', '0', '+', '−', '−']
    >>> [result_mark(k, "xiangqi") for k in (Kind.WIN, Kind.DRAW, Kind.LOSS)]
    ['2', '1', '0']
    """
    if kind in _PLAYED:
        outcome, half = _PLAYED[kind]
        marks = _RESULTS_COLON if game_of(game).point_results else _RESULTS_CHESS  # go: 1 ½ 0
        return re.split("[-:]", marks[outcome])[half]
    return _OTHER_MARKS[kind]


def own_result(outcome: Outcome, game: str, second: bool) -> str:
    """A game's result from one player's view, the player's points first (`½-0` for the second player
    of a `0-½`).

    >>> own_result(Outcome.FIRST_HALF, "chess", False), own_result(Outcome.FIRST_HALF, "chess", True)
    ('½-0', '0-½')
    """
    text = result(outcome, game)
    if not second:
        return text
    separator = ":" if ":" in text else "-"
    return separator.join(reversed(text.split(separator)))


def _han(language: str) -> bool:
    """`language` is written in Han characters (and kana), its catalogue's `language.script`; the
    others in Latin letters."""
    return language in LANGUAGES and catalogue(language).script == "han"


def written_language(text: str, page: str, written: str) -> str:
    """The language to mark `text` with (a name or a club as the content writes it, in the language
    `written`) on a page in the language `page`: `written` where the text is in its script and the
    page's language is another (a Chinese name on an English page), else "" (a text the page's
    language writes alike, a number).

    >>> written_language("邓子嘉", "en", "zh"), written_language("Open", "en", "zh")
    ('zh', '')
    >>> written_language("Dvořák, Jan", "zh", "en"), written_language("2284", "zh", "en")
    ('en', '')
    """
    if not written or written == page:
        return ""
    if has_cjk(text):
        return written if _han(written) else ""
    latin = any(c.isalpha() for c in text)
    return written if latin and _han(page) and not _han(written) else ""


#: What may sit inside a run of `written_runs` between two of its letters: the spaces of a name
#: (高橋　翔, "Kowalski, Piotr") and its punctuation (O'Brien, 买买提·艾力, "Smith, J., Jr").
_RUN_JOINERS = frozenset(" \u3000\u00a0,.'’-·・")


def _latin(char: str) -> bool:
    """A letter of no CJK script (Latin, Cyrillic, Greek …), or a mark combined with one."""
    return (char.isalpha() or unicodedata.category(char).startswith("M")) and not written_in_cjk(char)


def _run_end(text: str, start: int, letter: Callable[[str], bool]) -> int:
    """Where the run of `letter`s that begins at `start` ends: over joiners only where a letter follows."""
    end, size = start + 1, len(text)
    while end < size:
        after = end
        while after < size and text[after] in _RUN_JOINERS:
            after += 1
        if after == size or not letter(text[after]):
            return end
        end = after + 1
    return end


def written_runs(text: str, page: str, written: str) -> list[tuple[str, str]]:
    """`text` (a sentence of the page's words that names players, clubs or pages as the content writes
    them, in the language `written`) in pieces, each with the language to mark it with on a page in
    the language `page`: `written` for each run of letters in its script (`written_language`'s rule),
    "" for the rest.

    >>> written_runs("floated down: 田中　大輝", "en", "ja")
    [('floated down: ', ''), ('田中　大輝', 'ja')]
    >>> written_runs("第 1 台 · Kowalski, Piotr – Müller, Jörg", "zh", "en")
    [('第 1 台 · ', ''), ('Kowalski, Piotr', 'en'), (' – ', ''), ('Müller, Jörg', 'en')]
    >>> written_runs("Board 1", "en", "zh"), written_runs("田中", "ja", "ja")
    ([('Board 1', '')], [('田中', '')])
    """
    letter: Callable[[str], bool] | None = None
    if written and written != page:
        letter = written_in_cjk if _han(written) else _latin if _han(page) else None
    if letter is None:
        return [(text, "")]
    pieces, done, index = [], 0, 0
    while index < len(text):
        if not letter(text[index]):
            index += 1
            continue
        end = _run_end(text, index, letter)
        pieces += [(text[done:index], ""), (text[index:end], written)]
        done = index = end
    pieces.append((text[done:], ""))
    return [piece for piece in pieces if piece[0]]


def padded_name(name: str) -> str:
    """Two-character Chinese names padded with an ideographic space (孙文 → 孙　文), as in seed 004."""
    if len(name) == 2 and all(written_in_cjk(c) for c in name):
        return f"{name[0]}\u3000{name[1]}"
    return name


def player_anchor(number: int) -> str:
    """The id of a player's "why this opponent" on a round's page "Why these pairings?"."""
    return f"p{number}"


def natural_name(name: str) -> str:
    """A name as a certificate or a letter addresses the person: "Surname, Given" (the order of
    rating lists and pairings) turned to "Given Surname"; any other name as it is.

    >>> natural_name("Dubois, Claire"), natural_name("de Vries, Anna"), natural_name("王芳")
    ('Claire Dubois', 'Anna de Vries', '王芳')
    >>> natural_name("Smith, J., Jr."), natural_name("Madonna")
    ('Smith, J., Jr.', 'Madonna')
    """
    surname, comma, given = name.partition(",")
    if not comma or "," in given or not surname.strip() or not given.strip():
        return name
    return f"{given.strip()} {surname.strip()}"


def commit_time(updated: str, timezone: str = "") -> str:
    """A commit time as pages show it: in the event's `timezone` (an IANA name), else in UTC, with
    the offset.

    >>> commit_time("2023-08-20T10:30:05Z", "Asia/Shanghai")
    '2023-08-20 18:30 UTC+08:00'
    >>> commit_time("2026-11-30T12:12:09+01:00")
    '2026-11-30 11:12 UTC'
    """
    moment = dt.datetime.fromisoformat(updated.replace("Z", "+00:00"))
    moment = moment.astimezone(zoneinfo.ZoneInfo(timezone) if timezone else dt.UTC)
    offset = moment.strftime("%z")
    zone = "UTC" if offset in ("+0000", "") else f"UTC{offset[:3]}:{offset[3:]}"
    return f"{moment:%Y-%m-%d %H:%M} {zone}"


def signed(value: Fraction) -> str:
    """A rating change with its sign and one decimal.

    >>> signed(Fraction(62, 5)), signed(Fraction(-3, 4)), signed(Fraction(0))
    ('+12.4', '-0.8', '0.0')
    """
    tenths = round(value * 10)
    return f"{'+' if tenths > 0 else '-' if tenths < 0 else ''}{abs(tenths) // 10}.{abs(tenths) % 10}"
