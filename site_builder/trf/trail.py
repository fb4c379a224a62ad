"""FIDE mode's trail in TRF-2026 `###` comment lines: the engine's pairing of a round the arbiter
changed by hand (`proposed:` of its round file), a round kept as played after a correction before it
(`accepted_from:`, `bulletin pair --accept`) and a tiebreak chain changed after round 1. Written by
`bulletin export trf` from the content, read back by `bulletin import trf` into the round files.

>>> line = "### bulletin: round 3 proposed 1 5-2, 2 3-4, bye 6"
>>> read_proposals([line])
{3: Proposal(games=((1, 5, 2), (2, 3, 4)), byes=(6,), terms=())}
>>> proposal_line(3, read_proposals([line])[3]) == line
True
>>> read_kept(["### bulletin: round 3 kept as played", "### bulletin: round 4 kept as played"])
(3, 4)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from site_builder.model import Proposal, Section, chain_text
from site_builder.systems import still_kept
from site_builder.trf.field_changes import PREFIX

_ROUND = re.compile(r"^### bulletin: round (\d+) proposed ?(.*)$")
_GAME = re.compile(r"^(\d+) (\d+)-(\d+)$")
_BYE = re.compile(r"^bye (\d+)$")
_KEPT = re.compile(r"^### bulletin: round (\d+) kept as played$")


def proposal_line(number: int, proposal: Proposal) -> str:
    """The `###` line of round `number`'s proposal: boards `board white-black`, then byes, by start rank."""
    items = [f"{board} {first}-{second}" for board, first, second in sorted(proposal.games)]
    items += [f"bye {player}" for player in sorted(proposal.byes)]
    return f"{PREFIX}round {number} proposed {', '.join(items)}".rstrip()


def kept_line(number: int) -> str:
    """The `###` line of round `number` kept as played after a correction before it."""
    return f"{PREFIX}round {number} kept as played"


def trail_lines(section: Section) -> list[str]:
    """The section's trail: by round, whether it is kept as played with the rounds before it as they
    stand (`accepted_from:` still current; one kept before a later correction is stale, and says
    nothing) and its proposal; then a chain changed after round 1."""
    lines = []
    for rnd in section.rounds:
        if still_kept(section, rnd):
            lines.append(kept_line(rnd.number))
        if rnd.provenance.proposed is not None:
            lines.append(proposal_line(rnd.number, rnd.provenance.proposed))
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


def read_kept(records: Iterable[str]) -> tuple[int, ...]:
    """The rounds that the `###` lines among `records` say were kept as played, in order."""
    return tuple(sorted({int(m[1]) for r in records if (m := _KEPT.match(r.rstrip()))}))


def read_first_chain(records: Iterable[str]) -> str:
    """The chain that round 1 recorded, when a `###` line says it changed since ("" otherwise)."""
    marker = f"{PREFIX}tiebreaks at round 1: "
    return next((r.rstrip()[len(marker):] for r in records if r.startswith(marker)), "")
