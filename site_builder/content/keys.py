"""The common keys of a content file, declared: one line per key (its name, how its value is read and
where its default comes from), read by one loop (`read_keys`), as MkDocs declares its settings. A key
whose value is a file, a list of players or a mapping of its own has a reader of its own and is
listed with none, so that the table still names every key the file accepts."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from site_builder.content.schema import MapReader

C = TypeVar("C")

#: How a key's value is read: from the mapping, the key and its default; every problem located.
Read = Callable[[MapReader, str, Any], Any]


def choice(words: tuple[str, ...]) -> Read:
    """One of `words`."""
    return lambda f, key, default: f.choice(key, words, default)


def whole(minimum: int) -> Read:
    """A whole number of at least `minimum` (None when it is not one: reported)."""
    return lambda f, key, default: f.integer(key, default=default, minimum=minimum)


def flag(f: MapReader, key: str, default: bool) -> bool:
    """`true` or `false`."""
    return f.boolean(key, default)


def _none(context: object) -> None:
    return None


@dataclass(frozen=True)
class Key(Generic[C]):
    """A key of a content file: how its value is read (None: by a reader of its own) and its default
    from the context it is read in (the event's defaults, the section's system …)."""

    name: str
    read: Read | None = None
    default: Callable[[C], Any] = _none


def key_names(keys: Iterable[Key[C]]) -> tuple[str, ...]:
    """The names of `keys`, the keys a file accepts."""
    return tuple(key.name for key in keys)


def read_keys(f: MapReader, keys: Iterable[Key[C]], context: C) -> dict[str, Any]:
    """The value of each key with a reader, by name: as written in `f`, else its default."""
    return {key.name: key.read(f, key.name, key.default(context)) for key in keys if key.read is not None}
