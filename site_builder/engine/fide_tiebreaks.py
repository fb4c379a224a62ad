"""The tiebreak ids under `tiebreak_rules: fide`: FIDE Handbook C.07, Tie-Break Regulations (2023),
with Article 16.4 as amended in 2026 for the sections under that text (`Section.c07_text`).

Buchholz-type criteria count unplayed rounds by Article 16 (`fide_unplayed`). Ids whose C.07
definition is the common one (`cumulative` = PS 7.5, `second-games` = BPG 7.3, `second-wins` =
BWG 7.4, and the arbiter's own criteria) keep their functions. Values are integers in point units
(`scoring.Records`), counts, ratings or exact fractions (averages).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction

from site_builder.engine import fide_unplayed as a16
from site_builder.engine import rating
from site_builder.engine.go_tiebreaks import GO_CRITERIA
from site_builder.engine.rating import half_up
from site_builder.engine.scoring import Entry, Kind
from site_builder.engine.tiebreaks import CRITERIA, Criterion, Number, TiebreakInput, Value
from site_builder.model import Section, Tiebreak, TiebreakId


class _Data:
    """What the C.07 criteria share for one standings computation (built once per context):
    Buchholz elements from each player's rounds (`history`), and the rating-based values."""

    def __init__(self, ctx: TiebreakInput, history: dict[int, tuple[Entry, ...]] | None = None) -> None:
        scale, scoring = ctx.records.scale, ctx.section.scoring
        self.ctx = ctx
        self.win = int(scoring.win * scale)
        self.draw = int(scoring.draw * scale)
        self.round_robin = ctx.round_robin
        history = history or ctx.history
        totals = {p: sum(e.points for e in h if e.kind.has_result) for p, h in history.items()}
        self.adjusted = {p: a16.adjusted_score(h, self.draw) for p, h in history.items()}
        limit = (a16.dummy_limit(self.draw, ctx.section.rounds_planned)
                 if ctx.section.ranking.c07_text == "2026" else None)
        self.elements = {p: a16.elements(h, totals[p], self.adjusted, self.round_robin, limit)
                         for p, h in history.items()}
        self._fore: _Data | None = None
        self._rated: dict[int, tuple[list[int], Fraction]] = {}

    def buchholz(self, player: int, lowest: int = 0, highest: int = 0) -> int:
        return sum(el.value for el in a16.cut(self.elements[player], lowest, highest))

    def fore(self) -> _Data:
        """The data of Fore Buchholz (8.3): every game paired in the last round a draw."""
        if self._fore is None:
            self._fore = _Data(self.ctx, {p: _drawn_last(h, self.ctx.upto, self.draw)
                                          for p, h in self.ctx.history.items()})
        return self._fore

    def rated(self, player: int) -> tuple[list[int], Fraction]:
        """The ratings of the rated opponents met over the board, and the points scored against
        them (the games of Article 10: unplayed rounds and unrated opponents left out)."""
        if player not in self._rated:
            ratings, points = [], Fraction(0)
            for e in self.ctx.history[player]:
                opponent = (self.ctx.section.player(e.opponent).rating
                            if e.kind.is_played and e.opponent is not None else None)
                if opponent:
                    ratings.append(opponent)
                    points += Fraction(e.points, self.ctx.records.scale)
            self._rated[player] = (ratings, points)
        return self._rated[player]

    def performance(self, player: int) -> int | None:
        ratings, points = self.rated(player)
        return rating.performance(ratings, points) if ratings else None

    def perfect_performance(self, player: int) -> int | None:
        ratings, points = self.rated(player)
        return rating.perfect_performance(ratings, points) if ratings else None


def _drawn_last(history: tuple[Entry, ...], last: int, draw: int) -> tuple[Entry, ...]:
    """`history` with its round `last` a draw when it was paired (8.3: games known before the round,
    byes and absences, stay as they are)."""
    out, running = [], 0
    for e in history:
        if e.round == last and e.opponent is not None:
            e = replace(e, kind=Kind.DRAW, points=draw)
        running += e.points if e.kind.has_result else 0
        out.append(replace(e, running=running))
    return tuple(out)


def _data(ctx: TiebreakInput) -> _Data:
    data = getattr(ctx, "_fide", None)
    if data is None:
        data = _Data(ctx)
        ctx._fide = data  # type: ignore[attr-defined]  # kept on the context, which outlives the call
    return data


def buchholz(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """BH (8.1), with Cut-n (14.1, 14.2) and Median-n (14.3, 14.4): VUR elements are cut first (16.5)."""
    median = tb.whole("median")
    return _data(ctx).buchholz(player, tb.whole("cut") + median, median)


def sonneborn_berger(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """SB (9.1): Σ element value × points scored in its round (units²); the dummy for unplayed rounds."""
    return sum(el.value * el.points for el in _data(ctx).elements[player])


def wins(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """WIN (7.1): rounds scoring the points of a win, played or not (forfeit wins, full-point byes)."""
    win = _data(ctx).win
    return sum(1 for e in ctx.history[player] if e.kind.has_result and e.points == win)


def wins_over_board(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """WON (7.2): games won over the board."""
    return sum(1 for e in ctx.history[player] if e.kind is Kind.WIN)


def koya(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """KS (9.2): points scored against opponents with at least half the maximum possible score. A
    forfeit counts against its scheduled opponent, in a Swiss as in a round robin: Article 16 names
    the tie-breaks unplayed rounds affect (Buchholz, Sonneborn-Berger and their variants), and Koya
    is none of them."""
    half = ctx.upto * _data(ctx).win
    return sum(e.points for e in ctx.history[player]
               if e.opponent is not None and e.kind.has_result and 2 * ctx.totals[e.opponent] >= half)


def fore_buchholz(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int:
    """FB (8.3): Buchholz, with Cut-n and Median-n, as if every game paired in the last round of the
    standings were drawn — in the players' own scores as in their opponents'."""
    median = tb.whole("median")
    return _data(ctx).fore().buchholz(player, tb.whole("cut") + median, median)


def opponents_rating(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int | None:
    """ARO (10.1): mean rating of the rated opponents met over the board, rounded (½ up); Cut-n
    (14.1) leaves out the n lowest ratings and Median-n (14.3) the n highest too. No rating left,
    no mean: no value (ranked last), as FIDE's answer for a player with one game on ARO-C1."""
    median = tb.whole("median")
    ratings = sorted(_data(ctx).rated(player)[0])
    ratings = ratings[tb.whole("cut") + median:len(ratings) - median]
    return half_up(Fraction(sum(ratings), len(ratings))) if ratings else None


def tournament_performance(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int | None:
    """TPR (10.2): ARO + dp of the fractional score over the board (B.02 table 8.1.1, as
    `rating.performance`); no value without a rated opponent met over the board."""
    return _data(ctx).performance(player)


def perfect_performance(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int | None:
    """PTP (10.3): the lowest rating whose expected score over the board reaches the score made
    there (`rating.perfect_performance`); no value without a rated opponent met over the board."""
    return _data(ctx).perfect_performance(player)


def _average_of_opponents(ctx: TiebreakInput, player: int, value: Callable[[int], int | None]) -> int | None:
    """The mean of `value` over the opponents met over the board that have one, ½ rounded up."""
    values = [v for e in ctx.history[player] if e.kind.is_played and e.opponent is not None
              if (v := value(e.opponent)) is not None]
    return half_up(Fraction(sum(values), len(values))) if values else None


def opponents_performance(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int | None:
    """APRO (10.4): the mean TPR of the opponents met over the board, rounded (½ up)."""
    return _average_of_opponents(ctx, player, _data(ctx).performance)


def opponents_perfect_performance(ctx: TiebreakInput, player: int, tb: Tiebreak) -> int | None:
    """APPO (10.5): the mean PTP of the opponents met over the board, rounded (½ up)."""
    return _average_of_opponents(ctx, player, _data(ctx).perfect_performance)


def opponents_buchholz(ctx: TiebreakInput, player: int, tb: Tiebreak) -> Fraction | None:
    """AOB (8.2): the mean Buchholz (8.1, Article 16) of the opponents played over the board — in
    a round robin too, where a forfeit still counts for Buchholz (16.1). C.07 gives no rounding:
    FIDE's published answers print the mean to the hundredth of a point, and FIDE's checker keeps
    as many places as the standings' rounds need for two different means to stay apart
    (`_aob_places`), ½ up. No opponent played, no mean: no value (ranked last), as ARO (10.1)."""
    data = _data(ctx)
    met = [e.opponent for e in ctx.history[player] if e.opponent is not None and e.kind.is_played]
    if not met:
        return None
    scale, per = ctx.records.scale, 10 ** _aob_places(ctx.upto)
    mean = Fraction(sum(data.buchholz(p) for p in met), len(met) * scale)
    return Fraction(half_up(mean * per) * scale, per)


def _aob_places(rounds: int) -> int:
    """The decimal places of AOB after `rounds` rounds, as FIDE's checker (Gacrux) keeps them: 2 up
    to 8 rounds (FIDE's published answers), 3 up to 26, 4 up to 72, then 5."""
    return 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5


def direct_encounter(ctx: TiebreakInput, group: list[int]) -> dict[int, Value | None] | None:
    """DE (6) for a tied group of players (`encounters_of`)."""
    data = _data(ctx)
    return encounters_of(ctx.history, group, data.round_robin, data.win)


def encounters_of(history: Mapping[int, tuple[Entry, ...]], group: list[int], round_robin: bool, win: int
                  ) -> dict[int, Value | None] | None:
    """DE (6) for a tied group of participants (players, or teams by their primary score), each by
    its rounds (`history`), `win` the points of a win; reapplied (6.2, 6.3) to each subgroup it
    leaves tied, the values of a subgroup then a tuple (its score in the group, in the subgroup,
    …). None when nobody can be ranked."""
    scores = _encounters(history, group, round_robin, win)
    buckets: dict[Number | None, list[int]] = {}
    for p in group:
        buckets.setdefault(scores[p], []).append(p)
    out: dict[int, Value | None] = dict(scores)
    for value, members in buckets.items():
        if 1 < len(members) < len(group) \
                and (deeper := encounters_of(history, members, round_robin, win)) is not None \
                and len(set(deeper.values())) > 1:
            for p in members:
                out[p] = (value, *(d if isinstance(d := deeper[p], tuple) else (d,)))
    return out if any(v is not None for v in out.values()) else None


def _encounters(history: Mapping[int, tuple[Entry, ...]], group: list[int], round_robin: bool, win: int
                ) -> dict[int, Number | None]:
    """DE once (6.1, 6.3): points scored against the rest of a tied group in games played over the
    board (6.1.1), repeated meetings averaged (6.1.2). When not every pair has met (6.3), players are
    ranked from the top only while their score exceeds what any player below could still reach
    with wins in the missing games; the others have no value."""
    members = set(group)
    score: dict[int, Fraction] = {}
    missing: dict[int, int] = {}
    for p in group:
        games: dict[int, list[int]] = {}
        for e in history[p]:
            if e.opponent in members and a16.counts_opponent(e, round_robin):
                games.setdefault(e.opponent, []).append(e.points)
        score[p] = sum((Fraction(sum(v), len(v)) for v in games.values()), Fraction(0))
        missing[p] = len(group) - 1 - len(games)
    if not any(missing.values()):
        return {p: _plain(score[p]) for p in group}
    reach = {p: score[p] + missing[p] * win for p in group}
    order = sorted(group, key=lambda p: (-score[p], -reach[p], p))
    out: dict[int, Number | None] = dict.fromkeys(group)
    for index, p in enumerate(order[:-1]):
        if score[p] <= max(reach[q] for q in order[index + 1:]):
            break
        out[p] = _plain(score[p])
    return out


def _plain(value: Fraction) -> Number:
    return value.numerator if value.denominator == 1 else value


COMMON_CRITERIA: dict[TiebreakId, Criterion] = {**CRITERIA, **GO_CRITERIA}  # go's under either rules
FIDE_CRITERIA: dict[TiebreakId, Criterion] = {
    **COMMON_CRITERIA,
    "opponent-score": Criterion(buchholz),
    "sonneborn-berger": Criterion(sonneborn_berger, power=2),
    "direct-encounter": Criterion(None, group=direct_encounter),
    "wins": Criterion(wins, power=0),
    "wins-over-board": Criterion(wins_over_board, power=0),
    "koya": Criterion(koya),
    "opponents-rating": Criterion(opponents_rating, power=0),
    "opponents-buchholz": Criterion(opponents_buchholz),
    "fore-buchholz": Criterion(fore_buchholz),
    "performance": Criterion(tournament_performance, power=0),
    "perfect-performance": Criterion(perfect_performance, power=0),
    "opponents-performance": Criterion(opponents_performance, power=0),
    "opponents-perfect-performance": Criterion(opponents_perfect_performance, power=0),
}


def criteria_for(section: Section) -> dict[TiebreakId, Criterion]:
    """The definitions the section's tiebreak ids follow (`tiebreak_rules`)."""
    return FIDE_CRITERIA if section.ranking.rules == "fide" else COMMON_CRITERIA
