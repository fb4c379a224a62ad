"""Team scoring and ranking of seed 001 (rules/xiangqi-team-swiss.md 一, 二), and the example event's
standings recomputed independently from its YAML files."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import yaml

from site_builder.checks import load_checked
from site_builder.engine.scoring import records
from site_builder.engine.teams import (
    Tally,
    TeamRound,
    TeamSection,
    board_statistics,
    team_records,
    team_standings,
)
from site_builder.model import Game, MatchScoring, Outcome, Player, Round, Section, Team, TeamMatch
from site_builder.regulations import TWO_ONE_ZERO

ROOT = Path(__file__).resolve().parents[2]


def _section(rounds: list[Round], teams: int = 4) -> Section:
    return Section(
        "t",
        "T",
        "team-swiss",
        5,
        TWO_ONE_ZERO,
        (),
        tuple(Player(n, f"P{n}") for n in range(1, 3 * teams + 1)),
        tuple(rounds),
        team=TeamSection(tuple(Team(t, f"Team {t}", (3 * t - 2, 3 * t - 1, 3 * t))
                               for t in range(1, teams + 1)), match_scoring=MatchScoring()),
    )


def _match(table: int, home: int, away: int, outcomes: list[Outcome]) -> TeamMatch:
    h, a = [3 * home - 2, 3 * home - 1, 3 * home], [3 * away - 2, 3 * away - 1, 3 * away]
    games = (
        Game(1, h[0], a[0], outcomes[0]),
        Game(2, h[1], a[1], outcomes[1]),
        Game(3, a[2], h[2], outcomes[2]),
    )
    return TeamMatch(table, home, away, games)


def _round(number: int, matches: list[TeamMatch], byes: tuple[int, ...] = ()) -> Round:
    return Round(
        number, games=tuple(g for m in matches for g in m.games),
        detail=TeamRound(team_matches=tuple(matches), team_byes=byes)
    )


W, D, L = Outcome.FIRST_WINS, Outcome.DRAW, Outcome.SECOND_WINS


def test_match_points_and_game_points() -> None:
    """一: game points 2/1/0; match points 2.5 / 0; a tie gives the home team 1 and the away team 1.5."""
    section = _section([_round(1, [_match(1, 1, 2, [W, L, L]), _match(2, 3, 4, [D, D, D])])])
    history = team_records(section, records(section))
    # team 1 home: board 1 won (2), board 2 lost (0), board 3 with black won (0:2 → black wins): 4:2
    one, two = history[1][0], history[2][0]
    assert (one.game_points, two.game_points, one.match_points, two.match_points) == (4, 2, 5, 0)
    three, four = history[3][0], history[4][0]
    assert (three.game_points, four.game_points) == (3, 3)
    assert (three.match_points, four.match_points) == (2, 3)  # half points: 1 home, 1.5 away
    assert (one.second_points, one.second_games) == (2, 1)  # team 1 had black on board 3 only, and won


def test_bye_scores_a_won_match() -> None:
    """Byes (decision): 2.5 match points and 2 game points per board; no games for its players."""
    section = _section([_round(1, [_match(1, 1, 2, [W, W, W])], byes=(3,))], teams=3)
    entry = team_records(section, records(section))[3][0]
    assert (entry.role, entry.match_points, entry.game_points) == ("B", 5, 6)


def test_ranking_chain() -> None:
    """二: match points, cumulative, game points, black game points (more), black games (fewer), number."""
    rounds = [
        _round(1, [_match(1, 1, 2, [D, D, D]), _match(2, 3, 4, [D, D, D])]),
        _round(2, [_match(1, 2, 1, [D, D, D]), _match(2, 4, 3, [D, D, D])]),
    ]
    section = _section(rounds)
    history = team_records(section, records(section))
    table = team_standings(section, history, 2)
    # every team: one home tie (1) and one away tie (1.5) → 2.5; cumulative differs by round order:
    # teams 1, 3 were home in round 1: running 1, 2.5 → 3.5; teams 2, 4: 1.5, 2.5 → 4.0
    assert [(r.team, Fraction(r.match_points, 2), Fraction(r.cumulative, 2)) for r in table] == [
        (2, Fraction(5, 2), Fraction(4)),
        (4, Fraction(5, 2), Fraction(4)),
        (1, Fraction(5, 2), Fraction(7, 2)),
        (3, Fraction(5, 2), Fraction(7, 2)),
    ]
    assert [r.place for r in table] == [1, 2, 3, 4]  # no shared places: the team number decides


def test_example_standings_match_an_independent_computation() -> None:
    """The Yuangou Cup example: match points and the six columns, computed here from the YAML alone."""
    base = ROOT / "content" / "2023-yuangou-cup" / "open"
    teams = yaml.safe_load((base / "teams.yaml").read_text(encoding="utf-8"))["teams"]
    team_of = {name: t["number"] for t in teams for name in t["players"]}
    number_of = {t["name"]: t["number"] for t in teams}
    mp = dict.fromkeys(number_of.values(), Fraction(0))
    cumulative = dict.fromkeys(mp, Fraction(0))
    gp = dict.fromkeys(mp, 0)
    black_points = dict.fromkeys(mp, 0)
    black_games = dict.fromkeys(mp, 0)
    points = {"2:0": (2, 0), "1:1": (1, 1), "0:2": (0, 2)}
    for path in sorted((base / "rounds").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for match in data.get("matches", []):
            home, away = number_of[match["home"]], number_of[match["away"]]
            score = {home: 0, away: 0}
            for first, second, result in match["boards"]:
                a, b = points[result]
                score[team_of[first]] += a
                score[team_of[second]] += b
                black_points[team_of[second]] += b
                black_games[team_of[second]] += 1
            for team, other in ((home, away), (away, home)):
                gp[team] += score[team]
                if score[team] != score[other]:
                    mp[team] += Fraction(5, 2) if score[team] > score[other] else 0
                else:
                    mp[team] += 1 if team == home else Fraction(3, 2)
        bye = data.get("bye")
        if bye:
            mp[number_of[bye]] += Fraction(5, 2)
            gp[number_of[bye]] += 6
        for team in mp:
            cumulative[team] += mp[team]
    expected = sorted(mp, key=lambda t: (-mp[t], -cumulative[t], -gp[t], -black_points[t], black_games[t], t))
    section = load_checked(ROOT / "content" / "2023-yuangou-cup").events[0].sections[0]
    recs = records(section)
    table = team_standings(section, team_records(section, recs), 5)
    assert [r.team for r in table] == expected
    for r in table:
        assert Fraction(r.match_points, 2) == mp[r.team]
        assert Fraction(r.cumulative, 2) == cumulative[r.team]
        assert (r.game_points, r.second_points, r.second_games) == (
            gp[r.team],
            black_points[r.team],
            black_games[r.team],
        )


def test_board_statistics_count_each_board_of_its_match() -> None:
    """Points per board: board 3 of a match is its third game whatever the colours (the away team is
    red there); a team bye is no game, a pending board not yet one."""
    pending = Outcome.PENDING
    section = _section([_round(1, [_match(1, 1, 2, [W, L, L]), _match(2, 3, 4, [D, D, D])]),
                        _round(2, [_match(1, 1, 3, [D, W, pending])], byes=(2,))], teams=4)
    stats = board_statistics(section, records(section))
    assert stats.boards == 3
    # team 1: board 1 won and drawn, board 2 lost and won, board 3 (black) won in round 1, pending in 2
    assert stats.teams[1] == (Tally(3, 2), Tally(2, 2), Tally(2, 1))
    assert stats.teams[2] == (Tally(0, 1), Tally(2, 1), Tally(0, 1))  # its bye in round 2 counts nowhere
    assert stats.players[3] == {3: Tally(2, 1), 6: Tally(0, 1), 9: Tally(1, 1), 12: Tally(1, 1)}
    assert stats.seats[(3, 2)] == 3 and stats.seats[(7, 2)] == 1 and (4, 2) not in stats.seats


def test_example_board_statistics_add_up_to_the_players_points() -> None:
    """Every player's points over the boards are its individual points (a team bye scores its players
    nothing), and a team's board totals are its game points without its byes' (2 per board)."""
    section = load_checked(ROOT / "content" / "2023-yuangou-cup").events[0].sections[0]
    recs = records(section)
    stats, history = board_statistics(section, recs), team_records(section, recs)
    for player in section.players:
        on_boards = sum(stats.players[b].get(player.number, Tally()).points for b in stats.players)
        assert on_boards == recs.total(player.number, recs.rounds)
    for team, tallies in stats.teams.items():
        byes = sum(1 for e in history[team] if e.role == "B")
        assert sum(t.points for t in tallies) == sum(e.game_points for e in history[team]) - 2 * 3 * byes
        assert sum(t.games for t in tallies) == 3 * sum(1 for e in history[team] if e.role in "HA")
