"""Why a Double-Swiss round has its pairs, from the rules (`checker`): for game 1 of a match, its
brackets (the residents' score and the upfloaters they took), the pairing-allocated bye, each
table's scores and the rule of art. 4.3 that gave its colours; for game 2, that it repeats game 1
with the colours reversed. What the checker finds of the round (`breaches`) the system's extra adds,
as `bulletin verify` reads it (`systems.fide_swiss.explained`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from site_builder.engine.scoring import records
from site_builder.model import Game, Section
from site_builder.pairing import Pair, Pairing
from site_builder.pairing.breach import Breach
from site_builder.pairing.double_swiss.checker import (
    Seat,
    initial_colour,
    left_out,
    seats_before,
    white_by_rule,
)
from site_builder.pairing.paired_from import Kept


@dataclass(frozen=True)
class Bracket:
    score: int  # the residents' score, in half points
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]


@dataclass(frozen=True)
class Table:
    board: int
    white: int  # White in game 1 (game 2: in this game)
    black: int
    scores: tuple[int, int]  # pairing scores before the match, in half points
    rule: str  # the article of art. 4.3 that gave the colours ("0": game 2, reversed)
    by_rule: bool = True  # False: White is not the player that article gives it (set by hand)


@dataclass(frozen=True)
class MatchWhy:
    number: int  # the round
    brackets: tuple[Bracket, ...]
    bye: int | None
    bye_score: int | None
    tables: tuple[Table, ...]
    left_out: tuple[int, ...]
    breaches: tuple[Breach, ...] = ()  # the criteria it breaks, as `bulletin verify` finds them
    kept: Kept | None = None  # kept as played after a correction before it (`pair --accept`)

    @property
    def match(self) -> int:
        return (self.number + 1) // 2

    @property
    def game(self) -> int:
        return 2 - self.number % 2


def round_why(section: Section, number: int) -> MatchWhy:
    """Why round `number` of `section` has its pairs."""
    rnd = next(r for r in section.rounds if r.number == number)
    before = dataclasses.replace(section, rounds=(*(r for r in section.rounds if r.number < number),
                                                  rnd.unpaired()))
    recs = records(before)
    published = Pairing(number, tuple(Pair(g.board, g.first, g.second) for g in rnd.games), rnd.byes)
    done = (number - 1) // 2
    seats = seats_before(before, recs, done, left_out(before, number - 1 if number % 2 == 0 else number))
    left = tuple(sorted({*rnd.absent, *rnd.half_byes, *rnd.full_byes}))
    games = sorted(rnd.games, key=lambda g: g.board)
    if number % 2 == 0:
        tables = tuple(Table(g.board, g.first, g.second, _scores(seats, g), "0") for g in games)
        return MatchWhy(number, (), None, None, tables, ())
    initial = initial_colour(before, published)
    tables = tuple(Table(g.board, g.first, g.second, _scores(seats, g), *_rule(seats, g, initial))
                   for g in games)
    bye = rnd.byes[0] if rnd.byes else None
    bye_score = _score(seats, bye) if bye else None
    return MatchWhy(number, _brackets(seats, games), bye, bye_score, tables, left)


def _score(seats: dict[int, Seat], player: int) -> int:
    return seats[player].score if player in seats else 0


def _scores(seats: dict[int, Seat], game: Game) -> tuple[int, int]:
    return _score(seats, game.first), _score(seats, game.second)


def _rule(seats: dict[int, Seat], game: Game, initial: str | None) -> tuple[str, bool]:
    """The article of art. 4.3 that decides the pair's colours ("" for a player not to pair), and
    whether White is the player it gives White (or it gives it to neither by number)."""
    if game.first not in seats or game.second not in seats:
        return "", True
    rule, white = white_by_rule(seats[game.first], seats[game.second], initial)
    return rule, white in (None, game.first)


def _brackets(seats: dict[int, Seat], games: list[Game]) -> tuple[Bracket, ...]:
    """The brackets from the top: each scoregroup of the players left and the lower players its
    residents meet."""
    mate = {g.first: g.second for g in games} | {g.second: g.first for g in games}
    left = sorted(n for n in mate if n in seats)
    out = []
    while left:
        top = max(seats[n].score for n in left)
        residents = [n for n in left if seats[n].score == top]
        ups = sorted(mate[n] for n in residents if mate[n] in seats and seats[mate[n]].score < top)
        out.append(Bracket(top, tuple(residents), tuple(ups)))
        done = set(residents) | set(ups)
        left = [n for n in left if n not in done]
    return tuple(out)
