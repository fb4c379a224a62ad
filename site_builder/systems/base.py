"""What the program asks of a pairing system, answered for a Swiss paired by score groups; each
system's module (`site_builder.systems.*`) says where it differs.

A system's pairing engine is imported by its `pair` only: a build that pairs nothing never loads
them (the Dutch engine's graph libraries alone take 0.2 s to import)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from site_builder.engine.scoring import Records
from site_builder.engine.standings import Standings, standings
from site_builder.model import Event, Game, Outcome, Round, Section, SystemName
from site_builder.pairing import Pairing, PairingError

Ref = Callable[[int], str]  # a player as a round file names them


class System:
    """One pairing system: its content defaults, its results, its next round and its pages."""

    #: the `system:` of the content
    name: ClassVar[SystemName]
    #: what `bulletin new` writes beside `system:` ("" when `new` does not start this system)
    new_note: ClassVar[str] = ""
    #: extra section lines `bulletin new` writes for it (commented options)
    new_extra: ClassVar[str] = ""
    #: `bulletin pair` computes its rounds (False: the organizer writes every round file)
    automatic: ClassVar[bool] = True
    #: its engine reads a round file of requests written before pairing (byes, absences) itself
    pairs_requests: ClassVar[bool] = False
    #: players absent or on a requested bye are left out of its pairing (a fixed schedule, a
    #: bracket or a team's board order pair everyone; their absences are forfeits)
    leaves_out: ClassVar[bool] = True
    #: its pairing can keep given pairs of players apart (`forbidden:` in a prepared round file)
    keeps_apart: ClassVar[bool] = True
    #: its pairing takes virtual points (`acceleration: baku`, FIDE C.04.5.1)
    accelerates: ClassVar[bool] = False
    #: the default of `rematches:`: may two players meet twice
    rematches: ClassVar[bool] = False
    #: a forfeited game counts as a meeting (FIDE C.04.1: it does not, the game was not played)
    forfeits_meet: ClassVar[bool] = True
    #: its standings after round n depend on later rounds (so they are never memoized by round)
    looks_ahead: ClassVar[bool] = False
    #: its default pairing numbering ("": the event's)
    numbering: ClassVar[str] = ""
    #: its rounds list matches of games (knockout), not games
    plays_matches: ClassVar[bool] = False
    #: teams play it (`teams.yaml`, boards, team matches)
    teams: ClassVar[bool] = False
    #: players are eliminated on the way and its rounds come in stages (seed 003: preliminaries,
    #: elimination, main stage, final round)
    eliminates: ClassVar[bool] = False
    #: players are ranked by points and tiebreaks (a knockout places them by the bracket instead)
    ranked: ClassVar[bool] = True
    #: its players meet every other player (FIDE C.07 treats round robins apart)
    all_play_all: ClassVar[bool] = False
    #: TRF (092 record) tournament type written on export ("" for none), and the words of an
    #: imported type that mean this system
    trf_type: ClassVar[str] = ""
    trf_words: ClassVar[tuple[str, ...]] = ()
    #: TRF holds individual games one per round: whether its sections can be exported
    trf_export: ClassVar[bool] = True

    # ---------------------------------------------------------------- content

    def planned_rounds(self, entrants: int) -> tuple[int, str] | None:
        """The number of rounds the regulation computes from the entrants, and how (None: stated)."""
        return None

    def rematch_free_from(self, planned: int) -> int | None:
        """The round from which a rematch is allowed despite `rematches: false` (None: never)."""
        return None

    def default_rounds(self, players: int) -> int:
        """Rounds for `bulletin new` when none are asked for."""
        return 7

    # ---------------------------------------------------------------- results

    def standings(self, section: Section, recs: Records, upto: int, draw_seed: int | None) -> Standings:
        """The standings after round `upto`."""
        return standings(section, recs, upto, draw_seed, round_robin=self.all_play_all)

    # ---------------------------------------------------------------- the next round

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        """The next round without the players `left_out`, no pair of `apart` meeting (raises
        `PairingError`; `PairingSeedMissing` when a draw lacks the seed)."""
        raise PairingError(f"the {self.name} system is paired by hand (write the round file)")

    def provisional_round(self, pairing: Pairing) -> Round:
        """`pairing` as a round with every result pending (the site's preview of the next round)."""
        games = tuple(Game(p.board, p.first, p.second, Outcome.PENDING) for p in pairing.pairs)
        return Round(number=pairing.round, games=games, byes=pairing.byes)

    def round_lines(self, section: Section, pairing: Pairing, ref: Ref) -> list[str]:
        """The body of the round file `bulletin pair` writes for `pairing` (results '?')."""
        lines = ["games:        # [board, first, second, result]"]
        lines += [f"  - [{p.board}, {ref(p.first)}, {ref(p.second)}, \"?\"]" for p in pairing.pairs]
        if pairing.byes:
            lines.append("byes: [" + ", ".join(ref(b) for b in pairing.byes) + "]")
        return lines
