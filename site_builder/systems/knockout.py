"""Knockout with tiebreak games (seed 004 二/三): matches of games, placed by the bracket."""

from __future__ import annotations

import dataclasses

from site_builder.engine.knockout import (
    KnockoutRound,
    Placing,
    main_players,
    match_result,
    placings,
    violations,
    went_on,
)
from site_builder.engine.league_event import qualifiers
from site_builder.engine.scoring import Records
from site_builder.errors import Problems
from site_builder.model import Event, Game, Match, Outcome, Round, Section
from site_builder.pairing import Note, Pairing, PairingSeedMissing
from site_builder.pairing.state import withdrawn
from site_builder.regulations import preset_for
from site_builder.systems.base import (
    Computed,
    Extra,
    NewDefaults,
    PairingRules,
    Ranking,
    System,
    refuse_late_entries,
    where,
)
from site_builder.systems.generated import Profile
from site_builder.systems.knockout_file import KNOCKOUT

#: Every player's place by the bracket, as far as it is decided.
PLACINGS = Extra("placings", lambda results: placings(results.section))


def _placing_of(results: Computed) -> dict[int, Placing]:
    return {p.player: p for p in results.extra(PLACINGS)}


#: The same by player.
PLACING_OF = Extra("placing_of", _placing_of)


def refuse_prizes(event: Event, section: Section, problems: Problems) -> None:
    """`prizes:` given to a knockout section is an error at that key: prizes are allocated by
    standings, and a knockout places its players by the bracket."""
    prizes = section.prizes
    if not (prizes.places or prizes.categories or prizes.levels or prizes.marks or prizes.grants):
        return
    locs = event.files.locs
    where = locs.get(f"prizes/{section.id}") or locs.get(f"system/{section.id}") or locs.get("event.yaml")
    if where is not None:
        problems.add(where, f"section {section.id!r} is a knockout section, which has no prize list: "
                     "prizes are allocated by standings, and a knockout places its players by the bracket",
                     "remove 'prizes:' from the section; its placing table gives the places")


def _went_on(results: Computed) -> dict[tuple[int, int], tuple[int, int] | None]:
    """(winner, loser) of each match of the section's rounds as the bracket was played on, by
    (round, board): `went_on`, which the placings follow too (None: not decided yet)."""
    section = results.section
    rounds = {rnd.number: rnd for rnd in section.rounds}
    return {(rnd.number, match.board): went_on(match, match_result(match, section.scoring),
                                               rounds.get(rnd.number + 1))
            for rnd in section.rounds for match in KnockoutRound.of(rnd).matches}


#: Who went on from each match, by (round, board).
WENT_ON = Extra("went_on", _went_on)


class Knockout(NewDefaults, System):
    generated = Profile(decisive=True, swiss=False)
    name = "knockout"
    new_note = "knockout with tiebreak games, drawn by 'bulletin pair'"
    pairing = PairingRules(keeps_apart=False, leaves_out=False, rematches=True, numbering="seeding")
    ranking = Ranking(ranked=False)
    extras = (PLACINGS, PLACING_OF, WENT_ON)
    page_set = "site_builder.views.knockout:PAGES"
    round_file = KNOCKOUT

    def default_rounds(self, players: int) -> int:
        """Enough rounds for one winner: ⌈log₂ n⌉.

        >>> Knockout().default_rounds(12), Knockout().default_rounds(16), Knockout().default_rounds(0)
        (4, 4, 7)
        """
        return (players - 1).bit_length() if players > 1 else 7

    def check(self, event: Event, section: Section, problems: Problems) -> None:
        """Rounds list matches, each match plays the games its regulation's chain allows, and the
        bracket is drawn for the players of round 1 (no late entry), a power of two: every round
        halves the field (seed 004 一.(三); the regulation gives no byes)."""
        refuse_late_entries(section, problems, "a knockout's bracket")
        refuse_prizes(event, section, problems)
        count = len(qualifiers(section))  # who no longer qualifies but played is no entrant
        if count > 1 and count & (count - 1) and section.players[0].loc is not None:
            below, above = 1 << (count.bit_length() - 1), 1 << count.bit_length()
            problems.add(section.players[0].loc, f"a knockout of {count} players: every round halves the "
                         "field, so it takes 2, 4, 8, 16 … players",
                         f"enter {below} or {above} players, or choose a Swiss system")
        rules = preset_for(event.regulation, event.game).knockout
        for rnd in section.rounds:
            if rnd.games:
                problems.add(rnd.games[0].loc or where(rnd), "a knockout round lists matches, not games",
                             "write 'matches:' with each match's games")
            field = main_players(rnd)
            for match in KnockoutRound.of(rnd).matches:
                chain = rules.chain(match.placement, field)
                for culprit, message, hint in violations(match, chain, section.scoring):
                    problems.add((culprit.loc if culprit else None) or match.loc or where(rnd), message, hint)

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.knockout import next_knockout_round

        if draw_seed is None:
            raise PairingSeedMissing("the knockout draw")
        pairing = next_knockout_round(section, draw_seed)
        playing = {n for p in pairing.pairs for n in (p.first, p.second)}
        gone = tuple(sorted(withdrawn(section, section.current_round) & playing))
        # a player who withdrew after winning a match loses the next one by forfeit, game by game
        return dataclasses.replace(pairing, notes=(*pairing.notes, Note("withdrawn", gone))) if gone \
            else pairing

    def provisional_round(self, pairing: Pairing) -> Round:
        matches = tuple(Match(p.board, (Game(p.board, p.first, p.second, Outcome.PENDING),
                                        Game(p.board, p.second, p.first, Outcome.PENDING)), p.placement)
                        for p in pairing.pairs)
        return Round(number=pairing.round, detail=KnockoutRound(matches))


SYSTEM = Knockout()
PLACE = 90  # its place in the list of systems (`SYSTEMS`, the documentation's order)
