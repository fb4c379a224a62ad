"""TRF-2026's records (tests/fixtures/trf-2026/): each read into the content, written from it, and
refused or read with a warning at its place when malformed; a file with every record round-trips
byte for byte."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.errors import ContentError
from site_builder.model import Event, KeepApart, Scoring
from site_builder.trf.acceleration import baku_lines
from site_builder.trf.importer import import_trf
from site_builder.trf.parse import parse_trf
from site_builder.trf.scoring import scoring_from, scoring_lines
from site_builder.trf.type_code import canonical
from site_builder.trf.write import ExportError, export_trf

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf-2026"
EVERY = FIXTURES / "every-record.trf"
HINT = "hint: read so by 'bulletin import trf'; --strict refuses the file instead"


def text(name: str = "every-record.trf") -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def line_of(source: str, start: str) -> int:
    return next(i for i, line in enumerate(source.splitlines(), start=1) if line.startswith(start))


def replaced(tmp_path: Path, old: str, new: str, source: str = "") -> Path:
    """The every-record file with the line starting `old` replaced by `new` (removed when empty)."""
    lines = [new if line.startswith(old) else line for line in (source or text()).splitlines()]
    path = tmp_path / "t.trf"
    path.write_text("".join(f"{line}\n" for line in lines if line), encoding="utf-8")
    return path


def errors(path: Path) -> list[str]:
    with pytest.raises(ContentError) as error:
        parse_trf(path)
    return [f"{p.location.line}:{p.location.column}: {p.message}" for p in error.value.problems]


def warnings(path: Path) -> list[str]:
    return [f"{w.location.line}:{w.location.column}: {w.message}" for w in parse_trf(path).warnings]


def imported(tmp_path: Path, source: Path) -> tuple[Path, Event]:
    target = tmp_path / "event"
    import_trf(source, target, force=True)
    return target, load_checked(target).events[0]


def edited(target: Path, old: str, new: str) -> Event:
    """The event after replacing the `event.yaml` line that starts with `old` (or adding `new`)."""
    path = target / "event.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    if any(line.startswith(old) for line in lines):
        lines = [new if line.startswith(old) else line for line in lines if new or not line.startswith(old)]
    else:
        lines.insert(lines.index("trf:                     # the TRF file's records as written, for "
                                 "'bulletin export trf'"), new)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return load_checked(target).events[0]


# ------------------------------------------------------------------------------------- round trip


@pytest.mark.parametrize("name", ["every-record.trf", "no_colour_preference.trf", "abnormal-results.trf"])
def test_a_trf_2026_file_round_trips_byte_for_byte(name: str, tmp_path: Path) -> None:
    _, event = imported(tmp_path, FIXTURES / name)
    assert export_trf(event, event.sections[0]).encode("utf-8") == (FIXTURES / name).read_bytes()


def test_every_record_is_read_into_the_content(tmp_path: Path) -> None:
    _, event = imported(tmp_path, EVERY)
    section = event.sections[0]
    assert (section.system, section.rounds_planned, section.options["first_colour"],
            section.options["acceleration"]) == (
        "dutch", 3, "black", "baku")
    assert [r.date.isoformat() for r in section.rounds if r.date] == ["2026-03-07", "2026-03-07"]
    assert section.scoring == Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0),
                                      forfeit_win=Fraction(3), forfeit_loss=Fraction(0),
                                      double_forfeit=Fraction(0), bye=Fraction(3), absent=Fraction(0),
                                      half_bye=Fraction(3, 2), full_bye=Fraction(3))
    assert section.pairing.keep_apart.pairs == ((1, 2),)
    assert [t.id for t in section.tiebreaks] == ["opponent-score", "opponent-score", "sonneborn-berger"]
    kept = event.trf["records"]
    assert "172 NOR FIDON" in kept and "### RR1 RRL PPP1 PPP2" in kept and "260 002 003    3    8" in kept


def test_what_the_content_cannot_apply_is_a_warning_and_strict_refuses_it(tmp_path: Path) -> None:
    source = text()
    assert warnings(EVERY) == [
        f"{line_of(source, '260 002')}:5: 260: players kept apart in rounds 2–3 only: not applied (the "
        "content keeps pairs apart in every round); the record is kept for export",
        f"{line_of(source, '299          -0.5')}:5: 299: -0.5 points for #6 in round 3: not applied (the "
        "content scores results by its scoring only); the record is kept for export"]
    with pytest.raises(ContentError):
        import_trf(EVERY, tmp_path / "strict", strict=True)
    assert not (tmp_path / "strict").exists()


# ---------------------------------------------------------------------- records written from the model


def test_changed_settings_are_written_in_place_of_the_records(tmp_path: Path) -> None:
    target, event = imported(tmp_path, EVERY)
    event = edited(target, "scoring:", "scoring: {win: 2, draw: 1, loss: 0}")
    event = edited(target, "acceleration:", "acceleration: none")
    event = edited(target, "keep_apart:", "keep_apart: {pairs: [[1, 3], [2, 7]]}")
    out = export_trf(event, event.sections[0]).splitlines()
    assert out[out.index("152 B") + 1] == "162  W 2.0    D 1.0"  # no 299 H 1.5: a half-point bye is a draw
    assert "192 FIDE_DUTCH_2026" in out and not any(line.startswith("250 ") for line in out)
    assert out[out.index("### RR1 RRL PPP1 PPP2") + 1:][:3] == [
        "260 001 003    1    3", "260 001 003    2    7", "260 002 003    3    8"]
    assert "299          -0.5  003    6" in out and "299 H         1.5" not in out


def test_an_accelerated_section_without_250_records_gains_the_code_only(tmp_path: Path) -> None:
    target, _ = imported(tmp_path, FIXTURES / "no_colour_preference.trf")
    event = edited(target, "acceleration:", "acceleration: baku")
    out = export_trf(event, event.sections[0]).splitlines()
    assert out[:6] == ["062 8", "072 8", "142 3", "152 B", "182 chessroster-fide", "192 FIDE_DUTCH_2026_BAKU"]


def test_the_standard_trf_2026_header_and_its_round_trip(tmp_path: Path) -> None:
    target = tmp_path / "open"
    import_trf(FIXTURES.parent / "c07-exercises" / "swiss-9.trf", target)
    event = edited(target, "system:", "system: dutch")
    event_yaml = target / "event.yaml"
    lines = event_yaml.read_text(encoding="utf-8").splitlines()
    event_yaml.write_text("\n".join(lines[:lines.index("trf:                     # the TRF file's records "
                                                       "as written, for 'bulletin export trf'")])
                          + "\nacceleration: baku\nkeep_apart: {pairs: [[1, 14]]}\n"
                          + "scoring: {win: 3, draw: 1}\n",
                          encoding="utf-8")
    event = load_checked(target).events[0]
    section = event.sections[0]
    written = export_trf(event, section, "2026")
    head = written.splitlines()[:written.splitlines().index(next(r for r in written.splitlines()
                                                                if r.startswith("001")))]
    assert head == ["012 FIDE C.07 2023 Tie-Break Exercises", "042 2024/08/01", "052 2024/08/01", "062 16",
                    "072 16", "092 FIDE_DUTCH_2025", "142 9", "152 W", "162  W 3.0    D 1.0",
                    "192 FIDE_DUTCH_2026_BAKU", "202 BH BH/C1 SB WIN", "250       1.0 001 003 0001 0008",
                    "250       0.5 004 005 0001 0008", "260 001 009    1   14"]
    again = tmp_path / "again.trf"
    again.write_text(written, encoding="utf-8")
    _, back = imported(tmp_path, again)
    assert export_trf(back, back.sections[0]) == written
    assert (back.sections[0].options["acceleration"], back.sections[0].pairing.keep_apart,
            back.sections[0].scoring.win) == (
        "baku", KeepApart(pairs=((1, 14),)), 3)
    assert back.sections[0].tiebreaks == section.tiebreaks  # the 202 record written and read back


def test_a_kept_file_is_written_in_its_own_version(tmp_path: Path) -> None:
    _, event = imported(tmp_path, EVERY)
    with pytest.raises(ExportError, match="TRF-2026 file"):
        export_trf(event, event.sections[0], "16")


# --------------------------------------------------------------------------------- record by record


def test_132_a_round_dated_before_an_earlier_one_is_refused(tmp_path: Path) -> None:
    dates = "132".ljust(91) + "26/03/08  26/03/07  26/03/08"
    path = replaced(tmp_path, "132", dates)
    assert errors(path) == [f"{line_of(text(), '132')}:102: 132: round 2 is dated 26/03/07, before round 1 "
                            "(26/03/08)"]


def test_162_scoring_read_and_written() -> None:
    scoring = scoring_from(["162  W 3.0    D 1.0    A 0.5    P 1.0"])
    assert scoring is not None
    assert (scoring.win, scoring.draw, scoring.loss, scoring.absent, scoring.forfeit_loss, scoring.bye,
            scoring.full_bye_points, scoring.half_bye_points) == (
        3, 1, 0, Fraction(1, 2), Fraction(1, 2), 1, 3, 1)
    assert scoring_lines(scoring) == ["162  W 3.0    D 1.0    A 0.5    P 1.0"]
    plain = Scoring(win=Fraction(1), draw=Fraction(1, 2), loss=Fraction(0), forfeit_win=Fraction(1),
                    forfeit_loss=Fraction(0), bye=Fraction(1))
    assert scoring_lines(plain) == []
    assert scoring_lines(Scoring(win=Fraction(2), draw=Fraction(1), loss=Fraction(0), forfeit_win=Fraction(1),
                                 forfeit_loss=Fraction(0), bye=Fraction(2), full_bye=Fraction(1))) == [
        "162  W 2.0    D 1.0", "299 +         1.0", "299 F         1.0"]


@pytest.mark.parametrize(("line", "expected"), [
    ("162  W 3.0    Q 1.0", "15: 162: unknown result symbol 'Q'"),
    ("162  W 3,0", "7: 162: the points of W must be a number such as 1.0, found '3,0'"),
    ("162 W 3.0", "5: 162: column 5 must be blank (the first symbol stands in column 6)"),
    ("162  W 3.0   D 1.0", "14: 162: column 14 must be blank"),
])
def test_162_malformed(line: str, expected: str, tmp_path: Path) -> None:
    assert errors(replaced(tmp_path, "162", line)) == [f"{line_of(text(), '162')}:{expected}"]


def test_172_methods(tmp_path: Path) -> None:
    number = line_of(text(), "172")
    assert errors(replaced(tmp_path, "172", "172 NOR FIDEX")) == [
        f"{number}:9: 172: unknown starting-rank method 'FIDEX'"]
    assert errors(replaced(tmp_path, "172", "172 nor FIDON")) == [
        f"{number}:5: 172: columns 5-7 give a federation's 3-letter code, found 'nor'"]
    assert warnings(replaced(tmp_path, "172", "172 FIDON"))[0] == (
        f"{number}:5: 172: the method FIDON without the federation of the rating list (as written before "
        "TRF-2026 added it)")


@pytest.mark.parametrize(("code", "system", "acceleration"), [
    ("FIDE_DUTCH_2026_BAKU", "dutch", "baku"), ("FIDE_DUTCH_2025", "dutch", "none"),
    ("fide_dutch_baku", "dutch", "baku"), ("CUSTOM_SWISS", "swiss", "none"),
    ("BERGER_ROUNDROBIN_G1", "round-robin", "none"), ("FIDE_DUBOV", "dubov", "none"),
    ("FIDE_BURSTEIN_BAKU", "burstein", "baku"), ("FIDE_SCHILLER", "swiss", "none"),
])
def test_192_gives_the_system_and_the_acceleration(code: str, system: str, acceleration: str,
                                                      tmp_path: Path) -> None:
    source = text("no_colour_preference.trf").replace("192 FIDE_DUTCH_2025", f"192 {code}")
    path = tmp_path / "t.trf"
    path.write_text(source, encoding="utf-8")
    target, event = imported(tmp_path, path)
    assert (event.sections[0].system, event.sections[0].options.get("acceleration", "none")) == (
        system, acceleration)
    if code == "FIDE_SCHILLER":
        event_yaml = (target / "event.yaml").read_text("utf-8")
        assert "the file's 192 names no system this program pairs by" in event_yaml
    assert export_trf(event, event.sections[0]) == source  # the code is kept while it says the same


def test_192_unknown_and_older_codes(tmp_path: Path) -> None:
    number = line_of(text(), "192")
    assert errors(replaced(tmp_path, "192", "192 FIDE_DUCH_2026")) == [
        f"{number}:5: 192: unknown tournament type code 'FIDE_DUCH_2026'"]
    [older] = [w for w in warnings(replaced(tmp_path, "192", "192 FIDE_DUTCH_2017")) if "192" in w]
    assert older == (f"{number}:5: 192: FIDE_DUTCH_2017 names the C.04.3 as in force until 31 January 2026; "
                     "imported as the system that pairs by the rules in force")
    assert canonical("BERGER_ROUNDROBIN_G2") == "BERGER_ROUNDROBIN" and canonical("FIDE_SCHILLER_6X2")


def test_192_written_from_the_system(tmp_path: Path) -> None:
    target, _ = imported(tmp_path, FIXTURES / "no_colour_preference.trf")
    event = edited(target, "system:", "system: round-robin")
    assert "192 FIDE_ROUNDROBIN" in export_trf(event, event.sections[0]).splitlines()
    event = edited(target, "system:", "system: swiss-positional")
    assert "192 CUSTOM_SWISS" in export_trf(event, event.sections[0]).splitlines()


@pytest.mark.parametrize(("line", "expected"), [
    ("250 00.0 00.0 001 001 0001 0004",
     "10: 250: the virtual points must be a number other than 0.0, found '00.0'"),
    ("250 00.0 01.0 002 001 0001 0004", "19: 250: the last round (1) is before the first (2)"),
    ("250 00.0 01.0 001 001 0001 0009", "28: 250: no player has start rank 9"),
    ("250 00.0 01.0 001 004 0001 0004", "19: 250: the last round must be a round from 1 to 3, found '004'"),
    ("250 00.0 01.0  001 001 0001 0004", "18: 250: column 18 must be blank"),
])
def test_250_malformed(line: str, expected: str, tmp_path: Path) -> None:
    number = line_of(text(), "250 00.0 01.0")
    assert errors(replaced(tmp_path, "250 00.0 01.0", line)) == [f"{number}:{expected}"]


def test_250_as_gacrux_writes_it_and_other_methods(tmp_path: Path) -> None:
    number = line_of(text(), "250 00.0 01.0")
    gacrux = replaced(tmp_path, "250 00.0 01.0", "250  1.0  1.0   1   1    1    4")
    assert f"{number}:5: 250: match points in a tournament of individuals: ignored (the virtual points are " \
           "columns 10-13)" in warnings(gacrux)
    other = replaced(tmp_path, "250 00.0 01.0", "250 00.0 02.0 001 001 0001 0004")
    assert f"{number}:10: 250: virtual points other than the Baku method's (C.04.7): not applied (the " \
           "content can name no other method); the records are kept for export" in warnings(other)
    _, event = imported(tmp_path, other)
    assert event.sections[0].options["acceleration"] == "none"
    assert baku_lines(8, 3) == ["250       1.0 001 001 0001 0004", "250       0.5 002 002 0001 0004"]


@pytest.mark.parametrize(("line", "expected"), [
    ("260 001 003    1   12", "18: 260: no player has start rank 12"),
    ("260 001 003    1", "13: 260: a prohibited pairing names two or more players"),
    ("260 003 001    1    2", "9: 260: the last round (1) is before the first (3)"),
    ("260 001 003    1x   2", "17: 260: column 17 must be blank"),
])
def test_260_malformed(line: str, expected: str, tmp_path: Path) -> None:
    assert errors(replaced(tmp_path, "260 001", line)) == [f"{line_of(text(), '260 001')}:{expected}"]


@pytest.mark.parametrize(("line", "expected"), [
    ("299 Q         1.0", "5: 299: unknown type 'Q'"),
    ("299           1.0", "5: 299: a penalty or bonus (blank type) names its players"),
    ("299 H        -1.0", "14: 299: the points of H results must be at least 0, found -1.0"),
    ("299 H       1.5", "12: 299: columns 12-13 must be blank"),
    ("299          -0.5  004    6", "20: 299: the round must be a round from 1 to 3, found '004'"),
    ("299          -0.5  003   16", "24: 299: no player has start rank 16"),
])
def test_299_malformed(line: str, expected: str, tmp_path: Path) -> None:
    assert errors(replaced(tmp_path, "299 H", line)) == [f"{line_of(text(), '299 H')}:{expected}"]


def test_comment_lines_are_kept_whatever_they_hold(tmp_path: Path) -> None:
    source = text().replace("### RR1 RRL PPP1 PPP2", "###no blank after the marks\n### 1 2 3 4")
    path = tmp_path / "t.trf"
    path.write_text(source, encoding="utf-8")
    kept = parse_trf(path).records
    assert "### 1 2 3 4" in kept and "###no blank after the marks" in kept
    _, event = imported(tmp_path, path)
    assert export_trf(event, event.sections[0]) == source


def test_a_game_whose_two_lines_disagree_is_refused(tmp_path: Path) -> None:
    source = text()
    bad = re.sub(r"(001    5 .*)     1 w 0", r"\1     1 w 1", source)
    path = tmp_path / "t.trf"
    path.write_text(bad, encoding="utf-8")
    assert errors(path) == [f"{line_of(source, '001    5')}:92: round 1: result 1 does not answer 1"]


def test_abnormal_results_are_read_from_each_player_s_line_and_written_so(tmp_path: Path) -> None:
    """Each line gives its player's own result: `=` against `0` is ½-0, `0` against `0` is 0-0 — a
    game played (TRF-2026's result codes; the points column counts ½ and 0)."""
    target, event = imported(tmp_path, FIXTURES / "abnormal-results.trf")
    games = [g for r in event.sections[0].rounds for g in r.games]
    assert {g.outcome.value for g in games if g.outcome.is_abnormal} == {"½-0", "0-½", "0-0"}
    written = "".join(path.read_text(encoding="utf-8") for path in sorted((target / "rounds").glob("*.yaml")))
    assert '"½-0"]' in written and '"0-0"]' in written


def test_a_game_won_by_both_or_won_against_a_draw_is_still_refused(tmp_path: Path) -> None:
    """Abnormal results score less than a game, never more: `1` against `=` is two lines that disagree."""
    source = (FIXTURES / "abnormal-results.trf").read_text(encoding="utf-8")
    line = next(text for text in source.splitlines() if text.startswith("001    1 "))
    opponent, colour = int(line[91:95]), line[96]
    other = next(text for text in source.splitlines() if text.startswith(f"001 {opponent:4d} "))
    bad = source.replace(other, other[:98] + ("1" if line[98] == "=" else "=") + other[99:])
    if line[98] != "1":
        bad = bad.replace(line, line[:98] + "1" + line[99:])
    path = tmp_path / "t.trf"
    path.write_text(bad, encoding="utf-8")
    assert colour in "wb" and any("does not answer" in e for e in errors(path))


def test_a_code_two_systems_claim_goes_to_the_one_the_092_type_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """CUSTOM_SWISS is the hand Swiss's code and that of any Swiss the code table does not list (the
    Lim system): the 092 type, which names the system, decides between them; without it the hand
    Swiss, listed first, takes the file."""
    from site_builder.systems import SYSTEMS
    from site_builder.systems.swiss import HandSwiss
    from site_builder.trf.type_code import imported_system

    class Named(HandSwiss):
        name = "named-swiss"
        trf_words = ("NAMED SWISS",)

    monkeypatch.setitem(SYSTEMS, "named-swiss", Named())
    assert imported_system("CUSTOM_SWISS", "Named Swiss, 9 rounds") == "named-swiss"
    assert imported_system("CUSTOM_SWISS", "Open") == "swiss"
    assert imported_system("", "Swiss System, 9 rounds") == "swiss"  # its rounds are no round robin's
    assert imported_system("", "Double Round-Robin") == "round-robin"
    assert imported_system("FIDE_DUTCH_2026", "Named Swiss") == "dutch"  # a code one system claims
