"""The page "Why these pairings?" says what `bulletin verify` says of the round, in its words: a hand
change of a system with its own checker (Lim, Burstein, Dubov, Double-Swiss) is named with each
criterion it breaks (docs/commands.md, "A system with its own checker"), and the bye or the colours
it departs from are not defended by the rule broken; verify's line of such a round says a recorded
`proposed:` exists (`pair --record`); a round kept as played after a correction before it (`pair
--accept`, docs/content.md: "no hand edit") says so on its page, naming the round corrected, and is
not read from the results as they stand."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.build import build_site
from site_builder.cli import main
from site_builder.languages import catalogue
from site_builder.tournament.verify import verify

GAME = re.compile(r'^  - \[(\d+), "([^"]+)", "([^"]+)", ', re.M)
RECORDED = "(changed by hand; the engine's pairing is recorded in the round file's 'proposed:')"


def _generated(root: Path, system: str, players: int, rounds: int, seed: int = 4) -> Path:
    """A generated event's round files' folder, its content under `root`."""
    result = CliRunner().invoke(main, ["generate", "--system", system, "--seed", str(seed), "--players",
                                       str(players), "--rounds", str(rounds), "-o", str(root / "ev")])
    assert result.exit_code == 0, result.output
    return root / "ev" / "open" / "rounds"


def _text(path: Path) -> str:
    """A page's text: its tags left out, its entities read, its spaces single."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))))


def _table(page: str, board: int) -> str:
    """What the page says of one board: from its heading to the next board's or the page's end."""
    start = page.index(f"Bd {board}:")
    following = page.find(f"Bd {board + 1}:", start)
    return page[start:following if following > 0 else len(page)]


def _built(content: Path) -> Path:
    output = content.parent / "output"
    build_site(content, output, pdf=False)
    return output / "ev" / "open"


CHANGED = [("lim", 10, 5, 4), ("burstein", 10, 6, 5), ("dubov", 10, 5, 4), ("double-swiss", 10, 6, 3)]


def _changed(root: Path, system: str, players: int, rounds: int, number: int) -> Path:
    """A generated event's content whose round `number` has board 1's colours swapped by hand and the
    engine's pairing recorded (`pair --record`)."""
    content = root / "content"
    path = _generated(content, system, players, rounds) / f"{number:02d}.yaml"
    text = path.read_text(encoding="utf-8")
    board, white, black = GAME.findall(text)[0]
    path.write_text(text.replace(f'[{board}, "{white}", "{black}", ', f'[{board}, "{black}", "{white}", ', 1),
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["pair", str(content), "--record", str(number)])
    assert result.exit_code == 0, result.output
    return content


@pytest.mark.parametrize(("system", "players", "rounds", "number"), CHANGED)
def test_verify_says_a_recorded_proposal_exists_as_for_the_dutch_system(
        tmp_path: Path, system: str, players: int, rounds: int, number: int) -> None:
    """docs/commands.md: a round whose change is recorded is still named, the line adding that the
    engine's pairing is in the round file's `proposed:`."""
    (line,), _ = verify(_changed(tmp_path, system, players, rounds, number), number)
    assert line.differs and line.text.endswith(" " + RECORDED)


@pytest.mark.parametrize(("system", "players", "rounds", "number"), CHANGED)
def test_a_hand_change_is_named_in_verify_s_words_and_not_defended_by_the_rule_it_breaks(
        tmp_path: Path, system: str, players: int, rounds: int, number: int) -> None:
    content = _changed(tmp_path, system, players, rounds, number)
    (line,), _ = verify(content, number)
    page = _text(_built(content) / f"round-{number:02d}-why.html")
    assert "This round breaks the system's rules (changed by hand)" in page
    for broken in line.text.removesuffix(" " + RECORDED).split("; "):
        assert broken in page
    first = _table(page, 1)
    assert "not the colours of the rules (" in first and "): set by hand" in first
    assert "every criterion of the system's rules holds" not in page


def test_a_bye_set_by_hand_is_not_said_to_be_the_rule_s_bye(tmp_path: Path) -> None:
    """The Lim repro: round 4's last pair split, its first player taking the place of board 1's White,
    who is given the bye, and the other absent; verify names Q1 (C.04.4.3 art. 1.1), and the bye's
    line says that, not art. 1.1's reason."""
    content = tmp_path / "content"
    folder = _generated(content, "lim", 8, 5)
    (folder / "05.yaml").unlink()  # paired from round 4 as generated
    path = folder / "04.yaml"
    text = path.read_text(encoding="utf-8")
    games = GAME.findall(text)
    (_, top, _), (last, low, absent) = games[0], games[-1]
    text = re.sub(rf'^  - \[{last}, .*\n', "", text, flags=re.M).replace(f'[1, "{top}", ', f'[1, "{low}", ')
    path.write_text(text + f'byes: ["{top}"]\nabsent: ["{absent}"]\n', encoding="utf-8")
    (line,), _ = verify(content, 4)
    assert line.differs and line.text.startswith("Q1 (C.04.4.3 art. 1.1) broken: ")
    page = _text(_built(content) / "round-04-why.html")
    bye = page[page.index("Bye: "):page.index("Bd 1:")]
    assert line.text.split("; ")[0] in bye
    assert "who can have it (art. 1.1)" not in bye.replace(line.text, "")


@pytest.mark.parametrize("system", ["dutch", "dubov", "mcmahon"])
def test_a_round_kept_as_played_after_a_correction_is_said_so_not_changed_by_hand(
        tmp_path: Path, system: str) -> None:
    content = tmp_path / "content"
    folder = _generated(content, system, 10, 5, seed=3)
    path = folder / "02.yaml"
    text = path.read_text(encoding="utf-8")
    corrected = re.sub(r'"(1-0|0-1|B\+R|W\+R)"', lambda m: {"1-0": '"0-1"', "0-1": '"1-0"', "B+R": '"W+R"',
                                                            "W+R": '"B+R"'}[m.group(1)], text, count=1)
    assert corrected != text
    path.write_text(corrected, encoding="utf-8")
    result = CliRunner().invoke(main, ["pair", str(content), "--accept", "3..5"])
    assert result.exit_code == 0, result.output
    site = _built(content)
    for number in (3, 4, 5):
        page = _text(site / f"round-{number:02d}-why.html")
        assert "kept as played after a correction to round 2 ('bulletin pair --accept')" in page
        assert "cannot explain it from the standings it was paired from" in page
        assert "by hand" not in page
        assert "Scoregroups" not in page  # no groups read from results the round was not paired from
    assert "kept as played" not in _text(site / "round-02-why.html")


def _second_players_swapped(root: Path, system: str) -> Path:
    """The QA repro: a generated event (10 players, 4 rounds, seed 2) whose round 3 has the second
    players of boards 1 and 2 swapped by hand, round 4 not yet paired."""
    content = root / "content"
    folder = _generated(content, system, 10, 4, seed=2)
    (folder / "04.yaml").unlink()
    path = folder / "03.yaml"
    text = path.read_text(encoding="utf-8")
    (one, white_1, black_1), (two, white_2, black_2) = GAME.findall(text)[:2]
    for board, white, black, other in ((one, white_1, black_1, black_2), (two, white_2, black_2, black_1)):
        text = text.replace(f'[{board}, "{white}", "{black}", ', f'[{board}, "{white}", "{other}", ', 1)
    path.write_text(text, encoding="utf-8")
    return content


@pytest.mark.parametrize("system", ["lim", "burstein"])
def test_a_breach_naming_players_of_two_tables_is_said_beside_each(tmp_path: Path, system: str) -> None:
    """Round 3's boards 1 and 2 swap their second players, so the criterion broken names players of
    both tables; docs/commands.md ("each one broken, said again beside the bye or each table whose
    player it names"): it is said beside both, and each says it is not the engine's pair (the
    Burstein page compares with the engine as the Lim page does)."""
    content = _second_players_swapped(tmp_path, system)
    (line,), _ = verify(content, 3)
    assert line.differs
    page = _text(_built(content) / "round-03-why.html")
    for board in (1, 2):
        beside = _table(page, board)
        assert line.text.split("; ")[0] in beside
        assert "not the engine's pair: set by hand" in beside
    assert line.text.split("; ")[0] not in _table(page, 3)


def test_a_double_swiss_bracket_with_too_many_upfloaters_is_said_as_the_docs_say_it(tmp_path: Path) -> None:
    """docs/commands.md's example of a criterion broken ("has 2 upfloaters where 0 suffice"): verify
    and the page say it so, a plural message of the catalogues, not "needs 0 upfloater(s), not 2"."""
    content = _second_players_swapped(tmp_path, "double-swiss")
    (line,), _ = verify(content, 3)
    said = "C4 (C.04.5 art. 2.3.1) broken: the bracket of 1½ points has 2 upfloaters where 0 suffice"
    assert line.text.startswith(said)
    assert said in _text(_built(content) / "round-03-why.html")
    values = {"score": "2", "published": "3", "best": "1", "n": "1"}
    assert catalogue("en").formatted("check.double_swiss.upfloaters", values).endswith(
        "has 3 upfloaters where 1 suffices")
