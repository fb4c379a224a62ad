"""Tagged round bulletins (render/pdf.py, WeasyPrint's `pdf_tags`): a structure tree of headings and
tables, the page language, and the mark that poppler reads as `Tagged: yes`."""

from __future__ import annotations

import subprocess
from collections import Counter
from pathlib import Path

from pypdf import PdfReader

_ROUNDS = {"2023-yuangou-cup/open/bulletin-round-02.pdf": "zh-CN",
           "2024-gomoku-open/en/open/bulletin-round-07.pdf": "en"}


def _structure(node, found: Counter) -> Counter:
    """The structure types (/H1, /Table, …) under `node`, counted."""
    node = node.get_object()
    if isinstance(node, list):
        for child in node:
            _structure(child, found)
    elif hasattr(node, "get") and "/S" in node:
        found[str(node["/S"])] += 1
        if "/K" in node:
            _structure(node["/K"], found)
    return found


def test_round_bulletins_are_tagged(example_site: Path) -> None:
    for name, language in _ROUNDS.items():
        pdf = example_site / name
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        assert "Tagged:          yes" in info, name
        catalog = PdfReader(pdf).trailer["/Root"]
        assert bool(catalog["/MarkInfo"]["/Marked"])
        assert catalog["/Lang"] == language
        tags = _structure(catalog["/StructTreeRoot"]["/K"], Counter())
        assert tags["/H1"] == 1 and tags["/H2"] >= 1, (name, tags)
        assert tags["/Table"] >= 1 and tags["/TH"] >= 1 and tags["/TD"] >= 1, (name, tags)
