"""Every game the site knows, by its `game:` name: a built-in game is a module of
`site_builder.games`, whose `GAME` says what the game is (`spec.Game`), and its line in `NAMES`; a
game added outside the package is one module that registers its `GAME` (`register`) when imported.

A game's module is imported when the game is first asked for (`game_of`), so that a build of
xiangqi events never loads python-chess or python-shogi. Its names and sides are the catalogues'
(`game.<name>`, `.first`, `.second`), else the words its `Game` gives (`Game.words`)."""

from __future__ import annotations

from importlib import import_module

from site_builder.games.spec import Game
from site_builder.languages import label

#: The games' names, which are their modules' (the order `model.GameName` lists them in).
NAMES: tuple[str, ...] = (
    "xiangqi",
    "chess",
    "shogi",
    "gomoku",
    "go",
)
#: The games asked for so far, by name.
GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add `game` to the games the content accepts (`game: <its name>`); a game of the same name is
    replaced."""
    GAMES[game.name] = game
    return game


def names() -> tuple[str, ...]:
    """Every game's name: the built-in games (`NAMES`), then the games registered, in their order."""
    return (*NAMES, *(name for name in GAMES if name not in NAMES))


def game_of(name: str) -> Game:
    """The game named `name` (one of `NAMES`, or a game put in `GAMES`)."""
    if name not in GAMES:
        if name not in NAMES:
            raise KeyError(f"unknown game {name!r}")
        game: Game = import_module(f"site_builder.games.{name}").GAME
        GAMES[name] = game
    return GAMES[name]


def game_word(language: str, name: str, part: str) -> str:
    """A word of game `name` (`part`: "name", "first" or "second") in `language`, else in English: the
    catalogue's (`game.<name>`, `game.<name>.first` …), else the game's own (`Game.words`), else
    the game's name or the part."""
    key = f"game.{name}" if part == "name" else f"game.{name}.{part}"
    for code in (language, "en"):
        text = label(code, key)
        if text is None and name in names():
            text = game_of(name).words.get(code, {}).get(part)
        if text is not None:
            return text
    return name if part == "name" else key


def game_name(language: str, name: str) -> str:
    """A game's name in `language`: 象棋, Xiangqi, シャンチー."""
    return game_word(language, name, "name")


def side(language: str, name: str, second: bool) -> str:
    """The first or `second` player's side in `name` in `language`: 红方, White, 先手…"""
    return game_word(language, name, "second" if second else "first")
