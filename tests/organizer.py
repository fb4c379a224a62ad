"""What an organizer does by hand to the files `bulletin new` and `init` write, for the tests that
run an event as the organizer does."""

from __future__ import annotations

import re
from pathlib import Path


def give_dates(event: Path, dates: str = "[2027-03-01, 2027-03-09]") -> None:
    """The organizer gives the event's dates in `event/event.yaml`, which `new` and `init` leave
    commented out."""
    path = event / "event.yaml"
    text = path.read_text(encoding="utf-8")
    given, count = re.subn(r"^# dates: \[[^\]]*\]", f"dates: {dates}", text, flags=re.M)
    assert count == 1, "the event file has no commented-out dates line"
    path.write_text(given, encoding="utf-8")


def printed_seed(output: str) -> str:
    """The secret draw seed that `bulletin new` or `init` printed, in whatever language."""
    seeds = re.findall(r"(?<![0-9a-f])\d{30,}(?![0-9a-f])", output)
    assert len(set(seeds)) == 1, output
    return seeds[0]


def enter_results(round_file: Path, results: tuple[str, ...] = ("2:0", "0:2", "1:1")) -> None:
    """The organizer enters a result for every game `bulletin pair` wrote pending ("?") in
    `round_file`, taking `results` in turn (xiangqi's by default)."""
    text = round_file.read_text(encoding="utf-8")
    count = text.count('"?"')
    parts = text.split('"?"')
    round_file.write_text(parts[0] + "".join(f'"{results[i % len(results)]}"{part}'
                                             for i, part in enumerate(parts[1:])), encoding="utf-8")
    assert count, f"{round_file} has no pending game"
