"""The next round of a section, by the section's system (pure: the event so far in, pairings out)."""

from __future__ import annotations

from collections.abc import Mapping

from site_builder.engine.scoring import Records
from site_builder.model import Event, Section
from site_builder.pairing import Pairing, PairingError, PairingSeedMissing
from site_builder.pairing.dutch.from_section import dutch_round
from site_builder.pairing.knockout import next_knockout_round
from site_builder.pairing.lots import halves_lot, rng, secret_codes
from site_builder.pairing.positional import pair_round
from site_builder.pairing.random_draw import random_round
from site_builder.pairing.round_robin import round_robin_pairing
from site_builder.pairing.staged import next_staged_round
from site_builder.pairing.state import contenders
from site_builder.pairing.teams import next_team_round

#: Systems whose next round the engine computes.
AUTOMATIC = ("swiss-positional", "staged-swiss", "team-swiss", "knockout", "round-robin", "random", "dutch")


def pending_reason(section: Section) -> str:
    """Why the next round cannot be paired now, or "" when it can."""
    if section.system not in AUTOMATIC:
        return f"the {section.system} system is paired by hand (write the round file)"
    if section.system == "dutch" and section.rounds and section.rounds[-1].is_request:
        return ""  # the round file of requested byes is the round to pair
    if section.current_round >= section.rounds_planned:
        return f"all {section.rounds_planned} rounds are paired"
    if section.rounds and section.rounds[-1].pending:
        last = section.rounds[-1]
        return f"round {last.number} has {last.pending} result(s) pending"
    return ""


def draw_codes(section: Section, draw_seed: int) -> dict[int, int]:
    """The secret codes of seed 004 二.2, drawn from the recorded seed."""
    return secret_codes([p.number for p in section.players], rng(draw_seed, section.id, "codes"))


def pairing_numbers(section: Section, draw_seed: int | None) -> Mapping[int, int] | None:
    """Pairing numbers for rounds after the first: frozen codes, codes drawn now, or seeding."""
    if section.numbering != "codes":
        return None
    if section.codes:
        return section.codes
    if draw_seed is None:
        raise PairingSeedMissing("the secret codes" if not section.codes_sealed
                                 else "opening the sealed secret codes")
    return draw_codes(section, draw_seed)


def next_round(section: Section, recs: Records, draw_seed: int | None, event: Event | None = None) -> Pairing:
    """Pairings of the round after the section's last round file (raises `PairingError`).

    `event` gives random draws across groups the other sections of a multi-stage event."""
    reason = pending_reason(section)
    if reason:
        raise PairingError(reason)
    done = section.current_round
    if section.system == "knockout":
        if draw_seed is None:
            raise PairingSeedMissing("the knockout draw")
        return next_knockout_round(section, draw_seed)
    if section.system == "staged-swiss":
        return next_staged_round(section, recs, draw_seed)
    if section.system == "team-swiss":
        return next_team_round(section, recs)
    if section.system == "dutch":
        return dutch_round(section, recs, draw_seed)
    if section.system == "round-robin":  # Berger tables, in the section's player order (common.md §7)
        return round_robin_pairing([p.number for p in section.players], done + 1)
    if section.system == "random":
        if draw_seed is None:
            raise PairingSeedMissing("the random draw")
        return _random_round(section, recs, draw_seed, event)
    if done == 0:
        players = contenders(section, recs, 0)
        if section.first_round == "lot":
            if draw_seed is None:
                raise PairingSeedMissing("the round-1 lot")
            return halves_lot(players, rng(draw_seed, section.id, "round", 1))
        return pair_round(players, 1)
    players = contenders(section, recs, done, pairing_numbers(section, draw_seed))
    return pair_round(players, done + 1)


def _random_round(section: Section, recs: Records, draw_seed: int, event: Event | None) -> Pairing:
    """Seed 000 stage 2-B: players of different stage-1 groups who have not met, paired by lot."""
    groups = [s for s in (event.sections if event else ()) if s.stage == section.stage - 1]
    group_of = {p.number: s.id for s in groups for p in s.players}
    met: dict[int, set[int]] = {}
    for other in (event.sections if event else (section,)):
        for rnd in other.rounds:
            for g in rnd.games:
                met.setdefault(g.first, set()).add(g.second)
                met.setdefault(g.second, set()).add(g.first)
    players = [p.number for p in section.players]
    had_bye = {p for r in section.rounds for p in r.byes}
    draw = rng(draw_seed, section.id, "round", section.current_round + 1)
    return random_round(players, {p: group_of.get(p, "") for p in players}, met, draw,
                        section.current_round + 1, had_bye=had_bye)
