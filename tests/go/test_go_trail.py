"""The trail of a go round changed by hand: `bulletin pair --record N` writes `proposed:` with each
game the engine proposed, its handicap and komi; a changed handicap alone is a change; the round
file reads back (a bad proposed game is one located line), and `check`, the OpenGotha and h9 exports
cope with it."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.commands.pair import record_rounds
from site_builder.errors import ContentError
from site_builder.goformats.h9 import export_h9
from site_builder.opengotha.write import export_opengotha

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "2026-go-mcmahon"
GAME_7 = ('{board: 7, first: "Lindqvist, Elin", second: "Popescu, Ioana", result: "W+R", handicap: %d, '
          'komi: 0.5}')
ENGINE, BY_HAND = GAME_7 % 1, GAME_7 % 3


@pytest.fixture
def event(tmp_path: Path) -> Path:
    target = tmp_path / "2026-go-mcmahon"
    shutil.copytree(EXAMPLE, target)
    return target


def _round_5(event: Path) -> Path:
    return event / "open" / "rounds" / "05.yaml"


def test_a_handicap_changed_by_hand_records_the_engines_games_with_handicap_and_komi(event: Path) -> None:
    path = _round_5(event)
    assert record_rounds(event, "5") == ["round 5 is the engine's pairing: nothing to record"]
    text = path.read_text(encoding="utf-8")
    assert ENGINE in text
    path.write_text(text.replace(ENGINE, BY_HAND), encoding="utf-8")  # the same players, 3 stones
    (said,) = record_rounds(event, "5")
    assert said.startswith("recorded the engine's pairing: ")
    written = path.read_text(encoding="utf-8")
    assert '    - {board: 7, first: "Lindqvist, Elin", second: "Popescu, Ioana", handicap: 1, komi: 0.5}' \
        in written
    assert '    - {board: 1, first: "Müller, Jörg", second: "Schmidt, Anna", handicap: 0, komi: 6.5}' \
        in written
    site = load_checked(event)
    rnd = site.events[0].sections[0].rounds[4]
    assert rnd.provenance.proposed is not None
    games = dict(zip(rnd.provenance.proposed.games, rnd.provenance.proposed.terms, strict=True))
    assert len(games) == len(rnd.games)
    played = {(g.board, g.first, g.second): (g.handicap, g.komi) for g in rnd.games}
    # every proposed game is a played one, with the engine's handicap and komi: only board 7 differs
    assert set(games) == set(played)
    differing = [game for game in games if games[game] != played[game]]
    assert [board for board, _, _ in differing] == [7]
    assert games[differing[0]] == (1, Fraction(1, 2)) and played[differing[0]] == (3, Fraction(1, 2))
    # the exports and check take the round as played
    event_, section = site.events[0], site.events[0].sections[0]
    assert 'handicap="3"' in export_opengotha(event_, section)
    assert export_h9(event_, section)
    # the arbiter goes back to the engine's handicap: the record goes
    path.write_text(path.read_text(encoding="utf-8").replace(BY_HAND, ENGINE), encoding="utf-8")
    assert record_rounds(event, "5") == ["round 5 is the engine's pairing: nothing to record"]
    assert "proposed:" not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("game", "expected"), [
    ('{board: 1, first: "Müller, Jörg", second: "Schmidt, Anna", handicap: 12, komi: 6.5}',
     "05.yaml:28:76: handicap 12 is past the ceiling of 9 stones"),
    ('{board: 1, first: "Müller, Jörg", handicap: 0}', "05.yaml:28:7: a proposed game names its second"),
    ('[1, "Müller, Jörg"]', "05.yaml:28:7: a proposed game is {board, first, second, handicap, komi}"),
])
def test_a_bad_proposed_game_is_one_located_line(event: Path, game: str, expected: str) -> None:
    path = _round_5(event)
    text = path.read_text(encoding="utf-8") + f"proposed:\n  games:\n    - {game}\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_checked(event)
    found = [str(p) for p in error.value.problems]
    assert len(found) == 1 and expected in found[0], found


def test_a_proposed_game_may_still_be_a_list(event: Path) -> None:
    path = _round_5(event)
    path.write_text(path.read_text(encoding="utf-8") + 'proposed:\n  games:\n    - [1, "Müller, Jörg", '
                    '"Schmidt, Anna"]\n', encoding="utf-8")
    rnd = load_checked(event).events[0].sections[0].rounds[4]
    assert rnd.provenance.proposed is not None and rnd.provenance.proposed.terms == ((None, None),)
