"""A system owns its round file both ways (`System.round_file`): what `bulletin pair` writes of a new
pairing (`lines`) reads back (`read`) as the same round, its family's part in its own record."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.commands.new import scaffold
from site_builder.commands.pair import round_yaml
from site_builder.content.players import Roster
from site_builder.content.rounds import RoundRules, load_round
from site_builder.engine.knockout import KnockoutRound
from site_builder.engine.scoring import records
from site_builder.engine.staged import StagedRound
from site_builder.engine.teams import TeamRound
from site_builder.errors import ContentError, Problems
from site_builder.model import Section
from site_builder.pairing import Pairing
from site_builder.systems import SYSTEMS, system_of
from site_builder.systems.round_file import FAMILY_KEYS, GAMES, RoundFile


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
        == {"knockout", "team-swiss", "fide-team", "double-swiss", "mcmahon", "go-swiss"}
    assert set().union(*(system.round_file.keys for system in SYSTEMS.values())) == set(FAMILY_KEYS)


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


def _refused(root: Path, system: str, extra: str, **sizes: int) -> list[str]:
    """The problems of a new event of `system` whose round 1 file, as `bulletin pair` writes it,
    ends with `extra`, each as `line:column: message (hint: …)`."""
    event = root / "content" / "e"
    _paired(root, system, **sizes)
    round_file = event / "open" / "rounds" / "01.yaml"
    written = round_file.read_text(encoding="utf-8")
    round_file.write_text(written + extra, encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        load_checked(event)
    line = len(written.splitlines()) + 1  # the first line of `extra`
    return [f"{p.location.line - line}:{p.location.column}: {p.message} (hint: {p.hint})"
            for p in raised.value.problems if p.location.path.name == "01.yaml"]


@pytest.mark.parametrize(("system", "sizes", "extra", "message", "hint"), [
    ("knockout", {"players": 8}, "playoffs:\n  - [1, 2, \"1-0\"]\n",
     "playoffs belong to sections whose rounds are games; this section is knockout", "remove 'playoffs:'"),
    ("knockout", {"players": 8}, "eliminated: [1]\n",
     "eliminations belong to sections whose rounds are games; this section is knockout",
     "remove 'eliminated:'"),
    ("team-swiss", {"teams": 5, "boards": 2}, "playoffs:\n  - [1, 2, \"1-0\"]\n",
     "playoffs belong to sections whose rounds are games; this section is team-swiss", "remove 'playoffs:'"),
    ("fide-team", {"teams": 5, "boards": 2}, "eliminated: [1]\n",
     "eliminations belong to sections whose rounds are games; this section is fide-team",
     "remove 'eliminated:'"),
    ("knockout", {"players": 8}, "lineups: {1: [1]}\n",
     "line-ups belong to team sections; this section is knockout", "remove 'lineups:'"),
    ("dutch", {"players": 7}, "matches:\n  - board: 1\n",
     "matches belong to knockout sections; this section is dutch", "set 'system: knockout'"),
])
def test_a_key_its_system_does_not_read_is_refused_at_the_key(
        tmp_path: Path, system: str, sizes: dict[str, int], extra: str, message: str, hint: str) -> None:
    """A round file's key that neither the common part nor the section's system reads is an error
    where the key is written, not left unread."""
    found = _refused(tmp_path, system, extra, **sizes)
    assert len(found) == 1 and found[0].startswith(f"0:1: {message} (hint: ") and hint in found[0], found


@pytest.mark.parametrize("key", ["matches", "bye", "lineups"])
def test_a_team_round_file_without_its_teams_refuses_what_names_teams(tmp_path: Path, key: str) -> None:
    """A team system's round file read without the section's team list (`teams.yaml`): its matches,
    byes of teams and line-ups cannot be read, and each is refused where it is written."""
    event = tmp_path / "content" / "e"
    scaffold(event, game="chess", language="en", system="dutch", secret_seed=False, players=4)
    roster = load_checked(event).events[0].sections[0]
    path = tmp_path / "01.yaml"
    path.write_text("round: 1\ngames: []\n" + {"matches": "matches:\n  - table: 1\n",
                                                "bye": "bye: [Team]\n",
                                                "lineups": "lineups: {Team: [x]}\n"}[key], encoding="utf-8")
    problems = Problems()
    rules = RoundRules(Roster(roster.players), SYSTEMS["team-swiss"], teams=None)
    load_round(path, Path("01.yaml"), rules, problems)
    assert [(p.location.line, p.location.column) for p in problems.items] == [(3, 1)], problems.items
    assert problems.items[0].message == f"'{key}:' names teams, and the section has no team list"
    assert "teams.yaml" in problems.items[0].hint
