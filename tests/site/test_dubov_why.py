"""The page "Why these pairings?" of a Dubov round: its brackets with residents and upfloaters,
each table's ratings, AROs and colour preferences with the article of C.04.4.1 §5.2 that gives the
colours (the rule's on every table of a generated event), and the bye."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.tournament.generate import write_generated
from site_builder.tournament.generator import Spec


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    content = tmp_path_factory.mktemp("dubovwhy") / "content"
    write_generated(Spec(seed=12, system="dubov", players=9, rounds=4, baku=True), content / "cup")
    output = content.parent / "output"
    build_site(content, output, pdf=False)
    return next(output.glob("cup/*/round-01.html")).parent


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_each_round_links_its_explanation(site: Path, number: int) -> None:
    page = (site / f"round-{number:02d}.html").read_text(encoding="utf-8")
    assert f'href="round-{number:02d}-why.html"' in page


def test_the_page_names_brackets_aro_and_the_colour_article(site: Path) -> None:
    page = html.unescape((site / "round-03-why.html").read_text(encoding="utf-8"))
    assert "FIDE Dubov rules (C.04.4.1)" in page and "bracket of score" in page
    assert re.search(r"rating \d+, ARO \d+", page)
    assert "colours by C.04.4.1 art. 5.2." in page and "set by hand" not in page
    assert "pairing-allocated bye" in page and "virtual" in page  # 9 players; Baku's virtual points
