"""Why a Burstein round has its pairs (C.04.4.2), read off the round as published: each bracket's
players in the order of art. 1.8 (their Index) with those who floated out of it, each table's scores
and the article of 5.2 that gave its colours, and the bye. A seeding round is the Dutch system's
(art. 1.6.1): it is said so, without brackets."""

from __future__ import annotations

from dataclasses import dataclass

from site_builder.pairing.breach import Breach
from site_builder.pairing.burstein.colours import colour_rule
from site_builder.pairing.burstein.engine import NoPairing, Player, pair_round, players_of
from site_builder.pairing.burstein.index import seeding_rounds
from site_builder.pairing.dutch.history import WHITE, Entrant
from site_builder.pairing.paired_from import Kept


@dataclass(frozen=True)
class SeatWhy:
    """A player as the round's explanation shows them (scores in half points)."""

    number: int
    pairing_score: int  # virtual points included
    score: int
    buchholz: int  # half points
    sonneborn: int  # half points times half points


@dataclass(frozen=True)
class BracketWhy:
    score: int  # the resident players' pairing score
    players: tuple[int, ...]  # by BSN (art. 4.1: the order of art. 1.8)
    floated: tuple[int, ...]  # paired in a lower bracket


@dataclass(frozen=True)
class TableWhy:
    board: int
    white: int
    black: int
    rule: str  # the article of 5.2 that gives the colours ("5.2.1" … "5.2.5")
    by_rule: bool = True  # False: the colours are not that article's (set by hand)
    as_engine: bool = True  # False: the engine does not pair these two (set by hand)


@dataclass(frozen=True)
class RoundWhy:
    number: int
    seeding: bool
    accelerated: bool
    seats: dict[int, SeatWhy]
    brackets: tuple[BracketWhy, ...]
    tables: tuple[TableWhy, ...]
    bye: int | None
    left_out: tuple[int, ...]
    breaches: tuple[Breach, ...] = ()  # the criteria it breaks, as `bulletin verify` finds them
    kept: Kept | None = None  # kept as played after a correction before it (`pair --accept`)
    engine_found: bool = True  # False: the engine finds no pairing of the round


def explain_round(entrants: list[Entrant], absent: set[int], total_rounds: int, first_colour: str,
                  number: int, pairs: tuple[tuple[int, int], ...], bye: int | None,
                  apart: frozenset[frozenset[int]] = frozenset()) -> RoundWhy:
    """Round `number`, paired `pairs` ((white, black) by board) and `bye`, explained, each table
    compared with the engine's pairing of the round (the pairs of `apart` kept apart)."""
    players = players_of(entrants, absent)
    by_number = {p.number: p for p in players}
    seats = {p.number: SeatWhy(p.number, p.score, p.state.entrant.score, p.index.buchholz,
                               p.index.sonneborn_berger) for p in players}
    seeding = number <= seeding_rounds(total_rounds)
    engine = _engine_pairs(entrants, absent, total_rounds, first_colour, apart)
    tables = tuple(TableWhy(board, w, b, *_rule(by_number[w], by_number[b], first_colour),
                            engine is None or frozenset((w, b)) in engine)
                   for board, (w, b) in enumerate(pairs, 1))
    brackets = () if seeding else _brackets(players, pairs, bye)
    accelerated = any(p.score != p.state.entrant.score for p in players)
    return RoundWhy(number, seeding, accelerated, seats, brackets, tables, bye, tuple(sorted(absent)),
                    engine_found=engine is not None)


def _engine_pairs(entrants: list[Entrant], absent: set[int], total_rounds: int, first_colour: str,
                  apart: frozenset[frozenset[int]]) -> set[frozenset[int]] | None:
    """The engine's pairs of the round, colours aside (None: it finds no pairing)."""
    try:
        found = pair_round(entrants, absent, total_rounds, first_colour, apart)
    except NoPairing:
        return None
    return {frozenset(pair) for pair in found.pairs}


def _rule(white: Player, black: Player, first_colour: str) -> tuple[str, bool]:
    """The article of 5.2 that gives the pair's colours, and whether White has the colour it gives."""
    colour, rule = colour_rule(white.state, black.state, white.key < black.key, first_colour)
    return rule, colour == WHITE


def _brackets(players: list[Player], pairs: tuple[tuple[int, int], ...], bye: int | None
              ) -> tuple[BracketWhy, ...]:
    """The brackets from the top, read off the pairs: a bracket's player paired lower floats."""
    mate = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    score = {p.number: p.score for p in players}
    key = {p.number: p.key for p in players}
    remaining = [p.number for p in players if p.number != bye and p.number in mate]
    floaters: list[int] = []
    found = []
    while remaining:
        top = max((score[n] for n in remaining if n not in floaters), default=None)
        if top is None:
            break
        members = floaters + [n for n in remaining if score[n] == top and n not in floaters]
        paired = {n for n in members if mate[n] in members}
        floaters = [n for n in members if n not in paired]
        found.append(BracketWhy(top, tuple(sorted(members, key=lambda n: key[n])), tuple(floaters)))
        remaining = [n for n in remaining if n not in paired]
    return tuple(found)
