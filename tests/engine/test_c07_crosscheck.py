"""C.07 values the cross-check with Gacrux's tie-break checker (bench/crosscheck_tiebreak_values.py,
docs/tiebreak-ledger.md) found computed otherwise, each worked by hand from the article.

Sections are built with `make_section` in chess scoring (1/½/0, engine units ×2)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from site_builder.engine.scoring import records
from site_builder.engine.standings import standings
from site_builder.model import Ranking, Scoring, Section, Tiebreak

CHESS = Scoring(win=Fraction(1), draw=Fraction(1, 2), loss=Fraction(0), forfeit_win=Fraction(1),
                forfeit_loss=Fraction(0), bye=Fraction(1))


def _fide(section: Section, *tiebreaks: Tiebreak) -> Section:
    return replace(section, tiebreaks=tiebreaks, ranking=Ranking(rules="fide", c07_text="2023"))


def _values(section: Section) -> dict[int, tuple[object, ...]]:
    recs = records(section)
    return {row.player: row.values for row in standings(section, recs, recs.rounds).rows}


def test_koya_counts_a_forfeit_win_against_the_scheduled_opponent(make_section):
    """C.07 9.2: KS is the points scored against the opponents with at least half the maximum
    possible score; Article 16 names the tie-breaks unplayed rounds affect (Buchholz, Sonneborn-
    Berger and their variants), and Koya is not one of them, so a forfeit counts against its
    scheduled opponent, as a game does. Four players, two rounds:
    r1 1–2 +- (forfeit), 3–4 1-0;  r2 2–3 1-0, 4–1 0-1.  Scores 1: 2, 2: 1, 3: 1, 4: 0; half the
    maximum after two rounds is 1. KS of 1: 1 (the forfeit against 2) + 0 (4 has 0) = 1; of 2:
    0 (forfeit loss to 1) + 1 (3 has 1) = 1; of 3: 0 + 0 = 0 (1 scores 2 but 3 did not meet him)."""
    section = _fide(make_section(4, [[(1, 2, "+-"), (3, 4, "1-0")], [(2, 3, "1-0"), (4, 1, "0-1")]],
                                 scoring=CHESS, system="dutch"), Tiebreak("koya"))
    values = _values(section)
    assert values[1] == (2,) and values[2] == (2,) and values[3] == (0,) and values[4] == (0,)


def test_average_of_opponents_buchholz_without_an_opponent_met_has_no_value(make_section):
    """C.07 8.2: AOB is a mean over the opponents met over the board; a player who met none (two
    forfeit wins) has no mean, and no value (ranked after those with one), as ARO (10.1) without a
    rated opponent. r1 1–2 +-, 3–4 1-0;  r2 3–1 -+, 2–4 ½-½."""
    section = _fide(make_section(4, [[(1, 2, "+-"), (3, 4, "1-0")], [(3, 1, "-+"), (2, 4, "=")]],
                                 scoring=CHESS, system="dutch"), Tiebreak("opponents-buchholz"))
    values = _values(section)
    assert values[1] == (None,)
    assert values[2][0] is not None and values[3][0] is not None


def test_average_of_opponents_buchholz_keeps_a_thousandth_from_nine_rounds(make_section):
    """C.07 8.2 gives no rounding for the mean; FIDE's published answers print it to the hundredth
    (five rounds), and FIDE's checker keeps a hundredth up to 8 rounds, a thousandth from 9 to 26, so
    that two different means of a long event do not become equal. Ten players meet in nine rounds
    (a round robin's table played as a Swiss: Buchholz counts every opponent): player 1 wins every
    game; of the others the lower number wins when the two numbers add up to a multiple of 3, the
    rest are drawn. Each AOB is the mean of nine Buchholz values kept to the thousandth (½ up),
    and for some player the hundredth would give another value."""
    section = _fide(make_section(10, _round_robin_rounds(10), scoring=CHESS, system="dutch"),
                    Tiebreak("opponent-score"), Tiebreak("opponents-buchholz"))
    values = _values(section)
    buchholz = {p: Fraction(v[0], 2) for p, v in values.items()}
    means = {p: sum(buchholz[q] for q in buchholz if q != p) / 9 for p in buchholz}
    assert {p: v[1] for p, v in values.items()} == {p: _rounded(m, 1000) * 2 for p, m in means.items()}
    assert any(_rounded(m, 100) != _rounded(m, 1000) for m in means.values())


def _rounded(value: Fraction, per: int) -> Fraction:
    """`value` to the 1/`per`, ½ up."""
    return Fraction(int(value * per + Fraction(1, 2)), per)


def _round_robin_rounds(players: int) -> list[list[tuple[int, int, str]]]:
    """Berger rounds of an even field: player 1 wins each game; of the others the lower number wins
    when the two numbers add up to a multiple of 3, the rest are drawn."""
    others = list(range(2, players + 1))
    rounds = []
    for _ in range(players - 1):
        table = [1, *others]
        pairs = [(table[i], table[-1 - i]) for i in range(players // 2)]
        rounds.append([(a, b, _result(a, b)) for a, b in pairs])
        others = [others[-1], *others[:-1]]
    return rounds


def _result(a: int, b: int) -> str:
    if 1 in (a, b) or (a + b) % 3 == 0:
        return "1-0" if a < b else "0-1"
    return "="
