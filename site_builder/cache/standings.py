"""Standings (and what is shown of them) memoized by a digest of exactly what they come from.

Outside the staged Swiss, the standings after round n depend only on the section without its later
rounds (see `engine.tiebreaks.TiebreakInput`); so after a result changes in the last round, only the last
standings are computed again. The engine itself stays a pure function, and the cache never calls it:
its caller passes the computation in (`standings`) and says whether it looks ahead.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import operator
from collections.abc import Callable, Iterable, Mapping
from typing import Generic, TypeVar

from site_builder.cache.digest import Deferred, keyed
from site_builder.cache.fingerprint import software
from site_builder.cache.store import MISS, BuildCache, Store, log_once
from site_builder.model import Section

S = TypeVar("S")
K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class StandingsMemo(Generic[S]):
    """The standings of one section after each round (`standings(upto)`, a function of the section
    up to round `upto` only unless it `looks_ahead`: then never memoized), from the build's store
    when it has them."""

    def __init__(self, section: Section, standings: Callable[[int], S], draw_seed: int | None,
                 cache: BuildCache | None = None, *, looks_ahead: bool = False) -> None:
        self.section, self.standings, self.draw_seed = section, standings, draw_seed
        self.cache: Store | None = None  # None: computed every time
        self.digester = cache.digester if cache is not None else None
        if cache is not None and not looks_ahead:
            self.cache, digester = cache.store, cache.digester
            base = digester.digest((software(), dataclasses.replace(section, rounds=()), draw_seed))
            tokens = [(r.number, digester.digest(r)) for r in section.rounds]
            rounds = [(number, token) for number, token in tokens if token is not None]
            if base is None or len(rounds) < len(tokens):  # pragma: no cover
                self.cache = None  # something that cannot be digested: compute every time
                log_once("undigestable", f"section {section.id}: standings not memoized (undigestable)")
            self.base, self.rounds = base or b"", rounds

    def key(self, upto: int) -> str | None:
        """The digest of the section without the rounds after `upto`, and of the players whose first
        round comes after it (a later round file makes a player a late entrant, whom the standings
        after `upto` leave out) (None: not memoized)."""
        if self.cache is None:
            return None
        entering = sorted(self.section.field_changes.entering_after(upto)) if upto else []
        digest = hashlib.sha256(self.base + f"{upto}\0{entering}".encode())
        for number, token in self.rounds:
            if number <= upto:
                digest.update(token)
        return digest.hexdigest()

    def after(self, upto: int) -> S:
        """`standings(upto)`."""
        return self.derived(upto, "standings", lambda: self.standings(upto))

    def derived(self, upto: int, name: str, compute: Callable[[], T]) -> T:
        """`compute()`, a function of the section up to round `upto` only (and of `name`, which
        names everything else it depends on: see `views.section.upto`), from the store when it has it."""
        digest = self._digest(upto, name)
        return compute() if digest is None or self.cache is None else _recalled(self.cache, digest, compute)

    def deferred(self, upto: int, name: str, compute: Callable[[], T]) -> Deferred[T]:
        """`derived(upto, name, compute)`, made or loaded from the store when it is first read, keyed
        without it; the store keeps it though no page reads it."""
        digest = self._digest(upto, name)
        if digest is None or self.cache is None:
            return Deferred(None, compute)  # digested as its value
        store = self.cache
        store.keep("standings", digest.hex())
        return Deferred(digest, functools.partial(_recalled, store, digest, compute))

    def deferred_parts(self, upto: int, name: str, parts: Iterable[K],
                       compute: Callable[[], Mapping[K, V]]) -> dict[K, Deferred[V]]:
        """`deferred(upto, name, compute)`'s value at each of its `parts` (a player's card), keyed by
        a digest of the part that the store keeps beside it: the parts a change leaves as they were
        keep their keys, and when nothing they come from changed, none is made or loaded."""
        whole = self.deferred(upto, name, compute)
        if whole.key is None or self.cache is None or self.digester is None:
            return {part: whole.then(repr(part), operator.itemgetter(part)) for part in parts}  # by value
        digest = self.digester.digest
        keys = self.cache.recall("parts", whole.key.hex(),
                                 lambda: {part: digest(value) for part, value in whole.value.items()})
        return {part: Deferred(keys.get(part), functools.partial(_item, whole, part)) for part in parts}

    def by_value(self, deferred: Deferred[T]) -> Deferred[T]:
        """`deferred` keyed by a digest of its value, which the store keeps under its key: a value
        made again, but equal (a round's pairings, its results changed), keeps its key, and the
        value is made or loaded only for a key the store has not seen."""
        if deferred.key is None or self.cache is None or self.digester is None:
            return deferred  # digested as its value
        digest = self.digester.digest
        key = self.cache.recall("parts", deferred.key.hex(), lambda: digest(deferred.value))
        return Deferred(key, lambda: deferred.value)

    def _digest(self, upto: int, name: str) -> bytes | None:
        key = self.key(upto)
        return hashlib.sha256(f"{key}\0{name}".encode()).digest() if key is not None else None


def _item(whole: Deferred[Mapping[K, V]], part: K) -> V:
    return whole.value[part]


def _recalled(store: Store, digest: bytes, compute: Callable[[], T]) -> T:
    """`compute()` stored under `digest`, from `store` when it has it."""
    stored = store.get("standings", digest.hex())
    if stored is not MISS:
        value: T = stored
        return value
    value = keyed(compute(), digest)  # pages holding it are digested by this key
    store.put("standings", digest.hex(), value)
    return value
