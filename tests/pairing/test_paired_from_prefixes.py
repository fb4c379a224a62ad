"""`paired_from`'s digests of the rounds before a round are made for every round in one pass
(`pairing.paired_from._digest`): each is the digest of exactly the rounds before it, as made alone."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import pytest

from site_builder.content.loader import load_site
from site_builder.model import Section
from site_builder.pairing import paired_from
from site_builder.pairing.paired_from import pairings_digest, results_digest

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _alone(section: Section, before: int, results: bool) -> str:
    """The digest of the rounds numbered below `before`, made round by round in the section's order."""
    digest = hashlib.sha256()
    for rnd in section.rounds:
        if rnd.number < before:
            digest.update(paired_from._round_text(rnd, results, {}))
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("event", ["2026-spring-open", "2017-xiangqi-national"])
def test_each_prefix_digest_is_that_of_the_rounds_before(event: str) -> None:
    site = load_site(CONTENT / event)
    for section in site.events[0].sections:
        if not section.rounds:
            continue
        reordered = dataclasses.replace(section, rounds=tuple(reversed(section.rounds)))
        with_gap = dataclasses.replace(section, rounds=section.rounds[::2])
        for variant in (section, reordered, with_gap):
            for before in range(0, len(section.rounds) + 3):
                assert pairings_digest(variant, before) == _alone(variant, before, results=False)
                if not paired_from.qualified(variant):
                    assert results_digest(variant, before) == _alone(variant, before, results=True)


def test_a_changed_result_changes_the_digests_after_it_only() -> None:
    section = next(s for s in load_site(CONTENT / "2026-spring-open").events[0].sections if len(s.rounds) > 2)
    first = section.rounds[0]
    game = first.games[0]
    other = next(o for o in type(game.outcome) if o not in (game.outcome,) and o.name != "PENDING")
    changed = dataclasses.replace(section, rounds=(
        dataclasses.replace(first, games=(dataclasses.replace(game, outcome=other), *first.games[1:])),
        *section.rounds[1:]))
    later = range(2, len(section.rounds) + 1)
    assert results_digest(changed, 1) == results_digest(section, 1)
    assert all(results_digest(changed, n) != results_digest(section, n) for n in later)
    assert all(pairings_digest(changed, n) == pairings_digest(section, n) for n in [1, *later])
