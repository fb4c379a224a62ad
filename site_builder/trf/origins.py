"""Where in a TRF file a problem of the content written from it stands: `import trf` and `verify
FILE.trf` load the files `to_content` writes before anything is kept, and what the loader refuses
there is said at the record it came from — a player's line (at the round's cell, in a round file),
a team's 310 record — never in a file that was not written. A line no record gives (event.yaml's
settings) is said at the file's first line."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from site_builder.errors import Location, Problem
from site_builder.trf.records import TrfFile
from site_builder.trf.team_content import references
from site_builder.trf.to_content import player_references

_ROUND_FILE = re.compile(r"(?:^|/)rounds/(\d+)\.yaml$")
#: A line of the same file a loader's message names (`first on line 3`, `as on line 2`).
_LINE_REF = re.compile(r"\bline (\d+)\b")


def in_trf(problem: Problem, trf: TrfFile, files: Mapping[str, str], folder: Path) -> Problem:
    """`problem`, found in `folder` (the content `files` written from `trf`), located in the TRF file
    at the record its line came from, and the line of its file its message names (`first on line
    3`) the TRF line of that one's record; a problem elsewhere as it is."""
    try:
        relative = problem.location.path.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return problem
    lines = files.get(relative, "").splitlines()

    def record(number: int) -> tuple[int, int]:
        return record_of(trf, relative, number, lines[number - 1] if 1 <= number <= len(lines) else "")

    message = _LINE_REF.sub(lambda m: f"line {record(int(m[1]))[0]}", problem.message)
    return Problem(Location(trf.path, *record(problem.location.line)), message, problem.hint)


def record_of(trf: TrfFile, relative: str, number: int, text: str) -> tuple[int, int]:
    """The TRF line and column that line `number` (its `text`) of the content file `relative` was
    written from: teams.yaml's and players.yaml's entries one a line (by team number, start rank),
    a round file's first player or team named on the line; else the file's first line."""
    if relative.endswith("teams.yaml") and trf.teams is not None and 2 <= number <= len(trf.teams.teams) + 1:
        return trf.teams.teams[number - 2].line, 1
    players = sorted(trf.players, key=lambda p: p.start_rank)
    if relative == "players.yaml" and 2 <= number <= len(players) + 1:
        return players[number - 2].line, 1
    match = _ROUND_FILE.search(relative)
    if match:
        return _round_record(trf, int(match[1]), text)
    return 1, 1


def _round_record(trf: TrfFile, round_number: int, text: str) -> tuple[int, int]:
    """The record of the first player (their line, at the round's cell) or team (its 310) that a
    round file's line names; the file's first line when it names none."""
    import yaml  # as the content loader imports it: only when needed

    try:
        value = yaml.safe_load(text.strip())
    except yaml.YAMLError:
        return 1, 1
    refs = references(trf.players, trf.teams) if trf.teams is not None else player_references(trf.players)
    by_ref: dict[Any, int] = {}
    for rank, ref in refs.items():
        by_ref.setdefault(yaml.safe_load(ref), rank)
    lines = {p.start_rank: p for p in trf.players}
    teams = {t.name: t.line for t in trf.teams.teams} if trf.teams is not None else {}
    for scalar in _named(value):
        if isinstance(scalar, str) and scalar in teams:
            return teams[scalar], 1
        if scalar in by_ref:
            player = lines[by_ref[scalar]]
            cells = player.rounds
            return player.line, cells[round_number - 1].column if round_number <= len(cells) else 1
    return 1, 1


def _named(value: object) -> Iterator[object]:
    """The scalars of a round file's line in their order, without a game's board number (an
    individual game's `[board, white, black, result]` or `{board: …}`)."""
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], list) and len(value[0]) == 4:
        value = value[0][1:]
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "board":
                yield key
                yield from _named(item)
    elif isinstance(value, list):
        for item in value:
            yield from _named(item)
    else:
        yield value
