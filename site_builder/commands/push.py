"""`bulletin push lichess ROUND_ID FEED.pgn`: a round's games posted to a lichess broadcast round
(its push endpoint, `POST /api/broadcast/round/{id}/push`, the PGN as the body, the token of the
environment's `LICHESS_TOKEN` as a bearer token), for a broadcast fed by CI after each build rather
than by lichess polling the site. lichess answers with each game it read, or why it did not.

`LICHESS_URL` names another lichess server (a test's, a mirror); the default is lichess.org.
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

LICHESS = "https://lichess.org"
#: A broadcast round's id on lichess: eight letters and digits.
ROUND_ID = re.compile(r"[A-Za-z0-9]{8}")
TIMEOUT = 30  # seconds: a round of many games is read before lichess answers


class PushError(Exception):
    """A push that did not happen, said in one line with a hint."""


@dataclass(frozen=True)
class Pushed:
    """lichess's answer: each game it read (its White and Black and the moves it took) or why not."""

    games: list[tuple[str, int]]  # "White – Black", moves read
    errors: list[tuple[str, str]]  # "White – Black", why


def push_lichess(round_id: str, feed: Path, token: str | None = None, server: str | None = None) -> Pushed:
    """Post the PGN file `feed` to the lichess broadcast round `round_id`."""
    token = token if token is not None else os.environ.get("LICHESS_TOKEN", "")
    server = (server or os.environ.get("LICHESS_URL") or LICHESS).rstrip("/")
    if not ROUND_ID.fullmatch(round_id):
        raise PushError(f"{round_id!r} is not a lichess broadcast round id (hint: the round's eight "
                        "characters, as in lichess.org/broadcast/…/…/ROUND_ID)")
    if not token:
        raise PushError("LICHESS_TOKEN is not set (hint: a lichess API token with the study:write "
                        "scope, in CI a secret given to the job as LICHESS_TOKEN)")
    try:
        body = feed.read_bytes()
    except OSError as error:
        raise PushError(f"{feed}: {error.strerror} (hint: build the site first; a round's feed is "
                        "output/EVENT/SECTION/relay/N/games.pgn)") from None
    request = urllib.request.Request(
        f"{server}/api/broadcast/round/{round_id}/push", data=body, method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "text/plain; charset=utf-8"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            return _read(answer.read())
    except urllib.error.HTTPError as error:
        said = _said(error.read())
        hint = {401: "the token is not accepted: a lichess API token with the study:write scope",
                403: "the token's account is not a contributor of this broadcast",
                404: "no broadcast round has this id"}.get(error.code, "try again later")
        raise PushError(f"lichess answered {error.code} {error.reason}{': ' + said if said else ''} "
                        f"(hint: {hint})") from None
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise PushError(f"{server}: no answer ({reason}) (hint: check the network, or LICHESS_URL)") from None


def _read(body: bytes) -> Pushed:
    """lichess's answer `{"games": [{"tags": {…}, "moves": n} | {"tags": {…}, "error": "…"}]}`."""
    try:
        games = json.loads(body)["games"]
    except (ValueError, KeyError, TypeError):
        raise PushError("lichess's answer is not the push endpoint's (hint: check LICHESS_URL)") from None
    read, errors = [], []
    for game in games:
        tags = game.get("tags") or {}
        name = f"{tags.get('White', '?')} – {tags.get('Black', '?')}"
        if "error" in game:
            errors.append((name, str(game["error"])))
        else:
            read.append((name, int(game.get("moves", 0))))
    return Pushed(read, errors)


def _said(body: bytes) -> str:
    """The error message of lichess's JSON error answer, else ""."""
    try:
        return str(json.loads(body).get("error", ""))[:200]
    except (ValueError, AttributeError):
        return ""
