"""A game record as the board viewer (static/viewer.js) reads it: compact, ready for JSON.

    {"g": "chess", "f": 8, "r": 8,            game, files, ranks
     "d": {"size": [336, 336], …},            how the game is drawn (`diagram.viewer_frame`)
     "s": [0, "R", 1, "N", …],                the start position: point, piece, point, piece, …
     "h": [{"P": 1}, {}],                     Shogi's pieces in hand at the start, if any
     "t": "…",                                the comment before the first move, if any
     "p": [{"n": "e4",                        each ply: its notation in the page's language,
            "c": [12, "", 28, "P"],           the points it changes: point, new piece ("" none), …
            "m": [12, 28],                    its marks, when not the points it changes
            "t": "…", "a": "!",               its comment and glyphs ($1…$6), if any
            "h": [{…}, {…}]}, …]}             Shogi's hands after it, when it changes them

Point numbers and piece codes are `record`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from site_builder.games.diagram import viewer_frame
from site_builder.games.pgn import SUFFIXES
from site_builder.games.record import Ply, Position, Record, changes
from site_builder.games.registry import game_of

GLYPHS = {nag: glyph for glyph, nag in SUFFIXES.items()}  # $1 → !, $2 → ?, … $6 → ?!


def notation(ply: Ply, language: str) -> str:
    """The ply as written in `language`, else in English, else in any language given, else as the
    file wrote it."""
    return ply.notation.get(language) or ply.notation.get("en") or next(
        (text for text in ply.notation.values() if text), ply.source)


def glyphs(ply: Ply) -> str:
    """The ply's move assessment NAGs as glyphs: $1 → !, $2 → ?, … $6 → ?!."""
    return "".join(GLYPHS[nag] for nag in ply.nags if nag in GLYPHS)


def hands(position: Position) -> list[dict[str, int]]:
    """Shogi's pieces in hand, (Sente's, Gote's), with upper case letters and no zero counts."""
    def clean(hand: Mapping[str, int]) -> dict[str, int]:
        return {piece.upper(): count for piece, count in sorted(hand.items()) if count > 0}

    return [clean(hand) for hand in position.hands]


def move_numbers(record: Record) -> dict[int, int]:
    """Gomoku's stones by point with the number of the ply that placed them (stones of the start
    position have none)."""
    numbers: dict[int, int] = {}
    for index, ply in enumerate(record.plies, 1):
        for point, code in changes(record.position(index - 1), ply.position):
            if code:
                numbers[point] = index
            else:
                numbers.pop(point, None)
    return numbers


def viewer_data(record: Record, language: str) -> dict[str, Any]:
    """The record for the viewer, in `language` (see the module's documentation)."""
    start = record.start.points
    data: dict[str, Any] = {"g": record.game, "f": record.files, "r": record.ranks,
                            "d": viewer_frame(game_of(record.game), record.files, record.ranks),
                            "s": [item for point in sorted(start) for item in (point, start[point])]}
    held = hands(record.start)
    if any(held):
        data["h"] = held
    if record.comment:
        data["t"] = record.comment
    plies = []
    before = record.start
    for ply in record.plies:
        changed = changes(before, ply.position)
        item: dict[str, Any] = {"n": notation(ply, language), "c": [x for change in changed for x in change]}
        if sorted(set(ply.marks)) != [point for point, _ in changed]:
            item["m"] = list(ply.marks)
        if ply.comment:
            item["t"] = ply.comment
        if glyphs(ply):
            item["a"] = glyphs(ply)
        if hands(ply.position) != hands(before):
            item["h"] = hands(ply.position)
        plies.append(item)
        before = ply.position
    data["p"] = plies
    return data
