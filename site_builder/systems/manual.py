"""Rounds paired by hand, with no rule on who meets whom (rematches allowed)."""

from __future__ import annotations

from site_builder.systems.base import System


class Manual(System):
    name = "manual"
    new_note = "rounds paired by hand: write each round file yourself"
    automatic = False
    rematches = True


SYSTEM = Manual()
