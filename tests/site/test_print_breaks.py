"""Where the bulletins' pages break (print.css): a table printed as text lines (print/lines.html)
keeps its heading and the note under it with its first three rows, and no page starts with its last
one or two rows. Checked on a heading, a note and a table pushed down the page paragraph by
paragraph, so that every place of the page's end in the table is met."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from site_builder.render.html import environment
from site_builder.render.textlines import align

STATIC = Path(__file__).resolve().parents[2] / "site_builder" / "themes" / "default" / "static"
ROWS = 45  # the table runs over two pages and a bit, wherever it starts on the first
PAGE = (
    '<!DOCTYPE html><html lang="en"><body>{% for i in range(filler) %}<p>Paragraph {{ i }}</p>{% endfor %}'
    '<h2>HEADING</h2><p class="note">NOTE</p>{% include "print/lines.html" %}'
    '<p class="note">END</p></body></html>'
)


@pytest.fixture(scope="module")
def pages():
    """The pages' text of the test document with `filler` paragraphs above the heading."""
    from site_builder.render.pdf import PdfRenderer

    renderer = PdfRenderer(STATIC)
    document = environment().from_string(PAGE)
    lines = align([["Rk", "Name"], *([f"row{n:02d}", "Player"] for n in range(1, ROWS + 1))], "rl")

    def text(filler: int, tmp_path: Path) -> list[str]:
        pdf = tmp_path / f"{filler}.pdf"
        pdf.write_bytes(renderer.render(document.render(filler=filler, lines=lines)))
        return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout.split("\f")

    return text


def test_no_page_starts_with_a_tables_last_rows_nor_ends_with_its_heading(pages, tmp_path: Path) -> None:
    found = []
    for filler in range(30):  # a page's worth of paragraphs: the heading meets every place of the page
        texts = pages(filler, tmp_path)
        rows = [len(re.findall(r"^\s*row\d\d\b", page, re.M)) for page in texts]
        heading = next(i for i, page in enumerate(texts) if "HEADING" in page)
        last = max(i for i, count in enumerate(rows) if count)
        if "NOTE" not in texts[heading] or rows[heading] < 3 or rows[last] < 3 or sum(rows) != ROWS:
            found.append((filler, rows))
    assert found == []
