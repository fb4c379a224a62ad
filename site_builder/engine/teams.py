"""Team scoring and ranking of seed 001 (rules/xiangqi-team-swiss.md 一, 二).

Game points come from the individual records (2/1/0 per board); match points are kept as
integers in half points (2.5 → 5) so that every sum is exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from site_builder.engine.scoring import Kind, Records, Side
from site_builder.engine.tiebreaks import Value
from site_builder.errors import Location
from site_builder.model import MatchScoring, Outcome, Round, RoundDetail, Section, Team, TeamMatch


@dataclass(frozen=True)
class TeamSection:
    """A team section's part (`Section.team`): its teams, the boards of a match and its match points."""

    teams: tuple[Team, ...] = ()
    boards: int = 3  # boards per team match
    match_scoring: MatchScoring = field(default_factory=MatchScoring)


def team_of(section: Section) -> TeamSection:
    """The section's team play: no teams, 3 boards and the default match points when it is none."""
    return section.team if isinstance(section.team, TeamSection) else NO_TEAM_PLAY


NO_TEAM_PLAY = TeamSection()


@dataclass(frozen=True)
class TeamRound(RoundDetail):
    """A team round's part of its round file: its team matches (their board games are also in the
    round's `games`), the teams on a bye, the teams that withdraw after it (never paired again), the
    teams not paired in it (a round prepared before pairing), and each team's players fielded; where
    each bye and each line-up is written, for errors."""

    team_matches: tuple[TeamMatch, ...] = ()
    team_byes: tuple[int, ...] = ()
    teams_withdrawn: tuple[int, ...] = ()
    teams_absent: tuple[int, ...] = ()
    lineups: Mapping[int, tuple[int, ...]] = field(default_factory=dict)  # team → its players fielded
    bye_locs: tuple[Location | None, ...] = field(default=(), compare=False, repr=False)  # as `team_byes`
    lineup_locs: Mapping[int, Location] = field(default_factory=dict, compare=False, repr=False)

    @property
    def pairs(self) -> bool:
        return bool(self.team_matches or self.team_byes)

    @property
    def requests(self) -> bool:
        return bool(self.teams_absent)

    @property
    def team_entrants(self) -> tuple[int, ...]:
        """Its teams in a match, on a bye or absent."""
        paired = (t for m in self.team_matches for t in (m.home, m.away))
        return (*paired, *self.team_byes, *self.teams_absent)

    def unpaired(self) -> TeamRound:
        return replace(self, team_matches=(), team_byes=(), bye_locs=())

    def bye_at(self, index: int) -> Location | None:
        """Where the `index`-th team of `team_byes` is written (None: not read from a file)."""
        return self.bye_locs[index] if index < len(self.bye_locs) else None

    def asked(self, written: RoundDetail | None) -> TeamRound:
        return replace(self, teams_absent=written.teams_absent if isinstance(written, TeamRound) else ())

    @staticmethod
    def of(rnd: Round) -> TeamRound:
        """`rnd`'s team part (none: a round of no team)."""
        return rnd.detail if isinstance(rnd.detail, TeamRound) else NO_TEAMS


NO_TEAMS = TeamRound()


@dataclass(frozen=True)
class TeamEntry:
    """One team's round."""

    round: int
    role: str  # "H" home, "A" away, "B" bye, "-" not paired
    opponent: int | None = None
    table: int | None = None
    game_points: int = 0  # in engine units
    opponent_game_points: int = 0
    match_points: int = 0  # half points
    running: int = 0  # running match points (half points)
    second_points: int = 0  # game points scored with black (units)
    second_games: int = 0
    pending: bool = False
    played: bool = True  # a game of the match was played over the board (else it was forfeited)


def half_points(value: Fraction) -> int:
    return int(value * 2)


def bye_game_points(section: Section) -> Fraction:
    """The game points of a team's pairing-allocated bye: `match_points: bye_game_points`, else every
    board won (seed 001 一)."""
    points = team_of(section).match_scoring.bye_game_points
    return section.scoring.win * team_of(section).boards if points is None else points


def team_records(section: Section, recs: Records) -> dict[int, tuple[TeamEntry, ...]]:
    """Every team's rounds: role, opponent, game points, match points, black points and games."""
    scoring = team_of(section).match_scoring
    team_bye = int(bye_game_points(section) * recs.scale)
    history: dict[int, list[TeamEntry]] = {t.number: [] for t in section.teams}
    for number in range(1, recs.rounds + 1):
        rnd = next((r for r in section.rounds if r.number == number), None)
        seen: dict[int, TeamEntry] = {}
        for match in (TeamRound.of(rnd).team_matches if rnd else ()):
            sides = {match.home: "H", match.away: "A"}
            points = {match.home: 0, match.away: 0}
            second = {match.home: [0, 0], match.away: [0, 0]}
            pending = any(g.outcome is Outcome.PENDING for g in match.games)
            played = any(recs.entries[g.first][number - 1].kind.is_played for g in match.games)
            for game in match.games:
                for player in (game.first, game.second):
                    entry = recs.entries[player][number - 1]
                    team = section.team_of[player]
                    points[team] += entry.points
                    if entry.side is Side.SECOND and entry.kind.is_played:
                        second[team][0] += entry.points
                        second[team][1] += 1
            for team, other in ((match.home, match.away), (match.away, match.home)):
                if pending:
                    mp = 0
                elif points[team] > points[other]:
                    mp = half_points(scoring.win)
                elif points[team] < points[other]:
                    mp = half_points(scoring.loss)
                else:
                    mp = half_points(scoring.home_draw if sides[team] == "H" else scoring.away_draw)
                seen[team] = TeamEntry(number, sides[team], other, match.table, points[team], points[other],
                                       mp, 0, second[team][0], second[team][1], pending, played)
        for team in (TeamRound.of(rnd).team_byes if rnd else ()):
            seen[team] = TeamEntry(number, "B", game_points=team_bye,
                                   match_points=half_points(scoring.bye))
        for team, entries in history.items():
            done = seen.get(team) or TeamEntry(number, "-")
            running = (entries[-1].running if entries else 0) + done.match_points
            entries.append(TeamEntry(done.round, done.role, done.opponent, done.table, done.game_points,
                                     done.opponent_game_points, done.match_points, running,
                                     done.second_points, done.second_games, done.pending, done.played))
    return {team: tuple(entries) for team, entries in history.items()}


def teams_to_pair(section: Section, history: Mapping[int, tuple[TeamEntry, ...]], upto: int,
                  left_out: frozenset[int] = frozenset()) -> list[tuple[int, tuple[TeamEntry, ...]]]:
    """The teams to pair after round `upto`, in the section's order, neither withdrawn by then nor
    `left_out` (absent): each team's number with its rounds (`team_records`) up to `upto`."""
    gone = set(section.field_changes.upto(upto).teams_withdrawn) | left_out
    return [(team.number, history[team.number][:upto]) for team in section.teams if team.number not in gone]


def teams_not_entered(section: Section, number: int) -> set[int]:
    """The teams not yet in the field of round `number`, as a late entrant is not: a team that enters
    after it (`Section.field_changes`: a team enters at the first round whose file names it in a
    match, on a bye or absent, `TeamRound.team_entrants`), and a team of the list no round file
    names (added for a round not written yet). None before any round is paired."""
    if not any(not r.is_request for r in section.rounds):
        return set()
    named = {t for rnd in section.rounds for t in TeamRound.of(rnd).team_entrants}
    later = section.field_changes.teams_entered
    return {t.number for t in section.teams if t.number not in named or later.get(t.number, 1) > number}


def field_of_round(section: Section, number: int) -> Section:
    """`section` with the teams (and their players) of round `number`'s field only: without the
    teams that entered later (`teams_not_entered`); the section itself when it has no team."""
    later = teams_not_entered(section, number) if section.teams else set()
    if not later:
        return section
    play = team_of(section)
    members = {p for t in play.teams if t.number in later for p in (*t.players, *t.reserves)}
    return replace(section, team=replace(play, teams=tuple(t for t in play.teams if t.number not in later)),
                   players=tuple(p for p in section.players if p.number not in members))


@dataclass(frozen=True)
class LineUp:
    """A team's players in a round: those who play, and those entered on the boards left empty (the
    team's last boards), each board lost by forfeit."""

    playing: tuple[int, ...]
    forfeiting: tuple[int, ...] = ()

    @property
    def boards(self) -> tuple[int, ...]:
        """Its players for boards 1..n in the order given: those who play, then the empty boards'."""
        return (*self.playing, *self.forfeiting)


def line_up(section: Section, team: int, upto: int, chosen: tuple[int, ...] | None = None) -> LineUp:
    """Team `team`'s players in round `upto` + 1: its line-up of the day (`chosen`), else its players
    and then its reserves in board order, without those who withdrew by round `upto`, as many as it
    has boards. A board no player is left for is entered with the first of its regular players not
    playing, a forfeit lost by the team."""
    members, boards = section.teams_by_number[team], team_of(section).boards
    gone = section.field_changes.upto(upto).withdrawn
    playing = chosen or tuple(p for p in (*members.players, *members.reserves) if p not in gone)[:boards]
    spare = [p for p in members.players if p not in playing]
    return LineUp(tuple(playing), tuple(spare[:boards - len(playing)]))


@dataclass(frozen=True)
class TeamRow:
    """A line of the team standings: the six ranking columns of 二."""

    place: int
    team: int
    match_points: int  # half points
    cumulative: int  # half points: Σ running match points
    game_points: int  # units
    second_points: int  # units
    second_games: int
    values: tuple[Value | None, ...] = ()  # the values of the section's team tiebreaks (fide-team)


def team_rows(history: Mapping[int, tuple[TeamEntry, ...]], upto: int
              ) -> list[tuple[int, int, int, int, int, int]]:
    """Each team's (team, match points, cumulative, game points, black points, black games)."""
    rows = []
    for team, entries in history.items():
        done = entries[:upto]
        rows.append((team, done[-1].running if done else 0, sum(e.running for e in done),
                     sum(e.game_points for e in done), sum(e.second_points for e in done),
                     sum(e.second_games for e in done)))
    return rows


def entered_by(section: Section, history: Mapping[int, tuple[TeamEntry, ...]], upto: int
               ) -> dict[int, tuple[TeamEntry, ...]]:
    """`history` without the teams that enter late after round `upto`: as a late entrant, a team is
    in the standings from its first round on, not before (`Section.field_changes`)."""
    later = {team for team, first in section.field_changes.teams_entered.items() if first > upto}
    return {team: entries for team, entries in history.items() if team not in later}


def team_standings(section: Section, history: Mapping[int, tuple[TeamEntry, ...]], upto: int
                   ) -> list[TeamRow]:
    """二: match points, cumulative, game points, black game points (more), black games (fewer),
    team number; no shared places. A team entering after round `upto` is not in them yet."""
    rows = sorted(team_rows(entered_by(section, history, upto), upto),
                  key=lambda r: (-r[1], -r[2], -r[3], -r[4], r[5], r[0]))
    return [TeamRow(place, *row) for place, row in enumerate(rows, start=1)]


def colour_counts(recs: Records, player: int, upto: int) -> tuple[int, int]:
    """(red / first-player games, black / second-player games) played in rounds 1..upto."""
    entries = [e for e in recs.entries[player][:upto] if e.kind.is_played]
    return (sum(1 for e in entries if e.side is Side.FIRST), sum(1 for e in entries if e.side is Side.SECOND))


#: The kinds of round that are a game on a board (a forfeit included: it scores game points).
BOARD_GAMES = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS,
                         Kind.DOUBLE_FORFEIT})


@dataclass(frozen=True)
class Tally:
    """Points (engine units) and games with a result on one board."""

    points: int = 0
    games: int = 0

    def plus(self, points: int) -> Tally:
        return Tally(self.points + points, self.games + 1)


@dataclass(frozen=True)
class BoardStatistics:
    """Points per board (chess-results' board statistics): the board of every player's game within its
    match, each team's tally per board and each player's on each board it played. A team bye is no
    game: it gives the team game points (一) and its players nothing, so it counts on no board."""

    boards: int
    seats: dict[tuple[int, int], int]  # (player, round) → board of its match (1..boards)
    teams: dict[int, tuple[Tally, ...]]  # team → its tally on boards 1..boards
    players: dict[int, dict[int, Tally]]  # board → player → tally, for the players who played on it


def board_statistics(section: Section, recs: Records) -> BoardStatistics:
    """Every board game with a result of rounds 1..recs.rounds, summed per team and per player by the
    board of its match (game points as the individual records count them)."""
    boards = max([team_of(section).boards,
                  *(len(m.games) for r in section.rounds for m in TeamRound.of(r).team_matches)])
    seats: dict[tuple[int, int], int] = {}
    teams = {t.number: [Tally()] * boards for t in section.teams}
    players: dict[int, dict[int, Tally]] = {b: {} for b in range(1, boards + 1)}
    for rnd in section.rounds:
        if rnd.number > recs.rounds:
            continue
        for match in TeamRound.of(rnd).team_matches:
            for board, game in enumerate(match.games, start=1):
                for player in (game.first, game.second):
                    seats[(player, rnd.number)] = board
                    entry = recs.entries[player][rnd.number - 1]
                    if entry.kind not in BOARD_GAMES:
                        continue
                    team = section.team_of[player]
                    teams[team][board - 1] = teams[team][board - 1].plus(entry.points)
                    players[board][player] = players[board].get(player, Tally()).plus(entry.points)
    return BoardStatistics(boards, seats, {t: tuple(tallies) for t, tallies in teams.items()}, players)
