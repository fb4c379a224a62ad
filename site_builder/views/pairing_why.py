"""The page "Why these pairings?" of a round (`round-NN-why.html`), for a system that explains its
pairings (its extra named `PAIRING_WHY`): one template and one URL for every such system, each
system's reasons put in words by its own view (`Explains.why_view`: `why_go` for OpenGotha's
weights, `why_dutch` for the criteria of FIDE's Dutch system)."""

from __future__ import annotations

import importlib
from typing import Any

from site_builder.systems import system_of
from site_builder.systems.base import PAIRING_WHY, Explains
from site_builder.views.page import Page
from site_builder.views.section import SectionData
from site_builder.views.why_kept import kept_context


def explained(data: SectionData) -> dict[int, Any]:
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


def _context(data: SectionData, why: object) -> dict[str, Any]:
    """The page's parts in the template's one shape: intro, changed, notes, groups, bye, tables, by
    the system's own view (imported only for a page of that system: go's come with OpenGotha's
    weights and numpy, which a build that renders no go page does without); for a round its
    system's record says was kept as played after a correction before it (`kept`), the plain page
    of `why_kept`."""
    system = system_of(data.section)
    if not isinstance(system, Explains):
        raise TypeError(f"the {system.name} system explains its pairings but names no why_view")
    module, _, name = system.why_view.partition(":")
    view = getattr(importlib.import_module(module), name)
    context: dict[str, Any] = view(data, why)
    kept = getattr(why, "kept", None)  # a round kept as played after a correction (`pair --accept`)
    return kept_context(data, context, kept) if kept is not None else context
