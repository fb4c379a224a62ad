"""A new game is one module: a game defined in a module of its own, outside the package, registers
itself when imported (`registry.register`), gives its own names and sides, and an event of it
(`game: <its name>`) builds a whole site with no other file of the program touched."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.errors import ContentError
from site_builder.games import registry
from site_builder.views.i18n import Labels

#: The whole module of a toy game: tic-tac-toe, read from move lists (".ttt": "b2 a1 c3 …").
MODULE = '''
"""Tic-tac-toe: its reader and its `Game`, registered as this module is imported."""

import re
from pathlib import Path

from site_builder.errors import ContentError, Location, Problem
from site_builder.games.record import Ply, Position, Record
from site_builder.games.registry import register
from site_builder.games.spec import (Board, Defaults, Frame, Game, LabelRow, Look, Pieces, numbers,
                                     without_opening)


def read_moves(text: str, path: Path) -> list[Record]:
    points: dict[int, str] = {}
    plies = []
    for number, word in enumerate(text.split(), 1):
        point = (int(word[1:]) - 1) * 3 + "abc".index(word[0]) if re.fullmatch("[abc][123]", word) else -1
        if point < 0 or point in points:
            raise ContentError([Problem(Location(path), f"move {number}: {word!r} is no free square")])
        points = {**points, point: "X" if number % 2 else "x"}
        plies.append(Ply(number, {"en": word}, Position(points), source=word, marks=(point,)))
    return [Record("tictactoe", 3, 3, Position({}), tuple(plies), suffix=".ttt", text=text)]


def _board(f: Frame) -> str:
    return (f'<rect {f.rect} fill="#fff"/><path d="{f.grid(range(1, f.ranks), range(1, f.files))}" '
            f'stroke="#000" fill="none"/>')


def _labels(f: Frame) -> tuple[LabelRow, ...]:
    return (LabelRow("ranks", 8, 8, numbers(f.ranks), 4),
            LabelRow("files", f.bottom + 12, f.bottom + 12, tuple("abc")))


GAME = register(Game(
    "tictactoe", Board(3, 3, squares=True), Look(_board, _labels, Pieces("discs", {"X": "✕", "x": "◯"})),
    {".ttt": without_opening(read_moves)}, (("X",), ("O",)),
    Defaults("Tic-tac-toe Swiss", ("1", "1/2"), ("opponent-score", "wins")),
    words={"en": {"name": "Tic-tac-toe", "first": "Crosses", "second": "Noughts"},
           "zh": {"name": "井字棋", "first": "叉方", "second": "圈方"}}))
'''


@pytest.fixture
def toy_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The game's module, written to a directory of its own and imported from there."""
    monkeypatch.setattr(registry, "GAMES", dict(registry.GAMES))  # the registry as it was, afterwards
    path = tmp_path / "module" / "tictactoe_game.py"
    path.parent.mkdir()
    path.write_text(MODULE, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("tictactoe_game", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "tictactoe_game", module)
    spec.loader.exec_module(module)
    return module


def _event(content: Path, small_event, game: str) -> Path:
    event = small_event(content / "cup")
    yaml = (event / "event.yaml").read_text(encoding="utf-8")
    (event / "event.yaml").write_text(yaml.replace("game: xiangqi", f"game: {game}"), encoding="utf-8")
    rounds = event / "open" / "rounds"
    (rounds / "01.yaml").write_text((rounds / "01.yaml").read_text(encoding="utf-8").replace(
        '[1, 1, 3, "?"]', '[1, 1, 3, "1-0"]'), encoding="utf-8")
    (rounds / "01").mkdir()
    (rounds / "01" / "board-01.ttt").write_text("b2 a1 c3 a3 a2 c2 b3 b1 c1\n", encoding="utf-8")
    return content


def test_a_game_in_one_module_builds_a_site(tmp_path: Path, small_event, toy_module) -> None:
    assert registry.game_of("tictactoe") is toy_module.GAME and "tictactoe" in registry.names()
    content = _event(tmp_path / "content", small_event, "tictactoe")
    out = tmp_path / "out"
    build_site(content, out, pdf=False)
    event = json.loads((out / "cup" / "event.json").read_text(encoding="utf-8"))
    assert event["event"]["game"] == "tictactoe" and event["sections"][0]["games"][0]["plies"] == 9
    pairings = (out / "cup" / "open" / "round-01.html").read_text(encoding="utf-8")
    assert "Crosses" in pairings and "Noughts" in pairings  # its sides, its own words
    search = (out / "search-index.js").read_text(encoding="utf-8")
    assert "Tic-tac-toe \\u4e95\\u5b57\\u68cb" in search  # its names in English, Japanese and Chinese
    game = (out / "cup" / "open" / "games" / "round-01-board-01.html").read_text(encoding="utf-8")
    assert "<title>Tic-tac-toe position</title>" in game  # its record, drawn


def test_the_catalogues_name_a_game_before_its_module() -> None:
    assert Labels("en").side("chess", False) == "White" and registry.game_name("ja", "go") == "囲碁"
    assert registry.game_word("en", "chess", "name") == "Chess"


def test_a_game_registered_by_no_module_is_refused_where_it_is_named(tmp_path: Path, small_event) -> None:
    content = _event(tmp_path / "content", small_event, "tictactoe")
    with pytest.raises(ContentError, match=r"event\.yaml:\d+:\d+: 'game' must be one of xiangqi, chess"):
        build_site(content, tmp_path / "out", pdf=False)
