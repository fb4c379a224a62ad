"""Acceleration in TRF: TRF-2026's 250 records and the XXA records of bbpPairings and JaVaFo, read as
each player's virtual points by round and compared with the Baku method's (C.04.7), which is the
acceleration the content can name (`acceleration: baku`); the Baku method written as 250 records.

250: match points in 5-8 (teams; blank for individuals), the virtual points in 10-13, the first and
last round in 15-17 and 19-21, the first and last start rank in 23-26 and 28-31.
"""

from __future__ import annotations

from fractions import Fraction

from site_builder.trf.fields import RecordReader, format_points, number_of, points_of, text_at

HINT = "250: match points in 5-8 (blank for individuals), points in 10-13, rounds in 15-17 and 19-21, " \
       "start ranks in 23-26 and 28-31, e.g. '250      1.0 001 003 0001 0090'"


def check_accelerated(line: str, number: int, reader: RecordReader) -> None:
    """Report what is malformed in a 250 record."""
    for column in (9, 14, 18, 22, 27):
        if text_at(line, column, column).strip():
            reader.error(number, column, f"250: column {column} must be blank", HINT)
            return
    match_points = text_at(line, 5, 8)
    if match_points.strip():
        value = points_of(match_points)
        if value is None:
            reader.error(number, 5, f"250: match points must be a number, found {match_points.strip()!r}",
                         HINT)
        elif value:  # Gacrux writes the virtual points in both columns
            reader.warn(number, 5, "250: match points in a tournament of individuals: ignored (the virtual "
                        "points are columns 10-13)")
    points = points_of(text_at(line, 10, 13))
    if not points:
        reader.error(number, 10, f"250: the virtual points must be a number other than 0.0, found "
                     f"{text_at(line, 10, 13).strip() or 'nothing'!r}", HINT)
    first, last = (reader.round(number, c, text_at(line, c, c + 2), "250", what)
                   for c, what in ((15, "first round"), (19, "last round")))
    if first is not None and last is not None and first > last:
        reader.error(number, 19, f"250: the last round ({last}) is before the first ({first})", HINT)
    low, high = (reader.player(number, c, text_at(line, c, c + 3), "250") for c in (23, 28))
    if low is not None and high is not None and low > high:
        reader.error(number, 28, f"250: the last start rank ({high}) is below the first ({low})", HINT)


def check_method(records: list[tuple[int, str]], players: int, reader: RecordReader) -> None:
    """Warn when a file's 250 records give virtual points other than the Baku method's: the content
    names no other method, so they are kept for export and not applied."""
    if records and not is_baku([line for _, line in records], players, reader.rounds):
        reader.warn(records[0][0], 10, "250: virtual points other than the Baku method's (C.04.7): not "
                    "applied (the content can name no other method); the records are kept for export")


def virtual_points(records: tuple[str, ...] | list[str], rounds: int) -> dict[int, tuple[Fraction, ...]]:
    """Each accelerated player's virtual points in rounds 1..`rounds`: of the 250 records when the
    file has any (TRF-2026: they replace every other statement of acceleration), else of its XXA
    records; players with none are left out."""
    table: dict[int, list[Fraction]] = {}
    two_fifty = [r for r in records if r[:4] == "250 "]
    for record in two_fifty:
        value = points_of(text_at(record, 10, 13))
        numbers = [number_of(text_at(record, c, c + w)) for c, w in ((15, 2), (19, 2), (23, 3), (28, 3))]
        if value is None or None in numbers:
            continue
        first, last, low, high = (n or 0 for n in numbers)
        for player in range(low, high + 1):
            row = table.setdefault(player, [Fraction(0)] * rounds)
            for r in range(first, min(last, rounds) + 1):
                row[r - 1] = value
    for record in records if not two_fifty else ():
        if record[:4] == "XXA " and record[4:8].strip().isdigit():
            values = [Fraction(record[i:i + 4].strip() or "0") for i in range(9, len(record), 5)]
            table[int(record[4:8])] = (values + [Fraction(0)] * rounds)[:rounds]
    return {p: tuple(v) for p, v in sorted(table.items()) if any(v)}


def baku_table(players: int, rounds: int) -> dict[int, tuple[Fraction, ...]]:
    """The Baku method's virtual points (C.04.7) by start rank, for `players` players."""
    from site_builder.pairing.dutch.from_section import baku_group_a, baku_virtual_points

    row = tuple(Fraction(v, 2) for v in baku_virtual_points(rounds))
    return dict.fromkeys(range(1, baku_group_a(players) + 1), row)


def is_baku(records: tuple[str, ...] | list[str], players: int, rounds: int) -> bool:
    """Whether the file's 250 (or XXA) records give exactly the Baku method's virtual points."""
    given = virtual_points(records, rounds)
    return bool(given) and given == baku_table(players, rounds)


def decides_acceleration(records: tuple[str, ...] | list[str]) -> bool:
    """Whether the file states virtual points itself (250 or XXA), which a 192 code's _BAKU yields to."""
    return any(r[:4] in ("250 ", "XXA ") for r in records)


def baku_lines(players: int, rounds: int) -> list[str]:
    """The Baku method as 250 records: one per run of rounds with the same virtual points."""
    table = baku_table(players, rounds)
    if not table:
        return []
    row, last_player = next(iter(table.values())), max(table)
    lines, start = [], 0
    for r in range(1, rounds + 1):
        if r == rounds or row[r] != row[start]:
            if row[start]:
                points = format_points(row[start])
                lines.append(f"250      {points} {start + 1:03d} {r:03d} 0001 {last_player:04d}")
            start = r
    return lines
