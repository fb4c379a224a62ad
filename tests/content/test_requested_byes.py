"""Round files: requested half- and full-point byes, unrated games; the event's `trf:` mapping."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from content_tree import write_event

from site_builder.build import build_site
from site_builder.content.loader import load_site
from site_builder.engine.scoring import Kind, records
from site_builder.errors import ContentError

ROUND_2 = """\
round: 2
games:
  - [1, Frank Black, Alice Smith, "1-0"]
  - {board: 2, first: Bob Jones, second: Carol White, result: "0-1", rated: false}
half_byes: [David Brown]
full_bye: Erin Green
"""


def test_requested_byes_score_their_points(workdir: Path) -> None:
    write_event(workdir / "content", {"open/rounds/02.yaml": ROUND_2})
    section = load_site(workdir / "content").events[0].sections[0]
    rnd = section.rounds[1]
    assert (rnd.half_byes, rnd.full_byes) == ((4,), (5,))
    assert [g.rated for g in rnd.games] == [True, False]
    recs = records(section)
    assert recs.entries[4][1].kind is Kind.HALF_BYE and recs.entries[5][1].kind is Kind.FULL_BYE
    # xiangqi: a half-point bye scores a draw (1), a full-point bye a bye (2)
    assert (recs.points(recs.entries[4][1].points), recs.points(recs.entries[5][1].points)) == (1, 2)


def test_scoring_of_requested_byes_can_be_set(workdir: Path) -> None:
    event = (workdir / "content").joinpath
    write_event(workdir / "content", {"open/rounds/02.yaml": ROUND_2})
    text = event("event.yaml").read_text() + "scoring: {half_bye: 0.5, full_bye: 1}\n"
    event("event.yaml").write_text(text)
    scoring = load_site(workdir / "content").events[0].sections[0].scoring
    assert (scoring.half_bye_points, scoring.full_bye_points) == (Fraction(1, 2), 1)


def test_a_player_with_a_bye_and_a_game_is_reported(workdir: Path) -> None:
    write_event(workdir / "content", {"open/rounds/02.yaml": ROUND_2 + "absent: [Alice Smith]\n"})
    with pytest.raises(ContentError) as error:
        load_site(workdir / "content")
    assert "appears twice in round 2" in str(error.value)


def test_rated_must_be_true_or_false(workdir: Path) -> None:
    broken = ROUND_2.replace("rated: false", "rated: maybe")
    write_event(workdir / "content", {"open/rounds/02.yaml": broken})
    with pytest.raises(ContentError) as error:
        load_site(workdir / "content")
    assert str(error.value).startswith("content/open/rounds/02.yaml:4:")
    assert "'rated' must be true or false" in str(error.value)


def test_trf_mapping_is_checked(workdir: Path) -> None:
    write_event(workdir / "content", {})
    path = workdir / "content" / "event.yaml"
    path.write_text(path.read_text() + "trf:\n  records: [\"012 Test Open\", \"001\"]\n  ranks: [1, x]\n"
                    "  colour: white\n")
    with pytest.raises(ContentError) as error:
        load_site(workdir / "content")
    messages = [p.message for p in error.value.problems]
    assert any("a TRF rank must be a whole number" in m for m in messages)
    assert any("colour" in m for m in messages)


def test_requested_byes_show_on_the_round_page_and_in_event_json(workdir: Path) -> None:
    write_event(workdir / "content", {"open/rounds/02.yaml": ROUND_2})
    build_site(workdir / "content", workdir / "out", pdf=False)
    page = next((workdir / "out").rglob("round-02.html")).read_text(encoding="utf-8")
    assert "½-point bye" in page and "1-point bye" in page
    data = json.loads(next((workdir / "out").rglob("event.json")).read_text(encoding="utf-8"))
    rnd = data["sections"][0]["rounds"][1]
    assert (rnd["half_byes"], rnd["full_byes"]) == ([4], [5])


@pytest.mark.parametrize(("rules", "warned"), [("fide", True), ("common", False)])
def test_a_full_point_bye_under_fide_rules_is_warned_of(workdir: Path, rules: str, warned: bool) -> None:
    """FIDE's endorsement checklist (VCL.05, VCL.17): a requested full-point bye is allowed, with a
    warning at its round file, under FIDE's rules; not under others'."""
    from content_tree import EVENT_YAML

    from site_builder.checks.unfinished import warnings_of

    event_yaml = EVENT_YAML.replace("game: xiangqi", f"game: chess\ntiebreak_rules: {rules}")
    write_event(workdir / "content", {"event.yaml": event_yaml, "open/rounds/02.yaml": ROUND_2})
    found = [str(p) for p in warnings_of(load_site(workdir / "content"))]
    said = [w for w in found if "full-point bye" in w]
    assert len(said) == warned, found
    if warned:
        assert "open/rounds/02.yaml:" in said[0]
        assert "'Erin Green' has a requested full-point bye in round 2" in said[0]


def test_a_full_point_bye_is_warned_of_at_the_name_in_the_list(workdir: Path) -> None:
    """The warning is located at the player's name under `full_byes:`, not at the round's number."""
    from content_tree import EVENT_YAML

    from site_builder.checks.unfinished import full_bye_warnings

    event_yaml = EVENT_YAML.replace("game: xiangqi", "game: chess\ntiebreak_rules: fide")
    text = ROUND_2.replace("half_byes: [David Brown]\nfull_bye: Erin Green\n",
                           "full_byes: [\"Erin Green\", David Brown]\n")
    write_event(workdir / "content", {"event.yaml": event_yaml, "open/rounds/02.yaml": text})
    found = full_bye_warnings(load_site(workdir / "content"))
    assert [(p.location.path.name, p.location.line, p.location.column) for p in found] == [
        ("02.yaml", 5, 13), ("02.yaml", 5, 27)]
    assert [p.message.split(" has")[0] for p in found] == ["'Erin Green'", "'David Brown'"]
