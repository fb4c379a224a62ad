"""The Chinese Swiss by score groups with positional pairing (seed 004; rules/common.md §5)."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Event, Section
from site_builder.pairing import Pairing, PairingSeedMissing
from site_builder.systems.base import NewDefaults, System, TrfNamed
from site_builder.systems.generated import Profile


class Positional(TrfNamed, NewDefaults, System):
    generated = Profile()
    name = "swiss-positional"
    new_note = "Swiss by score groups, positional pairing (seed 004), paired by 'bulletin pair'"
    new_extra = "    # numbering: codes       # secret pairing codes from round 2 (seed 004 二.2)\n"

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.lots import halves_lot, rng
        from site_builder.pairing.numbers import pairing_numbers
        from site_builder.pairing.positional import pair_round
        from site_builder.pairing.state import contenders, kept_apart

        done = section.current_round
        if done == 0:
            players = kept_apart([c for c in contenders(section, recs, 0) if c.id not in left_out], apart)
            if section.pairing.first_round == "lot":
                if draw_seed is None:
                    raise PairingSeedMissing("the round-1 lot")
                return halves_lot(players, rng(draw_seed, section.id, "round", 1))
            return pair_round(players, 1)
        players = kept_apart([c for c in contenders(section, recs, done, pairing_numbers(section, draw_seed))
                              if c.id not in left_out], apart)
        return pair_round(players, done + 1)


SYSTEM = Positional()
PLACE = 10  # its place in the list of systems (`SYSTEMS`, the documentation's order)
