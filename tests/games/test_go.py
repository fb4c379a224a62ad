"""SGF records: real games read (a handicap game, a 9×9 game in FF[1]'s long property names, a
professional game), captures and passes checked by hand, GTP notation, and located errors for
occupied points, suicides, ko and unreadable text."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.errors import ContentError
from site_builder.games.go import read_sgf

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "go"


def point(name: str, size: int = 19) -> int:
    """'Q16' as a record point: row * size + column, A1 the lower left corner (no column I)."""
    return (int(name[1:]) - 1) * size + "ABCDEFGHJKLMNOPQRST".index(name[0])


def read(name: str):
    return read_sgf((FIXTURES / name).read_text(encoding="utf-8"), FIXTURES / name)


def error(text: str, **options: bool) -> str:
    with pytest.raises(ContentError) as caught:
        read_sgf(text, Path("game.sgf"), **options)
    return str(caught.value)


def test_professional_game_tags_and_notation() -> None:
    (game,) = read("lee-sedol-alphago-game4.sgf")
    assert (game.game, game.files, game.ranks, len(game.plies)) == ("go", 19, 19, 78)
    assert game.tags["Black"] == "AlphaGo" and game.tags["White"] == "Lee Sedol"
    assert game.result == "W+Resign" and game.tags["Result"] == "0-1" and game.tags["KM"] == "7.50"
    first = game.plies[0]
    assert first.notation == {"zh": "黑 Q16", "en": "B Q16"} and first.source == "B[pd]"
    assert first.position.points == {point("Q16"): "B"} and first.marks == (point("Q16"),)
    assert game.plies[1].notation == {"zh": "白 D4", "en": "W D4"}
    assert game.plies[77].notation == {"zh": "白 L11", "en": "W L11"}  # the wedge of move 78


def test_handicap_stones_comments_and_passes() -> None:
    (game,) = read("igs-handicap-2.sgf")
    assert game.tags["HA"] == "2" and game.start.points == {point("D4"): "B", point("Q16"): "B"}
    assert game.plies[0].notation == {"zh": "白 Q4", "en": "W Q4"}  # White moves first
    assert "player2 12k : gg" in game.comment
    passes = [p for p in game.plies if not p.marks]
    assert [p.number for p in passes] == [200, 202, 203, 204]
    assert passes[0].notation == {"zh": "黑 停一手", "en": "B pass"}
    assert passes[0].source == "B[tt]"  # a pass as FF[3] writes it
    assert passes[0].position == game.plies[198].position
    assert "player1 dead @ H13" in game.plies[-1].comment  # on the last node, which has no move
    assert len(game.plies[-1].position.points) == 202  # nothing was captured in this game


def test_captures_remove_stones() -> None:
    (game,) = read("xmgt97-9x9.sgf")
    assert (game.files, len(game.plies), game.tags["Black"], game.tags["KM"]) == (9, 60, "hi", "-1.5")
    before, after = game.plies[27].position.points, game.plies[28].position.points
    assert game.plies[28].notation["en"] == "B E8" and before[point("E7", 9)] == "W"
    assert point("E7", 9) not in after and after[point("E8", 9)] == "B"
    before, after = game.plies[41].position.points, game.plies[42].position.points
    assert game.plies[42].notation["en"] == "B D1"  # takes the two white stones on D2 and D3
    assert before[point("D2", 9)] == before[point("D3", 9)] == "W"
    assert set(before) - set(after) == {point("D2", 9), point("D3", 9)}
    assert game.plies[-1].comment.startswith("Black: 13 + 4 = 17")


def test_occupied_point_is_located() -> None:
    text = (FIXTURES / "lee-sedol-alphago-game4.sgf").read_text(encoding="utf-8").replace(";W[dp]", ";W[pd]")
    assert error(text) == "game.sgf:5:2: move 2 (White): illegal move 'W[pd]' (hint: Q16 is occupied)"


def test_suicide_and_ko() -> None:
    assert error("(;SZ[9];B[ab];W[ee];B[ba];W[aa])") == (
        "game.sgf:1:27: move 4 (White): illegal move 'W[aa]' (hint: A9 has no liberties (suicide))")
    ko = "(;SZ[9]\n;B[ba];W[ca];B[ab];W[db];B[bc];W[cc];B[ii];W[bb]\n;B[cb]\n;W[bb])"
    assert error(ko) == ("game.sgf:4:2: move 10 (White): illegal move 'W[bb]' "
                         "(hint: B8 retakes the ko at once: play elsewhere first)")
    (game,) = read_sgf(ko, "ko.sgf", ko=False)
    assert point("B8", 9) not in game.plies[8].position.points  # black took at C8
    assert point("C8", 9) not in game.plies[9].position.points  # and white took back


def test_several_games_and_variations() -> None:
    text = "(;GM[1]SZ[9];B[ee](;W[cc];B[gg])(;W[gc]))\n(;SZ[13]C[hello];B[gg];W[])"
    first, second = read_sgf(text, "c.sgf")
    assert [p.notation["en"] for p in first.plies] == ["B E5", "W C7", "B G3"]
    assert second.files == 13 and second.comment == "hello"
    assert second.plies[1].notation == {"zh": "白 停一手", "en": "W pass"}


@pytest.mark.parametrize(("text", "message"), [
    ("(;SZ[9];B[ee];W[cc]!)", "game.sgf:1:20: unexpected '!' "
                              "(hint: expected '(', ';', ')' or a property such as B[pd])"),
    ("(;SZ[9]\n;B[ee\n", "game.sgf:2:3: a value is not closed "
                        "(hint: expected ']' (write '\\]' for a ']' in a value))"),
    ("(;SZ[9];B[ee]x)", "game.sgf:1:14: property 'x' has no value (hint: expected one such as B[pd])"),
    ("(;SZ[9];B[ee];W)", "game.sgf:1:15: property 'W' has no value (hint: expected one such as B[pd])"),
    ("(;SZ[9];B[ee]", "game.sgf:1:14: a game is not closed (hint: expected ')')"),
    ("(;SZ[9];B[ee];W[zz])", "game.sgf:1:15: unreadable point in W[zz] "
                             "(hint: expected two letters from a to i, such as 'pd', or [] for a pass)"),
    ("(;SZ[9]AB[ee][zz];W[cc])", "game.sgf:1:8: unreadable point in AB[ee][zz] "
                                  "(hint: expected two letters from a to i, such as 'pd', or [] for a pass)"),
    ("(;GM[4]SZ[15];B[hh])", "game.sgf:1:3: not a go game: GM[4] (hint: go records have GM[1])"),
    ("just text", "game.sgf:1:1: no game in the file (hint: expected (;GM[1]SZ[19]…))"),
])
def test_unreadable_text_is_located(text: str, message: str) -> None:
    assert error(text) == message
