"""Warnings about content that is valid but probably unfinished; `bulletin build --strict` (for CI)
fails on them, a normal build prints them."""

from __future__ import annotations

from pathlib import Path

from site_builder.errors import Location, Problem
from site_builder.model import Site


def content_warnings(site: Site) -> list[Problem]:
    """Pending results in a round older than the section's latest round."""
    out = []
    for event in site.events:
        for section in event.sections:
            latest = section.current_round
            for rnd in section.rounds:
                if rnd.number < latest and rnd.pending:
                    out.append(Problem(rnd.loc or Location(rnd.source or Path("?")),
                                       f"round {rnd.number} of {section.name!r} still has {rnd.pending} "
                                       f"result(s) pending while round {latest} exists",
                                       "enter the missing results"))
    return sorted(out, key=lambda p: p.location)
