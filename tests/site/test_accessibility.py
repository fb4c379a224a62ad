"""Every kind of page passes axe-core (the rules of WCAG 2 A/AA and axe's best practices) at phone
and desktop width, in headless Chromium: links in text told apart by more than colour
(link-in-text-block), headings in order (heading-order), scrollable tables reachable by keyboard
(scrollable-region-focusable), and the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

axe_package = pytest.importorskip("axe_playwright_python")
AXE = (Path(axe_package.__file__).parent / "axe.min.js").read_text(encoding="utf-8")

#: one page of every kind the example site has (both languages)
PAGE_KINDS = [
    "index.html", "2017-xiangqi-national/index.html", "2017-xiangqi-national/regulations.html",
    "2017-xiangqi-national/women/players.html", "2017-xiangqi-national/women/round-01.html",
    "2017-xiangqi-national/women/standings-01.html", "2017-xiangqi-national/women/crosstable.html",
    "2017-xiangqi-national/women/players/1.html", "2017-xiangqi-national-full/women/codes.html",
    "2017-xiangqi-national-full/men-a/round-06.html", "2017-xiangqi-national-full/men-a/placings.html",
    "2017-xiangqi-national-full/men-a/players/1.html", "2023-yuangou-cup/open/round-05.html",
    "2023-yuangou-cup/open/standings-05.html", "2023-yuangou-cup/open/teams.html",
    "2023-yuangou-cup/open/teams/1.html", "2023-yuangou-cup/open/individual.html",
    "2023-yuangou-cup/open/crosstable.html", "2023-yuangou-cup/open/boards.html",
    "2024-gomoku-open/open/elimination.html",
    "2024-gomoku-open/open/final.html", "2024-gomoku-open/en/open/standings-07.html",
    "2024-student-shogi-league/league/groups.html", "2024-student-shogi-league/league/stage2.html",
    "2024-student-shogi-league/league/challenges.html", "2024-student-shogi-league/league/ranking.html",
    "2024-student-shogi-league/league/schools.html", "2025-club-open/open/prizes.html",
    "2025-club-open/open/certificates.html", "2026-spring-open/index.html",
    "2026-spring-open/main/statistics.html", "2026-spring-open/main/round-03.html",
    "2026-spring-open/main/standings-07.html", "2026-spring-open/main/crosstable-start.html",
    "2026-spring-open/main/players.html", "2026-spring-open/main/round-06-why.html",
    "2026-go-mcmahon/open/round-03-why.html", "2026-go-mcmahon/open/round-03.html",
    "2017-xiangqi-national-full/men-a/bracket.html", "en/index.html",
    "2024-gomoku-open/en/open/round-07.html", "2017-xiangqi-national/women/round-01.html",
]


@pytest.mark.parametrize("width", [1366, 390])
def test_every_page_kind_has_no_axe_violation(browser, example_site: Path, width: int) -> None:
    found = []
    page = browser.new_page(viewport={"width": width, "height": 900})
    for path in PAGE_KINDS:
        page.goto((example_site / path).as_uri())
        page.add_script_tag(content=AXE)
        violations = page.evaluate("""async () => (await axe.run(document)).violations.map(
            v => `${v.id} (${v.nodes.length}): ${v.nodes[0].target.join(' ')}`)""")
        found += [f"{path}: {v}" for v in violations]
    page.close()
    assert found == [], "\n".join(found)
