"""Standings memoized by a digest of exactly what they are computed from.

Outside the staged Swiss, the standings after round n depend only on the section without its later
rounds (see `engine.tiebreaks.Context`); so after a result changes in the last round, only the last
standings are computed again. The engine itself stays a pure function.
"""

from __future__ import annotations

import dataclasses
import hashlib

from site_builder.cache import store
from site_builder.cache.digest import Digester
from site_builder.cache.fingerprint import software
from site_builder.engine.scoring import Records
from site_builder.engine.standings import Standings, section_standings
from site_builder.model import Round, Section

#: Systems whose standings after round n look at later rounds (elimination, withdrawals).
LOOKS_AHEAD = ("staged-swiss",)


class StandingsMemo:
    """The standings of one section after each round, from the build's store when it has them."""

    def __init__(self, section: Section, recs: Records, draw_seed: int | None) -> None:
        self.section, self.recs, self.draw_seed = section, recs, draw_seed
        self.cache = store.active() if section.system not in LOOKS_AHEAD else None
        if self.cache is not None:
            digester = Digester(shared=(Round,))
            base = digester.digest((software(), dataclasses.replace(section, rounds=()), draw_seed))
            self.rounds = [(r.number, digester.token(r)) for r in section.rounds]
            self.base = base or b""

    def after(self, upto: int) -> Standings:
        """`section_standings(section, recs, upto, draw_seed)`."""
        if self.cache is None:
            return section_standings(self.section, self.recs, upto, self.draw_seed)
        digest = hashlib.sha256(self.base + str(upto).encode())
        for number, token in self.rounds:
            if number <= upto:
                digest.update(token)
        key = digest.hexdigest()
        table = self.cache.get("standings", key)
        if table is store.MISS:
            table = section_standings(self.section, self.recs, upto, self.draw_seed)
            self.cache.put("standings", key, table)
        return table
