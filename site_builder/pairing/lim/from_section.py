"""A section's next round by the Lim system: the event's records in, a `Pairing` out."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Note, Pair, Pairing, PairingError
from site_builder.pairing.dutch.from_section import entrants, first_colour
from site_builder.pairing.lim.engine import NoPairing, pair_round
from site_builder.pairing.lim.players import Player, player_of
from site_builder.pairing.state import withdrawn


def players_before(section: Section, recs: Records, done: int, absent: set[int]) -> list[Player]:
    """The players taking part in round `done + 1`, as the rounds before it leave them."""
    return [player_of(e) for e in entrants(section, recs, done) if e.number not in absent]


def left_out(section: Section) -> tuple[int, set[int]]:
    """The rounds played before the round to pair, and the players it leaves out: withdrawn, or on
    a requested bye or absent by the round file written before pairing."""
    requests = section.round_to_pair
    done = requests.number - 1 if requests else section.current_round
    absent = withdrawn(section, done)
    if requests:
        absent |= set(requests.half_byes) | set(requests.full_byes) | set(requests.absent)
    return done, absent


def lim_round(section: Section, recs: Records, draw_seed: int | None) -> Pairing:
    """The next round of a Lim section."""
    done, absent = left_out(section)
    try:
        result = pair_round(players_before(section, recs, done, absent), done + 1,
                            first_colour(section, draw_seed))
    except NoPairing as error:
        raise PairingError(str(error)) from None
    pairs = tuple(Pair(board, white, black) for board, (white, black) in enumerate(result.pairs, 1))
    byes = (result.bye,) if result.bye is not None else ()
    return Pairing(done + 1, pairs, byes, _notes(recs, done, pairs, byes))


def _notes(recs: Records, done: int, pairs: tuple[Pair, ...], byes: tuple[int, ...]) -> tuple[Note, ...]:
    """For arbiters: the pairing-allocated bye, and each pair of players with different scores."""
    notes = [Note("bye", byes)] if byes else []
    for pair in pairs:
        a, b = recs.total(pair.first, done), recs.total(pair.second, done)
        if a != b:
            notes.append(Note("float", (pair.first, pair.second) if a > b else (pair.second, pair.first)))
    return tuple(notes)
