"""The page "Why these pairings?" of a round (`round-NN-why.html`), for a system that explains its
pairings (its extra named `PAIRING_WHY`): one template and one URL for every such system, each
system's reasons put in words by its own module (`why_go`: OpenGotha's weights; `why_dutch`: the
criteria of FIDE's Dutch system)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from site_builder.systems import system_of
from site_builder.systems.base import PAIRING_WHY
from site_builder.views.page import Page
from site_builder.views.section import SectionData

if TYPE_CHECKING:
    from site_builder.pairing.dutch.why import RoundWhy as DutchWhy
    from site_builder.pairing.gotha.why import RoundWhy as GoWhy


def explained(data: SectionData) -> dict[int, GoWhy | DutchWhy]:
    """The explained rounds of the section, by number (none when its system explains none)."""
    own = next((e for e in system_of(data.section).extras if e.name == PAIRING_WHY), None)
    return data.results.extra(own) if own is not None else {}


def why_url(data: SectionData, n: int) -> str:
    """The page explaining round `n`'s pairings, "" when there is none."""
    return f"{data.base}/round-{n:02d}-why.html" if n in explained(data) else ""


def why_pages(data: SectionData, base: dict[str, Any]) -> list[Page]:
    """One page per explained round."""
    t = data.labels
    return [Page(why_url(data, n), "round_why.html", f"{data.section.name} · {t('why_title', n=n)}",
                 {**base, **_context(data, why), "n": n, "round_url": data.round_url(n)})
            for n, why in explained(data).items()]


def _context(data: SectionData, why: GoWhy | DutchWhy) -> dict[str, Any]:
    """The page's parts in the template's one shape: intro, changed, notes, groups, bye, tables.

    Each system's words are imported only for a page of that system: go's come with OpenGotha's
    weights and numpy, which a build that renders no go page does without."""
    from site_builder.pairing.dutch.why import RoundWhy as DutchWhy

    if isinstance(why, DutchWhy):
        from site_builder.views.why_dutch import dutch_context

        return dutch_context(data, why)
    from site_builder.views.why_go import go_context

    return go_context(data, why)
