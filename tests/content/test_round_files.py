"""A system owns its round file both ways (`System.round_file`): what `bulletin pair` writes of a new
pairing (`lines`) reads back (`read`) as the same round, its family's part in its own record."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.commands.new import scaffold
from site_builder.commands.pair import round_yaml
from site_builder.engine.knockout import KnockoutRound
from site_builder.engine.scoring import records
from site_builder.engine.staged import StagedRound
from site_builder.engine.teams import TeamRound
from site_builder.model import Section
from site_builder.pairing import Pairing
from site_builder.systems import SYSTEMS, system_of
from site_builder.systems.round_file import GAMES, RoundFile


def _paired(root: Path, system: str, **sizes: int) -> tuple[Section, Pairing, Section]:
    """A new event of `system` (players, or teams of boards), its first round paired and written by
    `bulletin pair`'s writer, and the section read back with it."""
    event = root / "content" / "e"
    scaffold(event, game="chess", language="en", system=system, secret_seed=False, **sizes)
    section = load_checked(event).events[0].sections[0]
    pairing = system_of(section).pair(section, records(section), 7, None)
    rounds = event / "open" / "rounds"
    rounds.mkdir(exist_ok=True)
    (rounds / "01.yaml").write_text(round_yaml(section, pairing), encoding="utf-8")
    return section, pairing, load_checked(event).events[0].sections[0]


def test_every_system_has_a_round_file() -> None:
    assert all(isinstance(system.round_file, RoundFile) for system in SYSTEMS.values())
    assert {name for name, system in SYSTEMS.items() if system.round_file is not GAMES} \
        == {"knockout", "team-swiss", "fide-team", "mcmahon", "go-swiss"}


def test_a_knockout_round_reads_back_as_its_matches(tmp_path: Path) -> None:
    _, pairing, section = _paired(tmp_path, "knockout", players=8)
    rnd = section.rounds[0]
    assert isinstance(rnd.detail, KnockoutRound) and rnd.games == ()
    assert [(m.board, m.players, m.placement) for m in rnd.detail.matches] \
        == [(p.board, (p.first, p.second), p.placement) for p in pairing.pairs]
    assert len(rnd.all_games) == 2 * len(pairing.pairs)


@pytest.mark.parametrize("system", ["team-swiss", "fide-team"])
def test_a_team_round_reads_back_as_its_team_matches(tmp_path: Path, system: str) -> None:
    _, pairing, section = _paired(tmp_path, system, teams=5, boards=2)
    rnd = section.rounds[0]
    assert isinstance(rnd.detail, TeamRound)
    assert [(m.table, m.home, m.away, [(g.first, g.second) for g in m.games])
            for m in rnd.detail.team_matches] \
        == [(m.table, m.home, m.away, [(p.first, p.second) for p in m.boards]) for m in pairing.team_matches]
    assert rnd.detail.team_byes == pairing.team_byes and rnd.byes == ()
    assert rnd.games == tuple(g for m in rnd.detail.team_matches for g in m.games)


def test_a_swiss_round_holds_games_only(tmp_path: Path) -> None:
    _, pairing, section = _paired(tmp_path, "dutch", players=7)
    rnd = section.rounds[0]
    assert rnd.detail is None and StagedRound.of(rnd).playoffs == () and KnockoutRound.of(rnd).matches == ()
    assert [(g.board, g.first, g.second) for g in rnd.games] == [(p.board, p.first, p.second)
                                                                 for p in pairing.pairs]
    assert rnd.byes == pairing.byes
