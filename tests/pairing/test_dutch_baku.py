"""The Baku Acceleration Method (FIDE C.04.7, `acceleration: baku`) against bbpPairings: every
round of the tournaments of tests/data/dutch-bbp-baku (see its README) paired as bbpPairings paired
it from the same virtual points, which the engine computes from the method's definition."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus import before, rounds_paired_otherwise

from site_builder.checks import load_checked
from site_builder.content.loader import load_site
from site_builder.engine.scoring import records
from site_builder.errors import ContentError
from site_builder.pairing.dutch.from_section import baku_group_a, baku_virtual_points, dutch_round
from site_builder.trf.acceleration import virtual_points
from site_builder.trf.importer import import_trf
from site_builder.trf.parse import parse_trf

CORPUS = Path(__file__).resolve().parents[1] / "data" / "dutch-bbp-baku"
FILES = sorted(CORPUS.glob("*.trf"))


def test_the_corpus_is_there() -> None:
    assert len(FILES) == 8  # part of the checkout: a missing corpus fails, it is not skipped


@pytest.mark.parametrize("source", FILES, ids=[p.stem for p in FILES])
def test_every_round_is_paired_as_bbppairings_did(source: Path, tmp_path: Path) -> None:
    import_trf(source, tmp_path / "event")  # the file's XXA records are the method's: imported as such
    assert "acceleration: baku" in (tmp_path / "event" / "event.yaml").read_text("utf-8")
    event = load_checked(tmp_path / "event").events[0]
    section = event.sections[0]
    assert section.options["acceleration"] == "baku"
    group_a = baku_group_a(len(section.players))
    virtual = baku_virtual_points(section.rounds_planned)
    in_file = virtual_points(parse_trf(source).records, section.rounds_planned)  # by start rank, in points
    given = {rank: tuple(int(v * 2) for v in values) for rank, values in in_file.items()}
    assert given == dict.fromkeys(range(1, group_a + 1), virtual)
    wrong = rounds_paired_otherwise(section, event.draw.seed)
    assert not wrong, f"rounds paired differently from bbpPairings: {wrong}"


def test_without_acceleration_the_accelerated_rounds_pair_otherwise(tmp_path: Path) -> None:
    """The corpus tests the method: unaccelerated, round 2 of the 40-player file pairs differently."""
    import_trf(CORPUS / "baku-40x9-1003.trf", tmp_path / "event")
    event_yaml = tmp_path / "event" / "event.yaml"
    event_yaml.write_text(event_yaml.read_text("utf-8").replace("acceleration: baku", "acceleration: none"),
                          encoding="utf-8")
    event = load_checked(tmp_path / "event").events[0]
    section = event.sections[0]
    earlier = before(section, 1)
    pairing = dutch_round(earlier, records(earlier), event.draw.seed)
    bbp = {(g.first, g.second) for g in section.rounds[1].games}
    assert {(p.first, p.second) for p in pairing.pairs} != bbp


def test_acceleration_is_refused_outside_the_dutch_system(tmp_path: Path, small_event) -> None:
    content = small_event(tmp_path / "cup")
    event_yaml = content / "event.yaml"
    event_yaml.write_text(event_yaml.read_text("utf-8") + "acceleration: baku\n", encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_site(content)
    assert "acceleration 'baku' is no rule of the 'swiss-positional' system" in str(error.value)
