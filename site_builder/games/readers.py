"""Which reader reads a record file, by the event's game and the file's suffix."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from site_builder.games.record import Record

Reader = Callable[[str, Path, str], list[Record]]  # text, path shown, the event's gomoku opening rule


#: The suffixes of each game's record files (the keys of its `_readers`).
SUFFIXES = {"chess": (".pgn",), "xiangqi": (".pgn",), "shogi": (".kif", ".kifu", ".csa"), "go": (".sgf",),
            "gomoku": (".txt",)}


def _readers(game: str) -> dict[str, Reader]:
    """The readers of `game` by suffix; only its own module is imported (python-chess and
    python-shogi take a quarter of a second each to import)."""
    def ignoring_opening(read: Callable[[str, Path], list[Record]]) -> Reader:
        return lambda text, path, opening: read(text, path)

    if game == "chess":
        from site_builder.games import chess
        return {".pgn": ignoring_opening(chess.read_pgn)}
    if game == "xiangqi":
        from site_builder.games import xiangqi
        return {".pgn": ignoring_opening(xiangqi.read_pgn)}
    if game == "shogi":
        from site_builder.games import shogi
        return {".kif": ignoring_opening(shogi.read_kif), ".kifu": ignoring_opening(shogi.read_kif),
                ".csa": ignoring_opening(shogi.read_csa)}
    if game == "go":
        from site_builder.games import go
        return {".sgf": ignoring_opening(go.read_sgf)}
    if game == "gomoku":
        from site_builder.games import gomoku
        return {".txt": lambda text, path, opening: [gomoku.read_moves(text, path, opening or None)]}
    return {}


def suffixes(game: str) -> tuple[str, ...]:
    """The suffixes of the record files of `game`."""
    return SUFFIXES.get(game, ())


def read_record_file(game: str, suffix: str, text: str, shown: Path, opening: str = "") -> list[Record]:
    """The records of a file of `game` (raises `ContentError` at a move that is wrong); `opening`:
    the gomoku opening rule its moves must follow."""
    return _readers(game)[suffix](text, shown, opening)
