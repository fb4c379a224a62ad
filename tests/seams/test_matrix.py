"""The feature matrix's bounded sample (`tests/seams/matrix.py`): every system of the registry ×
every change of the field × every command, one seed each; `bench/matrix.py` runs thousands."""

from __future__ import annotations

from pathlib import Path

import pytest
from matrix import CHANGES, Case, run_case, systems

from site_builder.systems import SYSTEMS
from site_builder.systems.base import team_play


def test_the_matrix_reads_every_system_from_the_registry() -> None:
    assert {"dutch", "mcmahon", "go-swiss", "round-robin", "knockout", "fide-team"} <= set(systems())


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("system", systems())
def test_every_system_takes_or_refuses_every_change(tmp_path: Path, system: str, change: str) -> None:
    outcome = run_case(tmp_path, Case(system, change, seed=1))
    assert not outcome.failures, "\n".join(outcome.failures)
    assert outcome.commands > 8  # the event was run, not stopped at its start


@pytest.mark.parametrize("system", [s for s in systems()
                                    if SYSTEMS[s].pairing.leaves_out and not team_play(SYSTEMS[s])])
def test_a_system_that_leaves_players_out_pairs_no_withdrawn_player(tmp_path: Path, system: str) -> None:
    """A withdrawal is taken, not refused: the systems that leave players out leave the withdrawn out
    (a league's random stage drew them until it read the withdrawals of its own rounds)."""
    outcome = run_case(tmp_path, Case(system, "withdrawal", seed=1))
    assert not outcome.failures and not [r for r in outcome.refused if "withdraw" in r], outcome
