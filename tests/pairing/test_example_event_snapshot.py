"""Regression snapshot: the complete example event's rounds were written by `bulletin pair`, so this
checks that the engine still pairs every round after the first as it did (from the rounds before it
and the frozen codes, seed 004 二.2; rules/common.md §5): it catches change, not error. The rules'
own worked examples and properties are in test_positional*.py and test_team_*.py; the two absolute
rules are checked here independently of the engine (no rematch, at most one bye each)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.engine.knockout import KnockoutRound
from site_builder.engine.scoring import records
from site_builder.engine.teams import TeamRound
from site_builder.systems import next_round

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def event():
    site = load_checked(ROOT / "content")
    return next(e for e in site.events if e.slug == "2017-xiangqi-national-full")


@pytest.mark.parametrize("section_id", ["women", "men-b", "men-a"])
def test_snapshot_rounds_are_the_engine_pairings(event, section_id: str) -> None:
    section = next(s for s in event.sections if s.id == section_id)
    assert section.current_round == section.rounds_planned
    if section.pairing.numbering == "codes":
        assert sorted(section.codes.by_player.values()) == list(range(1, len(section.players) + 1))
    first = 2 if section_id == "women" else 1  # the Women's round 1 is the real, published draw
    for rnd in section.rounds[first - 1 :]:
        before = dataclasses.replace(section, rounds=section.rounds[: rnd.number - 1])
        pairing = next_round(before, records(before), event.draw.seed)
        if KnockoutRound.of(rnd).matches:
            expected = [(p.board, p.first, p.second, p.placement) for p in pairing.pairs]
            assert [(m.board, *m.players, m.placement)
                    for m in KnockoutRound.of(rnd).matches] == expected, rnd.number
        else:
            assert [(g.board, g.first, g.second) for g in rnd.games] == [
                (p.board, p.first, p.second) for p in pairing.pairs
            ], rnd.number
            assert rnd.byes == pairing.byes


def test_no_rematch_and_one_bye_each(event) -> None:
    for section in event.sections:
        if section.system == "knockout":
            continue
        met, byes = set(), []
        for rnd in section.rounds:
            for g in rnd.games:
                assert frozenset((g.first, g.second)) not in met
                met.add(frozenset((g.first, g.second)))
            byes += rnd.byes
        assert len(byes) == len(set(byes))


def test_snapshot_team_example_rounds_are_the_engine_pairings() -> None:
    """The Yuangou Cup example: every round's tables, home/away, boards and colours are the engine's
    (seed 001 三, 四, 五), and no two teams meet twice."""
    site = load_checked(ROOT / "content")
    event = next(e for e in site.events if e.slug == "2023-yuangou-cup")
    section = event.sections[0]
    assert len(section.teams) == 13 and section.current_round == 5
    met: set[frozenset[int]] = set()
    for rnd in section.rounds:
        before = dataclasses.replace(section, rounds=section.rounds[: rnd.number - 1])
        pairing = next_round(before, records(before), event.draw.seed)
        assert [
            (m.table, m.home, m.away, [(g.first, g.second) for g in m.games])
            for m in TeamRound.of(rnd).team_matches
        ] == [
            (m.table, m.home, m.away, [(p.first, p.second) for p in m.boards]) for m in pairing.team_matches
        ]
        assert TeamRound.of(rnd).team_byes == pairing.team_byes
        for match in TeamRound.of(rnd).team_matches:
            assert frozenset((match.home, match.away)) not in met
            met.add(frozenset((match.home, match.away)))
