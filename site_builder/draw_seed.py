"""The secret draw seed of an event run from a public repository.

The content holds only the seed's commitment (`draw_seed_sha256` in `event.yaml`); the seed itself
comes from the environment (`BULLETIN_DRAW_SEED`, a CI secret or the arbiter's shell). Once the last
round is paired the site publishes the seed, and anyone can check it against the commitment and
re-draw every lot.

>>> commitment(42)
'73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049'
>>> matches(42, commitment(42)), matches(43, commitment(42))
(True, False)
"""

from __future__ import annotations

import hashlib
import secrets

#: The environment variable holding the seed (one, or several separated by spaces).
ENV = "BULLETIN_DRAW_SEED"


def new_seed() -> int:
    """A fresh seed with 128 bits of entropy: too many to find from the commitment by trial."""
    return secrets.randbits(128) | (1 << 127)


def commitment(seed: int) -> str:
    """The SHA-256 of the seed's decimal digits, in hexadecimal."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


def matches(seed: int, digest: str) -> bool:
    """Whether `seed` is the one committed to by `digest`."""
    return commitment(seed) == digest.lower()
