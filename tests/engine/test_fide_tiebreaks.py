"""FIDE Handbook C.07 (Tie-Break Regulations, 2023) under `tiebreak_rules: fide`: worked examples.

The example event is tests/fixtures/fide-open (chess, 1/½/0, 4 rounds, Swiss):

    rd  games (white first)                         unplayed
    1   Ana–Eli 1-0   Ben–Fay ½-½   Cas–Gus +- (forfeit)   Dia: pairing-allocated bye (1)
    2   Fay–Ana 0-1   Eli–Cas ½-½   Gus–Dia ½-½            Ben: requested half-point bye; Gus withdraws
    3   Ana–Dia ½-½   Ben–Cas 1-0   Eli–Fay 0-1            Gus: not paired
    4   Cas–Ana ½-½   Ben–Eli 1-0   Fay–Dia 0-1            Gus: not paired

Scores: Ana 3, Ben 3 (½ + ½bye + 1 + 1), Dia 3 (1 bye + ½ + ½ + 1), Cas 2 (1 forfeit + ½ + 0 + ½),
Fay 1½, Eli ½, Gus ½ (0 forfeit + ½). Ratings: Ana 2000, Ben 1900, Cas 1800, Dia 1700, Eli 1600,
Fay 1505, Gus unrated. Numbers 1–7 in that order.

Article 16, worked by hand:
- 16.3 adjusted scores (the scores opponents' tiebreaks use): Gus's rounds 3–4 come after his last
  round played (16.2.5) and count as draws: 0 + ½ + ½ + ½ = 1½. His round-1 forfeit loss (16.2.4)
  counts as scored (0). Ben's half-point bye is followed by games (16.2.3): it counts as scored.
  Every other adjusted score is the score.
- 16.4 each unplayed round of a player is a game against a dummy with the player's own score:
  Dia's bye → 3, Cas's forfeit win → 2, Ben's half-point bye → 3, Gus's forfeit loss and
  rounds 3–4 → ½ each.
- 16.5 cuts remove the voluntarily unplayed rounds (requested byes, absences, forfeit losses) first.

Buchholz elements (8.1), round by round:
    Ana  Eli ½, Fay 1½, Dia 3, Cas 2                     = 7
    Ben  Fay 1½, dummy 3 (VUR), Cas 2, Eli ½             = 7
    Cas  dummy 2, Eli ½, Ben 3, Ana 3                    = 8½
    Dia  dummy 3, Gus 1½ (adjusted), Ana 3, Fay 1½       = 9
    Eli  Ana 3, Cas 2, Fay 1½, Ben 3                     = 9½
    Fay  Ben 3, Ana 3, Eli ½, Dia 3                      = 9½
    Gus  dummy ½ (VUR), Dia 3, dummy ½ (VUR), dummy ½ (VUR) = 4½
The values below are in engine units: half points for points (×2), quarter points for
Sonneborn-Berger (×4); counts and ratings as they are.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from site_builder.content.loader import load_site
from site_builder.engine.fide_tiebreaks import direct_encounter
from site_builder.engine.fide_unplayed import adjusted_score
from site_builder.engine.scoring import Entry, Kind, records
from site_builder.engine.standings import standings
from site_builder.engine.tiebreaks import TiebreakInput
from site_builder.model import Ranking, Section

FIXTURE = Path(__file__).parent.parent / "fixtures" / "fide-open"
ANA, BEN, CAS, DIA, ELI, FAY, GUS = range(1, 8)


@pytest.fixture(scope="module")
def section() -> Section:
    return load_site(FIXTURE).events[0].sections[0]


@pytest.fixture(scope="module")
def table(section):
    return standings(section, records(section), 4)


def column(section, table, label: str) -> dict[int, object]:
    """One tiebreak column by its place in the event's chain (see the fixture's event.yaml)."""
    chain = ["DE", "BH-C1", "BH", "BH-C2", "BH-M1", "SB", "WIN", "WON", "BPG", "BWG", "PS", "ARO",
             "ARO-C1", "KS", "AOB"]
    index = chain.index(label)
    return {row.player: row.values[index] for row in table.rows}


def test_buchholz_counts_unplayed_rounds_by_article_16(section, table):
    """C.07 8.1 with 16.3 (Gus counts 1½ for Dia) and 16.4 (dummies): see the module docstring."""
    assert column(section, table, "BH") == {
        ANA: 14, BEN: 14, CAS: 17, DIA: 18, ELI: 19, FAY: 19, GUS: 9}


def test_cut_1_removes_a_voluntarily_unplayed_round_first(section, table):
    """C.07 14.1 with 16.5: Ben's lowest element is Eli's ½, but his half-point bye (dummy 3) is
    the VUR and is cut: 7 − 3 = 4. Gus cuts a ½ dummy: 4. Dia's pairing-allocated bye is no VUR:
    the lowest value (Gus 1½ or Fay 1½) goes: 9 − 1½ = 7½. Ana 7 − ½ = 6½, Cas 8½ − ½ = 8,
    Eli 9½ − 1½ = 8, Fay 9½ − ½ = 9."""
    assert column(section, table, "BH-C1") == {
        ANA: 13, BEN: 8, CAS: 16, DIA: 15, ELI: 16, FAY: 18, GUS: 8}


def test_cut_2_reapplies_the_vur_rule(section, table):
    """C.07 14.2 with 16.5: Ben loses the bye (3) and then the lowest (½): 7 − 3½ = 3½; Gus two
    ½ dummies: 3½. Ana 7 − ½ − 1½ = 5; Cas 8½ − ½ − 2 = 6; Dia 9 − 1½ − 1½ = 6;
    Eli 9½ − 1½ − 2 = 6; Fay 9½ − ½ − 3 = 6."""
    assert column(section, table, "BH-C2") == {
        ANA: 10, BEN: 7, CAS: 12, DIA: 12, ELI: 12, FAY: 12, GUS: 7}


def test_median_1_cuts_the_lowest_then_the_highest(section, table):
    """C.07 14.3: Ana 7 − ½ − 3 = 3½; Ben 7 − 3 (VUR) − 2 = 2; Cas 8½ − ½ − 3 = 5;
    Dia 9 − 1½ − 3 = 4½; Eli 9½ − 1½ − 3 = 5; Fay 9½ − ½ − 3 = 6; Gus 4½ − ½ − 3 = 1."""
    assert column(section, table, "BH-M1") == {
        ANA: 7, BEN: 4, CAS: 10, DIA: 9, ELI: 10, FAY: 12, GUS: 2}


def test_sonneborn_berger_multiplies_by_the_points_scored(section, table):
    """C.07 9.1 with 16.4 (quarter points): Ana ½·1 + 1½·1 + 3·½ + 2·½ = 4½;
    Ben 1½·½ + 3·½ (bye dummy) + 2·1 + ½·1 = 4¾; Cas 2·1 (forfeit dummy) + ½·½ + 0 + 3·½ = 3¾;
    Dia 3·1 (bye dummy) + 1½·½ + 3·½ + 1½·1 = 6¾; Eli 2·½ = 1; Fay 3·½ + ½·1 = 2;
    Gus 3·½ = 1½ (his dummies score 0 against him)."""
    assert column(section, table, "SB") == {
        ANA: 18, BEN: 19, CAS: 15, DIA: 27, ELI: 4, FAY: 8, GUS: 6}


def test_wins_count_unplayed_rounds_scored_as_wins(section, table):
    """C.07 7.1 WIN: Dia's bye and Cas's forfeit win count; 7.2 WON: over the board only."""
    assert column(section, table, "WIN") == {ANA: 2, BEN: 2, CAS: 1, DIA: 2, ELI: 0, FAY: 1, GUS: 0}
    assert column(section, table, "WON") == {ANA: 2, BEN: 2, CAS: 0, DIA: 1, ELI: 0, FAY: 1, GUS: 0}


def test_black_games_and_black_wins(section, table):
    """C.07 7.3 BPG, 7.4 BWG: games played over the board with black (the forfeit is none):
    Ana rd 2, 4 (won rd 2); Cas rd 2, 3; Dia rd 2, 3, 4 (won rd 4); Eli rd 1, 4; Fay rd 1, 3
    (won rd 3); Ben and Gus never."""
    assert column(section, table, "BPG") == {ANA: 2, BEN: 0, CAS: 2, DIA: 3, ELI: 2, FAY: 2, GUS: 0}
    assert column(section, table, "BWG") == {ANA: 1, BEN: 0, CAS: 0, DIA: 1, ELI: 0, FAY: 1, GUS: 0}


def test_progressive_score(section, table):
    """C.07 7.5: Ana 1 + 2 + 2½ + 3 = 8½; Ben ½ + 1 + 2 + 3 = 6½; Cas 1 + 1½ + 1½ + 2 = 6;
    Dia 1 + 1½ + 2 + 3 = 7½; Eli 0 + ½ + ½ + ½ = 1½; Fay ½ + ½ + 1½ + 1½ = 4; Gus 1½."""
    assert column(section, table, "PS") == {ANA: 17, BEN: 13, CAS: 12, DIA: 15, ELI: 3, FAY: 8, GUS: 3}


def test_average_rating_of_opponents(section, table):
    """C.07 10.1 (over the board, unrated Gus left out, ½ rounded up):
    Ana (1600+1505+1700+1800)/4 = 1651.25 → 1651; Ben (1505+1800+1600)/3 = 1635;
    Cas (1600+1900+2000)/3 = 1833.3 → 1833; Dia (2000+1505)/2 = 1752.5 → 1753;
    Eli (2000+1800+1505+1900)/4 = 1801.25 → 1801; Fay 7200/4 = 1800; Gus 1700.
    ARO-C1 (14.1) leaves out the lowest: Ana 5100/3 = 1700; Ben 3400/2 = 1700; Cas 3900/2 = 1950;
    Dia 2000; Eli 5700/3 = 1900; Fay 5600/3 = 1866.7 → 1867; Gus, with one rated opponent, has
    none left: no value (None), as FIDE's published answers give none."""
    assert column(section, table, "ARO") == {
        ANA: 1651, BEN: 1635, CAS: 1833, DIA: 1753, ELI: 1801, FAY: 1800, GUS: 1700}
    assert column(section, table, "ARO-C1") == {
        ANA: 1700, BEN: 1700, CAS: 1950, DIA: 2000, ELI: 1900, FAY: 1867, GUS: None}


def test_koya(section, table):
    """C.07 9.2: points against opponents with at least 50 % of the maximum (2 of 4): Ana, Ben,
    Cas, Dia qualify. Ana ½ (Dia) + ½ (Cas) = 1; Ben 1 (Cas); Cas 0 (Ben) + ½ (Ana); Dia ½ (Ana);
    Eli ½ (Cas); Fay ½ (Ben); Gus ½ (Dia)."""
    assert column(section, table, "KS") == {ANA: 2, BEN: 2, CAS: 1, DIA: 1, ELI: 1, FAY: 1, GUS: 1}


def test_average_of_opponents_buchholz(section, table):
    """C.07 8.2: the mean Buchholz of the opponents met, to the hundredth (½ up, as FIDE's
    published answers): Ana (9½+9½+9+8½)/4 = 9.125 → 9.13; Ben (9½+8½+9½)/3 = 9.1666… → 9.17;
    Cas (9½+7+7)/3 = 7.8333… → 7.83; Dia (4½+7+9½)/3 = 7; Eli (7+8½+9½+7)/4 = 8;
    Fay (7+7+9½+9)/4 = 8.125 → 8.13; Gus 9. Values in half points."""
    assert column(section, table, "AOB") == {
        ANA: Fraction(913, 50), BEN: Fraction(917, 50), CAS: Fraction(783, 50), DIA: 14, ELI: 16,
        FAY: Fraction(813, 50), GUS: 18}


def test_ranking(section, table):
    """C.07 6.3: Ana, Ben and Dia (3 points) have not all met (only Ana–Dia, drawn): Ana and Dia
    score ½ with at most 1½ within reach, Ben 0 with 2 in reach, so nobody is ranked by DE.
    BH-C1 then orders them Dia 7½, Ana 6½, Ben 4 (where plain Buchholz ties Ana and Ben at 7).
    Eli and Gus (½) never met; BH-C1 8 against 4."""
    assert [(row.place, row.player) for row in table.rows] == [
        (1, DIA), (2, ANA), (3, BEN), (4, CAS), (5, FAY), (6, ELI), (7, GUS)]
    assert column(section, table, "DE") == dict.fromkeys(range(1, 8))


def test_direct_encounter_of_a_pair_that_met(section):
    """C.07 6.1: Ana and Dia drew their game: ½ each (1 in half-point units)."""
    ctx = TiebreakInput(section, records(section), 4)
    assert direct_encounter(ctx, [ANA, DIA]) == {ANA: 1, DIA: 1}


def test_direct_encounter_averages_repeated_meetings(make_section):
    """C.07 6.1.2 (2/1/0 scoring, a double round robin): 1 beat 2 and drew the return game, so
    1 scores (2 + 1)/2 = 1½ and 2 (0 + 1)/2 = ½ against each other."""
    section = replace(make_section(2, [[(1, 2, "1-0")], [(2, 1, "=")]]), ranking=Ranking(rules="fide"))
    ctx = TiebreakInput(section, records(section), 2)
    assert direct_encounter(ctx, [1, 2]) == {1: Fraction(3, 2), 2: Fraction(1, 2)}


def test_direct_encounter_ranks_a_leader_out_of_reach(make_section):
    """C.07 6.3 (2/1/0): in the tied group 1, 2, 3, 4, player 1 beat 2 and 3 (4 points) and has
    not met 4; 2 beat 3 (2, reach 2 + 2 = 4 with a win over 4); 3 has 0 with one game missing
    (reach 2), 4 has 0 with three (reach 6). Nobody is out of reach of 4, so nobody is ranked; after
    1 also beats 4 (6 points) and 4 has still 2 games to come (reach 4), 1 is ranked first and
    the others stay tied."""
    rounds = [[(1, 2, "1-0"), (3, 5, "1-0")], [(1, 3, "1-0"), (2, 6, "0-1")], [(2, 3, "1-0")]]
    section = replace(make_section(6, rounds), ranking=Ranking(rules="fide"))
    assert direct_encounter(TiebreakInput(section, records(section), 3), [1, 2, 3, 4]) is None
    section = replace(make_section(6, [*rounds, [(1, 4, "1-0")]]), ranking=Ranking(rules="fide"))
    assert direct_encounter(TiebreakInput(section, records(section), 4), [1, 2, 3, 4]) == {
        1: 6, 2: None, 3: None, 4: None}


def test_direct_encounter_leaves_out_forfeits(section):
    """C.07 6.1.1: Cas won against Gus by forfeit; in a Swiss event that is no encounter, so
    the pair has not met and neither can be ranked by it (Cas 0 with 1 in reach, Gus the same)."""
    ctx = TiebreakInput(section, records(section), 4)
    assert direct_encounter(ctx, [CAS, GUS]) is None


def test_a_full_point_bye_is_not_voluntarily_unplayed(section):
    """16.2.1 and 16.5: a full-point bye (`full_byes:`) scores a win without playing, like the
    pairing-allocated bye, and is no VUR (docs/chess.md, "Tiebreaks where C.07 leaves room"). With
    Ben's round-2 bye a full-point one (chess: 1 point), Ben scores 3½ and his dummy is 3½ (16.4);
    BH 1½ + 3½ + 2 + ½ = 7½, and Cut-1 removes the least significant value, Eli's ½, not the
    dummy: 7. WIN (7.1) counts the bye, WON (7.2) does not."""
    rounds = list(section.rounds)
    rounds[1] = replace(rounds[1], half_byes=(), full_byes=(BEN,))
    section = replace(section, rounds=tuple(rounds))
    table = standings(section, records(section), 4)
    assert (column(section, table, "BH")[BEN], column(section, table, "BH-C1")[BEN]) == (15, 14)
    assert (column(section, table, "WIN")[BEN], column(section, table, "WON")[BEN]) == (3, 2)


def test_a_last_requested_bye_counts_as_a_draw_for_the_opponents():
    """16.3 (16.2.5): a requested half-point bye after the player's last game counts as a draw in
    the score the opponents' tiebreaks use; followed by a game it counts as scored (units: win 2,
    draw 1). A full-point bye (16.2.1) is a round the player was there for: it counts as scored
    wherever it falls."""
    win, loss = Entry(1, Kind.WIN, 2, 2), Entry(3, Kind.LOSS, 0, 4)
    half_bye, full_bye = Entry(2, Kind.HALF_BYE, 1, 3), Entry(2, Kind.FULL_BYE, 2, 4)
    assert adjusted_score((win, half_bye), 1) == 3
    assert adjusted_score((win, half_bye, loss), 1) == 3
    assert adjusted_score((win, full_bye), 1) == 4
    assert adjusted_score((win, full_bye, loss), 1) == 4
    assert adjusted_score((win, full_bye, Entry(3, Kind.ABSENT, 0, 4)), 1) == 5


def test_average_of_opponents_buchholz_in_a_round_robin_leaves_out_a_forfeit(make_section):
    """C.07 8.2 with 16.1: in a round robin a forfeited game counts for Buchholz, but AOB averages
    the opponents played. Four players, 1/½/0 (units ×2), one cycle; player 4 forfeits to 1 in
    round 1:  r1 1–4 +-, 2–3 1-0;  r2 1–3 ½-½, 4–2 0-1;  r3 2–1 ½-½, 3–4 1-0.
    Scores: 1: 1 + ½ + ½ = 2; 2: 1 + 1 + ½ = 2½; 3: 0 + ½ + 1 = 1½; 4: 0.
    Buchholz (round robin: every opponent counts): 1: 0 + 1½ + 2½ = 4; 2: 1½ + 0 + 2 = 3½;
    3: 2½ + 2 + 0 = 4½; 4: 2 + 2½ + 1½ = 6.
    AOB of 1: opponents played 3 and 2 (not 4, who forfeited): (4½ + 3½) / 2 = 4 — counting 4 too
    would give (6 + 4½ + 3½) / 3 = 4⅔."""
    from site_builder.model import Scoring, Tiebreak

    chess = Scoring(win=Fraction(1), draw=Fraction(1, 2), loss=Fraction(0), forfeit_win=Fraction(1),
                    forfeit_loss=Fraction(0), bye=Fraction(1))
    section = replace(make_section(4, [[(1, 4, "+-"), (2, 3, "1-0")], [(1, 3, "="), (4, 2, "0-1")],
                                       [(2, 1, "="), (3, 4, "1-0")]],
                                   scoring=chess, system="round-robin"),
                      tiebreaks=(Tiebreak("opponent-score"), Tiebreak("opponents-buchholz")),
                      ranking=Ranking(rules="fide"))
    table = standings(section, records(section), 3, round_robin=True)
    values = {row.player: row.values for row in table.rows}
    assert values[1] == (8, 8)  # BH 4 and AOB 4, in half points
    assert values[2][0] == 7 and values[3][0] == 9 and values[4][0] == 12
