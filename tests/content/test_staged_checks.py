"""The staged Swiss's own checks of its round files (rules/gomoku-staged-swiss.md, seed 003), each
breach a located error at the item that breaks the rule, on a copy of the gomoku example event
(content/2024-gomoku-open: 崔琪 is among the players eliminated after round 2)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.engine import staged
from site_builder.engine.scoring import records
from site_builder.errors import ContentError
from site_builder.pairing.paired_from import paired_from

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


@pytest.mark.parametrize(("round_number", "old", "new", "message"), [
    (7, '[14, "郭轩然", "邓哲", "2:0"]', '[14, "崔琪", "邓哲", "2:0"]',  # the final
     "'崔琪' is paired in round 7 after being eliminated after round 2 (seed 003 §2.1.1) (hint: "),
    # the main stage's first round, 邓琪 left out for 崔琪: paired for another elimination
    (3, '[1, "邓琪", "杜俊晨", "2:0"]', '[1, "崔琪", "杜俊晨", "2:0"]',
     "round 3 was paired for another elimination after round 2 than the results now give (a result of "
     "rounds 1–2 corrected after it was paired, or a pairing changed by hand): they now eliminate '崔琪', "
     "whom it pairs, instead of '邓琪' (seed 003 §2.1.1) (hint: "),
])
def test_an_eliminated_player_is_not_paired_again(content: Path, round_number: int, old: str, new: str,
                                                   message: str) -> None:
    """§2.1.1: a player eliminated after the preliminaries plays neither the main stage nor the final;
    a game of theirs is refused at its line, as a game after a withdrawal is."""
    line = _edit(content, round_number, old, new)
    errors = _errors(content)
    assert any(e.startswith(f"{ROUNDS}/{round_number:02d}.yaml:{line}:5: {message}") for e in errors), errors


def test_a_correction_of_the_preliminaries_that_changes_the_elimination_is_one_line(content: Path) -> None:
    """§2.1.1 and docs/content.md, "Round files": a result of round 1 corrected after the main stage
    was played eliminates '叶宇' instead of '崔琪' (now on 2 points); the rounds paired for the old
    elimination give one located line naming the correction and `bulletin pair --accept`, not an
    error in each round of '叶宇'."""
    _edit(content, 1, '[4, "杜浩诗", "崔琪", "2:0"]', '[4, "杜浩诗", "崔琪", "0:2"]')
    line = _line(content, 3, '[15, "叶宇", "郭轩然", "1:1"]')
    assert _errors(content) == [
        f"{ROUNDS}/03.yaml:{line}:5: round 3 was paired for another elimination after round 2 than the "
        "results now give (a result of rounds 1–2 corrected after it was paired, or a pairing changed by "
        "hand): they now eliminate '叶宇', whom it pairs, instead of '崔琪' (seed 003 §2.1.1) (hint: keep "
        "the rounds as played with 'bulletin pair --accept 3..7' (it writes the elimination they were "
        "paired for as the round-2 file's 'eliminated:' list), or correct the result back)"]


def test_pair_accept_keeps_the_elimination_the_main_stage_was_paired_for(content: Path) -> None:
    """docs/commands.md, `--accept`: after that correction, `bulletin pair --accept 3..7` writes the
    players round 3 was paired without as round 2's `eliminated:` (the organizer's list, §2.1.1) and
    `accepted_from:` in rounds 3–7; the event then passes, '崔琪' still eliminated."""
    _edit(content, 1, '[4, "杜浩诗", "崔琪", "2:0"]', '[4, "杜浩诗", "崔琪", "0:2"]')
    result = CliRunner().invoke(main, ["pair", str(content), "--accept", "3..7"])
    assert result.exit_code == 0, result.output
    second = (content.parent / ROUNDS / "02.yaml").read_text(encoding="utf-8")
    assert re.search(r'^eliminated: \["崔琪", .*\]   # ', second, re.M), second
    for number in range(3, 8):
        text = (content.parent / ROUNDS / f"{number:02d}.yaml").read_text(encoding="utf-8")
        assert re.search(r'^accepted_from: "[0-9a-f]{16}/[0-9a-f]{16}"', text, re.M)
    site = load_checked(content)
    section = site.events[0].sections[0]
    elimination = staged.elimination(section, records(section), True)
    cui = next(p.number for p in section.players if p.name == "崔琪")
    assert elimination.overridden and cui in elimination.eliminated


def test_a_player_who_forfeited_in_the_preliminaries_is_not_paired_again(content: Path) -> None:
    """§3.1.2.3: a player who forfeits a game of the preliminaries does not continue."""
    _edit(content, 2, '[1, "叶雨", "苏雨静", "0:2"]', '[1, "叶雨", "苏雨静", "-:+"]')
    line = _line(content, 3, '[14, "卢彤", "叶雨", "2:0"]')
    errors = _errors(content)
    assert any(e.startswith(f"{ROUNDS}/03.yaml:{line}:5: '叶雨' is paired in round 3 after forfeiting in "
                            "the preliminaries") and "§3.1.2.3" in e for e in errors), errors


PLAYOFF = '["郑诗涵", "杜俊晨", "1:1"]'  # the example's second playoff (round 7, after a drawn final)


@pytest.mark.parametrize(("old", "new", "message"), [
    # the tester's case: 崔琪 is out, the final of 郑诗涵 was against 杜俊晨
    (PLAYOFF, '["郑诗涵", "崔琪", "0:2"]',
     "'郑诗涵' and '崔琪' did not meet in a game of the final round: a playoff decides a drawn final game"),
    (PLAYOFF, '["苏雨静", "邓琪", "0:2"]',
     "the final game of '苏雨静' and '邓琪' (board 2) was won by '邓琪': only a drawn final game goes"),
    (PLAYOFF, '["杜浩诗", "肖雨一", "1:1"]', "a second playoff of '杜浩诗' and '肖雨一': a drawn playoff "
                                          "leaves the places to the ranking after round 6 (seed 003 §5.2.2)"),
])
def test_a_playoff_decides_a_drawn_final_game(content: Path, old: str, new: str, message: str) -> None:
    """§5.2.1: a drawn final game is followed by one rapid playoff between its two players; a
    `playoffs:` entry that decides no drawn final game is refused at the entry."""
    line = _edit(content, 7, old, new)
    errors = _errors(content)
    assert any(e.startswith(f"{ROUNDS}/07.yaml:{line}:") and message in e and "(hint: " in e
               for e in errors), errors


def test_a_playoff_waits_for_the_final_games_result(content: Path) -> None:
    _edit(content, 7, '[3, "杜俊晨", "郑诗涵", "1:1"]', '[3, "杜俊晨", "郑诗涵", "?"]')
    line = _line(content, 7, PLAYOFF)
    assert f"{ROUNDS}/07.yaml:{line}:5: the final game of '郑诗涵' and '杜俊晨' (board 3) has no result " \
           "yet: a playoff follows a drawn final game (seed 003 §5.2.1)" in "\n".join(_errors(content))


def test_a_playoff_belongs_to_the_final_round(content: Path) -> None:
    """§5.2.1: the main stage has no playoffs; its places are ranked (§5.3.1)."""
    path = content.parent / ROUNDS / "03.yaml"
    path.write_text(path.read_text(encoding="utf-8") + 'playoffs:\n  - ["郑诗涵", "苏雨静", "2:0"]\n',
                    encoding="utf-8")
    line = _line(content, 3, '["郑诗涵", "苏雨静", "2:0"]')
    assert f"{ROUNDS}/03.yaml:{line}:5: a playoff in round 3: playoffs decide drawn games of the final " \
           "round, round 7 (seed 003 §5.2.1)" in "\n".join(_errors(content))


def test_the_example_event_passes(content: Path) -> None:
    load_checked(content)


def test_a_bye_of_an_eliminated_player_is_refused(content: Path) -> None:
    """§2.1.1: nor is an eliminated player given a bye in the main stage: the error stands at the
    round file's `round:` (a system's check reads no file: the content's lists carry no location)."""
    path = content.parent / ROUNDS / "03.yaml"
    path.write_text(path.read_text(encoding="utf-8") + 'half_byes: ["崔琪"]\n', encoding="utf-8")
    line = _line(content, 3, "round: 3")
    errors = _errors(content)
    assert any(e.startswith(f"{ROUNDS}/03.yaml:{line}:8: '崔琪' is paired in round 3 after being "
                            "eliminated after round 2") for e in errors), errors


def test_a_round_that_records_paired_from_names_the_corrected_round(content: Path) -> None:
    """docs/systems.md, "Staged Swiss": where rounds 2 and 3 record what they were paired from (as
    `bulletin pair` writes it), the line names round 1 as the round corrected, and no longer says it
    may be a pairing changed by hand."""
    section = load_checked(content).events[0].sections[0]
    for number in (2, 3):
        path = content.parent / ROUNDS / f"{number:02d}.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(f"round: {number}\n",
                                     f'round: {number}\npaired_from: "{paired_from(section, number)}"\n'),
                        encoding="utf-8")
    _edit(content, 1, '[4, "杜浩诗", "崔琪", "2:0"]', '[4, "杜浩诗", "崔琪", "0:2"]')
    (error,) = _errors(content)
    assert "round 3 was paired for another elimination after round 2 than the results now give (a result " \
           "of round 1 was corrected after it was paired): they now eliminate '叶宇'" in error, error
