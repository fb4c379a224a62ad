"""Xiangqi: the move generator against published perft counts and hand-checked positions, the three
notations read back from what is written, and PGN files (real ones in tests/fixtures/games/xiangqi)
read into records, with located errors."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from site_builder.errors import ContentError
from site_builder.games.registry import game_of
from site_builder.games.xiangqi import (
    PALACE,
    START_FEN,
    Board,
    MoveError,
    chinese,
    iccs,
    perft,
    read_chinese,
    read_iccs,
    read_move,
    read_pgn,
    read_wxf,
    wxf,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "xiangqi"


def at(name: str) -> int:
    """The point of an ICCS square, e.g. 'e0' → 4."""
    return "abcdefghi".index(name[0]) + 9 * int(name[1])


def moves_of(board: Board, square: str) -> list[str]:
    return sorted(iccs(m) for m in board.legal_moves() if m[0] == at(square))


# --- Perft ----------------------------------------------------------------------------------------
# The start position's counts, and those of the other positions up to depth 3 or 4, are the
# chessprogramming wiki's "Chinese Chess Perft Results" (www.chessprogramming.org/
# Chinese_Chess_Perft_Results), as PikaChess's perft tests copy them (PikaChess/test/perfttest.cpp);
# the start position's depth 4 and the last position are Fairy-Stockfish's (tests/perft.sh, "xiangqi").

@pytest.mark.parametrize(("depth", "nodes"), [(1, 44), (2, 1920), (3, 79666)])
def test_perft_from_the_start(depth: int, nodes: int) -> None:
    assert perft(Board.from_fen(START_FEN), depth) == nodes


@pytest.mark.skipif(not os.environ.get("XIANGQI_PERFT4"), reason="about 4 s: set XIANGQI_PERFT4=1 to run it")
def test_perft_from_the_start_depth_4() -> None:
    assert perft(Board.from_fen(), 4) == 3290240


@pytest.mark.parametrize(("fen", "counts"), [
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w", [38, 1128, 43929]),
    ("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w", [7, 281, 8620]),
    ("5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w", [25, 424, 9850, 202884]),
    ("C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w", [28, 222, 6241, 64971]),
    ("4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w", [23, 345, 8124]),
    ("2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w", [21, 195, 3883, 48060]),
    ("1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w", [30, 830, 22787]),
    ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", [None, None, None, 92741]),
])
def test_perft_of_published_positions(fen: str, counts: list[int | None]) -> None:
    board = Board.from_fen(fen)
    for depth, nodes in enumerate(counts, start=1):
        if nodes is not None:
            assert perft(board, depth) == nodes, (fen, depth)
    assert board.fen().split()[:2] == Board.from_fen(fen).fen().split()[:2]  # perft leaves it as it was


# --- Hand-checked positions -----------------------------------------------------------------------

def test_horse_leg() -> None:
    free = Board.from_fen("3k5/9/9/9/9/9/9/9/4N4/5K3 w")
    assert moves_of(free, "e1") == ["e1c0", "e1c2", "e1d3", "e1f3", "e1g0", "e1g2"]
    blocked = Board.from_fen("3k5/9/9/9/9/9/9/4r4/4N4/5K3 w")  # a piece on e2, the leg of d3 and f3
    assert moves_of(blocked, "e1") == ["e1c0", "e1c2", "e1g0", "e1g2"]


def test_elephant_eye_and_river() -> None:
    board = Board.from_fen("3k5/9/9/9/9/9/9/9/3n5/2B1K4 w")  # a piece on d1, the eye towards e2
    assert moves_of(board, "c0") == ["c0a2"]
    assert moves_of(Board.from_fen("3k5/9/9/9/9/2B6/9/9/9/4K4 w"), "c4") == ["c4a2", "c4e2"]  # not across


def test_cannon_screen() -> None:
    board = Board.from_fen("1n1k5/9/1r7/9/1p7/9/9/1C7/9/4K4 w")  # screen b5, rook b7, horse b9 behind
    assert [m for m in moves_of(board, "b2") if m[2] == "b"] == ["b2b0", "b2b1", "b2b3", "b2b4", "b2b7"]


def test_flying_general() -> None:
    board = Board.from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w")
    assert moves_of(board, "d0") == ["d0d1"]  # not e0, on the open file the black general stands on
    pinned = Board.from_fen("4k4/9/9/9/4R4/9/9/9/9/4K4 w")  # the rook alone keeps the generals apart
    assert {m[2] for m in moves_of(pinned, "e5")} == {"e"}


def test_checkmate_and_stalemate_lose() -> None:
    mate = Board.from_fen("3k5/9/9/9/9/9/9/9/9/3RK4 b")
    assert mate.exposed(False) and mate.legal_moves() == [] and mate.result() == "1-0"
    stalemate = Board.from_fen("3k5/8R/9/9/9/9/9/9/9/4K4 b")
    assert not stalemate.exposed(False) and stalemate.result() == "1-0"
    assert Board.from_fen().result() == ""


def test_fen() -> None:
    assert Board.from_fen().fen() == START_FEN
    assert Board.from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").fen() == START_FEN
    for bad in ("rnbakabnr/9/1c5c1", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w"):
        with pytest.raises(ValueError):
            Board.from_fen(bad)


# --- Notation -------------------------------------------------------------------------------------

def test_notation_of_the_opening() -> None:
    board = Board.from_fen()
    written = []
    for move in ("h2e2", "h9g7", "h0g2", "i9h9"):  # 炮二平五 马８进７ 马二进三 车９平８
        played = read_iccs(board, move)
        written.append((chinese(board, played), wxf(board, played)))
        board.push(played)
    assert written == [("炮二平五", "C2.5"), ("马８进７", "H8+7"), ("马二进三", "H2+3"), ("车９平８", "R9.8")]


def test_tandem_pieces() -> None:
    rooks = Board.from_fen("3k5/9/9/9/9/9/2R6/9/2R6/4K4 w")
    assert chinese(rooks, (at("c3"), at("d3"))) == "前车平六" and wxf(rooks, (at("c3"), at("d3"))) == "R+.6"
    assert chinese(rooks, (at("c1"), at("c0"))) == "后车退一" and wxf(rooks, (at("c1"), at("c0"))) == "R--1"
    pawns = Board.from_fen("3k5/2P6/2P6/2P6/9/9/9/9/9/4K4 w")  # three on file 七
    sideways = [(at(f"c{r}"), at(f"d{r}")) for r in (8, 7, 6)]
    assert [(chinese(pawns, m), wxf(pawns, m)) for m in sideways] == [
        ("前兵平六", "P+.6"), ("中兵平六", "P7.6"), ("后兵平六", "P-.6")]
    five = Board.from_fen("3k5/9/9/9/9/2p6/2p6/2p6/2p6/2p1K4 b")  # Black's five on file 3, front lowest
    sideways = [(at(f"c{r}"), at(f"d{r}")) for r in range(5)]
    assert [chinese(five, m) for m in sideways] == [
        "一卒平４", "二卒平４", "三卒平４", "四卒平４", "五卒平４"]
    assert [wxf(five, m) for m in sideways] == ["++.4", "P+.4", "P3.4", "P-.4", "--.4"]
    two_files = Board.from_fen("3k5/2P3P2/2P3P2/9/9/9/9/9/9/4K4 w")
    assert chinese(two_files, (at("c8"), at("b8"))) == "前七平八"
    assert wxf(two_files, (at("g7"), at("h7"))) == "3-.2"
    for text in ("前七平八", "前兵七平八", "前兵平八", "前七平8", "7+.8"):
        assert read_move(two_files, text) == (at("c8"), at("b8")), text


def test_reading_variants() -> None:
    board = Board.from_fen()
    assert read_chinese(board, "炮2平5") == read_chinese(board, "砲二平五") == (25, 22)
    assert read_wxf(board, "c2=5") == read_wxf(board, "C2.5") == (25, 22)
    board.push((25, 22))
    assert read_chinese(board, "馬8進7") == read_chinese(board, "马８进７") == read_wxf(board, "N8+7")
    assert read_iccs(board, "H9-G7") == (at("h9"), at("g7"))
    with pytest.raises(MoveError, match="ambiguous"):
        read_chinese(Board.from_fen("3k5/9/9/9/9/9/2R6/9/2R6/4K4 w"), "车七平六")  # both rooks could


def random_positions(games: int, plies: int, seed: int) -> list[Board]:
    rng, boards = random.Random(seed), []
    for _ in range(games):
        board = Board.from_fen()
        for _ in range(plies):
            moves = board.legal_moves()
            if not moves:
                break
            boards.append(Board(board.points.copy(), board.red))
            board.push(rng.choice(moves))
    return boards


def round_trip(board: Board) -> None:
    """Every legal move, written in each notation, reads back as itself."""
    for move in board.legal_moves():
        for write, read in ((chinese, read_chinese), (wxf, read_wxf), (lambda _, m: iccs(m), read_iccs)):
            text = write(board, move)
            assert read(board, text) == move, (board.fen(), text)
            assert read_move(board, text) == move, (board.fen(), text)


def test_every_legal_move_of_random_games_reads_back() -> None:
    boards = random_positions(games=4, plies=120, seed=7)
    assert len(boards) > 300
    for board in boards:
        round_trip(board)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """Positions with the pieces each side has at most, on points they can reach, often several pawns on
    one or two files (where the notations need 前/中/后 or 一…五)."""
    points, free = [""] * 90, set(range(90))

    def place(piece: str, allowed: list[int], most: int) -> None:
        for _ in range(draw(st.integers(0, most))):
            if options := sorted(set(allowed) & free):
                point = draw(st.sampled_from(options))
                points[point] = piece
                free.discard(point)

    for red in (True, False):
        own = range(0, 45) if red else range(45, 90)
        other = range(45, 90) if red else range(0, 45)
        pawn_files = draw(st.sets(st.integers(0, 8), min_size=1, max_size=2))
        case = str.upper if red else str.lower
        place(case("k"), list(PALACE[red]), 1)
        if case("k") not in points:
            points[next(p for p in PALACE[red] if p in free)] = case("k")
            free -= {points.index(case("k"))}
        place(case("a"), [p for p in PALACE[red] if (p % 9 + p // 9) % 2 == (1 if red else 0)], 2)
        place(case("b"), [p for p in own if p % 9 % 2 == 0 and (p // 9) % 2 == (0 if red else 1)], 2)
        for piece in "nrc":
            place(case(piece), list(range(90)), 2)
        place(case("p"), [p for p in other if p % 9 in pawn_files], 5)
    red = draw(st.booleans())
    board = Board(points, red)
    assume(not board.exposed(not red))  # the side that just moved is not in check
    return board


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(boards())
def test_every_legal_move_of_random_positions_reads_back(board: Board) -> None:
    round_trip(board)


def mirrored(board: Board) -> Board:
    return Board([board.points[p - p % 9 + 8 - p % 9] for p in range(90)], board.red)


def colours_swapped(board: Board) -> Board:
    return Board([board.points[89 - p].swapcase() for p in range(90)], not board.red)


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(boards())
def test_move_counts_are_symmetric(board: Board) -> None:
    """Left and right, and Red and Black, are alike: the mirror image and the position seen from
    the other side have as many move sequences."""
    nodes = perft(board, 2)
    assert perft(mirrored(board), 2) == nodes
    assert perft(colours_swapped(board), 2) == nodes


# --- PGN ------------------------------------------------------------------------------------------

def read(name: str) -> list:
    path = FIXTURES / name
    return read_pgn(path.read_text(encoding="utf-8"), path)


def test_an_iccs_game() -> None:
    [game] = read("liu-dahua-yang-guanlin-1982.pgn")
    board = game_of("xiangqi").board
    assert (game.game, game.files, game.ranks) == ("xiangqi", board.files, board.ranks)
    assert game.tags["Red"] == "柳大华" and game.result == "1/2-1/2" and len(game.plies) == 125
    first = game.plies[0]
    assert (first.number, first.notation, first.source, first.marks) == (
        1, {"zh": "炮八平五", "en": "C8.5"}, "b2e2", (at("b2"), at("e2")))
    assert first.position.points[at("e2")] == "C" and at("b2") not in first.position.points
    last = Board([game.plies[-1].position.points.get(p, "") for p in range(90)], False)
    # as xiangqi.js's README gives the position after this game
    assert last.fen().split()[:2] == ["3akc3/9/4ba3/r7p/P1bC5/9/8P/3AB1N2/4K1nR1/2B6", "b"]


def test_a_chinese_game_with_a_fen_and_comments() -> None:
    [game] = read("xu-yinchuan-nie-weiping-1999.pgn")
    handicap = Board.from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR r")
    assert game.start.points == handicap.position().points
    assert game.comment.startswith("评注：许银川") and game.result == "1-0" and len(game.plies) == 75
    assert game.plies[1].notation["zh"] == "炮８平５" and game.plies[1].comment.startswith("红方首着架中炮")
    assert [p.source for p in game.plies] == [p.notation["zh"] for p in game.plies]  # written back alike
    assert {"前马退二", "后马进二", "前马进二"} <= {p.source for p in game.plies}
    last = Board([game.plies[-1].position.points.get(p, "") for p in range(90)], False)
    assert last.fen().split()[0] == "2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4"  # as xiangqi.js's tests have it


def test_several_games_with_unspaced_chinese_moves() -> None:
    games = read("wxf-masters-excerpt.pgn")
    assert [(g.tags["Red"], len(g.plies), g.result) for g in games] == [
        ("ZHAO GuoRong", 127, ""), ("LIU DianZhong", 76, ""), ("HO Shing Kin", 124, "")]
    for game in games:
        assert [p.source for p in game.plies] == [p.notation["zh"] for p in game.plies]
    assert "前卒进１" in [p.source for p in games[0].plies]
    assert "后兵进一" in [p.source for p in games[1].plies]


def test_movetext_details() -> None:
    text = ("[Game \"Chinese Chess\"]\n{before} 1. h2e2 {central cannon} {twice} $1 马８进７?! "
            "2. H2+3 (2. h0i2) 车９平８ 1-0\n\n"
            "[FEN \"3k5/9/9/9/9/9/9/9/9/2R1K4 w - - 0 20\"]\n20. 车七进一 *")
    first, second = read_pgn(text, Path("a.pgn"))
    assert first.comment == "before" and first.result == "1-0"
    assert [(p.source, p.notation["zh"], p.comment, p.nags) for p in first.plies] == [
        ("h2e2", "炮二平五", "central cannon\ntwice", (1,)), ("马８进７", "马８进７", "", (6,)),
        ("H2+3", "马二进三", "", ()), ("车９平８", "车９平８", "", ())]
    assert second.result == "*" and second.plies[0].notation == {"zh": "车七进一", "en": "R7+1"}


def test_an_illegal_move_is_a_located_error() -> None:
    text = "[Game \"Chinese Chess\"]\n1. h2e2 h9g7\n2. h0g2 i9h9\n3. b2e3 *\n"
    with pytest.raises(ContentError) as caught:
        read_pgn(text, Path("game.pgn"))
    assert str(caught.value) == ("game.pgn:4:4: move 3 (Red): illegal move 'b2e3' (hint: the Red cannon on "
                                 "b2 can play b2a2, b2b1, b2b3, b2b4, b2b5, b2b6, b2b9, b2c2, b2d2)")


def test_errors_in_several_games_each_located() -> None:
    text = ("1. 炮二平五马８进６ 2. 马二进三\n\n[Event \"2\"]\n1. h2e2 h9g7 2. h0g2 i9h9 3. xyz\n\n"
            "[FEN \"3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1\"]\n1... 将４平５\n[FEN \"3k5/9/9/X\"]\n")
    with pytest.raises(ContentError) as caught:
        read_pgn(text, Path("games.pgn"))
    assert [str(p) for p in caught.value.problems] == [
        "games.pgn:1:8: move 1 (Black): illegal move '马８进６' (hint: Black's horses can play "
        "马２进１, 马２进３, 马８进７, 马８进９)",
        "games.pgn:4:30: move 3 (Red): unreadable move 'xyz' (hint: write ICCS coordinates (h2e2), Chinese "
        "notation (炮二平五, 马８进７) or WXF notation (C2.5, H8+7))",
        "games.pgn:7:6: move 1 (Black): illegal move '将４平５' (hint: Black has no legal move: "
        "the game is over)",
        "games.pgn:8:7: bad FEN: a xiangqi FEN has 10 ranks separated by '/', found 4 (hint: e.g. "
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1)",
    ]


def test_a_game_from_a_fen_is_numbered_from_its_move_and_side() -> None:
    """Plies count from the FEN's move number: Red's 20th move is ply 39; Black's 20th, ply 40."""
    red = read_pgn("[FEN \"3k5/9/9/9/9/9/9/9/9/2R1K4 w - - 0 20\"]\n20. 车七进一 *", Path("a.pgn"))[0]
    black = read_pgn("[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 20\"]\n20... 将５进１ *", Path("b.pgn"))[0]
    assert [p.number for p in red.plies] == [39] and [p.number for p in black.plies] == [40]
