"""TRF files as lichess, Swiss-Chess and Swiss-Manager write them (tests/fixtures/trf-variants/):
read with a located warning where the meaning is unambiguous, refused with --strict, built with the
points the writing program counted."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.engine.scoring import records
from site_builder.errors import ContentError
from site_builder.trf.importer import import_trf
from site_builder.trf.parse import parse_trf

VARIANTS = Path(__file__).resolve().parents[1] / "fixtures" / "trf-variants"


def _warnings(name: str) -> list[tuple[int, int, str]]:
    return [(w.location.line, w.location.column, w.message) for w in parse_trf(VARIANTS / name).warnings]


def _points_agree_with_the_file(event_dir: Path, source: Path, upto: int) -> None:
    """Every player's points after `upto` rounds equal the points column the writing program wrote."""
    [event] = load_checked(event_dir).events
    section = event.sections[0]
    recs = records(section)
    written = {p.start_rank: Fraction(p.points) for p in parse_trf(source).players}
    ours = {n: Fraction(recs.entries[n][upto - 1].running, recs.scale) for n in written}
    assert ours == written


def test_lichess_absences_games_in_progress_and_requests_ahead(tmp_path: Path) -> None:
    found = _warnings("lichess-swiss.trf")
    assert [(line, column) for line, column, _ in found] == [(12, 109), (13, 119), (15, 119), (16, 129)]
    assert "round 2: an absence written as a blank opponent with result '-'" in found[0][2]
    assert "read as not played yet" in found[1][2]
    imported = import_trf(VARIANTS / "lichess-swiss.trf", tmp_path / "event")
    assert len(imported.warnings) == 5  # and, first, that the file names no tie-break chain
    assert imported.warnings[0].message.startswith("the file names no tie-break chain")
    rounds = tmp_path / "event" / "rounds"
    assert 'absent: ["knightrider"]' in (rounds / "02.yaml").read_text("utf-8")
    assert '"queenside", "pawnstorm", "?"' in (rounds / "03.yaml").read_text("utf-8")
    # round 4 holds only the absence entered ahead: a round to pair, not a round played
    assert (rounds / "04.yaml").read_text("utf-8") == 'round: 4\ngames: []\nabsent: ["blitzkid"]\n'
    [event] = load_checked(tmp_path / "event").events
    assert event.sections[0].round_to_pair is not None and event.sections[0].round_to_pair.number == 4
    _points_agree_with_the_file(tmp_path / "event", VARIANTS / "lichess-swiss.trf", 3)


def test_swiss_chess_byes_against_spielfrei_and_forfeits_without_colours(tmp_path: Path) -> None:
    found = _warnings("swiss-chess.trf")
    assert [(line, column) for line, column, _ in found] == [(7, 107), (11, 99), (12, 15)]
    assert "player line #6 'spielfrei' is the dummy" in found[2][2]
    import_trf(VARIANTS / "swiss-chess.trf", tmp_path / "event")
    [event] = load_checked(tmp_path / "event").events
    section = event.sections[0]
    assert [p.name for p in section.players][-1] == "Engel, Tim" and len(section.players) == 5
    second = (tmp_path / "event" / "rounds" / "02.yaml").read_text("utf-8")
    # a forfeit is not a meeting (C.04.1): Albrecht and Dietz met in round 1 and may meet again
    assert '"Albrecht, Jonas", "Dietz, Mara", "+-"' in second and 'byes: ["Becker, Lena"]' in second
    _points_agree_with_the_file(tmp_path / "event", VARIANTS / "swiss-chess.trf", 3)


def test_swiss_manager_column_rulers_are_left_out(tmp_path: Path) -> None:
    assert [(line, column) for line, column, _ in _warnings("swiss-manager-rulers.trf")] == [(8, 1), (9, 1)]
    import_trf(VARIANTS / "swiss-manager-rulers.trf", tmp_path / "event")
    event_yaml = (tmp_path / "event" / "event.yaml").read_text("utf-8")
    assert "DDD" not in event_yaml and "system: dutch" in event_yaml
    _points_agree_with_the_file(tmp_path / "event", VARIANTS / "swiss-manager-rulers.trf", 2)


@pytest.mark.parametrize("name", ["lichess-swiss.trf", "swiss-chess.trf", "swiss-manager-rulers.trf"])
def test_strict_refuses_every_variant_and_writes_nothing(tmp_path: Path, name: str) -> None:
    with pytest.raises(ContentError) as error:
        import_trf(VARIANTS / name, tmp_path / "event", strict=True)
    assert [p.message for p in error.value.problems] == [w for *_, w in _warnings(name)]
    assert not (tmp_path / "event").exists()


def test_a_played_game_without_colours_stays_an_error(tmp_path: Path) -> None:
    """Which side had white cannot be told, and it counts for the colours of both: not guessed."""
    text = (VARIANTS / "swiss-chess.trf").read_text("latin-1").replace("4 w 1     4 - +", "4 - 1     4 - +")
    source = tmp_path / "bad.trf"
    source.write_text(text, encoding="latin-1")
    with pytest.raises(ContentError) as error:
        parse_trf(source)
    assert any("a game needs colour w or b" in p.message for p in error.value.problems)


def test_trf_2026_rounds_and_first_colour_records(tmp_path: Path) -> None:
    """TRF-2026 gives the number of rounds in 142 (XXR before) and the top seed's round-1 colour in
    152 (W or B; XXC white1/black1 before); export writes 142 back from the model."""
    from trf_sample import SAMPLE

    from site_builder.trf.write import export_trf

    text = SAMPLE.replace("XXR 5", "142 7").replace("XXC white1", "152 B")
    source = tmp_path / "t2026.trf"
    source.write_text(text, encoding="utf-8")
    import_trf(source, tmp_path / "event")
    [event] = load_checked(tmp_path / "event").events
    section = event.sections[0]
    assert section.rounds_planned == 7 and section.options["first_colour"] == "black"
    assert "142 7" in export_trf(event, section).splitlines()
    bad = tmp_path / "bad.trf"
    bad.write_text(SAMPLE.replace("XXC white1", "152 white"), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        parse_trf(bad)
    assert "152 gives the top seed's colour in round 1 as W or B" in str(error.value)


def test_xxp_forbidden_pairs_are_kept_apart(tmp_path: Path) -> None:
    """lichess writes the organizer's forbidden pairings as `XXP a b` records (SwissTrf.scala):
    imported as `keep_apart: {pairs: …}`, the pairs never paired; the records stay for export."""
    text = (VARIANTS / "lichess-swiss.trf").read_text("utf-8")
    text = text.replace("XXC white1", "XXC white1\nXXP 1 6\nXXP 6 1")
    source = tmp_path / "xxp.trf"
    source.write_text(text, encoding="utf-8")
    import_trf(source, tmp_path / "event")
    event_yaml = (tmp_path / "event" / "event.yaml").read_text("utf-8")
    assert 'keep_apart: {pairs: [["magnus_fan", "blitzkid"]]}' in event_yaml
    [event] = load_checked(tmp_path / "event").events
    assert event.sections[0].pairing.keep_apart.pairs == ((1, 6),)


def test_trf_2026_forbidden_pairs(tmp_path: Path) -> None:
    """TRF-2026's 260 record: players not to be paired with each other in rounds first..last. Over
    the whole tournament they are kept apart (`keep_apart: pairs`); over some rounds only, the
    content cannot say so: a located warning, and the record is kept for export."""
    from trf_sample import SAMPLE

    whole = SAMPLE.replace("XXC white1", "XXC white1\n260 001 005    1    3")  # they never met
    source = tmp_path / "whole.trf"
    source.write_text(whole, encoding="utf-8")
    import_trf(source, tmp_path / "event")
    [event] = load_checked(tmp_path / "event").events
    assert event.sections[0].pairing.keep_apart.pairs == ((1, 3),)
    partial = tmp_path / "partial.trf"
    partial.write_text(SAMPLE.replace("XXC white1", "XXC white1\n260 002 003    1    4"), encoding="utf-8")
    [warning] = parse_trf(partial).warnings
    assert "players kept apart in rounds 2–3 only: not applied" in warning.message
    imported = import_trf(partial, tmp_path / "partial")
    assert "keep_apart" not in (tmp_path / "partial" / "event.yaml").read_text("utf-8") and imported.warnings


def test_trf_2026_tiebreak_records_give_the_chain(tmp_path: Path) -> None:
    """TRF-2026's 202 (the tie-breaks after points) becomes `tiebreaks:`, in the codes of FIDE's
    tie-break checker; a code the content cannot name is left out with a located warning, and
    `--strict` refuses the file."""
    source = tmp_path / "tb.trf"
    source.write_text("012 Tie-breaks\nXXR 2\n202 BH/C1, BH SB XYZ ARO/M1 BH#C3\n"
                      "001    1      Alpha                             2000                             "
                      "1.0    1     2 w 1     0 - Z\n"
                      "001    2      Beta                              1900                             "
                      "0.0    2     1 b 0     0 - Z\n", encoding="utf-8")
    imported = import_trf(source, tmp_path / "event")
    text = (tmp_path / "event" / "event.yaml").read_text(encoding="utf-8")
    assert "tiebreaks: [BH-C1, BH, SB, ARO-M1, {id: opponent-score, cut: 3}]" in text
    assert [str(w) for w in imported.warnings] == [
        f"{source}:3:18: tie-break 'XYZ' is not one the content can name: left out of the chain "
        "(hint: read so by 'bulletin import trf'; --strict refuses the file instead)"]
    section = load_checked(tmp_path / "event").events[0].sections[0]
    assert [(tb.id, dict(tb.options)) for tb in section.tiebreaks] == [
        ("opponent-score", {"cut": 1}), ("opponent-score", {}), ("sonneborn-berger", {}),
        ("opponents-rating", {"median": 1}), ("opponent-score", {"cut": 3})]
    with pytest.raises(ContentError):
        import_trf(source, tmp_path / "strict", strict=True)
