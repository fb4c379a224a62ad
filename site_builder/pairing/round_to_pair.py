"""What the Swiss engines of FIDE's systems read and write alike about the round they pair: who it
leaves out (`left_out`), and their result as a `Pairing` with the notes for arbiters (`pairing_of`)."""

from __future__ import annotations

from collections.abc import Iterable

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Note, Pair, Pairing
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


def pairing_of(recs: Records, done: int, pairs: Iterable[tuple[int, int]], bye: int | None) -> Pairing:
    """Round `done + 1` as an engine paired it (white, black), boards in that order, with its notes."""
    tables = tuple(Pair(board, white, black) for board, (white, black) in enumerate(pairs, 1))
    byes = (bye,) if bye is not None else ()
    return Pairing(done + 1, tables, byes, _notes(recs, done, tables, byes))


def _notes(recs: Records, done: int, pairs: tuple[Pair, ...], byes: tuple[int, ...]) -> tuple[Note, ...]:
    """For arbiters: the pairing-allocated bye, and each pair of players with different scores."""
    notes = [Note("bye", byes)] if byes else []
    for pair in pairs:
        a, b = recs.total(pair.first, done), recs.total(pair.second, done)
        if a != b:
            notes.append(Note("float", (pair.first, pair.second) if a > b else (pair.second, pair.first)))
    return tuple(notes)
