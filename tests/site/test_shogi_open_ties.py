"""A shogi event as `bulletin new --game shogi` makes it (tests/fixtures/shogi-ties: 2/1/0 scoring,
`tiebreaks: [wins]`, players 1, 3 and 6 equal on places 1-3 after the whole chain): every page, its
English twin and the round bulletin tell one answer (docs/content.md, "One format")."""

from __future__ import annotations

import csv
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.build import BuildReport, build_site
from site_builder.cli import main

FIXTURE = Path(__file__).parent.parent / "fixtures" / "shogi-ties"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, BuildReport]:
    out = tmp_path_factory.mktemp("shogi-ties") / "out"
    report = build_site(FIXTURE, out, pdf=True, jobs=1)
    return out / "shogi-ties", report


@pytest.fixture(scope="module")
def site(built: tuple[Path, BuildReport]) -> Path:
    return built[0]


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


def test_players_the_chain_leaves_equal_share_their_prize_places(site: Path) -> None:
    """docs/content.md, "Prizes": 1, 3 and 6 are 1-3 after `tiebreaks: [wins]`; under the default
    `sharing: tiebreak` they pool prizes 1–3 (30000 + 20000 + 10000 JPY) and take 20000 JPY each,
    never 1st/2nd/3rd by pairing number: on the prize list, its English twin, the last round's
    bulletin and the certificates; the women's prize goes to a woman without a share (里見)."""
    page = _text(site / "open" / "prizes.html")
    assert "総合順位賞 · 1～3位 20000 JPY 藤井聡太 、 西山朋佳 、 豊島将之" in page
    assert "30000" not in page and "10000" not in page
    assert "女性賞 · 1位 5000 JPY 里見香奈" in page
    english = _text(site / "en" / "open" / "prizes.html")
    assert ("Overall · prizes 1–3 20000 JPY 藤井聡太 ; 西山朋佳 ; 豊島将之 "
            "(tied players share the money)") in english
    bulletin = _pdf(site / "open" / "bulletin-round-04.pdf")
    shared = r"総合順位賞 · 1～3位\s+藤井聡太、西山朋佳、豊島将之\s+(1-3、?){3}\s+20000 JPY"
    assert re.search(shared, bulletin)
    certificates = _pdf(site / "open" / "certificates.pdf")
    assert certificates.count("総合順位賞 · 1～3位") == 3 and "総合順位賞 · 1位" not in certificates
    assert _text(site / "open" / "certificates.html").count("総合順位賞 · 1～3位") == 3


def _prizes_line() -> str:
    lines = (FIXTURE / "event.yaml").read_text("utf-8").splitlines()
    return f"event.yaml:{lines.index('    prizes:') + 1}:5: "


def test_build_and_check_warn_of_the_shared_prize_at_the_prizes_line(built: tuple[Path, BuildReport]) -> None:
    """One located warning, the same from `build` and `check`, naming the players and the places,
    with a hint (a further tiebreak, or the playoff's `ranking_order`); `--strict` rejects it."""
    warnings = [str(w) for w in built[1].warnings]
    assert len(warnings) == 1 and _prizes_line() in warnings[0]
    assert ("藤井聡太, 西山朋佳, 豊島将之 are equal on places 1–3 of 'オープン' after the whole tiebreak "
            "chain (wins): they share prizes 1–3") in warnings[0]
    assert "(hint: " in warnings[0] and "'ranking_order:'" in warnings[0]
    checked = CliRunner().invoke(main, ["check", str(FIXTURE)])
    assert checked.exit_code == 0 and f"warning: {warnings[0]}" in checked.output, checked.output
    assert CliRunner().invoke(main, ["check", str(FIXTURE), "--strict"]).exit_code != 0
