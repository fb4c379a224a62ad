"""The EGD's rating list as text (`allworld_lp`, and the national lists, from the European Go
Database's downloads: https://www.europeangodatabase.eu/EGD/EGF_rating_system.php): one player a
line, in columns: PIN (8 digits), surname and given name, country (2 letters), club (up to 4
characters), grade, declared grade (or `--`), GoR, number of tournaments and last tournament's code.
Lines that do not start with a PIN (the header, blank lines) are skipped; a line that starts with one
but does not read as a player is refused at its place.

The EGD writes "Surname Given" in one column: the first word is taken as the surname
("Abad Jahin" → "Abad, Jahin"), which a surname of several words needs corrected by hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from site_builder.games.go_ranks import RankError, parse_rank

_PIN_LINE = re.compile(r"\s*\d{8}\s")
_LINE = re.compile(r"\s*(?P<pin>\d{8})\s+(?P<name>\S.*?)\s+(?P<country>[A-Z]{2})(?:\s+(?P<club>\S{1,4}))??"
                   r"\s+(?P<grade>\d{1,2}[kdpKDP])\s+(?:\d{1,2}[kdpKDP]|--)\s+(?P<gor>-?\d+)\s+\d+\s+\S+\s*")


class ListLineError(ValueError):
    """A line of the list that is not a player's (its message is located: `path:line:column: …`)."""


@dataclass(frozen=True)
class EgdPlayer:
    name: str  # "Surname, Given"
    egd_pin: str
    country: str
    club: str
    rank: str
    rating: int
    line: int = 0  # where the player's name is in the list
    column: int = 0


def is_egd_list(first_lines: list[str]) -> bool:
    """Whether a text is the EGD's list, by its first lines: the header names `Pin_Player`, or a line
    reads as one of its players."""
    return any(_LINE.fullmatch(line) or "pin_player" in line.lower() for line in first_lines)


def egd_players(text: str, path: Path) -> Iterator[EgdPlayer]:
    """The players of the EGD list `text` (read from `path`, shown in errors)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not _PIN_LINE.match(line):
            continue
        match = _LINE.fullmatch(line)
        if match is None:
            column = len(line) - len(line.lstrip()) + 1
            raise ListLineError(f"{path}:{number}:{column}: not a line of the EGD's rating list (hint: a "
                                "line reads PIN, surname and given name, country, club, grade, declared "
                                "grade or --, GoR, tournaments and the last tournament's code)")
        try:
            rank = str(parse_rank(match["grade"]))
        except RankError as error:
            raise ListLineError(f"{path}:{number}:{match.start('grade') + 1}: {error} "
                                "(hint: the EGD writes grades 30k–1k, 1d–9d, 1p–9p)") from None
        surname, _, given = match["name"].partition(" ")
        name = f"{surname}, {' '.join(given.split())}" if given.strip() else surname
        yield EgdPlayer(name, match["pin"], match["country"], match["club"] or "", rank, int(match["gor"]),
                        number, match.start("name") + 1)
