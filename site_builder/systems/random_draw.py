"""Rounds drawn by lot between players of different groups who have not met (seed 000 stage 2-B)."""

from __future__ import annotations

from site_builder.engine.league_event import stage_of
from site_builder.engine.scoring import Records
from site_builder.model import Event, Section
from site_builder.pairing import Pairing, PairingSeedMissing
from site_builder.systems.base import PairingRules, System, TrfNamed


class RandomDraw(TrfNamed, System):
    name = "random"
    pairing = PairingRules(reads_results=False)  # by lot among those who have not met: no result read

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        """`event` gives the groups of the stage before (the other sections of the event)."""
        from site_builder.pairing.lots import rng
        from site_builder.pairing.random_draw import random_round
        from site_builder.pairing.state import withdrawn

        if draw_seed is None:
            raise PairingSeedMissing("the random draw")
        before = stage_of(section).number - 1
        groups = [s for s in (event.sections if event else ()) if stage_of(s).number == before]
        group_of = {p.number: s.id for s in groups for p in s.players}
        met: dict[int, set[int]] = {}
        others = [s for s in (event.sections if event else ()) if s.id != section.id]
        for other in (*others, section):  # this section as it is to be paired (not the event's copy)
            for rnd in other.rounds:
                for g in rnd.games:
                    met.setdefault(g.first, set()).add(g.second)
                    met.setdefault(g.second, set()).add(g.first)
        for pair in apart:  # kept apart as if they had met
            a, b = sorted(pair)
            met.setdefault(a, set()).add(b)
            met.setdefault(b, set()).add(a)
        gone = withdrawn(section, section.current_round)  # never paired again after withdrawing
        players = [p.number for p in section.players if p.number not in left_out | gone]
        had_bye = {p for r in section.rounds for p in r.byes}
        draw = rng(draw_seed, section.id, "round", section.current_round + 1)
        return random_round(players, {p: group_of.get(p, "") for p in players}, met, draw,
                            section.current_round + 1, had_bye=had_bye)


SYSTEM = RandomDraw()
PLACE = 80  # its place in the list of systems (`SYSTEMS`, the documentation's order)
