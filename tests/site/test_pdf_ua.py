"""PDF/UA-1 bulletins (render/pdf.py, render/pdf_tables.py, print/lines.html): one PDF of each kind the
example site writes passes a PDF/UA-1 checker (page-validation, the veraPDF rules without a JVM), and
its tables are tagged cell by cell: each row of the structure tree holds a TH or TD per cell of the
HTML row, and each TH says whether it heads a column or a row."""

from __future__ import annotations

import io
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import page as page_validation
import pytest
from fontTools.cffLib import CFFFontSet
from fontTools.pens.basePen import NullPen
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject

from site_builder.checks import load_checked
from site_builder.render.html import environment, render_page
from site_builder.views.pages import site_pages

EXAMPLE = Path(__file__).resolve().parents[2] / "content"  # the example content

#: One PDF of each kind: round bulletins of each shape of table (go's handicaps, chess's numbered boards
#: with a crosstable and prizes, Japanese, a round robin), a knockout round, a team round, the league's
#: final report, the result slips, the certificates.
KINDS = (
    "2026-go-mcmahon/open/bulletin-round-05.pdf",
    "2026-spring-open/main/bulletin-round-07.pdf",
    "2025-shogi-ja-open/open/bulletin-round-05.pdf",
    "2024-student-shogi-league/final-a/bulletin-round-07.pdf",
    "2017-xiangqi-national-full/men-a/bulletin-round-06.pdf",
    "2023-yuangou-cup/open/bulletin-round-05.pdf",
    "2024-student-shogi-league/league/final-report.pdf",
    "2017-xiangqi-national/women/slips-round-01.pdf",
    "2025-club-open/open/certificates.pdf",
)
#: page-validation 0.11 reads the advance widths of a bare CID-keyed CFF subset (pdf_fonts.py) with
#: another Font DICT than the one its FDSelect names (a space 227 units wide comes out at -335);
#: fontTools reads the same programs as /W gives them, which `_cff_widths_match` checks instead.
_CFF_WIDTHS = "PDFUA1-FONT-GLYPH-WIDTH-001"


class _Tables(HTMLParser):
    """The rows of an HTML page's tables, in order: (in the table's head?, cells)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[bool, int]] = []
        self.head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "thead":
            self.head = True
        elif tag == "tr":
            self.rows.append((self.head, 0))
        elif tag in ("th", "td"):
            head, cells = self.rows[-1]
            self.rows[-1] = (head, cells + 1)

    def handle_endtag(self, tag: str) -> None:
        if tag == "thead":
            self.head = False


def _elements(node: Any, ancestors: tuple[Any, ...] = ()) -> list[tuple[Any, tuple[Any, ...]]]:
    """Every structure element under `node` with the elements above it, in reading order."""
    node = node.get_object()
    if isinstance(node, ArrayObject):
        return [found for kid in node for found in _elements(kid, ancestors)]
    if not isinstance(node, DictionaryObject) or "/S" not in node:
        return []
    return [(node, ancestors), *(_elements(node["/K"], (*ancestors, node)) if "/K" in node else [])]


def _kinds(element: Any) -> list[str]:
    """The structure types of an element's children."""
    kids = element["/K"]
    return [str(kid.get_object().get("/S")) for kid in (kids if isinstance(kids, ArrayObject) else [kids])]


def _pdf_rows(elements: list[tuple[Any, tuple[Any, ...]]]) -> list[tuple[bool, list[str]]]:
    """The rows of the PDF's tables, in order: (in a THead?, the structure types of its children)."""
    return [(above[-1]["/S"] == "/THead", _kinds(row)) for row, above in elements if row["/S"] == "/TR"]


def _cff_widths_match(reader: PdfReader) -> list[str]:
    """The glyphs of the bare CFF programs whose advance width differs from the font's /W."""
    fonts = {font.indirect_reference.idnum: font.get_object()["/DescendantFonts"][0].get_object()
             for page in reader.pages for font in page["/Resources"].get("/Font", {}).values()
             if font.get_object()["/Subtype"] == "/Type0"}
    wrong = []
    for font in fonts.values():
        program = font["/FontDescriptor"].get("/FontFile3")
        if program is None or program.get_object().get("/Subtype") != "/CIDFontType0C":
            continue
        cff = CFFFontSet()
        cff.decompile(io.BytesIO(program.get_object().get_data()), None)
        charstrings = cff[cff.fontNames[0]].CharStrings
        widths = _widths(list(font["/W"]))
        for cid in sorted(widths):
            glyph = charstrings[f"cid{cid:05d}"]
            glyph.draw(NullPen())  # sets its width
            if abs(glyph.width - widths[cid]) > 0.5:
                wrong.append(f"{font['/BaseFont']} CID {cid}: {glyph.width} in the font, {widths[cid]} in /W")
    return wrong


def _widths(array: list[Any]) -> dict[int, float]:
    """The widths of a /W array by CID."""
    widths: dict[int, float] = {}
    i = 0
    while i < len(array):
        if isinstance(array[i + 1], list):
            widths.update({int(array[i]) + k: float(w) for k, w in enumerate(array[i + 1])})
            i += 2
        else:
            widths.update({cid: float(array[i + 2]) for cid in range(int(array[i]), int(array[i + 1]) + 1)})
            i += 3
    return widths


@pytest.fixture(scope="module")
def html_of() -> dict[str, str]:
    """The HTML each PDF of `KINDS` is rendered from, by its path in the site."""
    pages = {page.path: page for page in site_pages(load_checked(EXAMPLE)) if page.pdf}
    env = environment()
    return {path: render_page(env, pages[path]) for path in KINDS}


@pytest.mark.parametrize("name", KINDS)
def test_each_kind_of_pdf_passes_the_pdf_ua_checker(example_site: Path, name: str) -> None:
    pdf = example_site / name
    report = page_validation.validate_pdf(pdf, profile="ua1")
    failures = [f"{f.rule_id}: {f.message}" for f in report.failures if f.rule_id != _CFF_WIDTHS]
    assert failures == [], name
    assert _cff_widths_match(PdfReader(pdf)) == [], name
    catalog = PdfReader(pdf).trailer["/Root"]
    metadata = catalog["/Metadata"].get_object().get_data().decode()
    assert 'pdfuaid:part="1"' in metadata and "<dc:title>" in metadata, name


@pytest.mark.parametrize("name", KINDS)
def test_tables_are_tagged_cell_by_cell_with_scoped_headers(example_site: Path, html_of: dict[str, str],
                                                             name: str) -> None:
    """Each row's children are its cells, as many as the HTML row has (a table split over pages has
    its head again on each page); every row has several, and each header cell its scope."""
    elements = _elements(PdfReader(example_site / name).trailer["/Root"]["/StructTreeRoot"]["/K"])
    rows = _pdf_rows(elements)
    parser = _Tables()
    parser.feed(html_of[name])
    assert all(set(cells) <= {"/TH", "/TD"} for _, cells in rows), name
    assert [len(cells) for head, cells in rows if not head] == [n for head, n in parser.rows if not head]
    assert {len(cells) for head, cells in rows if head} == {n for head, n in parser.rows if head}
    assert all(len(cells) >= 2 for _, cells in rows), name  # a row read as one cell cannot be navigated
    for element, above in elements:
        if element["/S"] == "/TH":
            heads_column = above[-2]["/S"] == "/THead" or "/TD" not in _kinds(above[-1])
            assert element["/A"].get("/Scope") == ("/Column" if heads_column else "/Row"), name


def test_a_long_table_printed_as_lines_passes_and_prints_as_cell_by_cell(monkeypatch,
                                                                        tmp_path: Path) -> None:
    """A table longer than `CELL_ROWS` rows (textlines.py) is printed as lines, `LINES_PER_CELL` to
    a cell: it passes the checker, each row of its structure tree holds one cell, and it prints the
    same text as the same table cell by cell."""
    from site_builder.render import textlines
    from site_builder.render.pdf import PdfRenderer
    from site_builder.render.textlines import align

    static = Path(__file__).resolve().parents[2] / "site_builder" / "themes" / "default" / "static"
    page = environment().from_string('<!DOCTYPE html><html lang="zh-CN"><head><title>名次</title></head>'
                                     '<body><h1>名次</h1>{% include "print/lines.html" %}</body></html>')
    names = ["王文君", "García, Lucía", "Dvořák, Jan", "Nguyễn Thị Hương", "佐藤 健"]
    rows = [["名次", "姓名", "积分"], *([str(n), names[n % 5], f"{n % 7}½"] for n in range(1, 81))]
    renderer = PdfRenderer(static)
    texts = {}
    for by_line, limit in ((False, 200), (True, 40)):
        monkeypatch.setattr(textlines, "CELL_ROWS", limit)
        lines = align(rows, "rlr")
        assert lines.by_line == by_line
        pdf = tmp_path / f"{by_line}.pdf"
        pdf.write_bytes(renderer.render(page.render(lines=lines)))
        texts[by_line] = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                                        text=True, check=True).stdout
    report = page_validation.validate_pdf(pdf, profile="ua1")
    assert [f"{f.rule_id}: {f.message}" for f in report.failures if f.rule_id != _CFF_WIDTHS] == []
    tagged = _pdf_rows(_elements(PdfReader(pdf).trailer["/Root"]["/StructTreeRoot"]["/K"]))
    assert {tuple(cells) for head, cells in tagged if head} == {("/TH",)}
    assert [cells for head, cells in tagged if not head] == [["/TD"]] * (80 // textlines.LINES_PER_CELL)
    def body(text: str) -> list[str]:  # the rows' lines, wherever the pages break
        return [line for line in text.replace("\f", "\n").splitlines() if line.strip() and "积分" not in line]

    assert body(texts[True]) == body(texts[False]) and "Dvořák, Jan" in texts[True]
