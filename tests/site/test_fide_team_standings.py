"""The FIDE team Swiss's team tiebreaks (`team_tiebreaks`) reach every place the team standings are
shown: the standings page (the primary score, then the chain), its CSV file, each team's page, the
printed bulletin's standings and event.json (its schema), each with the same values, computed once."""

from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.render.textlines import team_standing_lines
from site_builder.results import event_results
from site_builder.tournament.generate import write_generated
from site_builder.tournament.generator import Spec
from site_builder.views.i18n import Labels
from site_builder.views.pages import event_pages

ROOT = Path(__file__).resolve().parents[2]
CHAIN = ["GP", "BH:MP", "EMGSB", "DE"]


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated FIDE team Swiss of 8 teams of 2 boards, ranked by the chain."""
    content = tmp_path_factory.mktemp("fide-team") / "content"
    event = content / "2027-cup"
    write_generated(Spec(seed=5, system="fide-team", players=8, boards=2, tiebreaks=tuple(CHAIN)), event)
    return content


@pytest.fixture(scope="module")
def site(content: Path) -> Path:
    build_site(content, content.parent / "out", pdf=False)
    return content.parent / "out" / "2027-cup"


def number(text: str | None) -> Fraction | None:
    """A shown value as a number (blank or null: none)."""
    return Fraction(Decimal(text)) if text else None


def _page_rows(page: Path) -> list[list[str]]:
    table = page.read_text(encoding="utf-8").split('<table class="standings">', 1)[1].split("</table>", 1)[0]
    cells = re.compile(r"<t[hd][^>]*>(.*?)</t[hd]>", re.S)
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in cells.findall(row)]
            for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)]


def test_the_page_the_csv_and_event_json_show_the_same_values(site: Path) -> None:
    document = json.loads((site / "event.json").read_text(encoding="utf-8"))
    [section] = document["sections"]
    assert section["team_tiebreaks"] == CHAIN
    latest = section["team_standings"][-1]
    page = _page_rows(site / "open" / f"standings-{latest['after']:02d}.html")
    head = page[0]
    assert head[:4 + len(CHAIN)] == ["Rk", "No.", "Team", "MP", *CHAIN]  # the primary score, the chain
    at = 4
    text = (site / "open" / "team-standings.csv").read_text(encoding="utf-8-sig")
    sheet = list(csv.reader(io.StringIO(text)))
    assert sheet[0][at:at + len(CHAIN)] == CHAIN
    for row, shown, written in zip(latest["rows"], page[1:], sheet[1:], strict=True):
        assert int(shown[1]) == int(written[1]) == row["team"]
        values = [number(v) for v in row["tiebreaks"]]
        assert [number(v) for v in shown[at:at + len(CHAIN)]] == values
        assert [number(v) for v in written[at:at + len(CHAIN)]] == values
        assert values[0] == number(row["game_points"])  # GP is the team's game points
        card = (site / "open" / "teams" / f"{row['team']}.html").read_text(encoding="utf-8")
        assert f"<dt>BH:MP</dt><dd>{shown[at + 1]}</dd>" in card  # the team's page gives its row


def test_event_json_follows_its_schema(site: Path) -> None:
    schema = json.loads((ROOT / "docs" / "event.schema.json").read_text(encoding="utf-8"))
    validator = Draft202012Validator(schema, format_checker=FormatChecker())
    document = json.loads((site / "event.json").read_text(encoding="utf-8"))
    assert [f"{e.json_path}: {e.message}" for e in validator.iter_errors(document)] == []


def test_the_printed_standings_have_the_chain_s_columns(content: Path) -> None:
    event = load_checked(content).events[0]
    pages = {p.path: p.data() for p in event_pages(event, event_results(event), pdfs=True)}
    context = next(c for path, c in sorted(pages.items()) if path.endswith("bulletin-round-03.pdf"))
    lines = [re.sub(r"<[^>]+>", "", str(line)).split() for line in
             team_standing_lines(context["team_standings"], Labels("en"), context["standings_prizes"])]
    assert not context["standings_final"] and lines[0] == ["Rk", "No.", "Team", "MP", *CHAIN]
    rows = {int(r["team"]["number"]): r for r in context["team_standings"]}
    for line in lines[1:]:
        shown = [c["value"] for c in rows[int(line[1])]["cells"] if c["value"]]  # DE may be blank
        assert line[-len(shown):] == shown


def test_the_individual_standings_show_the_chain_that_orders_them_and_the_game_s_sides(site: Path) -> None:
    """A team event's individual standings: each player's games headed by the game's sides (chess:
    White and Black, not xiangqi's Red), the columns of the individual chain that orders the rows
    with the values event.json gives, and the legend naming them."""
    document = json.loads((site / "event.json").read_text(encoding="utf-8"))
    [section] = document["sections"]
    latest = section["standings"][-1]
    page = _page_rows(site / "open" / "individual.html")
    chain = ["BH-C1", "BH", "SB", "DE", "WIN"]
    assert page[0] == ["Rk", "No.", "Name", "Team", "Pts", *chain, "White games", "Black games"]
    for row, shown in zip(latest["rows"], page[1:], strict=True):
        assert int(shown[1]) == row["player"]
        assert [number(v) for v in shown[5:10]] == [number(v) for v in row["tiebreaks"]]
    text = (site / "open" / "individual.html").read_text(encoding="utf-8")
    assert "Tiebreaks: BH-C1: Buchholz Cut-1 (C.07 8.1); BH: Buchholz" in text and ">Red<" not in text


def test_final_standings_without_prizes_have_no_prize_column(site: Path) -> None:
    """The section has no place prizes: its final team standings, on the page and in the CSV file,
    end with the chain (as an individual section without prizes shows none)."""
    document = json.loads((site / "event.json").read_text(encoding="utf-8"))
    latest = document["sections"][0]["team_standings"][-1]["after"]
    assert document["sections"][0]["status"] == "finished"
    head = ["Rk", "No.", "Team", "MP", *CHAIN]
    assert _page_rows(site / "open" / f"standings-{latest:02d}.html")[0] == head
    text = (site / "open" / "team-standings.csv").read_text(encoding="utf-8-sig")
    assert next(csv.reader(io.StringIO(text))) == head
