"""Content digests of page data: equal digests mean equal data, hence equal rendered pages.

Page data is pickled (the C pickler is fast on dicts, lists and strings); objects of the `shared`
types (and the `SimpleNamespace` briefs of the views), which many pages share, are replaced by a
digest of their fields (dataclasses) or attributes (other classes) computed once per `Digester`.
A path (a round file's, a location's in a message) is digested by its last part only: no page shows
where a file is, so the same content reached from another folder (`bulletin build` run in a
subfolder of the repository, or given an absolute path) gives the same digests, also of data
memoized by an earlier build, which holds the paths as that build reached them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import pickle
from collections.abc import Callable
from pathlib import Path, PosixPath, PurePath, PurePosixPath, PureWindowsPath, WindowsPath
from types import SimpleNamespace
from typing import Any, Generic, TypeVar

_PLAIN, _FIELDS, _VARS, _KEYED, _DEFERRED = 0, 1, 2, 3, 4
T = TypeVar("T")
U = TypeVar("U")


def _path(name: str) -> None:  # pragma: no cover - digests are never unpickled
    """Stands for a path in a pickle, by its last part."""
    raise TypeError("a digest cannot be unpickled")


class KeyedList(list[Any]):
    """A list computed from inputs whose digest is `key`: digested as that key, without reading it."""

    key: bytes


class KeyedDict(dict[Any, Any]):
    """A dict computed from inputs whose digest is `key` (see `KeyedList`)."""

    key: bytes


def keyed(value: Any, key: bytes) -> Any:
    """`value` marked with the digest of the inputs it was computed from, when it is a list or dict."""
    if type(value) is list:
        value = KeyedList(value)
    elif type(value) is dict:
        value = KeyedDict(value)
    else:
        return value
    value.key = key
    return value


class Deferred(Generic[T]):
    """A value made only when it is first read (`value`), digested without it when the digest of what
    it is made from is known (`key`): a page whose key is unchanged never computes, nor loads from the
    store, what it would show."""

    __slots__ = ("_make", "_value", "key")
    _UNREAD: Any = object()

    def __init__(self, key: bytes | None, make: Callable[[], T]) -> None:
        self.key, self._make, self._value = key, make, Deferred._UNREAD

    @property
    def value(self) -> T:
        """The value, made on first reading.

        >>> made = []
        >>> later = Deferred(b"k", lambda: made.append(1) or "text")
        >>> len(made), later.value, later.value, len(made), later.made
        (0, 'text', 'text', 1, True)
        """
        if self._value is Deferred._UNREAD:
            self._value = self._make()
        value: T = self._value
        return value

    @property
    def made(self) -> bool:
        """Has the value been made (or loaded)?"""
        return self._value is not Deferred._UNREAD

    def then(self, name: str, make: Callable[[T], U]) -> Deferred[U]:
        """The deferred `make(value)`, keyed by this key and `name`, which names all `make` reads
        besides the value.

        >>> rows = Deferred(b"k", lambda: [3, 1, 2])
        >>> first = rows.then("first", lambda value: value[0])
        >>> first.value, first.key != rows.key, Deferred(None, list).then("n", len).key
        (3, True, None)
        """
        key = hashlib.sha256(self.key + f"\0{name}".encode()).digest() if self.key is not None else None
        return Deferred(key, lambda: make(self.value))


def _token(digest: bytes) -> None:  # pragma: no cover - digests are never unpickled
    """Stands for an object by its digest in a pickle."""
    raise TypeError("a digest cannot be unpickled")


class Digester:
    """Digests of values; shared objects are digested once (memoized by identity, so a
    digester must not outlive the objects it has seen: use one per build)."""

    def __init__(self, shared: tuple[type, ...] = ()) -> None:
        self._kinds = {cls: _FIELDS if dataclasses.is_dataclass(cls) else _VARS for cls in shared}
        self._kinds[SimpleNamespace] = _VARS
        self._kinds[KeyedList] = self._kinds[KeyedDict] = _KEYED
        self._kinds[Deferred] = _DEFERRED
        self._memo: dict[int, bytes] = {}
        self._alive: list[Any] = []  # keeps memoized objects alive so their ids stay theirs
        # how the pickler writes the objects it does not write as usual, by their exact type: the
        # C pickler looks a type up in this table, and calls Python only for the types it holds
        token = self._token_reduced
        self._reducers: dict[type, Callable[[Any], Any]] = {cls: token for cls in self._kinds}
        self._reducers.update((cls, _path_reduced) for cls in _PATHS)

    def digest(self, value: Any) -> bytes | None:
        """The digest of `value`, or None when it holds something that cannot be pickled."""
        try:
            return self._digest(value)
        except (pickle.PicklingError, TypeError, AttributeError):
            return None

    def _digest(self, value: Any) -> bytes:
        buffer = io.BytesIO()
        _Pickler(buffer, self).dump(value)
        return hashlib.sha256(buffer.getbuffer()).digest()

    def _token_reduced(self, obj: Any) -> tuple[Any, ...]:
        return _token, (self.token(obj),)

    def token(self, obj: Any) -> bytes:
        key = id(obj)
        digest = self._memo.get(key)
        if digest is None:
            cls = type(obj)
            kind = self._kinds[cls]
            if kind == _KEYED or (kind == _DEFERRED and obj.key is not None):
                key_of: bytes = obj.key
                return key_of
            if kind == _DEFERRED:  # no key: digested as its value
                return self._digest(obj.value)
            if kind == _FIELDS:  # fields only (cached properties are derived from them), but those a
                # digest of their own stands for (metadata {"digest": False})
                state: Any = tuple(getattr(obj, f.name) for f in dataclasses.fields(obj)
                                   if f.metadata.get("digest", True))
            else:
                state = sorted(vars(obj).items())
            digest = self._memo[key] = self._digest((cls.__module__, cls.__qualname__, state))
            self._alive.append(obj)
        return digest


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, owner: Digester) -> None:
        super().__init__(file, protocol=5)
        self.fast = True  # no memo: equal values give equal bytes whether or not they share objects
        self.dispatch_table = owner._reducers  # any other object is pickled as usual, with all its state


#: The path types, each written by its last part (`_path`).
_PATHS = (PurePath, PurePosixPath, PureWindowsPath, Path, PosixPath, WindowsPath)


def _path_reduced(path: PurePath) -> tuple[Any, ...]:
    return _path, (path.name,)
