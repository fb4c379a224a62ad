"""Who the pairing of a round keeps apart: the prepared round file's `forbidden:` pairs and the
section's `keep_apart:` rules (pairs in every round; one club's or federation's players in the
rounds listed). One home for every system that keeps players apart, and for the checks."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from site_builder.model import Game, Player, Round, Section


def kept_apart(section: Section, round_number: int) -> frozenset[frozenset[int]]:
    """The pairs that may not meet in round `round_number` of `section`."""
    rules = section.keep_apart
    pairs = {frozenset(pair) for pair in rules.pairs}
    for rnd in section.rounds:
        if rnd.number == round_number:
            pairs |= {frozenset(pair) for pair in rnd.forbidden}
    group_of: Callable[[Player], str]
    for rounds, group_of in ((rules.same_club, lambda p: p.club),
                             (rules.same_federation, lambda p: p.fields.get("federation", ""))):
        if round_number not in rounds:
            continue
        groups: dict[str, list[int]] = {}
        for player in section.players:
            if (name := group_of(player).strip().casefold()):
                groups.setdefault(name, []).append(player.number)
        for members in groups.values():
            pairs |= {frozenset(pair) for pair in combinations(members, 2)}
    return frozenset(pairs)


def meetings_kept_apart(section: Section) -> Iterator[tuple[Round, Game]]:
    """Each game of the section between two players its rules kept apart in that round."""
    for rnd in section.rounds:
        apart = kept_apart(section, rnd.number) if rnd.forbidden or section.keep_apart else frozenset()
        for game in rnd.all_games if apart else ():
            if frozenset((game.first, game.second)) in apart:
                yield rnd, game
