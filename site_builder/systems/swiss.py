"""A Swiss paired by hand: the organizer writes every round file; forfeits count as meetings."""

from __future__ import annotations

from site_builder.systems.base import System


class HandSwiss(System):
    name = "swiss"
    new_note = "a Swiss paired by hand: write each round file yourself"
    automatic = False
    trf_codes = ("CUSTOM_SWISS",)


SYSTEM = HandSwiss()
