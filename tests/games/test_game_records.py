"""Game records next to the round files (docs/content.md, "Game records"): matched to the round's
games, refused with a located error where they do not fit, shown on the site, printed when
featured, and exported as PGN that python-chess reads back move for move."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import chess.pgn
import pytest
from cup_event import cup_event

from site_builder.build import build_site
from site_builder.commands.new import scaffold
from site_builder.errors import ContentError
from site_builder.games.chess import read_pgn
from site_builder.games.record import Ply, Position, Record
from site_builder.views.games import caption, movetext
from site_builder.views.i18n import Labels

ROUND = """\
round: 1
games:
  - [1, "Dubois, Marc", "Baptiste, Claire", "1-0"]
  - [2, "García, Lucía", "Andersen, Lars", "½-½"]
"""
OPERA = """\
[Event "Cup"]
[White "Dubois, Marc"]
[Black "Baptiste, Claire"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {A passive line.} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6
7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 $2 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8
13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ $3 Nxb8 17. Rd8# 1-0
"""
BERLIN = """\
[White "Lucia Garcia"]
[Black "Lars Andersen"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. d4 Nd6 6. Bxc6 dxc6 7. dxe5 Nf5
8. Qxd8+ Kxd8 1/2-1/2
"""


@pytest.fixture
def event(tmp_path: Path) -> Path:
    directory = tmp_path / "content" / "cup"
    cup_event(directory, 4)
    (directory / "open" / "rounds" / "01.yaml").write_text(ROUND + "featured: {1: 31}\n", encoding="utf-8")
    (directory / "open" / "rounds" / "01.pgn").write_text(OPERA + "\n" + BERLIN, encoding="utf-8")
    return directory


def _error(tmp_path: Path) -> str:
    output = tmp_path / "out"
    output.mkdir(exist_ok=True)
    (output / "kept.txt").write_text("as it was", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        build_site(tmp_path / "content", output, pdf=False)
    assert [p.name for p in output.iterdir()] == ["kept.txt"]  # output/ left exactly as it was
    return str(caught.value)


def test_records_are_matched_by_players_and_shown_with_the_round_files_names(tmp_path, event):
    """Board 2's record names 'Lucia Garcia' (no accents, given name first): still García, Lucía's
    game; its page shows the round file's names and result."""
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    base = out / "cup" / "open"
    round_page = (base / "round-01.html").read_text(encoding="utf-8")
    assert round_page.count('class="play"') == 2
    page = (base / "games" / "round-01-board-02.html").read_text(encoding="utf-8")
    assert "García, Lucía" in page and "Lucia Garcia" not in page and "½-½" in page
    assert 'class="game-viewer"' in page
    card = (base / "players" / "1.html").read_text(encoding="utf-8")
    assert "games/round-01-board-01.html" in card
    games = json.loads((out / "cup" / "event.json").read_text(encoding="utf-8"))["sections"][0]["games"]
    assert [(g["round"], g["board"], g["plies"], g["featured"]) for g in games] == [
        (1, 1, 33, True), (1, 2, 16, False)]


def test_the_pgn_export_reads_back_into_python_chess_with_the_same_moves(tmp_path, event):
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    text = (out / "cup" / "open" / "rounds" / "01.pgn").read_text(encoding="utf-8")
    handle = io.StringIO(text)
    read = [chess.pgn.read_game(handle) for _ in range(2)]
    assert [g.headers["White"] for g in read] == ["Dubois, Marc", "García, Lucía"]  # the round file's
    assert [g.headers["Result"] for g in read] == ["1-0", "1/2-1/2"]
    assert [g.headers["Round"] for g in read] == ["1.1", "1.2"]
    original = chess.pgn.read_game(io.StringIO(OPERA))
    assert [m.uci() for m in read[0].mainline_moves()] == [m.uci() for m in original.mainline_moves()]
    assert [node.comment for node in read[0].mainline() if node.comment] == ["A passive line."]
    assert [node.nags for node in read[0].mainline() if node.nags] == [{2}, {3}]
    assert not read[0].errors and not read[1].errors
    assert (out / "cup" / "open" / "games.pgn").read_text(encoding="utf-8") == text


ITALIAN = """\
[White "García, Lucía"]
[Black "Andersen, Lars"]
[Result "1/2-1/2"]

1. e4! e5 2. Ng1-f3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0 6. Bg5 h6 7. Bh4 d6 8. Qd1-e1 g5 1/2-1/2
"""


def test_the_pgn_export_and_the_dgt_feed_write_the_moves_as_san(tmp_path, event):
    """PGN export format writes moves in SAN (PGN §8.2.3: `Nf3`, castling `O-O` with capital O's);
    a record's long algebraic `Ng1-f3` and castling with zeros are written as python-chess gives
    them, in every PGN file and in DGT's moves alike (docs/exports.md)."""
    (event / "open" / "rounds" / "01.pgn").write_text(OPERA + "\n" + ITALIAN, encoding="utf-8")
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    base = out / "cup" / "open"
    sans = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "d3", "O-O", "Bg5", "h6", "Bh4", "d6",
            "Qe1", "g5"]
    for path in (base / "rounds" / "01.pgn", base / "games.pgn", base / "relay" / "1" / "games.pgn"):
        text = " ".join(path.read_text(encoding="utf-8").split())  # lines wrapped under 80 characters
        assert "1. e4 $1 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O 6. Bg5 h6 7. Bh4 d6 8. Qe1 g5" in text
        assert "Ng1-f3" not in text and "0-0" not in text and "Qd1-e1" not in text
    moves = json.loads((base / "relay" / "1" / "dgt" / "game-2.json").read_text(encoding="utf-8"))["moves"]
    assert moves == sans


def test_every_round_has_its_pgn_with_results_and_the_latest_one_a_stable_address(tmp_path, event):
    """`rounds/NN.pgn`: every game of the round, the moves where a record exists, `*` while pending;
    `live.pgn` is the latest round's; `games.pgn` keeps the recorded games only (docs/exports.md)."""
    (event / "open" / "rounds" / "02.yaml").write_text(
        'round: 2\ngames:\n  - [1, "Andersen, Lars", "Dubois, Marc", "?"]\n'
        '  - [2, "Baptiste, Claire", "García, Lucía", "0-1"]\n', encoding="utf-8")
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    base = out / "cup" / "open"
    first, second = ((base / "rounds" / f"0{n}.pgn").read_text(encoding="utf-8") for n in (1, 2))
    handle = io.StringIO(second)
    read = [chess.pgn.read_game(handle) for _ in range(2)]
    assert chess.pgn.read_game(handle) is None
    assert [tuple(g.headers[k] for k in ("Round", "White", "Black", "Result")) for g in read] == [
        ("2.1", "Andersen, Lars", "Dubois, Marc", "*"), ("2.2", "Baptiste, Claire", "García, Lucía", "0-1")]
    assert all(not list(g.mainline_moves()) and not g.errors for g in read)
    assert (base / "live.pgn").read_text(encoding="utf-8") == second
    assert (base / "games.pgn").read_text(encoding="utf-8") == first  # round 2 has no record
    assert "17. Rd8# 1-0" in first
    assert 'href="rounds/02.pgn" download' in (base / "round-02.html").read_text(encoding="utf-8")
    page = (base / "games" / "round-01-board-01.html").read_text(encoding="utf-8")
    assert 'href="../rounds/01.pgn"' in page


def test_a_featured_game_prints_with_its_diagram(tmp_path, event):
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=True)
    pdf = out / "cup" / "open" / "bulletin-round-01.pdf"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "Featured games" in text and "after move 16 (White)" in text  # ply 31: 16. ♕b8+
    assert "♕b8+!!" in text
    assert "A passive line." in text and "{" not in text and "}" not in text  # not PGN's braces


def test_an_illegal_move_is_a_located_error(tmp_path, event):
    pgn = event / "open" / "rounds" / "01.pgn"
    pgn.write_text(OPERA.replace("6. Bc4", "6. Bc5") + "\n" + BERLIN, encoding="utf-8")
    error = _error(tmp_path)
    column = OPERA.splitlines()[5].index("Bc4") + 1
    assert re.match(rf"^\S*01\.pgn:6:{column}: move 6 \(White\): illegal move 'Bc5' \(hint: the legal moves "
                    r"here are .*Bc4.*\)$", error), error  # one line: the featured board is not reported


def test_a_refused_record_leaves_the_featured_boards_of_other_rounds_checked(tmp_path, event):
    """Round 1's record is refused (its featured board is not reported again as missing); round 2
    features a board that has no record, which is still an error."""
    rounds = event / "open" / "rounds"
    (rounds / "01.pgn").write_text(OPERA.replace("6. Bc4", "6. Bc5") + "\n" + BERLIN, encoding="utf-8")
    (rounds / "02.yaml").write_text('round: 2\ngames:\n  - [1, "Dubois, Marc", "García, Lucía", "1-0"]\n'
                                    '  - [2, "Andersen, Lars", "Baptiste, Claire", "0-1"]\nfeatured: [1]\n',
                                    encoding="utf-8")
    lines = _error(tmp_path).splitlines()
    assert any("01.pgn:6:" in line and "illegal move 'Bc5'" in line for line in lines), lines
    assert [line for line in lines if "is featured but has no game record" in line] == [
        next(line for line in lines if "02.yaml" in line)], lines


def test_a_record_of_other_players_is_refused(tmp_path, event):
    pgn = event / "open" / "rounds" / "01.pgn"
    pgn.write_text(OPERA.replace("Baptiste, Claire", "Andersen, Lars") + "\n" + BERLIN, encoding="utf-8")
    assert "01.pgn:1:1: no game of round 1 is between 'Dubois, Marc' and 'Andersen, Lars' (hint:" \
        in _error(tmp_path)


def test_a_record_whose_result_differs_from_the_round_file_is_refused(tmp_path, event):
    pgn = event / "open" / "rounds" / "01.pgn"
    pgn.write_text(OPERA + "\n" + BERLIN.replace("1/2-1/2", "1-0"), encoding="utf-8")
    assert "the record's result '1-0' is not the round file's (=) for board 2" in _error(tmp_path)


def test_a_result_that_differs_is_located_at_the_records_result_tag(tmp_path, event):
    """The error points at the line where the record states its result, its `Result` tag (line 3
    of board 2's record, line 12 of the file), not at the record's first line; one line with its
    hint, as every located error (docs/content.md, "Game records")."""
    pgn = event / "open" / "rounds" / "01.pgn"
    pgn.write_text(OPERA + "\n" + BERLIN.replace("1/2-1/2", "1-0"), encoding="utf-8")
    lines = (OPERA + "\n" + BERLIN).splitlines()
    assert lines[11] == '[Result "1/2-1/2"]'
    error = _error(tmp_path)
    assert re.match(r"^\S*01\.pgn:12:1: the record's result '1-0' is not the round file's \(=\) for board 2 "
                    r"\(hint: correct the one that is wrong: pages show the round file's\)$", error), error


def test_a_record_stating_an_abnormal_result_is_held_to_the_round_files(tmp_path, event):
    """The PGN files write `½-0` as 1/2-0 (lichess's spelling, docs/exports.md); a record's Result
    tag in that spelling is read as that result, and must be the round file's too."""
    pgn = event / "open" / "rounds" / "01.pgn"
    pgn.write_text(OPERA + "\n" + BERLIN.replace("1/2-1/2", "1/2-0", 1).replace(" 1/2-1/2", ""),
                   encoding="utf-8")
    assert "the record's result '1/2-0' is not the round file's (=) for board 2" in _error(tmp_path)


def test_moves_ending_with_lichess_s_abnormal_results_are_read_as_them(tmp_path, event):
    """Relay feeds end a ½-0 or 0-½ game's moves with `1/2-0` or `0-1/2` (lichess's abnormal results,
    docs/exports.md): the game's termination, not a move, accepted where the round file's result is
    that one."""
    rounds = event / "open" / "rounds"
    (rounds / "01.yaml").write_text(ROUND.replace('"½-½"', '"0-½"'), encoding="utf-8")
    (rounds / "01.pgn").write_text(OPERA + "\n" + BERLIN.replace("1/2-1/2", "0-1/2"), encoding="utf-8")
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    games = json.loads((out / "cup" / "event.json").read_text(encoding="utf-8"))["sections"][0]["games"]
    assert [(g["board"], g["plies"]) for g in games] == [(1, 33), (2, 16)]
    [record] = read_pgn(BERLIN.replace("1/2-1/2", "1/2-0"), Path("a.pgn"))
    assert (record.result, len(record.plies)) == ("1/2-0", 16)


def test_moves_ending_with_an_abnormal_result_are_held_to_the_round_files(tmp_path, event):
    """Without a Result tag, the `1/2-0` the moves end with is the record's result, checked against
    the round file's as the standard's results are (docs/content.md, "Game records")."""
    untagged = BERLIN.replace('[Result "1/2-1/2"]\n', "").replace("1/2-1/2", "1/2-0")
    (event / "open" / "rounds" / "01.pgn").write_text(OPERA + "\n" + untagged, encoding="utf-8")
    assert "the record's result '1/2-0' is not the round file's (=) for board 2" in _error(tmp_path)


def test_a_featured_board_needs_a_record_and_its_ply(tmp_path, event):
    rounds = event / "open" / "rounds"
    (rounds / "01.yaml").write_text(ROUND + "featured: {1: 40}\n", encoding="utf-8")
    assert "the diagram of board 1 is after ply 40, but its record has 33" in _error(tmp_path)
    (rounds / "01.pgn").write_text(BERLIN, encoding="utf-8")
    (rounds / "01.yaml").write_text(ROUND + "featured: [1]\n", encoding="utf-8")
    assert "board 1 is featured but has no game record" in _error(tmp_path)


def test_one_file_per_board_named_by_its_board(tmp_path, event):
    rounds = event / "open" / "rounds"
    (rounds / "01.pgn").unlink()
    (rounds / "01").mkdir()
    (rounds / "01" / "board-01.pgn").write_text(OPERA.replace('[White "Dubois, Marc"]\n', ""),
                                                encoding="utf-8")
    (rounds / "01.yaml").write_text(ROUND, encoding="utf-8")
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    assert (out / "cup" / "open" / "games" / "round-01-board-01.html").is_file()
    assert not (out / "cup" / "open" / "games" / "round-01-board-02.html").exists()
    shutil.rmtree(out)


def test_a_gomoku_event_checks_its_records_against_its_opening_rule(tmp_path: Path) -> None:
    """`opening:` in event.yaml: each gomoku record must open by it (here the 26 openings: move 3
    within f6–j10); an unknown rule, or one given to another game, is an error at its line."""
    directory = tmp_path / "content" / "open"
    cup_event(directory, 4, game="gomoku", name="Open")
    (directory / "open" / "rounds" / "01.yaml").write_text(ROUND.replace("½-½", "?"), encoding="utf-8")
    (directory / "open" / "rounds" / "01").mkdir()
    record = directory / "open" / "rounds" / "01" / "board-01.txt"
    record.write_text("1. h8 2. h9 3. a1\n", encoding="utf-8")
    event = directory / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "opening: 26-openings\n", encoding="utf-8")
    error = _error(tmp_path)
    assert "board-01.txt:1:16: move 3 (Black)" in error and "f6–j10" in error, error
    record.write_text("1. h8 2. h9 3. i8\n", encoding="utf-8")
    build_site(tmp_path / "content", tmp_path / "built", pdf=False)
    assert (tmp_path / "built" / "open" / "open" / "games" / "round-01-board-01.html").is_file()
    event.write_text(event.read_text(encoding="utf-8").replace("26-openings", "renju-9"), encoding="utf-8")
    assert "unknown opening rule 'renju-9'" in _error(tmp_path)


def test_a_record_tagged_for_another_round_is_refused(tmp_path, event):
    pgn = event / "open" / "rounds" / "01.pgn"
    pgn.write_text(OPERA.replace('[Event "Cup"]', '[Event "Cup"]\n[Round "2.1"]') + "\n" + BERLIN,
                   encoding="utf-8")
    assert "the record is of round 2 (its Round tag '2.1'), but its file is round 1's" in _error(tmp_path)


def test_the_game_page_shows_the_round_files_result(tmp_path, event):
    """A record that gives no result (`*`) still shows the round file's 1-0 after its moves."""
    pgn = event / "open" / "rounds" / "01.pgn"
    pgn.write_text(OPERA.replace('[Result "1-0"]', '[Result "*"]').replace("17. Rd8# 1-0", "17. Rd8# *")
                   + "\n" + BERLIN, encoding="utf-8")
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    page = (out / "cup" / "open" / "games" / "round-01-board-01.html").read_text(encoding="utf-8")
    assert '<li class="result">1-0</li>' in page and '<li class="result">*</li>' not in page


def test_a_shift_jis_kif_is_read_checked_against_the_round_and_published_as_utf8(tmp_path: Path) -> None:
    """A KIF as Japanese programs write it (Shift_JIS) beside a shogi round: read, its result (Gote
    resigned: 1-0) checked against the round file's, published as `.kifu` (UTF-8 KIF)."""
    kif = (Path(__file__).parent.parent / "fixtures" / "games" / "shogi" / "oza-2017-suzuki-fukaura.kif")
    directory = tmp_path / "content" / "oza"
    scaffold(directory, name="Oza", game="shogi", language="en", secret_seed=False)
    (directory / "open" / "players.yaml").write_text(
        "players:\n  - {number: 1, name: 鈴木大介 九段}\n  - {number: 2, name: 深浦康市 九段}\n",
        encoding="utf-8")
    rounds = directory / "open" / "rounds"
    (rounds / "01").mkdir(parents=True)
    (rounds / "01" / "board-01.kif").write_bytes(kif.read_text(encoding="utf-8").encode("cp932"))
    (rounds / "01.yaml").write_text('round: 1\ngames:\n  - [1, 1, 2, "0-1"]\n', encoding="utf-8")
    assert "the record's result '1-0' is not the round file's (0-1) for board 1" in _error(tmp_path)
    (rounds / "01.yaml").write_text('round: 1\ngames:\n  - [1, 1, 2, "1-0"]\n', encoding="utf-8")
    out = tmp_path / "built"
    build_site(tmp_path / "content", out, pdf=False)
    published = out / "oza" / "open" / "games" / "round-01-board-01.kifu"
    assert "先手：鈴木大介 九段" in published.read_text(encoding="utf-8")
    page = (out / "oza" / "open" / "games" / "round-01-board-01.html").read_text(encoding="utf-8")
    assert 'href="round-01-board-01.kifu" download' in page and "P-7f" in page


def test_an_edited_record_rebuilds_as_a_full_build_would(tmp_path, event):
    """Caches never change what a build writes: after a record's comment and a featured ply change,
    an incremental build (its cache kept) writes exactly the files of a build without any cache."""
    def files(directory: Path) -> dict[str, bytes]:
        return {p.relative_to(directory).as_posix(): p.read_bytes()
                for p in directory.rglob("*") if p.is_file()}

    incremental = tmp_path / "inc" / "out"
    build_site(tmp_path / "content", incremental, pdf=True)
    pgn = event / "open" / "rounds" / "01.pgn"
    old = pgn.read_text(encoding="utf-8")
    edits = [lambda: pgn.write_text(old.replace("A passive line.", "Seen in 1858."), encoding="utf-8"),
             lambda: (event / "open" / "rounds" / "01.yaml").write_text(ROUND + "featured: {1: 20}\n",
                                                                         encoding="utf-8")]
    for step, edit in enumerate(edits):
        edit()
        build_site(tmp_path / "content", incremental, pdf=True)
        full = tmp_path / f"full-{step}" / "out"
        build_site(tmp_path / "content", full, pdf=True, cache=tmp_path / f"full-{step}" / "fresh-cache")
        assert files(incremental) == files(full), step
    page = (incremental / "cup" / "open" / "games" / "round-01-board-01.html").read_text("utf-8")
    assert "Seen in 1858." in page


def test_a_game_from_a_fen_with_black_to_move_is_numbered_from_that_move(tmp_path, event):
    """Board 2 starts from a position at move 12 with Black to move: the page, the featured moves
    and the PGN export number it 12… Ke6 13. Qe2, and python-chess reads the export back."""
    fen = "r1bq1b1r/ppp2kpp/2n5/3np3/2B5/8/PPPP1PPP/RNBQK2R b KQ - 1 12"
    record = (f'[White "Lucia Garcia"]\n[Black "Lars Andersen"]\n[Result "1/2-1/2"]\n[FEN "{fen}"]\n'
              '[SetUp "1"]\n\n12... Ke6 13. Qe2 Kd6 1/2-1/2\n')
    rounds = event / "open" / "rounds"
    (rounds / "01.pgn").write_text(OPERA + "\n" + record, encoding="utf-8")
    (rounds / "01.yaml").write_text(ROUND + "featured: {2: 1}\n", encoding="utf-8")
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    page = (out / "cup" / "open" / "games" / "round-01-board-02.html").read_text(encoding="utf-8")
    labels = re.findall(r'<span class="n">([^<]*)</span>', page)
    assert labels == ["12…", "13."]
    export = (out / "cup" / "open" / "rounds" / "01.pgn").read_text(encoding="utf-8")
    assert "12... Ke6 13. Qe2 Kd6 1/2-1/2" in export
    handle = io.StringIO(export)
    chess.pgn.read_game(handle)
    game = chess.pgn.read_game(handle)
    assert not game.errors and [m.uci() for m in game.mainline_moves()] == ["f7e6", "d1e2", "e6d6"]
    assert movetext(read_pgn(record, Path("01.pgn"))[0], "en").startswith("12… ♔e6 13. ♕e2")


def _plies(game: str, count: int, first: int = 1) -> Record:
    """A record of `game` whose plies are numbered from `first` (a position's move and side)."""
    plies = tuple(Ply(n, {}, Position({})) for n in range(first, first + count))
    return Record(game, 9, 10, Position({}), plies)


@pytest.mark.parametrize(("game", "language", "first", "shown", "expected"), [
    ("chess", "en", 1, 31, "after move 16 (White)"),
    ("chess", "en", 1, 32, "after move 16 (Black)"),
    ("chess", "ja", 1, 31, "白の16手目まで"),
    ("chess", "en", 24, 1, "after move 12 (Black)"),  # from a FEN at 12…: plies count on from there
    ("xiangqi", "zh", 1, 40, "第 20 回合黑方走后"),
    ("xiangqi", "zh", 1, 31, "第 16 回合红方走后"),
    ("xiangqi", "en", 1, 31, "after move 16 (Red)"),
    ("go", "en", 1, 31, "after move 31"),  # a move is a stone
    ("gomoku", "zh", 1, 31, "第 31 手后"),
    ("shogi", "en", 1, 41, "after move 41"),  # a move is a piece moved or dropped
    ("shogi", "ja", 1, 41, "41手目まで"),
    ("chess", "en", 1, 0, "starting position"),
    ("chess", "zh", 1, 45, "终局"),
])
def test_a_diagram_is_captioned_by_the_move_as_the_game_counts_it(game, language, first, shown, expected):
    assert caption(Labels(language), _plies(game, 45, first), shown) == expected


def test_a_round_without_its_date_is_dated_unknown_in_every_pgn_and_the_dgt_index(tmp_path, event):
    """A round whose file gives no `date:` yet (`bulletin pair` writes it commented out) has an
    unknown date, as event.json says: `[Date "????.??.??"]` in every PGN file (PGN §8.1.1.3) and no
    `date` in its DGT index, never the event's first day; a dated round keeps its own
    (docs/exports.md)."""
    yaml = event / "event.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("# dates:", "dates:"), encoding="utf-8")
    rounds = event / "open" / "rounds"
    dated = ROUND.replace("round: 1\n", "round: 1\ndate: 2026-12-07\n")
    (rounds / "01.yaml").write_text(dated, encoding="utf-8")
    (rounds / "02.yaml").write_text(
        'round: 2\n# date: YYYY-MM-DD\ngames:\n  - [1, "Andersen, Lars", "Dubois, Marc", "?"]\n'
        '  - [2, "Baptiste, Claire", "García, Lucía", "0-1"]\n', encoding="utf-8")
    (rounds / "02.pgn").write_text('[White "Baptiste, Claire"]\n[Black "García, Lucía"]\n[Result "0-1"]\n\n'
                                   "1. f3 e5 2. g4 Qh4# 0-1\n", encoding="utf-8")
    out = tmp_path / "out"
    build_site(tmp_path / "content", out, pdf=False)
    base = out / "cup" / "open"

    def dates(path: Path) -> list[str]:
        handle = io.StringIO(path.read_text(encoding="utf-8"))
        return [game.headers["Date"] for game in iter(lambda: chess.pgn.read_game(handle), None)]

    assert dates(base / "rounds" / "01.pgn") == ["2026.12.07"] * 2
    for path in (base / "rounds" / "02.pgn", base / "live.pgn", base / "relay" / "2" / "games.pgn"):
        assert dates(path) == ["????.??.??"] * 2, path
    assert dates(base / "games.pgn") == ["2026.12.07"] * 2 + ["????.??.??"]
    first, second = (json.loads((base / "relay" / n / "dgt" / "index.json").read_text(encoding="utf-8"))
                     for n in ("1", "2"))
    assert first["date"] == "2026-12-07" and "date" not in second and len(second["pairings"]) == 2
    exported = json.loads((out / "cup" / "event.json").read_text(encoding="utf-8"))
    assert [r["date"] for r in exported["sections"][0]["rounds"]] == ["2026-12-07", None]


@pytest.mark.parametrize("tag", ["", '[Round "1.1"]\n'])
def test_a_bad_result_in_the_round_file_is_the_one_error_its_record_does_not_add_another(
        tmp_path, event, tag):
    """A game of the round file that does not load (a result that is none, "1-2") is reported once:
    its record, matched by its players or by its board (`Round "1.1"`), is not refused for a game
    the round seems to lack (docs/content.md, "Game records")."""
    rounds = event / "open" / "rounds"
    (rounds / "01.yaml").write_text(ROUND.replace('"1-0"', '"1-2"'), encoding="utf-8")
    (rounds / "01.pgn").write_text(tag + OPERA + "\n" + BERLIN, encoding="utf-8")
    lines = _error(tmp_path).splitlines()
    assert len(lines) == 1 and "01.yaml:" in lines[0] and "'1-2'" in lines[0], lines
    assert "no board" not in lines[0] and "no game of round" not in lines[0]
