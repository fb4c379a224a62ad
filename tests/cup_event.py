"""A small event for the tests of game records and feeds: "Cup" (chess, in English, a recorded draw
seed) with rated players, its round files and records left to the test."""

from __future__ import annotations

from pathlib import Path

from site_builder.commands.new import scaffold

#: The players, in pairing order, with their ratings.
PLAYERS = (("Dubois, Marc", 2100), ("Baptiste, Claire", 2050), ("García, Lucía", 1980),
           ("Andersen, Lars", 1900), ("Chen, Wei", 1850), ("Novak, Petra", 1800))


def players_yaml(count: int) -> str:
    """The player list of the first `count` players.

    >>> print(players_yaml(1), end="")
    players:
      - {number: 1, name: "Dubois, Marc", rating: 2100}
    """
    return "players:\n" + "".join(f'  - {{number: {n}, name: "{name}", rating: {rating}}}\n'
                                  for n, (name, rating) in enumerate(PLAYERS[:count], 1))


def cup_event(directory: Path, players: int, game: str = "chess", name: str = "Cup") -> Path:
    """The event written into `directory` (`bulletin new`), its section `open` holding the first
    `players` players and an empty `rounds/`: that folder."""
    scaffold(directory, name=name, game=game, language="en", secret_seed=False)
    (directory / "open" / "players.yaml").write_text(players_yaml(players), encoding="utf-8")
    rounds = directory / "open" / "rounds"
    rounds.mkdir()
    return rounds
