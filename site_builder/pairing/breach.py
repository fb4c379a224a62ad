"""A rule of a pairing system that a published round breaks, as a system's own checker finds it
(`breaches` of a system: `bulletin verify` checks such a system rule by rule, not by pairing the
round again)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Breach:
    """One criterion broken: its code in the rules (`C1`, `B2`), the article that states it
    (`C.04.4.1 art. 2.2`), and what was found, as a message of the catalogues (`message`, a msgid)
    filled with the names of `players` (`{a}`, `{b}`, … in their order) and the named `values`.

    >>> Breach("C1", "C.04.4.1 art. 2.2", "check.rematch", (3, 7)).criterion
    'C1'
    """

    criterion: str
    article: str
    message: str
    players: tuple[int, ...] = ()
    values: tuple[tuple[str, str], ...] = ()
