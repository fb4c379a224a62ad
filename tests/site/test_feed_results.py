"""The results the PGN files and the broadcast feed carry (docs/exports.md, "PGN of every round, for
broadcasts"): every result the round file knows, never `*` for a finished game. The PGN standard
has four results (1-0, 0-1, 1/2-1/2, *: §8.2.6); a double forfeit and the abnormal results (docs/
content.md, "Results") are written as lichess's broadcasts read them (lila pull request #16081:
0-0, 1/2-0, 0-1/2), and DGT's index calls those games finished (`"live": false`)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import chess.pgn
import pytest

from site_builder.build import build_site
from site_builder.commands.new import scaffold

PLAYERS = """\
players:
  - {number: 1, name: "Dubois, Marc", rating: 2100}
  - {number: 2, name: "Baptiste, Claire", rating: 2050}
  - {number: 3, name: "García, Lucía", rating: 1980}
  - {number: 4, name: "Andersen, Lars", rating: 1900}
"""
#: Round by round, each board's result as the round file writes it.
ROUNDS = {
    1: ('[1, "Dubois, Marc", "Baptiste, Claire", "--"]', '[2, "García, Lucía", "Andersen, Lars", "1-0"]'),
    2: ('[1, "Andersen, Lars", "Dubois, Marc", "½-0"]', '[2, "Baptiste, Claire", "García, Lucía", "0-0"]'),
    3: ('[1, "Dubois, Marc", "García, Lucía", "0-½"]', '[2, "Andersen, Lars", "Baptiste, Claire", "?"]'),
}


@pytest.fixture(scope="module")
def section(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A chess event whose rounds hold a double forfeit and every abnormal result, built."""
    root = tmp_path_factory.mktemp("feed-results")
    directory = root / "content" / "cup"
    scaffold(directory, name="Cup", game="chess", language="en", secret_seed=False)
    (directory / "open" / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    (directory / "open" / "rounds").mkdir()
    for number, games in ROUNDS.items():
        body = "".join(f"  - {game}\n" for game in games)
        (directory / "open" / "rounds" / f"{number:02d}.yaml").write_text(
            f"round: {number}\ngames:\n{body}", encoding="utf-8")
    build_site(root / "content", root / "out", pdf=False)
    return root / "out" / "cup" / "open"


def _results(text: str) -> list[tuple[str, str]]:
    """Each game's Result tag, as python-chess reads the tags, and the result its moves end with."""
    handle, tags = io.StringIO(text), []
    while (headers := chess.pgn.read_headers(handle)) is not None:
        tags.append(headers["Result"])
    ends = [block.split()[-1] for block in text.split("\n\n") if block.strip() and not block.startswith("[")]
    return list(zip(tags, ends, strict=True))


@pytest.mark.parametrize(("number", "expected"), [
    (1, [("0-0", "0-0"), ("1-0", "1-0")]),
    (2, [("1/2-0", "1/2-0"), ("0-0", "0-0")]),
    (3, [("0-1/2", "0-1/2"), ("*", "*")]),
])
def test_every_known_result_is_written_in_the_round_pgn_and_the_relay_feed(section, number, expected):
    """A double forfeit (`--`) and a double loss (`0-0`) are 0-0, `½-0` and `0-½` are 1/2-0 and
    0-1/2, in the Result tag and at the end of the moves alike; only the pending game is `*`."""
    text = (section / "rounds" / f"{number:02d}.pgn").read_text(encoding="utf-8")
    assert _results(text) == expected
    assert (section / "relay" / str(number) / "games.pgn").read_text(encoding="utf-8") == text


def test_live_pgn_is_the_latest_round_with_its_results(section):
    assert _results((section / "live.pgn").read_text(encoding="utf-8")) == [("0-1/2", "0-1/2"), ("*", "*")]


@pytest.mark.parametrize(("number", "expected"), [
    (1, [("0-0", False), ("1-0", False)]),
    (2, [("1/2-0", False), ("0-0", False)]),
    (3, [("0-1/2", False), ("*", True)]),
])
def test_the_dgt_index_gives_the_result_and_calls_only_the_pending_game_live(section, number, expected):
    folder = section / "relay" / str(number) / "dgt"
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    assert [(p["result"], p["live"]) for p in index["pairings"]] == expected
    games = [json.loads((folder / f"game-{k}.json").read_text(encoding="utf-8")) for k in (1, 2)]
    assert [g["result"] for g in games] == [result for result, _ in expected]
