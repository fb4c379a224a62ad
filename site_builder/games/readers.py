"""Which reader reads a record file, by the event's game and the file's suffix."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from site_builder.games.record import Record

Reader = Callable[[str, Path, str], list[Record]]  # text, path shown, the event's gomoku opening rule


def _readers() -> dict[str, dict[str, Reader]]:
    from site_builder.games import chess, go, gomoku, shogi, xiangqi

    def ignoring_opening(read: Callable[[str, Path], list[Record]]) -> Reader:
        return lambda text, path, opening: read(text, path)

    return {"chess": {".pgn": ignoring_opening(chess.read_pgn)},
            "xiangqi": {".pgn": ignoring_opening(xiangqi.read_pgn)},
            "shogi": {".kif": ignoring_opening(shogi.read_kif), ".kifu": ignoring_opening(shogi.read_kif),
                      ".csa": ignoring_opening(shogi.read_csa)},
            "go": {".sgf": ignoring_opening(go.read_sgf)},
            "gomoku": {".txt": lambda text, path, opening: [gomoku.read_moves(text, path, opening or None)]}}


def suffixes(game: str) -> tuple[str, ...]:
    """The suffixes of the record files of `game`."""
    return tuple(_readers().get(game, {}))


def read_record_file(game: str, suffix: str, text: str, shown: Path, opening: str = "") -> list[Record]:
    """The records of a file of `game` (raises `ContentError` at a move that is wrong); `opening`:
    the gomoku opening rule its moves must follow."""
    return _readers()[game][suffix](text, shown, opening)
