"""FIDE mode's trail through TRF-2026 `###` lines (site_builder/trf/trail.py): the engine's pairing of
a round changed by hand and a tiebreak chain changed after round 1, read into the round files by
`import trf` and written back by `export trf`, byte for byte."""

from __future__ import annotations

from pathlib import Path

from site_builder.checks import load_checked
from site_builder.checks.unfinished import tiebreak_warnings
from site_builder.model import Proposal
from site_builder.trf.importer import import_trf
from site_builder.trf.write import export_trf

EVERY = Path(__file__).resolve().parents[1] / "fixtures" / "trf-2026" / "every-record.trf"
TRAIL = ["### bulletin: round 2 proposed 1 3-1, 2 2-4, bye 5",
         "### bulletin: tiebreaks at round 1: direct-encounter, sonneborn-berger"]


def test_the_trail_round_trips_through_the_round_files(tmp_path: Path) -> None:
    source = tmp_path / "trail.trf"
    source.write_text(EVERY.read_text(encoding="utf-8") + "".join(f"{line}\n" for line in TRAIL),
                      encoding="utf-8")
    target = tmp_path / "event"
    import_trf(source, target, force=True)
    round_two = (target / "rounds" / "02.yaml").read_text(encoding="utf-8")
    assert "proposed:" in round_two and "byes: [" in round_two
    site = load_checked(target)
    section = site.events[0].sections[0]
    assert section.rounds[1].provenance.proposed == Proposal(((1, 3, 1), (2, 2, 4)), (5,))
    assert section.rounds[0].provenance.tiebreaks == "direct-encounter, sonneborn-berger"
    assert export_trf(site.events[0], section).encode("utf-8") == source.read_bytes()
    (warning,) = tiebreak_warnings(site)
    assert "changed after round 1" in warning.message and warning.location.path.name == "01.yaml"
