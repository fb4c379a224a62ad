"""Shared builders for the engine tests: sections built directly from `site_builder.model`.

`make_section` (a fixture returning `build_section`) accepts a compact description of the rounds:

* a `Round` is used as it is;
* a list of game tuples `(first, second, result)` or `(first, second, result, GameKind)` is a round
  with those games (boards numbered 1, 2, … in order);
* a dict may add `byes`, `absent`, `withdrawn`, `penalties`, `warnings`, `ranking_order` and
  `number` to its `games`.

Results are the `Outcome` values: "1-0", "=", "0-1", "+-", "-+", "--", "?". Tiebreaks are given as
ids ("wins"), `(id, options)` pairs (("wins", {"bye": "none"})) or `Tiebreak` objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pytest

from site_builder.engine.scoring import records
from site_builder.engine.tiebreaks import TiebreakInput
from site_builder.model import Game, GameKind, Outcome, Player, Ranking, Round, Scoring, Section, Tiebreak

#: Seed 004 (xiangqi individual): win 2, draw 1, loss 0, bye 2 (common.md §2).
XIANGQI = Scoring()


def game(board: int, spec: Sequence) -> Game:
    first, second, result, *rest = spec
    kind = rest[0] if rest else GameKind.SLOW
    return Game(board, first, second, Outcome(result), kind)


def make_round(number: int, spec: Round | Mapping | Iterable) -> Round:
    if isinstance(spec, Round):
        return spec
    if not isinstance(spec, Mapping):
        spec = {"games": spec}
    return Round(
        number=spec.get("number", number),
        games=tuple(game(board, g) for board, g in enumerate(spec.get("games", ()), start=1)),
        byes=tuple(spec.get("byes", ())),
        absent=tuple(spec.get("absent", ())),
        withdrawn=tuple(spec.get("withdrawn", ())),
        penalties=dict(spec.get("penalties", {})),
        warnings=dict(spec.get("warnings", {})),
        ranking_order=tuple(spec.get("ranking_order", ())),
    )


def tiebreak(item: str | Tiebreak | tuple[str, Mapping]) -> Tiebreak:
    if isinstance(item, Tiebreak):
        return item
    if isinstance(item, tuple):
        return Tiebreak(item[0], dict(item[1]))
    return Tiebreak(item)


def build_section(players: int | Iterable[int], rounds: Iterable = (), *,
                  tiebreaks: Iterable = (), scoring: Scoring = XIANGQI, ties: str = "share",
                  section_id: str = "women", system: str = "swiss-positional",
                  rounds_planned: int | None = None) -> Section:
    """A section with players numbered as given (or 1..n) and the rounds described above."""
    numbers = range(1, players + 1) if isinstance(players, int) else list(players)
    built = tuple(make_round(index, spec) for index, spec in enumerate(rounds, start=1))
    return Section(
        id=section_id,
        name=section_id.title(),
        system=system,
        rounds_planned=rounds_planned if rounds_planned is not None else max(len(built), 1),
        scoring=scoring,
        tiebreaks=tuple(tiebreak(t) for t in tiebreaks),
        players=tuple(Player(n, f"Player {n}") for n in numbers),
        rounds=built,
        ranking=Ranking(ties=ties),
    )


def context(section: Section, upto: int | None = None, draw_seed: int | None = None) -> TiebreakInput:
    recs = records(section)
    return TiebreakInput(section, recs, recs.rounds if upto is None else upto, draw_seed)


@pytest.fixture
def make_section():
    """The `build_section` builder (see the module docstring)."""
    return build_section


@pytest.fixture
def make_context():
    """`make_context(section, upto=None, draw_seed=None)`: the tiebreak `TiebreakInput` after `upto`."""
    return context


# --------------------------------------------------------------------------------------------------
# The reference event used by the tiebreak and standings tests: 7 players, 4 rounds, 2/1/0, bye 2.
#
#   round 1: 1-5 1-0   2-6 =     3-7 0-1   bye 4
#   round 2: 4-1 =     7-2 1-0   6-3 0-1   bye 5
#   round 3: 7-1 0-1   3-4 =     5-2 1-0   bye 6
#   round 4: 3-1 1-0   7-4 0-1   6-5 =     bye 2
#
# Penalties: round 2 {3: 1}, round 4 {3: 1, 5: 1}.  Warnings: round 1 {1: 2}, round 3 {5: 1}.
# Totals after round 4: 1:5  2:3  3:5  4:6  5:5  6:4  7:4   (sum 32 = 4 rounds × (3 games × 2 + bye 2))
# --------------------------------------------------------------------------------------------------

REFERENCE_ROUNDS = (
    {"games": [(1, 5, "1-0"), (2, 6, "="), (3, 7, "0-1")], "byes": [4], "warnings": {1: 2}},
    {"games": [(4, 1, "="), (7, 2, "1-0"), (6, 3, "0-1")], "byes": [5], "penalties": {3: 1}},
    {"games": [(7, 1, "0-1"), (3, 4, "="), (5, 2, "1-0")], "byes": [6], "warnings": {5: 1}},
    {"games": [(3, 1, "1-0"), (7, 4, "0-1"), (6, 5, "=")], "byes": [2], "penalties": {3: 1, 5: 1}},
)


@pytest.fixture
def reference(make_section):
    """`reference(tiebreaks=(), **kwargs)`: the reference event above with the given chain."""

    def build(tiebreaks: Iterable = (), rounds: Iterable = REFERENCE_ROUNDS, **kwargs) -> Section:
        return make_section(7, list(rounds), tiebreaks=tiebreaks, **kwargs)

    return build


@pytest.fixture
def reference_rounds():
    """A fresh, editable copy of the reference event's round descriptions."""
    return [dict(r) for r in REFERENCE_ROUNDS]
