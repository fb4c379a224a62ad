"""A shogi event as `bulletin new --game shogi` makes it (tests/fixtures/shogi-ties: 2/1/0 scoring,
`tiebreaks: [wins]`, players 1, 3 and 6 equal on places 1-3 after the whole chain): every page, its
English twin and the round bulletin tell one answer (docs/content.md, "One format")."""

from __future__ import annotations

import csv
import re
import subprocess
from pathlib import Path

import pytest

from site_builder.build import build_site

FIXTURE = Path(__file__).parent.parent / "fixtures" / "shogi-ties"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("shogi-ties") / "out"
    build_site(FIXTURE, out, pdf=True, jobs=1)
    return out / "shogi-ties"


def _text(path: Path) -> str:
    html = re.sub(r"<script.*?</script>", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def _pdf(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def test_the_crosstable_cells_are_the_sections_points_and_add_up(site: Path) -> None:
    """Under 2/1/0 a won game's cell says 2 and a drawn one 1, as the points column beside them
    (5 = 2 + 1 + 0 + 2), on the page, in the CSV, on the English twin and in the round bulletin."""
    rows = list(csv.reader((site / "open" / "crosstable.csv").read_text("utf-8-sig").splitlines()))
    assert rows[1][1:8] == ["1", "藤井聡太", "4先2", "6後1", "3先0", "7後2", "5"]
    assert "1-3 1 藤井聡太 4先2 6後1 3先0 7後2 5 2" in _text(site / "open" / "crosstable.html")
    english = _text(site / "en" / "open" / "crosstable.html")
    assert "4S2 6G1 3S0 7G2 5" in english
    assert "the result (2 win, 1 draw, 0 loss)" in english
    assert "1* scored a draw's points, 0* a loss's" in english  # 里見's ½-0 of round 2
    bulletin = _pdf(site / "open" / "bulletin-round-04.pdf")
    assert re.search(r"藤井聡太\s+4先2\s+6後1\s+3先0\s+7後2\s+5", bulletin)
