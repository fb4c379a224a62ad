"""Checks of the loaded content against the rules of its systems (after `content` has loaded it):
knockout match formats and tiebreak chains. Every breach is a located `ContentError`."""

from __future__ import annotations

from pathlib import Path

from site_builder.content.loader import load_site
from site_builder.engine.knockout import main_players, violations
from site_builder.errors import Location, Problems
from site_builder.model import Section, Site
from site_builder.regulations import preset_for


def load_checked(content: Path) -> Site:
    """Load `content` and check it; raises `ContentError` listing every problem."""
    site = load_site(content)
    problems = Problems()
    for event in site.events:
        rules = preset_for(event.regulation, event.game).knockout
        for section in event.sections:
            _check_section(section, rules, problems)
    problems.raise_if_any()
    return site


def _check_section(section: Section, rules, problems: Problems) -> None:
    knockout = section.system == "knockout"
    for rnd in section.rounds:
        where = rnd.loc or Location(rnd.source or Path("?"))
        if knockout and rnd.games:
            problems.add(rnd.games[0].loc or where, "a knockout round lists matches, not games",
                         "write 'matches:' with each match's games")
        if not knockout and rnd.matches:
            problems.add(rnd.matches[0].loc or where,
                         f"matches belong to knockout sections; this section is {section.system}",
                         "write 'games:' or set 'system: knockout'")
        field = main_players(rnd)
        for match in rnd.matches:
            for game, message, hint in violations(match, rules.chain(match.placement, field)):
                problems.add((game.loc if game else None) or match.loc or where, message, hint)
