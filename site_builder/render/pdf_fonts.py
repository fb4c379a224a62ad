"""CJK faces embedded at the size of the glyphs a PDF shows.

WeasyPrint subsets fonts but keeps every glyph id below the highest one used, so that its text can
name glyphs by their id. A Noto CJK face has 63,000 glyphs and Chinese characters sit high in it:
each face embedded kept about 60,000 empty glyph slots, some 150 KB compressed, and a one-page
bulletin with four faces weighed 600 KB.

A CID-keyed CFF font does not need the slots. Its charset says which CID each glyph carries, and a
PDF viewer finds a glyph by its CID through that charset (ISO 32000-1, 9.7.4.2); Noto CJK's CIDs are
its glyph ids, which is what WeasyPrint writes. So each such face is subset again by HarfBuzz to the
glyphs the PDF's width array lists — HarfBuzz keeps the CIDs in the charset — and embedded as a bare
CFF program (``FontFile3`` of subtype ``CIDFontType0C``). A face whose CIDs would not survive (a
TrueType face, a name-keyed CFF) is left as WeasyPrint wrote it.

WeasyPrint has no option for this, so the step runs as a ``finisher``: ``write_pdf(finisher=...)`` is
public, documented in WeasyPrint's API reference (``HTML.write_pdf``, ``Document.write_pdf``) with the
same contract from version 53 to 70: a callable given the document and the ``pydyf.PDF`` about to be
written. The finisher reads that PDF through pydyf's own classes (``Dictionary``, ``Stream`` and its
``stream`` and ``extra``, ``Object.reference``) and the keys of the PDF standard (``Subtype``,
``FontDescriptor``, ``FontFile3``, ``W``), never WeasyPrint's modules. Post-processing the finished
bytes with a PDF library (pikepdf, pypdf) was the alternative: it depends on nothing more stable — the
same PDF objects, found by the same keys — but parses every object of a file that WeasyPrint has just
serialised, then writes and compresses it again, and it adds a library (qpdf's, for pikepdf). Should a
WeasyPrint release embed its faces otherwise, the finisher leaves them alone: the PDFs look the same but
weigh what they did before (500–600 KB a bulletin), and the size test of the round bulletins fails.
"""

from __future__ import annotations

import io
from typing import Any

_CID_FONT = "/CIDFontType0"


def compact_cjk_fonts(_document: Any, pdf: Any) -> None:
    """A ``write_pdf`` finisher: replace each retained-id CFF face by its compact CID-keyed subset."""
    import pydyf

    objects = {obj.reference: obj for obj in pdf.objects if isinstance(obj, pydyf.Object)}
    used: dict[bytes, set[int]] = {}
    for obj in pdf.objects:
        if isinstance(obj, pydyf.Dictionary) and obj.get("Subtype") == _CID_FONT:
            descriptor = objects[obj["FontDescriptor"]]
            file_ref = descriptor.get("FontFile3")
            if file_ref is not None and objects[file_ref].extra.get("Subtype") == "/OpenType":
                used.setdefault(file_ref, {0}).update(cids_of_widths(obj["W"]))
    for file_ref, cids in used.items():
        stream = objects[file_ref]
        cff = cid_keyed_subset(b"".join(stream.stream), cids)
        if cff is not None:
            stream.stream = [cff]
            stream.extra["Subtype"] = "/CIDFontType0C"


def cids_of_widths(widths: list) -> set[int]:
    """The CIDs a PDF width array (``W``) lists, in either of its two forms.

    >>> sorted(cids_of_widths([3, [500, 600], 10, 12, 1000]))
    [3, 4, 10, 11, 12]
    """
    cids: set[int] = set()
    i = 0
    while i < len(widths):
        first = int(widths[i])
        if isinstance(widths[i + 1], list):
            cids.update(range(first, first + len(widths[i + 1])))
            i += 2
        else:
            cids.update(range(first, int(widths[i + 1]) + 1))
            i += 3
    return cids


def cid_keyed_subset(font: bytes, cids: set[int]) -> bytes | None:
    """The CFF program of ``font`` with only the glyphs ``cids``, each still under its CID; None when
    the font is not a CFF font whose glyph ids are its CIDs."""
    import uharfbuzz as hb
    from fontTools.cffLib import CFFFontSet

    if not font.startswith(b"OTTO"):
        return None
    subset_input = hb.SubsetInput()
    for cid in sorted(cids):
        subset_input.glyph_set.add(cid)
    subset_input.flags = hb.SubsetFlags.NO_HINTING
    face = hb.subset(hb.Face(hb.Blob(font)), subset_input)
    cff = face.reference_table("CFF ").data if face is not None else b""
    if not cff:
        return None
    font_set = CFFFontSet()
    font_set.decompile(io.BytesIO(cff), None)
    top = font_set.topDictIndex[0]
    expected = [".notdef"] + [f"cid{cid:05d}" for cid in sorted(cids - {0})]
    if not hasattr(top, "ROS") or list(top.charset) != expected:
        return None
    return bytes(cff)
