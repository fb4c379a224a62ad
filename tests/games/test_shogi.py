"""KIF and CSA records: a real game read from both formats, positions checked by hand, notation in
Japanese and Hodges' notation, and located errors for illegal moves and unreadable lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.errors import ContentError
from site_builder.games.shogi import read_csa, read_kif

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "shogi"
OZA = "oza-2017-suzuki-fukaura"  # the same game in both formats


def point(square: str) -> int:
    """'7f' as a record point: files 9…1 from the left, ranks i…a from the bottom (Sente's view)."""
    return ("ihgfedcba".index(square[1])) * 9 + 9 - int(square[0])


def kif(name: str):
    return read_kif((FIXTURES / name).read_text(encoding="utf-8"), FIXTURES / name)


def error(reader, text: str) -> str:
    with pytest.raises(ContentError) as caught:
        reader(text, Path("game.kif"))
    return str(caught.value)


def test_kif_and_csa_of_one_game_agree_ply_by_ply() -> None:
    (k,) = kif(f"{OZA}.kif")
    (c,) = read_csa((FIXTURES / f"{OZA}.csa").read_text(encoding="utf-8"), FIXTURES / f"{OZA}.csa")
    assert len(k.plies) == len(c.plies) == 111
    assert [p.position for p in k.plies] == [p.position for p in c.plies]
    assert [p.notation for p in k.plies] == [p.notation for p in c.plies]
    for record in (k, c):
        assert record.tags["Sente"] == "鈴木大介 九段" and record.tags["Gote"] == "深浦康市 九段"
        assert record.result == "投了" and record.tags["Result"] == "1-0"  # Gote resigned at move 112
    assert k.tags["棋戦"] == "王座戦" and c.tags["EVENT"] == "王座戦"


def test_positions_by_hand() -> None:
    (game,) = kif(f"{OZA}.kif")
    assert len(game.start.points) == 40
    assert game.start.points[point("5i")] == "K" and game.start.points[point("5a")] == "k"
    first = game.plies[0]
    assert first.source == "７六歩(77)" and first.marks == (point("7g"), point("7f"))
    assert first.position.points[point("7f")] == "P" and point("7g") not in first.position.points
    # 24. Gote's pawn takes on 7f, 25. Sente's silver takes it back: one pawn in each hand
    assert game.plies[23].position.hands == ({}, {"P": 1})
    assert game.plies[24].position.hands == ({"P": 1}, {"P": 1})
    assert game.plies[24].position.points[point("7f")] == "S"
    # 30. Gote drops that pawn on 7g
    assert game.plies[29].position.points[point("7g")] == "p"
    assert game.plies[29].position.hands == ({"P": 1}, {})
    assert game.plies[29].marks == (point("7g"),)
    # 34. the bishop takes on 7g and promotes: a horse, and Gote holds a pawn
    assert game.plies[33].position.points[point("7g")] == "+b"


@pytest.mark.parametrize(("ply", "zh", "en"), [
    (1, "７六歩", "P-7f"),
    (24, "７六歩", "Px7f"),
    (25, "同　銀", "Sx7f"),
    (30, "７七歩打", "P*7g"),
    (34, "７七角成", "Bx7g+"),
    (47, "同　角成", "Bx8b+"),
    (89, "４二成香", "+L-4b"),
    (93, "５八金左", "G6i-5h"),  # the golds on 6i and 4i could both go to 5h
    (94, "６六龍", "+R-6f"),  # written 竜 in the file
])
def test_notation(ply: int, zh: str, en: str) -> None:
    (game,) = kif(f"{OZA}.kif")
    assert game.plies[ply - 1].notation == {"zh": zh, "en": en}


def test_board_diagram_hands_comments_and_variations() -> None:
    (game,) = kif("mate-in-13.kif")
    assert game.start.points[point("2a")] == "k" and game.start.points[point("5a")] == "R"
    assert game.start.hands == ({}, {"B": 1, "G": 4, "S": 2, "N": 3, "L": 3, "P": 17})
    assert game.comment.startswith("Mate in 13. Created by Karolina Pro.\n\n")
    assert game.plies[1].comment == "This move is a check."
    assert len(game.plies) == 13  # the variations after the main line are not read
    assert game.plies[3].notation == {"zh": "同　銀引", "en": "S4dx3c"}  # not the silver on 4b
    assert game.plies[12].notation == {"zh": "１一香成", "en": "L-1a+"}


def test_declined_promotion_handicap_and_several_csa_games() -> None:
    first, second = read_csa("PI\n+\n+7776FU\n-3334FU\n+8822KA,T3\n%CHUDAN\n/\n"
                             "V2.2\nN+A\nN-B\nPI11KY\n-\n-3334FU\n'* a comment\n%TORYO\n", "two.csa")
    assert first.plies[2].notation == {"zh": "２二角不成", "en": "Bx2b="}
    assert first.result == "中断" and "Result" not in first.tags
    assert point("1a") not in second.start.points and second.plies[0].notation["en"] == "P-3d"
    assert second.plies[0].comment == " a comment" and second.tags["Result"] == "0-1"  # Sente resigned
    (handicap,) = read_kif("手合割：香落ち\n上手：A\n下手：B\n1 ３四歩(33)\n2 ７六歩(77)\n", "h.kif")
    assert point("1a") not in handicap.start.points and handicap.plies[0].position.points[point("3d")] == "p"


def test_illegal_move_located() -> None:
    text = (FIXTURES / f"{OZA}.kif").read_text(encoding="utf-8").replace("13 ６六歩(67)", "13 ６五歩(67)")
    assert error(read_kif, text) == ("game.kif:21:4: move 13 (Sente): illegal move '６五歩(67)' "
                                     "(hint: the pawn cannot go to 6e; it can go to 6f)")
    text = (FIXTURES / f"{OZA}.csa").read_text(encoding="utf-8").replace("+6766FU", "+6765FU")
    assert error(read_csa, text) == ("game.kif:30:1: move 13 (Sente): illegal move '+6765FU' "
                                     "(hint: the pawn cannot go to 6e; it can go to 6f)")


@pytest.mark.parametrize(("moves", "message"), [
    ("1 ７五歩(77)", "move 1 (Sente): illegal move '７五歩(77)' "
                   "(hint: the pawn cannot go to 7e; it can go to 7f)"),
    ("1 ７六銀(77)", "move 1 (Sente): illegal move '７六銀(77)' (hint: 7g holds a pawn, not a silver)"),
    ("1 ３四歩(33)", "move 1 (Sente): illegal move '３四歩(33)' (hint: the pawn on 3c is Gote's)"),
    ("1 ５五角打", "move 1 (Sente): illegal move '５五角打' (hint: Sente has no bishop in hand)"),
    ("1 ７六歩成(77)", "move 1 (Sente): illegal move '７六歩成(77)' "
                     "(hint: it cannot promote on this move; it can go to 7f)"),
    ("1 ７六歩(77)\n2 ３四歩(33)\n3 ２二角成(88)\n4 同　銀(31)\n5 ５五馬打",
     "move 5 (Sente): illegal move '５五馬打' "
     "(hint: a horse cannot be dropped: pieces in hand are unpromoted)"),
    ("1 同　歩(77)", "move 1 (Sente): illegal move '同　歩(77)' "
                   "(hint: '同' needs a previous move; write the square, such as '７六歩(77)')"),
    ("1 ２六歩(27)\n2 ８四歩(83)\n3 ２五歩(26)\n4 ８五歩(84)\n5 ２四歩(25)\n6 同　歩(23)\n7 同　飛(28)\n"
     "8 ２三歩打\n9 ７六歩打",
     "move 9 (Sente): illegal move '７六歩打' (hint: Sente already has a pawn on file 7)"),
])
def test_illegal_kif_moves(moves: str, message: str) -> None:
    line = moves.count("\n") + 1
    assert error(read_kif, moves + "\n") == f"game.kif:{line}:3: {message}"


CHECKS = """\
P1 *  *  *  * -HI *  * -KE-OU
P2 *  *  *  *  *  *  * -GI *
P3 *  *  *  *  *  *  *  * +KY
P4 *  *  *  *  *  *  *  *  *
P5 *  *  *  *  *  *  *  *  *
P6 *  *  *  *  *  *  *  *  *
P7 *  *  *  *  *  *  *  *  *
P8 *  *  *  * +GI *  *  *  *
P9 *  *  *  * +OU *  *  *  *
P+00FU
P-00AL
+
"""


def test_king_left_in_check_and_mate_by_a_dropped_pawn() -> None:
    (game,) = read_csa(CHECKS + "+5857GI\n", "ok.csa")
    assert game.start.hands == ({"P": 1}, {"R": 1, "B": 2, "G": 4, "S": 2, "N": 3, "L": 3, "P": 17})
    assert error(read_csa, CHECKS + "+5847GI\n") == (
        "game.kif:13:1: move 1 (Sente): illegal move '+5847GI' "
        "(hint: Sente's king would be in check; it can go to 5g)")
    assert error(read_csa, CHECKS + "+0012FU\n") == (
        "game.kif:13:1: move 1 (Sente): illegal move '+0012FU' (hint: a dropped pawn may not give mate)")


def test_unreadable_lines_say_what_was_expected() -> None:
    text = (FIXTURES / f"{OZA}.kif").read_text(encoding="utf-8")
    assert error(read_kif, text.replace("13 ６六歩(67)", "13 ６六步(67)")) == (
        "game.kif:21:4: move 13 (Sente): unreadable move '６六步(67)' (hint: expected a move such as "
        "'13 ７六歩(77)', '13 同　歩(77)' or '13 ５五角打', or an ending such as '13 投了')")
    assert error(read_kif, text.replace("13 ６六歩(67) (00:00/00:00:00)", "six-six pawn")) == (
        "game.kif:21:1: unreadable line 'six-six pawn' (hint: expected a move such as '13 ７六歩(77)', "
        "'13 同　歩(77)' or '13 ５五角打', or an ending such as '13 投了', or a comment '*…')")
    assert error(read_kif, "先手：A\nhello\n") == (
        "game.kif:2:1: unreadable line 'hello' (hint: expected a header such as '先手：name', "
        "a board diagram, or a move such as '1 ７六歩(77)', '1 同　歩(77)' or '1 ５五角打', "
        "or an ending such as '1 投了')")
    assert error(read_kif, "1 ７六歩(77)\n3 ３四歩(33)\n") == (
        "game.kif:2:1: move number 3 out of order (hint: the next move is 2)")
    assert error(read_csa, "PI\n+\n+7776FU\n-3334FX\n") == (
        "game.kif:4:1: move 2 (Gote): unreadable move '-3334FX' "
        "(hint: expected a move such as '+7776FU', a time such as 'T12' or an ending such as '%TORYO')")
    assert error(read_csa, "PI\n+\n+7776FU,T1,+2726FU\n") == (
        "game.kif:3:12: move 2 (Gote): illegal move '+2726FU' (hint: it is Gote's turn: '-')")
    assert error(read_csa, "PI\n") == (
        "game.kif:1:1: no side to move after the position (hint: expected a line '+' (Sente to move) "
        "or '-' (Gote to move))")
