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


#: The prefix of a token sealed with AES-SIV; a token without it is a Fernet token (randomized, as
#: codes were sealed before sealing became deterministic), which still opens.
SIV_PREFIX = "siv1:"


def _key(seed: int, section_id: str, info: bytes, length: int) -> bytes:
    """A key derived by HKDF-SHA256 from the seed's digits, bound to one section."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    return HKDF(algorithm=hashes.SHA256(), length=length, salt=b"bulletin draw seed v1",
                info=info + b"\0" + section_id.encode("utf-8")).derive(str(seed).encode("ascii"))


def seal(data: bytes, seed: int, section_id: str) -> str:
    """`data` encrypted and authenticated with AES-SIV (RFC 5297) under the key of `seed` and the
    section. Deterministic: the same codes sealed again give the same token, so a re-drawn
    `codes.yaml` is byte-identical to the published one.

    >>> seal(b"codes", 7, "open") == seal(b"codes", 7, "open") != seal(b"codes", 7, "women")
    True
    >>> unseal(seal(b"codes", 7, "open"), 7, "open"), unseal(seal(b"codes", 7, "open"), 8, "open")
    (b'codes', None)
    """
    from cryptography.hazmat.primitives.ciphers.aead import AESSIV  # imported only for sealed codes

    sealed = AESSIV(_key(seed, section_id, b"bulletin sealed codes siv", 64)).encrypt(data, None)
    return SIV_PREFIX + base64.urlsafe_b64encode(sealed).decode("ascii")


def unseal(token: str, seed: int, section_id: str) -> bytes | None:
    """The data sealed in `token` (AES-SIV, or Fernet for older files), or None when the seed or
    section is not the one it was sealed with, or the token was altered."""
    from cryptography.exceptions import InvalidTag
    from cryptography.fernet import Fernet, InvalidToken
    from cryptography.hazmat.primitives.ciphers.aead import AESSIV

    try:
        if token.startswith(SIV_PREFIX):
            sealed = base64.urlsafe_b64decode(token[len(SIV_PREFIX):].encode("ascii"))
            return AESSIV(_key(seed, section_id, b"bulletin sealed codes siv", 64)).decrypt(sealed, None)
        key = _key(seed, section_id, b"bulletin sealed codes", 32)
        return Fernet(base64.urlsafe_b64encode(key)).decrypt(token.encode("ascii"))
    except (InvalidTag, InvalidToken, UnicodeEncodeError, ValueError):
        return None


def seed_due(event: Event) -> bool:
    """Whether the event's secret seed is to be published: once the last round of every section is
    paired, when the codes are published too (docs/secrets.md)."""
    return bool(event.draw.sha256) and bool(event.sections) and all(
        s.current_round >= s.rounds_planned for s in event.sections)


def seed_published(event: Event) -> bool:
    """A committed seed is shown once it is due and the build has it (`BULLETIN_DRAW_SEED`)."""
    return seed_due(event) and event.draw.seed is not None
