"""Why a FIDE Dutch round has its pairs (C.04.3): its scoregroups and who floated, for each table the
two players' pairing scores, colour preferences and the rule of §5.2 that gave the colours, and for
each player the nearest other opponents, each with the first criterion on which the round would be
worse (or better) with that opponent (`quality.Judge`, as `deciding_criterion` reads it).

An other opponent is a swap of partners: the player meets `opponent`, their two partners meet each
other (or the player's partner takes the bye when `opponent` had it). The candidates are the players
nearest in pairing score, then in pairing number: `NEAREST` per player, so a round of 400 players
judges 2,400 swaps, each by its four pairs. The bye is explained the same way: the nearest other
players given the bye instead, each taking the bye's place against their opponent.

A round whose pairs or bye differ from the engine's (changed by hand) keeps the engine's pairing and
the criterion that tells the two apart."""

from __future__ import annotations

from dataclasses import dataclass

from site_builder.pairing.dutch.colours import colour_rule
from site_builder.pairing.dutch.history import WHITE, Entrant, State
from site_builder.pairing.dutch.quality import Criterion, Judge, Pairs, first_difference
from site_builder.pairing.paired_from import Kept

NEAREST = 3  # other opponents judged per player


@dataclass(frozen=True)
class Seat:
    """One player as the round was paired: scores in half points (the pairing score with the Baku
    virtual points), the colour preference (W, B or None) and its strength, and the colour difference
    (whites − blacks of played games)."""

    number: int
    score: int
    pairing_score: int
    preference: str | None
    strength: str  # "absolute", "strong", "mild" or "" (no preference)
    colour_difference: int
    repeated: str | None = None  # the colour of the last two games played, when equal (absolute)


@dataclass(frozen=True)
class Swap:
    """`player` meets `opponent` instead of `partner`; `other` (the opponent's partner) meets `partner`,
    or `partner` takes the bye when `opponent` had it (`other` None). `criterion` is the first on which
    that round differs from the round as paired, `worse` whether the swap is the worse one; `met` the
    pair of the swap that had met before (what C1 is worse on), if one had."""

    player: int
    opponent: int
    partner: int
    other: int | None
    criterion: str
    worse: bool
    met: tuple[int, int] | None = None


@dataclass(frozen=True)
class ByeSwap:
    """`given` takes the bye instead, its bye's player meeting `opponent` (the one `given` met):
    `criterion` is the first on which that round differs from the round as paired; `met` the pair that
    had met before, if it had."""

    given: int
    opponent: int
    criterion: str
    worse: bool
    met: tuple[int, int] | None = None


@dataclass(frozen=True)
class TableWhy:
    """A table: White, Black, the rule of §5.2 that gives these colours (`colour_rule`), whether the
    colours are that rule's, whether the engine pairs them so, and each player's other opponents."""

    board: int
    white: Seat
    black: Seat
    rule: str  # "5.2.1", "5.2.2-absolute", "5.2.2-wider", "5.2.2-strong", "5.2.3" … "5.2.5"
    colours_by_rule: bool
    met: bool  # they had met before (C1)
    as_engine: bool
    alternatives: tuple[Swap, ...]  # White's, then Black's


@dataclass(frozen=True)
class Group:
    """A scoregroup (pairing score, half points): its players, those paired below it (floated down)
    and those paired above it (floated up), in pairing-number order."""

    score: int
    players: tuple[int, ...]
    down: tuple[int, ...]
    up: tuple[int, ...]


@dataclass(frozen=True)
class RoundWhy:
    """Why round `number` has its pairs."""

    number: int
    groups: tuple[Group, ...]
    tables: tuple[TableWhy, ...]
    bye: Seat | None
    bye_alternatives: tuple[ByeSwap, ...]  # the nearest others given the bye instead
    accelerated: bool  # some pairing scores hold virtual points (C.04.7)
    engine_pairs: Pairs | None  # the engine's pairing (None: it found none)
    engine_bye: int | None
    changed: Criterion | None  # the round differs from the engine's: the criterion that tells them apart
    left_out: tuple[int, ...] = ()  # the players the round does not pair (a requested bye, absent)
    kept: Kept | None = None  # kept as played after a correction before it (`pair --accept`)


def explain_round(entrants: list[Entrant], absent: set[int], total_rounds: int, first_colour: str,
                  apart: frozenset[frozenset[int]], number: int, pairs: Pairs, bye: int | None) -> RoundWhy:
    """Why round `number` (the `entrants` with its rounds before, the `absent` left out) has `pairs`
    (White, Black, in board order) and `bye`."""
    from site_builder.pairing.dutch.engine import NoPairing, pair_round  # imported when computed only

    try:
        engine = pair_round(entrants, absent, total_rounds, first_colour, apart)
        engine_pairs: Pairs | None = engine.pairs
        engine_bye = engine.bye
    except NoPairing:
        engine_pairs, engine_bye = None, None
    judge = Judge(entrants, absent, total_rounds)
    seats = {n: _seat(s) for n, s in judge.states.items()}
    partner = {a: b for w, k in pairs for a, b in ((w, k), (k, w))}
    base = judge.tally(pairs)
    here = judge.profile(base, bye)
    paired = [n for n in partner if n in judge.states] + ([bye] if bye in judge.states else [])
    order = sorted(paired, key=lambda n: (-judge.states[n].score, judge.states[n].rank))
    position = {n: i for i, n in enumerate(order)}

    def judged(out: Pairs, into: Pairs, new_bye: int | None) -> tuple[str, bool]:
        """The first criterion on which the round with `into` for `out` differs, and whether it is worse."""
        tally = base - judge.tally(out) + judge.tally(into)
        decided = first_difference(judge.profile(tally, new_bye), here) or Criterion("4", "published")
        return decided.code, decided.worse == "published"

    def met(*pairs: tuple[int, int]) -> tuple[int, int] | None:
        """The first of `pairs` whose players had met before."""
        return next((pair for pair in pairs if pair[1] in judge.states[pair[0]].forbidden), None)

    def swaps(player: int, mine: int) -> tuple[Swap, ...]:
        found = []
        for q in _nearest(judge, order, position, player, {mine}):
            theirs = partner.get(q)
            if theirs is None:  # q had the bye: `mine` takes it
                verdict = judged(((player, mine),), ((player, q),), mine)
            else:
                verdict = judged(((player, mine), (q, theirs)), ((player, q), (mine, theirs)), bye)
            again = met((player, q), *(((mine, theirs),) if theirs is not None else ()))
            found.append(Swap(player, q, mine, theirs, *verdict, again))
        return tuple(found)

    engine_made = set(engine_pairs or ())
    tables = []
    for board, (white, black) in enumerate(pairs, 1):
        if white not in judge.states or black not in judge.states:
            continue
        w, b = judge.states[white], judge.states[black]
        colour, rule = colour_rule(w, b, first_colour)
        tables.append(TableWhy(
            board, seats[white], seats[black], rule, colour == WHITE, black in w.forbidden,
            (white, black) in engine_made,
            swaps(white, black) + swaps(black, white)))
    bye_alternatives: tuple[ByeSwap, ...] = ()
    if bye is not None and bye in judge.states:
        bye_alternatives = tuple(
            ByeSwap(q, partner[q], *judged(((q, partner[q]),), ((bye, partner[q]),), q),
                    met((bye, partner[q])))
            for q in _nearest(judge, order, position, bye, set()))
    changed = None
    if engine_pairs is not None and (set(pairs) != engine_made or bye != engine_bye):
        changed = judge.decide((pairs, bye), (engine_pairs, engine_bye))
    return RoundWhy(number, _groups(judge, order, partner), tuple(tables),
                    seats.get(bye) if bye is not None else None, bye_alternatives,
                    any(s.pairing_score != s.score for s in seats.values()),
                    engine_pairs, engine_bye, changed, tuple(sorted(absent)))


def _seat(state: State) -> Seat:
    strength = ("absolute" if state.absolute else "strong" if state.strong else "mild") \
        if state.preference else ""
    whites = sum(g.played and g.colour == WHITE for g in state.entrant.history)
    return Seat(state.number, state.entrant.score, state.score, state.preference, strength,
                2 * whites - state.played_games, state.repeated)


def _nearest(judge: Judge, order: list[int], position: dict[int, int], player: int, besides: set[int]
             ) -> list[int]:
    """The `NEAREST` other players of the round nearest `player`: in pairing score, then in order
    (by score, then pairing number)."""
    at = position[player]
    own = judge.states[player].score
    candidates = [n for n in order[max(0, at - 4 * NEAREST):at + 4 * NEAREST + 1]
                  if n != player and n not in besides]
    candidates.sort(key=lambda n: (abs(judge.states[n].score - own), abs(position[n] - at), position[n]))
    return candidates[:NEAREST]


def _groups(judge: Judge, order: list[int], partner: dict[int, int]) -> tuple[Group, ...]:
    """The scoregroups of the players paired (and the bye), highest first."""
    score_of = {n: judge.states[n].score for n in order}
    opponent = {n: score_of.get(partner.get(n, n), score_of[n]) for n in order}  # the bye: its own
    groups = []
    for score in sorted(set(score_of.values()), reverse=True):
        members = tuple(n for n in order if score_of[n] == score)  # `order`: by score, then rank
        down = tuple(n for n in members if opponent[n] < score)
        up = tuple(n for n in members if opponent[n] > score)
        groups.append(Group(score, members, down, up))
    return tuple(groups)
