"""Prohibited pairings in TRF: TRF-2026's 260 records and the XXP records of lichess and JaVaFo, read
as the content's `keep_apart: pairs` and written from them.

260: the first and last round in 5-7 and 9-11, then two or more start ranks from 13-16, 5 columns
apart; the players listed may not meet in those rounds. XXP: two start ranks never to be paired.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from site_builder.trf.fields import RecordReader, ids_from, number_of, text_at

HINT = "260: the first and last round in columns 5-7 and 9-11, then start ranks from 13-16, 5 columns " \
       "apart, e.g. '260 001 009    3    7'"


def check_prohibited(line: str, number: int, reader: RecordReader) -> None:
    """Report what is malformed in a 260 record; warn of one over some rounds only (the content keeps
    pairs apart in every round, so it is kept for export and not applied)."""
    for column in (8, 12):
        if text_at(line, column, column).strip():
            reader.error(number, column, f"260: column {column} must be blank", HINT)
            return
    first, last = (reader.round(number, c, text_at(line, c, c + 2), "260", what)
                   for c, what in ((5, "first round"), (9, "last round")))
    fields = ids_from(line, 13)
    for column, _ in fields:
        if text_at(line, column + 4, column + 4).strip():
            reader.error(number, column + 4, f"260: column {column + 4} must be blank", HINT)
            return
    players = [reader.player(number, column, text, "260") for column, text in fields]
    if len(players) < 2:
        reader.error(number, 13, "260: a prohibited pairing names two or more players", HINT)
    if first is None or last is None:
        return
    if first > last:
        reader.error(number, 9, f"260: the last round ({last}) is before the first ({first})", HINT)
    elif not whole_tournament(first, last, reader.rounds):
        reader.warn(number, 5, f"260: players kept apart in rounds {first}–{last} only: not applied (the "
                    "content keeps pairs apart in every round); the record is kept for export")


def whole_tournament(first: int, last: int, rounds: int) -> bool:
    """Whether a 260 record's rounds `first`..`last` are all the tournament's."""
    return first <= 1 and last >= rounds


def _groups(records: Iterable[str], rounds: int) -> list[list[int]]:
    groups = []
    for record in records:
        if record[:4] == "XXP ":
            words = record[4:].split()
            if len(words) == 2 and all(w.isdigit() for w in words):
                groups.append([int(w) for w in words])
        elif record[:4] == "260 ":
            first, last = number_of(text_at(record, 5, 7)), number_of(text_at(record, 9, 11))
            players = [number_of(text) for _, text in ids_from(record, 13)]
            if first is not None and last is not None and whole_tournament(first, last, rounds) \
                    and None not in players:
                groups.append([p for p in players if p is not None])
    return groups


def kept_apart(records: Iterable[str], rounds: int) -> list[tuple[int, int]]:
    """The pairs never to be paired, by start rank, smaller first, of the XXP records and of the 260
    records over every round."""
    return sorted({(min(a, b), max(a, b)) for group in _groups(records, rounds)
                   for a, b in combinations(group, 2) if a != b})


def is_pair_record(record: str, rounds: int) -> bool:
    """Whether `record` is one the content's `keep_apart: pairs` stands for (written from it)."""
    return bool(_groups([record], rounds))


def pair_lines(pairs: Iterable[tuple[int, int]], rounds: int) -> list[str]:
    """`pairs` as 260 records over every round."""
    return [f"260 001 {rounds:03d} {a:4d} {b:4d}" for a, b in pairs]
