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
