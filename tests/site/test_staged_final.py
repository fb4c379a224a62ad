"""The staged Swiss after its final round (seed 003 §5.2; rules/gomoku-staged-swiss.md "Stage 3"):
the final placing is the one ranking of the event — the standings after the last round, the final
placing page, every player card, event.json and the bulletin — each place saying how it was
decided, and the playoff games show on the round page and on the players' cards.

The expected places are derived by hand from the example's round 7 file
(content/2024-gomoku-open/open/rounds/07.yaml) and the pairs it lists (ranking after round 6)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from site_builder.build import build_site

SECTION = "2024-gomoku-open/open"

#: place → (player, how it was decided), by §5.2 from the round 7 file
EXPECTED = {
    1: ("杜浩诗", "加赛快棋"),  # final 1:1, rapid playoff 0:2 for 杜浩诗
    2: ("肖雨一", "加赛快棋"),
    3: ("邓琪", "决赛"),  # 苏雨静 0:2 邓琪
    4: ("苏雨静", "决赛"),
    5: ("郑诗涵", "按第 6 轮后名次"),  # final 1:1, playoff 1:1: the ranking after round 6 (§5.2.2)
    6: ("杜俊晨", "按第 6 轮后名次"),
    7: ("钟诗晨", "决赛"),  # 钟诗晨 2:0 汪子思
    8: ("汪子思", "决赛"),
    29: ("石琪萱", "轮空"),  # the bye after the 14 final pairs
}


def _rows(html: str) -> list[list[str]]:
    body = html[html.index("<tbody"):html.index("</tbody>")]
    cells = r"<t[dh][^>]*>(.*?)</t[dh]>"
    return [[re.sub(r"<[^>]+>", " ", cell).split() for cell in re.findall(cells, tr, re.S)]
            for tr in re.findall(r"<tr.*?</tr>", body, re.S)]


def _table(site: Path, page: str) -> dict[int, tuple[str, str]]:
    """place → (name, how decided) of a standings-like page (the column headed 决定方式)."""
    html = (site / SECTION / page).read_text(encoding="utf-8")
    thead = html.split("</thead>")[0]
    head = [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<th[^>]*>(.*?)</th>", thead)]
    how = head.index("决定方式") if page.startswith("standings") else None
    return {int(cells[0][0]): (cells[2][0], " ".join(cells[how]) if how is not None else "")
            for cells in _rows(html)}


def _built_with(tmp_path: Path, edits: dict[int, tuple[str, str]]) -> Path:
    """The example event with round files edited (`edits`: round → (text there, its replacement);
    an empty text appends the replacement), built without PDFs: the output folder."""
    event = tmp_path / "content" / "2024-gomoku-open"
    shutil.copytree(Path(__file__).resolve().parents[2] / "content" / "2024-gomoku-open", event)
    for number, (old, new) in edits.items():
        path = event / "open" / "rounds" / f"{number:02d}.yaml"
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1) if old else text + new, encoding="utf-8")
    build_site(event, tmp_path / "out", pdf=False)
    return tmp_path / "out"


def test_standings_after_the_final_are_the_final_placing(example_site: Path) -> None:
    standings = _table(example_site, "standings-07.html")
    for place, (name, how) in EXPECTED.items():
        assert standings[place] == (name, how), place
    final = _table(example_site, "final.html")
    assert {place: name for place, (name, _) in final.items()} == \
        {place: name for place, (name, _) in standings.items()}


def test_every_card_shows_the_final_place(example_site: Path) -> None:
    standings = _table(example_site, "standings-07.html")
    place_of = {name: place for place, (name, _) in standings.items()}
    cards = list((example_site / SECTION / "players").glob("*.html"))
    assert len(cards) == 37
    for card in cards:
        html = card.read_text(encoding="utf-8")
        name = re.search(r"<h1>([^<]+?) <small", html).group(1)
        shown = re.search(r"<dd>(\d+)（第 7 轮后", html)
        assert shown and int(shown.group(1)) == place_of[name.replace("\u3000", "")], card.name


def test_the_playoff_games_show_on_the_round_page_and_the_cards(example_site: Path) -> None:
    """§5.2.1: the rapid playoffs after drawn finals are games of the round, beside their final."""
    html = (example_site / SECTION / "round-07.html").read_text(encoding="utf-8")
    rows = [" ".join(word for cell in row for word in cell) for row in _rows(html)]
    playoff = [row for row in rows if "加赛快棋" in row]
    assert len(playoff) == 2
    assert "肖雨一" in playoff[0] and "杜浩诗" in playoff[0] and "0:2" in playoff[0]
    assert rows.index(playoff[0]) == 1  # right after the drawn final on board 1
    card = next(c for c in (example_site / SECTION / "players").glob("*.html")
                if "<h1>杜浩诗 " in c.read_text(encoding="utf-8")).read_text(encoding="utf-8")
    assert 'class="playoff win"' in card and "1（第 7 轮后 · 加赛快棋）" in card


def test_final_placing_and_elimination_give_one_reason_for_a_withdrawal_in_the_preliminaries(
        tmp_path: Path) -> None:
    """§3.1.2.3: a player who withdraws in the preliminaries does not continue, and is not eliminated
    (§2.1.1): the final placing page says so with the words of the elimination page's list. In the
    example 崔琪 (0 points) is eliminated; withdrawn after round 2 she is out for that reason instead,
    and the same players continue (the other six eliminated, 叶宇 reinstated)."""
    base = _built_with(tmp_path, {2: ("", 'withdrawn: ["崔琪"]\n')}) / SECTION
    elimination = (base / "elimination.html").read_text(encoding="utf-8")
    dropped = elimination[elimination.index("<h2>预赛弃权或退赛（不进复赛）</h2>"):]
    assert "崔琪" in dropped[:dropped.index("</ul>")]
    assert "崔琪" not in elimination[elimination.index("<h2>预赛淘汰</h2>"):elimination.index("<h2>预赛弃权")]
    final = {name: how for name, how in _table(tmp_path / "out", "standings-07.html").values()}
    assert final["崔琪"] == "预赛弃权或退赛" and final["肖静轩"] == "预赛淘汰"
    html = (base / "final.html").read_text(encoding="utf-8")
    row = next(r for r in _rows(html) if ["崔琪"] in r)
    assert row[-1] == ["预赛弃权或退赛"]


def test_event_json_carries_the_final_placing(example_site: Path) -> None:
    document = json.loads((example_site / "2024-gomoku-open" / "event.json").read_text(encoding="utf-8"))
    section = document["sections"][0]
    names = {p["number"]: p["name"] for p in section["players"]}
    placing = {p["place"]: (names[p["player"]], p["decided"]) for p in section["final_placing"]}
    assert placing[1] == ("杜浩诗", "playoff") and placing[5] == ("郑诗涵", "ranking")
    assert placing[29] == ("石琪萱", "bye")
    last = section["standings"][-1]
    assert last["after"] == 7
    assert [(r["place"], r["player"], r["decided"]) for r in last["rows"]] == \
        [(p["place"], p["player"], p["decided"]) for p in section["final_placing"]]


def test_the_last_bulletin_prints_the_final_placing_once(example_site: Path) -> None:
    """The standings after the final round are the final placing, place for place: the last bulletin
    prints them once, as the final placing table saying how each place was decided, before the
    crosstable (whose rows follow the same places)."""
    pdf = example_site / SECTION / "bulletin-round-07.pdf"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert text.count("公开组 · 最终名次") == 1 and "第 7 轮后名次" not in text
    assert text.index("最终名次") < text.index("成绩交叉表")
    first = [line for line in text.splitlines() if re.match(r"\s*1\s+5\s+杜浩诗\s", line)]
    assert len(first) == 2  # the final placing's row, then the crosstable's
    assert first[0].split()[-1] == "加赛快棋"


def test_team_cards_name_the_table_and_board(example_site: Path) -> None:
    """Seed 001 lists a round's games by table and board: 吴少洪 plays board 2 of table 3 in round 1
    and board 2 of table 2 in round 2 (content/2023-yuangou-cup/open/rounds/01.yaml, 02.yaml)."""
    cards = (example_site / "2023-yuangou-cup" / "open" / "players").glob("*.html")
    card = next(html for html in (c.read_text(encoding="utf-8") for c in cards) if "<h1>吴少洪 " in html)
    boards = re.findall(r'round-0(\d)\.html">[^<]*</a></td>\s*<td>([^<]*)</td>', card)
    assert boards[:2] == [("1", "3.2"), ("2", "2.2")]


def test_a_player_who_withdrew_before_the_final_loses_the_final_game_they_were_paired_in(
        tmp_path: Path) -> None:
    """§5.4.4 (seed 003 §3.1.2.3: withdrawers in the final are paired as usual): 邓琪, 3rd after
    round 6, withdraws after it and still has the final for places 3–4 against 苏雨静, lost by
    forfeit. The final placing follows the games actually drawn: 苏雨静 3rd and 邓琪 4th by that
    final, every other segment as in the example (`EXPECTED`), on the final placing page and the
    standings after the final alike."""
    # the pairing of round 7 does not change: 邓琪 is still 3rd after round 6
    _built_with(tmp_path, {6: ("", 'withdrawn: ["邓琪"]\n'),
                           7: ('[2, "苏雨静", "邓琪", "0:2"]', '[2, "苏雨静", "邓琪", "+:-"]')})
    expected = {**EXPECTED, 3: ("苏雨静", "决赛"), 4: ("邓琪", "决赛")}
    standings = _table(tmp_path / "out", "standings-07.html")
    assert {place: standings[place] for place in expected} == expected
    final_page = _table(tmp_path / "out", "final.html")
    assert {place: name for place, (name, _) in final_page.items()} == \
        {place: name for place, (name, _) in standings.items()}
    html = (tmp_path / "out" / SECTION / "final.html").read_text(encoding="utf-8")
    assert "待定" not in html


def test_a_playoff_not_played_yet_leaves_its_places_pending(tmp_path: Path) -> None:
    """§5.2.1–§5.2.2: a drawn final is decided by its rapid playoff, and only a drawn playoff leaves
    the places to the ranking after round 6. While the playoff of 郑诗涵 and 杜俊晨 (final 1:1) has no
    result ("?"), places 5–6 are pending (待定), not settled by the ranking, on the final placing page
    and the standings after the final alike; the other places stay as in `EXPECTED`."""
    _built_with(tmp_path, {7: ('["郑诗涵", "杜俊晨", "1:1"]', '["郑诗涵", "杜俊晨", "?"]')})
    standings = _table(tmp_path / "out", "standings-07.html")
    assert {standings[5], standings[6]} == {("郑诗涵", "待定"), ("杜俊晨", "待定")}
    assert all(standings[place] == EXPECTED[place] for place in EXPECTED if place not in (5, 6))
    html = (tmp_path / "out" / SECTION / "final.html").read_text(encoding="utf-8")
    rows = {cells[2][0]: cells[-1] for cells in _rows(html)}
    assert rows["郑诗涵"] == rows["杜俊晨"] == ["待定"]


def test_a_round_page_gives_a_forfeit_in_the_preliminaries_the_reason_of_the_elimination_page(
        tmp_path: Path) -> None:
    """§3.1.2.3: a player who forfeits in the preliminaries does not continue, without being
    eliminated by the quarter rule (§2.1.1). 崔琪 (0 points, eliminated in the example) loses her
    round-2 game by forfeit instead, without withdrawing: the elimination page lists her under
    预赛弃权或退赛, and a later round's list of players not paired gives her the same reason, not
    预赛淘汰 (which the players eliminated by the quarter rule keep)."""
    forfeited = {2: ('[18, "崔琪", "王琪", "0:2"]', '[18, "崔琪", "王琪", "-:+"]')}
    base = _built_with(tmp_path, forfeited) / SECTION
    elimination = (base / "elimination.html").read_text(encoding="utf-8")
    dropped = elimination[elimination.index("<h2>预赛弃权或退赛（不进复赛）</h2>"):]
    assert "崔琪" in dropped[:dropped.index("</ul>")]
    for page in ("round-03.html", "round-07.html"):
        html = (base / page).read_text(encoding="utf-8")
        listed = html[html.index('<ul class="not-paired">'):]
        reasons = {name: reason for name, reason in
                   re.findall(r'>([^<]+)</a> <small class="muted">#\d+ · ([^<]+)</small>',
                              listed[:listed.index("</ul>")])}
        assert reasons["崔琪"] == "预赛弃权或退赛", page
        assert reasons["肖静轩"] == "预赛淘汰", page
