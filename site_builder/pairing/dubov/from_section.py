"""A section's next round by the FIDE Dubov system: the event's records in, a `Pairing` out."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Pairing, PairingError
from site_builder.pairing.apart import kept_apart
from site_builder.pairing.dubov.engine import NoPairing, pair_round
from site_builder.pairing.dubov.players import Entrant
from site_builder.pairing.dutch import from_section as dutch
from site_builder.pairing.round_to_pair import left_out, pairing_of


def entrants(section: Section, recs: Records, upto: int) -> list[Entrant]:
    """Every player of the section with rounds 1..upto, in pairing-number order. Each must have a
    rating (art. 1.1: the arbiter gives an unrated player a provisional one)."""
    unrated = [p for p in section.players if p.rating is None]
    if unrated:
        raise PairingError(f"{unrated[0].name!r} has no rating: the Dubov system pairs by ratings, and the "
                           "arbiter gives an unrated player a provisional one in the player list "
                           "(C.04.4.1 art. 1.1.2)", unrated[0].loc)
    ratings = {p.number: p.rating or 0 for p in section.players}
    return [Entrant(e.number, ratings[e.number], e.history, e.accelerations)
            for e in dutch.entrants(section, recs, upto)]



def dubov_round(section: Section, recs: Records, draw_seed: int | None) -> Pairing:
    """The next round. A last round file with only requested byes and absences is the round being
    paired: those players are left out."""
    done, absent = left_out(section)
    try:
        result = pair_round(entrants(section, recs, done), absent, section.rounds_planned,
                            dutch.first_colour(section, draw_seed), kept_apart(section, done + 1))
    except NoPairing as error:
        raise PairingError(str(error)) from None
    return pairing_of(recs, done, result.pairs, result.bye)

