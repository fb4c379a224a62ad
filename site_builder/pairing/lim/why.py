"""Why a Lim round has its pairs (the page "Why these pairings?"): its scoregroups in the order of
art. 2.2 with the players floated into and out of each, the bye, each table's scores and the rule
of art. 5 that gives its colours, and whether the engine pairs the same."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing.breach import Breach
from site_builder.pairing.dutch.from_section import first_colour
from site_builder.pairing.lim.colours import colour_rule
from site_builder.pairing.lim.players import Player
from site_builder.pairing.paired_from import Kept


@dataclass(frozen=True)
class GroupWhy:
    """A scoregroup in the order it is paired: its score (half points), direction, own players,
    the floaters that came into it and those that floated on from it."""

    score: int
    down: bool
    players: tuple[int, ...]
    came: tuple[int, ...]
    left: tuple[int, ...]


@dataclass(frozen=True)
class TableWhy:
    """A table: its board, White and Black with their pairing scores (half points), the rule of
    art. 5 that gives the colours and whether they are its colours, whether the engine pairs it."""

    board: int
    white: int
    black: int
    white_score: int
    black_score: int
    rule: str
    by_rule: bool
    as_engine: bool


@dataclass(frozen=True)
class LimWhy:
    """Why round `number` has its pairs."""

    number: int
    groups: tuple[GroupWhy, ...]
    tables: tuple[TableWhy, ...]
    bye: int | None
    bye_score: int
    accelerated: bool
    engine_found: bool
    left_out: tuple[int, ...] = ()
    breaches: tuple[Breach, ...] = ()  # the criteria it breaks, as `bulletin verify` finds them
    kept: Kept | None = None  # kept as played after a correction before it (`pair --accept`)


def round_why(section: Section, recs: Records, number: int) -> LimWhy:
    """Why round `number` of `section` has its pairs, read from the rounds before it."""
    from site_builder.pairing.lim.engine import NoPairing, pair_round  # imported when computed only
    from site_builder.pairing.lim.from_section import players_before

    rnd = next(r for r in section.rounds if r.number == number)
    pairs = tuple((g.first, g.second) for g in sorted(rnd.games, key=lambda g: g.board))
    paired = {p for pair in pairs for p in pair} | set(rnd.byes)
    everyone = players_before(section, recs, number - 1, set())
    players = [p for p in everyone if p.number in paired]
    colour = first_colour(section, None) if section.rounds[0].games else "W"
    try:
        engine = {frozenset(pair) for pair in pair_round(players, number, colour).pairs}
        found = True
    except NoPairing:
        engine, found = set(), False
    bye = rnd.byes[0] if rnd.byes else None
    by_number = {p.number: p for p in players}
    tables = tuple(_table(board, (by_number[w], by_number[b]), players, number, colour,
                          frozenset((w, b)) in engine) for board, (w, b) in enumerate(pairs, 1))
    return LimWhy(number, _groups([p for p in players if p.number != bye], pairs, number), tables, bye,
                  by_number[bye].score if bye else 0, section.options.get("acceleration") == "baku", found,
                  tuple(sorted(p.number for p in everyone if p.number not in paired)))


def _table(board: int, pair: tuple[Player, Player], players: Sequence[Player], number: int, colour: str,
           as_engine: bool) -> TableWhy:
    white, black = pair
    higher, lower = sorted(pair, key=lambda p: (-p.score, p.number))
    rank = sorted(p.number for p in players).index(higher.number)
    above = max(white.score, black.score) >= number - 1
    given, rule = colour_rule(higher, lower, number, above, colour, rank)
    return TableWhy(board, white.number, black.number, white.score, black.score, rule,
                    given == (white.number, black.number), as_engine)


def _groups(players: Sequence[Player], pairs: Sequence[tuple[int, int]], number: int) -> tuple[GroupWhy, ...]:
    """The scoregroups in the order of art. 2.2, with the floats the round's pairs make."""
    partner = {a: b for w, k in pairs for a, b in ((w, k), (k, w))}
    median = number - 1
    scores = sorted({p.score for p in players})
    order = [(s, True) for s in reversed(scores) if s > median] + [(s, False) for s in scores if s < median]
    order.append((median, True))
    carried: dict[bool, list[int]] = {True: [], False: []}
    out = []
    for index, (score, down) in enumerate(order):
        last = index == len(order) - 1
        came = carried[True] + carried[False] if last else carried[down]
        own = [p.number for p in players if p.score == score]
        inside = set(came) | set(own)
        left = [n for n in [*came, *own] if partner.get(n) not in inside]
        carried[down] = left
        if own or came:
            out.append(GroupWhy(score, down, tuple(own), tuple(came), tuple(left)))
    return tuple(out)
