"""A game is one module (`spec.Game`) and one line of the registry: every registered game says all a
game must, and a toy game defined here alone is read, drawn, shown in the viewer and named on pages
with no other file touched."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from site_builder.content.game_records import record_files
from site_builder.errors import ContentError
from site_builder.games.diagram import svg, viewer_frame
from site_builder.games.drawing import STYLES
from site_builder.games.registry import GAMES, NAMES, game_of, names
from site_builder.games.spec import (
    Game,
)
from site_builder.games.viewer_data import viewer_data
from site_builder.games.viewer_markup import game_markup
from site_builder.languages import catalogue
from site_builder.model import GAMES as MODEL_GAMES
from site_builder.model import LANGUAGES, TIEBREAK_IDS, Outcome
from site_builder.regulations import preset_for
from site_builder.systems import SYSTEMS
from site_builder.views import format as fmt
from site_builder.views.i18n import Labels

STATIC = Path(__file__).resolve().parents[2] / "site_builder/themes/default/static"
NS = "{http://www.w3.org/2000/svg}"


#: Tic-tac-toe, the whole of its module (`tests/fixtures/toy-game/`): a reader of its move lists
#: (".ttt": "b2 a1 c3 …") and its Game, without the registry line of its own (the fixture `toy` is).
TOY_MODULE = Path(__file__).resolve().parents[1] / "fixtures" / "toy-game" / "tictactoe_game.py"


def _toy_module() -> ModuleType:
    """The toy game's module, imported with the registry left as it was."""
    spec = importlib.util.spec_from_file_location("tictactoe_game", TOY_MODULE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    before = dict(GAMES)
    spec.loader.exec_module(module)
    GAMES.clear()
    GAMES.update(before)
    return module


read_moves = _toy_module().read_moves
TOY = dataclasses.replace(_toy_module().GAME, words={})  # named by the catalogues' lines below alone


#: … and its words, lines of the language catalogues (`zh.po`, `en.po`: msgid "game.tictactoe" …).
TOY_WORDS = {
    "zh": {"game.tictactoe": "井字棋", "game.tictactoe.first": "叉方", "game.tictactoe.second": "圈方"},
    "en": {"game.tictactoe": "Tic-tac-toe", "game.tictactoe.first": "X", "game.tictactoe.second": "O"},
}


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Game:
    monkeypatch.setitem(GAMES, TOY.name, TOY)  # registered: a game of site_builder.games is a line of NAMES
    for code in TOY_WORDS:  # each read whole before any gains the toy's lines
        catalogue(code)
    for code, words in TOY_WORDS.items():
        for key, text in words.items():
            monkeypatch.setitem(catalogue(code).labels, key, text)  # type: ignore[index]  # the catalogue's lines
    return TOY


def test_a_new_game_is_one_module_and_one_registry_line(toy: Game, tmp_path: Path) -> None:
    rounds = tmp_path / "rounds"
    (rounds / "01").mkdir(parents=True)
    path = rounds / "01" / "board-01.ttt"
    path.write_text("b2 a1 c3 a3 a2 c2 b3 b1 c1\n", encoding="utf-8")
    (rounds / "01" / "board-02.pgn").write_text("1. e4 *\n", encoding="utf-8")  # not a record of this game
    assert record_files(rounds, 1, "tictactoe") == [path]

    [record] = game_of("tictactoe").formats[".ttt"](path.read_text(encoding="utf-8"), path, "")
    assert len(record.plies) == 9 and record.position(9).points[4] == "X"
    with pytest.raises(ContentError, match="move 3: 'b2' is no free square"):
        game_of("tictactoe").formats[".ttt"]("b2 a1 b2", path, "")

    drawn = svg("tictactoe", 3, 3, record.position(2), record.plies[1].marks)
    assert drawn.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 136 136" class="diagram '
                            'diagram-tictactoe" role="img"><title>Tic-tac-toe position</title>')
    assert re.findall(r'<g transform="translate\((\d+ \d+)\)">', drawn) == ["36 100", "76 60"]  # O a1, X b2
    assert ">✕</text>" in drawn and ">◯</text>" in drawn and drawn.count('stroke="#1565c0"') == 1  # O's mark

    data = viewer_data(record, "en")
    assert (data["g"], data["f"], data["r"], data["d"]["pieces"]) == ("tictactoe", 3, 3, "discs")
    assert data["d"]["glyphs"] == {"X": "✕", "x": "◯"} and data["p"][0]["c"] == [4, "X"]
    markup = game_markup(record, "zh")
    assert "<title>井字棋局面</title>" in markup and '<span class="n">9</span>' in markup
    script = markup.split('class="game-data">')[1].split("</script>")[0]
    assert json.loads(script) == viewer_data(record, "zh")

    assert Labels("zh").side("tictactoe", True) == "圈方" and Labels("en").side("tictactoe", False) == "X"
    assert fmt.result(Outcome.DRAW, "tictactoe") == "½-½"
    preset = preset_for("", "tictactoe")
    assert preset.title == "Tic-tac-toe Swiss" and preset.scoring.draw == Fraction(1, 2)


def test_the_viewer_draws_the_new_game_as_diagram_py_does(toy: Game, browser, tmp_path: Path) -> None:
    """viewer.js, unchanged, draws the toy game's every position from its viewer data."""
    [record] = read_moves("b2 a1 c3 a3 a2", Path("game.ttt"))
    page = tmp_path / "toy.html"
    page.write_text(f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Toy</title></head>'
                    f'<body>{game_markup(record, "en")}<script src="{STATIC.as_uri()}/viewer.js"></script>'
                    f'</body></html>', encoding="utf-8")
    tab = browser.new_page()
    tab.goto(page.as_uri())
    tab.wait_for_selector("figure.game-viewer.live")
    data = viewer_data(record, "en")
    for ply in range(len(record.plies) + 1):
        marks = record.plies[ply - 1].marks if ply else ()
        for flipped in (False, True):
            python = svg("tictactoe", 3, 3, record.position(ply), marks, flipped, title="T")
            board = re.search(r'<g class="board">.*?</g>(?=<g font-family="system-ui)', python)[0]
            drawn = tab.evaluate("(args) => window.gameDiagram(...args)", [
                data, board, {str(p): c for p, c in record.position(ply).points.items()}, [{}, {}],
                list(marks), flipped, None, "T"])
            assert drawn == python, (ply, flipped)
    tab.close()


def test_the_content_accepts_the_built_in_games_then_the_registered(toy: Game) -> None:
    assert MODEL_GAMES == NAMES and names() == (*NAMES, "tictactoe")


@pytest.mark.parametrize("name", NAMES)
def test_every_game_says_all_a_game_must(name: str) -> None:
    game = game_of(name)
    assert game.name == name
    words = [catalogue(code).labels for code in LANGUAGES]  # every language's name and sides
    assert all(w.get(f"game.{name}") for w in words)
    assert all(len({w.get(f"game.{name}.first"), w.get(f"game.{name}.second")} - {None}) == 2 for w in words)
    assert game.board.files > 0 and game.board.ranks > 0
    assert game.formats and all(re.fullmatch(r"\.[a-z]+", suffix) for suffix in game.formats)
    assert all(tags for tags in game.player_tags)
    defaults = game.defaults
    assert defaults.title and all(Fraction(p) >= 0 for p in defaults.points)
    assert all((t if isinstance(t, str) else t[0]) in TIEBREAK_IDS for t in defaults.tiebreaks)
    assert defaults.system in SYSTEMS
    assert all(rule == rule.lower() for rule in game.openings)

    look, pieces = game.look, game.look.pieces
    assert pieces.style in STYLES
    assert bool(pieces.glyphs) == (pieces.style in ("discs", "pentagons"))
    assert bool(pieces.scales) == (pieces.style == "pentagons")
    assert (pieces.hand_order != "") == (look.hand > 0) == game.board.hands
    frame = game.frame(game.board.files, game.board.ranks)
    for row in look.labels(frame):
        assert len(row.names) == (frame.files if row.along == "files" else frame.ranks)
    data = viewer_frame(game, game.board.files, game.board.ranks)
    assert json.loads(json.dumps(data)) == data
    assert data["size"] == [frame.width, frame.height]


def test_no_code_compares_a_game_by_its_name() -> None:
    """A game's facts are asked of its `Game`: no code (Python, templates or viewer.js) compares a game
    name to one of the registry's."""
    names = "|".join(re.escape(name) for name in NAMES)
    compared = re.compile(rf"""(==|!=|\bin\b)\s*[(\[{{]?\s*["'](?:{names})["']""")
    package = Path(__file__).resolve().parents[2] / "site_builder"
    offenders = [f"{path.relative_to(package)}:{number}: {line.strip()}"
                 for path in sorted(package.rglob("*")) if path.suffix in (".py", ".js", ".html")
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if compared.search(line)]
    assert offenders == []
