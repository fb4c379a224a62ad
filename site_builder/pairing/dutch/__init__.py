"""The FIDE Dutch system (C.04.3): see `engine.pair_round`.

The engine (and its graph libraries, 0.2 s to import) loads when first asked for: a build that reads
the explanations of its rounds from the cache (`why.py`) never pairs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from site_builder.pairing.dutch.history import Entrant, Game

if TYPE_CHECKING:
    from site_builder.pairing.dutch.engine import DutchPairing, NoPairing, pair_round

__all__ = ["DutchPairing", "Entrant", "Game", "NoPairing", "pair_round"]


def __getattr__(name: str) -> Any:
    """The engine's names, imported when first used."""
    if name in ("DutchPairing", "NoPairing", "pair_round"):
        from site_builder.pairing.dutch import engine

        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
