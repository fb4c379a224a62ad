"""The next round of a section, by the section's system (pure: the event so far in, pairings out)."""

from __future__ import annotations

from collections.abc import Mapping

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Pairing, PairingError
from site_builder.pairing.knockout import next_knockout_round
from site_builder.pairing.lots import halves_lot, rng, secret_codes
from site_builder.pairing.positional import pair_round
from site_builder.pairing.staged import next_staged_round
from site_builder.pairing.state import contenders
from site_builder.pairing.teams import next_team_round

#: Systems whose next round the engine computes.
AUTOMATIC = ("swiss-positional", "staged-swiss", "team-swiss", "knockout")


def pending_reason(section: Section) -> str:
    """Why the next round cannot be paired now, or "" when it can."""
    if section.system not in AUTOMATIC:
        return f"the {section.system} system is paired by hand (write the round file)"
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
        raise PairingError("secret codes need a recorded 'draw_seed' in the event file")
    return draw_codes(section, draw_seed)


def next_round(section: Section, recs: Records, draw_seed: int | None) -> Pairing:
    """Pairings of the round after the section's last round file (raises `PairingError`)."""
    reason = pending_reason(section)
    if reason:
        raise PairingError(reason)
    done = section.current_round
    if section.system == "knockout":
        if draw_seed is None:
            raise PairingError("knockout draws need a recorded 'draw_seed' in the event file")
        return next_knockout_round(section, draw_seed)
    if section.system == "staged-swiss":
        return next_staged_round(section, recs, draw_seed)
    if section.system == "team-swiss":
        return next_team_round(section, recs)
    if done == 0:
        players = contenders(section, recs, 0)
        if section.first_round == "lot":
            if draw_seed is None:
                raise PairingError("the round-1 lot needs a recorded 'draw_seed' in the event file")
            return halves_lot(players, rng(draw_seed, section.id, "round", 1))
        return pair_round(players, 1)
    players = contenders(section, recs, done, pairing_numbers(section, draw_seed))
    return pair_round(players, done + 1)
