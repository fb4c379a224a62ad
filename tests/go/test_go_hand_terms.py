"""A go round whose handicap or komi was changed by hand is not the engine's pairing, although every
pair is the engine's: the one comparison of a round with the engine's pairing (`pairing.compare`)
counts each game's handicap and komi, and `bulletin verify` (a DIFF line naming the board, the terms
set and the engine's), `bulletin pair --record` (the round's trail) and the page "Why these
pairings?" (what differs; the stones set by hand beside those the rules give) all read it."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.commands.new import scaffold
from site_builder.commands.pair import pair_next, record_rounds
from site_builder.results.section import section_results
from site_builder.systems.go_common import PAIRING_WHY
from site_builder.tournament.verify import verify

#: A game row of a round file `bulletin pair` wrote: board, Black, White, result, handicap, komi.
ROW = re.compile(r'\{board: (\d+), first: "([^"]+)", second: "([^"]+)", result: "([^"]*)", '
                 r'handicap: (\d+), komi: ([\d.]+)\}')


@pytest.fixture(scope="module")
def paired(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A McMahon event of 12 players, 3d to 9k, with rounds 1 and 2 paired by `bulletin pair` and
    played (White wins every game of round 1, Black every game of round 2)."""
    content = tmp_path_factory.mktemp("hand") / "content"
    scaffold(content / "go", game="go", language="en", players=12, secret_seed=False)
    for result in ("W+R", "B+R"):
        pair_next(content)
        path = sorted((content / "go" / "open" / "rounds").glob("*.yaml"))[-1]
        path.write_text(path.read_text(encoding="utf-8").replace('result: "?"', f'result: "{result}"'),
                        encoding="utf-8")
    return content


@pytest.fixture
def content(paired: Path, tmp_path: Path) -> Path:
    shutil.copytree(paired, tmp_path / "content")
    return tmp_path / "content"


def _round(content: Path, number: int) -> Path:
    return content / "go" / "open" / "rounds" / f"{number:02d}.yaml"


def _row(content: Path, number: int, pick: str) -> re.Match[str]:
    """The first game row of round `number` that has `pick`."""
    return next(m for m in ROW.finditer(_round(content, number).read_text(encoding="utf-8")) if pick in m[0])


def _change(content: Path, number: int, row: str, old: str, new: str) -> None:
    """The game `row` of round `number` with its `old` text changed to `new`."""
    path = _round(content, number)
    path.write_text(path.read_text(encoding="utf-8").replace(row, row.replace(old, new)), encoding="utf-8")


def _more_stones(content: Path) -> tuple[re.Match[str], int]:
    """A game of round 2 the engine gave a handicap, given one stone more by hand; the row as it
    was, and the engine's stones."""
    row = _row(content, 2, "komi: 0.5")
    stones = int(row[5])
    assert stones >= 1
    _change(content, 2, row[0], f"handicap: {stones}", f"handicap: {stones + 1}")
    return row, stones


def _verdicts(content: Path) -> dict[str, tuple[bool, str]]:
    verdicts, _ = verify(content)
    return {v.where.removeprefix("go/open "): (v.agrees, v.text) for v in verdicts}


def test_the_rounds_as_paired_are_the_engine_s(paired: Path) -> None:
    agrees = (True, "the pairing the rules and the seed give")
    assert _verdicts(paired) == {"round 1": agrees, "round 2": agrees}


def test_a_handicap_changed_by_hand_is_named_by_verify_and_recorded(content: Path) -> None:
    row, stones = _more_stones(content)
    board, black, white = row[1], row[2], row[3]
    expected = (f"differs from the pairing the rules and the seed give: board {board} ({black} – {white}) is "
                f"played at H{stones + 1} · komi 0.5, the rules give H{stones} · komi 0.5")
    assert _verdicts(content)["round 2"] == (False, expected)
    # the trail: the engine's games with its handicap, which verify still names as a change
    (said,) = record_rounds(content, "2")
    assert said.startswith("recorded the engine's pairing: ") and said.endswith("02.yaml")
    proposed = load_checked(content).events[0].sections[0].rounds[1].provenance.proposed
    assert proposed is not None
    terms = dict(zip((g[0] for g in proposed.games), proposed.terms, strict=True))
    assert terms[int(board)][0] == stones
    note = " (changed by hand; the engine's pairing is recorded in the round file's 'proposed:')"
    recorded = expected.replace("give: board", f"give{note}: board")
    assert _verdicts(content)["round 2"] == (False, recorded)
    assert _verdicts(content)["round 1"][0]


def test_a_komi_changed_by_hand_is_a_change(content: Path) -> None:
    row = _row(content, 1, "handicap: 0, komi: 6.5")  # an even game
    _change(content, 1, row[0], "komi: 6.5", "komi: 7")
    board, black, white = row[1], row[2], row[3]
    assert _verdicts(content)["round 1"] == (False, (
        f"differs from the pairing the rules and the seed give: board {board} ({black} – {white}) is played "
        "at komi 7, the rules give komi 6.5"))
    (said,) = record_rounds(content, "1")
    assert said.startswith("recorded the engine's pairing: ") and said.endswith("01.yaml")
    assert (f'    - {{board: {board}, first: "{black}", second: "{white}", handicap: 0, komi: 6.5}}'
            in _round(content, 1).read_text(encoding="utf-8"))
    # the komi set back: the round is the engine's again, and its trail goes
    _change(content, 1, row[0].replace("komi: 6.5", "komi: 7"), "komi: 7", "komi: 6.5")
    assert record_rounds(content, "1") == ["round 1 is the engine's pairing: nothing to record"]
    assert "proposed:" not in _round(content, 1).read_text(encoding="utf-8")


def test_the_why_page_says_the_handicap_was_set_by_hand(content: Path) -> None:
    row, stones = _more_stones(content)
    board = int(row[1])
    event = load_checked(content).events[0]
    why = section_results(event, event.sections[0]).extra(PAIRING_WHY)[2]
    assert why.changed and why.total == why.engine_total
    (difference,) = why.difference.boards
    assert difference.board == board and difference.same_pair and difference.handicap_differs
    pair = next(p for p in why.pairs if p.table == board)
    assert (pair.stones, pair.handicap.stones) == (stones + 1, stones)

    build_site(content, content.parent / "output", pdf=False)
    page = html.unescape((content.parent / "output" / "go" / "open" / "round-02-why.html")
                         .read_text(encoding="utf-8"))
    gap = pair.handicap.gap
    assert f"Handicap {stones + 1}, set by hand; the rules give {stones} ({gap} MMS apart, less 1)." in page
    assert f"handicap {stones + 1} = {gap} MMS apart" not in page  # no sum that does not add up
    assert "only: its pairs are the engine's" in page
    assert (f"board {board}, {row[2]} – {row[3]}: H{stones + 1} · komi 0.5 set by hand, the engine gives "
            f"H{stones} · komi 0.5") in page
    assert "not the engine's pair" not in page and "the engine pairs" not in page
