"""Why a Dubov round has its pairs (the page "Why these pairings?"): the brackets as the round's
pairs make them (residents and upfloaters), each table's scores, ratings, AROs and colour
preferences with the article of C.04.4.1 §5.2 that gives the colours, and the bye."""

from __future__ import annotations

from dataclasses import dataclass

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing.breach import Breach
from site_builder.pairing.dubov.engine import colour_rule, players_of
from site_builder.pairing.dubov.from_section import entrants
from site_builder.pairing.dubov.players import Player, max_upfloats
from site_builder.pairing.dutch.from_section import first_colour
from site_builder.pairing.dutch.history import WHITE
from site_builder.pairing.paired_from import Kept


@dataclass(frozen=True)
class Seat:
    """A player as the round saw them."""

    number: int
    score: int  # pairing score (half points), virtual points included
    points: int  # real score (half points)
    rating: int
    aro: int
    preference: str  # WHITE or BLACK
    strength: str  # "mild", "strong", "absolute"
    difference: int  # colour difference
    repeated: bool  # the same colour in the last two games played
    upfloats: int
    maximum: bool  # a maximum upfloater (art. 1.8)


@dataclass(frozen=True)
class Bracket:
    score: int
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]


@dataclass(frozen=True)
class Table:
    board: int
    white: Seat
    black: Seat
    rule: str  # the article of §5.2 that gives the colours
    by_rule: bool  # False: the colours are not the rule's (set by hand)


@dataclass(frozen=True)
class RoundWhy:
    number: int
    accelerated: bool
    brackets: tuple[Bracket, ...]
    tables: tuple[Table, ...]
    bye: Seat | None
    left_out: tuple[int, ...]
    breaches: tuple[Breach, ...] = ()  # the criteria it breaks, as `bulletin verify` finds them
    kept: Kept | None = None  # kept as played after a correction before it (`pair --accept`)


def seat(p: Player, rounds: int) -> Seat:
    strength = ("mild", "strong", "absolute")[p.strength]
    difference = sum(1 if c == WHITE else -1 for c in p.colours)
    repeated = len(p.colours) > 1 and p.colours[-1] == p.colours[-2]
    return Seat(p.number, p.score, p.points, p.rating, p.aro, p.side, strength, difference, repeated,
                p.upfloats, p.upfloats >= max_upfloats(rounds))


def explain_round(section: Section, recs: Records, number: int) -> RoundWhy:
    """Round `number` of `section` read as the Dubov rules read it, from the rounds before it."""
    rnd = next(r for r in section.rounds if r.number == number)
    entered = entrants(section, recs, number - 1)
    paired = {p for g in rnd.games for p in (g.first, g.second)} | set(rnd.byes)
    players = {p.number: p for p in players_of(entered, {e.number for e in entered} - paired)}
    rounds = section.rounds_planned
    initial = first_colour(section, None)
    tables = []
    for game in sorted(rnd.games, key=lambda g: g.board):
        white, black = players[game.first], players[game.second]
        hi, lo = (white, black) if white.ranks_above(black) else (black, white)
        colour, rule = colour_rule(hi, lo, initial)
        tables.append(Table(game.board, seat(white, rounds), seat(black, rounds), rule,
                            (colour == WHITE) == (hi is white)))
    return RoundWhy(number, section.options.get("acceleration") == "baku",
                    brackets(players, [(g.first, g.second) for g in rnd.games]), tuple(tables),
                    seat(players[rnd.byes[0]], rounds) if rnd.byes else None,
                    tuple(sorted({e.number for e in entered} - paired)))


def brackets(players: dict[int, Player], pairs: list[tuple[int, int]]) -> tuple[Bracket, ...]:
    """The brackets from the top scoregroup down: its residents, and the players they meet from
    lower scoregroups (the upfloaters)."""
    mate = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    left = sorted(mate, key=lambda n: (-players[n].score, n))
    found = []
    while left:
        score = players[left[0]].score
        residents = [n for n in left if players[n].score == score]
        ups = sorted({mate[n] for n in residents} - set(residents), key=lambda n: (-players[n].score, n))
        found.append(Bracket(score, tuple(residents), tuple(ups)))
        done = set(residents) | set(ups)
        left = [n for n in left if n not in done]
    return tuple(found)
