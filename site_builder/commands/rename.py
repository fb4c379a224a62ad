"""`bulletin rename OLD NEW`: a player or a team renamed in its list and in every file that names it.

Every YAML file of the events that have the player (or team) is read as YAML nodes, and each scalar
that is the name — a round file's player, a code's key, a team's member, a home or away team —
is replaced in the text at its exact place, in its own quoting; nothing else of the file changes,
comments included. CSV player lists get the cell replaced. The game records beside the round files
get the tags that name the player (or the team) replaced, found by their game's renamer
(`Game.renamers`: PGN, KIF, CSA, SGF, gomoku's move lists), every other byte of them kept, a Shift_JIS
KIF's too. Every new text is made (and a YAML one parsed again) before any file is written; each
file is then replaced whole (`write_atomic`). The content is loaded before and after: a rename that
would leave it invalid, or a file that cannot be written, leaves every file as it was.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from itertools import chain
from pathlib import Path

from site_builder.content.atomic import write_atomic
from site_builder.content.event import event_slug
from site_builder.content.game_records import loose_key, record_files
from site_builder.content.loader import event_directories, load_site, shown_path
from site_builder.content.players import csv_delimiter, normalize_name
from site_builder.errors import ContentError, Location
from site_builder.games.registry import game_of
from site_builder.games.spec import Span, Swap
from site_builder.model import Event

BOM = b"\xef\xbb\xbf"


class RenameRefused(Exception):
    """Nothing was renamed (a one-line reason)."""


@dataclass(frozen=True)
class Holder:
    """An event that has the player or team: whether a player or a team of it is so named, and
    where its list names the first of them."""

    event: Event
    player: bool
    team: bool
    loc: Location | None


@dataclass(frozen=True)
class Renamed:
    what: str  # "player" or "team"
    files: tuple[Path, ...]  # the files rewritten
    places: int  # how many times the name was replaced


def rename(content: Path, old: str, new: str, event: str = "") -> Renamed:
    """Rename the player or team `old` to `new` in every file of its event that names it; `event`
    (a slug) names the event when several have someone so named, who may be different people."""
    old, new = old.strip(), new.strip()
    if not new:
        raise RenameRefused("the new name is empty (hint: give the new name as the second argument)")
    if "\n" in new or "\r" in new:
        raise RenameRefused(f"the new name {new!r} holds a line break (hint: give it on one line)")
    site = load_site(content)  # a ContentError when the content is broken: fix it first
    events = site.events
    if event:
        events = tuple(e for e in site.events if e.slug == event)
        if not events:
            raise RenameRefused(f"{Location(shown_path(content))}: no event {event!r} (hint: the events: "
                                f"{', '.join(e.slug for e in site.events)})")
    holders = _holders(events, old, new, content)
    if len(holders) > 1:
        raise RenameRefused(f"{Location(shown_path(content))}: {len(holders)} events have someone named "
                            f"{old!r}, who may be different people: "
                            f"{', '.join(h.event.slug for h in holders)} (hint: name one with --event; "
                            "rename in each event apart)")
    what = "player" if any(h.player for h in holders) else "team"
    folders = {event_slug(d): d for d in event_directories(content)}  # content itself, when an event
    edits: dict[Path, bytes] = {}
    places = 0
    for holder in holders:
        for path in _content_files(folders[holder.event.slug]):
            data = path.read_bytes()
            rename_text = _rename_yaml if path.suffix.lower() in (".yaml", ".yml") else _rename_csv
            text, count = rename_text(data.decode("utf-8-sig"), old, new)  # line ends as written
            if count:
                bom = BOM if data.startswith(BOM) else b""
                edits[path], places = bom + text.encode("utf-8"), places + count
        for path, data, count in _record_edits(holder, old, new):
            edits[path], places = data, places + count
    if not places:
        _not_found(holders[0], what, old, content)
    originals = {path: path.read_bytes() for path in edits}
    for path, data in edits.items():
        _check_parses(path, data)
    _write_all(edits, originals)
    try:
        load_site(content)
    except ContentError as error:
        _restore(list(edits), originals)
        raise RenameRefused(f"renaming would break the content ({error.problems[0]}); nothing was "
                            "changed") from None
    return Renamed(what, tuple(edits), places)


def _content_files(directory: Path) -> list[Path]:
    """The YAML and CSV files of an event's folder, in name order, but those in hidden folders or
    hidden themselves (`.bulletin-cache/`, an editor's backups)."""
    return [path for path in sorted(directory.rglob("*"))
            if path.suffix.lower() in (".yaml", ".yml", ".csv") and path.is_file()
            and not any(part.startswith(".") for part in path.relative_to(directory).parts)]


def _not_found(holder: Holder, what: str, old: str, content: Path) -> None:
    """Refuse a rename that found the name in no file it rewrites: nothing is said renamed."""
    where = holder.loc or Location(shown_path(content))
    raise RenameRefused(f"{where}: the {what} {old!r} was not found in any file of the event's folder, "
                        "so nothing was renamed (hint: a list outside the event's folder is not "
                        "rewritten: rename the name in it by hand)")


def _record_files(event: Event) -> list[Path]:
    """The game record files the loader reads beside `event`'s round files."""
    return sorted({path for section in event.sections for rnd in section.rounds if rnd.origin.file
                   for path in record_files(rnd.origin.file.parent, rnd.number, event.game)})


def _record_edits(holder: Holder, old: str, new: str) -> list[tuple[Path, bytes, int]]:
    """Each game record of the event that names the player (or team) `old`: its new bytes, and how
    many tags were renamed. A format its game has no renamer for is left as it is."""
    game = game_of(holder.event.game)
    swap = _swap(holder, old, new)
    out = []
    for path in _record_files(holder.event):
        renamer = game.renamers.get(path.suffix.lower())
        if renamer is None:
            continue
        data = path.read_bytes()
        text, codec = _decoded(path, data)
        if spans := renamer(text, swap):
            out.append((path, _spliced(path, data, text, codec, spans), len(spans)))
    return out


def _swap(holder: Holder, old: str, new: str) -> Swap:
    """`new` for a record's tag that names the player (or team) `old`: the game's player tags for a
    player, its team tags for a team, the name compared as records are matched to their games
    (accents, case, punctuation and the order of the names left out: docs/content.md, "Game
    records"), or as the lists compare it where another of the event's names is loosely the same."""
    game = game_of(holder.event.game)
    tags = set(chain.from_iterable(game.player_tags) if holder.player else ()) \
        | set(game.team_tags if holder.team else ())
    others = [n for n in _names(holder.event) if normalize_name(n) != normalize_name(old)]
    key = normalize_name if any(loose_key(n) == loose_key(old) for n in others) else loose_key
    wanted = key(old)
    return lambda tag, value: new if tag in tags and key(value) == wanted else None


def _decoded(path: Path, data: bytes) -> tuple[str, str]:
    """A record file's text, its newlines as written, and its codec: UTF-8 (after a byte-order mark
    if it has one) or, for a KIF that is not UTF-8, Shift_JIS, as the loader reads them."""
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        if path.suffix.lower() != ".kif":
            raise
        return data.decode("cp932"), "cp932"


def _spliced(path: Path, data: bytes, text: str, codec: str, spans: list[Span]) -> bytes:
    """`data` (decoded as `text`) with each span replaced and every other byte as it was; refused
    where the file's codec cannot write the new name."""
    skip = len(BOM) if data.startswith(BOM) and codec == "utf-8" else 0
    for start, end, written in sorted(spans, reverse=True):
        begin = skip + len(text[:start].encode(codec))
        finish = begin + len(text[start:end].encode(codec))
        try:
            data = data[:begin] + written.encode(codec) + data[finish:]
        except UnicodeEncodeError:
            where = Location(path, text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start))
            raise RenameRefused(f"{where}: the new name cannot be written in this file's encoding "
                                f"({codec}); nothing was changed (hint: save the file as UTF-8, then "
                                "rename again)") from None
    return data


def _check_parses(path: Path, data: bytes) -> None:
    """Refuse the rename, before anything is written, when the new text of a YAML file is no YAML."""
    if path.suffix.lower() not in (".yaml", ".yml"):
        return
    import yaml

    try:
        yaml.compose(data.decode("utf-8-sig"), Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        raise RenameRefused(f"{where}: the new name would make the file invalid YAML "
                            f"({getattr(error, 'problem', None) or error}); nothing was changed") from None


def _write_all(edits: dict[Path, bytes], originals: dict[Path, bytes]) -> None:
    """Write every new content; when one cannot be written, put back those already written and
    refuse."""
    written: list[Path] = []
    try:
        for path, data in edits.items():
            write_atomic(path, data)
            written.append(path)
    except OSError as error:
        _restore(written, originals)
        raise RenameRefused(f"{path}: cannot be written ({error.strerror or error}); nothing was "
                            "changed") from None
    except BaseException:
        _restore(written, originals)
        raise


def _restore(paths: list[Path], originals: dict[Path, bytes]) -> None:
    """Put back the original bytes of `paths`; refuse naming those that cannot be."""
    failed = []
    for path in paths:
        try:
            write_atomic(path, originals[path])
        except OSError:
            failed.append(path)
    if failed:
        raise RenameRefused(f"{failed[0]}: renamed but cannot be put back; {len(failed)} file(s) keep the "
                            "new name (see 'git diff')")


def _holders(events: tuple[Event, ...], old: str, new: str, content: Path) -> list[Holder]:
    """The events that have a player or a team named `old`, and which of the two it is."""
    key, new_key = normalize_name(old), normalize_name(new)
    found: list[Holder] = []
    for event in events:
        players = [p for s in event.sections for p in s.players] + list(event.players)
        teams = [t for s in event.sections for t in s.teams]
        named = [p for p in players if normalize_name(p.name) == key]
        team_named = [t for t in teams if normalize_name(t.name) == key]
        if not (named or team_named):
            continue
        if len({p.number for p in named}) > 1:
            raise RenameRefused(f"{named[1].loc or event.slug}: {len({p.number for p in named})} players are "
                                f"named {old!r} (hint: rename one in the player list by hand and refer to "
                                "the others by number)")
        if (any(normalize_name(p.name) == new_key for p in players)
                or any(normalize_name(t.name) == new_key for t in teams)) and new_key != key:
            raise RenameRefused(f"{event.slug}: a player or team is already named {new!r} (hint: choose "
                                "another name)")
        found.append(Holder(event, bool(named), bool(team_named), (named or team_named)[0].loc))
    if not found:
        close = sorted({n for e in events for n in _names(e) if loose_key(n) == loose_key(old)})
        hint = (f"the lists write {close[0]!r}" if close else
                "write the name as the player or team list does; case and spaces do not matter")
        raise RenameRefused(f"{Location(shown_path(content))}: no player or team is named {old!r} "
                            f"(hint: {hint})")
    return found


def _names(event: Event) -> list[str]:
    """The names of every player and team of `event`."""
    return ([p.name for s in event.sections for p in s.players] + [p.name for p in event.players]
            + [t.name for s in event.sections for t in s.teams])


def _rename_yaml(text: str, old: str, new: str) -> tuple[str, int]:
    """`text` with every scalar that is the name `old` replaced by `new`, each in its own quoting."""
    import yaml

    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return text, 0
    key = normalize_name(old)
    spans: list[tuple[int, int, str | None]] = []
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.ScalarNode):
            if node.tag == "tag:yaml.org,2002:str" and normalize_name(node.value) == key:
                spans.append((node.start_mark.index, node.end_mark.index, node.style))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend(item for pair in node.value for item in pair)
    for start, end, style in sorted(spans, reverse=True):
        text = text[:start] + _scalar(new, style) + text[end:]
    return text, len(spans)


def _scalar(name: str, style: str | None) -> str:
    """`name` written as a YAML scalar in the quoting the replaced one had (plain when it is safe)."""
    import yaml

    if style == "'":
        return "'" + name.replace("'", "''") + "'"
    plain = re.fullmatch(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`][^:#,\[\]{}]*", name) and name == name.strip()
    if style is None and plain and yaml.safe_load(name) == name:
        return name
    return json.dumps(name, ensure_ascii=False)


def _rename_csv(text: str, old: str, new: str) -> tuple[str, int]:
    """`text` with every cell that is exactly the name `old` replaced by `new` (quoted where needed)."""
    d = re.escape(csv_delimiter(text))
    cell = re.compile(rf'(?:^|(?<={d}))("?){re.escape(old)}\1(?={d}|\r?$)', re.MULTILINE)
    quoted = '"' + new.replace('"', '""') + '"'
    plain = quoted if re.search(rf'[{d}"\n]', new) else new
    return cell.subn(lambda m: quoted if m.group(1) else plain, text)
