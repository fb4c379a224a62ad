"""The text `bulletin pair` writes into a round file: the round file of a pairing (`round_yaml`),
put in place of the pairing of a file written before it (`filled`), and a round file's `proposed:`
key replaced (`with_proposal`). The commands and the tournament generator write round files with it."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from site_builder.content.players import file_ref
from site_builder.content.yamlsource import LMap, parse_yaml
from site_builder.errors import Problems
from site_builder.languages import catalogue
from site_builder.model import Language, Section, chain_text
from site_builder.pairing import Pairing
from site_builder.pairing.paired_from import paired_from
from site_builder.systems import system_of
from site_builder.systems.base import pairing_options


def round_yaml(section: Section, pairing: Pairing, language: Language = "en",
               days: tuple[dt.date, dt.date] | None = None) -> str:
    """The round file for `pairing`: players by name (by number where names repeat), results '?',
    comments in `language`; with the event's `days` (when it lasts several), a `date:` line for the
    arbiter to give, commented out (the day a round is played is not guessed)."""
    def ref(number: int) -> str:
        return file_ref(section, number)

    words = catalogue(language).labels
    lines = ["# " + words["file.round_header"].format(n=pairing.round),
             f"round: {pairing.round}", *date_line(days, language).splitlines(),
             f'paired_from: "{paired_from(section, pairing.round)}"   # {words["file.paired_from"]}',
             *([f'tiebreaks: "{chain_text(section.tiebreaks)}"   # {words["file.tiebreaks"]}']
               if pairing.round == 1 and section.tiebreaks else []),
             *([f'paired_with: "{options}"   # {words["file.paired_with"]}']
               if (options := pairing_options(system_of(section), section, _field(section, pairing)))
               else []),
             *system_of(section).round_file.lines(section, pairing, ref, words)]
    return "\n".join(lines) + "\n"


def date_line(days: tuple[dt.date, dt.date] | None, language: Language = "en") -> str:
    """The `# date:` line of a round of an event played on several `days`, commented out for the
    arbiter to give (with its newline); "" when the event has no such days."""
    if days is None:
        return ""
    said = catalogue(language).labels["file.date"].format(start=days[0], end=days[1])
    return f"# date: YYYY-MM-DD   # {said}\n"


def _field(section: Section, pairing: Pairing) -> frozenset[int]:
    """The players a round file names once `pairing` is in it: paired, given a bye, or listed by
    the round prepared for it (absent, requested byes)."""
    asked = section.round_to_pair.entrants if section.round_to_pair else set()
    return frozenset({n for p in pairing.pairs for n in (p.first, p.second)} | set(pairing.byes) | asked)


#: The pairing a round file holds: what `bulletin pair` writes, and replaces with `--replace`.
PAIRING_KEYS = ("paired_from", "accepted_from", "tiebreaks", "paired_with", "games", "matches", "bye", "byes",
                "proposed")
MARK = "'bulletin pair'"  # in the first comment line of a round file it wrote, in every language


def filled(text: str, header: str, number: int, body: str, date: str = "") -> str:
    r"""`text`, a round file written before pairing (or paired before, for `--replace`), with the
    pairing `body` in place of its own (where its `games: []` was, else at its end) and `header` on
    top; `date`, the commented `# date:` line, after its `round:` when it has neither a `date:` nor
    that line. Every other line and comment stays where it was, with its line ending; the lines added
    end as the file's first line does.

    >>> print(filled("# lunch at noon\ndate: 2027-03-04\nabsent: [Kim]\ngames: []\n# last\n",
    ...              "# Round 2 ...\n", 2, "games:\n  - [1, A, B, \"?\"]\n"), end="")
    # Round 2 ...
    # lunch at noon
    round: 2
    date: 2027-03-04
    absent: [Kim]
    games:
      - [1, A, B, "?"]
    # last
    >>> filled("round: 2\r\ngames: []\r\n", "", 2, "games: []\n", "# date: YYYY-MM-DD\n")
    'round: 2\r\n# date: YYYY-MM-DD\r\ngames: []\r\n'
    """
    newline = newline_of(text)
    lines = _lines(text, newline)
    data = parse_yaml(text, Path("round.yaml"), Problems())
    pairing = _key_lines(lines, data, PAIRING_KEYS)
    drop = pairing | _mark_lines(lines)
    at = min(pairing) if pairing else len(lines)  # the pairing goes where the file's own was
    added = _round_lines(lines, data, drop, (at, number), date)
    added.setdefault(at, []).append(body)
    added = {i: [new.replace("\n", newline) for new in news] for i, news in added.items()}
    out = [header.replace("\n", newline)]
    for i, line in enumerate(lines):
        out += added.get(i, []) + ([] if i in drop else [line])
    return "".join(out + added.get(len(lines), []))


def _round_lines(lines: list[str], data: object, drop: set[int], pairing: tuple[int, int],
                 date: str) -> dict[int, list[str]]:
    """The lines a round file (its `lines`, read as `data`, less those in `drop`) gets besides its
    pairing, which goes before line `pairing[0]`, by the index of the line each goes before: a
    `round:` line (of round `pairing[1]`) when it has none, before its first key; the `date` line,
    after its `round:`, when it neither gives its date nor holds that line."""
    at, number = pairing
    added: dict[int, list[str]] = {}
    if isinstance(data, LMap) and "round" in data:
        after_round = data.key_locs["round"].line
    else:
        after_round = min([i for i, line in enumerate(lines) if i not in drop and not line.startswith("#")]
                          + [at])
        added[after_round] = [f"round: {number}\n"]
    if date and not _dated([line for i, line in enumerate(lines) if i not in drop], data):
        added.setdefault(after_round, []).append(date)
    return added


def newline_of(text: str) -> str:
    r"""The line ending of `text`, as its first line ends ("\r\n" or "\n")."""
    first = text.split("\n", 1)[0]
    return "\r\n" if first.endswith("\r") and "\n" in text else "\n"


def _mark_lines(lines: list[str]) -> set[int]:
    """The indexes of the explanations and mark of an earlier `bulletin pair` at the top of a round
    file's `lines` (the comment lines up to its mark's), which a new pairing replaces."""
    lead = 0
    while lead < len(lines) and lines[lead].startswith("#"):
        lead += 1
    marked = [i for i in range(lead) if MARK in lines[i]]
    return set(range(marked[0] + 1)) if marked else set()


def _dated(lines: list[str], data: object) -> bool:
    """Whether a round file (its `lines`, read as `data`) gives its date, or holds the commented
    `# date:` line that asks for it."""
    return (isinstance(data, LMap) and "date" in data) or any(_DATE_COMMENT.match(line) for line in lines)


_DATE_COMMENT = re.compile(r"\s*#\s*date:")


def _lines(text: str, newline: str = "\n") -> list[str]:
    """The lines of `text`, each ending in its own line ending (the last, if it has none, in
    `newline`)."""
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += newline
    return lines


def _key_lines(lines: list[str], data: object, keys: tuple[str, ...]) -> set[int]:
    """The indexes of the lines that hold `keys` of the round file `data` (read from `lines`): each
    key's line and its value's, up to the next key (comments before it belong to it)."""
    if not isinstance(data, LMap):
        return set()
    starts = sorted(loc.line - 1 for loc in data.key_locs.values())
    drop: set[int] = set()
    for key in keys:
        if key in data.key_locs:
            first = data.key_locs[key].line - 1
            after = [line for line in starts if line > first]
            last = (after[0] if after else len(lines)) - 1
            while last > first and (not lines[last].strip() or lines[last].startswith("#")):
                last -= 1  # comments and blank lines before the next key belong to it
            drop.update(range(first, last + 1))
    return drop


def with_proposal(text: str, block: str) -> str:
    r"""The round file `text` with its `proposed:` key (if any) replaced by `block`, at its end;
    every other line stays.

    >>> print(with_proposal('round: 3\nproposed:\n  games: []\ngames: []\n', "proposed: {}\n"), end="")
    round: 3
    games: []
    proposed: {}
    """
    newline = newline_of(text)
    lines = _lines(text, newline)
    drop = _key_lines(lines, parse_yaml(text, Path("round.yaml"), Problems()), ("proposed",))
    return "".join(line for i, line in enumerate(lines) if i not in drop) + block.replace("\n", newline)
