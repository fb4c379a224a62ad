"""The FIDE Dutch reference corpus kept with the tests (tests/data/dutch-bbp, see its README): every
round of 40 tournaments as bbpPairings paired it. It is part of the checkout, so a missing corpus is
a failure, never a skipped test."""

from __future__ import annotations

from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "data" / "dutch-bbp"


def corpus_files() -> list[Path]:
    """The corpus's TRF files, smallest tournament first."""
    files = sorted(CORPUS.glob("*.trf"), key=lambda p: (int(p.name.split("-")[0][1:]), p.name))
    if len(files) < 40:
        raise FileNotFoundError(f"the Dutch reference corpus is incomplete: {len(files)} TRF files "
                                f"in {CORPUS}")
    return files
