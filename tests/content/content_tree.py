"""Small content trees for the content-layer tests (imported by them as `content_tree`).

`write_event(root)` writes a minimal valid event under `root` (an English-language xiangqi Swiss
with one section `open`, six players and two rounds), then applies `changes`: a mapping from a
path relative to `root` to the file's new text, or to `None` to delete the file. Tests break one
thing at a time by replacing one file, so the line numbers they expect can be read off the text.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

EVENT_YAML = """\
name: Test Open
game: xiangqi
language: en
sections:
  open:
    name: Open
    system: swiss
    rounds: 3
"""

#: The event file with its dates, which `check` wants of an event with results (its warning): for the
#: tests that expect no warning at all. The line comes last, so that the base file's lines keep
#: their numbers.
DATED_EVENT_YAML = EVENT_YAML + "dates: [2024-05-01, 2024-05-03]\n"

PLAYERS_YAML = """\
players:
  - {number: 1, name: Alice Smith, club: North}
  - {number: 2, name: Bob Jones, club: South}
  - {number: 3, name: Carol White, club: East}
  - {number: 4, name: David Brown, club: West}
  - {number: 5, name: Erin Green, club: North}
  - {number: 6, name: Frank Black, club: South}
"""

ROUND_1 = """\
round: 1
date: 2024-05-01
games:
  - [1, Alice Smith, David Brown, "1-0"]
  - [2, Erin Green, Bob Jones, "="]
  - [3, Carol White, Frank Black, "0-1"]
"""

ROUND_2 = """\
round: 2
date: 2024-05-02
games:
  - [1, Frank Black, Alice Smith, "?"]
  - [2, Bob Jones, Carol White, "?"]
  - [3, David Brown, Erin Green, "?"]
"""

PAGE_MD = """\
---
title: About
order: 1
---
# About the Test Open

Six players, three rounds.
"""

BASE_FILES: dict[str, str] = {
    "event.yaml": EVENT_YAML,
    "open/players.yaml": PLAYERS_YAML,
    "open/rounds/01.yaml": ROUND_1,
    "open/rounds/02.yaml": ROUND_2,
    "pages/about.md": PAGE_MD,
}


def write_event(root: Path, changes: Mapping[str, str | None] | None = None) -> Path:
    """Write the minimal valid event into `root`, apply `changes`, and return `root`."""
    files: dict[str, str | None] = {**BASE_FILES, **(changes or {})}
    for relative, text in files.items():
        if text is None:
            continue
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
