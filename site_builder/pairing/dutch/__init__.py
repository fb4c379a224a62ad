"""The FIDE Dutch system (C.04.3): see `engine.pair_round`."""

from site_builder.pairing.dutch.engine import DutchPairing, NoPairing, pair_round
from site_builder.pairing.dutch.history import Entrant, Game

__all__ = ["DutchPairing", "Entrant", "Game", "NoPairing", "pair_round"]
