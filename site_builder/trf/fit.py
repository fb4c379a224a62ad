"""What `export trf` writes into a fixed-width field must fit it whole: a value wider than its columns
is refused where the content gives it, never cut short, so that the export never writes what
`import trf` and `verify` refuse or read as other data (an id cut to 11 digits is another player's)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from site_builder.errors import Location, Problem
from site_builder.model import Player, Section, Team
from site_builder.trf.records import FIELDS


@dataclass(frozen=True)
class Field:
    """A fixed-width field of a TRF record: its record, columns (1-based, inclusive), its name in
    messages and the hint for a value too wide for it."""

    record: str
    first: int
    last: int
    what: str
    hint: str

    @property
    def width(self) -> int:
        return self.last - self.first + 1


def _player_field(name: str, what: str, hint: str) -> Field:
    return Field("001", *FIELDS[name], what, hint)


#: The fields of a player line the content fills, by the player field each is written from.
PLAYER_FIELDS: dict[str, Field] = {
    "number": _player_field("start_rank", "start rank", "number the players from 1 to 9999"),
    "title": _player_field("title", "title", "write FIDE's abbreviation of the title: GM, IM, WGM, FM …"),
    "rating": _player_field("rating", "rating", "write the player's rating, 4 digits at most"),
    "federation": _player_field("federation", "federation",
                                "write the federation's three-letter code: GER, CHN, USA …"),
    "fide_id": _player_field("fide_id", "FIDE id", "copy the player's FIDE id from ratings.fide.com"),
    "birth_date": _player_field("birth", "birth date", "write the birth date as YYYY/MM/DD"),
    "points": _player_field("points", "points", "TRF writes -9.5 to 99.5 points: a TRF file cannot "
                            "hold the scores of this section's scoring"),
    "rank": _player_field("rank", "rank", "TRF writes ranks 1 to 9999"),
}
#: The fields of a team record (310) the content fills.
TEAM_FIELDS: dict[str, Field] = {
    "number": Field("310", 5, 7, "team number", "number the teams from 1 to 999"),
    "name": Field("310", 9, 40, "team name", "shorten the team's name to 32 characters"),
    "match_points": Field("310", 55, 60, "match points", "TRF writes at most 9999.5 match points"),
    "game_points": Field("310", 62, 67, "game points", "TRF writes at most 9999.5 game points"),
    "rank": Field("310", 69, 71, "team rank", "TRF writes team ranks 1 to 999"),
}


def unfit(field: Field, text: str, whose: str, where: Location) -> Problem | None:
    """The problem of `text` (the value of `whose`) when it is wider than `field`, located `where`
    the content gives it; None when it fits."""
    if len(text) <= field.width:
        return None
    return Problem(where, f"the {field.what} of {whose}, {text!r}, is {len(text)} characters long: TRF's "
                   f"field (record {field.record}, columns {field.first}-{field.last}) holds {field.width}",
                   field.hint)


def player_values(player: Player, birth: str, points: str, rank: str) -> dict[str, str]:
    """What a player line writes into each field of `PLAYER_FIELDS`, by field (the name, cut to its
    field and carried whole in a `###` line, is not one of them: `trf/long_names.py`)."""
    return {"number": str(player.number), "title": player.title,
            "rating": "" if player.rating is None else str(player.rating),
            "federation": player.fields.get("federation", ""), "fide_id": player.fields.get("fide_id", ""),
            "birth_date": birth, "points": points, "rank": rank}


def unfit_player(section: Section, player: Player, values: dict[str, str]) -> list[Problem]:
    """The values of a player line (`player_values`) too wide for their fields, each at the player
    field it comes from (the birth date from `birth_year` when the list gives no `birth_date`)."""
    whose = f"player #{player.number}"
    found = []
    for key, text in values.items():
        source = "birth_year" if key == "birth_date" and "birth_date" not in player.fields else key
        where = player.at(source) or Location(Path(section.id))
        if (problem := unfit(PLAYER_FIELDS[key], text, whose, where)) is not None:
            found.append(problem)
    return found


def unfit_team(section: Section, team: Team, values: dict[str, str]) -> list[Problem]:
    """The values of a team record (by the keys of `TEAM_FIELDS`) too wide for their fields, at the
    team in the team list; the start ranks of its players are checked on their own lines."""
    where = team.loc or Location(Path(section.id))
    whose = f"team #{team.number}"
    found = (unfit(TEAM_FIELDS[key], text, whose, where) for key, text in values.items())
    return [problem for problem in found if problem is not None]
