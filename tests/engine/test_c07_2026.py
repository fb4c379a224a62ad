"""FIDE C.07 with Article 16.4 as amended in 2026 (approved by the FIDE Council on 2 February 2026,
applied to events from 1 March 2026): the dummy opponent of an unplayed round still has the
participant's own score, but no more than

- 16.4.1: the scheduled opponent's adjusted score (16.3), for a forfeit (16.2.2 won, 16.2.4 lost);
- 16.4.2: the points of a draw times the number of rounds in the tournament, for the other
  unplayed rounds (16.2.1 byes, 16.2.3 requested byes and absences, 16.2.5 rounds after the last).

The example is tests/fixtures/fide-open (see tests/engine/test_fide_tiebreaks.py, where its values
are worked under the 2023 text its dates select), ranked again under the 2026 text: chess 1/½/0,
4 rounds, so the 16.4.2 limit is ½ × 4 = 2. Adjusted scores (16.3) are unchanged: Gus 1½, every
other player's their score (Ana 3, Ben 3, Cas 2, Dia 3, Eli ½, Fay 1½).

    dummy            2023 text   2026 text
    Dia, bye r1      3           min(3, 2) = 2                         16.4.2 (16.2.1)
    Ben, ½-bye r2    3           min(3, 2) = 2                         16.4.2 (16.2.3)
    Cas, forfeit win 2           min(2, Gus's adjusted 1½) = 1½        16.4.1 (16.2.2)
    Gus, forfeit loss ½          min(½, Cas's adjusted 2) = ½          16.4.1 (16.2.4)
    Gus, r3 and r4   ½           min(½, 2) = ½                         16.4.2 (16.2.5)

Values in engine units: half points (×2), Sonneborn-Berger quarter points (×4).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from site_builder.content.loader import load_site
from site_builder.engine.fide_unplayed import dummy_limit, dummy_score
from site_builder.engine.scoring import Entry, Kind, records
from site_builder.engine.standings import standings
from site_builder.model import Section, Tiebreak

FIXTURE = Path(__file__).parent.parent / "fixtures" / "fide-open"
ANA, BEN, CAS, DIA, ELI, FAY, GUS = range(1, 8)
CHAIN = (Tiebreak("opponent-score"), Tiebreak("opponent-score", {"cut": 1}), Tiebreak("sonneborn-berger"))


@pytest.fixture(scope="module")
def dated_2023() -> Section:
    section = load_site(FIXTURE).events[0].sections[0]
    assert section.ranking.c07_text == "2023"  # dates: [2025-05-03, 2025-05-04]
    return replace(section, tiebreaks=CHAIN)


def as_2026(section: Section) -> Section:
    """`section` under the 2026 text of C.07."""
    return replace(section, ranking=replace(section.ranking, c07_text="2026"))


def _columns(section: Section, upto: int = 4) -> list[dict[int, object]]:
    table = standings(section, records(section), upto)
    return [{row.player: row.values[k] for row in table.rows} for k in range(len(CHAIN))]


def test_16_4_2_caps_a_bye_at_a_draw_in_every_round(dated_2023):
    """Dia's pairing-allocated bye (16.2.1): dummy 2, not 3 — BH 2 + 1½ + 3 + 1½ = 8 (9 under the
    2023 text). Ben's requested half-point bye (16.2.3): dummy 2 — BH 1½ + 2 + 2 + ½ = 6 (7); his
    Cut-1 still removes that VUR (16.5): 4, as before."""
    bh_2023, cut_2023, _ = _columns(dated_2023)
    bh, cut, _ = _columns(as_2026(dated_2023))
    assert (bh_2023[DIA], bh_2023[BEN]) == (18, 14)
    assert (bh[DIA], bh[BEN]) == (16, 12)
    assert (cut_2023[BEN], cut[BEN]) == (8, 8)


def test_16_4_1_caps_a_forfeit_at_the_scheduled_opponents_adjusted_score(dated_2023):
    """Cas's forfeit win over Gus (16.2.2): dummy min(2, 1½) = 1½ — BH 1½ + ½ + 3 + 3 = 8 (8½), SB
    1½·1 + ½·½ + 3·0 + 3·½ = 3¼ (3¾). Gus's own forfeit loss (16.2.4) is capped at Cas's 2, above
    Gus's ½: his BH stays 4½."""
    bh_2023, _, sb_2023 = _columns(dated_2023)
    bh, _, sb = _columns(as_2026(dated_2023))
    assert (bh_2023[CAS], sb_2023[CAS]) == (17, 15)
    assert (bh[CAS], sb[CAS]) == (16, 13)
    assert bh[GUS] == bh_2023[GUS] == 9


def test_players_without_unplayed_rounds_keep_their_values(dated_2023):
    """Ana, Eli and Fay played every round: their elements are opponents' adjusted scores, which
    the amendment leaves as they were."""
    bh_2023, cut_2023, sb_2023 = _columns(dated_2023)
    bh, cut, sb = _columns(as_2026(dated_2023))
    for player in (ANA, ELI, FAY):
        assert (bh[player], cut[player], sb[player]) == (bh_2023[player], cut_2023[player], sb_2023[player])


def test_the_limit_counts_the_rounds_of_the_tournament_not_of_the_standings(dated_2023):
    """16.4.2 says "the number of rounds in the tournament": after round 2 of 4 the limit is still
    ½ × 4 = 2, above Dia's 1½ (bye 1, draw ½), so her bye's dummy is 1½ and her BH 1½ + Gus's ½ = 2
    — ½ × 2 rounds = 1 would give 1½."""
    section = as_2026(dated_2023)
    assert _columns(section, upto=2)[0][DIA] == 4


def test_dummy_score_by_category():
    """16.4 unit by unit (units: win 2, draw 1; limit `dummy_limit(1, 9)` = 9 for nine rounds)."""
    limit = dummy_limit(1, 9)
    assert limit == 9
    adjusted = {5: 4}
    forfeit_win = Entry(3, Kind.FORFEIT_WIN, 2, 6, opponent=5)
    double = Entry(3, Kind.DOUBLE_FORFEIT, 0, 4, opponent=5)
    bye, absent = Entry(3, Kind.BYE, 2, 6), Entry(3, Kind.ABSENT, 0, 4)
    assert dummy_score(forfeit_win, 12, adjusted, None) == 12  # 2023 text: the own score
    assert dummy_score(forfeit_win, 12, adjusted, limit) == 4  # 16.4.1
    assert dummy_score(double, 3, adjusted, limit) == 3  # 16.4.1, the own score lower
    assert dummy_score(bye, 12, adjusted, limit) == 9  # 16.4.2
    assert dummy_score(absent, 8, adjusted, limit) == 8  # 16.4.2, the own score lower


def test_every_value_is_the_one_fides_reference_checker_gives(dated_2023):
    """The fixture written by `bulletin export trf --format trf2026` with its first day moved to
    2026/04/15 (042), ranked by Gacrux (OttoMilvang/TieBreakServer `tiebreakchecker.py` 1.9.57,
    commit 14a34a2; `-t PTS BH BH/C1 SB`), which applies the amendment from 1 March 2026:
    BH 7, 6, 8, 8, 9½, 9½, 4½; BH-C1 6½, 4, 7½, 6½, 8, 9, 4; SB 4½, 4¼, 3¼, 5¾, 1, 2, 1½
    (players 1–7). Dated 2025/05/03 it gives the 2023 values of test_fide_tiebreaks.py."""
    bh, cut, sb = _columns(as_2026(dated_2023))
    players = (ANA, BEN, CAS, DIA, ELI, FAY, GUS)
    assert [bh[p] for p in players] == [14, 12, 16, 16, 19, 19, 9]
    assert [cut[p] for p in players] == [13, 8, 15, 13, 16, 18, 8]
    assert [sb[p] for p in players] == [18, 17, 13, 23, 4, 8, 6]
