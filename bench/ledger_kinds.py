"""The kinds of difference of a differential run (`bench/crosscheck_swiss.py`), counted as the
ledger (docs/ledger.md) counts them: each `DIFFERS` line of the run's output goes to the first kind
whose pattern it matches, in the order of a kinds file (`bench/ledger-kinds/SYSTEM-PEER.tsv`: one
kind a line, its name, a tab, a regular expression searched in the whole line, which names the
seed, the round and the tournament (`-rR` its rounds, `-baku` the acceleration); `#` starts a
comment). Lines no kind takes are printed, so that every line is accounted for.

Usage: python bench/ledger_kinds.py RUN.txt bench/ledger-kinds/SYSTEM-PEER.tsv [--show N]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

#: A line of a run's output about a round that differs: the seed, the round, the tournament's name,
#: then what differs (and, with `--judge`, what the checker says of the peer's pairing).
DIFFERS = re.compile(r"^DIFFERS seed (\d+) round (\d+) \(([^)]*)\): (.*)$")
#: The name a line no kind takes is counted under.
UNCLASSIFIED = "unclassified"


@dataclass(frozen=True)
class Kind:
    name: str
    pattern: re.Pattern[str]


def read_kinds(text: str) -> list[Kind]:
    """The kinds of a kinds file, in order.

    >>> [k.name for k in read_kinds("# comment\\ncrash\\t^peer error\\nc6\\tverify: C6 \\n")]
    ['crash', 'c6']
    """
    kinds = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, sep, pattern = line.partition("\t")
        if not sep:
            raise ValueError(f"line {number}: a kind is its name, a tab and a pattern: {line!r}")
        kinds.append(Kind(name.strip(), re.compile(pattern)))
    return kinds


def kind_of(line: str, kinds: Iterable[Kind]) -> str:
    """The first kind whose pattern the DIFFERS `line` matches.

    >>> kind_of("DIFFERS seed 3 round 2 (x-s00003-p9-r5): bye: ours [3], peer [5]",
    ...         read_kinds("pairs\\t\\): pairs: \\nbye\\t\\): bye: "))
    'bye'
    """
    return next((kind.name for kind in kinds if kind.pattern.search(line)), UNCLASSIFIED)


def classify(lines: Iterable[str], kinds: list[Kind]) -> tuple[Counter[str], dict[str, list[str]]]:
    """The count of each kind over the run's DIFFERS lines, and the lines of each kind."""
    counts: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    for line in lines:
        if DIFFERS.match(line) is None:
            continue
        name = kind_of(line, kinds)
        counts[name] += 1
        examples.setdefault(name, []).append(line)
    return counts, examples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="the output of bench/crosscheck_swiss.py")
    parser.add_argument("kinds", type=Path, help="a kinds file (bench/ledger-kinds/)")
    parser.add_argument("--show", type=int, default=3, help="lines printed of each kind")
    args = parser.parse_args()
    kinds = read_kinds(args.kinds.read_text(encoding="utf-8"))
    counts, examples = classify(args.run.read_text(encoding="utf-8").splitlines(), kinds)
    summary = [line for line in args.run.read_text(encoding="utf-8").splitlines() if "rounds differ" in line
               and not line.startswith("#")]
    print(summary[-1] if summary else f"{args.run}: the run has not finished")
    for name in [*(k.name for k in kinds), UNCLASSIFIED]:
        if counts[name]:
            print(f"{counts[name]:7d}  {name}")
            for line in examples[name][:args.show]:
                print(f"         {line[:220]}")
    print(f"{sum(counts.values()):7d}  in all")


if __name__ == "__main__":
    main()
