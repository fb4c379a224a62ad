"""The results the PGN files and the broadcast feed carry (docs/exports.md, "PGN of every round, for
broadcasts"): every result the round file knows, never `*` for a finished game. The PGN standard
has four results (1-0, 0-1, 1/2-1/2, *: §8.2.6); a double forfeit and the abnormal results (docs/
content.md, "Results") are written as lichess's broadcasts read them (lila pull request #16081:
0-0, 1/2-0, 0-1/2), and DGT's index calls those games finished (`"live": false`). A game not
played (a forfeit, a double forfeit) says so: a comment before its result in the PGN, and the
`comment` of its DGT game file; no `Termination` tag, none of the standard's values (§9.8.1) being
a game that never began."""

from __future__ import annotations

import io
import json
from pathlib import Path

import chess.pgn
import pytest
from cup_event import cup_event

from site_builder.build import build_site

#: Round by round, each board's players and result as the round file writes them.
ROUNDS = {
    1: ((1, 2, "--"), (3, 4, "1-0"), (5, 6, "+-")),
    2: ((4, 1, "½-0"), (2, 5, "0-0"), (6, 3, "-+")),
    3: ((1, 6, "0-½"), (2, 3, "?"), (4, 5, "½-½")),
}


@pytest.fixture(scope="module")
def section(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A chess event whose rounds hold a double forfeit and every abnormal result, built."""
    root = tmp_path_factory.mktemp("feed-results")
    directory = root / "content" / "cup"
    rounds = cup_event(directory, 6)
    for number, games in ROUNDS.items():
        body = "".join(f'  - [{board}, {first}, {second}, "{result}"]\n'
                       for board, (first, second, result) in enumerate(games, 1))
        (rounds / f"{number:02d}.yaml").write_text(
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
    (1, [("0-0", "0-0"), ("1-0", "1-0"), ("1-0", "1-0")]),
    (2, [("1/2-0", "1/2-0"), ("0-0", "0-0"), ("0-1", "0-1")]),
    (3, [("0-1/2", "0-1/2"), ("*", "*"), ("1/2-1/2", "1/2-1/2")]),
])
def test_every_known_result_is_written_in_the_round_pgn_and_the_relay_feed(section, number, expected):
    """A double forfeit (`--`) and a double loss (`0-0`) are 0-0, `½-0` and `0-½` are 1/2-0 and
    0-1/2, in the Result tag and at the end of the moves alike; only the pending game is `*`."""
    text = (section / "rounds" / f"{number:02d}.pgn").read_text(encoding="utf-8")
    assert _results(text) == expected
    assert (section / "relay" / str(number) / "games.pgn").read_text(encoding="utf-8") == text


def test_live_pgn_is_the_latest_round_with_its_results(section):
    assert _results((section / "live.pgn").read_text(encoding="utf-8")) == [
        ("0-1/2", "0-1/2"), ("*", "*"), ("1/2-1/2", "1/2-1/2")]


@pytest.mark.parametrize(("number", "expected"), [
    (1, [("0-0", False), ("1-0", False), ("1-0", False)]),
    (2, [("1/2-0", False), ("0-0", False), ("0-1", False)]),
    (3, [("0-1/2", False), ("*", True), ("1/2-1/2", False)]),
])
def test_the_dgt_index_gives_the_result_and_calls_only_the_pending_game_live(section, number, expected):
    folder = section / "relay" / str(number) / "dgt"
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    assert [(p["result"], p["live"]) for p in index["pairings"]] == expected
    games = [json.loads((folder / f"game-{k}.json").read_text(encoding="utf-8")) for k in (1, 2, 3)]
    assert [g["result"] for g in games] == [result for result, _ in expected]


def _blocks(text: str) -> list[str]:
    """Each game's moves, as the PGN file writes them after its tags."""
    return [block.strip() for block in text.split("\n\n") if block.strip() and not block.startswith("[")]


@pytest.mark.parametrize(("number", "expected"), [
    (1, ["{Game not played: double forfeit} 0-0", "1-0", "{Game not played: forfeit} 1-0"]),
    (2, ["1/2-0", "0-0", "{Game not played: forfeit} 0-1"]),
])
def test_a_game_not_played_says_so_before_its_result(section, number, expected):
    """A forfeit's 1-0 and a double forfeit's 0-0 are told from a game won, and from a double loss,
    by a comment where the moves would be (PGN §5); a double loss (`0-0`) was played, and has none."""
    text = (section / "rounds" / f"{number:02d}.pgn").read_text(encoding="utf-8")
    assert _blocks(text) == expected
    assert "[Termination " not in text
    handle = io.StringIO(text)
    read = [chess.pgn.read_game(handle) for _ in expected]
    assert [game.comment for game in read if game is not None] == [
        block.partition("}")[0].lstrip("{") if block.startswith("{") else "" for block in expected]


@pytest.mark.parametrize(("number", "expected"), [
    (1, ["Game not played: double forfeit", None, "Game not played: forfeit"]),
    (2, [None, None, "Game not played: forfeit"]),
])
def test_the_dgt_game_file_of_a_game_not_played_carries_its_comment(section, number, expected):
    """DGT LiveChess's game file has a `comment` field (null where LiveChess has none): the same words."""
    folder = section / "relay" / str(number) / "dgt"
    games = [json.loads((folder / f"game-{k}.json").read_text(encoding="utf-8")) for k in (1, 2, 3)]
    assert [g.get("comment") for g in games] == expected
    assert all(g["moves"] == [] for g in games)
