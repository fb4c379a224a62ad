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
MODULE = Path(__file__).resolve().parents[1] / "fixtures" / "toy-game" / "tictactoe_game.py"


@pytest.fixture
def toy_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The game's module, in a directory of its own, imported from there."""
    monkeypatch.setattr(registry, "GAMES", dict(registry.GAMES))  # the registry as it was, afterwards
    return load_toy_game(monkeypatch)


def load_toy_game(monkeypatch: pytest.MonkeyPatch):
    """Import the toy game's module (which registers its game)."""
    spec = importlib.util.spec_from_file_location("tictactoe_game", MODULE)
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
    search = (out / "search" / "entries.json").read_text(encoding="utf-8")
    assert "Tic-tac-toe 井字棋" in search  # its names in English, Japanese and Chinese
    game = (out / "cup" / "open" / "games" / "round-01-board-01.html").read_text(encoding="utf-8")
    assert "<title>Tic-tac-toe position</title>" in game  # its record, drawn


def test_the_catalogues_name_a_game_before_its_module() -> None:
    assert Labels("en").side("chess", False) == "White" and registry.game_name("ja", "go") == "囲碁"
    assert registry.game_word("en", "chess", "name") == "Chess"


def test_a_game_registered_by_no_module_is_refused_where_it_is_named(tmp_path: Path, small_event) -> None:
    content = _event(tmp_path / "content", small_event, "tictactoe")
    with pytest.raises(ContentError, match=r"event\.yaml:\d+:\d+: 'game' must be one of xiangqi, chess"):
        build_site(content, tmp_path / "out", pdf=False)
