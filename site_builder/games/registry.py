"""Every game the site knows, by its `game:` name: a module of `site_builder.games` each, whose
`GAME` says what the game is (`spec.Game`). A new game is its module and its line in `NAMES`.

A game's module is imported when the game is first asked for (`game_of`), so that a build of
xiangqi events never loads python-chess or python-shogi."""

from __future__ import annotations

from importlib import import_module

from site_builder.games.spec import Game

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


def game_of(name: str) -> Game:
    """The game named `name` (one of `NAMES`, or a game put in `GAMES`)."""
    if name not in GAMES:
        if name not in NAMES:
            raise KeyError(f"unknown game {name!r}")
        game: Game = import_module(f"site_builder.games.{name}").GAME
        GAMES[name] = game
    return GAMES[name]
