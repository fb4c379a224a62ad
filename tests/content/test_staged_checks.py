"""The staged Swiss's own checks of its round files (rules/gomoku-staged-swiss.md, seed 003), each
breach a located error at the item that breaks the rule, on a copy of the gomoku example event
(content/2024-gomoku-open: 崔琪 is among the players eliminated after round 2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.errors import ContentError

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = Path("content/2024-gomoku-open/open/rounds")


@pytest.fixture
def content(workdir: Path) -> Path:
    shutil.copytree(ROOT / "content" / "2024-gomoku-open", workdir / "content" / "2024-gomoku-open")
    return workdir / "content"


def _line(content: Path, round_number: int, text: str) -> int:
    """The line of a round file of the copy that `text` is on."""
    lines = (content.parent / ROUNDS / f"{round_number:02d}.yaml").read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


def _edit(content: Path, round_number: int, old: str, new: str) -> int:
    """Replace `old` by `new` in a round file of the copy; the line it is on."""
    path = content.parent / ROUNDS / f"{round_number:02d}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return _line(content, round_number, new)


def _errors(content: Path) -> list[str]:
    with pytest.raises(ContentError) as error:
        load_checked(content)
    return str(error.value).splitlines()


@pytest.mark.parametrize(("round_number", "old", "new"), [
    (7, '[14, "郭轩然", "邓哲", "2:0"]', '[14, "崔琪", "邓哲", "2:0"]'),  # the final
    (3, '[1, "邓琪", "杜俊晨", "2:0"]', '[1, "崔琪", "杜俊晨", "2:0"]'),  # the main stage
])
def test_an_eliminated_player_is_not_paired_again(content: Path, round_number: int, old: str, new: str
                                                   ) -> None:
    """§2.1.1: a player eliminated after the preliminaries plays neither the main stage nor the final;
    a game of theirs is refused at its line, as a game after a withdrawal is."""
    line = _edit(content, round_number, old, new)
    errors = _errors(content)
    assert any(e.startswith(f"{ROUNDS}/{round_number:02d}.yaml:{line}:5: '崔琪' is paired in round "
                            f"{round_number} after being eliminated after round 2 (seed 003 §2.1.1) (hint: ")
               for e in errors), errors


def test_a_player_who_forfeited_in_the_preliminaries_is_not_paired_again(content: Path) -> None:
    """§3.1.2.3: a player who forfeits a game of the preliminaries does not continue."""
    _edit(content, 2, '[1, "叶雨", "苏雨静", "0:2"]', '[1, "叶雨", "苏雨静", "-:+"]')
    line = _line(content, 3, '[14, "卢彤", "叶雨", "2:0"]')
    errors = _errors(content)
    assert any(e.startswith(f"{ROUNDS}/03.yaml:{line}:5: '叶雨' is paired in round 3 after forfeiting in "
                            "the preliminaries") and "§3.1.2.3" in e for e in errors), errors


def test_the_example_event_passes(content: Path) -> None:
    load_checked(content)
