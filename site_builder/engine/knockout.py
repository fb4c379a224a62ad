"""Knockout mini-matches (seed 004 二, 三): who advances, how, and the places it decides.

A match is two slow games, one with each colour; more points, by the section's scoring, advances.
A tie is broken by the tiebreak games of the match's chain, where the first decisive game ends the
match (an Armageddon draw is a win for the second player, see `scoring.effective_outcome`).
"""

from __future__ import annotations

from dataclasses import dataclass

from site_builder.engine.scoring import game_points, point_scale
from site_builder.engine.scoring import winner as game_winner
from site_builder.model import Chain, Game, GameKind, Match, Outcome, Round, RoundDetail, Scoring, Section

SLOW_GAMES = 2


@dataclass(frozen=True)
class KnockoutRound(RoundDetail):
    """A knockout round's part of its round file: its mini-matches (`matches:`)."""

    matches: tuple[Match, ...] = ()

    @property
    def inner_games(self) -> tuple[Game, ...]:
        return tuple(g for m in self.matches for g in m.games)

    @property
    def pairs(self) -> bool:
        return bool(self.matches)

    def unpaired(self) -> None:
        return None

    @staticmethod
    def of(rnd: Round) -> KnockoutRound:
        """`rnd`'s knockout part (none: no matches)."""
        return rnd.detail if isinstance(rnd.detail, KnockoutRound) else NO_MATCHES


NO_MATCHES = KnockoutRound()


@dataclass(frozen=True)
class MatchResult:
    match: Match
    #: points of players[0] and players[1] in the slow games played so far, in units of
    #: 1/`point_scale` of the section's scoring; None while no slow game has a result
    slow_points: tuple[int, int] | None
    winner: int | None
    decided_by: GameKind | None  # SLOW when the two slow games decided it

    @property
    def loser(self) -> int | None:
        if self.winner is None:
            return None
        a, b = self.match.players
        return b if self.winner == a else a

    @property
    def by_forfeit(self) -> bool:
        """Won with no slow game played over the board: each was forfeited (a player who withdrew
        loses his scheduled games by forfeit), so the match has no score of games played."""
        return self.winner is not None and not any(g.outcome.is_played for g in self.match.games[:SLOW_GAMES])


def _slow_points(slow: tuple[Game, ...], players: tuple[int, int],
                 scoring: Scoring) -> tuple[int, int] | None:
    """The two players' points in the slow games with a result, in units of 1/`point_scale`
    (the mini-match compares the section's points, seed 004 二), or None when none has one."""
    played = [g for g in slow if g.outcome is not Outcome.PENDING]
    if not played:
        return None
    scale = point_scale(scoring)
    a, b = (int(sum(game_points(g, p, scoring) for g in played) * scale) for p in players)
    return a, b


def match_result(match: Match, scoring: Scoring) -> MatchResult:
    """Who won `match` and how, its slow games scored by the section's `scoring`."""
    a, b = match.players
    slow = match.games[:SLOW_GAMES]
    points = _slow_points(slow, (a, b), scoring)
    if points is None or len(slow) < SLOW_GAMES or any(g.outcome is Outcome.PENDING for g in slow):
        return MatchResult(match, points, None, None)
    if points[0] != points[1]:
        return MatchResult(match, points, a if points[0] > points[1] else b, GameKind.SLOW)
    for game in match.games[SLOW_GAMES:]:
        winner = game_winner(game)
        if winner is not None:
            return MatchResult(match, points, winner, game.kind)
    return MatchResult(match, points, None, None)


def violations(match: Match, chain: Chain, scoring: Scoring) -> list[tuple[Game | None, str, str]]:
    """Breaches of the match format, its slow games scored by `scoring`: (game or None for the
    match, message, hint)."""
    games = match.games
    out: list[tuple[Game | None, str, str]] = []
    slow = [g for g in games[:SLOW_GAMES] if g.kind is GameKind.SLOW]
    if len(slow) < SLOW_GAMES:
        return [(games[min(len(slow), len(games) - 1)], "a match starts with two slow games",
                 "list the two slow games first (kind slow, the default)")]
    if slow[1].first != slow[0].second:
        out.append((slow[1], "the second slow game must reverse the colours of the first",
                    "分先: one game with each colour"))
    decided = None if any(g.outcome is Outcome.PENDING for g in slow) else _slow_decided(match, scoring)
    previous: Game | None = slow[1]
    for index, game in enumerate(games[SLOW_GAMES:]):
        if previous is not None and previous.outcome is Outcome.PENDING:
            out.append((game, "a game follows a game whose result is pending",
                        "enter the result of the earlier game first"))
            break
        if decided:
            out.append((game, "a tiebreak game after the match was decided",
                        "the first decisive result ends the match; remove this game"))
            break
        expected = chain.kind_at(index)
        if expected is None:
            out.append((game, "the tiebreak chain has no more games", "the match was decided earlier"))
            break
        if game.kind is not expected:
            out.append((game, f"tiebreak game {index + 1} must be {expected.value}, "
                              f"found {game.kind.value}", f"write kind: {expected.value}"))
        paired_with = _reversed_partner(games, SLOW_GAMES + index, chain)
        if paired_with is not None and game.first != paired_with.second:
            out.append((game, f"this {game.kind.value} game must reverse the colours of the one before",
                        "换先: swap first and second player"))
        decided = game_winner(game) is not None
        previous = game
    return out


def _slow_decided(match: Match, scoring: Scoring) -> bool:
    result = match_result(match, scoring)
    return result.decided_by is GameKind.SLOW


def _reversed_partner(games: tuple[Game, ...], index: int, chain: Chain) -> Game | None:
    """The game whose colours game `index` reverses: the previous game of the same kind, when the
    two form a pair (rapid 2 after rapid 1, blitz 2 after blitz 1, and every repeated game)."""
    game = games[index]
    before = games[index - 1]
    if before.kind is not game.kind or game.kind in (GameKind.SLOW, GameKind.ARMAGEDDON):
        return None
    same_before = sum(1 for g in games[SLOW_GAMES:index] if g.kind is game.kind)
    repeating = chain.repeat_last and chain.kinds and game.kind is chain.kinds[-1]
    return before if same_before % 2 == 1 or repeating else None


def main_players(rnd: Round) -> int:
    """Players in the main bracket (not placement matches) of a knockout round."""
    return 2 * sum(1 for m in KnockoutRound.of(rnd).matches if not m.placement)


@dataclass(frozen=True)
class Placing:
    player: int
    first: int  # best place still possible, or the place decided
    last: int  # equal to `first` once decided; otherwise the range still open (e.g. 5-8)
    shared: bool = False  # eliminated in an early round: shares places first..last (33-64)
    out_in: int | None = None  # the round whose bracket match (the final included) the player lost

    @property
    def decided(self) -> bool:
        return self.first == self.last or self.shared


_FIXED = {"final": (1, 2), "3-4": (3, 4), "5-6": (5, 6), "7-8": (7, 8)}

#: The best place each kind of match plays for: who plays in a better one went on.
_BEST_PLACE = {"": 1, "final": 1, "3-4": 3, "5-8": 5, "5-6": 5, "7-8": 7}
_NOT_PAIRED = 1 << 30  # the best place of a player a round does not pair: none


def _best_places(rnd: Round) -> dict[int, int]:
    """The best place each player of `rnd` still plays for (1: the main bracket or the final)."""
    return {p: _BEST_PLACE.get(m.placement, 1) for m in KnockoutRound.of(rnd).matches for p in m.players}


def went_on(match: Match, result: MatchResult, after: Round | None) -> tuple[int, int] | None:
    """(winner, loser) of `match` as the bracket was played on: the player the next round `after`
    put in the better match (a semi-final rather than 5–8, a round rather than none), whatever a
    result corrected since says; the result's without a next round or where it tells them apart
    not; None while neither decides."""
    if after is not None:
        best = _best_places(after)
        a, b = match.players
        place_a, place_b = best.get(a, _NOT_PAIRED), best.get(b, _NOT_PAIRED)
        if place_a != place_b:
            return (a, b) if place_a < place_b else (b, a)
    if result.winner is None or result.loser is None:
        return None
    return result.winner, result.loser


def _places(match: Match, field: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The places (best, worst) the winner and the loser of `match` are left to play for, in a
    round of `field` players in the main bracket."""
    if match.placement in _FIXED:
        high, low = _FIXED[match.placement]
        return (high, high), (low, low)
    if match.placement == "5-8":
        return (5, 6), (7, 8)
    if field == 4:  # semi-final: the loser plays for 3rd place
        return (1, 2), (3, 4)
    if field == 8:  # quarter-final: the loser plays for 5th–8th
        return (1, 4), (5, 8)
    return (1, field // 2), (field // 2 + 1, field)


def placings(section: Section) -> list[Placing]:
    """Places decided so far: losers of early rounds share places (=33, =17, =9 with 64 players),
    placement matches decide 1–8 (seed 004 一.(三)). Who went on is who played on (`went_on`): a
    result corrected after the next round was paired does not undo the bracket as played."""
    places = {p.number: (1, len(section.players)) for p in section.players}
    shared: set[int] = set()
    out: dict[int, int] = {}
    rounds = {rnd.number: rnd for rnd in section.rounds}
    for rnd in section.rounds:
        field = main_players(rnd)
        for match in KnockoutRound.of(rnd).matches:
            sides = went_on(match, match_result(match, section.scoring), rounds.get(rnd.number + 1))
            if sides is None:
                continue
            winner, loser = sides
            places[winner], places[loser] = _places(match, field)
            if match.placement in ("", "final"):  # the bracket's own matches, the final included
                out[loser] = rnd.number
            if match.placement not in (*_FIXED, "5-8") and field not in (4, 8):
                shared.add(loser)  # an early round's losers share their places
    return sorted((Placing(p, first, last, p in shared, out.get(p)) for p, (first, last) in places.items()),
                  key=lambda x: (x.first, x.last, x.player))
