"""The broadcast feed as lichess's broadcast relay reads it: a reader written from lichess's public
description of its source URLs (a URL template with `{}` for the round; one PGN at the URL or at
`URL/games.pgn`, else a DGT LiveChess `index.json` with `game-N.json` beside it; no redirect
followed, only a 200 answer taken), run over the built example site on a real HTTP server (which,
as static hosts do, answers a folder's address without its slash with a redirect).

It finds every game of every round of the chess examples, with both players' FIDE ids, through the
PGN feed and through the DGT feed alike."""

from __future__ import annotations

import io
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import chess.pgn
import pytest
import yaml

EXAMPLE = Path(__file__).resolve().parents[2] / "content"
#: The chess events of the examples and their section's folder on the site.
CHESS = {"2026-spring-open": "main", "2025-club-open": "open"}


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None  # a redirect is an answer other than 200: not followed


_OPENER = urllib.request.build_opener(_NoRedirect)


def fetch(url: str) -> str | None:
    """The body of a 200 answer; None for any other (a redirect included). (lichess waits about 5 s;
    the test waits longer, so that a loaded machine cannot fail it.)"""
    try:
        with _OPENER.open(url, timeout=120) as answer:
            return answer.read().decode("utf-8") if answer.status == 200 else None
    except (urllib.error.URLError, OSError):
        return None


def looks_like_pgn(body: str | None) -> bool:
    """The first game of `body` reads as PGN without an error and names both players."""
    if not body:
        return False
    game = chess.pgn.read_game(io.StringIO(body))
    return game is not None and not game.errors and "?" not in (game.headers["White"], game.headers["Black"])


def looks_like_json(body: str | None) -> bool:
    try:
        return body is not None and json.loads(body) is not None
    except ValueError:
        return False


def relay_games(template: str, round_number: int) -> list[dict[str, str]]:
    """The games a relay finds at `template` for round `round_number`, each as its PGN tags: the
    URL as one PGN, or `URL/games.pgn`; else a JSON index at the URL, `URL/round.json` or
    `URL/index.json`, with `game-1.json` (or `game-1.pgn`) beside it."""
    url = template.replace("{}", str(round_number))
    for candidate in [url, *([] if "games.pgn" in url.split("/") else [f"{url}/games.pgn"])]:
        if looks_like_pgn(body := fetch(candidate)):
            return [dict(game.headers) for game in _games(body or "")]
    for candidate in [url, *(f"{url}/{name}" for name in ("round.json", "index.json") if name not in url)]:
        if looks_like_json(body := fetch(candidate)):
            folder = candidate.rsplit("/", 1)[0] if candidate != url else url
            return _dgt_games(json.loads(body or "null"), folder)
    raise AssertionError(f"no games found at {url}")


def _games(text: str) -> Iterator[chess.pgn.Game]:
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        assert not game.errors, game.errors
        yield game


def _dgt_games(index: dict, folder: str) -> list[dict[str, str]]:
    """DGT's index: each pairing's players and result, and its game file's moves."""
    games = []
    for number, pairing in enumerate(index["pairings"], 1):
        body = fetch(f"{folder}/game-{number}.json")
        assert looks_like_json(body), f"{folder}/game-{number}.json"
        board = chess.Board()
        for move in json.loads(body or "null")["moves"]:
            san, _, clock = move.partition(" ")
            board.push_san(san)
            assert not clock or clock.isdigit()
        tags = {"Result": pairing["result"]}
        for side in ("white", "black"):
            player = pairing[side]
            tags[side.title()] = ", ".join(filter(None, (player["lname"], player["fname"])))
            if "fideid" in player:
                tags[f"{side.title()}FideId"] = str(player["fideid"])
        games.append(tags)
    return games


@pytest.fixture(scope="module")
def host(example_site: Path) -> Iterator[str]:
    """The built example site on a real HTTP server, as a static host serves it."""
    handler = partial(SimpleHTTPRequestHandler, directory=str(example_site))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


Names = dict[object, str]


def _round_files(event: str) -> Iterator[tuple[int, list[list[object]], Names, Names]]:
    """Each round of an example chess event: its number, its games, and the players' names and
    FIDE ids by how a round file names a player (number or name)."""
    root = EXAMPLE / event
    section = root if (root / "players.yaml").exists() else root / CHESS[event]
    players = yaml.safe_load((section / "players.yaml").read_text(encoding="utf-8"))["players"]
    names = {key: p["name"] for p in players for key in (p["number"], p["name"])}
    ids = {key: str(p["fide_id"]) for p in players for key in (p["number"], p["name"])}
    for path in sorted((section / "rounds").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if data.get("games"):
            yield data["round"], data["games"], names, ids


@pytest.mark.parametrize("event", sorted(CHESS))
@pytest.mark.parametrize("feed", ["{}", "{}/games.pgn", "{}/dgt"])
def test_a_relay_finds_every_game_of_every_round_with_fide_ids(host: str, event: str, feed: str) -> None:
    template = f"{host}/{event}/{CHESS[event]}/relay/{feed}"
    rounds = list(_round_files(event))
    assert rounds
    for number, games, names, ids in rounds:
        found = relay_games(template, number)
        assert len(found) == len(games), (event, number)
        for tags, (_, first, second, *_) in zip(found, games, strict=True):
            assert (tags["White"], tags["Black"]) == (names[first], names[second]), (event, number)
            assert (tags["WhiteFideId"], tags["BlackFideId"]) == (ids[first], ids[second]), (event, number)


def test_the_round_folder_without_its_slash_is_a_redirect_a_relay_does_not_follow(host: str) -> None:
    """So the PGN a relay takes for `…/relay/{}` is the folder's `games.pgn`, never a listing."""
    assert fetch(f"{host}/2026-spring-open/main/relay/1") is None
    assert looks_like_pgn(fetch(f"{host}/2026-spring-open/main/relay/1/games.pgn"))
    assert not looks_like_pgn(fetch(f"{host}/2026-spring-open/main/relay/1/dgt/index.json"))


def test_only_chess_has_a_relay_feed_and_a_xiangqi_pgn_names_its_game(example_site: Path) -> None:
    """lichess's and chess.com's broadcasts show chess only: a xiangqi section publishes its rounds'
    PGN (each game tagged `Game "Chinese Chess"`, as xiangqi programs write it, so that no reader
    takes it for chess) but no relay feed, and its downloads page offers none."""
    assert sorted(p.parts[0] for p in (p.relative_to(example_site) for p in example_site.glob("*/*/relay"))) \
        == sorted(CHESS)
    section = example_site / "2017-xiangqi-national" / "women"
    assert not (section / "relay").exists()
    pgn = (section / "rounds" / "01.pgn").read_text(encoding="utf-8")
    assert pgn.count('[Game "Chinese Chess"]') == pgn.count("[Event ") > 0
    downloads = (section / "downloads.html").read_text(encoding="utf-8")
    assert "relay/" not in downloads and "rounds/01.pgn" in downloads
    spring = (example_site / "2026-spring-open" / "main" / "rounds" / "01.pgn").read_text(encoding="utf-8")
    assert "[Game " not in spring
