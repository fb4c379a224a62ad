"""`bulletin pair`: compute the next round and write it into the content as a round file."""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from site_builder.checks import load_checked
from site_builder.checks.qualification import requalified, resolve_qualification
from site_builder.checks.unfinished import rounds_text, stale_warnings
from site_builder.content.atomic import write_atomic
from site_builder.content.codes import codes_text
from site_builder.content.loader import load_site
from site_builder.content.pair_text import date_line, filled, newline_of, round_yaml, with_proposal
from site_builder.content.players import file_ref
from site_builder.content.rounds import round_number_from_name
from site_builder.content.updated import committed_text
from site_builder.content.yamlsource import substituted
from site_builder.draw_seed import SeedMissing, missing_message
from site_builder.engine.go_section import komi_of
from site_builder.engine.scoring import records
from site_builder.errors import ContentError, Location, Problem
from site_builder.games.go_terms import terms_yaml
from site_builder.languages import catalogue
from site_builder.model import Event, Language, Round, Section, Site
from site_builder.pairing import Pair, Pairing, PairingError
from site_builder.pairing.explain import reasons, warned
from site_builder.pairing.numbers import draw_codes
from site_builder.pairing.paired_from import has_results, paired_from
from site_builder.regulations import rules_of
from site_builder.results.previews import next_round_location
from site_builder.systems import (
    ResultsPending,
    differs,
    next_round,
    paired_again,
    reordered,
    stale_rounds,
    system_of,
)
from site_builder.systems.base import kept_as_played
from site_builder.views.reasons import said


class PairCommandError(Exception):
    """The next round cannot be written (a one-line reason for the organizer)."""


@dataclass(frozen=True)
class PairResult:
    path: Path
    pairing: Pairing
    codes_path: Path | None
    text: str
    language: Language  # the event's: what the command says is said in it
    #: the section's rounds paired from other rounds than their files now hold, as `check` says them:
    #: the new round is paired from the files, those rounds still wait for the arbiter's word
    stale: tuple[Problem, ...] = ()

    def report(self) -> list[str]:
        """What `bulletin pair` prints before the round file's text."""
        words = catalogue(self.language).labels
        drew = [words["cli.drew_codes"].format(path=self.codes_path)] if self.codes_path else []
        return [*drew, words["cli.wrote"].format(path=self.path)]


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


def proposal_block(section: Section, pairing: Pairing, language: Language = "en", moved: bool = False) -> str:
    """The `proposed:` key of a round file: the engine's pairing of a round the arbiter changed;
    `moved`: the round has its games on other boards (`systems.reordered`), which the comment says
    in `bulletin verify`'s words."""
    def ref(number: int) -> str:
        return file_ref(section, number)

    words = catalogue(language).labels
    said = words["file.proposed_reordered"].format(same_games=words["verify.same_games"]) if moved \
        else words["file.proposed"]
    lines = [f"proposed:     # {said}"]
    lines += ["  games:"] + [f"    - {_proposed_game(section, p, ref)}" for p in pairing.pairs] \
        if pairing.pairs else ["  games: []"]
    if pairing.byes:
        lines.append("  byes: [" + ", ".join(ref(b) for b in pairing.byes) + "]")
    return "\n".join(lines) + "\n"


def _proposed_game(section: Section, pair: Pair, ref: Callable[[int], str]) -> str:
    """A proposed game: `[board, first, second]`, or in go the mapping of a round file's game with
    the handicap and komi the engine gave it (`{board: 1, first: A, second: B, handicap: 2, komi: 0.5}`)."""
    if pair.handicap is None:
        return f"[{pair.board}, {ref(pair.first)}, {ref(pair.second)}]"
    terms = terms_yaml(pair.handicap, komi_of(section))
    return f"{{board: {pair.board}, first: {ref(pair.first)}, second: {ref(pair.second)}{terms}}}"


def record_rounds(content: Path, span: str, event_slug: str = "", section_id: str = "") -> list[str]:
    """FIDE mode's trail of a pairing changed by hand: each round of `span` ("3..7" or "3") whose
    games or byes are not what the engine pairs from the rounds before it gets a `proposed:` key
    with the engine's pairing; a round that is the engine's is said so and left as it is. Every
    round is paired again before any file is written. Returns a line per round, in the event's
    language."""
    site = load_checked(content)
    event, section = select(site.events, event_slug, section_id)
    words = catalogue(event.language).labels
    edits: list[tuple[Path, str]] = []
    out = []
    for rnd in (r for r in _span(section, span, event) if not r.is_request and r.origin.source is not None):
        assert rnd.origin.source is not None
        try:
            pairing = paired_again(section, section.rounds.index(rnd), event)
        except (SeedMissing, PairingError) as error:
            raise PairCommandError(f"{rnd.origin.loc or rnd.origin.source}: round {rnd.number} cannot be "
                                   f"paired again: {error}") from None
        text = _read(rnd.origin.source)
        if differs(section, rnd, pairing).differs:
            block = proposal_block(section, pairing, event.language, reordered(section, rnd, pairing))
            edits.append((rnd.origin.source, with_proposal(text, block)))
            out.append(words["cli.recorded"].format(path=rnd.origin.source))
            continue
        if rnd.provenance.proposed is not None:  # the games are the engine's again: the record goes
            edits.append((rnd.origin.source, with_proposal(text, "")))
        out.append(words["cli.record_agrees"].format(n=rnd.number))
    for path, text in edits:
        _write(path, text)
    return out


def _span(section: Section, span: str, event: Event) -> list[Round]:
    """The rounds of `section` that `span` ("3..7" or "3") names, refused in one line if none."""
    match = re.fullmatch(r"(\d+)(?:\.\.(\d+))?", span.strip())
    if not match:
        raise PairCommandError(f"give a round or a span of rounds, e.g. 3 or 3..7, not {span!r}")
    first, last = int(match[1]), int(match[2] or match[1])
    chosen = [r for r in section.rounds if first <= r.number <= last]
    if not chosen:
        raise PairCommandError(_no_round(section, event, first, last))
    return chosen


def _no_round(section: Section, event: Event, first: int, last: int) -> str:
    """The one-line refusal of a span (`first`..`last`) naming no round of `section`, located at the
    `rounds:` of event.yaml when the span lies past the rounds planned, else where the next round
    is paired: "round 6 is not played (the section has rounds 1–5, of 5 planned)"."""
    have = [r.number for r in section.rounds if not r.is_request]
    these = f"round {first}" if first == last else f"rounds {first}–{last}"
    has = f"has {rounds_text(have)}" if have else "has no round yet"
    past = first > section.rounds_planned
    locs = event.files.locs
    at = (locs.get(f"rounds/{section.id}") or locs.get("rounds")) if past else None
    hint = f"give a round from {have[0]} to {have[-1]}" if have else "pair round 1 first"
    return (f"{at or next_round_location(event, section)}: {these} of {section.name!r} "
            f"{'is' if first == last else 'are'} not played (the section {has}, of "
            f"{section.rounds_planned} planned) (hint: {hint})")


def _round_path(section: Section, number: int) -> Path:
    """The file of round `number` (`03.yaml` unless a file of that round exists under another name)."""
    assert section.files.directory is not None
    folder = section.files.directory / "rounds"
    named = [p for p in sorted(folder.glob("*.y*ml")) if not p.name.startswith(".")
             and round_number_from_name(p) == number] if folder.is_dir() else []
    return named[0] if named else folder / f"{number:02d}.yaml"


def pair_next(content: Path, event_slug: str = "", section_id: str = "", replace: bool = False,
              force: bool = False, offline: bool = False) -> PairResult:
    """Pair the next round of one section and write its file: the round file written before pairing
    when there is one (its date, note, absences and comments kept), else a new one.

    With `replace`, the last round file is paired again, but only while it has no result (the
    forfeits `pair` wrote for withdrawn players are none: `paired_from.has_results`); what it
    states besides its pairing stays (a round file written before pairing is simply paired).
    `force` pairs despite results pending in earlier rounds. The first pairing of an event with a
    secret seed waits until the seed's commitment is in a commit (`offline`: pair without, and say
    so in the round file).
    """
    site = _load_replacing(content) if replace else load_checked(content)
    event, section = select(site.events, event_slug, section_id)
    words = catalogue(event.language).labels
    first = not any(r for s in event.sections for r in s.rounds if not r.is_request)
    if first and event.draw.sha256 and not offline:
        _require_committed(event)
    if replace and not (section.rounds and section.rounds[-1].is_request):  # else: pair it, first time
        if not section.rounds:
            raise PairCommandError("there is no round to pair again")
        last = section.rounds[-1]
        if has_results(section, last):  # a forfeit pair wrote for a withdrawn player is none
            raise PairCommandError(words["cli.has_results"].format(
                where=last.origin.loc or last.origin.source, n=last.number))
        unpaired = last.unpaired()
        section = requalified(event, dataclasses.replace(section, rounds=(*section.rounds[:-1], unpaired)))
    requests = section.round_to_pair
    number = requests.number if requests else section.current_round + 1
    path = _round_path(section, number)
    if path.exists() and requests is None:
        raise PairCommandError(words["cli.exists"].format(path=path))
    try:
        pairing = next_round(section, records(section), event.draw.seed, event, force=force)
    except SeedMissing as missing:  # nothing is ever drawn without the seed
        raise PairCommandError(f"{event.slug}/{section.id}: cannot pair round {number}: "
                               f"{missing_message(missing.what, bool(event.draw.sha256))}") from None
    except ResultsPending as pending:
        waiting = pending.round
        pending_text = catalogue(event.language).plural("cli.pending", waiting.pending)
        raise PairCommandError(pending_text.format(where=waiting.origin.loc or waiting.origin.source,
                                                   n=number, m=waiting.number, k=waiting.pending)) from None
    except PairingError as error:
        where = error.loc or next_round_location(event, section)
        hint = error.hint or "correct the content, or write the round file by hand"
        raise PairCommandError(f"{where}: cannot pair round {number} of {section.name!r}: {error} "
                               f"(hint: {hint})") from None
    if requests and pairing.round != number:
        raise PairCommandError(f"{next_round_location(event, section)}: round {number} lists requested byes, "
                               f"but the {section.system} system pairs every player (hint: remove them or "
                               "the file)")
    codes = _draw_codes(event, section, number)
    explanation = f"# {words['file.offline']}\n" if first and offline and event.draw.sha256 else ""
    explanation += "".join(f"# {line}\n" for line in said(reasons(section, pairing), event.language))
    explanation += "".join(f"# {words['file.warning'].format(text=w)}\n"
                           for w in said(warned(pairing), event.language))
    start, end = event.dates.start, event.dates.end
    days = (start, end) if start and end and end != start else None
    prepared = requests is not None and path.exists()  # its own lines kept, its date line if it has none
    text = explanation + round_yaml(section, pairing, event.language, None if prepared else days)
    if prepared:
        head, body = text.split(f"round: {pairing.round}\n", 1)
        text = filled(_read(path), head, number, body, date_line(days, event.language))
    writes = {path: text, **dict([codes] if codes else [])}
    _refused_by_check(content, writes, number, next_round_location(event, section))
    path.parent.mkdir(parents=True, exist_ok=True)
    for target, written in writes.items():
        _write(target, written)
    return PairResult(path, pairing, codes[0] if codes else None, text, event.language,
                      _stale(site, event_slug, section_id))


def _stale(site: Site, event_slug: str, section_id: str) -> tuple[Problem, ...]:
    """The stale warnings `check` gives of the section as loaded (`PairResult.stale`)."""
    event, section = select(site.events, event_slug, section_id)
    alone = dataclasses.replace(event, sections=(section,))
    return tuple(stale_warnings(dataclasses.replace(site, events=(alone,))))


def _refused_by_check(content: Path, writes: dict[Path, str], number: int, there: Location) -> None:
    """Refuse to write files that `bulletin check` would refuse: the content is loaded with them in
    place first, and the first error it finds is the command's (a command never writes what another
    refuses). An error inside a text not written is said at `there` (the round file prepared for the
    round, else the section's last round), a line that exists."""
    try:
        with substituted(writes):
            load_checked(content)
    except ContentError as error:
        first = error.problems[0]
        unwritten = {path.resolve() for path in writes}
        at = there if first.location.path.resolve() in unwritten else first.location
        raise PairCommandError(str(dataclasses.replace(
            first, location=at,
            message=f"round {number} is not written, its pairing would be refused: {first.message}"))
        ) from None


def _load_replacing(content: Path) -> Site:
    """The content for `pair --replace`: as it is, or, when only the round file being paired again is
    wrong (an absence added after its pairing names a player it pairs), with that file read without
    its pairing, as a round prepared before pairing; the file is rewritten only once paired."""
    try:
        return load_checked(content)
    except ContentError as error:
        files = {problem.location.path for problem in error.problems}
        only = next(iter(files))
        number = round_number_from_name(only)
        if len(files) != 1 or number is None or not only.is_file():
            raise
        text = _read(only)
        with substituted({only: filled(text, "", number, "games: []\n")}):
            try:
                site = load_checked(content)
            except ContentError:
                raise error from None
        last = [s.rounds[-1].origin.source for e in site.events for s in e.sections if s.rounds]
        if not any(source is not None and source.resolve() == only.resolve() for source in last):
            raise error from None  # not the last round of its section: nothing here pairs it again
        return site


def accept_rounds(content: Path, span: str, event_slug: str = "", section_id: str = "") -> list[str]:
    """Keep the played rounds `span` ("3..7" or "3") as played although a result before them was
    corrected after they were paired: each round file gets an `accepted_from:` line (the digests of
    the rounds before it as they are now, results/pairings as in `paired_from:`) beside its
    `paired_from:` (after its `round:` line in a file that records none), so the stale warning ends
    and the file says what the arbiter decided. Every round is checked before any file is written.
    Returns a line for each file, in the event's language."""
    if not re.match(r"\s*\d", span):
        return _accept_part(content, span.strip(), event_slug)
    site, kept = _loaded_to_accept(content, span, event_slug, section_id)
    event, section = select(site.events, event_slug, section_id)
    chosen = _span(section, span, event)
    stale = {r.number for r in stale_rounds(section)} | ({r.number for r in chosen} if kept else set())
    edits = []
    for rnd in chosen:
        if not has_results(section, rnd):
            raise PairCommandError(f"{rnd.origin.loc or rnd.origin.source}: round {rnd.number} is not played "
                                   "yet: pair it again with 'bulletin pair --replace' rather than keep it")
    for rnd in chosen:
        where = rnd.origin.loc or rnd.origin.source
        if rnd.origin.source is None or (not rnd.provenance.paired_from and rnd.number not in stale):
            raise PairCommandError(f"{where}: round {rnd.number} records no 'paired_from': it was not paired "
                                   "by 'bulletin pair', and nothing is to be accepted")
        if rnd.number not in stale:
            raise PairCommandError(f"{where}: round {rnd.number} was paired from the rounds before it as "
                                   "they stand: nothing is to be accepted (hint: 'bulletin check' names the "
                                   "rounds paired from results corrected since)")
        text = _accepted(_read(rnd.origin.source), paired_from(section, rnd.number), event.language)
        with contextlib.suppress(SeedMissing, PairingError):  # the trail: what the engine pairs now
            pairing = paired_again(section, section.rounds.index(rnd), event)
            if differs(section, rnd, pairing).differs:
                block = proposal_block(section, pairing, event.language, reordered(section, rnd, pairing))
                text = with_proposal(text, block)
        edits.append((rnd.origin.source, text))
    edits += [kept] if kept else []
    for path, text in edits:
        _write(path, text)
    return [catalogue(event.language).labels["cli.kept_as_played"].format(path=path) for path, _ in edits]


def _accept_part(content: Path, what: str, event_slug: str) -> list[str]:
    """`--accept WHAT` for a part of an event that is no round, which its regulation keeps as played
    after a correction before it (`Rules.kept_as_played`: the shogi league's `challenges`): the line
    it names is written into its file once the content, with that line, passes its checks."""
    try:
        site, failed = load_checked(content), None
    except ContentError as error:
        site, failed = load_site(content), error
    events = [e for e in site.events if not event_slug or e.slug == event_slug]
    if len(events) != 1:
        raise PairCommandError(f"pass --event with one of: {', '.join(e.slug for e in site.events)}")
    event = resolve_qualification(events[0])
    found = rules_of(event).kept_as_played(event, what)
    if found is None:
        if failed is not None:
            raise failed
        raise PairCommandError(f"{event.slug}: nothing is to be accepted as {what!r} (hint: give rounds, "
                               "e.g. 3 or 3..7, or a part the regulation keeps, as the shogi league's "
                               "'challenges', when 'bulletin check' names a correction before it)")
    path, line = found
    text = _accepted(_read(path), "", event.language, line)
    with substituted({path: text}):
        load_checked(content)
    _write(path, text)
    return [catalogue(event.language).labels["cli.kept_as_played"].format(path=path)]


def _loaded_to_accept(content: Path, span: str, event_slug: str, section_id: str
                      ) -> tuple[Site, tuple[Path, str] | None]:
    """The checked site `--accept` works on and, where the section's system keeps more than the rounds'
    `accepted_from:` (`systems.base.KeepsAsPlayed`: the staged Swiss's elimination), the file that
    records it with its new text: the content is checked with that file as it will be written, and
    refused, as `check` refuses it, when it is still wrong."""
    try:
        return load_checked(content), None
    except ContentError as error:
        site = load_site(content)
        event, section = select(site.events, event_slug, section_id)
        found = kept_as_played(system_of(section), section, _span(section, span, event)[0].number)
        path = None if found is None else found[0].origin.source
        if found is None or path is None:
            raise
        _, key, players = found
        line = f"{key}: [{', '.join(file_ref(section, p) for p in players)}]"
        text = _accepted(_read(path), "", event.language, line)
        with substituted({path: text}):
            try:
                return load_checked(content), (path, text)
            except ContentError:
                raise error from None


_ACCEPTED = re.compile(r"^accepted_from:.*\n?", flags=re.M)
_PAIRED_FROM = re.compile(r"^paired_from:.*\n?", flags=re.M)
_ROUND = re.compile(r"^round:.*\n?", flags=re.M)


def _accepted(text: str, digest: str, language: Language = "en", kept: str = "") -> str:
    r"""The round file `text` with `accepted_from: "<digest>"` after its `paired_from:` line (in place
    of an earlier one), or after its `round:` line in a file that records none (a qualified section's
    round written by hand, stale for its qualifiers), its comment in `language`; every other line
    stays. With `kept` (a line `key: value` a system keeps as played, `KeepsAsPlayed`), that line in
    place of the file's own line of that key, or after its `paired_from:` or `round:` line.

    >>> print(_accepted('round: 3\npaired_from: "aa"\ngames: []\n', "bb"), end="")
    round: 3
    paired_from: "aa"
    accepted_from: "bb"   # kept as played after a correction before it (bulletin pair --accept)
    games: []
    >>> print(_accepted('# by hand\nround: 1\ngames: []\n', "bb").splitlines()[2])
    accepted_from: "bb"   # kept as played after a correction before it (bulletin pair --accept)
    """
    newline = newline_of(text)
    comment = catalogue(language).labels["file.kept_as_played" if kept else "file.accepted_from"]
    accepted = f'accepted_from: "{digest}"'
    line = f"{kept or accepted}   # {comment}{newline}"
    own = re.compile(rf"^{re.escape(kept.partition(':')[0])}:.*\n?", flags=re.M) if kept else _ACCEPTED
    text = own.sub("", text)
    found = _PAIRED_FROM.search(text) or _ROUND.search(text)
    if found is None:
        return line + text
    end = found.end() if found.group().endswith("\n") else len(text)
    head = text[:end] if text[:end].endswith("\n") else text[:end] + newline
    return head + line + text[end:]


def _require_committed(event: Event) -> None:
    """Refuse the event's first lot while the commitment to its seed is not in a commit: committed
    (and pushed) before any draw, it shows everyone that the seed was fixed in advance. The refusal
    points at the `draw_seed_sha256:` line of event.yaml."""
    assert event.draw.loc is not None  # where the commitment was read: its line of the event's event.yaml
    if event.draw.sha256 not in (committed_text(event.draw.loc.path) or ""):
        raise PairCommandError(catalogue(event.language).labels["cli.not_committed"].format(
            where=event.draw.loc,
            command="git add content && git commit -m 'The draw seed's commitment' && git push"))


def _read(path: Path) -> str:
    """A content file's text to edit: without its byte-order mark (`_write` puts it back), its line
    endings as they are (text mode would make every CRLF an LF)."""
    return path.read_bytes().decode("utf-8-sig")


def _write(path: Path, text: str) -> None:
    """Write a content file whole, or refuse in one line (it is then as it was); a file that starts
    with a byte-order mark keeps it."""
    try:
        write_atomic(path, text, encoding="utf-8-sig" if _has_bom(path) else "utf-8")
    except OSError as error:
        raise PairCommandError(f"{path}: cannot be written ({error.strerror or error})") from None


def _has_bom(path: Path) -> bool:
    """Whether the file at `path` starts with UTF-8's byte-order mark (False when there is none)."""
    try:
        with path.open("rb") as file:
            return file.read(3) == b"\xef\xbb\xbf"
    except FileNotFoundError:
        return False


def _draw_codes(event: Event, section: Section, number: int) -> tuple[Path, str] | None:
    """Seed 004 二.2: the secret codes, drawn once before round 2 is paired and frozen in codes.yaml
    (its path and text, written with the round file)."""
    if section.pairing.numbering != "codes" or number < 2 or section.codes.by_player or section.codes.sealed \
            or event.draw.seed is None:
        return None
    assert section.files.directory is not None
    codes_path = section.files.directory / "codes.yaml"
    text = codes_text(section, draw_codes(section, event.draw.seed), event.draw.seed,
                      sealed=bool(event.draw.sha256))
    return codes_path, text
