"""`bulletin push lichess`, a client test: against a local HTTP server standing for lichess (its
address given as LICHESS_URL), the request is the one lichess documents for a broadcast round's
push endpoint (`POST /api/broadcast/round/{id}/push`, `Authorization: Bearer TOKEN`, the PGN as a
text/plain body), and each answer (games read, a game refused, the token refused, no server) is
said in one line (docs/commands.md, "bulletin push lichess"): a redirect reported and not followed,
a round's folder pushing its games.pgn, and whatever is wrong with LICHESS_URL, the token, the feed or
the answer said as one line with a hint, never a traceback."""

from __future__ import annotations

import json
import socketserver
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.cli import main

PGN = '[Event "Cup"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n'


class Lichess:
    """A stand-in for lichess's push endpoint: it keeps each request and answers as told."""

    def __init__(self) -> None:
        self.requests: list[dict[str, object]] = []
        self.status = 200
        self.answer: object = {"games": [{"tags": {"White": "A", "Black": "B"}, "moves": 2}]}
        self.headers: dict[str, str] = {}  # answered besides Content-Type and Content-Length

    def handler(self) -> type[BaseHTTPRequestHandler]:
        lichess = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                lichess.requests.append({"method": self.command, "path": self.path,
                                         "headers": dict(self.headers), "body": self.rfile.read(length)})
                body = json.dumps(lichess.answer).encode()
                self.send_response(lichess.status)
                for name, value in lichess.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST  # a redirect followed arrives as a GET

            def log_message(self, *args: object) -> None:
                pass

        return Handler


@pytest.fixture
def lichess() -> Iterator[tuple[Lichess, str]]:
    fake = Lichess()
    server = ThreadingHTTPServer(("127.0.0.1", 0), fake.handler())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield fake, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _push(tmp_path: Path, url: str, token: str = "lip_secret", round_id: str = "AbCd1234",
          body: bytes = PGN.encode(), feed: Path | None = None) -> tuple[int, str]:
    """Run `bulletin push lichess` on `feed` (default: tmp_path/games.pgn, holding `body`)."""
    if feed is None:
        feed = tmp_path / "games.pgn"
        feed.write_bytes(body)
    result = CliRunner().invoke(main, ["push", "lichess", round_id, str(feed)],
                                env={"LICHESS_URL": url, "LICHESS_TOKEN": token})
    return result.exit_code, result.output


def test_the_round_is_posted_as_lichess_documents_its_push_endpoint(tmp_path: Path, lichess) -> None:
    fake, url = lichess
    code, said = _push(tmp_path, url)
    assert code == 0, said
    assert said == "pushed 1 games (2 moves) to lichess round AbCd1234\n"
    (request,) = fake.requests
    assert request["path"] == "/api/broadcast/round/AbCd1234/push"
    headers = request["headers"]
    assert isinstance(headers, dict)
    assert headers["Authorization"] == "Bearer lip_secret"
    assert headers["Content-Type"].startswith("text/plain")
    assert request["body"] == PGN.encode()


def test_a_game_lichess_does_not_read_is_named(tmp_path: Path, lichess) -> None:
    fake, url = lichess
    fake.answer = {"games": [{"tags": {"White": "A", "Black": "B"}, "error": "Invalid move: Nxe5"}]}
    code, said = _push(tmp_path, url)
    assert code == 1
    assert "error: lichess did not read A – B: Invalid move: Nxe5" in said


def test_a_refused_token_is_one_line_with_a_hint(tmp_path: Path, lichess) -> None:
    fake, url = lichess
    fake.status, fake.answer = 401, {"error": "No such token"}
    code, said = _push(tmp_path, url)
    assert code == 1
    assert said.strip().splitlines() == [
        "error: lichess answered 401 Unauthorized: No such token (hint: the token is not accepted: a lichess "
        "API token with the study:write scope)"]


def test_nothing_is_sent_without_a_token_or_with_a_wrong_round_id(tmp_path: Path, lichess) -> None:
    fake, url = lichess
    code, said = _push(tmp_path, url, token="")
    assert code == 1 and said.startswith("error: LICHESS_TOKEN is not set (hint: ")
    code, said = _push(tmp_path, url, round_id="round-1")
    assert code == 2 and "is not a lichess broadcast round id" in said
    assert fake.requests == []


def test_no_server_is_one_line(tmp_path: Path) -> None:
    code, said = _push(tmp_path, "http://127.0.0.1:9")
    assert code == 1 and said.startswith("error: http://127.0.0.1:9: no answer (") and said.count("\n") == 1


def _one_line(said: str) -> str:
    """The single error line of a refused push (a traceback or a second line fails the test)."""
    (line,) = said.strip().splitlines()
    return line


@pytest.mark.parametrize("given", ["lichess.org", "www.lichess.org/", "ftp://lichess.org",
                                   "http://127.0.0.1:port", "https://lichess.org/?x=1"])
def test_a_lichess_url_that_is_not_a_servers_address_is_one_line(tmp_path: Path, given: str) -> None:
    """LICHESS_URL without https:// (a bare host name) was a traceback (`unknown url type`)."""
    code, said = _push(tmp_path, given)
    assert code == 1
    assert _one_line(said) == (f"error: LICHESS_URL {given!r} is not a server's address (hint: "
                               "LICHESS_URL must start with https://, as https://lichess.org does, and name "
                               "the server only)")


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_said_and_not_followed(tmp_path: Path, lichess, status: int) -> None:
    """A redirect is not followed (urllib would send the push on as a GET without its body, and
    report what the new address says of a GET); the one line names where it leads and the
    LICHESS_URL that reaches it (docs/commands.md)."""
    fake, url = lichess
    fake.status, fake.headers = status, {"Location": "/moved/api/broadcast/round/AbCd1234/push"}
    code, said = _push(tmp_path, url)
    assert code == 1
    sent = [(r["method"], r["path"]) for r in fake.requests]
    assert sent == [("POST", "/api/broadcast/round/AbCd1234/push")]
    reason = {301: "Moved Permanently", 302: "Found", 303: "See Other", 307: "Temporary Redirect",
              308: "Permanent Redirect"}[status]
    assert _one_line(said) == (f"error: lichess answered {status} {reason}: redirected to "
                               f"{url}/moved/api/broadcast/round/AbCd1234/push (hint: set LICHESS_URL to "
                               f"{url}/moved; a push is sent to one address only, never on to another)")


def test_a_redirect_to_another_server_a_page_or_nowhere_says_so(tmp_path: Path, lichess) -> None:
    fake, url = lichess
    fake.status, fake.headers = 301, {"Location": "https://lichess.example/api/broadcast/round/AbCd1234/push"}
    code, said = _push(tmp_path, url)
    assert code == 1 and _one_line(said) == (
        "error: lichess answered 301 Moved Permanently: redirected to https://lichess.example/api/broadcast/"
        "round/AbCd1234/push (hint: set LICHESS_URL to https://lichess.example; a push is sent to one "
        "address only, never on to another)")
    fake.status, fake.headers = 302, {"Location": f"{url}/login"}
    code, said = _push(tmp_path, url)
    assert code == 1 and _one_line(said) == (
        f"error: lichess answered 302 Found: redirected to {url}/login (hint: set LICHESS_URL to the "
        "lichess server's address; this one sends the push elsewhere)")
    fake.headers = {}
    code, said = _push(tmp_path, url)
    assert code == 1 and _one_line(said) == (
        "error: lichess answered 302 Found: a redirect that names no address (hint: check LICHESS_URL)")
    assert [r["method"] for r in fake.requests] == ["POST", "POST", "POST"]


def test_a_round_folder_pushes_its_games_pgn(tmp_path: Path, lichess) -> None:
    """A round's folder, `relay/N` as a relay's URL template names it (docs/deploy.md), pushes its
    games.pgn, as lichess reads a folder's feed; it was refused as `Is a directory`."""
    fake, url = lichess
    folder = tmp_path / "relay" / "1"
    folder.mkdir(parents=True)
    (folder / "games.pgn").write_text(PGN, encoding="utf-8")
    code, said = _push(tmp_path, url, feed=folder)
    assert code == 0, said
    assert [r["body"] for r in fake.requests] == [PGN.encode()]
    code, said = _push(tmp_path, url, feed=tmp_path / "relay")
    assert code == 2
    assert _one_line(said) == (f"error: {tmp_path / 'relay'}: a folder without games.pgn (hint: build the "
                               "site first; a round's feed is output/EVENT/SECTION/relay/N/games.pgn)")
    assert len(fake.requests) == 1


@pytest.mark.parametrize(("body", "where", "message"), [
    (b"", "1:1", "no game to push: the file is empty"),
    (b"\n  \n", "1:1", "no game to push: the file is empty"),
    (b"; a comment line\n{only a comment}\n", "1:1", "no game to push: only comments"),
    ('[White "M\u00fcller"]\n\n1. e4 *\n'.encode("latin-1"), "1:10",
     "not UTF-8 text: byte 0xfc here is not UTF-8"),
])
def test_a_feed_that_is_empty_gameless_or_not_utf8_is_refused_before_sending(
        tmp_path: Path, lichess, body: bytes, where: str, message: str) -> None:
    """lichess reads a PGN in UTF-8 (the request says `charset=utf-8`); a file that is not, or holds
    no game, is refused at its place and nothing is sent."""
    fake, url = lichess
    code, said = _push(tmp_path, url, body=body)
    assert code == 2
    assert _one_line(said).startswith(f"error: {tmp_path / 'games.pgn'}:{where}: {message} (hint: ")
    assert fake.requests == []


@pytest.mark.parametrize("token", ["lip_\u00e9\u20ac", "lip_a\nb", "lip a"])
def test_a_token_no_header_can_carry_is_one_line(tmp_path: Path, lichess, token: str) -> None:
    """A token with a character HTTP headers do not carry was a traceback (UnicodeEncodeError,
    `Invalid header value`)."""
    fake, url = lichess
    code, said = _push(tmp_path, url, token=token)
    assert code == 1
    assert _one_line(said).startswith(
        "error: LICHESS_TOKEN holds a space, a line end or a letter that is not ASCII (hint: ")
    assert fake.requests == []


def test_a_token_read_with_its_final_newline_is_sent_without_it(tmp_path: Path, lichess) -> None:
    fake, url = lichess
    code, said = _push(tmp_path, url, token="lip_secret\n")
    assert code == 0, said
    headers = fake.requests[0]["headers"]
    assert isinstance(headers, dict) and headers["Authorization"] == "Bearer lip_secret"


@pytest.mark.parametrize("answer", [{"games": 3}, {"games": [1]}, {"games": [{"tags": ["A"]}]},
                                    {"games": [{"moves": "many"}]}])
def test_an_answer_not_shaped_as_the_push_endpoints_is_one_line(tmp_path: Path, lichess,
                                                                  answer: object) -> None:
    fake, url = lichess
    fake.answer = answer
    code, said = _push(tmp_path, url)
    assert code == 1
    assert _one_line(said) == "error: lichess's answer is not the push endpoint's (hint: check LICHESS_URL)"


class _NotHttp(socketserver.StreamRequestHandler):
    """A server that reads the request and answers something that is not HTTP."""

    def handle(self) -> None:
        length = 0
        while (line := self.rfile.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        self.rfile.read(length)
        self.wfile.write(b"SSH-2.0-OpenSSH_9.2\r\n")


def test_a_server_that_does_not_speak_http_is_one_line(tmp_path: Path) -> None:
    """An answer that is not HTTP (LICHESS_URL naming another service's port) was a traceback
    (http.client.BadStatusLine)."""
    with socketserver.TCPServer(("127.0.0.1", 0), _NotHttp) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            code, said = _push(tmp_path, url)
        finally:
            server.shutdown()
    assert code == 1
    assert _one_line(said).startswith(f"error: {url}: not an HTTP answer (BadStatusLine: ")


def test_a_failed_push_exits_1_as_its_help_says_and_a_refused_command_line_2(tmp_path: Path, lichess) -> None:
    """The help's exit status (docs/commands.md, "bulletin push lichess"): 1 when the push fails (a
    server error, an answer that is not JSON, as every failure above), 2 only when the command line
    is refused (ROUND_ID, FEED), as every command's refusals (docs/commands.md, "Errors")."""
    fake, url = lichess
    fake.status, fake.answer = 500, {"error": "Internal error"}
    code, said = _push(tmp_path, url)
    assert code == 1 and _one_line(said) == (
        "error: lichess answered 500 Internal Server Error: Internal error (hint: try again later)")
    fake.status, fake.answer = 200, "pushed"
    assert _push(tmp_path, url)[0] == 1
    assert _push(tmp_path, url, feed=tmp_path / "missing.pgn")[0] == 2
    help_text = " ".join(CliRunner().invoke(main, ["push", "lichess", "--help"]).output.split())
    assert ("Exit status 1 when the push fails (no usable LICHESS_TOKEN or LICHESS_URL, no answer, an "
            "error answer, a redirect) or a game is not read; 2, as for every command's refusals, when "
            "ROUND_ID or FEED is refused") in help_text
