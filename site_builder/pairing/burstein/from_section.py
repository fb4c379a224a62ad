"""A section's next round by the FIDE Burstein system: the event's records in, a `Pairing` out."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Note, Pair, Pairing, PairingError
from site_builder.pairing.apart import kept_apart
from site_builder.pairing.burstein.engine import NoPairing, pair_round
from site_builder.pairing.burstein.why import RoundWhy, explain_round
from site_builder.pairing.dutch.from_section import entrants, first_colour
from site_builder.pairing.state import withdrawn


def left_out(section: Section) -> tuple[int, set[int]]:
    """The rounds played before the round to pair, and the players it leaves out: withdrawn, or
    on a requested bye or absent by the round file written before pairing."""
    requests = section.round_to_pair
    done = requests.number - 1 if requests else section.current_round
    absent = withdrawn(section, done)
    if requests:
        absent |= set(requests.half_byes) | set(requests.full_byes) | set(requests.absent)
    return done, absent


def burstein_round(section: Section, recs: Records, draw_seed: int | None) -> Pairing:
    """The next round. A last round file with only requested byes and absences is the round being
    paired: those players are left out."""
    done, absent = left_out(section)
    try:
        result = pair_round(entrants(section, recs, done), absent, section.rounds_planned,
                            first_colour(section, draw_seed), kept_apart(section, done + 1))
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


def round_why(section: Section, recs: Records, number: int) -> RoundWhy:
    """Why round `number` of `section` has its pairs: read off the round from the rounds before it
    (the players it does not pair left out, the initial colour read back from round 1)."""
    rnd = next(r for r in section.rounds if r.number == number)
    entered = entrants(section, recs, number - 1)
    paired = {p for g in rnd.games for p in (g.first, g.second)} | set(rnd.byes)
    absent = {e.number for e in entered} - paired
    pairs = tuple((g.first, g.second) for g in sorted(rnd.games, key=lambda g: g.board))
    return explain_round(entered, absent, section.rounds_planned, first_colour(section, None), number, pairs,
                         rnd.byes[0] if rnd.byes else None)
