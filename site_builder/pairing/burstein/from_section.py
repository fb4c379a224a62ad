"""A section's next round by the FIDE Burstein system: the event's records in, a `Pairing` out."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Pairing, PairingError
from site_builder.pairing.apart import kept_apart
from site_builder.pairing.burstein.engine import NoPairing, pair_round
from site_builder.pairing.burstein.why import RoundWhy, explain_round
from site_builder.pairing.dutch.from_section import entrants, first_colour
from site_builder.pairing.round_to_pair import left_out, pairing_of


def burstein_round(section: Section, recs: Records, draw_seed: int | None) -> Pairing:
    """The next round. A last round file with only requested byes and absences is the round being
    paired: those players are left out."""
    done, absent = left_out(section)
    try:
        result = pair_round(entrants(section, recs, done), absent, section.rounds_planned,
                            first_colour(section, draw_seed), kept_apart(section, done + 1))
    except NoPairing as error:
        raise PairingError(str(error)) from None
    return pairing_of(recs, done, result.pairs, result.bye)



def round_why(section: Section, recs: Records, number: int) -> RoundWhy:
    """Why round `number` of `section` has its pairs: read off the round from the rounds before it
    (the players it does not pair left out, the initial colour read back from round 1)."""
    rnd = next(r for r in section.rounds if r.number == number)
    entered = entrants(section, recs, number - 1)
    paired = {p for g in rnd.games for p in (g.first, g.second)} | set(rnd.byes)
    absent = {e.number for e in entered} - paired
    pairs = tuple((g.first, g.second) for g in sorted(rnd.games, key=lambda g: g.board))
    return explain_round(entered, absent, section.rounds_planned, first_colour(section, None), number, pairs,
                         rnd.byes[0] if rnd.byes else None, kept_apart(section, number))
