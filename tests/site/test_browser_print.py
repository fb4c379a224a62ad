"""A web page printed from the browser (Ctrl+P) is complete: for every kind of page of every example
event, the page with the longest table is printed by Chromium, and the printout holds every name in
the rows of each of its tables and each table's rightmost column heading, and names the event."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
EXAMPLE = Path(__file__).resolve().parents[2] / "content"
sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed")
EXAMPLES = sorted(p.name for p in EXAMPLE.iterdir() if (p / "event.yaml").is_file())

#: The tables of a page, read in the browser: for each, the text of each body row's name cells (or of
#: its first cell, in a table without names), the heading of its rightmost column (the rightmost one
#: that shows text: a heading for screen readers only is not printed), its number of rows, whether it
#: is in a collapsed <details> (the round page's list by name: left out of a printout as on screen)
#: and whether it is rendered.
TABLES = """() => [...document.querySelectorAll('main table')].map(table => {
  const rows = [...table.tBodies].flatMap(body => [...body.rows]);
  const names = [];
  for (const row of rows) {
    const cells = [...row.querySelectorAll(':scope > .name')];
    for (const cell of cells.length ? cells : [row.cells[0]]) {
      names.push((cell.querySelector('a') || cell).textContent);
    }
  }
  const shown = cell => {
    const copy = cell.cloneNode(true);
    copy.querySelectorAll('.sr').forEach(hidden => hidden.remove());
    return copy.textContent.trim();
  };
  const headings = table.tHead ? [...[...table.tHead.rows].at(-1).cells].map(shown).filter(Boolean) : [];
  return {names, last: headings.at(-1) || '', rows: rows.length,
          collapsed: table.closest('details:not([open])') !== null, rendered: table.checkVisibility()};
})"""


def _squeeze(text: str) -> str:
    """`text` as compared with the printout: compatibility forms folded, no spaces (a PDF's text puts
    them where its glyphs are apart; names hold full-width spaces: 孙　文)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def _kind(path: Path) -> str:
    """A page's kind: its file name with numbers as N, and its folder's for pages in players/, teams/ or
    games/ (a player card: players/N.html); an event's pages in another language (en/) are a kind apart."""
    parts = path.parts
    folder = len(parts) > 1 and parts[-2] in {"players", "teams", "games"}
    name = "/".join(parts[-2:]) if folder else parts[-1]
    return ("en/" if parts[0] == "en" else "") + re.sub(r"\d+", "N", name)


def _body_rows(html: str) -> int:
    """The number of rows of the page's longest table body (0 without a table)."""
    return max((body.count("<tr") for body in re.findall(r"<tbody.*?</tbody>", html, re.S)), default=0)


def _page_kind(path: Path, html: str) -> str:
    """A page's kind (`_kind`), whatever its tables."""
    return _kind(path)


def _longest_of_each_kind(event: Path, kind_of: Callable[[Path, str], str] = _page_kind) -> Iterator[Path]:
    """For each kind of page of `event` with a table (`kind_of` its path in the event and its HTML),
    the page whose table has the most rows."""
    best: dict[str, tuple[int, Path]] = {}
    for page in sorted(event.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        rows = _body_rows(html)
        kind = kind_of(page.relative_to(event), html)
        if rows and (kind not in best or rows > best[kind][0]):
            best[kind] = (rows, page)
    for _, page in sorted(best.values(), key=lambda item: str(item[1])):
        yield page


def _printed_text(pdf: bytes, directory: Path) -> str:
    """The text of a printout in the order it is drawn (-raw): a heading of Latin digits and Chinese
    (2017年…) stays one piece, as does a heading wrapped in its cell."""
    path = directory / "printed.pdf"
    path.write_bytes(pdf)
    command = ["pdftotext", "-raw", str(path), "-"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("example", EXAMPLES)
def test_a_printed_page_holds_every_row_and_column_and_the_event(browser, example_site: Path, example: str,
                                                                 tmp_path: Path) -> None:
    pages = list(_longest_of_each_kind(example_site / example))
    kinds = {_kind(page.relative_to(example_site / example)) for page in pages}
    assert {"players.html", "crosstable.html", "statistics.html", "players/N.html"} <= kinds
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    problems: list[str] = []
    for path in pages:
        name = path.relative_to(example_site).as_posix()
        page.goto(path.as_uri())
        event = page.get_attribute('meta[property="og:site_name"]', "content")
        page.emulate_media(media="print")
        tables = page.evaluate(TABLES)
        assert event and tables, name
        text = _squeeze(_printed_text(page.pdf(format="A4"), tmp_path))
        page.emulate_media(media="screen")
        for number, table in enumerate(tables, 1):
            if table["collapsed"]:
                continue
            if not table["rendered"]:
                problems.append(f"{name}, table {number}: not printed")
            missing = [n for n in table["names"] if _squeeze(n) not in text]
            if missing:
                problems.append(f"{name}, table {number}: {len(missing)} of {table['rows']} rows' names "
                                f"not printed, e.g. {missing[:3]}")
            # a heading may wrap at its spaces: each of its words is printed
            if not all(_squeeze(word) in text for word in table["last"].split()):
                problems.append(f"{name}, table {number}: its rightmost column {table['last']!r} not printed")
        if _squeeze(event) not in text:
            problems.append(f"{name}: the event's name ({event!r}) not printed")
    context.close()
    assert not problems, "\n".join(problems)


def test_a_printed_table_breaks_a_word_only_when_it_cannot_fit(browser, example_site: Path,
                                                                 tmp_path: Path) -> None:
    """The go standings printed on A4: the clubs' column is as wide as its longest word where the
    page has room, so no club's name is broken inside (Warszawa, Kobenhavn, Stockholm)."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    page.goto((example_site / "2026-go-mcmahon" / "open" / "standings-05.html").as_uri())
    path = tmp_path / "printed.pdf"
    path.write_bytes(page.pdf(format="A4"))
    context.close()
    words = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                           check=True).stdout.split()
    for club in ("Warszawa", "Kobenhavn", "Stockholm", "Bucuresti"):
        assert club in words, club


def test_a_printed_prize_list_keeps_the_prize_s_name_readable(browser, tmp_path: Path) -> None:
    """A prize shared by four tied players, printed on A4: the prize's name ("Overall · prizes 1–3")
    keeps a readable width (on one line here) while the winners, a list, wrap between names; it was
    squeezed to a word a line beside a Winner column on one line."""
    from click.testing import CliRunner

    from site_builder.build import build_site
    from site_builder.cli import main

    content = tmp_path / "content"
    result = CliRunner().invoke(main, ["generate", "-o", str(content / "ev"), "--system", "round-robin",
                                       "--players", "4", "--seed", "7", "--date", "2026-05-01"])
    assert result.exit_code == 0, result.output
    for path in (content / "ev" / "open" / "rounds").glob("*.yaml"):  # every game drawn: all four tie
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r'"(1-0|0-1|½-½)"\]', '"½-½"]', text), encoding="utf-8")
    event = content / "ev" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "    tiebreaks:", "    prizes:\n      currency: EUR\n      places: [100, 60, 40]\n    tiebreaks:"),
        encoding="utf-8")
    build_site(content, tmp_path / "site", pdf=False)
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    page.goto((tmp_path / "site" / "ev" / "open" / "prizes.html").as_uri())
    path = tmp_path / "printed.pdf"
    path.write_bytes(page.pdf(format="A4"))
    context.close()
    lines = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                           check=True).stdout.splitlines()
    assert any("Overall · prizes 1–3" in line for line in lines), [ln for ln in lines if "Overall" in ln]
