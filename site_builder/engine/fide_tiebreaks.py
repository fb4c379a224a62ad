"""The tiebreak ids under `tiebreak_rules: fide`: FIDE Handbook C.07, Tie-Break Regulations (2023).

Buchholz-type criteria count unplayed rounds by Article 16 (`fide_unplayed`). Ids whose C.07
definition is the common one (`cumulative` = PS 7.5, `second-games` = BPG 7.3, `second-wins` =
BWG 7.4, and the arbiter's own criteria) keep their functions. Values are integers in point units
(`scoring.Records`), counts, ratings or exact fractions (averages).
"""

from __future__ import annotations

from fractions import Fraction

from site_builder.engine import fide_unplayed as a16
from site_builder.engine.scoring import Kind
from site_builder.engine.tiebreaks import CRITERIA, Context, Criterion, Value
from site_builder.model import Section, Tiebreak


class _Data:
    """What the C.07 criteria share for one standings computation (built once per context)."""

    def __init__(self, ctx: Context) -> None:
        scale, scoring = ctx.records.scale, ctx.section.scoring
        self.win = int(scoring.win * scale)
        self.round_robin = ctx.round_robin
        draw = int(scoring.draw * scale)
        self.adjusted = {p: a16.adjusted_score(h, draw) for p, h in ctx.history.items()}
        self.elements = {p: a16.elements(h, ctx.totals[p], self.adjusted, self.round_robin)
                         for p, h in ctx.history.items()}

    def buchholz(self, player: int, lowest: int = 0, highest: int = 0) -> int:
        return sum(el.value for el in a16.cut(self.elements[player], lowest, highest))


def _data(ctx: Context) -> _Data:
    data = getattr(ctx, "_fide", None)
    if data is None:
        data = _Data(ctx)
        ctx._fide = data  # type: ignore[attr-defined]
    return data


def _int(tb: Tiebreak, name: str) -> int:
    return int(tb.option(name, 0))  # type: ignore[arg-type]


def buchholz(ctx: Context, player: int, tb: Tiebreak) -> int:
    """BH (8.1), with Cut-n (14.1, 14.2) and Median-n (14.3, 14.4): VUR elements are cut first (16.5)."""
    median = _int(tb, "median")
    return _data(ctx).buchholz(player, _int(tb, "cut") + median, median)


def sonneborn_berger(ctx: Context, player: int, tb: Tiebreak) -> int:
    """SB (9.1): Σ element value × points scored in its round (units²); the dummy for unplayed rounds."""
    return sum(el.value * el.points for el in _data(ctx).elements[player])


def wins(ctx: Context, player: int, tb: Tiebreak) -> int:
    """WIN (7.1): rounds scoring the points of a win, played or not (forfeit wins, full-point byes)."""
    win = _data(ctx).win
    return sum(1 for e in ctx.history[player] if e.kind.has_result and e.points == win)


def wins_over_board(ctx: Context, player: int, tb: Tiebreak) -> int:
    """WON (7.2): games won over the board."""
    return sum(1 for e in ctx.history[player] if e.kind is Kind.WIN)


def koya(ctx: Context, player: int, tb: Tiebreak) -> int:
    """KS (9.2): points scored against opponents with at least half the maximum possible score."""
    data = _data(ctx)
    return sum(e.points for e in ctx.history[player] if a16.counts_opponent(e, data.round_robin)
               and 2 * ctx.totals[e.opponent] >= ctx.upto * data.win)  # type: ignore[index]


def opponents_rating(ctx: Context, player: int, tb: Tiebreak) -> int:
    """ARO (10.1): mean rating of the rated opponents met over the board, rounded (½ up); Cut-n
    (14.1.1) leaves out the n lowest ratings, so that a player with n rated opponents or fewer has
    no value (0), as in FIDE's published answers."""
    ratings = sorted(r for e in ctx.history[player] if e.kind.is_played
                     if (r := ctx.section.player(e.opponent).rating))  # type: ignore[arg-type]
    ratings = ratings[_int(tb, "cut"):]
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings)) if ratings else 0


def opponents_buchholz(ctx: Context, player: int, tb: Tiebreak) -> Fraction:
    """AOB (8.2): the mean Buchholz (8.1, Article 16) of the opponents played over the board — in
    a round robin too, where a forfeit still counts for Buchholz (16.1): FIDE's published answers
    average the opponents played; 0 without any."""
    data = _data(ctx)
    met = [e.opponent for e in ctx.history[player] if e.opponent is not None and e.kind.is_played]
    return Fraction(sum(data.buchholz(p) for p in met), len(met)) if met else Fraction(0)  # type: ignore[arg-type]


def direct_encounter(ctx: Context, group: list[int]) -> dict[int, Value | None] | None:
    """DE (6): points scored against the rest of a tied group in games played over the board (6.1.1),
    repeated meetings averaged (6.1.2). When not every pair has met (6.3), players are ranked from
    the top only while their score exceeds what any player below could still reach with wins in
    the missing games; the others stay tied (no value). None when nobody can be ranked."""
    data = _data(ctx)
    members = set(group)
    score: dict[int, Fraction] = {}
    missing: dict[int, int] = {}
    for p in group:
        games: dict[int, list[int]] = {}
        for e in ctx.history[p]:
            if e.opponent in members and a16.counts_opponent(e, data.round_robin):
                games.setdefault(e.opponent, []).append(e.points)
        score[p] = sum((Fraction(sum(v), len(v)) for v in games.values()), Fraction(0))
        missing[p] = len(group) - 1 - len(games)
    if not any(missing.values()):
        return {p: _plain(score[p]) for p in group}
    reach = {p: score[p] + missing[p] * data.win for p in group}
    order = sorted(group, key=lambda p: (-score[p], -reach[p], p))
    out: dict[int, Value | None] = dict.fromkeys(group)
    for index, p in enumerate(order[:-1]):
        if score[p] <= max(reach[q] for q in order[index + 1:]):
            break
        out[p] = _plain(score[p])
    return out if any(v is not None for v in out.values()) else None


def _plain(value: Fraction) -> Value:
    return value.numerator if value.denominator == 1 else value


FIDE_CRITERIA: dict[str, Criterion] = {
    **CRITERIA,
    "opponent-score": Criterion(buchholz),
    "sonneborn-berger": Criterion(sonneborn_berger, power=2),
    "direct-encounter": Criterion(None, group=direct_encounter),  # type: ignore[arg-type]
    "wins": Criterion(wins, power=0),
    "wins-over-board": Criterion(wins_over_board, power=0),
    "koya": Criterion(koya),
    "opponents-rating": Criterion(opponents_rating, power=0),
    "opponents-buchholz": Criterion(opponents_buchholz),
}


def criteria_for(section: Section) -> dict[str, Criterion]:
    """The definitions the section's tiebreak ids follow (`tiebreak_rules`)."""
    return FIDE_CRITERIA if section.tiebreak_rules == "fide" else CRITERIA
