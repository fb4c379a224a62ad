"""Every C.07 criterion the tool computes, value by value, cross-checked with Gacrux's tie-break
checker: each player's value of each criterion of `CRITERIA` after the last round, as this tool
gives it (the file imported as `bulletin import trf` reads it, the chain written in its 202
record) and as `gacrux.tiebreakchecker -F TXT -t PTS …` computes it.

The files are random FIDE Dutch tournaments written by `bulletin generate` (`--count` seeds: 10–60
players, 5–9 rounds, requested half-, full- and zero-point byes, forfeits and ½-0, 0-½ and 0-0
results in some, ratings for every player so that the rating criteria apply), dated by `--date`
(TRF `042`: both programs apply the C.07 text in force that day, the 2026 amendment of Article 16.4
from 1 March 2026), and any TRF files given with `--files` (real tournaments, dated by their own
`042`). A file with an unrated player has its rating criteria (ARO, TPR, PTP, APRO, APPO) left out
of the comparison: Gacrux gives them no value unless it is told a rating for the unrated, the tool
averages over the rated opponents (docs/tiebreak-ledger.md). DE depends on the tied group, not on
the player alone, and is checked through the ranks by `crosscheck_tiebreaks.py`.

Gacrux is not a dependency: GACRUX_DIR is a folder holding its `gacrux` package (a copy of
OttoMilvang/TieBreakServer, or the `site-packages` of a scratch virtual environment with `gacrux`
installed from PyPI).

Printed: a line per value that differs (file, player, criterion, this tool's value, Gacrux's) and
per file Gacrux did not read (`REFUSED`: it reads no file whose points column disagrees with its
results, and its reader stops on some others), then per criterion the values compared and those
that differ, and the summary `N files, P players, V values compared, K differ; R files Gacrux did not read`.

Usage: python bench/crosscheck_tiebreak_values.py GACRUX_DIR [--count 100] [--first 1]
       [--date 2026-01-15] [--files A.trf B.trf …]
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import re
import tempfile
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

from gacrux_run import run_module

from site_builder.checks import load_checked
from site_builder.engine.fide_tiebreaks import criteria_for
from site_builder.engine.scoring import Records, records
from site_builder.model import Section
from site_builder.systems import section_standings
from site_builder.tournament.generate import trf_text
from site_builder.tournament.generator import GenerateError, Spec, generate
from site_builder.trf.parse import parse_trf, read_text
from site_builder.trf.tiebreaks import chain_record
from site_builder.trf.to_content import content_files

#: The cuts and medians compared for each criterion that takes them (C.07 14: the tool takes any
#: Cut-n and Median-n of BH, FB and ARO, and any Cut-n of PS; `trf/tiebreaks.py` MODIFIERS): 1 to 3.
CUTS = (1, 2, 3)
#: The criteria compared, in Gacrux's (and TRF-2026's 202) codes, each with its cuts and medians:
#: every criterion of `trf/tiebreaks.py` CODES but DE (compared through the ranks, by
#: `crosscheck_tiebreaks.py`). FB comes last of the Buchholz-type criteria: Gacrux's AOB and SB
#: average or weigh the scores a Fore Buchholz earlier in its chain left behind
#: (docs/tiebreak-ledger.md).
CRITERIA = ("BH", *(f"BH/{k}{n}" for k in "CM" for n in CUTS), "AOB", "SB", "KS",
            "ARO", *(f"ARO/{k}{n}" for k in "CM" for n in CUTS), "TPR", "PTP", "APRO", "APPO",
            "PS", *(f"PS/C{n}" for n in CUTS), "WIN", "WON", "BPG", "BWG",
            "FB", *(f"FB/{k}{n}" for k in "CM" for n in CUTS))
#: The criteria that read the players' ratings.
RATED = frozenset(c for c in CRITERIA if c.split("/")[0] in ("ARO", "TPR", "PTP", "APRO", "APPO"))


@dataclass(frozen=True)
class Difference:
    """One value the two programs compute otherwise."""

    source: str
    player: int
    criterion: str
    ours: Fraction | None
    theirs: Fraction | None

    def __str__(self) -> str:
        def shown(v: Fraction | None) -> str:
            return "none" if v is None else str(v if v.denominator == 1 else float(v))
        return (f"{self.source} player {self.player} {self.criterion}: {shown(self.ours)}, "
                f"Gacrux {shown(self.theirs)}")


def spec_for(seed: int, day: dt.date | None) -> Spec:
    """The tournament of `seed`, starting on `day`: byes, forfeits and abnormal results in some."""
    rng = random.Random(f"tiebreak values {seed}")
    players = rng.randint(10, 60)
    byes, forfeits, abnormal = rng.random() < 0.6, rng.random() < 0.5, rng.random() < 0.3
    return Spec(seed=seed, players=players, rounds=min(rng.randint(5, 9), players // 2),
                half_byes=0.04 if byes else 0.0, full_byes=0.02 if byes else 0.0,
                zero_byes=0.03 if byes else 0.0, forfeits=0.06 if forfeits else 0.0,
                abnormal=0.05 if abnormal else 0.0, date=day)


def with_chain(text: str) -> str:
    """The file with its 202 record naming `CRITERIA` (a 212 record left out: it would name another
    chain), placed before the player lines."""
    lines = [line for line in text.splitlines() if line[:3] not in ("202", "212")]
    at = next((i for i, line in enumerate(lines) if line[:3] == "001"), len(lines))
    return "\n".join([*lines[:at], "202 " + " ".join(CRITERIA), *lines[at:]]) + "\n"


@dataclass(frozen=True)
class Ours:
    """This tool's values of a file: each player's by criterion code, the rounds the standings
    are after, whether the section is a round robin and whether every player has a rating."""

    values: dict[int, dict[str, Fraction | None]]
    rounds: int
    round_robin: bool
    rated: bool


def ours(path: Path, scratch: Path) -> Ours:
    """Each player's value of each criterion as this tool computes it from the file at `path` (a
    round robin's chain leaves out the Buchholz-type criteria, which cannot break a tie there)."""
    trf = parse_trf(path)
    folder = scratch / path.stem
    for relative, content in content_files(trf, path.stem).items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(content, encoding="utf-8")
    section = load_checked(folder).events[0].sections[0]
    recs = records(section)
    table = section_standings(section, recs, recs.rounds)
    codes = chain_record(table.tiebreaks)[4:].split()
    assert len(codes) == len(table.tiebreaks), f"{path}: the chain read is {table.tiebreaks}"
    values = {row.player: {code: _points(section, recs, index, v)
                           for index, (code, v) in enumerate(zip(codes, row.values, strict=True))}
              for row in table.rows}
    return Ours(values, recs.rounds, section.system == "round-robin", all(p.rating for p in section.players))


def _points(section: Section, recs: Records, index: int, value: object) -> Fraction | None:
    """A value as a number of points (or a count, a rating): as Gacrux prints it."""
    if value is None:
        return None
    power = criteria_for(section)[section.tiebreaks[index].id].power
    if isinstance(value, Fraction):
        return value / recs.scale ** power
    assert isinstance(value, int), value
    return recs.points(value, power) if power else Fraction(value)


def theirs(gacrux: Path, path: Path, mine: Ours) -> dict[int, dict[str, Fraction | None]]:
    """Each player's value of each criterion as Gacrux computes it ("-0": no value), in the
    standings after the rounds played (`-n`: a file's 142 may announce more)."""
    run = run_module(gacrux, "tiebreakchecker", "-i", str(path), "-b", "utf-8", "-F", "TXT",
                     "-p" if mine.round_robin else "-s", "-n", str(mine.rounds), "-t", "PTS", *CRITERIA)
    lines = [line.split("\t") for line in run.stdout.splitlines() if line.strip()]
    if not lines or lines[0][:2] != ["StartNo", "Rank"]:
        raise RuntimeError(f"{path}: Gacrux gave no table: {(run.stdout + run.stderr)[-400:]}")
    return {int(cells[0]): dict(zip(CRITERIA, map(_number, cells[3:]), strict=True)) for cells in lines[1:]}


def _number(cell: str) -> Fraction | None:
    if cell.strip() in ("-0", "None", ""):
        return None
    try:
        return Fraction(Decimal(cell))
    except InvalidOperation:
        return None


def compare(source: str, path: Path, gacrux: Path, scratch: Path, counts: Counter[str],
            differ: Counter[str]) -> list[Difference]:
    """The values of the file at `path` that differ; `counts`/`differ` count them per criterion."""
    mine = ours(path, scratch)
    other = theirs(gacrux, path, mine)
    found = []
    for player, values in sorted(mine.values.items()):
        for criterion, value in values.items():
            if criterion in RATED and not mine.rated:
                continue
            cell = other[player][criterion]
            counts[criterion] += 1
            if value != cell:
                differ[criterion] += 1
                found.append(Difference(source, player, criterion, value, cell))
    return found


def file_sources(paths: list[Path]) -> list[tuple[str, str]]:
    """Each TRF file of `--files` as (its name, its text), read as `bulletin import trf` reads it
    (UTF-16 by its byte-order mark, UTF-8, else Windows-1252)."""
    return [(str(path), read_text(path, path)) for path in paths]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gacrux", type=Path)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--date", type=dt.date.fromisoformat, default=dt.date(2026, 1, 15))
    parser.add_argument("--files", type=Path, nargs="*", default=[])
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    differ: Counter[str] = Counter()
    files = players = refusals = 0
    with tempfile.TemporaryDirectory(prefix="crosscheck-tbv-") as tmp:
        scratch = Path(tmp)
        sources: list[tuple[str, str]] = []
        for seed in range(args.first, args.first + args.count):
            try:
                sources.append((f"seed {seed}", trf_text(generate(spec_for(seed, args.date)))))
            except GenerateError:
                continue
        sources += file_sources(args.files)
        for index, (source, text) in enumerate(sources):
            path = scratch / f"f{index:05d}-{re.sub(r'[^A-Za-z0-9]+', '-', source)[-40:]}.trf"
            path.write_text(with_chain(text), encoding="utf-8")
            try:
                found = compare(source, path, args.gacrux, scratch, counts, differ)
            except RuntimeError as refused:  # a points column Gacrux disagrees with, or its reader's error
                print(f"REFUSED {source}: {' '.join(str(refused).split())}", flush=True)
                refusals += 1
                continue
            for difference in found:
                print(difference, flush=True)
            files += 1
            players += sum(1 for line in text.splitlines() if line[:3] == "001")
    for criterion in CRITERIA:
        print(f"{criterion}: {counts[criterion]} values, {differ[criterion]} differ")
    print(f"{files} files, {players} players, {sum(counts.values())} values compared, "
          f"{sum(differ.values())} differ; {refusals} files Gacrux did not read")


if __name__ == "__main__":
    main()
