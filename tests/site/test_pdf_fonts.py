"""Compact CJK faces (render/pdf_fonts.py): a bulletin embeds only the glyphs it shows, under their CIDs,
and looks exactly as it did with WeasyPrint's retained-id faces."""

from __future__ import annotations

import subprocess
from pathlib import Path

from pypdf import PdfReader

from site_builder.render.pdf import PdfRenderer

_PAGE = """<!doctype html><html lang="zh"><body><h1>第 3 轮对阵 · Round 3</h1>
<table><tr><th>台次</th><th>红方</th><th>黑方</th></tr>
<tr><td>1</td><td>王天一 (2650)</td><td>郑惟桐 Dvořák</td></tr></table>
<table class="lines"><tr><td>裁判长签字：________ 1-0 ½-½</td></tr></table></body></html>"""


def _font_files(pdf: Path) -> list[tuple[str, int]]:
    """(subtype, bytes) of each embedded CFF face (FontFile3)."""
    found = []
    for page in PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            for descendant in font.get_object().get("/DescendantFonts", []):
                descriptor = descendant.get_object()["/FontDescriptor"]
                if "/FontFile3" in descriptor:
                    stream = descriptor["/FontFile3"].get_object()
                    found.append((stream["/Subtype"], len(stream.get_data())))
    return found


def _pixels(pdf: Path) -> bytes:
    return subprocess.run(["pdftoppm", "-r", "72", "-gray", str(pdf)], capture_output=True,
                          check=True).stdout


def test_a_page_renders_the_same_with_compact_faces(tmp_path: Path, monkeypatch) -> None:
    """The oracle is WeasyPrint's own embedding: the same page, rendered by poppler, pixel for pixel."""
    from site_builder.render import pdf as pdf_module

    static = Path(pdf_module.__file__).parents[1] / "themes/default/static"
    compact = tmp_path / "compact.pdf"
    compact.write_bytes(PdfRenderer(static).render(_PAGE))
    monkeypatch.setattr(pdf_module, "compact_cjk_fonts", lambda document, pdf: None)
    retained = tmp_path / "retained.pdf"
    retained.write_bytes(PdfRenderer(static).render(_PAGE))

    assert _pixels(compact) == _pixels(retained)
    compact_faces, retained_faces = _font_files(compact), _font_files(retained)
    assert {kind for kind, _ in compact_faces} == {"/CIDFontType0C"}
    assert {kind for kind, _ in retained_faces} == {"/OpenType"}
    assert sum(size for _, size in compact_faces) * 20 < sum(size for _, size in retained_faces)
    text = subprocess.run(["pdftotext", str(compact), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "王天一" in text and "Dvořák" in text and "½-½" in text


def test_round_bulletins_stay_under_150_kb(example_site: Path) -> None:
    """Issue 18's target for a typical round bulletin; the sizes of every kind are in `make bench`."""
    for pdf in ("2017-xiangqi-national/women/bulletin-round-01.pdf",
                "2023-yuangou-cup/open/bulletin-round-02.pdf",
                "2024-gomoku-open/en/open/bulletin-round-07.pdf"):
        assert (example_site / pdf).stat().st_size < 150_000, pdf
