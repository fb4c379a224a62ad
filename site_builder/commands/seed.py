"""`bulletin seed EVENT_DIR`: a new secret draw seed for an event (docs/secrets.md).

The seed is made here and shown once by the command; only its commitment is written, into
`event.yaml` as `draw_seed_sha256`, replacing a public `draw_seed:` line or adding the key. The file
is edited as text, line by line, so every other line and comment stays as it was, and the result is
parsed again before it is written.

It refuses an event that already has a committed seed, and one whose rounds were already paired with
lots from its seed (a new seed after the fact would let whoever holds it choose the draws to come),
unless `--force`; then the rounds, lots and plain codes already written stay exactly as they are,
and the earlier seed line is kept as a comment so that those lots can still be checked. Sealed codes
can only be opened with the seed that sealed them: a new seed is refused while they exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from site_builder.content.atomic import write_atomic
from site_builder.content.yamlsource import LMap, parse_yaml
from site_builder.draw_seed import ENV, commitment, new_seed
from site_builder.errors import Problems
from site_builder.languages import catalogue
from site_builder.model import LANGUAGES


class SeedRefused(Exception):
    """No new seed is made (a one-line reason)."""


@dataclass(frozen=True)
class NewSeed:
    """The new seed (to show once), its commitment, the file written and what the organizer should
    know about draws already made."""

    seed: int
    digest: str
    path: Path
    notes: tuple[str, ...] = ()
    language: str = "zh"  # the event's, which the command speaks


def commit_new_seed(event_dir: Path, force: bool = False, seed: int | None = None) -> NewSeed:
    """Make a seed (or take `seed`, for tests), write its commitment into `event_dir/event.yaml`."""
    path = event_dir / "event.yaml"
    if not path.is_file():
        raise SeedRefused(f"{path}: not found (hint: pass the directory of one event, the one holding "
                          "event.yaml)")
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SeedRefused(f"{path}:1:1: not UTF-8 text (hint: save it as UTF-8)") from None
    problems = Problems()
    data = parse_yaml(text, path, problems)
    if problems or not isinstance(data, LMap):
        first = problems.items[0] if problems.items else f"{path}: the event file is not a mapping"
        raise SeedRefused(f"{first} (hint: fix the event file first; 'bulletin check' lists its problems)")
    drawn = _drawn(event_dir) if ("draw_seed" in data or "draw_seed_sha256" in data) else []
    sealed = sorted(p for p in _codes_files(event_dir) if _is_sealed(p))
    if sealed:
        raise SeedRefused(f"{sealed[0]}:1:1: holds codes sealed with the current seed, which a new seed "
                          "could not open (hint: keep the current seed)")
    notes: list[str] = []
    if "draw_seed_sha256" in data and not force:
        loc = data.key_locs["draw_seed_sha256"]
        raise SeedRefused(f"{path}:{loc.line}:{loc.column}: the event already has a committed draw seed "
                          f"(hint: keep it, setting {ENV} to it, or pass --force to replace it)")
    if drawn:
        if not force:
            raise SeedRefused(f"{drawn[0]}:1:1: already paired with the lots of the current seed; a new seed "
                              "now would decide the draws to come after the fact (hint: pass --force to make "
                              "one anyway; the rounds already written stay as they are)")
        notes.append(f"{len(drawn)} round file(s) already written stay exactly as they are: their lots came "
                     "from the earlier seed, kept as a comment in event.yaml so they can still be checked; "
                     "every draw from now on (and the 'lot' tiebreak, recomputed at every build) comes "
                     "from the new seed")
        plain = sorted(p for p in _codes_files(event_dir) if not _is_sealed(p))
        if plain:
            notes.append(f"{plain[0]} keeps its codes in clear: they are frozen, and already in the "
                         "repository's history")
    seed = new_seed() if seed is None else seed
    digest = commitment(seed)
    language = str(data.get("language")) if data.get("language") in LANGUAGES else "zh"
    edited = _edit(text, data, digest, keep_old=bool(drawn), comment=comment(language))
    check = Problems()
    again = parse_yaml(edited, path, check)
    rest = {k: v for k, v in data.items() if k not in ("draw_seed", "draw_seed_sha256")}
    if check or not isinstance(again, LMap) or again.get("draw_seed_sha256") != digest \
            or "draw_seed" in again or {k: v for k, v in again.items() if k != "draw_seed_sha256"} != rest:
        raise SeedRefused(f"{path}: cannot edit the seed line in place; nothing was written (hint: put the "
                          "seed's key and value on a line of their own)")
    try:
        write_atomic(path, edited)
    except OSError as error:
        raise SeedRefused(f"{path}: cannot be written ({error.strerror or error}); it is as it was "
                          "(hint: check the file's permissions)") from None
    return NewSeed(seed, digest, path, tuple(notes), language)


def _drawn(event_dir: Path) -> list[Path]:
    """Round files of the event (of its sections, or of its one section), in order."""
    found = [p for pattern in ("rounds/*.y*ml", "*/rounds/*.y*ml") for p in event_dir.glob(pattern)
             if not p.name.startswith(".")]
    return sorted(found)


def _codes_files(event_dir: Path) -> list[Path]:
    return [p for pattern in ("codes.yaml", "*/codes.yaml") for p in event_dir.glob(pattern)]


def _is_sealed(path: Path) -> bool:
    return any(line.startswith("sealed:") for line in path.read_text(encoding="utf-8").splitlines())


def comment(language: str) -> str:
    """The comment above the commitment, in the event's language (the one `bulletin new` writes)."""
    return f"# {catalogue(language).labels['new.secret_seed']}\n"


def _edit(text: str, data: LMap, digest: str, keep_old: bool, comment: str) -> str:
    """`text` with the commitment in place of the seed line, or added before `sections:` (else at
    the end); the earlier seed line becomes a comment when lots were drawn from it."""
    lines = text.splitlines(keepends=True)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    entry = f'draw_seed_sha256: "{digest}"'
    for key in ("draw_seed_sha256", "draw_seed"):
        if key not in data:
            continue
        first = data.key_locs[key].line - 1
        last = data.value_locs[key].line - 1
        old = [line.rstrip("\r\n") for line in lines[first:last + 1]]
        kept = [f"# earlier, before 'bulletin seed' (its lots stay as drawn): {line}" for line in old] \
            if keep_old else []
        above = [] if key == "draw_seed_sha256" else comment.splitlines()
        new = [*kept, *above, entry]
        return "".join(lines[:first]) + "".join(line + newline for line in new) + "".join(lines[last + 1:])
    block = "".join(line + newline for line in [*comment.splitlines(), entry])
    if "sections" in data and data.key_locs["sections"].column == 1:
        at = data.key_locs["sections"].line - 1
        while at > 0 and lines[at - 1].startswith("#"):  # above the comment that introduces sections
            at -= 1
        return "".join(lines[:at]) + block + "".join(lines[at:])
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += newline
    return "".join(lines) + block
