"""Rounds paired by hand, with no rule on who meets whom (rematches allowed)."""

from __future__ import annotations

from site_builder.systems.base import NewDefaults, PairingRules, System, TrfNamed


class Manual(TrfNamed, NewDefaults, System):
    name = "manual"
    new_note = "rounds paired by hand: write each round file yourself"
    pairing = PairingRules(automatic=False, rematches=True)


SYSTEM = Manual()
PLACE = 100  # its place in the list of systems (`SYSTEMS`, the documentation's order)
