"""FIDE's Double-Swiss System, C.04.5 (`site_builder.pairing.double_swiss`): every round of the
rules is a match of two games between the same two players, colours reversed in game 2. A match is
two rounds of the section (game 1 in round 2m−1, game 2 in round 2m): the standings count game
points over both games, TRF holds one column per game, and `rounds:` is twice the matches.

Its round file (`MatchFile`) is the games' file, each saying which game of which match it holds; the
pairing-allocated bye of a match is game 1's bye and game 2's half-point bye (a game won and a game
drawn: 1½ points, art. 1.4), and game 2's file repeats the requests of game 1's (a bye applies to the
match)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from site_builder.engine.scoring import Records
from site_builder.errors import Location, Problems
from site_builder.model import Event, Game, Round, Section
from site_builder.pairing import Pairing
from site_builder.pairing.breach import Breach
from site_builder.systems.base import PAIRING_WHY as WHY
from site_builder.systems.base import (
    Computed,
    Extra,
    PairingRules,
    where,
)
from site_builder.systems.fide_swiss import FideSwiss, explained
from site_builder.systems.generated import Profile, fide_keys
from site_builder.systems.round_file import Ref, RoundFile

if TYPE_CHECKING:
    from site_builder.pairing.double_swiss.matches import SplitBye
    from site_builder.pairing.double_swiss.why import MatchWhy


def _why(results: Computed) -> dict[int, MatchWhy]:
    """Why each paired round of the section has its pairs (`pairing.double_swiss.why`), by round number."""
    from site_builder.pairing.double_swiss.why import round_why

    return explained(results, "double_swiss_why", lambda section, recs, number: round_why(section, number),
                     SYSTEM.breaches)


#: Why each round has its pairs: its brackets, bye and colours, and what the checker finds of it.
PAIRING_WHY: Extra[dict[int, MatchWhy]] = Extra(WHY, _why)


class MatchFile(RoundFile):
    """A Double-Swiss round file: a game of a match."""

    def lines(self, section: Section, pairing: Pairing, ref: Ref, words: Mapping[str, str]) -> list[str]:
        """The games (as every round of games), headed by which game of which match they are; game
        2's pairing-allocated bye written as its half-point bye, with game 1's requests (none for a
        player who withdrew after game 1: the bye of the match was game 1's)."""
        number = pairing.round
        head = "# " + words["file.double_swiss.game"].format(game=2 - number % 2, match=(number + 1) // 2)
        if number % 2:
            return [head, *super().lines(section, pairing, ref, words)]
        body = super().lines(section, dataclasses.replace(pairing, byes=()), ref, words)
        first = next((r for r in section.rounds if r.number == number - 1), None)
        late = _entering(section, first)
        gone = set(first.withdrawn if first else ())  # withdrew after game 1: no part in game 2
        half, full, absent = (first.half_byes, first.full_byes, first.absent) if first else ((), (), ())
        asked = {"half_byes": [p for p in (*pairing.byes, *half) if p not in gone],
                 "full_byes": [p for p in full if p not in gone],
                 "absent": [*(p for p in absent if p not in gone), *late]}
        listed = (f"{key}: [{', '.join(ref(p) for p in who)}]" for key, who in asked.items() if who)
        names = ", ".join(section.player(p).name for p in late)
        entering = ["# " + words["file.double_swiss.late"].format(players=names, match=(number + 1) // 2 + 1)]
        entering = entering if late else []
        return [head, *body, *entering, *listed]


#: How a round file's key gives a player the game, in a sentence.
_GIVEN = {"": "no bye", "byes": "the pairing-allocated bye", "half_byes": "a half-point bye",
          "full_byes": "a full-point bye", "absent": "a zero-point bye ('absent:')"}


def _check_split_byes(section: Section, problems: Problems) -> None:
    """Refuse, at game 2's file, a bye or absence that game 2 of a match does not share with game 1
    (C.04.5, preface: byes apply to matches, never to one game; art. 1.4)."""
    from site_builder.pairing.double_swiss.matches import split_byes

    played = {r.number: r for r in section.rounds if not r.is_request}
    for number, second in sorted(played.items()):
        first = played.get(number - 1)
        if number % 2 or first is None:
            continue
        for split in split_byes(first, second):
            name = section.player(split.player).name
            problems.add(where(second), f"{name!r} has {_GIVEN[split.first]} in game 1 of match "
                         f"{number // 2} (round {number - 1}) but {_GIVEN[split.second]} in game 2 (round "
                         f"{number}): a bye applies to the match, never to one game",
                         _split_hint(split, name, first, number))


def _split_hint(split: SplitBye, name: str, first: Round, number: int) -> str:
    """How to make game 2's file give the player what game 1's gives."""
    if split.first:
        key = "half_byes" if split.first == "byes" else split.first
        change = f"move {name!r} from round {number}'s '{split.second}:' to" if split.second \
            else f"write {name!r} in round {number}'s"
        return f"{change} '{key}:' (game 2 repeats game 1's byes and absences)"
    if split.player not in first.entrants:
        return f"a player entered between the games of a match is absent from game 2: write {name!r} in " \
               f"round {number}'s 'absent:'"
    return f"remove {name!r} from round {number}'s '{split.second}:': the player is paired in game 1"


def _entering(section: Section, first: Round | None) -> list[int]:
    """The players of the list whom game 1 of the match does not name (late entrants, entered
    between the match's games): absent from game 2, they enter with the next match."""
    named = first.entrants if first is not None else set()
    withdrawn = set(section.field_changes.withdrawn)
    return sorted(p.number for p in section.players if p.number not in named and p.number not in withdrawn)


class DoubleSwiss(FideSwiss):
    #: a Swiss's rounds are clamped to half the entrants, which may make them odd: not so here
    generated = Profile(fide_keys, swiss=False)
    name = "double-swiss"
    new_note = "FIDE Double-Swiss system (C.04.5): two rounds a match, paired by 'bulletin pair'"
    new_extra = "    first_colour: lot        # game 1's colour of the top seed: lot | white | black\n"
    pairing = PairingRules(
        pairs_requests=True,  # requested byes and absences, for the match (C.04.5, preface)
        rematches=True,  # game 2 repeats game 1's pair: `check` refuses a second match instead
        forfeits_meet=False)  # a match forfeited (one player forfeits both games) was not played
    round_file = MatchFile()
    extras = (PAIRING_WHY,)
    why_view = "site_builder.views.why_double_swiss:double_swiss_context"
    trf_type = "FIDE_DOUBLESWISS"  # TRF16's 092: no table of types, so the TRF-2026 code
    trf_words = ("DOUBLESWISS", "DOUBLE-SWISS", "DOUBLE SWISS")
    trf_code = "FIDE_DOUBLESWISS"  # FIDE's Tournament-Type Code Table; `_BAKU` when accelerated so
    trf_codes = ("FIDE_DOUBLESWISS",)

    def round_part(self, round_number: int) -> tuple[str, dict[str, int]]:
        """Round 2m−1 is game 1 of match m, round 2m its game 2 (`NamesRounds`).

        >>> DoubleSwiss().round_part(4)
        ('round.double_swiss', {'match': 2, 'game': 2})
        """
        return "round.double_swiss", {"match": (round_number + 1) // 2, "game": 2 - round_number % 2}

    def default_rounds(self, players: int) -> int:
        """Two rounds a match: as many matches as a Swiss of `players` plays rounds, at most 5."""
        return 2 * min(5, max(1, (players + 1) // 2 - 1))

    def check(self, event: Event, section: Section, problems: Problems) -> None:
        """A match is two rounds: the section plays an even number of rounds; no two players play a
        second match unless the first ended by forfeit (C.04.5, preface; C.04.1 art. 2); a bye or
        an absence is the match's, the same in both games (the preface; art. 1.4)."""
        _check_split_byes(section, problems)
        if section.rounds_planned % 2:
            loc = event.files.locs.get("event.yaml", Location(Path(event.slug)))
            problems.add(loc, f"section {section.id!r} plays {section.rounds_planned} rounds: a Double-Swiss "
                         "match is two games, each a round", f"write 'rounds: {section.rounds_planned + 1}' "
                         f"({(section.rounds_planned + 1) // 2} matches)")
        from site_builder.pairing.double_swiss.matches import second_matches

        for game, match in second_matches(section):
            names = " and ".join(repr(section.player(p).name) for p in (game.first, game.second))
            problems.add(game.loc or Location(Path("?")), f"{names} already played a match (match {match})",
                         "a Double-Swiss pairs two players again only after a match ended by forfeit; "
                         "change the pairing")

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        from site_builder.pairing.double_swiss.from_section import double_swiss_round

        return double_swiss_round(section, recs, draw_seed)

    def provisional_round(self, pairing: Pairing) -> Round:
        """Game 1 as every round; game 2 with its pairing-allocated bye as its half-point bye."""
        if pairing.round % 2:
            return super().provisional_round(pairing)
        games = tuple(Game(p.board, p.first, p.second, pairing.forfeit(p)) for p in pairing.pairs)
        return Round(number=pairing.round, games=games, half_byes=pairing.byes)

    def breaches(self, before: Section, recs: Records, published: Pairing) -> list[Breach]:
        """The criteria of C.04.5 the published round breaks (`pairing.double_swiss.checker`)."""
        from site_builder.pairing.double_swiss.checker import breaches

        return breaches(before, recs, published)


SYSTEM = DoubleSwiss()
PLACE = 68  # its place in the list of systems (`SYSTEMS`, the documentation's order)
