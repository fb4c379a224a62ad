"""A section's next round by C.04.6: the teams' records in, a `Pairing` of team matches out. The team
with White on board 1 plays White on the odd boards and Black on the even ones (its colour is its
first board's, art. 1.6.1); it is the match's `home` team."""

from __future__ import annotations

from collections.abc import Mapping

from site_builder.engine.scoring import Records
from site_builder.engine.teams import TeamEntry, TeamRound, line_up, team_of, team_records, teams_to_pair
from site_builder.model import Section, TeamMatch
from site_builder.pairing import Note, Pair, Pairing, PairingError, PairingSeedMissing, TeamMatchPairing
from site_builder.pairing.fide_team.colours import BLACK, WHITE, ColourModel, other
from site_builder.pairing.fide_team.engine import NoTeamPairing, Rules, TeamState, pair_round
from site_builder.pairing.lots import rng


def white_first(board: int) -> bool:
    """Does the team with White on board 1 play first (White) on `board`: on the odd boards."""
    return board % 2 == 1


def played(match: TeamMatch, recs: Records, number: int) -> bool:
    """A match counts for colours, floats and meetings-as-played when a game of it was played."""
    return any(recs.entries[g.first][number - 1].kind.is_played for g in match.games)


def _scores(section: Section, entries: tuple[TeamEntry, ...]) -> tuple[int, int]:
    """(primary, secondary) after `entries`: match points (half points) and game points (units),
    in the order of `primary_score`."""
    mp, gp = (entries[-1].running if entries else 0), sum(e.game_points for e in entries)
    return (gp, mp) if section.options.get("primary_score") == "game" else (mp, gp)


def team_states(section: Section, recs: Records, upto: int, left_out: frozenset[int] = frozenset()
                ) -> list[TeamState]:
    """The teams to pair after round `upto`, neither withdrawn nor `left_out`."""
    history = team_records(section, recs)
    matches = {(r.number, t): m for r in section.rounds if r.number <= upto
               for m in TeamRound.of(r).team_matches for t in (m.home, m.away)}
    states = []
    for team, entries in teams_to_pair(section, history, upto, left_out):
        colours, barred, count, met = "", False, 0, set()
        for e in entries:
            match = matches.get((e.round, team))
            if e.role == "B":
                barred = True
            elif match is not None and played(match, recs, e.round):
                count += 1
                met.add(e.opponent)
                first_team = section.team_of[match.games[0].first] if match.games else match.home
                colours += WHITE if first_team == team else BLACK
            elif match is not None and e.game_points > e.opponent_game_points:
                barred = True  # [C2]: a match won by forfeit
        floated = False
        last = entries[-1] if entries else None
        if last is not None and last.opponent is not None and (last.round, team) in matches \
                and played(matches[(last.round, team)], recs, last.round):
            before = history[last.opponent][:last.round - 1]
            floated = _scores(section, before)[0] != _scores(section, entries[:-1])[0]
        primary, secondary = _scores(section, entries)
        states.append(TeamState(team, primary, secondary, frozenset(t for t in met if t is not None),
                                colours, floated, barred, count))
    return states


def initial_colour(section: Section, recs: Records, draw_seed: int | None) -> str:
    """Art. 4.1: the initial-colour as the section states it (`first_colour`), else read back from
    round 1's first played match by art. 4.3.1, else drawn by lot from the recorded seed."""
    if section.options.get("first_colour") in ("white", "black"):
        return WHITE if section.options.get("first_colour") == "white" else BLACK
    first = next((r for r in section.rounds if r.number == 1), None)
    for match in sorted(TeamRound.of(first).team_matches if first else (), key=lambda m: min(m.home, m.away)):
        if match.games and played(match, recs, 1):
            lower = min(match.home, match.away)
            colour = WHITE if section.team_of[match.games[0].first] == lower else BLACK
            return colour if lower % 2 else other(colour)
    if draw_seed is None:
        raise PairingSeedMissing("the lot of the initial-colour (C.04.6 art. 4.1)")
    return rng(draw_seed, section.id, "first colour").choice((WHITE, BLACK))


def fide_team_round(section: Section, recs: Records, draw_seed: int | None,
                    absent: frozenset[int] = frozenset(),
                    lineups: Mapping[int, tuple[int, ...]] | None = None) -> Pairing:
    """The next round without the withdrawn teams and those `absent`; each team fields its line-up
    (`lineups`) where one is given, else its players and reserves who have not withdrawn, in board
    order (`line_up`); a board it has no player for is its last, lost by forfeit."""
    number = section.current_round + 1
    option = section.options.get("colour_model", "A")
    model: ColourModel = "A" if option == "A" else "B" if option == "B" else "none"
    rules = Rules(section.rounds_planned, number, model, initial_colour(section, recs, draw_seed),
                  bool(section.options.get("secondary_colours", True)))
    try:
        result = pair_round(team_states(section, recs, number - 1, absent), rules)
    except NoTeamPairing as error:
        raise PairingError(str(error)) from None
    matches: list[TeamMatchPairing] = []
    pairs: list[Pair] = []
    empty: list[int] = []
    for table, match in enumerate(result.matches, start=1):
        sides = (match.white, match.black)
        fielded = {t: line_up(section, t, number - 1, (lineups or {}).get(t)) for t in sides}
        seats = enumerate(zip(fielded[match.white].boards, fielded[match.black].boards, strict=True), start=1)
        size = team_of(section).boards
        boards = tuple(Pair((table - 1) * size + b, *((w, bl) if white_first(b) else (bl, w)))
                       for b, (w, bl) in seats)
        matches.append(TeamMatchPairing(table, match.white, match.black, boards))
        pairs += boards
        empty += [p for t in sides for p in fielded[t].forfeiting]
    return Pairing(number, tuple(pairs), (), (Note("empty_board", tuple(empty)),) if empty else (),
                   tuple(matches), (result.bye,) if result.bye is not None else ())
