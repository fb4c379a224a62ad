"""A go player's `mms_correction:` (docs/go.md, "Scores"): OpenGotha's McMahon groups, by which a
super-bar's players start 1 MMS above the bar. It moves the player's start MMS and every MMS after it,
the pairing reads it, it travels both ways through OpenGotha's file (`smmsCorrection`), and a value
OpenGotha's window cannot give is one located line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from go_event import FIXTURE, problems

from site_builder.checks import load_checked
from site_builder.engine.go_scores import Criterion, compute_scores
from site_builder.engine.go_section import go_inputs, key
from site_builder.errors import ContentError
from site_builder.model import Section
from site_builder.opengotha.importer import import_opengotha
from site_builder.opengotha.read import read_gotha
from site_builder.opengotha.write import export_opengotha
from site_builder.systems import system_of
from site_builder.systems.go_common import GoSystem

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "2026-go-mcmahon"
MULLER = '{number: 1, name: "Müller, Jörg", rank: 5d,'


def _example(root: Path, correction: str = "") -> Path:
    """The McMahon example (bar 3d) copied under `root`, its player 1 (5d) with `correction`."""
    target = root / "2026-go-mcmahon"
    shutil.copytree(EXAMPLE, target)
    if correction:
        players = target / "open" / "players.yaml"
        text = players.read_text(encoding="utf-8")
        assert MULLER in text
        players.write_text(text.replace(MULLER, f"{MULLER} mms_correction: {correction},"), encoding="utf-8")
    return target


def _mms(section: Section, after: int) -> dict[str, int]:
    """Each player's MMS after round `after` (0: the start), doubled as go_scores keeps it."""
    system = system_of(section)
    assert isinstance(system, GoSystem)
    players, games, byes = go_inputs(section)
    scores = compute_scores(players, games, byes, system.general(section))
    return {k: s.value(Criterion.MMS, after) for k, s in scores.items()}


def test_a_super_bar_group_starts_one_mms_above_the_bar_and_keeps_it(tmp_path: Path) -> None:
    plain = load_checked(_example(tmp_path / "a")).events[0].sections[0]
    raised = load_checked(_example(tmp_path / "b", "1")).events[0].sections[0]
    before, after = _mms(plain, 0), _mms(raised, 0)
    assert before[key(1)] == before[key(2)]  # 5d and 4d both start at the bar (3d)
    assert after[key(1)] == before[key(1)] + 2  # one MMS, doubled
    assert {k: v for k, v in after.items() if k != key(1)} == {k: v for k, v in before.items() if k != key(1)}
    # the games as played: the one MMS stays with the player after every round
    assert _mms(raised, 5)[key(1)] == _mms(plain, 5)[key(1)] + 2
    player = next(p for p in go_inputs(raised)[0] if p.key == key(1))
    assert player.smms_correction == 1  # as the pairing reads the player


def test_the_correction_travels_through_opengotha_files(tmp_path: Path) -> None:
    event = load_checked(_example(tmp_path, "1")).events[0]
    path = tmp_path / "out.xml"
    path.write_text(export_opengotha(event, event.sections[0]), encoding="utf-8")
    assert 'smmsCorrection="1"' in path.read_text(encoding="utf-8")
    assert [p.smms_correction for p in read_gotha(path).event.players].count(1) == 1
    import_opengotha(path, tmp_path / "back")
    players = (tmp_path / "back" / "open" / "players.yaml").read_text(encoding="utf-8")
    assert players.count("mms_correction: 1") == 1 and "Müller, Jörg" in players.split("mms_correction")[0]
    again = load_checked(tmp_path / "back").events[0].sections[0]
    assert _mms(again, 5) == _mms(event.sections[0], 5)


@pytest.mark.parametrize("value", ["3", "-2", "one"])
def test_a_correction_opengotha_cannot_give_is_one_located_line(tmp_path: Path, value: str) -> None:
    players = (FIXTURE / "players.yaml").read_text(encoding="utf-8")
    changed = players.replace("rank: 3d,", f"rank: 3d, mms_correction: {value},")
    [error] = problems(tmp_path, {"players.yaml": changed})
    assert error.split(": ")[0].endswith("go-open/players.yaml:2:67"), error  # at the value
    assert f"mms_correction '{value}' is not one of -1, 0, 1, 2" in error and "(hint: " in error


def test_an_opengotha_file_with_a_correction_past_its_window_is_refused(tmp_path: Path) -> None:
    event = load_checked(_example(tmp_path, "2")).events[0]
    path = tmp_path / "out.xml"
    text = export_opengotha(event, event.sections[0])
    path.write_text(text.replace('smmsCorrection="2"', 'smmsCorrection="5"'), encoding="utf-8")
    with pytest.raises(ContentError, match=r"out\.xml:\d+:\d+: Player smmsCorrection: 5 is not -1 to 2"):
        read_gotha(path)


def test_the_player_card_names_the_correction(tmp_path: Path) -> None:
    from site_builder.build import build_site

    content = tmp_path / "content"
    _example(content, "1")
    build_site(content, tmp_path / "out", pdf=False)
    out = tmp_path / "out" / "2026-go-mcmahon"
    card = (out / "open" / "players" / "1.html").read_text(encoding="utf-8")
    assert "<dt>Start MMS correction</dt><dd>+1 (above the bar: super-bar)</dd>" in card
    zh = (out / "zh" / "open" / "players" / "1.html").read_text(encoding="utf-8")
    assert "<dt>起始麦氏分修正</dt><dd>+1（超级线）</dd>" in zh
