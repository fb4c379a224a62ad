"""The results stage: what the engine says of each section, computed once per build and shared by
every page, export and language of its event.

The pipeline is content → model (`content`) → checked model (`checks`) → results (here) → page data
(`views`, which format and never call the engine) → render (`render.html`, `render.pdf`) → output
(`build`). Each value is computed the first time a page asks for it and kept.
"""

from __future__ import annotations

from site_builder.results.event import EventResults, event_results, site_results
from site_builder.results.section import SectionResults, section_results

__all__ = ["EventResults", "SectionResults", "event_results", "section_results", "site_results"]
