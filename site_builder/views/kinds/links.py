"""The links of every section's navigation to pages its page set makes: its current round, the
provisional next round, its latest standings and its secret codes once published."""

from __future__ import annotations

from site_builder.views.page_kind import Link, PageKind, register
from site_builder.views.section import SectionData, codes_published


def _current_round(data: SectionData) -> list[Link]:
    if not data.section.rounds:
        return []
    n = data.section.current_round
    return [{"title": data.labels("round", n=n), "url": data.round_url(n)}]


def _provisional_round(data: SectionData) -> list[Link]:
    if not data.preview:
        return []
    t, n = data.labels, data.preview.number
    return [{"title": f"{t('round', n=n)} ({t.provisional})", "url": data.round_url(n)}]


def _standings(data: SectionData) -> list[Link]:
    if not data.standings:
        return []
    return [{"title": data.labels.standings, "url": data.standings_url(max(data.standings))}]


def _codes(data: SectionData) -> list[Link]:
    if not codes_published(data.section):
        return []
    return [{"title": data.labels.codes, "url": f"{data.base}/codes.html"}]


register(PageKind("current_round", 110, links=_current_round))
register(PageKind("provisional_round", 120, links=_provisional_round))
register(PageKind("standings", 300, links=_standings))
register(PageKind("codes", 440, links=_codes))
