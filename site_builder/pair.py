"""`bulletin pair`: compute the next round and write it into the content as a round file."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

from site_builder.check import load_checked
from site_builder.content.codes import sealed_text
from site_builder.draw_seed import SeedMissing, missing_message
from site_builder.engine.scoring import records
from site_builder.model import Event, Round, Section
from site_builder.pairing import Pairing
from site_builder.pairing.explain import describe
from site_builder.pairing.numbers import draw_codes
from site_builder.systems import next_round, system_of


class PairCommandError(Exception):
    """The next round cannot be written (a one-line reason for the organizer)."""


@dataclass(frozen=True)
class PairResult:
    path: Path
    pairing: Pairing
    codes_path: Path | None
    text: str


def select(events: tuple[Event, ...], event_slug: str, section_id: str) -> tuple[Event, Section]:
    """The section to pair; slugs may be omitted when there is only one."""
    choices = [(e, s) for e in events for s in e.sections
               if (not event_slug or e.slug == event_slug) and (not section_id or s.id == section_id)]
    if len(choices) == 1:
        return choices[0]
    names = ", ".join(f"{e.slug}/{s.id}" for e in events for s in e.sections)
    if not choices:
        raise PairCommandError(f"no section matches; sections are: {names}")
    raise PairCommandError(f"several sections match; pass --event and --section (one of: {names})")


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _ref(section: Section, number: int) -> str:
    """A player as round files name them: by name, or by number where names repeat."""
    name = section.player(number).name
    return _quoted(name) if sum(p.name == name for p in section.players) == 1 else str(number)


def round_yaml(section: Section, pairing: Pairing) -> str:
    """The round file for `pairing`: players by name (by number where names repeat), results '?'."""
    def ref(number: int) -> str:
        return _ref(section, number)

    lines = [f"# Round {pairing.round} paired by 'bulletin pair'; edit freely before publishing.",
             f"round: {pairing.round}", *system_of(section).round_lines(section, pairing, ref)]
    return "\n".join(lines) + "\n"


def request_yaml(section: Section, requests: Round) -> str:
    """The requested byes and absences of a round file, as the organizer wrote them before pairing."""
    lines = []
    for key, players in (("half_byes", requests.half_byes), ("full_byes", requests.full_byes),
                         ("absent", requests.absent)):
        if players:
            lines.append(f"{key}: [" + ", ".join(_ref(section, p) for p in players) + "]")
    return "\n".join(lines) + "\n"


def pair_next(content: Path, event_slug: str = "", section_id: str = "", replace: bool = False) -> PairResult:
    """Pair the next round of one section and write its file.

    With `replace`, the last round file is paired again, but only while it has no result.
    """
    from site_builder.pairing import PairingError

    site = load_checked(content)
    event, section = select(site.events, event_slug, section_id)
    if replace:
        if not section.rounds:
            raise PairCommandError("there is no round to pair again")
        last = section.rounds[-1]
        if last.has_results:
            raise PairCommandError(f"round {last.number} already has results; it is never overwritten")
        section = dataclasses.replace(section, rounds=section.rounds[:-1])
    requests = section.rounds[-1] if section.rounds and section.rounds[-1].is_request else None
    number = requests.number if requests else section.current_round + 1
    assert section.directory is not None
    path = section.directory / "rounds" / f"{number:02d}.yaml"
    try:
        pairing = next_round(section, records(section), event.draw_seed, event)
    except SeedMissing as missing:  # nothing is ever drawn without the seed
        raise PairCommandError(f"{event.slug}/{section.id}: cannot pair round {number}: "
                               f"{missing_message(missing.what, bool(event.draw_seed_sha256))}") from None
    except PairingError as error:
        raise PairCommandError(f"{event.slug}/{section.id}: cannot pair round {number}: {error}") from None
    if requests and pairing.round != number:
        raise PairCommandError(f"round {number} lists requested byes, but the {section.system} system "
                               "pairs every player; remove them or the file")
    if path.exists() and not replace and not requests:
        raise PairCommandError(f"{path} exists; it is never overwritten")
    codes_path = None
    if section.numbering == "codes" and number >= 2 and not section.codes and not section.codes_sealed \
            and event.draw_seed is not None:
        codes_path = section.directory / "codes.yaml"
        codes = draw_codes(section, event.draw_seed)
        if event.draw_seed_sha256:  # a secret seed: the codes are sealed with it (docs/secrets.md)
            text = sealed_text(codes, event.draw_seed, section.id, section.name)
        else:
            body = "\n".join(f"  {_quoted(section.player(p).name)}: {c}" for p, c in sorted(codes.items()))
            text = ("# Secret pairing codes (seed 004 二.2), drawn once from draw_seed and kept "
                    "secret until the last round starts.\ncodes:\n" + body + "\n")
        codes_path.write_text(text, encoding="utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    explanation = "".join(f"# {line}\n" for line in describe(section, pairing, "en"))
    explanation += "".join(f"# WARNING: {w}\n" for w in pairing.warnings)
    text = explanation + round_yaml(section, pairing) + (request_yaml(section, requests) if requests else "")
    path.write_text(text, encoding="utf-8")
    return PairResult(path, pairing, codes_path, text)

