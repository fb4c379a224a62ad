"""A section's next round by the Lim system: the event's records in, a `Pairing` out."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Pairing, PairingError
from site_builder.pairing.dutch.from_section import entrants, first_colour
from site_builder.pairing.lim.engine import NoPairing, pair_round
from site_builder.pairing.lim.players import Player, player_of
from site_builder.pairing.round_to_pair import left_out, pairing_of


def players_before(section: Section, recs: Records, done: int, absent: set[int]) -> list[Player]:
    """The players taking part in round `done + 1`, as the rounds before it leave them."""
    return [player_of(e) for e in entrants(section, recs, done) if e.number not in absent]



def lim_round(section: Section, recs: Records, draw_seed: int | None) -> Pairing:
    """The next round of a Lim section."""
    done, absent = left_out(section)
    try:
        result = pair_round(players_before(section, recs, done, absent), done + 1,
                            first_colour(section, draw_seed))
    except NoPairing as error:
        raise PairingError(str(error)) from None
    return pairing_of(recs, done, result.pairs, result.bye)

