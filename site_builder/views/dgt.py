"""A round's games in DGT LiveChess's shape, as broadcasts read a live round: `index.json` (the
round's `date` and its `pairings` in board order, each `white` and `black` with `fname`, `lname`,
`title` and `fideid` where known, the `result`, and `live`: true while it is pending, `*`, false
once known) and `game-K.json` per game (its `moves` as "SAN", or "SAN seconds" where the record's
move has a clock comment, its `result`, and the `comment` of a game not played)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from site_builder.games.record import Record

#: A clock comment of PGN's command syntax: the time left after the move, h:mm:ss.
_CLOCK = re.compile(r"\[%clk\s+(\d+):(\d{1,2}):(\d{1,2})(?:\.\d+)?\]")


def dgt_files(games: Iterable[tuple[Mapping[str, str], Record | None, str]], date: str) -> dict[str, str]:
    """The DGT LiveChess files of a round: file name → text, `index.json` and `game-K.json` for the
    round's games in board order (`games`: each game's tags, as `game_tags` gives them, its record
    and the note of a game not played, as `unplayed_note` gives it, its game file's `comment`;
    `date`: the round's, ISO, "" when unknown and then not written).

    >>> tags = {"White": "Doe, Jane", "Black": "Roe", "Result": "*", "WhiteFideId": "123"}
    >>> print(dgt_files([(tags, None, "")], "")["index.json"], end="")
    {"pairings":[{"white":{"fname":"Jane","lname":"Doe","fideid":123},"black":{"fname":"","lname":"Roe"},"result":"*","live":true}]}
    >>> print(dgt_files([(tags | {"Result": "1-0"}, None, "Not played")], "")["game-1.json"], end="")
    {"moves":[],"result":"1-0","comment":"Not played"}
    """
    files, pairings = {}, []
    for index, (tags, record, note) in enumerate(games, 1):
        result = tags["Result"]
        pairings.append({"white": _dgt_player(tags, "White"), "black": _dgt_player(tags, "Black"),
                         "result": result, "live": result == "*"})
        game = {"moves": dgt_moves(record), "result": result, **({"comment": note} if note else {})}
        files[f"game-{index}.json"] = _json(game)
    files["index.json"] = _json({**({"date": date} if date else {}), "pairings": pairings})
    return files


def _dgt_player(tags: Mapping[str, str], side: str) -> dict[str, Any]:
    """A player as DGT names one: "Last, First" split into `lname` and `fname`."""
    last, _, first = tags[side].partition(",")
    out: dict[str, Any] = {"fname": first.strip(), "lname": last.strip()}
    if title := tags.get(f"{side}Title"):
        out["title"] = title
    if (fide_id := tags.get(f"{side}FideId", "")).isdigit():
        out["fideid"] = int(fide_id)
    return out


def dgt_moves(record: Record | None) -> list[str]:
    """The record's moves as DGT writes them: the SAN, and the seconds left where a clock comment
    follows the move.

    >>> from site_builder.games.record import Ply, Position, Record
    >>> plies = (Ply(1, {}, Position({}), "[%clk 1:29:58]", (), "e4"), Ply(2, {}, Position({}), "", (), "c5"))
    >>> dgt_moves(Record("chess", 8, 8, Position({}), plies))
    ['e4 5398', 'c5']
    """
    out = []
    for ply in record.plies if record else ():
        clock = _CLOCK.search(ply.comment)
        seconds = int(clock[1]) * 3600 + int(clock[2]) * 60 + int(clock[3]) if clock else None
        out.append(ply.source if seconds is None else f"{ply.source} {seconds}")
    return out


def _json(value: object) -> str:
    """Compact JSON, `<`, `>` and `&` escaped as event.json escapes them (inert wherever it lands)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026") + "\n"
