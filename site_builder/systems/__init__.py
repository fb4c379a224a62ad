"""The pairing systems: the one place a `system:` name is looked up.

Each module describes one system by a `System` (`base.py`): its content defaults (rematches,
numbering, rounds computed from the entrants), its results (standings), its next round (pairing,
the provisional round of the site, the round file `bulletin pair` writes), what the cache must know
(`looks_ahead`) and how TRF names it. Adding a system is one module here, one line in `SYSTEMS`,
and its page set when it needs one of its own (`site_builder.site.pages`).
"""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.engine.standings import Standings
from site_builder.model import GAMES, Event, Section
from site_builder.pairing import Pairing, PairingError
from site_builder.systems import (
    dutch,
    knockout,
    manual,
    positional,
    random_draw,
    round_robin,
    staged,
    swiss,
    team,
)
from site_builder.systems.base import System

#: Every system, by its `system:` name, in the order the documentation lists them.
SYSTEMS: dict[str, System] = {s.name: s for s in (
    positional.SYSTEM, staged.SYSTEM, team.SYSTEM, swiss.SYSTEM, dutch.SYSTEM, round_robin.SYSTEM,
    random_draw.SYSTEM, knockout.SYSTEM, manual.SYSTEM)}
NAMES = tuple(SYSTEMS)
#: The system a game's events use unless told otherwise (`bulletin new`, regulation presets).
DEFAULT_SYSTEM = {game: (dutch.SYSTEM if game == "chess" else positional.SYSTEM).name for game in GAMES}


def system_of(section: Section) -> System:
    return SYSTEMS[section.system]


def section_standings(section: Section, recs: Records, upto: int, draw_seed: int | None = None
                      ) -> Standings:
    """The standings of `section` after round `upto`, by its system."""
    return system_of(section).standings(section, recs, upto, draw_seed)


def pending_reason(section: Section) -> str:
    """Why the next round cannot be paired now, or "" when it can."""
    system = system_of(section)
    if not system.automatic:
        return f"the {system.name} system is paired by hand (write the round file)"
    if system.pairs_requests and section.rounds and section.rounds[-1].is_request:
        return ""  # the round file of requested byes is the round to pair
    if section.current_round >= section.rounds_planned:
        return f"all {section.rounds_planned} rounds are paired"
    if section.rounds and section.rounds[-1].pending:
        last = section.rounds[-1]
        return f"round {last.number} has {last.pending} result(s) pending"
    return ""


def next_round(section: Section, recs: Records, draw_seed: int | None, event: Event | None = None) -> Pairing:
    """Pairings of the round after the section's last round file (raises `PairingError`).

    `event` gives random draws across groups the other sections of a multi-stage event."""
    reason = pending_reason(section)
    if reason:
        raise PairingError(reason)
    return system_of(section).pair(section, recs, draw_seed, event)


def system_for_trf(tournament_type: str) -> str:
    """The system of a TRF 092 tournament type (FIDE_DUTCH_2025 → dutch; else the hand Swiss)."""
    upper = tournament_type.upper()
    return next((s.name for s in SYSTEMS.values() if any(w in upper for w in s.trf_words)), swiss.SYSTEM.name)
