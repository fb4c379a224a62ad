"""The secret draw seed of an event run from a public repository.

The content holds only the seed's commitment (`draw_seed_sha256` in `event.yaml`); the seed itself
comes from the environment (`BULLETIN_DRAW_SEED`, a CI secret or the arbiter's shell). Once the last
round is paired the site publishes the seed, and anyone can check it against the commitment and
re-draw every lot. Secret codes drawn from such a seed are kept in the content sealed: encrypted with
a key derived from the seed and the section (`seal` / `unseal`). See docs/secrets.md.

>>> commitment(42)
'73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049'
>>> matches(42, commitment(42)), matches(43, commitment(42))
(True, False)
>>> unseal(seal(b"codes", 42, "women"), 42, "women")
b'codes'
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from site_builder.model import Event

#: The environment variable holding the seed (one, or several separated by spaces).
ENV = "BULLETIN_DRAW_SEED"
#: What a commitment looks like: the SHA-256 of the seed's decimal digits, in hexadecimal.
COMMITMENT = re.compile(r"^[0-9a-fA-F]{64}$")
#: How to provide the seed, for messages (one line).
HOW_TO_SET = (f"run 'export {ENV}=<the seed>' with the seed that 'bulletin seed' (or 'new', 'init') "
              f"printed, and set it in CI as the secret {ENV}; see docs/secrets.md")


def new_seed() -> int:
    """A fresh seed with 128 bits of entropy: too many to find from the commitment by trial."""
    return secrets.randbits(128) | (1 << 127)


def commitment(seed: int) -> str:
    """The SHA-256 of the seed's decimal digits, in hexadecimal."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


def matches(seed: int, digest: str) -> bool:
    """Whether `seed` is the one committed to by `digest`."""
    return commitment(seed) == digest.lower()


def environment_seeds(environ: Mapping[str, str] | None = None) -> list[str]:
    """The words of `BULLETIN_DRAW_SEED` (seeds separated by whitespace), as written."""
    return (os.environ if environ is None else environ).get(ENV, "").split()


def seed_for(digest: str, words: list[str]) -> int | None:
    """The seed among `words` that `digest` commits to, if any."""
    for word in words:
        if word.isdigit() and matches(int(word), digest):
            return int(word)
    return None


class SeedMissing(Exception):
    """A draw needs the event's seed and the seed is not available (never guessed, never `None`)."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(f"{what} needs the event's draw seed")


def missing_message(what: str, committed: bool) -> str:
    """One line saying that `what` needs the seed, and how to provide it."""
    if committed:
        return f"{what} needs the secret draw seed, which is not set: {HOW_TO_SET}"
    return (f"{what} needs a draw seed: record 'draw_seed: N' in the event file, or commit to a "
            "secret one with 'bulletin seed EVENT_DIR'")


# ---------------------------------------------------------------- sealed codes


def _fernet(seed: int, section_id: str):
    """A Fernet cipher keyed by HKDF-SHA256 of the seed's digits, bound to one section."""
    from cryptography.fernet import Fernet  # imported only for sealed codes
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=b"bulletin draw seed v1",
               info=b"bulletin sealed codes\0" + section_id.encode("utf-8")).derive(str(seed).encode("ascii"))
    return Fernet(base64.urlsafe_b64encode(key))


def seal(data: bytes, seed: int, section_id: str) -> str:
    """`data` encrypted and authenticated (a Fernet token) with the key of `seed` and the section."""
    return _fernet(seed, section_id).encrypt(data).decode("ascii")


def unseal(token: str, seed: int, section_id: str) -> bytes | None:
    """The data sealed in `token`, or None when the seed or section is not the one it was sealed
    with, or the token was altered."""
    from cryptography.fernet import InvalidToken

    try:
        return _fernet(seed, section_id).decrypt(token.encode("ascii"))
    except (InvalidToken, UnicodeEncodeError, ValueError):
        return None


def seed_due(event: Event) -> bool:
    """Whether the event's secret seed is to be published: once the last round of every section is
    paired, when the codes are published too (docs/secrets.md)."""
    return bool(event.draw_seed_sha256) and bool(event.sections) and all(
        s.current_round >= s.rounds_planned for s in event.sections)


def seed_published(event: Event) -> bool:
    """A committed seed is shown once it is due and the build has it (`BULLETIN_DRAW_SEED`)."""
    return seed_due(event) and event.draw_seed is not None
