"""`keep_apart:` (pairing/apart.py): pairs kept apart in every round, and one club's or federation's
players in the rounds listed — honoured by the pairing, checked in rounds written by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.content.loader import load_site
from site_builder.engine.scoring import records
from site_builder.errors import ContentError
from site_builder.pairing.apart import kept_apart
from site_builder.systems import next_round

EVENT = """\
name: Club Cup
game: chess
system: {system}
rounds: 5
first_colour: white
{extra}"""
# Four players by rating; the Dutch system pairs round 1 top half against bottom half: 1–3, 2–4.
PLAYERS = """\
players:
  - {number: 1, name: Ada, rating: 2100, club: North, federation: NOR}
  - {number: 2, name: Ben, rating: 2050, club: South, federation: SWE}
  - {number: 3, name: Cas, rating: 1980, club: North, federation: SWE}
  - {number: 4, name: Dan, rating: 1900, club: East, federation: NOR}
"""


def _event(tmp_path: Path, extra: str, system: str = "dutch", round_one: str = "") -> Path:
    event = tmp_path / "cup"
    event.mkdir(parents=True, exist_ok=True)
    (event / "event.yaml").write_text(EVENT.format(system=system, extra=extra), encoding="utf-8")
    (event / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    if round_one:
        (event / "rounds").mkdir(exist_ok=True)
        (event / "rounds" / "01.yaml").write_text(round_one, encoding="utf-8")
    return event


def _pairs(event_dir: Path) -> set[frozenset[int]]:
    section = load_site(event_dir).events[0].sections[0]
    pairing = next_round(section, records(section), None)
    return {frozenset((p.first, p.second)) for p in pairing.pairs}


@pytest.mark.parametrize("system", ["dutch", "swiss-positional"])
def test_one_clubs_players_are_kept_apart_in_the_rounds_listed(tmp_path: Path, system: str) -> None:
    assert _pairs(_event(tmp_path / "free", "", system)) == {frozenset((1, 3)), frozenset((2, 4))}
    kept = _pairs(_event(tmp_path / "club", "keep_apart: {same_club: [1]}\n", system))
    assert frozenset((1, 3)) not in kept and len(kept) == 2


def test_federations_and_named_pairs(tmp_path: Path) -> None:
    section = load_site(_event(tmp_path, "keep_apart: {same_federation: [1, 2], pairs: [[Ben, Dan]]}\n"))
    section = section.events[0].sections[0]
    assert kept_apart(section, 1) == {frozenset((1, 4)), frozenset((2, 3)), frozenset((2, 4))}
    assert kept_apart(section, 3) == {frozenset((2, 4))}  # the named pair in every round


def test_a_round_written_by_hand_that_breaks_the_rule_is_an_error(tmp_path: Path) -> None:
    event = _event(tmp_path, "keep_apart: {same_club: [1]}\n",
                   round_one='round: 1\ngames:\n  - [1, Ada, Cas, "?"]\n  - [2, Ben, Dan, "?"]\n')
    with pytest.raises(ContentError) as error:
        from site_builder.checks import load_checked
        load_checked(event)
    assert "'Ada' and 'Cas' must not meet in round 1" in str(error.value)


def test_a_game_already_played_between_players_kept_apart_stands_with_a_warning(tmp_path: Path) -> None:
    """The arbiter let them play: the result counts and every page builds; the build says so at the
    game (and --strict, which refuses warnings, refuses it)."""
    from site_builder.checks import load_checked
    from site_builder.checks.unfinished import warnings_of

    event = _event(tmp_path, "keep_apart: {same_club: [1]}\n",
                   round_one="round: 1\ngames:\n  - [1, Ada, Cas, 1-0]\n  - [2, Ben, Dan, 1-0]\n")
    site = load_checked(event)
    found = [str(w) for w in warnings_of(site) if "kept apart" in w.message]
    assert len(found) == 1 and "01.yaml:3:5: " in found[0], found  # at the game
    assert "'Ada' and 'Cas' played in round 1 although kept apart" in found[0]
    assert "the game stands" in found[0]


def test_a_fixed_schedule_cannot_keep_players_apart(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as error:
        load_site(_event(tmp_path, "keep_apart: {same_club: [1]}\n", "round-robin"))
    assert "cannot keep players apart" in str(error.value)
