"""FIDE mode's trail in TRF-2026 `###` comment lines: the engine's pairing of a round the arbiter
changed by hand (`proposed:` of its round file) and a tiebreak chain changed after round 1. Written
by `bulletin export trf` from the content, read back by `bulletin import trf` into the round files.

>>> line = "### bulletin: round 3 proposed 1 5-2, 2 3-4, bye 6"
>>> read_proposals([line])
{3: Proposal(games=((1, 5, 2), (2, 3, 4)), byes=(6,), terms=())}
>>> proposal_line(3, read_proposals([line])[3]) == line
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from site_builder.model import Proposal, Section, chain_text
from site_builder.trf.field_changes import PREFIX

_ROUND = re.compile(r"^### bulletin: round (\d+) proposed ?(.*)$")
_GAME = re.compile(r"^(\d+) (\d+)-(\d+)$")
_BYE = re.compile(r"^bye (\d+)$")


def proposal_line(number: int, proposal: Proposal) -> str:
    """The `###` line of round `number`'s proposal: boards `board white-black`, then byes, by start rank."""
    items = [f"{board} {first}-{second}" for board, first, second in sorted(proposal.games)]
    items += [f"bye {player}" for player in sorted(proposal.byes)]
    return f"{PREFIX}round {number} proposed {', '.join(items)}".rstrip()


def trail_lines(section: Section) -> list[str]:
    """The section's trail: each proposal by round, and a chain changed after round 1."""
    lines = [proposal_line(r.number, r.provenance.proposed) for r in section.rounds
             if r.provenance.proposed is not None]
    first = next((r for r in section.rounds if r.number == 1 and r.provenance.tiebreaks), None)
    if first is not None and first.provenance.tiebreaks != chain_text(section.tiebreaks):
        lines.append(f"{PREFIX}tiebreaks at round 1: {first.provenance.tiebreaks}")
    return lines


def read_proposals(records: Iterable[str]) -> dict[int, Proposal]:
    """The proposals that the `###` lines among `records` carry, by round."""
    out: dict[int, Proposal] = {}
    for record in records:
        match = _ROUND.match(record.rstrip())
        if not match:
            continue
        games, byes = [], []
        for item in filter(None, (i.strip() for i in match[2].split(","))):
            if (game := _GAME.match(item)) is not None:
                games.append((int(game[1]), int(game[2]), int(game[3])))
            elif (bye := _BYE.match(item)) is not None:
                byes.append(int(bye[1]))
        out[int(match[1])] = Proposal(tuple(games), tuple(byes))
    return out


def read_first_chain(records: Iterable[str]) -> str:
    """The chain that round 1 recorded, when a `###` line says it changed since ("" otherwise)."""
    marker = f"{PREFIX}tiebreaks at round 1: "
    return next((r.rstrip()[len(marker):] for r in records if r.startswith(marker)), "")
