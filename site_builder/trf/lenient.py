"""What other programs write differently from TRF16, read where the meaning is unambiguous, each with
a located warning that says how it was read (`bulletin import trf --strict` makes them errors):

- lichess: an absence as a blank opponent with result ``-`` (``0000 - Z`` in TRF16), the round after
  the last one as ``0000   -`` (an absence entered ahead), a game in progress with result ``Z``;
- Swiss-Chess: a bye as ``0000 - +`` and a dummy player line named "spielfrei" that the bye is paired
  against, a forfeit with colour ``-`` on both lines;
- Swiss-Manager: column rulers between the records.

What stays ambiguous (a game with colour ``-`` and a played result, an unknown code) is an error.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path

from site_builder.errors import Location, Problems
from site_builder.trf.records import Cell, PlayerLine

#: Names of the dummy player some programs pair the bye against ("spielfrei": German for "bye").
DUMMY_NAMES = frozenset({"spielfrei", "bye", "freilos"})
_RULER = re.compile(r"[\s\d=\-+|.:_*#]*")


def is_ruler(line: str) -> bool:
    """A column ruler rather than a record: TRF16's template line (``DDD SSSS sTTT NNNN…``) or a line
    of digits and rule characters only, as Swiss-Manager writes above the player lines.

    >>> is_ruler("DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF"), is_ruler("    1    1    2")
    (True, True)
    >>> is_ruler("012 Open"), is_ruler("XXR 9"), is_ruler("")
    (False, False, False)
    """
    return line.startswith("DDD ") or (bool(line.strip()) and not re.match(r"[0-9A-Z]{3}( |$)", line)
                                       and bool(_RULER.fullmatch(line)))


def cell_variant(opponent: str, colour: str, code: str, where: str,
                 note: Callable[[int, str], None]) -> tuple[str, str, str]:
    """A cell's (opponent, colour, code) in TRF16 terms; `note(offset, text)` records a reading."""
    unpaired = not opponent.strip("0")  # blank, or 0000 written with fewer zeros ("   0")
    if unpaired and code == "-":
        written = f"'{opponent}'" if opponent else "a blank opponent"
        note(7, f"{where}: an absence written as {written} with result '-' (as lichess writes it), "
                "read as 0000 - Z: absent, zero points")
        return "", "-", "Z"
    if unpaired and code == "+":
        note(7, f"{where}: a bye written as '0000 {colour.strip() or ' '} +' (as Swiss-Chess writes it), "
                "read as 0000 - U: a bye given by the pairing")
        return "", "-", "U"
    if not unpaired and code == "Z":
        note(7, f"{where}: a game with result Z (lichess: still being played), read as not played yet")
        return opponent, colour, ""
    return opponent, colour, code


def colour_forfeits(players: list[PlayerLine], shown: Path, notes: Problems) -> list[PlayerLine]:
    """Forfeits written with colour ``-`` on both lines (Swiss-Chess): the lower start rank is taken as
    white, which changes nothing (a forfeit counts for neither player's colours, C.04.1)."""
    by_rank = {p.start_rank: p for p in players}
    changed: dict[int, dict[int, Cell]] = {}
    for player in players:
        for index, cell in enumerate(player.rounds):
            if cell.opponent is None or cell.colour != "-" or cell.opponent not in by_rank:
                continue
            other = by_rank[cell.opponent]
            theirs = other.rounds[index] if index < len(other.rounds) else None
            if theirs is None or theirs.colour != "-" or player.start_rank > other.start_rank:
                continue
            if {cell.result, theirs.result} - {"+", "-"}:
                continue  # a played game without colours: left to the checks, which refuse it
            changed.setdefault(player.start_rank, {})[index] = dataclasses.replace(cell, colour="w")
            changed.setdefault(other.start_rank, {})[index] = dataclasses.replace(theirs, colour="b")
            notes.add(Location(shown, player.line, cell.column + 5),
                      f"round {index + 1}: a forfeit between #{player.start_rank} and #{other.start_rank} "
                      "without colours (as Swiss-Chess writes it), read with "
                      f"#{player.start_rank} as white", "a forfeit counts for neither player's colours")
    return [dataclasses.replace(p, rounds=tuple(changed[p.start_rank].get(i, c)
                                                for i, c in enumerate(p.rounds)))
            if p.start_rank in changed else p for p in players]


def drop_dummies(players: list[PlayerLine], shown: Path, notes: Problems) -> list[PlayerLine]:
    """Without the dummy player lines named "spielfrei" (or "bye"): a game against the dummy is a bye
    (won: pairing-allocated, U; lost: absent, Z)."""
    dummies = {p.start_rank: p for p in players if p.name.strip().lower() in DUMMY_NAMES}
    if not dummies:
        return players
    for dummy in dummies.values():
        notes.add(Location(shown, dummy.line, 15), f"player line #{dummy.start_rank} {dummy.name!r} is the "
                  "dummy the byes are paired against (as Swiss-Chess writes it): left out, its games read "
                  "as byes", "remove the line if it is a real player's")
    kept = []
    for player in players:
        if player.start_rank in dummies:
            continue
        rounds = tuple(Cell(None, "-", "U" if cell.result in ("+", "1", "U") else "Z", cell.column)
                       if cell.opponent in dummies else cell for cell in player.rounds)
        kept.append(dataclasses.replace(player, rounds=rounds) if rounds != player.rounds else player)
    return kept
