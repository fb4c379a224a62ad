"""Go sections keep players apart (docs/content.md, `keep_apart:` and `forbidden:`; docs/go.md): a pair
kept apart weighs as a rematch, OpenGotha's first criterion, so the engine pairs them only where a
rematch could not be avoided either; with nothing kept apart the pairing stays OpenGotha's."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.commands.new import scaffold
from site_builder.commands.pair import pair_next
from site_builder.engine.scoring import records
from site_builder.model import KeepApart, Section
from site_builder.pairing.apart import kept_apart
from site_builder.systems import system_of

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "2026-go-mcmahon"


NOTHING = KeepApart()


def _pairs(section: Section, number: int, keep_apart: KeepApart = NOTHING) -> set[frozenset[int]]:
    """The pairs of round `number` as the engine pairs it from the rounds before, with `keep_apart`."""
    before = dataclasses.replace(section, rounds=tuple(r for r in section.rounds if r.number < number),
                                 pairing=dataclasses.replace(section.pairing, keep_apart=keep_apart))
    played = next(r for r in section.rounds if r.number == number)
    pairing = system_of(before).pair(before, records(before), None, None, left_out=frozenset(played.absent),
                                     apart=kept_apart(before, number))
    return {frozenset((p.first, p.second)) for p in pairing.pairs}


@pytest.mark.parametrize("number", [2, 4])
def test_a_pair_kept_apart_is_not_paired_and_the_others_barely_move(number: int) -> None:
    section = load_checked(EXAMPLE).events[0].sections[0]
    played = {frozenset((g.first, g.second)) for r in section.rounds if r.number == number for g in r.games}
    assert _pairs(section, number) == played  # nothing kept apart: the round as it was paired
    first, second = sorted(min(played, key=sorted))
    apart = _pairs(section, number, KeepApart(pairs=((first, second),)))
    assert frozenset((first, second)) not in apart
    assert len(apart & played) >= len(played) - 4  # the two and at most two other games re-paired


def test_a_prepared_round_s_forbidden_pair_is_kept_apart_end_to_end(tmp_path: Path) -> None:
    event = tmp_path / "content" / "go"
    scaffold(event, game="go", language="en", players=12, secret_seed=False)
    rounds = event / "open" / "rounds"
    rounds.mkdir()
    (rounds / "01.yaml").write_text('round: 1\ngames: []\nforbidden: [["Player 01", "Player 02"]]\n',
                                    encoding="utf-8")
    pair_next(tmp_path / "content")
    section = load_checked(tmp_path / "content").events[0].sections[0]
    pairs = {frozenset((g.first, g.second)) for g in section.rounds[0].games}
    assert len(pairs) == 6 and frozenset((1, 2)) not in pairs
    assert section.rounds[0].provenance.forbidden == ((1, 2),)  # the request stays in the file
