"""`bulletin new`: a minimal, valid event to start from."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

_EVENT = """\
# The event: see README.md, "Content format".
name: {name}
dates: [{today}, {today}]
venue: ""
game: {game}                 # xiangqi | chess | shogi | gomoku | go
language: {language}              # zh | en: page labels
# regulation: xiangqi-national-individual   # a preset for scoring and tiebreaks
# scoring: {{win: 2, draw: 1, loss: 0, bye: 2}}
# tiebreaks: [opponent-score, cumulative, wins, second-wins, second-games]
draw_seed: {seed}            # recorded seed for lots
sections:
  open:
    name: {section}
    system: swiss
    rounds: 5
"""

_PLAYERS = """\
# One line per player; numbers are pairing numbers (seeding order).
players:
  - {number: 1, name: Player One, rating: 2100, club: Club A}
  - {number: 2, name: Player Two, rating: 2050, club: Club B}
  - {number: 3, name: Player Three, rating: 1980, club: Club A}
  - {number: 4, name: Player Four, rating: 1900, club: Club C}
"""

_ROUND = """\
round: 1
date: {today}
games:        # [board, first player, second player, result]; result '?' until known
  - [1, 1, 3, "?"]
  - [2, 4, 2, "?"]
"""

_PAGE = """\
---
title: {title}
order: 1
---
# {title}

Write the regulations here (Markdown).
"""


class ScaffoldError(Exception):
    """The target directory cannot take a new event."""


def scaffold(directory: Path, *, name: str = "", game: str = "xiangqi", language: str = "zh") -> list[Path]:
    """Write a new event into `directory` (which must be empty or absent); return the files written."""
    if directory.exists() and any(directory.iterdir()):
        raise ScaffoldError(f"{directory} is not empty; choose a new directory")
    today = dt.date.today().isoformat()
    zh = language == "zh"
    files = {
        "event.yaml": _EVENT.format(
            name=name or ("新赛事" if zh else "New event"), today=today, game=game, language=language,
            seed=today.replace("-", ""), section="公开组" if zh else "Open"),
        "open/players.yaml": _PLAYERS,
        "open/rounds/01.yaml": _ROUND.format(today=today),
        "pages/regulations.md": _PAGE.format(title="竞赛规程" if zh else "Regulations"),
    }
    written = []
    for relative, text in files.items():
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
