"""Who the pairing of a round keeps apart: the prepared round file's `forbidden:` pairs and the
section's `keep_apart:` rules (pairs in every round; one club's or federation's players in the
rounds listed). One home for every system that keeps players apart, for the checks and for the
pages that explain a round (each pair with the rule that keeps it apart)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from site_builder.model import Game, Player, Round, Section

#: The rules that keep a pair apart, in the order a pair kept apart by several is named by the first.
RULES = ("keep_apart", "forbidden", "same_club", "same_federation")


def kept_apart(section: Section, round_number: int) -> frozenset[frozenset[int]]:
    """The pairs that may not meet in round `round_number` of `section`."""
    return frozenset(apart_rules(section, round_number))


def apart_rules(section: Section, round_number: int) -> dict[frozenset[int], str]:
    """The pairs that may not meet in round `round_number` of `section`, each with the first rule of
    `RULES` that keeps it apart: `keep_apart` (its pairs), `forbidden` (the round file's),
    `same_club` or `same_federation` (`keep_apart:`'s rounds of one club or federation)."""
    rules = section.pairing.keep_apart
    found = {frozenset(pair): "keep_apart" for pair in rules.pairs}
    for rnd in section.rounds:
        if rnd.number == round_number:
            for pair in rnd.provenance.forbidden:
                found.setdefault(frozenset(pair), "forbidden")
    group_of: Callable[[Player], str]
    for rule, rounds, group_of in (("same_club", rules.same_club, lambda p: p.club),
                                   ("same_federation", rules.same_federation,
                                    lambda p: p.fields.get("federation", ""))):
        if round_number not in rounds:
            continue
        groups: dict[str, list[int]] = {}
        for player in section.players:
            if (name := group_of(player).strip().casefold()):
                groups.setdefault(name, []).append(player.number)
        for members in groups.values():
            for pair in combinations(members, 2):
                found.setdefault(frozenset(pair), rule)
    return found


def meetings_kept_apart(section: Section) -> Iterator[tuple[Round, Game]]:
    """Each game of the section between two players its rules kept apart in that round."""
    for rnd in section.rounds:
        kept = rnd.provenance.forbidden or section.pairing.keep_apart
        apart = kept_apart(section, rnd.number) if kept else frozenset()
        for game in rnd.all_games if apart else ():
            if frozenset((game.first, game.second)) in apart:
                yield rnd, game
