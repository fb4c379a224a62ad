"""Gomoku move lists: headers, numbered and bare moves, comments, five in a row, the opening rules,
and located errors for bad moves and unreadable text."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.errors import ContentError
from site_builder.games.gomoku import OPENINGS, read_moves

GAME = """\
Black: Zhang San
White: Li Si
Opening: 花月
# played in round 3
1. h8 2. h9 {direct opening} 3. i8
4. i9 5. j8 6. j9   # White blocks nothing
7. k8 8. k9
9. l8
"""


OFF = "it is off the board: columns a–o, rows 1–15"


def point(name: str) -> int:
    """'h8' as a record point: (row - 1) * 15 + column, a1 the lower left corner."""
    return (int(name[1:]) - 1) * 15 + "abcdefghijklmno".index(name[0])


def error(text: str, opening: str | None = None) -> str:
    with pytest.raises(ContentError) as caught:
        read_moves(text, Path("game.txt"), opening)
    return str(caught.value)


def test_a_game_with_headers_comments_and_five_in_a_row() -> None:
    game = read_moves(GAME, "game.txt", opening="26-openings")
    assert (game.game, game.files, game.ranks, len(game.plies)) == ("gomoku", 15, 15, 9)
    assert game.tags == {"Black": "Zhang San", "White": "Li Si", "Opening": "花月"}
    assert game.comment == "played in round 3"
    assert game.plies[1].comment == "direct opening" and game.plies[5].comment == "White blocks nothing"
    assert game.plies[2].position.points == {point("h8"): "B", point("h9"): "W", point("i8"): "B"}
    assert game.plies[2].notation == {"zh": "i8", "en": "i8"} and game.plies[2].marks == (point("i8"),)
    assert game.result == "1-0"  # h8–l8


def test_bare_moves_one_per_line_and_a_written_result() -> None:
    game = read_moves("Result: 0-1\nh8\ni9\nH10\n", "g.txt")
    assert [p.notation["en"] for p in game.plies] == ["h8", "i9", "h10"]
    assert game.result == "0-1" and game.plies[2].source == "H10"


@pytest.mark.parametrize(("moves", "opening", "message"), [
    ("h8 h8", None, "1:4: move 2 (White): illegal move 'h8' (hint: h8 is taken by move 1)"),
    ("h8 p3", None, f"1:4: move 2 (White): illegal move 'p3' (hint: {OFF})"),
    ("h8 a16", None, f"1:4: move 2 (White): illegal move 'a16' (hint: {OFF})"),
    ("h8 a1 h9 a2 h10 a3 h11 a4 h12 a5", None,
     "1:31: move 10 (White): illegal move 'a5' (hint: the game ended at move 9: Black made five in a row)"),
    ("a1", "center", "1:1: move 1 (Black): illegal move 'a1' (hint: the opening rule 'center' puts move 1 "
                     "on the centre, h8)"),
    ("1.h8 2.j10", "26", "1:8: move 2 (White): illegal move 'j10' (hint: the opening rule '26-openings' "
                         "puts move 2 next to h8, within g7–i9)"),
    ("h8 h9 h11", "三手交换五手两打", "1:7: move 3 (Black): illegal move 'h11' (hint: the opening rule "
                                 "'26-openings' puts move 3 within f6–j10)"),
    ("h8 h9 i9", "pro", "1:7: move 3 (Black): illegal move 'i9' (hint: the opening rule 'pro' puts move 3 "
                        "outside f6–j10)"),
    ("h8 h9 k11", "long-pro", "1:7: move 3 (Black): illegal move 'k11' (hint: the opening rule 'long-pro' "
                              "puts move 3 outside e5–k11)"),
])
def test_illegal_moves_are_located(moves: str, opening: str | None, message: str) -> None:
    assert error(moves, opening) == f"game.txt:{message}"


def test_openings_that_hold() -> None:
    assert len(read_moves("h8 h9 j10", "g.txt", "26").plies) == 3
    assert len(read_moves("h8 h9 d4", "g.txt", "long-pro").plies) == 3
    assert len(read_moves("a1 o15 c3", "g.txt", "swap2").plies) == 3
    assert set(OPENINGS) == {"center", "26-openings", "pro", "long-pro", "swap"}
    with pytest.raises(ValueError, match="unknown opening rule 'renju-9'"):
        read_moves("h8", "g.txt", "renju-9")


@pytest.mark.parametrize(("text", "message"), [
    ("Black: A\n1. h8 2. i9\n3. h8h9\n", "3:4: unreadable move 'h8h9' (hint: expected a point from a1 to "
                                        "o15 such as 'h8', a move number such as '3.', or a comment in {…} "
                                        "or after #)"),
    ("1. h8 3. i9", "1:7: move number 3. out of order (hint: the next move is 2)"),
    ("h8 {unfinished\ni9", "1:4: a comment is not closed (hint: expected '}')"),
])
def test_unreadable_text_says_what_was_expected(text: str, message: str) -> None:
    assert error(text) == f"game.txt:{message}"
