"""Knockout with tiebreak games (seed 004 二/三): matches of games, placed by the bracket."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Event, Game, Match, Outcome, Round, Section
from site_builder.pairing import Pairing, PairingSeedMissing
from site_builder.systems.base import Ref, System


class Knockout(System):
    name = "knockout"
    keeps_apart = False
    leaves_out = False
    new_note = "knockout with tiebreak games, drawn by 'bulletin pair'"
    rematches = True
    numbering = "seeding"
    plays_matches = True
    ranked = False
    trf_export = False

    def default_rounds(self, players: int) -> int:
        """Enough rounds for one winner: ⌈log₂ n⌉.

        >>> Knockout().default_rounds(12), Knockout().default_rounds(16), Knockout().default_rounds(0)
        (4, 4, 7)
        """
        return (players - 1).bit_length() if players > 1 else 7

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.knockout import next_knockout_round

        if draw_seed is None:
            raise PairingSeedMissing("the knockout draw")
        return next_knockout_round(section, draw_seed)

    def provisional_round(self, pairing: Pairing) -> Round:
        matches = tuple(Match(p.board, (Game(p.board, p.first, p.second, Outcome.PENDING),
                                        Game(p.board, p.second, p.first, Outcome.PENDING)), p.placement)
                        for p in pairing.pairs)
        return Round(number=pairing.round, matches=matches)

    def round_lines(self, section: Section, pairing: Pairing, ref: Ref) -> list[str]:
        lines = ["matches:      # games: [first, second, result, kind]; tiebreak games follow"]
        for p in pairing.pairs:
            lines.append(f"  - board: {p.board}")
            if p.placement:
                lines.append(f"    placement: {p.placement}")
            lines += ["    games:", f"      - [{ref(p.first)}, {ref(p.second)}, \"?\"]",
                      f"      - [{ref(p.second)}, {ref(p.first)}, \"?\"]"]
        return lines


SYSTEM = Knockout()
