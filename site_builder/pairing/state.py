"""What a pairing system needs to know about each player, derived from the records so far."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from site_builder.engine.scoring import Kind, Records, Side
from site_builder.model import Section
from site_builder.pairing import Contender


def withdrawn(section: Section, upto: int) -> set[int]:
    """Players who withdrew in rounds 1..upto (a withdrawal noted in round N: no round after N)."""
    return {p for r in section.rounds if r.number <= upto for p in r.withdrawn}


def contenders(section: Section, recs: Records, upto: int,
               numbers: Mapping[int, int] | None = None) -> list[Contender]:
    """Active players after round `upto`, with pairing numbers (`numbers`: id → code, if any)."""
    out = []
    gone = withdrawn(section, upto)
    for player in section.players:
        if player.number in gone:
            continue
        history = recs.entries[player.number][:upto]
        out.append(Contender(
            id=player.number,
            number=(numbers or {}).get(player.number, player.number),
            score=history[-1].running if history else 0,
            opponents=frozenset(e.opponent for e in history if e.opponent is not None),
            first_games=sum(1 for e in history if e.side is Side.FIRST and e.kind.is_played),
            second_games=sum(1 for e in history if e.side is Side.SECOND and e.kind.is_played),
            had_bye=any(e.kind is Kind.BYE for e in history),
        ))
    return out


def kept_apart(players: list[Contender], apart: frozenset[frozenset[int]]) -> list[Contender]:
    """`players` with each pair of `apart` counted as having met (so the pairing keeps them apart)."""
    if not apart:
        return players
    partners = {c.id: {p for pair in apart if c.id in pair for p in pair} - {c.id} for c in players}
    return [dataclasses.replace(c, opponents=c.opponents | partners[c.id]) if partners[c.id] else c
            for c in players]
