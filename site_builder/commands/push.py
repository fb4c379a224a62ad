"""`bulletin push lichess ROUND_ID FEED`: a round's games posted to a lichess broadcast round
(its push endpoint, `POST /api/broadcast/round/{id}/push`, the PGN as the body, the token of the
environment's `LICHESS_TOKEN` as a bearer token), for a broadcast fed by CI after each build rather
than by lichess polling the site. lichess answers with each game it read, or why it did not.

FEED is a round's `relay/N/games.pgn`, or its folder `relay/N` (whose `games.pgn` is pushed, as
lichess itself reads a feed's folder). The push is sent to one address only: a redirect is
reported, not followed (urllib would send it on as a GET without its body).

`LICHESS_URL` names another lichess server (a test's, a mirror); the default is lichess.org.
Every refusal is one line with a hint, and nothing is sent until the round id, the token, the
server's address and the feed have been checked. A push that fails (`PushError`: the token or the
server's address unusable, no answer, an error answer, a redirect) is told apart from a command
line refused (`PushRefused`: the round id or the feed), which the command reports as every
command's refusals.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from site_builder.content.yamlsource import byte_location
from site_builder.games import pgn

LICHESS = "https://lichess.org"
#: A broadcast round's id on lichess: eight letters and digits.
ROUND_ID = re.compile(r"[A-Za-z0-9]{8}")
#: An API token as an HTTP header carries it: printable ASCII, no space.
TOKEN = re.compile(r"[!-~]+")
TIMEOUT = 30  # seconds: a round of many games is read before lichess answers
FEED = "games.pgn"  # a round's feed in its relay folder (views/relay.py)
FEED_HINT = "build the site first; a round's feed is output/EVENT/SECTION/relay/N/games.pgn"
REDIRECTS = (301, 302, 303, 307, 308)


class PushError(Exception):
    """A push that did not happen, said in one line with a hint."""


class PushRefused(PushError):
    """A push refused for what the command line gives (its round id, its feed), said in one line
    with a hint; nothing was sent."""


@dataclass(frozen=True)
class Pushed:
    """lichess's answer: each game it read (its White and Black and the moves it took) or why not."""

    games: list[tuple[str, int]]  # "White – Black", moves read
    errors: list[tuple[str, str]]  # "White – Black", why


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Leaves a redirect unfollowed, so that it reaches the caller as the HTTPError of its status."""

    def redirect_request(self, req: urllib.request.Request, fp: object, code: int, msg: str,
                         headers: object, newurl: str) -> None:
        """No new request: the push goes to the address given or nowhere."""
        return None


def push_lichess(round_id: str, feed: Path, token: str | None = None, server: str | None = None) -> Pushed:
    """Post the PGN file `feed` (or the games.pgn of the folder `feed`) to the lichess broadcast
    round `round_id`."""
    token = (token if token is not None else os.environ.get("LICHESS_TOKEN", "")).strip()
    server = _server(server or os.environ.get("LICHESS_URL") or LICHESS)
    if not ROUND_ID.fullmatch(round_id):
        raise PushRefused(f"{round_id!r} is not a lichess broadcast round id (hint: the round's eight "
                        "characters, as in lichess.org/broadcast/…/…/ROUND_ID)")
    if not token:
        raise PushError("LICHESS_TOKEN is not set (hint: a lichess API token with the study:write "
                        "scope, in CI a secret given to the job as LICHESS_TOKEN)")
    if not TOKEN.fullmatch(token):
        raise PushError("LICHESS_TOKEN holds a space, a line end or a letter that is not ASCII (hint: a "
                        "lichess API token is letters, digits and '_', as lip_…; copy it again)")
    return _post(server, round_id, _feed(feed), token)


def _server(given: str) -> str:
    """The lichess server `given` (LICHESS_URL) without its final slash, refused unless it is an
    http(s) address with a host and nothing after its path."""
    parts = urlsplit(given.strip())
    try:
        _ = parts.port  # a port that is not a number raises ValueError
        named = bool(parts.hostname)
    except ValueError:
        named = False
    if parts.scheme not in ("https", "http") or not named or parts.query or parts.fragment \
            or not given.isascii():
        raise PushError(f"LICHESS_URL {given!r} is not a server's address (hint: LICHESS_URL must start "
                        f"with https://, as {LICHESS} does, and name the server only)")
    return parts.geturl().rstrip("/")


def _feed(feed: Path) -> bytes:
    """The PGN to push: the file `feed`, or the games.pgn of the round folder `feed`; refused
    (`PushRefused`) when it cannot be read, is not UTF-8 or holds no game."""
    path = feed / FEED if feed.is_dir() else feed
    if feed.is_dir() and not path.is_file():
        raise PushRefused(f"{feed}: a folder without {FEED} (hint: {FEED_HINT})")
    try:
        body = path.read_bytes()
    except OSError as error:
        raise PushRefused(f"{path}: {error.strerror or error} (hint: {FEED_HINT})") from None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PushRefused(f"{byte_location(body, error.start, path)}: not UTF-8 text: byte "
                        f"0x{body[error.start]:02x} here is not UTF-8 (hint: lichess reads a PGN in "
                        "UTF-8; save the file as UTF-8, as bulletin build writes a feed)") from None
    if not any(game.tags or any(t.kind != "comment" for t in game.tokens) for game in pgn.games(text)):
        said = "no game to push: the file is empty" if not text.strip() else "no game to push: only comments"
        raise PushRefused(f"{path}:1:1: {said} (hint: {FEED_HINT}, written once the round is paired)")
    return body


def _post(server: str, round_id: str, body: bytes, token: str) -> Pushed:
    """POST `body` to the push endpoint of `round_id` on `server`, following no redirect; every
    failure a PushError of one line."""
    url = f"{server}/api/broadcast/round/{round_id}/push"
    request = urllib.request.Request(
        url, data=body, method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "text/plain; charset=utf-8"})
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=TIMEOUT) as answer:
            return _read(answer.read())
    except urllib.error.HTTPError as error:
        raise _refused(error, url, round_id, server) from None
    except (urllib.error.URLError, OSError) as error:
        reason = _brief(getattr(error, "reason", error))
        raise PushError(f"{server}: no answer ({reason}) (hint: check the network, or LICHESS_URL)") from None
    except (http.client.HTTPException, ValueError) as error:
        raise PushError(f"{server}: not an HTTP answer ({type(error).__name__}: {_brief(error)}) (hint: "
                        "check LICHESS_URL: it names a server that is not lichess)") from None


def _refused(error: urllib.error.HTTPError, url: str, round_id: str, server: str) -> PushError:
    """What an HTTP error answer to the push says: a redirect and where to, or lichess's reason."""
    if error.code in REDIRECTS:
        return _redirected(error, url, round_id, server)
    said = _said(error)
    hint = {401: "the token is not accepted: a lichess API token with the study:write scope",
            403: "the token's account is not a contributor of this broadcast",
            404: "no broadcast round has this id"}.get(error.code, "try again later")
    return PushError(f"lichess answered {error.code} {error.reason}{': ' + said if said else ''} "
                     f"(hint: {hint})")


def _redirected(error: urllib.error.HTTPError, url: str, round_id: str, server: str) -> PushError:
    """A redirect answer, not followed: where it leads and the LICHESS_URL that reaches it directly."""
    answered = f"lichess answered {error.code} {error.reason}"
    location = (error.headers.get("Location") or "").strip()
    if not location:
        return PushError(f"{answered}: a redirect that names no address (hint: check LICHESS_URL)")
    target = urljoin(url, location)
    parts = urlsplit(target)
    path = parts.path.rstrip("/")
    endpoint = f"/api/broadcast/round/{round_id}/push"
    base = parts._replace(path=path.removesuffix(endpoint), query="", fragment="").geturl()
    if parts.scheme in ("https", "http") and path.endswith(endpoint) and base != server:
        hint = f"set LICHESS_URL to {base}; a push is sent to one address only, never on to another"
    else:
        hint = "set LICHESS_URL to the lichess server's address; this one sends the push elsewhere"
    return PushError(f"{answered}: redirected to {target} (hint: {hint})")


def _read(body: bytes) -> Pushed:
    """lichess's answer `{"games": [{"tags": {…}, "moves": n} | {"tags": {…}, "error": "…"}]}`."""
    read, errors = [], []
    try:
        for game in json.loads(body)["games"]:
            tags = game.get("tags") or {}
            name = f"{tags.get('White', '?')} – {tags.get('Black', '?')}"
            if "error" in game:
                errors.append((name, _brief(game["error"])))
            else:
                read.append((name, int(game.get("moves", 0))))
    except (ValueError, KeyError, TypeError, AttributeError):
        raise PushError("lichess's answer is not the push endpoint's (hint: check LICHESS_URL)") from None
    return Pushed(read, errors)


def _said(error: urllib.error.HTTPError) -> str:
    """The error message of lichess's JSON error answer, else ""."""
    try:
        return _brief(json.loads(error.read()).get("error", ""))
    except (ValueError, AttributeError, OSError, http.client.HTTPException):
        return ""


def _brief(said: object) -> str:
    """What a server or library said, on one line and at most 200 characters."""
    return " ".join(str(said).split())[:200]
