"""Every game the site knows, by its `game:` name: one module each, whose `GAME` says what the game
is (`spec.Game`). A new game is its module and its line here."""

from __future__ import annotations

from site_builder.games import chess, go, gomoku, shogi, xiangqi
from site_builder.games.spec import Game

GAMES: dict[str, Game] = {game.name: game for game in (
    xiangqi.GAME,
    chess.GAME,
    shogi.GAME,
    gomoku.GAME,
    go.GAME,
)}


def game_of(name: str) -> Game:
    """The game named `name` (one of `GAMES`)."""
    return GAMES[name]
