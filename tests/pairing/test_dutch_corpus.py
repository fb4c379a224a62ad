"""Conformance of the FIDE Dutch engine with bbpPairings over the reference corpus.

Each TRF file of tests/data/dutch-bbp was paired round by round by bbpPairings. The file is
imported as an event (as an organizer would), and for every k the section holding rounds 1..k —
plus the requested byes and absences of round k+1, as the organizer writes them before pairing —
must pair round k+1 exactly as the file has it: the same pairs, colours and pairing-allocated bye.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus import corpus_files, rounds_paired_otherwise

from site_builder.checks import load_checked
from site_builder.trf.importer import import_trf

FILES = corpus_files()


@pytest.mark.parametrize("source", FILES, ids=[p.stem for p in FILES])
def test_every_round_is_paired_as_bbppairings_did(source: Path, tmp_path: Path) -> None:
    import_trf(source, tmp_path / "event")
    event = load_checked(tmp_path / "event").events[0]
    section = event.sections[0]
    assert section.system == "dutch"
    wrong = rounds_paired_otherwise(section, event.draw.seed)
    assert not wrong, f"rounds paired differently from bbpPairings: {wrong}"
