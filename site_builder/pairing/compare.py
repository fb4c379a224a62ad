"""A round as written against the round as the engine pairs it: the one comparison of both, which
`bulletin verify`, `bulletin pair --record` (and `--accept`) and go's page "Why these pairings?"
read. It compares the boards, players and colours of every game (a knockout match's by its first
game), the byes and the team matches; in go, where the engine gives each game its handicap, also
each game's handicap and komi: a handicap or a komi changed by hand is a round changed by hand."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from site_builder.engine.knockout import KnockoutRound
from site_builder.engine.teams import TeamRound
from site_builder.games.go_terms import game_komi
from site_builder.model import Round
from site_builder.pairing import Pairing


@dataclass(frozen=True)
class Terms:
    """A go game's handicap (0: even) and komi (None: none said, by the game, its section or event)."""

    handicap: int
    komi: Fraction | None


@dataclass(frozen=True)
class BoardDifference:
    """A board whose game is not the engine's: the two players (first, second) as written and as the
    engine pairs them (None: no game at that board), and in go the terms of each."""

    board: int
    written: tuple[int, int] | None
    engine: tuple[int, int] | None
    written_terms: Terms | None = None
    engine_terms: Terms | None = None

    @property
    def same_pair(self) -> bool:
        """The engine's two players with the engine's colours: only the handicap or komi differ."""
        return self.written is not None and self.written == self.engine

    @property
    def handicap_differs(self) -> bool:
        return self.written_terms is not None and self.engine_terms is not None \
            and self.written_terms.handicap != self.engine_terms.handicap

    @property
    def komi_differs(self) -> bool:
        return self.written_terms is not None and self.engine_terms is not None \
            and self.written_terms.komi != self.engine_terms.komi


@dataclass(frozen=True)
class RoundDifference:
    """What a round as written has that the engine's pairing of it has not: the boards that differ
    (in board order), the byes when they differ (as written, as the engine gives them), and whether
    the team matches or the teams' byes differ."""

    boards: tuple[BoardDifference, ...] = ()
    byes: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    teams: bool = False

    @property
    def differs(self) -> bool:
        return bool(self.boards) or self.byes is not None or self.teams

    def at(self, board: int) -> BoardDifference | None:
        """The difference at `board`, None where the board is the engine's."""
        return next((d for d in self.boards if d.board == board), None)


Seat = tuple[int, tuple[int, int], Terms | None]  # board, (first, second), terms


def compare(rnd: Round, pairing: Pairing, komi: Fraction | None, numbered: bool = True) -> RoundDifference:
    """How round `rnd` as written differs from `pairing`, the engine's pairing of it; `komi` is the
    section's komi of an even game (what the engine's even games are played with). `numbered` false
    (a TRF file, which numbers no boards) compares who plays whom with which colour, not where."""
    written, engine = _seats(rnd, pairing, komi)
    boards = _boards(written, engine)
    if not numbered:
        engine_games, written_games = Counter(s[1:] for s in engine), Counter(s[1:] for s in written)
        boards = () if engine_games == written_games else tuple(
            d for d in boards if (d.written, d.written_terms) not in engine_games
            or (d.engine, d.engine_terms) not in written_games)
    byes = None if sorted(rnd.byes) == sorted(pairing.byes) else (tuple(rnd.byes), tuple(pairing.byes))
    teams = ((sorted((m.table, m.home, m.away, tuple((g.first, g.second) for g in m.games))
                     for m in TeamRound.of(rnd).team_matches), sorted(TeamRound.of(rnd).team_byes))
             != (sorted((m.table, m.home, m.away, tuple((b.first, b.second) for b in m.boards))
                        for m in pairing.team_matches), sorted(pairing.team_byes)))
    return RoundDifference(boards, byes, teams)


def unmatched(rnd: Round, pairing: Pairing, komi: Fraction | None
              ) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The games (first, second) of round `rnd` as written that the engine's `pairing` has not, and
    the engine's games that `rnd` has not, each in board order: compared by players and colours (in
    go also the terms), not by board, so that a game on another board is in neither."""
    written, engine = _seats(rnd, pairing, komi)
    return _apart(written, engine), _apart(engine, written)


def _seats(rnd: Round, pairing: Pairing, komi: Fraction | None) -> tuple[list[Seat], list[Seat]]:
    """The games of `rnd` as written (a knockout match's by its first game) and of `pairing`, each a
    seat: its board, its players (first, second) and in go its terms."""
    go = any(p.handicap is not None for p in pairing.pairs)  # the engine gives handicaps
    engine: list[Seat] = [
        (p.board, (p.first, p.second), _terms(go, p.handicap, game_komi(None, p.handicap, komi)))
        for p in pairing.pairs]
    written: list[Seat] = [(g.board, (g.first, g.second), _terms(go, g.handicap, g.komi)) for g in rnd.games]
    written += [(m.board, m.players, None) for m in KnockoutRound.of(rnd).matches]
    return written, engine


def _apart(mine: list[Seat], theirs: list[Seat]) -> tuple[tuple[int, int], ...]:
    """The players of each seat of `mine` whose game (players, colours, terms) `theirs` has not, in
    board order; a game `mine` holds twice and `theirs` once is counted once."""
    left = Counter(seat[1:] for seat in theirs)
    found = []
    for _, players, terms in sorted(mine, key=lambda seat: seat[0]):
        if left[(players, terms)]:
            left[(players, terms)] -= 1
        else:
            found.append(players)
    return tuple(found)


def _terms(go: bool, handicap: int | None, komi: Fraction | None) -> Terms | None:
    """A game's terms as compared: none outside go, a game without `handicap:` even."""
    return Terms(handicap or 0, komi) if go else None


def _boards(written: list[Seat], engine: list[Seat]) -> tuple[BoardDifference, ...]:
    """Each board whose game (players, colours, terms) is not the engine's, in board order."""
    mine = {board: (players, terms) for board, players, terms in written}
    theirs = {board: (players, terms) for board, players, terms in engine}
    found = []
    for board in sorted(set(mine) | set(theirs)):
        a, b = mine.get(board, (None, None)), theirs.get(board, (None, None))
        if a != b:
            found.append(BoardDifference(board, a[0], b[0], a[1], b[1]))
    return tuple(found)
