"""A knockout's round file, both ways: its mini-matches (`matches:`, each `{board, placement, games}`),
read into a `KnockoutRound` and written for a new draw."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from site_builder.engine.knockout import KnockoutRound
from site_builder.model import Game, Match, Section
from site_builder.pairing import Pairing
from site_builder.systems.round_file import WRITTEN, Part, Ref, RoundFile, RoundReading

MATCH_FIELDS = ("board", "placement", "games")
PLACEMENTS = ("final", "3-4", "5-8", "5-6", "7-8")


class KnockoutFile(RoundFile):
    """The round file of a knockout: matches of games, not games."""

    keys = frozenset({"matches"})

    def read(self, reading: RoundReading) -> Part:
        matches = read_matches(reading)
        return Part(KnockoutRound(matches) if matches else None)

    def lines(self, section: Section, pairing: Pairing, ref: Ref, words: Mapping[str, str]) -> list[str]:
        lines = [f"matches:      # {words['file.columns.matches']}"]
        for p in pairing.pairs:
            lines.append(f"  - board: {p.board}")
            if p.placement:
                lines.append(f"    placement: {p.placement}")
            back = dataclasses.replace(p, first=p.second, second=p.first)
            lines.append("    games:")
            lines += [f"      - [{ref(g.first)}, {ref(g.second)}, \"{WRITTEN[pairing.forfeit(g)]}\"]"
                      for g in (p, back)]
        return lines


def read_matches(reading: RoundReading) -> tuple[Match, ...]:
    """Knockout mini-matches: `{board, placement, games: [[first, second, result, kind], …]}`, each
    between two players, who are claimed for the round."""
    items = reading.fields.sequence("matches")
    matches: list[Match] = []
    for index, item in enumerate(items):
        loc = items.at(index)
        f = reading.fields_of(item, loc, "a match", MATCH_FIELDS)
        board = f.integer("board", default=index + 1, minimum=1) or index + 1
        placement = f.choice("placement", PLACEMENTS, "")
        rows = f.sequence("games")
        if not rows:
            reading.problems.add(loc, "a match has no games", "list its games: [red, black, result, kind]")
            continue
        games: list[Game] = []
        for row_index, row_item in enumerate(rows):
            game = reading.game(row_item, rows.at(row_index), board)
            if game is not None:
                games.append(game)
        if len(games) != len(rows):
            continue
        pair = {games[0].first, games[0].second}
        strangers = [g for g in games if {g.first, g.second} != pair]
        if strangers:
            names = " and ".join(repr(reading.name(p)) for p in sorted(pair))
            reading.problems.add(strangers[0].loc or loc, f"every game of a match is between {names}",
                                 "start a new match for other players")
            continue
        if all(reading.claim(p, loc, f"in match {board}") is not None for p in sorted(pair)):
            matches.append(Match(board, tuple(games), placement, loc))
    return tuple(sorted(matches, key=lambda m: m.board))


#: The round file of a knockout.
KNOCKOUT = KnockoutFile()
