"""The diagrams (diagram.py), the viewer's data and markup, and the board viewer (viewer.js) in
headless Chromium, on a page of five small games made by hand: one per game."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from site_builder.games.diagram import svg
from site_builder.games.record import Ply, Position, Record
from site_builder.games.viewer_data import move_numbers, viewer_data
from site_builder.games.viewer_markup import game_markup

STATIC = Path(__file__).resolve().parents[2] / "site_builder/themes/default/static"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
NS = "{http://www.w3.org/2000/svg}"


def record(game: str, files: int, ranks: int, start: Position, moves: list[tuple], result: str = "",
           comment: str = "") -> Record:
    """A record from its start and its moves: (notation, {point: piece or ""}, marks[, comment, nags,
    hands])."""
    plies, points, hands = [], dict(start.points), start.hands
    for number, (text, change, marks, *more) in enumerate(moves, 1):
        points = {p: c for p, c in {**points, **change}.items() if c}
        hands = more[2] if len(more) > 2 else hands
        plies.append(Ply(number, {"en": text, "zh": text}, Position(points, hands),
                         comment=more[0] if more else "", nags=more[1] if len(more) > 1 else (),
                         marks=tuple(marks)))
    return Record(game, files, ranks, start, tuple(plies), result=result, comment=comment)


def chess_start() -> Position:
    rows = {0: "RNBQKBNR", 1: "P" * 8, 6: "p" * 8, 7: "rnbqkbnr"}
    return Position({r * 8 + f: c for r, row in rows.items() for f, c in enumerate(row)})


def xiangqi_start() -> Position:
    points = {f: c for f, c in enumerate("RNBAKABNR")} | {81 + f: c for f, c in enumerate("rnbakabnr")}
    points |= {19: "C", 25: "C", 64: "c", 70: "c"}
    points |= {27 + f: "P" for f in range(0, 9, 2)} | {54 + f: "p" for f in range(0, 9, 2)}
    return Position(points)


def shogi_start() -> Position:
    points = {f: c for f, c in enumerate("LNSGKGSNL")} | {72 + f: c for f, c in enumerate("lnsgkgsnl")}
    points |= {10: "B", 16: "R", 64: "r", 70: "b"}
    points |= {18 + f: "P" for f in range(9)} | {54 + f: "p" for f in range(9)}
    return Position(points, ({}, {}))


CHESS = record("chess", 8, 8, chess_start(), [
    ("e4", {12: "", 28: "P"}, (12, 28), "The king's pawn </script><script>alert(1)</script>"),
    ("e5", {52: "", 36: "p"}, (52, 36)),
    ("Nf3", {6: "", 21: "N"}, (6, 21)),
    ("Nc6", {57: "", 42: "n"}, (57, 42)),
    ("Bb5", {5: "", 33: "B"}, (5, 33), "The Ruy Lopez", (1,)),
    ("a6", {48: "", 40: "p"}, (48, 40)),
    ("Bxc6", {33: "", 42: "B"}, (33, 42)),
    ("dxc6", {51: "", 42: "p"}, (51, 42), "", (6,)),
    ("O-O", {4: "", 6: "K", 7: "", 5: "R"}, (4, 6)),
], result="*")
XIANGQI = record("xiangqi", 9, 10, xiangqi_start(), [
    ("炮二平五", {25: "", 22: "C"}, (25, 22), "中炮"),
    ("马8进7", {88: "", 69: "n"}, (88, 69)),
    ("马二进三", {7: "", 24: "N"}, (7, 24)),
    ("车9平8", {89: "", 88: "r"}, (89, 88)),
    ("炮五进四", {22: "", 58: "C"}, (22, 58), "炮打中卒"),
], result="1-0")
SHOGI = record("shogi", 9, 9, shogi_start(), [
    ("▲7六歩", {20: "", 29: "P"}, (20, 29)),
    ("△3四歩", {60: "", 51: "p"}, (60, 51)),
    ("▲2二角成", {10: "", 70: "+B"}, (10, 70), "角交換", (), ({"B": 1}, {})),
    ("△同銀", {78: "", 70: "s"}, (78, 70), "", (), ({"B": 1}, {"B": 1})),
    ("▲4五角打", {41: "B"}, (41,), "", (), ({}, {"B": 1})),
])
GO = record("go", 9, 9, Position({}), [
    ("E4", {31: "B"}, (31,)), ("E5", {40: "W"}, (40,)), ("D5", {39: "B"}, (39,)), ("B8", {64: "W"}, (64,)),
    ("F5", {41: "B"}, (41,)), ("H2", {16: "W"}, (16,)),
    ("E6", {49: "B", 40: ""}, (49,), "Black captures"), ("pass", {}, ()),
], result="B+R")
GOMOKU = record("gomoku", 15, 15, Position({}), [
    ("h8", {112: "B"}, (112,)), ("i8", {113: "W"}, (113,)), ("h7", {97: "B"}, (97,)),
    ("h9", {127: "W"}, (127,)), ("i7", {98: "B"}, (98,)), ("j6", {84: "W"}, (84,)),
    ("g7", {96: "B"}, (96,)), ("f7", {95: "W"}, (95,)), ("j7", {99: "B"}, (99,), "Four in a row"),
], comment="Opening: <b>Kagetsu</b> & co")
GAMES = {"chess": CHESS, "xiangqi": XIANGQI, "shogi": SHOGI, "go": GO, "gomoku": GOMOKU}


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def pieces(markup: str) -> list[str]:
    """Where the pieces or stones of a diagram are drawn: their transforms, or circles' centres."""
    layer = next(g for g in parse(markup).iter(NS + "g") if g.get("class") == "pieces")
    return [child.get("transform") or f"{child.get('cx')},{child.get('cy')}" for child in layer
            if child.tag != NS + "circle" or child.get("r") == "19"]


def marks(rec: Record, ply: int) -> tuple[int, ...]:
    return rec.plies[ply - 1].marks if ply else ()


def numbers(rec: Record, ply: int) -> dict[int, int] | None:
    """Gomoku's move numbers after `ply` plies."""
    if rec.game != "gomoku":
        return None
    return move_numbers(Record(rec.game, rec.files, rec.ranks, rec.start, rec.plies[:ply]))


def board_part(markup: str) -> str:
    """The board of a diagram (with labels): its <g class="board">, which viewer.js takes from the page."""
    return re.search(r'<g class="board">.*?</g>(?=<g font-family="system-ui)', markup)[0]


# diagram.py


@pytest.mark.parametrize("game", GAMES)
def test_diagrams_are_svg_with_a_piece_for_each_point(game: str) -> None:
    rec = GAMES[game]
    for ply in range(len(rec.plies) + 1):
        position = rec.position(ply)
        for flipped in (False, True):
            markup = svg(game, rec.files, rec.ranks, position, marks(rec, ply), flipped)
            root = parse(markup)
            assert root.tag == NS + "svg" and root.get("viewBox").startswith("0 0 ")
            assert root.get("width") is None and root.get("height") is None
            assert root.find(NS + "title").text == f"{game.capitalize()} position"
            assert len(pieces(markup)) == len(position.points)
            assert len(set(pieces(markup))) == len(position.points)  # no two on one point


def test_the_start_positions_pieces() -> None:
    assert len(pieces(svg("chess", 8, 8, chess_start()))) == 32
    texts = [t.text for t in parse(svg("xiangqi", 9, 10, xiangqi_start())).iter(NS + "text")]
    assert [texts.count(piece) for piece in "兵卒帅将车"] == [5, 5, 1, 1, 4]
    assert "楚 河" in texts and "汉 界" in texts and "九" in texts and "9" in texts
    shogi = parse(svg("shogi", 9, 9, shogi_start()))
    turned = [g for g in shogi.iter(NS + "g") if "rotate(180)" in (g.get("transform") or "")]
    assert len(turned) == 20  # Gote's pieces
    assert [t.text for t in shogi.iter(NS + "text")].count("歩") == 18


def test_xiangqi_pieces_stand_on_the_lines() -> None:
    markup = svg("xiangqi", 9, 10, xiangqi_start(), labels=False)
    xs = {int(t.split("(")[1].split()[0]) for t in pieces(markup)}
    assert xs == {24 + 40 * f for f in range(9)}  # on the lines, 40 apart: not in squares


def test_flipping_turns_the_board() -> None:
    position = Position({0: "R", 63: "k"})
    plain, flipped = pieces(svg("chess", 8, 8, position)), pieces(svg("chess", 8, 8, position, flipped=True))
    assert plain == ["translate(16 280)", "translate(296 0)"]
    assert flipped == ["translate(296 0)", "translate(16 280)"]
    shogi = svg("shogi", 9, 9, Position({0: "L", 80: "l"}), flipped=True)
    assert ["rotate(180)" in t for t in pieces(shogi)] == [True, False]  # Sente's lance, upside down


def test_shogi_hands_with_counts() -> None:
    markup = svg("shogi", 9, 9, Position({4: "K"}, ({"P": 3, "B": 1}, {"r": 1})))
    hands = [g for g in parse(markup).iter(NS + "g") if g.get("class") == "hand"]
    sente, gote = ([t.text for t in hand.iter(NS + "text")] for hand in hands)
    assert sente == ["角", "歩", "3"] and gote == ["飛"]


def test_marks_and_move_numbers() -> None:
    chess = parse(svg("chess", 8, 8, chess_start(), marks=(12, 28)))
    assert len([r for r in chess.iter(NS + "rect") if r.get("fill-opacity")]) == 2
    stones = parse(svg("gomoku", 15, 15, GOMOKU.position(9), marks=(99,), numbers=move_numbers(GOMOKU)))
    inks = {t.text: t.get("fill") for t in stones.iter(NS + "text") if t.get("fill")}  # not the labels
    assert sorted(inks, key=int) == [str(n) for n in range(1, 10)]
    assert (inks["1"], inks["2"], inks["9"]) == ("#fff", "#111", "#ff6b6b")  # the last move in red
    go = parse(svg("go", 9, 9, GO.position(7), marks=(49,)))
    assert len([c for c in go.iter(NS + "circle") if c.get("r") == "9"]) == 1


def test_labels_along_the_edges() -> None:
    def labels(game: str, files: int, ranks: int, flipped: bool = False) -> list[str]:
        root = parse(svg(game, files, ranks, Position({}), flipped=flipped))
        group = next(g for g in root.iter(NS + "g") if g.get("fill") == "currentColor")
        return [t.text for t in group]

    assert labels("chess", 8, 8) == [*"12345678", *"abcdefgh"]
    assert labels("go", 19, 19)[19:] == list("ABCDEFGHJKLMNOPQRST")  # GTP: no I
    assert labels("gomoku", 15, 15)[15:] == list("abcdefghijklmno")
    assert labels("shogi", 9, 9) == [*"987654321", *"九八七六五四三二一"]
    assert labels("xiangqi", 9, 10) == [*"九八七六五四三二一", *"123456789"]
    assert parse(svg("chess", 8, 8, Position({}), labels=False)).get("viewBox") == "0 0 320 320"


def test_diagrams_are_deterministic() -> None:
    for game, rec in GAMES.items():
        args = (game, rec.files, rec.ranks, rec.position(len(rec.plies)), rec.plies[-1].marks)
        assert svg(*args) == svg(*args)


def test_a_title_is_escaped() -> None:
    root = parse(svg("go", 9, 9, Position({}), title='<Round 1> "A" & B'))
    assert root.find(NS + "title").text == '<Round 1> "A" & B'


# viewer_data.py and viewer_markup.py


def test_viewer_data() -> None:
    data = viewer_data(CHESS, "en")
    assert (data["g"], data["f"], data["r"]) == ("chess", 8, 8)
    assert len(data["s"]) == 64 and data["s"][:4] == [0, "R", 1, "N"]
    first, castling = data["p"][0], data["p"][8]
    assert first == {"n": "e4", "c": [12, "", 28, "P"], "t": CHESS.plies[0].comment}  # marks = the changes
    assert castling["c"] == [4, "", 5, "R", 6, "K", 7, ""] and castling["m"] == [4, 6]
    assert data["p"][4]["a"] == "!" and data["p"][7]["a"] == "?!"
    shogi = viewer_data(SHOGI, "zh")
    assert "h" not in shogi and "h" not in shogi["p"][1]
    assert [p.get("h") for p in shogi["p"][2:]] == [[{"B": 1}, {}], [{"B": 1}, {"B": 1}], [{}, {"B": 1}]]
    go = viewer_data(GO, "en")
    assert go["p"][6]["c"] == [40, "", 49, "B"] and go["p"][6]["m"] == [49]
    assert go["p"][7] == {"n": "pass", "c": []}
    assert viewer_data(GOMOKU, "en")["t"].startswith("Opening")
    json.dumps(data)


def test_a_hundred_plies_take_a_few_kilobytes() -> None:
    shuffle = [("Nf3", {6: "", 21: "N"}, (6, 21)), ("Nf6", {62: "", 45: "n"}, (62, 45)),
               ("Ng1", {21: "", 6: "N"}, (21, 6)), ("Ng8", {45: "", 62: "n"}, (45, 62))]
    data = viewer_data(record("chess", 8, 8, chess_start(), shuffle * 25), "en")
    assert len(json.dumps(data, separators=(",", ":"))) < 4000


def test_markup_escapes_the_files_text() -> None:
    rec = record("chess", 8, 8, chess_start(), [
        ('<img src=x onerror="alert(1)">', {12: "", 28: "P"}, (12, 28), "</script><script>alert(2)</script>"),
    ], result="<b>1-0</b>", comment="a < b & c")
    markup = game_markup(rec, "en")
    assert "<img" not in markup and "<b>" not in markup and "&lt;img" in markup
    script = markup.split('<script type="application/json" class="game-data">')[1]
    assert script.count("</script>") == 1 and "<" not in script.split("</script>")[0]
    assert json.loads(script.split("</script>")[0])["p"][0]["t"] == "</script><script>alert(2)</script>"


def test_markup_numbers_moves() -> None:
    chess = game_markup(CHESS, "en")
    assert '<li><span class="n">1.</span> <button type="button" data-ply="1">e4</button>' in chess
    assert '<li><button type="button" data-ply="2">e5</button></li>' in chess
    assert 'data-ply="5">Bb5!</button>' in chess and '<li class="result">*</li>' in chess
    shogi = game_markup(SHOGI, "zh")
    assert '<span class="n">3</span> <button type="button" data-ply="3">▲2二角成</button>' in shogi
    assert "<title>将棋局面</title>" in shogi


# viewer.js


def test_viewer_js_is_small() -> None:
    assert (STATIC / "viewer.js").stat().st_size < 20_000


try:
    from playwright import sync_api
except ImportError:  # the tests above still run
    sync_api = None
browser_test = pytest.mark.skipif(sync_api is None or not Path(CHROMIUM).exists(),
                                  reason="playwright or Debian chromium is not installed")

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Games</title>
<link rel="stylesheet" href="{static}/style.css"><link rel="stylesheet" href="{static}/viewer.css">
</head><body><main id="main"><h1>Games</h1>
{figures}
</main><script src="{static}/viewer.js" defer></script></body></html>"""


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The five games on one page; every figure but chess's has an id (its links: #<id>-ply-n)."""
    figures = []
    for game, rec in GAMES.items():
        markup = game_markup(rec, "en", figure_id="" if game == "chess" else f"game-{game}")
        figures.append(f"<h2>{game}</h2>\n{markup}")
    path = tmp_path_factory.mktemp("viewer") / "games.html"
    path.write_text(PAGE.format(static=STATIC.as_uri(), figures="\n".join(figures)), encoding="utf-8")
    return path


def open_page(browser, url: str, width: int = 390, height: int = 844, dark: bool = False):
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=True,
                            color_scheme="dark" if dark else "light")
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("figure.game-viewer.live >> nth=4")
    return page, errors


def canonical(markup: str) -> str:
    """SVG markup as canonical XML, so that the browser's serialization compares with Python's."""
    return ET.canonicalize(markup)


def board_of(figure) -> str:
    return canonical(figure.locator(".viewer-board").inner_html())


def expected(rec: Record, ply: int, flipped: bool = False) -> str:
    """What the viewer should show after `ply` plies: diagram.py's diagram, canonical."""
    return canonical(svg(rec.game, rec.files, rec.ranks, rec.position(ply), marks(rec, ply), flipped,
                         numbers=numbers(rec, ply), title=f"{rec.game.capitalize()} position"))


def counter(figure) -> str:
    return figure.locator(".counter").inner_text()


@browser_test
@pytest.mark.parametrize("game", GAMES)
def test_the_viewer_steps_through_a_game(browser, page_file: Path, game: str) -> None:
    rec = GAMES[game]
    last = len(rec.plies)
    page, errors = open_page(browser, page_file.as_uri())
    figure = page.locator(f'figure[data-game="{game}"]')
    assert counter(figure) == f"{last} / {last}" and board_of(figure) == expected(rec, last)

    figure.get_by_role("button", name="First move").click()
    assert counter(figure) == f"0 / {last}" and board_of(figure) == expected(rec, 0)
    start = pieces(figure.locator(".viewer-board").inner_html())
    figure.get_by_role("button", name="Next move").click()
    assert counter(figure) == f"1 / {last}" and board_of(figure) == expected(rec, 1)
    assert pieces(figure.locator(".viewer-board").inner_html()) != start  # the piece moved
    figure.focus()
    page.keyboard.press("ArrowRight")
    assert counter(figure) == f"2 / {last}" and board_of(figure) == expected(rec, 2)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("End")
    assert counter(figure) == f"{last} / {last}"
    page.keyboard.press("Home")
    assert counter(figure) == f"0 / {last}"

    # every position, by the moves list
    for ply in range(1, last + 1):
        figure.locator(f'.moves button[data-ply="{ply}"]').click()
        assert board_of(figure) == expected(rec, ply), ply
        current = figure.locator(".moves [aria-current]")
        assert current.count() == 1 and current.get_attribute("data-ply") == str(ply)
        assert current.get_attribute("aria-current") == "true"
        comment = rec.plies[ply - 1].comment
        assert figure.locator(".comment-now").is_visible() == bool(comment)
        if comment:
            assert figure.locator(".comment-now").inner_text() == comment
    prefix = "" if game == "chess" else f"game-{game}-"
    assert page.evaluate("location.hash") == f"#{prefix}ply-{last}"

    # swipes and taps on the board
    box = figure.locator(".viewer-board").bounding_box()
    y = box["y"] + box["height"] / 2

    def pointer(kind: str, x: float) -> None:
        figure.locator(".viewer-board").dispatch_event(kind, {"clientX": x, "clientY": y, "isPrimary": True,
                                                       "pointerType": "touch", "bubbles": True})

    figure.locator(f'.moves button[data-ply="{last - 1}"]').click()
    pointer("pointerdown", box["x"] + box["width"] * 0.7)
    pointer("pointerup", box["x"] + box["width"] * 0.2)  # a swipe to the left: the next move
    assert counter(figure) == f"{last} / {last}"
    pointer("pointerdown", box["x"] + box["width"] * 0.2)
    pointer("pointerup", box["x"] + box["width"] * 0.7)  # to the right: the previous one
    assert counter(figure) == f"{last - 1} / {last}"
    figure.locator(".viewer-board").tap(position={"x": box["width"] * 0.1, "y": box["height"] / 2})
    assert counter(figure) == f"{last - 2} / {last}"
    figure.locator(".viewer-board").tap(position={"x": box["width"] * 0.9, "y": box["height"] / 2})
    assert counter(figure) == f"{last - 1} / {last}"

    figure.get_by_role("button", name="Flip board").click()
    assert board_of(figure) == expected(rec, last - 1, flipped=True)

    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "horizontal page scroll"
    assert errors == []
    page.close()


@browser_test
def test_an_address_links_a_position(browser, page_file: Path) -> None:
    page, errors = open_page(browser, page_file.as_uri() + "#game-xiangqi-ply-2")
    assert counter(page.locator("#game-xiangqi")) == "2 / 5"
    assert counter(page.locator('figure[data-game="chess"]')) == "9 / 9"
    page.evaluate("location.hash = '#ply-3'")
    page.wait_for_function("document.querySelector('[data-game=chess] .counter').textContent == '3 / 9'")
    assert counter(page.locator("#game-xiangqi")) == "2 / 5"
    assert errors == []
    page.close()


@browser_test
def test_the_drawing_matches_diagram_py_byte_for_byte(browser, page_file: Path) -> None:
    """viewer.js's gameDiagram, on diagram.py's board, against diagram.svg: every position of every
    game, either side down."""
    page, errors = open_page(browser, page_file.as_uri())
    title = 'A "title" <&>'
    for game, rec in GAMES.items():
        for ply in range(len(rec.plies) + 1):
            position, marked, numbered = rec.position(ply), marks(rec, ply), numbers(rec, ply)
            for flipped in (False, True):
                python = svg(game, rec.files, rec.ranks, position, marked, flipped, numbers=numbered,
                             title=title)
                drawn = page.evaluate(
                    "(args) => window.gameDiagram(...args)",
                    [viewer_data(rec, "en"), board_part(python),
                     {str(p): c for p, c in position.points.items()},
                     [dict(h) for h in position.hands], list(marked), flipped,
                     {str(p): n for p, n in numbered.items()} if numbered else None, title])
                assert drawn == python, (game, ply, flipped)
    assert errors == []
    page.close()


def test_the_board_is_the_same_either_side_down() -> None:
    """viewer.js draws a flipped position on the page's diagram's board."""
    boards = [(game, rec.files, rec.ranks) for game, rec in GAMES.items()] + [("go", 13, 13), ("go", 19, 19)]
    for game, files, ranks in boards:
        plain, flipped = (board_part(svg(game, files, ranks, Position({}), flipped=f)) for f in (False, True))
        assert plain == flipped, game


@browser_test
@pytest.mark.parametrize("width", [390, 1366])
@pytest.mark.parametrize("dark", [False, True])
def test_screenshots(browser, page_file: Path, width: int, dark: bool) -> None:
    """Each game's viewer at a phone's and a desktop's width, light and dark (tests/artifacts)."""
    page, errors = open_page(browser, page_file.as_uri(), width, 900, dark)
    ARTIFACTS.mkdir(exist_ok=True)
    for game in GAMES:
        figure = page.locator(f'figure[data-game="{game}"]')
        figure.locator('.moves button[data-ply="3"]').click()
        figure.screenshot(path=str(ARTIFACTS / f"viewer-{game}-{width}{'-dark' if dark else ''}.png"))
        assert figure.bounding_box()["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert errors == []
    page.close()


def test_no_javascript_reads_as_moves_and_the_final_diagram() -> None:
    markup = game_markup(XIANGQI, "zh")
    assert re.search(r"<figure[^>]*>\n<svg .*</svg>\n<ol class=\"moves\">", markup, re.S)
    assert '<span class="comment">炮打中卒</span>' in markup


def test_a_japanese_page_names_its_diagram_in_japanese() -> None:
    """Shogi's moves on a Japanese page are in KIF's notation (the catalogue's `zh`); the diagram is
    named in the page's language, not in the notation's."""
    japanese = game_markup(SHOGI, "zh", page_language="ja")
    assert "<title>将棋の局面</title>" in japanese and "将棋局面" not in japanese
    assert "<title>将棋局面</title>" in game_markup(SHOGI, "zh")  # a Chinese page
