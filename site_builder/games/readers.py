"""Which reader reads a record file, by the event's game and the file's suffix."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from site_builder.games.record import Record

Reader = Callable[[str, Path], list[Record]]


def _readers() -> dict[str, dict[str, Reader]]:
    from site_builder.games import chess, go, gomoku, shogi, xiangqi

    return {"chess": {".pgn": chess.read_pgn}, "xiangqi": {".pgn": xiangqi.read_pgn},
            "shogi": {".kif": shogi.read_kif, ".kifu": shogi.read_kif, ".csa": shogi.read_csa},
            "go": {".sgf": go.read_sgf},
            "gomoku": {".txt": lambda text, path: [gomoku.read_moves(text, path)]}}


def suffixes(game: str) -> tuple[str, ...]:
    """The suffixes of the record files of `game`."""
    return tuple(_readers().get(game, {}))


def read_record_file(game: str, suffix: str, text: str, shown: Path) -> list[Record]:
    """The records of a file of `game` (raises `ContentError` at a move that is wrong)."""
    return _readers()[game][suffix](text, shown)
