"""TRF-2026's scoring records: 162 (the points of each result) and 299 (abnormal points), read into
the content's `scoring:` and written from it.

162 gives a result symbol in column 6 and its points in 7-10, the next in 15 and 16-19, and so on
(9 columns apart): W (a win, a forfeit win, a full-point bye; default 1.0), D (a draw, a half-point
bye; 0.5), L (a loss; 0.0), A (an absence: a zero-point bye or a forfeit loss; 0.0), P (the
pairing-allocated bye; as W), X (an unknown result; as D). 299 gives its type in column 5, match
points (teams) in 8-11, points in 14-17, the round in 20-22 (blank or 000: every round) and the
players from 24-27, 5 columns apart. A 299 over every round and every player sets the points of one
kind of result (`+` forfeit win, `-` forfeit loss, `F`, `H`, `Z` byes, `W`, `D`, `L`); one naming a
round or players is a points adjustment the content cannot hold.
"""

from __future__ import annotations

from fractions import Fraction

from site_builder.model import Scoring
from site_builder.trf.fields import RecordReader, format_points, ids_from, number_of, points_of, text_at

SYMBOLS = "WDLAPX"
DEFAULTS = {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0), "A": Fraction(0)}
ABNORMAL_TYPES = "WDLFHZ+- "
#: 299 types over the whole event → the scoring key they set.
OVERRIDES = {"W": "win", "D": "draw", "L": "loss", "+": "forfeit_win", "-": "forfeit_loss", "F": "full_bye",
             "H": "half_bye", "Z": "absent"}
SCORING_HINT = "162 gives a symbol (W, D, L, A, P, X) in column 6 and its points in 7-10, e.g. " \
               "'162  W 3.0    D 1.0', the next symbol 9 columns on"
ABNORMAL_HINT = "299: the type in column 5, points in 14-17, the round in 20-22 (blank: every round), " \
                "start ranks from 24-27, e.g. '299 +         1.0'"


def check_scoring(line: str, number: int, reader: RecordReader) -> None:
    """Report what is malformed in a 162 record."""
    if line[4:5].strip():
        reader.error(number, 5, "162: column 5 must be blank (the first symbol stands in column 6)",
                     SCORING_HINT)
        return
    seen: set[str] = set()
    for column in range(6, len(line.rstrip()) + 1, 9):
        symbol, points = text_at(line, column, column), text_at(line, column + 1, column + 4)
        gap = text_at(line, column + 5, column + 8)
        if symbol not in SYMBOLS:
            reader.error(number, column, f"162: unknown result symbol {symbol!r}", SCORING_HINT)
            return
        if symbol in seen:
            reader.error(number, column, f"162: {symbol} is given twice", "give each symbol once")
        seen.add(symbol)
        value = points_of(points)
        if value is None:
            reader.error(number, column + 1, f"162: the points of {symbol} must be a number such as 1.0, "
                         f"found {points.strip()!r}", SCORING_HINT)
        elif value < 0:
            reader.error(number, column + 1, f"162: the points of {symbol} must be at least 0, found "
                         f"{points.strip()}", "a result scores 0 points or more")
        if gap.strip():
            first = column + 5 + len(gap) - len(gap.lstrip())
            reader.error(number, first, f"162: column {first} must be blank", SCORING_HINT)
            return


def check_abnormal(line: str, number: int, reader: RecordReader) -> None:
    """Report what is malformed in a 299 record, and warn of an adjustment the content cannot hold."""
    kind = text_at(line, 5, 5)
    if kind not in ABNORMAL_TYPES:
        reader.error(number, 5, f"299: unknown type {kind!r}", "W, D, L (results), F, H, Z (byes), + or - "
                     "(forfeits), or blank (a penalty or bonus)")
        return
    for first, last in ((6, 7), (12, 13), (18, 19), (23, 23)):
        if text_at(line, first, last).strip():
            reader.error(number, first, f"299: columns {first}-{last} must be blank", ABNORMAL_HINT)
            return
    match_points, points_text = text_at(line, 8, 11), text_at(line, 14, 17)
    if match_points.strip() and points_of(match_points) is None:
        reader.error(number, 8, f"299: match points must be a number such as 2.0, found "
                     f"{match_points.strip()!r}", ABNORMAL_HINT)
    points = points_of(points_text)
    if points is None:
        found = points_text.strip() or "nothing"
        reader.error(number, 14, f"299: the points must be a number such as 1.0 or -0.5, found {found!r}",
                     "an individual tournament's points are in columns 14-17 (match points, 8-11, are "
                     "for teams)")
        return
    if match_points.strip():
        reader.warn(number, 8, "299: match points in a tournament of individuals: ignored")
    round_text = text_at(line, 20, 22)
    every_round = number_of(round_text) == 0 or not round_text.strip()
    if not every_round:
        reader.round(number, 20, round_text, "299", "round")
    players = [reader.player(number, column, text, "299") for column, text in ids_from(line, 24)]
    if every_round and not players:
        if kind == " ":
            reader.error(number, 5, "299: a penalty or bonus (blank type) names its players",
                         "give the start ranks from column 24, 5 columns apart")
        elif points < 0:
            reader.error(number, 14, f"299: the points of {kind} results must be at least 0, found "
                         f"{points_text.strip()}", "a result scores 0 points or more")
        return
    if all(p is not None for p in players):
        who = ", ".join(f"#{p}" for p in players) or "every player"
        when = "every round" if every_round else f"round {number_of(round_text)}"
        reader.warn(number, 5, f"299: {format_points(points).strip()} points for {who} in {when}: not "
                    "applied (the content scores results by its scoring only); the record is kept for export")


def _values(records: tuple[str, ...] | list[str]) -> tuple[dict[str, Fraction], dict[str, Fraction]] | None:
    """The symbols 162 gives and the whole-event 299 overrides, by type; None without either."""
    given: dict[str, Fraction] = {}
    overrides: dict[str, Fraction] = {}
    for record in records:
        if record[:4] == "162 ":
            for column in range(6, len(record.rstrip()) + 1, 9):
                value = points_of(text_at(record, column + 1, column + 4))
                if value is not None:
                    given[record[column - 1]] = value
        elif record[:4] == "299 " and whole_event(record) and record[4] in OVERRIDES:
            value = points_of(text_at(record, 14, 17))
            if value is not None:
                overrides[record[4]] = value
    return (given, overrides) if given or overrides else None


def whole_event(record: str) -> bool:
    """Whether a 299 record applies to every round and every player (it sets a result's points)."""
    return not record[19:].strip() or (number_of(text_at(record, 20, 22)) == 0 and not record[22:].strip())


def scoring_from(records: tuple[str, ...] | list[str]) -> Scoring | None:
    """The scoring of the file's 162 and whole-event 299 records; None when it has neither."""
    values = _values(records)
    if values is None:
        return None
    given, overrides = values
    w, d, loss, a = (given.get(s, DEFAULTS[s]) for s in "WDLA")
    forfeit_loss = overrides.get("-", a)
    return Scoring(win=overrides.get("W", w), draw=overrides.get("D", d), loss=overrides.get("L", loss),
                   forfeit_win=overrides.get("+", w), forfeit_loss=forfeit_loss, double_forfeit=forfeit_loss,
                   bye=given.get("P", w), absent=overrides.get("Z", a), half_bye=overrides.get("H", d),
                   full_bye=overrides.get("F", w))


def default_scoring() -> Scoring:
    """TRF's scoring without a 162 record: 1, ½, 0; forfeits and byes as wins and losses."""
    return Scoring(win=DEFAULTS["W"], draw=DEFAULTS["D"], loss=DEFAULTS["L"], forfeit_win=DEFAULTS["W"],
                   forfeit_loss=DEFAULTS["A"], bye=DEFAULTS["W"], absent=DEFAULTS["A"])


def same_scoring(a: Scoring, b: Scoring) -> bool:
    """Whether two scorings give every result TRF names the same points."""
    return key(a) == key(b)


def in_proportion(scoring: Scoring) -> bool:
    """Whether `scoring` gives every result TRF names its default points times one factor (xiangqi's
    2, 1, 0 is chess's 1, ½, 0 doubled): the same scoregroups and order, as a TRF16 file implies.

    >>> three = Fraction(3)
    >>> in_proportion(Scoring()), in_proportion(Scoring(win=three, forfeit_win=three, bye=three))
    (True, False)
    """
    factor = scoring.win / DEFAULTS["W"]
    return all(mine == factor * trf for mine, trf in zip(key(scoring), key(default_scoring()), strict=True))


def key(s: Scoring) -> tuple[Fraction, ...]:
    return (s.win, s.draw, s.loss, s.forfeit_win, s.forfeit_loss, s.bye, s.absent, s.half_bye_points,
            s.full_bye_points)


def scoring_lines(scoring: Scoring) -> list[str]:
    """The 162 record (the symbols that differ from TRF's defaults) and the whole-event 299 records
    (the results 162 cannot tell apart) of `scoring`; none for TRF's default scoring."""
    values = {"W": scoring.win, "D": scoring.draw, "L": scoring.loss, "A": scoring.absent, "P": scoring.bye}
    defaults = {**DEFAULTS, "P": scoring.win}
    fields = [f"{s}{format_points(v)}" for s, v in values.items() if v != defaults[s]]
    lines = [("162  " + "    ".join(fields))] if fields else []
    implied = {"+": scoring.win, "-": scoring.absent, "H": scoring.draw, "F": scoring.win}
    actual = {"+": scoring.forfeit_win, "-": scoring.forfeit_loss, "H": scoring.half_bye_points,
              "F": scoring.full_bye_points}
    lines += [f"299 {kind}{' ' * 8}{format_points(actual[kind])}" for kind in "+-HF"
              if actual[kind] != implied[kind]]
    return lines
