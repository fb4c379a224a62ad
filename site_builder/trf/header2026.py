"""The TRF-2026 records a section's settings are written as: the scoring (162, 299), the type code
(192), the acceleration (250) and the pairs kept apart (260) — in the standard header of an event that
keeps no TRF records, or in place of the kept file's own records where the settings changed since
the import (a group of records whose meaning is unchanged is written back as it was, byte for byte).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from site_builder.model import Event, Section
from site_builder.trf.acceleration import baku_lines, decides_acceleration, is_baku
from site_builder.trf.prohibited import is_pair_record, kept_apart, pair_lines
from site_builder.trf.records import PLAYER
from site_builder.trf.scoring import default_scoring, same_scoring, scoring_from, scoring_lines, whole_event
from site_builder.trf.team_records import read_match_scoring
from site_builder.trf.tiebreaks import chain_record
from site_builder.trf.type_code import same_type, type_code_for, type_code_of

#: Records of TRF-2026 that TRF16 has not: a kept file holding one is written back as TRF-2026.
CODES_2026 = ("142", "152", "162", "172", "182", "192", "202", "212", "222", "250", "260", "299")


def is_2026(records: tuple[str, ...] | list[str]) -> bool:
    """Whether kept records are a TRF-2026 file's."""
    return any(r[:3] in CODES_2026 and r[3:4] in (" ", "") for r in records)


def settings_lines(section: Section, team: TeamSettings | None = None) -> list[str]:
    """The records of the standard TRF-2026 header that come from the section's settings, in the
    order of the specification: 162 and 299 (when the scoring is not TRF's default), 192, 202 (the
    tie-breaks, when each has a TRF-2026 code; a team section's: its team tiebreaks), 250 (the
    Baku method's virtual points), 260, and a team section's 362 (its match points)."""
    rounds = section.rounds_planned
    baku = section.options.get("acceleration") == "baku"
    accelerated = baku_lines(len(section.players), rounds) if baku else []
    chain = chain_record(section.tiebreaks) if team is None else team.chain
    return [*scoring_lines(section.scoring), f"192 {type_code_for(section)}", *([chain] if chain else []),
            *accelerated, *pair_lines(section.pairing.keep_apart.pairs, rounds),
            *([team.match_points] if team is not None else [])]


@dataclass(frozen=True)
class TeamSettings:
    """A team section's settings records: 362 (match points) and 202 (its team tiebreaks, or "")."""

    match_points: str
    chain: str


@dataclass(frozen=True)
class _Group:
    """Kept records that together say one setting: which they are, whether they still say what the
    section says, and the records that say it now."""

    belongs: Callable[[str], bool]
    same: Callable[[list[str]], bool]
    lines: Callable[[], list[str]]


def kept_settings(event: Event, section: Section, kept: list[str], team: TeamSettings | None = None
                  ) -> list[str]:
    """`kept` with each group of settings records that no longer says what the section says written
    anew in its place (before the player lines when the file had none of them); a team section's
    362 and 202 too (`team`)."""
    rounds, players = section.rounds_planned, len(section.players)
    baku = section.options.get("acceleration") == "baku"
    accelerated = [r for r in kept if r[:4] == "250 "]
    acceleration_kept = not accelerated or is_baku(accelerated, players, rounds) == baku
    elsewhere = decides_acceleration(kept) and acceleration_kept  # 250/XXA decide, not 192's _BAKU
    type_092 = next((r[4:].strip() for r in kept if r[:4] == "092 "), "")

    groups = (
        _Group(lambda r: r[:4] == "162 " or (r[:4] == "299 " and whole_event(r)),
               lambda g: same_scoring(scoring_from(g) or default_scoring(), section.scoring),
               lambda: scoring_lines(section.scoring)),
        _Group(lambda r: r[:4] == "192 ", lambda g: same_type(type_code_of(g), type_092, section, elsewhere),
               lambda: [f"192 {type_code_for(section)}"]),
        _Group(lambda r: r[:4] == "250 ", lambda g: acceleration_kept,
               lambda: baku_lines(players, rounds) if baku else []),
        _Group(lambda r: is_pair_record(r, rounds),
               lambda g: kept_apart(g, rounds) == list(section.pairing.keep_apart.pairs),
               lambda: pair_lines(section.pairing.keep_apart.pairs, rounds)),
    ) + (() if team is None else (
        _Group(lambda r: r[:4] == "362 ", lambda g: [read_match_scoring(r) for r in g] ==
               [read_match_scoring(team.match_points)], lambda: [team.match_points]),
        _Group(lambda r: r[:4] == "202 ", lambda g: [r.split()[1:] for r in g] ==
               ([team.chain.split()[1:]] if team.chain else []), lambda: [team.chain] if team.chain else []),
    ))
    out = list(kept)
    for group in groups:
        members = [i for i, r in enumerate(out) if group.belongs(r)]
        if group.same([out[i] for i in members]):
            continue
        at = members[0] if members else (out.index(PLAYER) if PLAYER in out else len(out))
        rest = [r for i, r in enumerate(out) if i not in members]
        at -= sum(1 for i in members if i < at)
        out = rest[:at] + group.lines() + rest[at:]
    return out
