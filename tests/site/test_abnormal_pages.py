"""Abnormal results (tests/fixtures/abnormal: ½-0, 0-0, 0-½) on the pages: the round's result cell
as written, each player's half in the crosstable marked as abnormal and explained under it, the
player card's result named as it is (never a "draw"), the statistics' own column, event.json's
outcome."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from site_builder.build import build_site

FIXTURE = Path(__file__).parent.parent / "fixtures" / "abnormal"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("abnormal") / "out"
    build_site(FIXTURE, out, pdf=False, jobs=1)
    return out / "abnormal" / "open"


def _text(path: Path) -> str:
    html = re.sub(r"<script.*?</script>", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_round_pages_show_the_result_as_written(site: Path) -> None:
    assert "Adler, Ada 2000 0.0 ½-0 0.0 Berg, Boris" in _text(site / "round-01.html")
    second = _text(site / "round-02.html")
    assert "Costa, Clara 1800 1.0 0-0 0.5 Adler, Ada" in second
    assert "Berg, Boris 1900 0.0 0-½ 0.0 Dahl, Dmitri" in second


def test_the_crosstable_gives_each_player_their_own_half_marked_abnormal(site: Path) -> None:
    text = _text(site / "crosstable.html")
    assert re.search(r"Adler, Ada [^A-Z]*2W½\* 3B0\* ", text), text
    assert re.search(r"Berg, Boris [^A-Z]*1B0\* 4W0\* ", text), text
    assert ("½* and 0*: an abnormal result (½-0, 0-½, 0-0), a game played whose players score less than "
            "a game between them by the arbiter's decision") in text.replace("&#39;", "'")


def test_the_player_card_names_the_abnormal_result_and_no_draw(site: Path) -> None:
    adler = _text(site / "players" / "1.html")
    assert " ½-0, an abnormal result " in adler and " 0-0, an abnormal result " in adler
    assert " draw " not in adler
    assert " 0-½, an abnormal result " in _text(site / "players" / "2.html")  # Berg: Adler's ½-0


def test_the_statistics_count_them_apart_and_event_json_names_them(site: Path) -> None:
    text = _text(site / "statistics.html")
    assert " ½-0, 0-0 " in text and "abnormal results (½-0, 0-0" in text
    event = json.loads((site.parent / "event.json").read_text(encoding="utf-8"))
    outcomes = {g["outcome"] for s in event["sections"] for r in s["rounds"] for g in r["games"]}
    assert {"first-half-second-zero", "first-zero-second-half", "double-loss"} <= outcomes
