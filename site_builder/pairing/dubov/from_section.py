"""A section's next round by the FIDE Dubov system: the event's records in, a `Pairing` out."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Note, Pair, Pairing, PairingError
from site_builder.pairing.apart import kept_apart
from site_builder.pairing.dubov.engine import NoPairing, pair_round
from site_builder.pairing.dubov.players import Entrant
from site_builder.pairing.dutch import from_section as dutch
from site_builder.pairing.state import withdrawn


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


def left_out(section: Section) -> tuple[int, set[int]]:
    """The rounds played before the round to pair, and the players it leaves out: withdrawn, or
    on a requested bye or absent by the round file written before pairing."""
    requests = section.round_to_pair
    done = requests.number - 1 if requests else section.current_round
    absent = withdrawn(section, done)
    if requests:
        absent |= set(requests.half_byes) | set(requests.full_byes) | set(requests.absent)
    return done, absent


def dubov_round(section: Section, recs: Records, draw_seed: int | None) -> Pairing:
    """The next round. A last round file with only requested byes and absences is the round being
    paired: those players are left out."""
    done, absent = left_out(section)
    try:
        result = pair_round(entrants(section, recs, done), absent, section.rounds_planned,
                            dutch.first_colour(section, draw_seed), kept_apart(section, done + 1))
    except NoPairing as error:
        raise PairingError(str(error)) from None
    pairs = tuple(Pair(board, white, black) for board, (white, black) in enumerate(result.pairs, 1))
    byes = (result.bye,) if result.bye is not None else ()
    return Pairing(done + 1, pairs, byes, notes(recs, done, pairs, byes))


def notes(recs: Records, done: int, pairs: tuple[Pair, ...], byes: tuple[int, ...]) -> tuple[Note, ...]:
    """For arbiters: the pairing-allocated bye, and each upfloater (paired with a higher score)."""
    found = [Note("bye", byes)] if byes else []
    for pair in pairs:
        a, b = recs.total(pair.first, done), recs.total(pair.second, done)
        if a != b:
            found.append(Note("float", (pair.first, pair.second) if a > b else (pair.second, pair.first)))
    return tuple(found)
