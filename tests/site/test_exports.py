"""Exports: event.json (validated against docs/event.schema.json), Atom feeds, sitemap.xml, and the
canonical link and Open Graph tags of every page."""

from __future__ import annotations

import copy
import json
import posixpath
import re
import shutil
import xml.etree.ElementTree as ET
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import get_args
from urllib.parse import quote, unquote, urljoin

import pytest
import yaml
from click.testing import CliRunner
from jsonschema import Draft202012Validator, FormatChecker

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.model import TiebreakId
from site_builder.render.exports import exact, normalize_base_url
from site_builder.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
EVENTS = sorted(p.name for p in CONTENT.iterdir() if (p / "event.yaml").is_file())
BASE = "https://example.org/bulletins/"  # a base URL with a sub-path
A = "{http://www.w3.org/2005/Atom}"
SM = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)">')


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = json.loads((ROOT / "docs" / "event.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=FormatChecker())


def test_the_schema_names_every_system_and_tiebreak_of_the_content(validator: Draft202012Validator) -> None:
    """One list of systems and of tiebreak ids: the schema's enums are the model's."""
    section = validator.schema["$defs"]["section"]["properties"]
    assert section["system"]["enum"] == list(SYSTEMS)
    ids = section["tiebreaks"]["items"]["properties"]["id"]["enum"]
    assert set(ids) | {"points"} == set(get_args(TiebreakId)) | {"points"}


@pytest.fixture(scope="module")
def based_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example content built with a base URL (given without its final slash)."""
    output = tmp_path_factory.mktemp("based") / "output"
    build_site(CONTENT, output, pdf=False, base_url=BASE.rstrip("/"))
    return output


def _errors(validator: Draft202012Validator, document: dict) -> list[str]:
    return [f"{e.json_path}: {e.message}" for e in validator.iter_errors(document)]


def _load(site: Path, event: str) -> dict:
    return json.loads((site / event / "event.json").read_text(encoding="utf-8"))


def _html_files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*.html")}


# ---------------------------------------------------------------- event.json


def test_exact_decimals() -> None:
    assert [exact(v) for v in (0, 2, 14, -3)] == ["0", "2", "14", "-3"]
    assert [exact(Fraction(n, d)) for n, d in ((5, 2), (1, 8), (-3, 2), (1, 20), (101, 100))] == [
        "2.5", "0.125", "-1.5", "0.05", "1.01"]
    assert exact(Fraction(4, 3)) == "4/3" and exact(Fraction(-1, 6)) == "-1/6"


@pytest.mark.parametrize("event", EVENTS)
def test_event_json_validates_against_the_schema(example_site: Path, validator, event: str) -> None:
    text = (example_site / event / "event.json").read_text(encoding="utf-8")
    assert text.endswith("}\n")
    assert not re.search(r"\\u(?!003c|003e|0026)", text)  # ensure_ascii=False: names as written
    document = json.loads(text)
    assert _errors(validator, document) == []
    compact = json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    assert compact.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026") + "\n" == text
    site = load_checked(CONTENT / event)
    loaded = site.events[0]
    assert document["event"]["slug"] == event and document["event"]["name"] == loaded.name
    assert [s["id"] for s in document["sections"]] == [s.id for s in loaded.sections]
    for exported, section in zip(document["sections"], loaded.sections, strict=True):
        assert [p["number"] for p in exported["players"]] == sorted(p.number for p in section.players)
        assert [r["number"] for r in exported["rounds"]] == [r.number for r in section.rounds]
        for rnd in [*exported["rounds"], *([exported["next_round"]] if exported["next_round"] else [])]:
            assert (example_site / event / rnd["url"]).is_file(), rnd["url"]
        for player in exported["players"]:
            assert (example_site / event / player["url"]).is_file(), player["url"]


def test_schema_rejects_what_the_export_never_writes(example_site: Path, validator) -> None:
    document = _load(example_site, "2017-xiangqi-national-full")
    assert _errors(validator, document) == []
    women, _men_b, men_a = document["sections"]
    for spoil in (
        lambda d: d["sections"][0]["rounds"][0]["games"][0].update(outcome="won"),
        lambda d: d["sections"][0]["standings"][0]["rows"][0].update(points=2.0),  # a float, not exact
        lambda d: d["sections"][0]["standings"][0]["rows"][0].update(points="2.50"),
        lambda d: d["sections"][0]["players"][0].update(secret=1),
        lambda d: d["sections"][2]["rounds"][0].pop("matches"),  # a knockout round without its matches
        lambda d: d["sections"][2].pop("placings"),
        lambda d: d["sections"][0].update(teams=[]),  # teams only in team sections
    ):
        spoiled = copy.deepcopy(document)
        spoil(spoiled)
        assert _errors(validator, spoiled), spoil
    assert women["system"] == "swiss-positional" and men_a["system"] == "knockout"


def test_standings_and_tiebreaks_are_exact(example_site: Path) -> None:
    """Women round 1 (seed 004): the bye scores 2; its opponent score is the lowest positive score, 1."""
    women = _load(example_site, "2017-xiangqi-national")["sections"][0]
    assert [tb["id"] for tb in women["tiebreaks"]][:2] == ["opponent-score", "cumulative"]
    (after_one,) = women["standings"]
    assert after_one["after"] == 1 and after_one["pending"] == 4
    first = after_one["rows"][0]
    names = {p["number"]: p["name"] for p in women["players"]}
    assert names[first["player"]] == "李鎣" and first["points"] == "2" and first["tiebreaks"][0] == "1"
    assert all(len(row["tiebreaks"]) == len(women["tiebreaks"]) for row in after_one["rows"])
    (round_one,) = women["rounds"]
    assert round_one["pending"] == 4 and len(round_one["byes"]) == 1 and round_one["date"] == "2017-10-24"
    assert {g["result"] for g in round_one["games"]} >= {"2:0", "0:2", "?"}
    assert {g["outcome"] for g in round_one["games"]} >= {"first-wins", "second-wins", "pending"}
    gomoku = _load(example_site, "2024-gomoku-open")["sections"][0]
    cuts = gomoku["standings"][-1]["rows"][0]["tiebreaks"][1]
    assert isinstance(cuts, list) and all(isinstance(v, str) for v in cuts)  # progressive cuts
    assert gomoku["eliminated"] and gomoku["status"] == "finished"
    assert any(r["playoffs"] for r in gomoku["rounds"])


def test_team_and_knockout_sections(example_site: Path) -> None:
    team = _load(example_site, "2023-yuangou-cup")["sections"][0]
    assert len(team["teams"]) == 13 and all(len(t["players"]) == 3 for t in team["teams"])
    match = team["rounds"][0]["team_matches"][0]
    assert len(match["games"]) == 3 and match["match_points"] and match["game_points"]
    assert sum(Fraction(p) for p in match["game_points"]) == 6  # three boards of 2/1/0
    assert len(team["team_standings"]) == 5 and team["team_standings"][-1]["rows"][0]["place"] == 1
    halves = [r["cumulative"] for s in team["team_standings"] for r in s["rows"] if "." in r["cumulative"]]
    assert halves and all(h.endswith(".5") for h in halves)  # 2.5 match points stay exact strings
    assert all(r["team_byes"] for r in team["rounds"])  # 13 teams: a bye every round
    men_a = _load(example_site, "2017-xiangqi-national-full")["sections"][2]
    kinds = {g["kind"] for r in men_a["rounds"] for m in r["matches"] for g in m["games"]}
    assert kinds == {"slow", "rapid", "blitz", "armageddon"}
    final = next(m for m in men_a["rounds"][-1]["matches"] if m["placement"] == "final")
    assert final["winner"] in final["players"] and final["decided_by"]
    assert men_a["standings"] == [] and len(men_a["placings"]) == 64
    assert [p["first"] for p in men_a["placings"] if p["decided"] and not p["shared"]][:2] == [1, 2]


def _complete_round_one(tmp_path: Path) -> Path:
    """The seed-004 example with round 1's four pending results entered as draws (as in test_pair)."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "2017-xiangqi-national", content / "2017-xiangqi-national")
    round_one = content / "2017-xiangqi-national" / "women" / "rounds" / "01.yaml"
    round_one.write_text(round_one.read_text(encoding="utf-8").replace('"?"', '"1:1"'), encoding="utf-8")
    return content


def test_next_round_is_the_provisional_pairing(tmp_path: Path, validator) -> None:
    content = _complete_round_one(tmp_path)
    build_site(content, tmp_path / "out", pdf=False)
    women = _load(tmp_path / "out", "2017-xiangqi-national")["sections"][0]
    assert _errors(validator, _load(tmp_path / "out", "2017-xiangqi-national")) == []
    preview = women["next_round"]
    assert preview["number"] == 2 and preview["provisional"] and not preview["published"]
    assert len(preview["games"]) == 25 and len(preview["byes"]) == 1 and preview["pending"] == 25
    assert {g["outcome"] for g in preview["games"]} == {"pending"}
    page = (tmp_path / "out" / "2017-xiangqi-national" / preview["url"]).read_text(encoding="utf-8")
    names = {p["number"]: p["name"] for p in women["players"]}
    assert names[preview["games"][0]["first"]][-1] in page


def test_team_and_knockout_previews(tmp_path: Path, validator) -> None:
    content = tmp_path / "content"
    for event in ("2023-yuangou-cup", "2017-xiangqi-national-full"):
        shutil.copytree(CONTENT / event, content / event)
    for path in ("2023-yuangou-cup/open/rounds/04.yaml", "2023-yuangou-cup/open/rounds/05.yaml",
                 "2017-xiangqi-national-full/men-a/rounds/05.yaml",
                 "2017-xiangqi-national-full/men-a/rounds/06.yaml"):
        (content / path).unlink()
    build_site(content, tmp_path / "out", pdf=False)
    cup = _load(tmp_path / "out", "2023-yuangou-cup")
    assert _errors(validator, cup) == []
    preview = cup["sections"][0]["next_round"]
    assert preview["number"] == 4 and len(preview["team_matches"]) == 6 and len(preview["team_byes"]) == 1
    assert all(m["match_points"] is None for m in preview["team_matches"])
    national = _load(tmp_path / "out", "2017-xiangqi-national-full")
    assert _errors(validator, national) == []
    ko = national["sections"][2]["next_round"]
    assert ko["number"] == 5 and len(ko["matches"]) == 4
    assert all(m["slow_points"] is None and m["winner"] is None for m in ko["matches"])


def test_codes_stay_out_of_the_json_until_published(tmp_path: Path, validator) -> None:
    """Seed 004 二.2: `pair` draws the codes into codes.yaml; they stay secret while rounds remain."""
    content = _complete_round_one(tmp_path)
    assert CliRunner().invoke(main, ["pair", str(content)]).exit_code == 0
    women = content / "2017-xiangqi-national" / "women"
    codes = yaml.safe_load((women / "codes.yaml").read_text(encoding="utf-8"))["codes"]
    assert sorted(codes.values()) == list(range(1, 52))
    out = tmp_path / "out"
    build_site(content, out, pdf=False)  # 2 rounds of 9: the codes are secret
    text = (out / "2017-xiangqi-national" / "event.json").read_text(encoding="utf-8")
    assert '"code"' not in text
    document = json.loads(text)
    assert _errors(validator, document) == []
    assert all("code" not in p for p in document["sections"][0]["players"])
    # with 2 rounds planned the last round is paired: the codes are published, in the JSON too
    event_file = content / "2017-xiangqi-national" / "event.yaml"
    event_file.write_text(event_file.read_text(encoding="utf-8").replace("rounds: 9", "rounds: 2"),
                          encoding="utf-8")
    build_site(content, out, pdf=False)
    document = _load(out, "2017-xiangqi-national")
    assert _errors(validator, document) == []
    published = {p["name"]: p["code"] for p in document["sections"][0]["players"]}
    assert published == {str(name): code for name, code in codes.items()}


# ---------------------------------------------------------------- feed.xml


def _published_rounds(site: Path, event: str) -> list[tuple[str, dict]]:
    return [(s["id"], r) for s in _load(site, event)["sections"] for r in s["rounds"] if r["published"]]


@pytest.mark.parametrize("event", EVENTS)
def test_feed_is_atom_with_links_relative_to_the_feed(example_site: Path, event: str) -> None:
    feed = ET.parse(example_site / event / "feed.xml").getroot()
    assert feed.tag == f"{A}feed"
    assert feed.findtext(f"{A}id").startswith("tag:") and feed.findtext(f"{A}title")
    entries = feed.findall(f"{A}entry")
    published = _published_rounds(example_site, event)
    assert len(entries) == len(published) > 0
    ids = [e.findtext(f"{A}id") for e in entries]
    assert len(set(ids)) == len(ids) and all(i.startswith("tag:") for i in ids)
    expected = {f"{section}/round-{r['number']:02d}.html": r for section, r in published}
    updated = []
    for entry in entries:
        href = entry.find(f"{A}link[@rel='alternate']").get("href")
        assert not href.startswith(("/", "http")), href
        assert (example_site / event / unquote(href)).is_file(), href
        rnd = expected.pop(unquote(href))
        # the last commit of the round file (the examples are in git), else the round's date
        stamp = entry.findtext(f"{A}updated")
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)", stamp)
        if rnd["date"] and stamp.endswith("T00:00:00Z"):
            assert stamp == f"{rnd['date']}T00:00:00Z"
        updated.append(stamp)
        assert entry.findtext(f"{A}title")
    assert expected == {}
    instants = [datetime.fromisoformat(stamp.replace("Z", "+00:00")) for stamp in updated]
    assert instants == sorted(instants, reverse=True)  # newest first
    assert feed.findtext(f"{A}updated") == updated[0]
    assert feed.find(f"{A}link[@rel='self']").get("href") == "feed.xml"


def test_feed_links_are_absolute_under_a_base_url(example_site: Path, based_site: Path) -> None:
    for event in EVENTS:
        relative = ET.parse(example_site / event / "feed.xml").getroot()
        absolute = ET.parse(based_site / event / "feed.xml").getroot()
        feed_url = f"{BASE}{event}/feed.xml"
        assert absolute.find(f"{A}link[@rel='self']").get("href") == feed_url
        pairs = list(zip(relative.iter(f"{A}link"), absolute.iter(f"{A}link"), strict=True))
        for near, far in pairs:
            assert far.get("href").startswith(BASE)
            assert urljoin(feed_url, near.get("href")) == far.get("href")
        # the ids do not depend on the base URL: readers never see an entry twice
        assert [e.text for e in relative.iter(f"{A}id")] == [e.text for e in absolute.iter(f"{A}id")]


def test_feed_escapes_markup_in_names(tmp_path: Path, small_event) -> None:

    content = tmp_path / "content"
    small_event(content / "cup", name='R&D <Cup> "2025"', language="en")
    path = content / "cup" / "open" / "rounds" / "01.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('[1, 1, 3, "?"]', '[1, 1, 3, "1-0"]'),
                    encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False, base_url="http://localhost:8000")
    feed = ET.parse(tmp_path / "out" / "cup" / "feed.xml").getroot()
    assert feed.findtext(f"{A}title") == 'R&D <Cup> "2025"'
    assert feed.find(f"{A}link[@rel='self']").get("href") == "http://localhost:8000/cup/feed.xml"
    (entry,) = feed.findall(f"{A}entry")
    assert entry.find(f"{A}link").get("href") == "http://localhost:8000/cup/open/round-01.html"
    ET.parse(tmp_path / "out" / "sitemap.xml")
    text = (tmp_path / "out" / "cup" / "event.json").read_text(encoding="utf-8")
    assert "<" not in text and "&" not in text  # escaped as \u003c, \u0026: never markup
    assert json.loads(text)["event"]["name"] == 'R&D <Cup> "2025"'


# ---------------------------------------------------------------- sitemap.xml, canonical, Open Graph


def test_sitemap_lists_every_page_under_the_base_url(based_site: Path) -> None:
    root = ET.parse(based_site / "sitemap.xml").getroot()
    assert root.tag == f"{SM}urlset"
    locs = [u.findtext(f"{SM}loc") for u in root.findall(f"{SM}url")]
    assert len(locs) == len(set(locs))
    assert all(loc.startswith(BASE) for loc in locs)
    assert {unquote(loc[len(BASE):]) for loc in locs} == _html_files(based_site)
    assert locs[0] == f"{BASE}index.html"
    assert f"{BASE}2017-xiangqi-national/women/round-01.html" in locs


def test_canonical_and_open_graph_tags(example_site: Path, based_site: Path) -> None:
    path = "2017-xiangqi-national/women/round-01.html"
    page = (based_site / path).read_text(encoding="utf-8")
    head = page.split("</head>")[0]
    assert f'<link rel="canonical" href="{BASE}{path}">' in head
    assert f'<meta property="og:url" content="{BASE}{path}">' in head
    assert '<meta property="og:type" content="website">' in head
    assert '<meta property="og:title" content="女子组 · 第 1 轮 · 2017年全国象棋锦标赛（个人）">' in head
    for html in _html_files(based_site):
        found = CANONICAL.findall((based_site / html).read_text(encoding="utf-8"))
        assert found == [BASE + quote(html, safe="/")], html
    # without a base URL: no absolute URL anywhere in a page, no sitemap; og:title stays
    relative = (example_site / path).read_text(encoding="utf-8")
    assert "canonical" not in relative and "og:url" not in relative and BASE not in relative
    assert '<meta property="og:title"' in relative
    assert not (example_site / "sitemap.xml").exists()
    event = (example_site / "2017-xiangqi-national/index.html").read_text(encoding="utf-8")
    assert '<meta property="og:title" content="2017年全国象棋锦标赛（个人）">' in event


def test_builds_with_a_base_url_are_byte_identical(based_site: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    build_site(CONTENT, again, pdf=False, base_url=BASE)
    first = {p.relative_to(based_site): p.read_bytes() for p in based_site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    assert [p for p in first if first[p] != second[p]] == []


def test_base_url_option(tmp_path: Path) -> None:
    assert normalize_base_url("") == ""
    assert normalize_base_url(" https://example.org ") == "https://example.org/"
    for bad in ("example.org/bulletins", "ftp://example.org/", "https://example.org/?a=1", "/bulletins/"):
        with pytest.raises(ValueError):
            normalize_base_url(bad)
    content = _complete_round_one(tmp_path)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(content), "-o", str(out), "--no-pdf",
                                       "--base-url", "example.org"])
    assert result.exit_code == 2 and "--base-url" in result.output and not out.exists()
    result = CliRunner().invoke(main, ["build", str(content), "-o", str(out), "--no-pdf",
                                       "--base-url", "https://example.org/b"])
    assert result.exit_code == 0, result.output
    locs = [u.findtext(f"{SM}loc") for u in ET.parse(out / "sitemap.xml").getroot()]
    assert f"https://example.org/b/{posixpath.join('2017-xiangqi-national', 'index.html')}" in locs
