"""Pairing numbers for the rounds after the first: the secret codes of seed 004 二.2, or seeding."""

from __future__ import annotations

from collections.abc import Mapping

from site_builder.model import Section
from site_builder.pairing import PairingSeedMissing
from site_builder.pairing.lots import rng, secret_codes


def draw_codes(section: Section, draw_seed: int) -> dict[int, int]:
    """The secret codes of seed 004 二.2, drawn from the recorded seed."""
    return secret_codes([p.number for p in section.players], rng(draw_seed, section.id, "codes"))


def pairing_numbers(section: Section, draw_seed: int | None) -> Mapping[int, int] | None:
    """Pairing numbers for rounds after the first: frozen codes, codes drawn now, or seeding."""
    if section.pairing.numbering != "codes":
        return None
    if section.codes.by_player:
        return section.codes.by_player
    if draw_seed is None:
        raise PairingSeedMissing("the secret codes" if not section.codes.sealed
                                 else "opening the sealed secret codes")
    return draw_codes(section, draw_seed)
