"""Each game's record files are known by their suffixes without importing any reader."""

from __future__ import annotations

from site_builder.games.readers import SUFFIXES, _readers
from site_builder.model import GAMES


def test_the_suffixes_are_those_of_each_games_readers() -> None:
    assert set(SUFFIXES) == set(GAMES)
    for game, suffixes in SUFFIXES.items():
        assert tuple(_readers(game)) == suffixes
