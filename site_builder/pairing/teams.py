"""The next round of a team Swiss (seed 001): team pairing by home/away zones, then each match's
board order and colours, from the records so far."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from site_builder.engine.scoring import Records, Side
from site_builder.engine.teams import LineUp, line_up, team_of, team_records, team_standings, teams_to_pair
from site_builder.model import Section
from site_builder.pairing import Note, Pair, Pairing, PairingError, TeamMatchPairing
from site_builder.pairing.team_boards import BoardPlayer, order_away, order_home, seated
from site_builder.pairing.team_zones import TeamPairingError, TeamState, pair_teams


def team_states(section: Section, recs: Records, upto: int, left_out: frozenset[int] = frozenset()
                ) -> list[TeamState]:
    """The teams to pair after round `upto`: neither withdrawn nor among `left_out` (absent)."""
    history = team_records(section, recs)
    places = {row.team: row.place for row in team_standings(section, history, upto)}
    return [TeamState(number=team,
                      score=entries[-1].running if entries else 0,
                      opponents=frozenset(e.opponent for e in entries if e.opponent is not None),
                      roles=tuple(e.role for e in entries if e.role in ("H", "A", "B")),
                      rank=places.get(team, team))
            for team, entries in teams_to_pair(section, history, upto, left_out)]


def board_player(recs: Records, player: int, upto: int) -> BoardPlayer:
    entries = recs.entries[player][:upto]
    colours = tuple("R" if e.side is Side.FIRST and e.kind.is_played else
                    "B" if e.side is Side.SECOND and e.kind.is_played else "-" for e in entries)
    return BoardPlayer(
        number=player, colours=colours,
        score=entries[-1].running if entries else 0,
        cumulative=sum(e.running for e in entries),
        red_score=sum(e.points for e in entries if e.side is Side.FIRST and e.kind.is_played),
        black_score=sum(e.points for e in entries if e.side is Side.SECOND and e.kind.is_played),
    )


def next_team_round(section: Section, recs: Records, absent: frozenset[int] = frozenset(),
                    lineups: Mapping[int, tuple[int, ...]] | None = None) -> Pairing:
    """The next round without the withdrawn teams and the teams `absent` this round; a team plays
    its line-up (`lineups`: the players it fields) where one is given, else its players and reserves
    who have not withdrawn (`line_up`); a board it has no player for is its last, lost by forfeit."""
    number = section.current_round + 1
    try:
        paired = pair_teams(team_states(section, recs, number - 1, absent), number)
    except TeamPairingError as error:
        raise PairingError(str(error)) from None
    matches: list[TeamMatchPairing] = []
    pairs: list[Pair] = []
    empty: list[int] = []
    for table, (home, away) in enumerate(paired.matches, start=1):
        fielded = {t: line_up(section, t, number - 1, (lineups or {}).get(t)) for t in (home, away)}
        home_order = board_order(recs, fielded[home], number, order_home)
        away_order = board_order(recs, fielded[away], number, order_away)
        board_pairs = tuple(Pair((table - 1) * team_of(section).boards + b, first, second)
                            for b, (first, second) in enumerate(seated(home_order, away_order), start=1))
        matches.append(TeamMatchPairing(table, home, away, board_pairs))
        pairs += board_pairs
        empty += [*fielded[home].forfeiting, *fielded[away].forfeiting]
    notes = (*paired.notes, *((Note("empty_board", tuple(empty)),) if empty else ()))
    return Pairing(number, tuple(pairs), (), notes, tuple(matches),
                   (paired.bye,) if paired.bye is not None else (), paired.warnings)


def board_order(recs: Records, fielded: LineUp, number: int,
                order: Callable[[list[BoardPlayer], int], list[int]]) -> list[int]:
    """A team's players for boards 1..n of round `number`: those who play in the order of 五.2 or 五.3
    (`order`), then those entered on the boards left empty."""
    return [*order([board_player(recs, p, number - 1) for p in fielded.playing], number), *fielded.forfeiting]
