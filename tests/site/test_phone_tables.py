"""Tables on a phone (360 px): for every kind of page of every example event, and each set of tables
such a page has (a knockout section's rounds are matches, a Swiss's boards), the page with the longest
table is opened; every table in it shows its key columns within the screen, and nothing inside <main>
scrolls up and down in a box of its own (the page's scroll is never caught).

The key columns, which each template marks with the class `key` on their heading (docs/themes.md):
- pairings of every game, chess's numbered shape included: the board, the two names, the result;
  a team match: the board, the two teams' players, the result; a knockout match: the game, the two
  players, the result; the round's list by name: the name, the board, the side, the opponent;
- standings (individual, team, a team event's individual and board lists, a league's group tables,
  stage 2 and final ranking): the place, the name (team), the points (match points; a group's fixed
  points X too); a final team standings' prize, the league's award and sponsored prize;
- crosstables by place and by starting rank, a team crosstable, a team's boards by round and the
  board statistics: the place (by starting rank: the number), the name, the points (kept at the right
  edge while the rounds scroll sideways under them);
- player lists, teams (with their players), secret codes, renumbering, knockout placings and final
  placings: the number or place and the name (final placings: the points);
- a player card's games: the round, the board, the side, the opponent, the result;
- prizes: the prize, what it gives, the winner; award levels: the place, the name, the points, the level;
- statistics: the round, its games and their results (wins of each side, draws); upsets: the round,
  the winner, the loser, the rating difference; an event's rounds: the round and its standings;
  a league's challenges: challenger, target, result and C; allowed targets: place, name, targets.
Tables of a Markdown page (regulations) mark no columns: they fit the screen whole.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from organizer import enter_results
from test_browser_print import EXAMPLES, _kind, _longest_of_each_kind

from site_builder.build import build_site
from site_builder.cli import main

sync_api = pytest.importorskip("playwright.sync_api")
WIDTH = 360

#: What is wrong with the page open at `width` (every <details> opened first): a table without a key
#: column, a key column outside the screen or hidden, a Markdown table wider than the screen, an
#: element of <main> that scrolls vertically, a page that scrolls sideways.
PROBLEMS = """(width) => {
  document.querySelectorAll('main details').forEach(details => { details.open = true; });
  const problems = [];
  const outside = box => box.left < 0 || box.right > width;
  document.querySelectorAll('main table').forEach((table, index) => {
    const name = `table ${index + 1} (${table.className || 'no class'})`;
    if (table.closest('.prose')) {
      if (outside(table.getBoundingClientRect())) { problems.push(`${name}: wider than the screen`); }
      return;
    }
    const keys = [...table.querySelectorAll(':scope > thead th.key')];
    if (!keys.length) { problems.push(`${name}: no key column`); }
    for (const heading of keys) {
      const box = heading.getBoundingClientRect();
      if (!heading.checkVisibility() || outside(box)) {
        problems.push(`${name}: key column ${heading.textContent.trim()} at ${box.left}–${box.right}`);
      }
    }
  });
  for (const element of document.querySelectorAll('main *')) {
    const overflow = getComputedStyle(element).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && element.scrollHeight > element.clientHeight) {
      problems.push(`${element.tagName.toLowerCase()}.${element.className} scrolls vertically`);
    }
  }
  if (document.documentElement.scrollWidth > width) { problems.push('the page scrolls sideways'); }
  return problems;
}"""


def _kind_and_tables(path: Path, html: str) -> str:
    """A page's kind (`_kind`) and the set of its tables' opening tags: a knockout section's round (its
    matches) is apart from a Swiss's (its boards), its player cards too."""
    return " ".join([_kind(path), *sorted(set(re.findall(r"<table\b[^>]*>", html)))])


@pytest.mark.parametrize("example", EXAMPLES)
def test_key_columns_fit_a_phone_and_no_table_scrolls_up_and_down(browser, example_site: Path,
                                                                   example: str) -> None:
    pages = list(_longest_of_each_kind(example_site / example, _kind_and_tables))
    page = browser.new_page(viewport={"width": WIDTH, "height": 800})
    problems: list[str] = []
    for path in pages:
        page.goto(path.as_uri())
        found = page.evaluate(PROBLEMS, WIDTH)
        problems += [f"{path.relative_to(example_site).as_posix()}: {problem}" for problem in found]
    page.close()
    assert not problems, "\n".join(problems)


def test_a_phone_shows_the_minor_columns_on_request(browser, example_site: Path) -> None:
    """The chess standings on a phone: place, name, points and the first tiebreak (BH-C1); ticking
    "Show all columns" (by keyboard) adds the number, federation, rating and the other tiebreaks, the
    table then scrolling sideways in its box (never the page) with the name kept in view. On a desktop
    every column shows, and no box."""
    standings = (example_site / "2026-spring-open/main/standings-07.html").as_uri()
    page = browser.new_page(viewport={"width": WIDTH, "height": 800})
    page.goto(standings)
    first = page.locator("table.standings thead th", has_text="BH-C1")
    tiebreak = page.locator("table.standings thead th.minor", has_text="SB")
    toggle = page.get_by_label("Show all columns")
    assert first.is_visible() and tiebreak.is_hidden() and toggle.is_visible()
    toggle.focus()
    page.keyboard.press("Space")
    sync_api.expect(tiebreak).to_be_visible()
    wrap = page.locator(".table-wrap", has=page.locator("table.standings"))
    sync_api.expect(wrap).not_to_have_class(re.compile(r"\bfits\b"))  # it scrolls sideways now
    assert wrap.evaluate("box => box.scrollWidth > box.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    wrap.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    name = page.locator("table.standings tbody th.name").first.bounding_box()
    assert name is not None and 0 <= name["x"] < WIDTH / 2  # the name stays on the left
    page.close()
    wide = browser.new_page(viewport={"width": 1366, "height": 800})
    wide.goto(standings)
    assert wide.locator("table.standings thead th.minor", has_text="SB").is_visible()
    assert wide.get_by_label("Show all columns").is_hidden()
    wide.close()


#: Each cell of a team match's result column that must stay whole, with how many lines its text
#: takes and whether it stays inside its cell.
WHOLE = """() => [...document.querySelectorAll(
    'table.team-match :is(thead th.result, tbody td.result, tfoot tr:first-child td.result)')]
  .map(cell => {
    const text = document.createRange();
    text.selectNodeContents(cell);
    const lines = new Set([...text.getClientRects()].map(box => Math.round(box.top))).size;
    const inner = text.getBoundingClientRect(), box = cell.getBoundingClientRect();
    return [cell.textContent.trim(), lines, inner.left >= box.left && inner.right <= box.right];
  })"""


def test_a_team_matchs_result_heading_and_game_points_stay_whole_on_a_phone(browser, tmp_path: Path) -> None:
    """A FIDE team match of two boards between teams with long names (`The "Knights" \\ Club`, 東京チーム)
    on a 390 px phone: "Result", each board's result and the game points ("1.5:0.5") each on one
    line inside their cell (they were broken as "Resul t", "1.5:0. 5"), and the page no wider than
    the screen."""
    content = tmp_path / "content"
    runner = CliRunner()
    made = runner.invoke(main, ["new", str(content / "tc"), "--name", "Team Cup", "--game", "chess",
                                "--language", "en", "--system", "fide-team", "--teams", "2", "--boards", "2",
                                "--rounds", "1", "--plain-seed"])
    assert made.exit_code == 0, made.output
    (content / "tc" / "open" / "teams.yaml").write_text(
        'teams:\n'
        '  - {number: 1, name: "The \\"Knights\\" \\\\ Club",'
        ' players: ["Alexander Longname-Doubleton", "Bartholomew Featherstonehaugh"]}\n'
        '  - {number: 2, name: "東京チーム", players: ["山田太郎", "佐藤花子"]}\n', encoding="utf-8")
    paired = runner.invoke(main, ["pair", str(content), "--offline"])
    assert paired.exit_code == 0, paired.output
    enter_results(content / "tc" / "open" / "rounds" / "01.yaml", ("1-0", "1/2-1/2"))
    build_site(content, tmp_path / "out", pdf=False)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto((tmp_path / "out" / "tc" / "open" / "round-01.html").as_uri())
    cells = page.evaluate(WHOLE)
    assert [text for text, _, _ in cells] == ["Result", "1-0", "½-½", "1.5:0.5"]
    assert all(lines == 1 and inside for _, lines, inside in cells), cells
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()
