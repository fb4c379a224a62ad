"""A strict reader of the EGF's h9 results table, written from the EGF's description
(http://gemma.ujf.cas.cz/~cieply/GO/format.html, "Tournament table format"): ISO-8859-15 text; from a
`;` on a line is a comment; one line per player: place, name, grade, country, club, criteria, then one
entry per round, `<opponent's place><+|-|=>[/<b|w>[<h>]]` or `0+`, `0-`, `0=` for a round not played
(with `!` after the sign for a game not rated, as the EGD marks them), the same number of rounds on
every line. It checks what a rating program relies on: places 1…n once each, every game seen from
both sides with the other result and colour and the same handicap, and the header's class and dates."""

from __future__ import annotations

import re
from dataclasses import dataclass

_GRADE = re.compile(r"\d{1,2}[kdp]")
_COUNTRY = re.compile(r"[A-Z]{2}")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_CELL = re.compile(r"(?P<opponent>\d+)(?P<sign>[+\-=])(?P<unrated>!)?(?:/(?P<colour>[bw])(?P<handicap>\d)?)?")
_HEADER = re.compile(r";\s*(?P<tag>[A-Z]{2})\[(?P<value>[^\]]*)\]")
_OTHER = {"+": "-", "-": "+", "=": "="}


class H9Error(ValueError):
    """The table breaks the format (line number and reason)."""


@dataclass(frozen=True)
class H9Player:
    place: int
    name: str
    grade: str
    country: str
    club: str
    criteria: tuple[str, ...]
    cells: tuple[str, ...]
    pin: str


@dataclass(frozen=True)
class H9Table:
    header: dict[str, str]
    players: tuple[H9Player, ...]


def read_h9(data: bytes) -> H9Table:
    """The table `data` holds, or `H9Error` at its first break of the format."""
    text = data.decode("iso-8859-15")
    header: dict[str, str] = {}
    players: list[H9Player] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if "\r" in line:
            raise H9Error(f"line {number}: a carriage return")
        body, _, comment = line.partition(";")
        if (tag := _HEADER.match(";" + comment)) and not body.strip():
            header[tag["tag"]] = tag["value"]
        if body.strip():
            players.append(_player(body, number))
    _check_header(header)
    _check_players(players)
    return H9Table(header, tuple(players))


def _player(body: str, number: int) -> H9Player:
    main, bar, pin = body.partition("|")
    if bar and not re.fullmatch(r"\d{8}\s*", pin):
        raise H9Error(f"line {number}: {pin!r} after | is not an EGD PIN")
    tokens = main.split()
    if not tokens or not tokens[0].isdigit():
        raise H9Error(f"line {number}: a player's line starts with the place")
    at = next((i for i in range(2, len(tokens) - 2)
               if _GRADE.fullmatch(tokens[i]) and _COUNTRY.fullmatch(tokens[i + 1])), None)
    if at is None:
        raise H9Error(f"line {number}: no grade and country after the name")
    rest = tokens[at + 3:]
    criteria = []
    while rest and _NUMBER.fullmatch(rest[0]):
        criteria.append(rest.pop(0))
    for cell in rest:
        if not (_CELL.fullmatch(cell)):
            raise H9Error(f"line {number}: {cell!r} is not a round's entry")
    return H9Player(int(tokens[0]), " ".join(tokens[1:at]), tokens[at], tokens[at + 1], tokens[at + 2],
                    tuple(criteria), tuple(rest), pin.strip())


def _check_header(header: dict[str, str]) -> None:
    if header.get("CL") not in ("A", "B", "C", "D", "X"):
        raise H9Error(f"the class CL[{header.get('CL')}] is not A, B, C, D (or X: not classified)")
    if not header.get("EV"):
        raise H9Error("no event name EV[…]")
    if not re.fullmatch(r"\d{4}-\d\d-\d\d(,\d{4}-\d\d-\d\d)?", header.get("DT", "")):
        raise H9Error(f"the dates DT[{header.get('DT')}] are not yyyy-mm-dd[,yyyy-mm-dd]")


def _check_players(players: list[H9Player]) -> None:
    if sorted(p.place for p in players) != list(range(1, len(players) + 1)):
        raise H9Error("the places are not 1 … n, once each")
    rounds = {len(p.cells) for p in players}
    if len(rounds) > 1:
        raise H9Error(f"the players have different numbers of rounds: {sorted(rounds)}")
    by_place = {p.place: p for p in players}
    for player in players:
        for index, cell in enumerate(player.cells):
            match = _CELL.fullmatch(cell)
            assert match is not None
            opponent = int(match["opponent"])
            if opponent == 0:
                if match["colour"] or match["unrated"]:
                    raise H9Error(f"place {player.place}, round {index + 1}: {cell!r}: a round not played "
                                  "has no colour")
                continue
            if opponent not in by_place or opponent == player.place:
                raise H9Error(f"place {player.place}, round {index + 1}: no opponent at place {opponent}")
            other = _CELL.fullmatch(by_place[opponent].cells[index])
            assert other is not None
            expected = (str(player.place), _OTHER[match["sign"]], match["unrated"],
                        {"b": "w", "w": "b", None: None}[match["colour"]], match["handicap"])
            if (other["opponent"], other["sign"], other["unrated"], other["colour"], other["handicap"]) \
                    != expected:
                raise H9Error(f"places {player.place} and {opponent}, round {index + 1}: {cell!r} and "
                              f"{other.group()!r} are not the two sides of one game")
