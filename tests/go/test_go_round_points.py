"""A go round's pairing lists show each player's points before the round as the standings after the
round before show them — MMS in a McMahon section (start MMS before round 1), headed `MMS` as the
standings are — on the round page and on the printed bulletin; and go's scores print as go players
write them (`36`, `36.5`, never `36.0`)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from site_builder.checks import load_checked
from site_builder.engine.go_scores import Criterion
from site_builder.engine.go_section import go_scores
from site_builder.model import Event
from site_builder.render.textlines import round_lines
from site_builder.results import event_results
from site_builder.systems import system_of
from site_builder.systems.go_common import GoSystem
from site_builder.views.i18n import Labels
from site_builder.views.pages import event_pages

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "2026-go-mcmahon"
BASE = "2026-go-mcmahon/open"


@cache
def _event() -> Event:
    return load_checked(EXAMPLE).events[0]


@cache
def _pages() -> dict[str, dict[str, Any]]:
    event = _event()
    return {p.path: p.data() for p in event_pages(event, event_results(event), pdfs=False)}


def _before_round(context: dict[str, Any]) -> dict[int, str]:
    """Each paired player's bracketed points on a round page."""
    shown = {}
    for row in context["rows"]:
        shown[row["first"]["number"]] = row["first_before"]
        if not row["bye"]:  # a bye on the player's own line, nobody on the right
            shown[row["second"]["number"]] = row["second_before"]
    return shown


@pytest.mark.parametrize("number", [2, 3, 4, 5])
def test_points_before_a_round_are_the_standings_mms_after_the_round_before(number: int) -> None:
    pages = _pages()
    standings = {row["player"]["number"]: row["points"]
                 for row in pages[f"{BASE}/standings-{number - 1:02d}.html"]["block"]["rows"]}
    shown = _before_round(pages[f"{BASE}/round-{number:02d}.html"])
    assert shown and shown == {player: f"({standings[player]})" for player in shown}
    # MMS, not the points won (the example's players start between 10 and 33 MMS)
    assert all(int(text.strip("()").split(".")[0]) >= 10 for text in shown.values())


def test_points_before_round_1_are_the_start_mms() -> None:
    section = _event().sections[0]
    system = system_of(section)
    assert isinstance(system, GoSystem)
    start = go_scores(section, 0, system.general(section))
    shown = _before_round(_pages()[f"{BASE}/round-01.html"])
    assert shown == {p: f"({start[p].value(Criterion.MMS, 0) // 2})" for p in shown}


def test_the_pairing_lists_head_the_points_as_the_standings() -> None:
    context = _pages()[f"{BASE}/round-03.html"]
    assert context["pairing"]["points_heading"] == "MMS"
    lines = [re.sub(r"<[^>]+>", "", str(line)) for line in round_lines(context["rows"], Labels("en"), "go",
                                                                        context["pairing"])]
    assert lines[0].split() == ["Bd", "Black", "MMS", "Result", "White", "MMS", "Handicap"]


def test_go_scores_print_without_a_needless_decimal() -> None:
    pages = _pages()
    standings = pages[f"{BASE}/standings-05.html"]["block"]
    values = [v for row in standings["rows"] for v in (row["points"], *row["values"]) if v]
    assert values and not any(v.endswith(".0") for v in values)
    assert all(re.fullmatch(r"-?\d+(\.5|\.25|\.75)?", v) for v in values)


def test_the_card_counts_the_standings_score_round_by_round() -> None:
    """A McMahon player's card: the total after each round and each opponent's points are the MMS the
    standings show (after that round, and the latest), not the points won."""
    pages = _pages()
    card = pages[f"{BASE}/players/20.html"]
    after = {n: {row["player"]["number"]: row["points"]
                 for row in pages[f"{BASE}/standings-{n:02d}.html"]["block"]["rows"]} for n in range(1, 6)}
    games = [g for g in card["games"] if g["opponent"]]
    assert games
    for game in games:
        assert game["running"] == after[game["round"]][20]
        assert game["opponent_total"] == after[5][game["opponent"]["number"]]


def test_a_late_entrant_s_points_before_his_first_round_are_his_start_mms(tmp_path: Path) -> None:
    """A player entering in round 4 is in no standings before it; the round page and his card show
    the MMS he was paired on (his start MMS), not 0."""
    import shutil

    event = tmp_path / "2026-go-mcmahon"
    shutil.copytree(EXAMPLE, event)
    section_dir = event / "open"
    with (section_dir / "players.yaml").open("a", encoding="utf-8") as players:
        players.write('  - {number: 41, name: "Late, Entrant", rank: 10k, rating: 1050}\n')
    shutil.rmtree(section_dir / "rounds" / "05")
    (section_dir / "rounds" / "05.yaml").unlink()
    round_4 = section_dir / "rounds" / "04.yaml"
    text = round_4.read_text(encoding="utf-8").replace('first: "Ricci, Elena"', 'first: "Late, Entrant"')
    round_4.write_text(text + 'byes: ["Ricci, Elena"]\n', encoding="utf-8")
    loaded = load_checked(event).events[0]
    section = loaded.sections[0]
    system = system_of(section)
    assert isinstance(system, GoSystem) and section.field_changes.entered == {41: 4}
    start = go_scores(section, 0, system.general(section))[41].value(Criterion.MMS, 0) // 2
    pages = {p.path: p.data() for p in event_pages(loaded, event_results(loaded), pdfs=False)}
    assert _before_round(pages[f"{BASE}/round-04.html"])[41] == f"({start})"
    card = pages[f"{BASE}/players/41.html"]
    assert [g["running"] for g in card["games"]][:3] == [str(start)] * 3  # before he entered


def test_an_incremental_build_leaves_a_later_entrant_out_of_earlier_standings(tmp_path: Path) -> None:
    """The standings after round 3 leave out a player whose first round is 4: a build from the store
    after round 4 is added (making him a late entrant) writes them as a build without a store does
    (the memo's key names the players entering later)."""
    import shutil

    from site_builder.build import build_site

    content = tmp_path / "content"
    event = content / "2026-go-mcmahon"
    shutil.copytree(EXAMPLE, event)
    section_dir = event / "open"
    with (section_dir / "players.yaml").open("a", encoding="utf-8") as players:
        players.write('  - {number: 41, name: "Late, Entrant", rank: 10k, rating: 1050}\n')
    rounds = section_dir / "rounds"
    shutil.rmtree(rounds / "05")
    fourth, fifth = (rounds / "04.yaml").read_text(encoding="utf-8"), rounds / "05.yaml"
    fifth.unlink()
    (rounds / "04.yaml").unlink()
    build_site(content, tmp_path / "out", pdf=False, cache=tmp_path / "cache")  # rounds 1-3
    first = (tmp_path / "out" / BASE / "standings-03.html").read_text(encoding="utf-8")
    assert "Late, Entrant" in first  # everyone is in the standings until someone enters later
    fourth = fourth.replace('first: "Ricci, Elena"', 'first: "Late, Entrant"') + 'byes: ["Ricci, Elena"]\n'
    (rounds / "04.yaml").write_text(fourth, encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False, cache=tmp_path / "cache")
    build_site(content, tmp_path / "clean", pdf=False, cache=tmp_path / "clean-cache")
    after = (tmp_path / "out" / BASE / "standings-03.html").read_text(encoding="utf-8")
    assert after == (tmp_path / "clean" / BASE / "standings-03.html").read_text(encoding="utf-8")
    assert "Late, Entrant" not in after
