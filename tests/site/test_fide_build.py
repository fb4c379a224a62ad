"""The FIDE C.07 example event (tests/fixtures/fide-open) built end to end: standings pages, the
crosstable, player cards, the round PDF and event.json show the C.07 tiebreaks and the half-point bye.
The values are those worked by hand in tests/engine/test_fide_tiebreaks.py."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from site_builder.build import build_site

ROOT = Path(__file__).parent.parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "fide-open"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fide") / "out"
    build_site(FIXTURE, out, pdf=True, jobs=1)
    return out / "fide-open"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_standings_show_c07_acronyms_and_values(site: Path) -> None:
    html = (site / "main" / "standings-04.html").read_text(encoding="utf-8")
    assert "Buchholz Cut-1 (C.07 8.1)" in html
    text = _text(html)
    for acronym in ("DE", "BH-C1", "BH", "BH-C2", "BH-M1", "SB", "WIN", "WON", "BPG", "BWG", "PS", "ARO",
                    "ARO-C1", "KS", "AOB"):
        assert f" {acronym} " in text
    # Dia first on BH-C1 7.5 (Article 16: Ben's half-point bye is cut first, 4.0); each with the
    # rating, the section's only optional column (no title, federation or club: none shown)
    assert re.search(r"1 4 Dia 1700 3\.0 7\.5 9\.0 6\.0 4\.5 6\.75 2 1 3 1 7\.5 1753 2000 0\.5 7\.0", text)
    assert re.search(r"3 2 Ben 1900 3\.0 4\.0 7\.0 3\.5 2\.0 4\.75", text)
    assert " Rtg " in text and not re.search(r" (Title|FED|Club) ", text)


def test_round_page_crosstable_and_card_show_the_half_point_bye(site: Path) -> None:
    assert "½-point bye" in (site / "main" / "round-02.html").read_text(encoding="utf-8")
    assert "½-point bye" in (site / "main" / "crosstable.html").read_text(encoding="utf-8")
    assert "½-point bye" in (site / "main" / "players" / "2.html").read_text(encoding="utf-8")


def test_pdf_standings_have_the_fide_columns(site: Path) -> None:
    text = subprocess.run(["pdftotext", "-layout", str(site / "main" / "bulletin-round-04.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert re.search(r"BH-C1\s+BH\s+BH-C2\s+BH-M1\s+SB", text)
    assert re.search(r"Ben\s+1900\s+3\.0\s+4\.0\s+7\.0", text)


def test_event_json_is_exact_and_valid(site: Path) -> None:
    schema = json.loads((ROOT / "docs" / "event.schema.json").read_text(encoding="utf-8"))
    data = json.loads((site / "event.json").read_text(encoding="utf-8"))
    Draft202012Validator(schema).validate(data)
    section = data["sections"][0]
    assert (section["tiebreak_rules"], section["c07_text"]) == ("fide", "2023")  # dates: [2025-05-03, …]
    assert section["rounds"][1]["half_byes"] == [2]
    final = section["standings"][-1]["rows"]
    assert [row["player"] for row in final] == [4, 1, 2, 3, 6, 5, 7]
    aob = [tb["id"] for tb in section["tiebreaks"]].index("opponents-buchholz")
    assert final[1]["tiebreaks"][aob] == "9.13"  # C.07 8.2: to the hundredth


def test_chess_cards_show_expected_scores_rating_change_and_performance(example_site) -> None:
    """The numbers of tests/engine/test_rating.py (Andersen, derived by hand) on his card."""
    card = (example_site / "2026-spring-open/main/players/1.html").read_text("utf-8")
    assert "Rating change" in card and "<dd class=\"strong\">-13.2 <small" in card and "<dd>2276</dd>" in card
    assert '<td>0.88</td><td>+2.4</td>' in card
    xiangqi = (example_site / "2017-xiangqi-national/women/players/1.html").read_text("utf-8")
    assert "等级分变化" not in xiangqi  # FIDE ratings are chess's


def test_rating_columns_in_the_standings_page_pdf_and_csv(example_site) -> None:
    """content/2026-spring-open sets `rating_columns: true`: Andersen's row ends with his rating
    change and performance after round 7 (tests/engine/test_rating.py), on the page, in the CSV and
    in the bulletin."""
    page = (example_site / "2026-spring-open/main/standings-07.html").read_text("utf-8")
    assert '<td>-13.2</td><td>2276</td>' in page and ">ΔR</abbr>" in page
    csv_text = (example_site / "2026-spring-open/main/standings.csv").read_text("utf-8-sig")
    assert csv_text.splitlines()[0].endswith(",WIN,ΔR,Perf")
    assert '6,1,"Andersen, Lars",DEN,2366,4.5,26.5,29.5,16.75,,4,-13.2,2276' in csv_text
    pdf = example_site / "2026-spring-open/main/bulletin-round-07.pdf"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert re.search(r"Andersen, Lars.*-13\.2\s+2276", text)
