"""A section's tables say the same wherever they are printed: a tiebreak column has one format on
the standings page, in the PDF bulletin, in the CSV file and in event.json (docs/content.md,
"Points"; docs/exports.md), and each CSV file has the columns and values of the page that links it
(docs/exports.md: "with the values and columns the pages show")."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

GOMOKU = "2024-gomoku-open"


class _Table(HTMLParser):
    """The text of each cell of an HTML table, row by row, without the notes in `<small>` (a
    playoff, a withdrawal's mark: no column of their own)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.small = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "small":
            self.small += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(re.sub(r"[ \t\r\n]+", " ", "".join(self.cell)).strip())
            self.cell = None
        elif tag == "small":
            self.small -= 1

    def handle_data(self, data: str) -> None:
        if self.cell is not None and not self.small:
            self.cell.append(data)


def _table_before(html: str, marker: str) -> list[list[str]]:
    """The rows of the last table before `marker` on a page (the table a download link follows)."""
    before = html[:html.index(marker)]
    parser = _Table()
    parser.feed(before[before.rindex("<table"):before.rindex("</table>")])
    return parser.rows


def _csv(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def _standings(site: Path, section: str, n: int) -> list[list[str]]:
    """The rows of the table of the standings after round `n`, headings first."""
    html = (site / section / f"standings-{n:02d}.html").read_text(encoding="utf-8")
    parser = _Table()
    table = html[html.index('<table class="standings">'):]
    parser.feed(table[:table.index("</table>")])
    return parser.rows


def test_a_withdrawals_adjusted_opponent_score_is_shown_as_event_json_gives_it(example_site: Path) -> None:
    """Seed 003 §5.4.2 (docs/systems.md, "Staged Swiss"): 王诗静 withdrew after round 4, and in her
    opponents' 对手分 she counts score + score ÷ rounds played × rounds missed, a Fraction even when
    whole. 杜浩诗's 对手分 after round 6 is 39: the page and the PDF print it as the column prints its
    other values and as event.json gives it ("39", not "39.0"); after round 7 it is 55.5 (6 points
    over 4 rounds, 3 missed: 6 + 6 ÷ 4 × 3 = 10.5 for her) on the page, in the CSV and in event.json."""
    document = json.loads((example_site / GOMOKU / "event.json").read_text(encoding="utf-8"))
    section = document["sections"][0]
    column = [tb["id"] for tb in section["tiebreaks"]].index("opponent-score")
    for table in section["standings"]:
        rows = _standings(example_site, f"{GOMOKU}/open", table["after"])
        at = rows[0].index("对手分")
        shown = {int(row[1]): row[at] for row in rows[1:]}
        assert shown == {row["player"]: row["tiebreaks"][column] for row in table["rows"]}, table["after"]
    after_6 = {row[2]: row for row in _standings(example_site, f"{GOMOKU}/open", 6)}
    assert after_6["杜浩诗"][6] == "39"
    bulletin = example_site / GOMOKU / "open" / "bulletin-round-06.pdf"
    pdf = subprocess.run(["pdftotext", "-layout", str(bulletin), "-"], capture_output=True, text=True,
                         check=True).stdout
    line = next(line for line in pdf.splitlines() if re.match(r"\s*2\s+5\s+杜浩诗\s", line))
    assert line.split()[6] == "39" and "39.0" not in pdf
    rows = _csv(example_site / GOMOKU / "open" / "standings.csv")
    first = rows[1]
    assert first[2] == "杜浩诗" and first[rows[0].index("对手分")] == "55.5"


def test_the_gomoku_csv_says_how_each_final_place_was_decided(example_site: Path) -> None:
    """§5.2 (docs/systems.md, "Staged Swiss"): after the final the standings are the final placing,
    and the page's column 决定方式 says why 肖雨一 (13 points) is second behind 杜浩诗 (10 points): the
    rapid playoff of their drawn final. The CSV file has the column, in the page's place: after the
    points, in each language of the event."""
    for folder, points, heading, playoff in ((f"{GOMOKU}/open", "积分", "决定方式", "加赛快棋"),
                                             (f"{GOMOKU}/en/open", "Pts", "Decided by", "rapid playoff")):
        rows = _csv(example_site / folder / "standings.csv")
        assert rows[0] == _standings(example_site, folder, 7)[0]
        assert rows[0].index(heading) == rows[0].index(points) + 1
        at, how = rows[0].index(points), rows[0].index(heading)
        assert [(row[2], row[at], row[how]) for row in rows[1:3]] == \
            [("杜浩诗", "10", playoff), ("肖雨一", "13", playoff)]


def test_every_csv_file_has_the_columns_and_values_of_its_page(example_site: Path) -> None:
    """docs/exports.md: the standings, crosstables and team standings as CSV hold the columns and
    values of the page that links them, heading for heading and cell for cell, for every section of
    every example event in each of its languages."""
    files = sorted(example_site.rglob("*.csv"))
    assert len(files) > 40
    for path in files:
        link = f'href="{path.name}" download'
        pages = [page for page in path.parent.glob("*.html")
                 if link in page.read_text(encoding="utf-8") and page.name != "downloads.html"]
        assert pages, f"{path}: no page links it"
        for page in pages:
            rows = _table_before(page.read_text(encoding="utf-8"), link)
            assert _csv(path) == rows, f"{path} against {page.name}"
