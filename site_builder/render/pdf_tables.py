"""The scope of the header cells in a tagged PDF's tables.

WeasyPrint tags a table's header cells as ``TH`` and links each data cell to its headers through
``Headers`` and ``ID`` where it can follow the rows, but it never writes the ``Scope`` attribute
(ISO 32000-1, 14.8.5.7, table 349), the one a screen reader reads to know whether a header heads a
column or a row. This ``write_pdf`` finisher (the contract described in ``pdf_fonts``) gives each
``TH`` the scope of an HTML header cell without a ``scope`` attribute: a header in the table's head,
or in a row of headers only, heads its column; a header beside data cells heads its row. It reads
the structure tree through pydyf's own classes and the keys of the PDF standard (``S``, ``P``,
``K``, ``A``), never WeasyPrint's modules.
"""

from __future__ import annotations

from typing import Any


def scope_table_headers(_document: Any, pdf: Any) -> None:
    """A ``write_pdf`` finisher: give every ``TH`` structure element a ``Scope`` (Column or Row)."""
    import pydyf

    objects = {obj.reference: obj for obj in pdf.objects if isinstance(obj, pydyf.Dictionary)}
    for obj in objects.values():
        if obj.get("S") == "/TH":
            attributes = obj.setdefault("A", pydyf.Dictionary({"O": "/Table"}))
            attributes["Scope"] = header_scope(objects, obj)


def header_scope(objects: dict[Any, Any], header: Any) -> str:
    """``/Column`` for a header in a ``THead`` or in a row of headers only, else ``/Row``."""
    row = objects[header["P"]]
    if objects[row["P"]].get("S") == "/THead":
        return "/Column"
    cells = [objects[kid].get("S") for kid in row["K"] if kid in objects]
    return "/Column" if all(kind == "/TH" for kind in cells) else "/Row"
