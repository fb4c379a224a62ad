"""A Swiss paired by hand: the organizer writes every round file; forfeits count as meetings."""

from __future__ import annotations

from typing import ClassVar

from site_builder.model import SystemName
from site_builder.systems.base import NewDefaults, PairingRules, System, TrfNamed


class HandSwiss(TrfNamed, NewDefaults, System):
    name: ClassVar[SystemName] = "swiss"
    new_note = "a Swiss paired by hand: write each round file yourself"
    pairing = PairingRules(automatic=False)
    trf_codes = ("CUSTOM_SWISS",)


SYSTEM = HandSwiss()
PLACE = 50  # its place in the list of systems (`SYSTEMS`, the documentation's order)
