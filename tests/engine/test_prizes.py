"""Prize allocation: one prize per person, categories, sharing among tied players."""

from __future__ import annotations

import html
import re
from decimal import Decimal

from site_builder.engine.prizes import Prize, PrizeConfig, allocate


def places(*amounts: int, category: str = "") -> tuple[Prize, ...]:
    return tuple(Prize(category, i, Decimal(a)) for i, a in enumerate(amounts, start=1))


def result(awards) -> list[tuple[str, int, tuple[int, ...], Decimal]]:
    return [(a.prize.category, a.prize.place, a.players, a.amount) for a in awards]


def test_place_prizes_by_the_tiebreak_order() -> None:
    config = PrizeConfig(places=places(1000, 500, 300))
    assert result(allocate([[4], [2], [7], [1]], config)) == [
        ("", 1, (4,), Decimal("1000.00")), ("", 2, (2,), Decimal("500.00")), ("", 3, (7,), Decimal("300.00"))]


def test_one_prize_per_person_goes_to_the_most_valuable() -> None:
    """The best woman is 3rd: she takes the 3rd place prize (300) rather than the women's (200), and
    the women's prize goes to the next woman; if the women's prize were worth more, she would take it."""
    women = {3, 5, 9}
    config = PrizeConfig(places=places(1000, 500, 300),
                         categories=(("women", women.__contains__, places(200, category="women")),))
    assert result(allocate([[1], [2], [3], [4], [5], [9]], config)) == [
        ("", 1, (1,), Decimal("1000.00")), ("", 2, (2,), Decimal("500.00")), ("", 3, (3,), Decimal("300.00")),
        ("women", 1, (5,), Decimal("200.00"))]
    richer = PrizeConfig(places=places(1000, 500, 300),
                         categories=(("women", women.__contains__, places(400, category="women")),))
    assert result(allocate([[1], [2], [3], [4], [5], [9]], richer)) == [
        ("", 1, (1,), Decimal("1000.00")), ("", 2, (2,), Decimal("500.00")), ("", 3, (4,), Decimal("300.00")),
        ("women", 1, (3,), Decimal("400.00"))]


def test_cumulative_prizes_when_configured() -> None:
    women = {1}
    config = PrizeConfig(places=places(1000), one_per_person=False,
                         categories=(("women", women.__contains__, places(200, category="women")),))
    assert [a.players for a in allocate([[1], [2]], config)] == [(1,), (1,)]


def test_hort_sharing_among_tied_players() -> None:
    """Three players tied for 2nd–4th share 500 + 300 + 200 equally; the tie for 5th–6th shares 100."""
    config = PrizeConfig(places=places(1000, 500, 300, 200, 100), sharing="hort")
    assert result(allocate([[1], [2, 3, 4], [5, 6]], config)) == [
        ("", 1, (1,), Decimal("1000.00")), ("", 2, (2, 3, 4), Decimal("333.33")),
        ("", 5, (5, 6), Decimal("50.00"))]


def test_players_the_tiebreak_chain_leaves_equal_share_their_prize_places() -> None:
    """docs/content.md, "Prizes": under `sharing: tiebreak` the chain decides the places it can; the
    players it leaves equal on prize places (tests/fixtures/shogi-ties: 1, 3 and 6 on places 1-3)
    pool the money of those places and split it as Hort does ("prizes 1–3"), never by pairing
    number; the places the chain decided go by rank, and the women's prize to a woman without a
    share."""
    women = {3, 4}
    config = PrizeConfig(places=places(30000, 20000, 10000),
                         categories=(("women", women.__contains__, places(5000, category="women")),))
    awards = allocate([[1, 3, 6], [2], [7], [4, 5]], config)
    assert result(awards) == [("", 1, (1, 3, 6), Decimal("20000.00")), ("women", 1, (4,), Decimal("5000.00"))]
    assert awards[0].pooled == 3
    decided = allocate([[1], [2, 3], [4]], PrizeConfig(places=places(1000, 500, 300, 200)))
    assert result(decided) == [("", 1, (1,), Decimal("1000.00")), ("", 2, (2, 3), Decimal("400.00")),
                               ("", 4, (4,), Decimal("200.00"))]
    assert [a.pooled for a in decided] == [1, 2, 1]


def test_tied_players_sharing_places_take_no_further_place_prize_when_cumulative() -> None:
    config = PrizeConfig(places=places(300, 200, 100), one_per_person=False)
    assert result(allocate([[1, 2], [3], [4]], config)) == [
        ("", 1, (1, 2), Decimal("250.00")), ("", 3, (3,), Decimal("100.00"))]


def test_a_tie_below_the_prize_places_changes_nothing() -> None:
    config = PrizeConfig(places=places(300, 200))
    assert result(allocate([[1], [2], [3, 4]], config)) == [
        ("", 1, (1,), Decimal("300.00")), ("", 2, (2,), Decimal("200.00"))]


def test_unranked_entries_are_skipped() -> None:
    config = PrizeConfig(places=places(100, 50))
    awards = allocate([[1], [2], [3]], config, eligible=lambda p: p != 1)
    assert [a.players for a in awards] == [(2,), (3,)]


def test_club_open_example_matches_a_hand_computation(tmp_path) -> None:
    """content/2025-club-open: no tiebreaks, so equal points share places, and Hort sharing.

    Final: 1 Dubois 4.0; 2-3 Kowalski, Ahmed 3.5; 4-6 Tanaka, Smith, Lee 3.0; 7-8 O'Brien, García 2.5; …
    - 1st 500 → Dubois; places 2–3 (300 + 200) shared → 250 each; place 4 (100) shared by 4–6 →
      33.34, 33.33, 33.33 (the whole 100 paid out);
    - categories, most valuable first, one prize per person: best woman (100) → García (Dubois and
      Tanaka already have prizes); under 16 (80) → Jensen (Tanaka, Smith, Ahmed have prizes);
      rating 1400–1699 (60) → Novak (Smith, García have prizes); best unrated (a book) → nobody left.
    """
    from pathlib import Path

    from site_builder.build import build_site

    root = Path(__file__).resolve().parents[2]
    build_site(root / "content" / "2025-club-open", tmp_path / "out", pdf=False)
    page = (tmp_path / "out" / "2025-club-open" / "open" / "prizes.html").read_text(encoding="utf-8")
    rows = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(r))).strip()
            for r in re.findall(r"<tr>.*?</tr>", page.split("<tbody>")[1].split("</tbody>")[0], re.S)]
    assert rows == [
        # the prize beside its category, so that a phone shows it (issue 18); names joined by "; "
        "Overall · prize 1 500 EUR Dubois, Claire 1 4.0",
        "Overall · prizes 2–3 250 EUR Kowalski, Piotr ; Ahmed, Omar (tied players share the money) "
        "2-3, 2-3 3.5, 3.5",
        # the pool to the cent: the odd cent to the first of the tied as the standings list them
        "Overall · prize 4 33.34 / 33.33 / 33.33 EUR Tanaka, Yui ; Smith, Jack ; Lee, Min-jun (tied players "
        "share the money) "
        "4-6, 4-6, 4-6 3.0, 3.0, 3.0",
        "Best woman · prize 1 100 EUR García, Lucía 7-8 2.5",
        "Rating 1400–1699 · prize 1 60 EUR Novak, Jan 9 2.0",
        "Under 16 · prize 1 80 EUR Jensen, Ida 10-12 1.0",
        "Arbiters' decision Fair play award Rossi, Marco 10-12 1.0",
    ]


def test_levels_marks_grants_and_withdrawals_in_the_example(tmp_path) -> None:
    """Levels by rank or score (best first), a score mark, an arbiters' grant and a withdrawal."""
    from pathlib import Path

    from site_builder.build import build_site

    root = Path(__file__).resolve().parents[2]
    build_site(root / "content" / "2025-club-open", tmp_path / "out", pdf=False)
    page = (tmp_path / "out" / "2025-club-open" / "open" / "prizes.html").read_text(encoding="utf-8")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(page)))
    assert "Arbiters' decision Fair play award Rossi, Marco" in text
    levels = text.split("Award levels")[1]
    assert "1 Dubois, Claire 4.0 Gold Certificate" in levels
    assert "2-3 Kowalski, Piotr 3.5 Silver Certificate" in levels
    assert "4-6 Tanaka, Yui 3.0 Bronze Certificate" in levels
    assert "7-8 O'Brien, Sean 2.5 Certificate" in levels
    assert "Müller, Anna prize withdrawn by the arbiters" in levels


def test_level_boundaries() -> None:
    """A level is reached with rank ≤ r or score ≥ s: just below, at and above each boundary."""
    from site_builder.engine.prizes import Level, level_for

    levels = (Level("gold", rank=1), Level("silver", rank=4, score=Decimal(180)),
              Level("bronze", score=Decimal(120)))
    assert level_for(1, Decimal(0), levels) == "gold"
    assert level_for(4, Decimal(0), levels) == "silver"
    assert level_for(5, Decimal("179.999"), levels) == "bronze"  # below silver, above bronze
    assert level_for(5, Decimal(180), levels) == "silver"
    assert level_for(None, Decimal("119.999"), levels) is None
    assert level_for(None, Decimal(120), levels) == "bronze"
