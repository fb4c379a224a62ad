"""Conformance of the FIDE Dutch engine with bbpPairings over the reference corpus.

Each TRF file of tests/data/dutch-bbp was paired round by round by bbpPairings. The file is
imported as an event (as an organizer would), and for every k the section holding rounds 1..k —
plus the requested byes and absences of round k+1, as the organizer writes them before pairing —
must pair round k+1 exactly as the file has it: the same pairs, colours and pairing-allocated bye.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from corpus import corpus_files

from site_builder.check import load_checked
from site_builder.engine.scoring import records
from site_builder.model import Round, Section
from site_builder.pairing.dutch.from_section import dutch_round
from site_builder.trf.importer import import_trf

FILES = corpus_files()


def before(section: Section, k: int) -> Section:
    """The section as it stood before round k+1 was paired."""
    nxt = section.rounds[k]
    rounds = section.rounds[:k]
    if nxt.half_byes or nxt.full_byes or nxt.absent:
        rounds += (Round(nxt.number, half_byes=nxt.half_byes, full_byes=nxt.full_byes, absent=nxt.absent),)
    return dataclasses.replace(section, rounds=rounds)


@pytest.mark.parametrize("source", FILES, ids=[p.stem for p in FILES])
def test_every_round_is_paired_as_bbppairings_did(source: Path, tmp_path: Path) -> None:
    import_trf(source, tmp_path / "event")
    event = load_checked(tmp_path / "event").events[0]
    section = event.sections[0]
    assert section.system == "dutch"
    wrong = []
    for k, played in enumerate(section.rounds):
        earlier = before(section, k)
        pairing = dutch_round(earlier, records(earlier), event.draw_seed)
        got = ({(p.first, p.second) for p in pairing.pairs}, set(pairing.byes))
        want = ({(g.first, g.second) for g in played.games}, set(played.byes))
        if got != want:
            wrong.append(played.number)
    assert not wrong, f"rounds paired differently from bbpPairings: {wrong}"
