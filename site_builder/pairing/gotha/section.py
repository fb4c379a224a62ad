"""A go section paired by OpenGotha's engine (`site_builder.pairing.gotha`): the section as a
`GothaEvent` (its players, games and byes through `engine.go_section`, the players left out of the
next round absent from it) and the engine's `RoundPairing` back as a `Pairing`: a table is a board,
Black the first player, White the second, each pair with its handicap.
Imported when pairing or explaining a round only: its engine loads numpy."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from site_builder.engine.go_scores import GeneralParameters
from site_builder.engine.go_section import byes, go_game, go_inputs, key, komi_of, number
from site_builder.model import Section
from site_builder.pairing import Pair, Pairing, PairingError
from site_builder.pairing.apart import apart_rules
from site_builder.pairing.compare import compare
from site_builder.pairing.gotha.event import GothaEvent
from site_builder.pairing.gotha.parameters import GothaParameters, HandicapParameters
from site_builder.pairing.gotha.round import RoundPairing, pair_round
from site_builder.pairing.gotha.settings import apply, split_version
from site_builder.pairing.gotha.why import RoundWhy, explain_round
from site_builder.pairing.state import withdrawn


def defaults(mcmahon: bool, rounds: int) -> GothaParameters:
    """OpenGotha's default McMahon or Swiss parameter sets for `rounds` rounds."""
    return GothaParameters.mcmahon(rounds) if mcmahon else GothaParameters.swiss(rounds)


def parameters(mcmahon: bool, general: GeneralParameters, handicap: tuple[bool, int, int, int],
               pairing: Mapping[str, object] | None = None) -> GothaParameters:
    """OpenGotha's McMahon or Swiss parameter sets with a section's general parameters, its
    handicap settings (based on MMS, no handicap from this rank, correction, ceiling) and its
    `pairing:` settings (by name: `pairing.gotha.settings`), the OpenGotha version whose rules pair
    it among them."""
    base = defaults(mcmahon, general.rounds)
    values, rules = split_version(pairing or {})
    return dataclasses.replace(base, general=general, handicap=HandicapParameters(*handicap),
                               pairing=apply(base.pairing, values), rules=rules)


def gotha_event(section: Section, params: GothaParameters, left_out: frozenset[int] = frozenset(),
                number_: int | None = None, apart: frozenset[frozenset[int]] = frozenset()) -> GothaEvent:
    """The section as OpenGotha pairs round `number_` (the next by default): the players `left_out`
    are absent from it, as are the players withdrawn in the rounds before it; the pairs kept `apart`
    in it (`pairing.apart.kept_apart`) weigh as rematches."""
    upcoming = section.current_round + 1 if number_ is None else number_
    away = set(left_out) | withdrawn(section, upcoming - 1)
    players, games, byes = go_inputs(section, upcoming - 1, {upcoming: away})
    keys = frozenset(frozenset(key(n) for n in pair) for pair in apart)
    return GothaEvent(players, games, byes, params, apart=keys)


def as_pairing(section: Section, paired: RoundPairing, round_number: int) -> Pairing:
    """The engine's round as the content's pairing: boards by table, Black first."""
    pairs = tuple(sorted((Pair(g.table, number(g.black), number(g.white), handicap=g.handicap)
                          for g in paired.games), key=lambda p: p.board))
    return Pairing(round_number, pairs, (number(paired.bye),) if paired.bye is not None else ())


def go_round(section: Section, params: GothaParameters, left_out: frozenset[int] = frozenset(),
             apart: frozenset[frozenset[int]] = frozenset()) -> Pairing:
    """The next round of `section` as OpenGotha pairs it, the players `left_out` absent and the pairs
    kept `apart` weighed as rematches, the players withdrawn before it left out (raises
    `PairingError` with fewer than two players to pair)."""
    upcoming = section.current_round + 1
    event = gotha_event(section, params, left_out, upcoming, apart)
    present = [p for p in event.players if upcoming not in p.absent]
    if len(present) < 2:
        raise PairingError(f"round {upcoming} has {len(present)} player(s) to pair")
    return as_pairing(section, pair_round(event, upcoming), upcoming)



def round_why(section: Section, params: GothaParameters, number_: int) -> RoundWhy:
    """Why round `number_` of `section` has its pairs: the engine's weights of the round as it was
    paired (the rounds before it, the players it leaves out absent from it, as `bulletin pair` pairs
    it), its games and bye, how it differs from the engine's pairing (`pairing.compare`), and the pairs
    kept apart in it, each with its rule (`pairing.apart.apart_rules`)."""
    rnd = next(r for r in section.rounds if r.number == number_)
    before = dataclasses.replace(section, rounds=tuple(r for r in section.rounds if r.number < number_))
    rules = apart_rules(section, number_)
    event = gotha_event(before, params, frozenset((*rnd.absent, *rnd.half_byes, *rnd.full_byes)), number_,
                        frozenset(rules))
    engine = pair_round(event, number_)
    given = byes(rnd)
    return explain_round(event, number_, [go_game(number_, g) for g in rnd.games],
                         key(given[0]) if given else None, engine,
                         compare(rnd, as_pairing(section, engine, number_), komi_of(section)),
                         {frozenset(key(n) for n in pair): rule for pair, rule in rules.items()})
