"""One ranking per question (issue 27, item 2): no two pages of the site give one player two
different places under the same heading.

The rule the crawl checks, over every HTML page of every example event (built without PDFs):

- **A place.** In each `<table>`, the *place column* is the first column whose heading (the text of
  its `<thead>` cell) names a place: it contains 名次, 位次 or 順位, or the word Rk, place or rank.
  Each body row whose cells link a player card (`…/players/N.html`, resolved from the page: the
  card's path is the player, so a section's cards and another section's are different players) gives
  that player the text of its place cell (`3`, `14-15`, `—`, `?`: see `_place`). A player card also
  gives its own player a place for each `<dt>`/`<dd>` pair of its facts whose term names a place
  (the place the `<dd>` starts with).
- **As of when.** A table on `standings-NN.html` is as of round NN of its section; a card's place is
  as of the first number after it (its "after round N"). A round that is its section's latest
  standings (the highest NN of the section's `standings-NN.html`), and every other table (the
  crosstable, the final placing, a league's group tables and rankings, prizes), are as of *now*: what
  the site says at this build.
- **The check.** Places with the same heading, for the same player, as of the same round must be
  equal. Two orders of one field (a group's points table and the league's stage-1 order, a stage's
  standings and the final placing) may coexist only under different headings or as of different
  rounds.

The test would fail on the site before this rule: `group-a/standings-04.html` and the player cards
put 徐若 3rd under 名次 while `league/groups.html` put her 5th under 名次.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

import pytest

from site_builder.build import build_site

ROOT = Path(__file__).resolve().parents[2]
#: a heading that names a place (zh 名次 / 位次, ja 順位, en Rk / place / rank)
PLACE_HEADING = re.compile(r"名次|位次|順位|\bRk\b|\bplace\b|\brank\b", re.I)
STANDINGS_PAGE = re.compile(r"standings-(\d+)\.html$")
CARD = re.compile(r"(^|/)players/\d+\.html$")
NOW = "now"
LEAGUE, GOMOKU = "2024-student-shogi-league", "2024-gomoku-open"


@dataclass
class _Cell:
    text: str = ""
    links: list[str] = field(default_factory=list)


@dataclass
class _Table:
    head: list[str] = field(default_factory=list)
    rows: list[list[_Cell]] = field(default_factory=list)


class _Page(HTMLParser):
    """The tables (heading cells, body rows of cells with their text and links) and the `<dt>`/`<dd>`
    pairs of a page's `<main>`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[_Table] = []
        self.facts: list[tuple[str, str]] = []
        self._stack: list[_Table] = []
        self._section = ""  # thead | tbody
        self._row: list[_Cell] | None = None
        self._cell: _Cell | None = None
        self._term: str | None = None
        self._fact: list[str] | None = None
        self._main = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "main":
            self._main = True
        if not self._main:
            return
        if tag == "table":
            self._stack.append(_Table())
        elif tag in ("thead", "tbody") and self._stack:
            self._section = tag
        elif tag == "tr" and self._stack:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = _Cell()
        elif tag == "a" and self._cell is not None:
            self._cell.links.append(dict(attrs).get("href") or "")
        elif tag in ("dt", "dd") and not self._stack:
            self._fact = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self._main = False
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._cell.text = " ".join(self._cell.text.split())
            self._row.append(self._cell)
            self._cell = None
        elif tag == "tr" and self._row is not None and self._stack:
            table = self._stack[-1]
            if self._section == "thead" and not table.head:
                table.head = [cell.text for cell in self._row]
            elif self._section != "thead":
                table.rows.append(self._row)
            self._row = None
        elif tag == "thead":
            self._section = "tbody"
        elif tag == "table" and self._stack:
            self.tables.append(self._stack.pop())
        elif tag == "dt" and self._fact is not None:
            self._term = " ".join("".join(self._fact).split())
            self._fact = None
        elif tag == "dd" and self._fact is not None and self._term is not None:
            self.facts.append((self._term, " ".join("".join(self._fact).split())))
            self._term = self._fact = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.text += data
        if self._fact is not None:
            self._fact.append(data)


PLACE = re.compile(r"\s*(\d+(?:[-–]\d+)?|[—?])")


def _place(text: str) -> str:
    """A place as a cell or a card writes it: `3`, `14-15`, `—` (listed, not ranked), `?` (awaiting a
    playoff), without what follows it (a note, a bracket); else the cell's first word."""
    match = PLACE.match(text)
    return match.group(1) if match else (text.split() or [""])[0]


def _latest(page: PurePosixPath, site: Path, cache: dict[PurePosixPath, int]) -> int:
    """The highest NN of `standings-NN.html` in the page's section directory (0: none)."""
    directory = page.parent
    if directory not in cache:
        numbers = [int(m.group(1)) for p in (site / directory).glob("standings-*.html")
                   if (m := STANDINGS_PAGE.search(p.name))]
        cache[directory] = max(numbers, default=0)
    return cache[directory]


def _as_of(round_number: int, section: PurePosixPath, site: Path, cache: dict[PurePosixPath, int]) -> str:
    return NOW if round_number >= _latest(section / "x", site, cache) else f"round {round_number}"


Key = tuple[str, str, str]  # (heading, player card, as of)


def places(site: Path, pages: list[Path] | None = None) -> dict[Key, dict[str, list[str]]]:
    """(heading, player card, as of) → place → the pages that give it, by the rule above."""
    found: dict[Key, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    latest: dict[PurePosixPath, int] = {}
    for path in pages if pages is not None else sorted(site.rglob("*.html")):
        page = PurePosixPath(path.relative_to(site).as_posix())
        parser = _Page()
        parser.feed(path.read_text(encoding="utf-8"))
        standings = STANDINGS_PAGE.search(page.name)
        as_of = _as_of(int(standings.group(1)), page.parent, site, latest) if standings else NOW
        for table in parser.tables:
            column = next((i for i, heading in enumerate(table.head) if PLACE_HEADING.search(heading)), None)
            if column is None:
                continue
            for row in table.rows:
                player = next((card for cell in row for href in cell.links
                               if CARD.search(card := _resolve(page, href))), None)
                if player is not None and column < len(row):
                    found[(table.head[column], player, as_of)][_place(row[column].text)].append(str(page))
        if CARD.search(str(page)):
            for term, value in parser.facts:
                if PLACE_HEADING.search(term) and value:
                    after = re.search(r"\d+", value[len(_place(value)):])
                    when = _as_of(int(after.group()), page.parent.parent, site, latest) if after else NOW
                    found[(term, str(page), when)][_place(value)].append(str(page))
    return found


def _resolve(page: PurePosixPath, href: str) -> str:
    path = unquote(urlsplit(href).path)
    if not path or urlsplit(href).scheme:
        return ""
    parts: list[str] = []
    for part in (*page.parent.parts, *PurePosixPath(path).parts):
        if part == "..":
            if parts:
                parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def conflicts(site: Path, pages: list[Path] | None = None) -> list[str]:
    """Each (heading, player, as of) given two different places, with the pages that give each."""
    out = []
    for (heading, player, when), given in sorted(places(site, pages).items()):
        if len(given) > 1:
            shown = "; ".join(f"{place} on {', '.join(sorted(set(where))[:3])}"
                              for place, where in given.items())
            out.append(f"{player} under {heading!r} ({when}): {shown}")
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The examples built without PDFs."""
    output = tmp_path_factory.mktemp("one-ranking") / "out"
    build_site(ROOT / "content", output, pdf=False)
    return output


def test_no_player_has_two_places_under_one_heading(site: Path) -> None:
    assert conflicts(site) == []


def test_the_check_finds_two_places_under_one_heading(tmp_path: Path) -> None:
    """The crawl itself: a standings page and a group table that give one player two places under
    名次 as of now conflict; the same places under two headings, or as of two rounds, do not."""
    section = tmp_path / "cup/group-a"
    (section / "players").mkdir(parents=True)
    (section / "players/9.html").write_text("<main><dl><dt>名次</dt><dd>3（第 4 轮后）</dd></dl></main>")

    def table(heading: str, place: str, href: str) -> str:
        return (f"<main><table><thead><tr><th>{heading}</th><th>姓名</th></tr></thead><tbody><tr>"
                f"<td>{place}</td><th><a href=\"{href}\">徐若</a></th></tr></tbody></table></main>")

    (section / "standings-03.html").write_text(table("名次", "6", "players/9.html"))
    (section / "standings-04.html").write_text(table("名次", "3", "players/9.html"))
    (tmp_path / "cup/league").mkdir()
    groups = tmp_path / "cup/league/groups.html"
    groups.write_text(table("名次", "5", "../group-a/players/9.html"))
    found = conflicts(tmp_path)
    assert len(found) == 1 and "cup/group-a/players/9.html under '名次' (now)" in found[0]
    assert "3 on" in found[0] and "5 on cup/league/groups.html" in found[0]
    groups.write_text(table("一阶段名次", "5", "../group-a/players/9.html"))
    assert conflicts(tmp_path) == []


def test_the_leagues_two_orders_are_named_apart(site: Path) -> None:
    """The example league's groups have two orders that differ (the points table and the stage-1
    order of 六.2 / 补充细则 7.0): the crawl compares them only because they are named apart. 徐若
    (group A, #9) is 3rd on points and 5th in the stage-1 order, which gives her X = 45; her card
    shows both, the official ones first."""
    given = places(site)
    card = f"{LEAGUE}/group-a/players/9.html"
    mine = {heading: set(shown) for (heading, player, when), shown in given.items()
            if player == card and when == NOW}
    assert mine["积分榜名次"] == {"3"} and mine["一阶段名次"] == {"5"}
    assert mine["名次"] == {_place(_row(site / LEAGUE / "league/ranking.html", "group-a/players/9.html"))}
    differ = [player for (heading, player, when) in given if heading == "积分榜名次" and when == NOW
              and player.startswith(f"{LEAGUE}/group-")
              and set(given[(heading, player, when)]) != set(given.get(("一阶段名次", player, NOW), {}))]
    assert len(differ) > 10  # most players of the groups have two different places
    html = (site / card).read_text(encoding="utf-8")
    assert html.index("<dt>名次</dt>") < html.index("<dt>一阶段名次</dt>") < html.index("<dt>积分榜名次</dt>")


def _row(page: Path, href_end: str) -> str:
    """The place cell text of the row of `page` that links a card ending in `href_end`."""
    parser = _Page()
    parser.feed(page.read_text(encoding="utf-8"))
    for table in parser.tables:
        for row in table.rows:
            if any(link.endswith(href_end) for cell in row for link in cell.links):
                return row[0].text
    raise AssertionError(href_end)


#: Pages that show a ranking where two orders of one field exist, and what their note must link
#: (paths within the event).
NAMED = {
    f"{LEAGUE}/group-a/standings-04.html": ("league/groups.html#stage1-group-a", "regulations.html#rule-7-0"),
    f"{LEAGUE}/group-a/crosstable.html": ("league/groups.html#stage1-group-a",),
    f"{LEAGUE}/league/groups.html": ("regulations.html#rule-7-0",),
    f"{LEAGUE}/league/stage2.html": ("league/ranking.html", "regulations.html#art-7"),
    f"{LEAGUE}/league/ranking.html": ("league/groups.html", "league/stage2.html", "regulations.html#art-7"),
    f"{LEAGUE}/league/challenges.html": ("league/stage2.html", "regulations.html#art-6-3"),
    f"{LEAGUE}/final-a/standings-07.html": ("league/ranking.html", "regulations.html#stage-2a"),
    f"{LEAGUE}/random/standings-02.html": ("league/ranking.html", "regulations.html#stage-2b"),
    f"{GOMOKU}/open/standings-06.html": ("open/final.html", "regulations.html#art-5-3-1",
                                         "regulations.html#art-5-2"),
    f"{GOMOKU}/open/standings-07.html": ("open/final.html", "open/standings-06.html"),
    f"{GOMOKU}/open/final.html": ("open/standings-06.html", "regulations.html#art-5-2"),
    f"{GOMOKU}/en/open/standings-06.html": ("en/open/final.html", "en/regulations.html#art-5-3-1"),
}


@pytest.mark.parametrize("path", sorted(NAMED))
def test_a_ranking_names_itself_and_links_the_other(site: Path, path: str) -> None:
    """Each page that shows one of two orders says which it is in a note (`.ranking-note`) that
    links the other order and the regulation's article; every link of the note resolves, to an
    element with the fragment's id where it has one."""
    page = site / path
    html = page.read_text(encoding="utf-8")
    note = re.search(r'<p class="note ranking-note">(.*?)</p>', html, re.S)
    assert note is not None
    event = PurePosixPath(path).parts[0]
    targets = {_resolve(PurePosixPath(path), href) + ("#" + urlsplit(href).fragment).rstrip("#")
               for href in re.findall(r'href="([^"]+)"', note.group(1))}
    for wanted in NAMED[path]:
        assert f"{event}/{wanted}" in targets, (wanted, targets)
    for target in targets:
        file, _, fragment = target.partition("#")
        assert (site / file).is_file(), target
        if fragment:
            assert f'id="{fragment}"' in (site / file).read_text(encoding="utf-8"), target


def test_league_pages_have_the_breadcrumb_trail(site: Path) -> None:
    """Every page of the league (league/*.html) shows the trail the other pages show: the event,
    then the league (its final ranking), each linked."""
    pages = sorted((site / LEAGUE / "league").glob("*.html"))
    assert len(pages) == 5
    for page in pages:
        html = page.read_text(encoding="utf-8")
        trail = re.search(r'<nav class="breadcrumbs" aria-label="当前位置">(.*?)</nav>', html)
        assert trail is not None, page.name
        assert trail.group(1) == ('<a href="../index.html">学生将棋联赛</a> › '
                                  '<a href="ranking.html">联赛成绩</a>'), page.name


def test_the_leagues_letters_are_explained_under_its_tables(site: Path) -> None:
    """Seed 000 七: the final score's letters A X C Y B k D, each said under the tables that show them."""
    for page in ("ranking.html", "stage2.html"):
        text = (site / "2024-student-shogi-league/league" / page).read_text(encoding="utf-8")
        legend = text.split('<div class="note muted legend">', 1)[1].split("</div>", 1)[0]
        for letter in ("A：", "X：", "C：", "Y：", "B：", "k：", "D："):
            assert letter in legend, (page, letter)
