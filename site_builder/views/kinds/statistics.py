"""The statistics page of a section: results by side, decisive games, forfeits and byes per round,
and the upsets by rating (figures from `engine/statistics.py` through the section's results)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_builder.engine.statistics import Tally
from site_builder.views.page import Page
from site_builder.views.page_kind import Link, PageKind, SectionPages, register
from site_builder.views.section import SectionData

#: Upsets listed on the page, largest rating difference first (the count covers them all).
UPSETS_SHOWN = 20


def percent(part: Fraction | int | None, whole: int = 1) -> str:
    """A share as a whole percentage, "" when there is nothing to share.

    >>> percent(Fraction(2, 3)), percent(3, 8), percent(0, 0)
    ('67%', '38%', '')
    """
    if part is None or not whole:
        return ""
    value = Fraction(part) / whole * 100
    return f"{int(value + Fraction(1, 2))}%"


def tally_row(label: str, tally: Tally, url: str = "") -> dict[str, Any]:
    return {
        "label": label, "url": url, "played": tally.played,
        "first_wins": tally.first_wins, "draws": tally.draws, "second_wins": tally.second_wins,
        "first_score": percent(tally.first_score), "decisive": percent(tally.decisive, tally.played),
        "forfeits": tally.forfeits + tally.double_forfeits, "byes": tally.byes + tally.requested_byes,
        "absent": tally.absent, "pending": tally.pending, "upsets": tally.upsets, "abnormal": tally.abnormal,
    }


def statistics_page(data: SectionData, base: dict[str, Any]) -> Page | None:
    """The page, or None for a section without a game yet."""
    stats = data.results.statistics
    if not stats.rounds:
        return None
    t, game = data.labels, data.event.game
    rows = [tally_row(t("round", n=n), tally, data.round_url(n)) for n, tally in sorted(stats.rounds.items())]
    upsets = [{"round": u.round, "round_url": data.round_url(u.round), "board": u.board,
               "winner": data.ref(u.winner), "loser": data.ref(u.loser),
               "winner_rating": data.section.player(u.winner).rating,
               "loser_rating": data.section.player(u.loser).rating, "difference": u.difference}
              for u in stats.upsets[:UPSETS_SHOWN]]
    return Page(f"{data.base}/statistics.html", "statistics.html", f"{data.section.name} · {t.statistics}", {
        **base, "rows": rows, "total": tally_row(t.total, stats.total),
        "first": t.side(game, False), "second": t.side(game, True),
        "upsets": upsets, "upsets_total": len(stats.upsets),
        "rated": any(p.rating is not None for p in data.section.players),
        "handicaps": any(g.handicap for r in data.section.rounds for g in r.games),
    })


def _pages(section: SectionPages) -> list[Page]:
    page = statistics_page(section.data, section.base)
    return [page] if page else []


def _links(data: SectionData) -> list[Link]:
    if not data.results.statistics.rounds:
        return []
    return [{"title": data.labels.statistics, "url": f"{data.base}/statistics.html"}]


register(PageKind("statistics", 450, pages=_pages, links=_links))
