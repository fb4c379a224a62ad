"""YAML parsing that remembers where every key and value came from.

Mappings and sequences become `LMap` / `LList` (plain dict / list subclasses) carrying the
`Location` of each entry, so that later validation can point at the exact line and column.
During a build, files that parse cleanly are cached by a digest of their text (see `site_builder.cache`);
parsed values are shared between builds and must never be modified.
"""

from __future__ import annotations

import contextlib
import difflib
import hashlib
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from site_builder.cache.fingerprint import software
from site_builder.cache.store import MISS, Store
from site_builder.errors import Location, Problems

if TYPE_CHECKING:
    import yaml


class _Mark(Protocol):
    """Where a YAML node or event starts (PyYAML's `Mark`, or libyaml's)."""

    line: int
    column: int


class LMap(dict):
    """A mapping with the location of itself, its keys and its values."""

    loc: Location
    key_locs: dict[Any, Location]
    value_locs: dict[Any, Location]

    def at(self, key: Any) -> Location:
        """Location of the value of `key`, or of the mapping when the key is absent."""
        return self.value_locs.get(key, self.loc)


class LList(list):
    """A sequence with the location of itself and of each item."""

    loc: Location
    item_locs: list[Location]

    def at(self, index: int) -> Location:
        return self.item_locs[index] if index < len(self.item_locs) else self.loc


def _mark(path: Path, mark: _Mark | None) -> Location:
    if mark is None:
        return Location(path)
    return Location(path, mark.line + 1, mark.column + 1)


class _Converter:
    def __init__(self, path: Path, problems: Problems) -> None:
        import yaml
        from yaml.constructor import ConstructorError, SafeConstructor

        self.path = path
        self.problems = problems
        self.scalars = SafeConstructor()
        self.mapping, self.sequence, self.scalar = yaml.MappingNode, yaml.SequenceNode, yaml.ScalarNode
        self.errors = (ConstructorError, ValueError)

    def convert(self, node: yaml.Node) -> Any:
        if isinstance(node, self.mapping):
            return self._mapping(node)
        if isinstance(node, self.sequence):
            items = LList(self.convert(child) for child in node.value)
            items.loc = _mark(self.path, node.start_mark)
            items.item_locs = [_mark(self.path, child.start_mark) for child in node.value]
            return items
        if isinstance(node, self.scalar) and _keep_as_text(node):
            return node.value
        try:
            return self.scalars.construct_object(node)
        except self.errors as exc:
            if node.tag.endswith(":timestamp"):
                # e.g. 2024-13-01: kept as text; the field that wants a date reports it once.
                return node.value
            self.problems.add(
                _mark(self.path, node.start_mark),
                f"cannot read value {node.value!r}: {_reason(exc)}",
                "quote the value to keep it as text",
            )
            return node.value

    def _mapping(self, node: yaml.MappingNode) -> LMap:
        result = LMap()
        result.loc = _mark(self.path, node.start_mark)
        result.key_locs, result.value_locs = {}, {}
        for key_node, value_node in node.value:
            key_loc = _mark(self.path, key_node.start_mark)
            if key_node.tag.endswith(":merge"):  # `<<: *defaults`: the keys would be another mapping's
                self.problems.add(key_loc, "a YAML merge key ('<<') is not supported",
                                  "write the keys out in this mapping: a merge key's keys are never read")
                continue
            key = self.convert(key_node)
            if isinstance(key, (LMap, LList)):
                self.problems.add(key_loc, "a key must be a plain value", "remove the brackets")
                continue
            if key in result:
                first = result.key_locs[key]
                self.problems.add(
                    key_loc,
                    f"duplicate key {key!r} (first given on line {first.line})",
                    "keep only one of them",
                )
                continue
            result[key] = self.convert(value_node)
            result.key_locs[key] = key_loc
            result.value_locs[key] = _mark(self.path, value_node.start_mark)
        return result


def _reason(exc: Exception) -> str:
    """Why a value could not be read, on one line and without the parser's own position (the
    problem's location gives it): a `MarkedYAMLError`'s problem, else the exception's text."""
    return " ".join(str(getattr(exc, "problem", None) or exc).split())


def _keep_as_text(node: yaml.ScalarNode) -> bool:
    """YAML 1.1 reads `2:0` as a base-60 number and `=` as a special value; keep both as text."""
    return node.tag.endswith(":value") or (node.tag.endswith(":int") and ":" in node.value)


def _at_offset(path: Path, text: str, offset: int) -> Location:
    r"""The line and column of the character at `offset` of `text`.

    >>> str(_at_offset(Path("a.yaml"), "a: 1\nb: x", 8))
    'a.yaml:2:4'
    """
    line = text.count("\n", 0, offset) + 1
    return Location(path, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


def parse_yaml(text: str, path: Path, problems: Problems) -> Any:
    """Parse YAML text into located values; syntax errors are added to `problems` (result None)."""
    import yaml  # imported here: a build whose files are all cached never needs it

    loader: type[yaml.CSafeLoader] | type[yaml.SafeLoader]
    try:
        loader = yaml.CSafeLoader
    except AttributeError:  # pragma: no cover - libyaml is normally available
        loader = yaml.SafeLoader
    try:
        node = yaml.compose(text, Loader=loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context or "invalid YAML"
        tab = _tab_near(path, text, mark)
        if tab is not None:
            problems.add(tab, "a tab character: YAML indents and separates with spaces only",
                         "replace the tab with spaces (two per level of indentation)")
        else:
            problems.add(_mark(path, mark), f"YAML syntax error: {what}",
                         "check indentation, colons and quotes on this line or the one before")
        return None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (a control character)
        problems.add(_at_offset(path, text, exc.position), f"a character YAML does not allow: "
                     f"U+{ord(exc.character) if isinstance(exc.character, str) else exc.character:04X} "
                     f"({exc.reason})", "remove it (a name copied from another program may carry one)")
        return None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        problems.add(Location(path), f"YAML error: {' '.join(str(exc).split())}", "check the file's syntax")
        return None
    if node is None:
        return None
    if "*" in text and (alias := _alias_problem(text, loader)) is not None:
        where, message = alias
        problems.add(_mark(path, where), message,
                     "write the values out, or use fewer nested aliases (*name)")
        return None
    return _Converter(path, problems).convert(node)


def _tab_near(path: Path, text: str, mark: _Mark | None) -> Location | None:
    """The first tab on the line of a syntax error or the line before it (where a tab that breaks
    the indentation usually is); None when those lines have none."""
    if mark is None:
        return None
    lines = text.splitlines()
    for line in (mark.line, mark.line - 1):
        if 0 <= line < len(lines) and "\t" in lines[line]:
            return Location(path, line + 1, lines[line].index("\t") + 1)
    return None


#: How many nodes the aliases (`*name`) of one file may add when they are expanded: an ordinary file
#: adds a few hundred at most, a "billion laughs" file billions.
ALIAS_NODES = 100_000


def _alias_problem(text: str, loader: type) -> tuple[_Mark | None, str] | None:
    """The first alias that refers to its own anchor (a cycle) or takes the nodes its file's
    aliases expand to beyond `ALIAS_NODES`, with the message; from the parser's events, so the
    aliases are counted, never expanded."""
    import yaml

    sizes: dict[str | None, int] = {}  # nodes of each anchored value, expanded
    open_: list[list[Any]] = [[None, 0]]  # the collections being read: [anchor, nodes so far]
    added = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            if any(anchor == event.anchor for anchor, _ in open_):
                return event.start_mark, f"alias *{event.anchor} refers to a value that contains it"
            size = sizes.get(event.anchor, 1)
            added += size
            if added > ALIAS_NODES:
                return event.start_mark, (f"the aliases of this file expand to more than {ALIAS_NODES:,} "
                                          f"values (*{event.anchor} alone is {size:,})")
            open_[-1][1] += size
        elif isinstance(event, yaml.ScalarEvent):
            if event.anchor:
                sizes[event.anchor] = 1
            open_[-1][1] += 1
        elif isinstance(event, yaml.CollectionStartEvent):
            open_.append([event.anchor, 1])
        elif isinstance(event, yaml.CollectionEndEvent):
            anchor, size = open_.pop()
            if anchor:
                sizes[anchor] = size
            open_[-1][1] += size
    return None


#: Texts read in place of files, by resolved path (`substituted`).
_SUBSTITUTES: ContextVar[Mapping[Path, str] | None] = ContextVar("substitutes", default=None)


@contextlib.contextmanager
def substituted(texts: Mapping[Path, str]) -> Iterator[None]:
    """Within the block, the loader reads `texts` in place of those files: what a command is about to
    write (`pair --replace` reads the round it pairs again without its pairing)."""
    token = _SUBSTITUTES.set({path.resolve(): text for path, text in texts.items()})
    try:
        yield
    finally:
        _SUBSTITUTES.reset(token)


def is_source(path: Path) -> bool:
    """Whether the content file `path` exists, or is about to (`substituted`); a directory in its
    place counts, so that reading it reports it (`read_source`) rather than passing it by."""
    return path.exists() or path.resolve() in (_SUBSTITUTES.get() or {})


def listed(folder: Path) -> list[Path]:
    """The entries of a content folder by name, with the files about to be written in it
    (`substituted`); none when it does not exist."""
    entries = set(folder.iterdir()) if folder.is_dir() else set()
    entries |= {folder / path.name for path in _SUBSTITUTES.get() or {} if path.parent == folder.resolve()}
    return sorted(entries)


def read_source(path: Path, shown: Path, problems: Problems, legacy: str | None = None) -> str | None:
    """A content file's text, read as UTF-8 with or without a byte-order mark (newlines as in text
    mode), or else in the `legacy` encoding when given; a file that is neither is an error at the
    line and column of its first byte that is not UTF-8 (None)."""
    substitutes = _SUBSTITUTES.get()
    if substitutes and (text := substitutes.get(path.resolve())) is not None:
        return text
    data = _read_bytes(path, shown, problems)
    if data is None:
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if legacy:
            try:
                return data.decode(legacy).replace("\r\n", "\n").replace("\r", "\n")
            except UnicodeDecodeError:
                pass
        problems.add(byte_location(data, exc.start, shown),
                     f"not UTF-8 text: byte 0x{data[exc.start]:02x} here is not UTF-8 ({exc.reason})",
                     "save the file as UTF-8 (a GBK or Latin-1 file must be converted: in most editors "
                     "'Save with encoding' → UTF-8)")
        return None
    return text.replace("\r\n", "\n").replace("\r", "\n")  # newlines as text mode reads them


def _read_bytes(path: Path, shown: Path, problems: Problems) -> bytes | None:
    """The bytes of a content file; a directory in its place, or a file the system will not read,
    is an error at its first line (None)."""
    if path.is_dir():
        problems.add(Location(shown), f"{path.name!r} is a directory, not a file",
                     f"remove or rename the directory, and write the file {path.name} in its place")
        return None
    try:
        return path.read_bytes()
    except OSError as exc:  # unreadable (permissions), or gone since the folder was listed
        problems.add(Location(shown), f"{path.name!r} cannot be read: {exc.strerror or exc}",
                     "check that the file exists and that its permissions let you read it")
        return None


def byte_location(data: bytes, offset: int, shown: Path) -> Location:
    """The line and column (in characters) of the byte at `offset` of a file's `data`."""
    start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    prefix = data[start:offset]
    if line == 1 and prefix.startswith(b"\xef\xbb\xbf"):
        prefix = prefix[3:]
    return Location(shown, line, len(prefix.decode("utf-8", errors="replace")) + 1)


T = TypeVar("T")


def file_key(path: Path, *read_with: object) -> str | None:
    """The key of a reading of the file at `path` in the build's store: its bytes, what it is read
    with (where it is shown …) and this program; None when it cannot be read (its reading says so)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    said = "\0".join(map(str, read_with)) + "\0"
    return hashlib.sha256(software() + said.encode() + data).hexdigest()


def read_once(cache: Store | None, name: str, key: str | None, problems: Problems,
              read: Callable[[], T]) -> T:
    """`read()`, or what it gave an earlier build under `key` in the part `name` of the `cache`:
    a reading is kept only when it added no problem, since problems are reported by every build."""
    if cache is None or key is None:
        return read()
    found = cache.get(name, key)
    if found is not MISS:
        kept: T = found
        return kept
    before = len(problems.items)
    value = read()
    if len(problems.items) == before:
        cache.put(name, key, value)
    return value


def read_yaml(path: Path, problems: Problems, display: Path | None = None, cache: Store | None = None) -> Any:
    """Read and parse a YAML file; `display` is the path shown in error messages; `cache`: the build's
    store of parsed files (a clean parse of the same text is taken from it)."""
    shown = display or path
    text = read_source(path, shown, problems)
    if text is None:
        return None
    if cache is None:
        return parse_yaml(text, shown, problems)
    key = hashlib.sha256(software() + str(shown).encode() + b"\0" + text.encode()).hexdigest()
    return read_once(cache, "yaml", key, problems, lambda: parse_yaml(text, shown, problems))


def close_matches(word: str, candidates: list[str], n: int = 3, cutoff: float = 0.5) -> list[str]:
    """Candidates that look like `word` (for 'did you mean' hints)."""
    return difflib.get_close_matches(word, candidates, n=n, cutoff=cutoff)


def suggest(word: str, candidates: list[str]) -> str:
    """A hint naming the closest candidates, or listing the allowed ones."""
    matches = close_matches(word, candidates)
    if matches:
        return "did you mean " + " or ".join(repr(m) for m in matches) + "?"
    return "expected one of: " + ", ".join(sorted(candidates))
