"""The FIDE Dutch reference corpora kept with the tests (tests/data/dutch-bbp, see its README): every
round of 40 tournaments as bbpPairings paired it, and rounds cut where the engine once differed from
it (tests/data/dutch-divergences). They are part of the checkout, so a missing corpus is a failure,
never a skipped test."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from site_builder.model import Round, Section

CORPUS = Path(__file__).resolve().parent / "data" / "dutch-bbp"


def corpus_files() -> list[Path]:
    """The corpus's TRF files, smallest tournament first."""
    files = sorted(CORPUS.glob("*.trf"), key=lambda p: (int(p.name.split("-")[0][1:]), p.name))
    if len(files) < 40:
        raise FileNotFoundError(f"the Dutch reference corpus is incomplete: {len(files)} TRF files "
                                f"in {CORPUS}")
    return files


def before(section: Section, k: int) -> Section:
    """The section as it stood before round k+1 was paired: rounds 1..k, plus the requested byes
    and absences of round k+1, as the organizer writes them before pairing."""
    nxt = section.rounds[k]
    rounds = section.rounds[:k]
    if nxt.half_byes or nxt.full_byes or nxt.absent:
        rounds += (Round(nxt.number, half_byes=nxt.half_byes, full_byes=nxt.full_byes, absent=nxt.absent),)
    return dataclasses.replace(section, rounds=rounds)


def rounds_paired_otherwise(section: Section, draw_seed: int | None) -> list[int]:
    """The rounds of `section` that the Dutch engine, given the rounds before each, pairs otherwise
    than the file has them (pairs, colours, pairing-allocated bye)."""
    from site_builder.engine.scoring import records
    from site_builder.pairing.dutch.from_section import dutch_round

    wrong = []
    for k, played in enumerate(section.rounds):
        earlier = before(section, k)
        pairing = dutch_round(earlier, records(earlier), draw_seed)
        got = ({(p.first, p.second) for p in pairing.pairs}, set(pairing.byes))
        want = ({(g.first, g.second) for g in played.games}, set(played.byes))
        if got != want:
            wrong.append(played.number)
    return wrong


#: Rounds the engine once paired otherwise than bbpPairings (see that directory's README).
DIVERGENCES = Path(__file__).resolve().parent / "data" / "dutch-divergences"


def imported(source: Path, target: Path) -> tuple[Section, int | None]:
    """The one section of a TRF file imported into `target` (as an organizer would), and the
    event's draw seed."""
    from site_builder.checks import load_checked
    from site_builder.trf.importer import import_trf

    import_trf(source, target)
    event = load_checked(target).events[0]
    return event.sections[0], event.draw.seed


def next_round(section: Section, draw_seed: int | None) -> tuple[set[tuple[int, int]], tuple[int, ...]]:
    """The Dutch engine's next round of `section`: its (white, black) pairs and its bye."""
    from site_builder.engine.scoring import records
    from site_builder.pairing.dutch.from_section import dutch_round

    pairing = dutch_round(section, records(section), draw_seed)
    return {(p.first, p.second) for p in pairing.pairs}, pairing.byes
