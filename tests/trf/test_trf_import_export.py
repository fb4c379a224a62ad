"""TRF import into content, export of a section, the round trip over the corpus, and builds."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from corpus import CORPUS, corpus_files
from trf_sample import SAMPLE, player, put

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.engine.scoring import Kind, records
from site_builder.errors import ContentError
from site_builder.model import Event, Outcome
from site_builder.trf.importer import ImportRefused, import_trf
from site_builder.trf.parse import parse_trf
from site_builder.trf.write import ExportError, export_trf

ROOT = Path(__file__).resolve().parents[2]
CORPUS_FILES = corpus_files()


def imported(tmp_path: Path, text: str = SAMPLE) -> tuple[Path, Event]:
    source = tmp_path / "sample.trf"
    source.write_text(text, encoding="utf-8")
    target = tmp_path / "event"
    import_trf(source, target)
    return target, load_checked(target).events[0]


def lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def test_import_maps_the_header_to_the_event(tmp_path: Path) -> None:
    _, event = imported(tmp_path)
    section = event.sections[0]
    assert (event.name, event.venue, event.chief_arbiter, event.game) == (
        "Riverside Rapid Open", "Riverside", "Jane Arbiter", "chess")
    assert (event.dates.start, event.dates.end) == (dt.date(2025, 3, 8), dt.date(2025, 3, 9))
    assert (section.system, section.rounds_planned) == ("dutch", 5)
    assert [r.date for r in section.rounds] == [dt.date(2025, 3, 8)] * 2 + [dt.date(2025, 3, 9)] * 2
    assert "XXC white1" in event.trf["records"] and "122 15 min + 10 s" in event.trf["records"]
    assert (event.time_control, event.officials.arbiters) == ("15 min + 10 s", ("John Deputy",))  # 122, 112


def test_import_maps_player_fields(tmp_path: Path) -> None:
    _, event = imported(tmp_path)
    ann, bob, *_ = event.sections[0].players
    assert (ann.number, ann.name, ann.rating, ann.sex, ann.title, ann.birth_year) == (
        1, "Adams, Ann", 2310, "f", "WGM", 1990)
    assert ann.fields == {"federation": "ENG", "fide_id": "400001", "birth_date": "1990/05/12"}
    assert (bob.sex, bob.title, bob.birth_year, bob.fields["birth_date"]) == ("m", "FM", 1985, "1985")


def test_import_maps_every_result_code(tmp_path: Path) -> None:
    _, event = imported(tmp_path)
    r1, r2, r3, r4 = event.sections[0].rounds
    games = {r.number: {(g.first, g.second): (g.outcome, g.rated) for g in r.games} for r in (r1, r2, r3, r4)}
    assert games[1] == {(1, 4): (Outcome.FIRST_WINS, True), (2, 5): (Outcome.DRAW, True),
                        (3, 6): (Outcome.FIRST_WINS, False)}
    assert games[2] == {(4, 2): (Outcome.FIRST_WINS_FORFEIT, True), (5, 1): (Outcome.DRAW, False)}
    assert games[3] == {(1, 2): (Outcome.DOUBLE_FORFEIT, True), (3, 4): (Outcome.SECOND_WINS, True)}
    assert games[4] == {(6, 1): (Outcome.PENDING, True), (2, 3): (Outcome.PENDING, True)}
    assert (r2.half_byes, r2.full_byes, r3.byes, r3.absent, r4.half_byes) == ((3,), (6,), (5,), (6,), (4,))


def test_imported_points_follow_the_scoring(tmp_path: Path) -> None:
    _, event = imported(tmp_path)
    recs = records(event.sections[0])
    totals = {p: Fraction(recs.total(p, 4), recs.scale) for p in recs.entries}
    assert totals == {1: Fraction(3, 2), 2: Fraction(1, 2), 3: Fraction(3, 2), 4: Fraction(5, 2), 5: 2, 6: 1}
    assert [e.kind for e in recs.entries[6]] == [Kind.LOSS, Kind.FULL_BYE, Kind.ABSENT, Kind.PENDING]


def test_sample_round_trip(tmp_path: Path) -> None:
    _, event = imported(tmp_path)
    assert lines(export_trf(event, event.sections[0])) == lines(SAMPLE)


@pytest.mark.parametrize("source", CORPUS_FILES, ids=lambda p: p.stem)
def test_corpus_round_trip(source: Path, tmp_path: Path) -> None:
    target = tmp_path / source.stem
    import_trf(source, target)
    event = load_checked(target).events[0]
    assert lines(export_trf(event, event.sections[0])) == lines(source.read_text(encoding="utf-8"))


def test_export_recomputes_points_and_ranks_after_a_change(tmp_path: Path) -> None:
    target, _ = imported(tmp_path)
    round_4 = target / "rounds" / "04.yaml"
    round_4.write_text(round_4.read_text().replace('"?"', '"1-0"'), encoding="utf-8")
    event = load_checked(target).events[0]
    exported = tmp_path / "out.trf"
    exported.write_text(export_trf(event, event.sections[0]))
    players = {p.start_rank: p for p in parse_trf(exported).players}
    assert players[6].points == "2.0" and players[6].rounds[3].result == "1"
    assert players[2].points == "1.5" and players[1].points == "1.5"
    assert players[4].rank == 1  # 2.5 points: first in the standings


def test_export_writes_a_changed_header_from_the_model(tmp_path: Path) -> None:
    target, _ = imported(tmp_path)
    event_file = target / "event.yaml"
    event_file.write_text(event_file.read_text().replace('name: "Riverside Rapid Open"', "name: Spring Open"))
    event = load_checked(target).events[0]
    out = lines(export_trf(event, event.sections[0]))
    assert out[0] == "012 Spring Open" and out[1:] == lines(SAMPLE)[1:]


def test_import_refuses_a_non_empty_directory_and_writes_nothing_on_errors(tmp_path: Path) -> None:
    source = tmp_path / "sample.trf"
    source.write_text(SAMPLE)
    target = tmp_path / "event"
    target.mkdir()
    (target / "keep.txt").write_text("mine")
    with pytest.raises(ImportRefused):
        import_trf(source, target)
    assert [p.name for p in target.iterdir()] == ["keep.txt"]
    import_trf(source, target, force=True)
    assert sorted(p.name for p in target.iterdir()) == ["event.yaml", "players.yaml", "rounds"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no staging left behind


def test_export_of_the_club_open_example(tmp_path: Path) -> None:
    event = load_checked(ROOT / "content" / "2025-club-open").events[0]
    text = export_trf(event, event.sections[0])
    out = text.splitlines()
    assert out[:3] == ["012 Riverside Club Open 2025", "022 Riverside Chess Club", "042 2025/03/08"]
    assert "XXR 5" in out and "062 12" in out and "122 60 min + 10 s per move" in out  # time_control
    player_lines = [line for line in out if line.startswith("001")]
    assert len(player_lines) == 12
    anna = player_lines[0]
    assert anna[4:8] == "   1" and anna[9] == "w" and anna[14:47].rstrip() == "Müller, Anna"
    assert anna[48:52] == "2150" and anna[69:79] == "1990/00/00"
    assert all(len(line) == 89 + 10 * 5 for line in player_lines)
    path = tmp_path / "club.trf"
    path.write_text(text, encoding="utf-8")
    parsed = parse_trf(path)  # fixed columns, and every pairing agrees with the opponent's line
    points = {p.name: p.points for p in parsed.players}
    assert points["Dubois, Claire"] == "4.0" and points["Müller, Anna"] == "1.0"
    ranks = {p.name: p.rank for p in parsed.players}
    assert ranks["Dubois, Claire"] == 1 and ranks["Kowalski, Piotr"] == ranks["Ahmed, Omar"] == 2


def test_export_refuses_team_sections() -> None:
    event = load_checked(ROOT / "content" / "2023-yuangou-cup").events[0]
    with pytest.raises(ExportError):
        export_trf(event, event.sections[0])


def _build(source: Path, tmp_path: Path, pdf: bool) -> Path:
    content = tmp_path / source.stem
    import_trf(source, content)
    output = tmp_path / "output"
    build_site(content, output, pdf=pdf)
    return output / source.stem / "main"


@pytest.mark.parametrize(("name", "players", "rounds", "pdf"), [("p9-r5-s5000", 9, 5, True),
                                                                ("p200-r11-s5019", 200, 11, False)])
def test_imported_corpus_file_builds(name: str, players: int, rounds: int, pdf: bool, tmp_path: Path) -> None:
    site = _build(CORPUS / f"{name}.trf", tmp_path, pdf)
    last = f"{rounds:02d}"
    for page in ("players.html", "crosstable.html", f"round-{last}.html", f"standings-{last}.html"):
        assert (site / page).is_file(), page
    assert len(list((site / "players").glob("*.html"))) == players
    standings = (site / f"standings-{rounds:02d}.html").read_text(encoding="utf-8")
    assert "Test0001 Player0001" in standings
    if pdf:
        assert list(site.glob("*.pdf"))


def test_a_half_point_bye_shows_on_the_player_card(tmp_path: Path) -> None:
    content = tmp_path / "event"
    (tmp_path / "sample.trf").write_text(SAMPLE)
    import_trf(tmp_path / "sample.trf", content)
    build_site(content, tmp_path / "output", pdf=False)
    card = (tmp_path / "output" / "event" / "main" / "players" / "3.html").read_text(encoding="utf-8")
    assert "½-point bye" in card


def test_content_the_loader_rejects_is_reported_at_the_records_it_came_from(tmp_path: Path) -> None:
    twins = player(1, "Adams, Ann", ["   2 w 1"]) + "\n" + player(2, "Adams, Ann", ["   1 b 0"]) + "\n"
    source = tmp_path / "twins.trf"
    source.write_text(twins)
    with pytest.raises(ContentError) as error:
        import_trf(source, tmp_path / "event")
    assert [(p.location.path, p.location.line, p.location.column) for p in error.value.problems] == [
        (source, 1, 92), (source, 2, 1)]  # at the records, not in files never written (docs/commands.md)
    assert "same name and club as on line 1)" in error.value.problems[1].message  # the first twin's line
    assert not (tmp_path / "event").exists()


def test_an_unfinished_dutch_event_builds(tmp_path: Path) -> None:
    """Rounds still to play: the build does not fail on the `dutch` system's next round."""
    text = "\n".join(["012 Unfinished", "092 FIDE_DUTCH_2025", "XXR 5",
                      player(1, "A", ["   2 w 1"]), player(2, "B", ["   1 b 0"]),
                      player(3, "C", ["   4 w ="]), player(4, "D", ["   3 b ="])]) + "\n"
    content, event = imported(tmp_path, text)
    assert event.sections[0].rounds_planned == 5
    report = build_site(content, tmp_path / "output", pdf=False)
    assert report.pages > 0 and (tmp_path / "output" / "event" / "main" / "standings-01.html").is_file()


def test_export_keeps_the_files_ranks_on_the_right_players(tmp_path: Path) -> None:
    """Player lines need not be in start-rank order: each player's rank and points stay theirs
    (the sample's lines reversed, each with rank 100 + its start rank, which no computation gives)."""
    header = [line for line in SAMPLE.splitlines() if not line.startswith("001")]
    players = [put(line, 86, str(100 + int(line[4:8])), right=True, width=4)
               for line in SAMPLE.splitlines() if line.startswith("001")]
    source = "\n".join([*header, *reversed(players)]) + "\n"
    _, event = imported(tmp_path, source)
    exported = tmp_path / "out.trf"
    exported.write_text(export_trf(event, event.sections[0]), encoding="utf-8")
    original = {p.start_rank: (p.rank, p.points) for p in parse_trf_text(tmp_path, source).players}
    written = {p.start_rank: (p.rank, p.points) for p in parse_trf(exported).players}
    assert written == original
    assert all(rank == 100 + start for start, (rank, _) in written.items())


def parse_trf_text(tmp_path: Path, text: str):
    path = tmp_path / "original.trf"
    path.write_text(text, encoding="utf-8")
    return parse_trf(path)


FIELD_CHANGES = {
    "event.yaml": "name: Field Changes Open\ndates: [2027-03-06, 2027-03-07]\ngame: chess\nlanguage: en\n"
                  "sections:\n  open: {name: Open, system: dutch, rounds: 3}\n",
    "open/players.yaml": "players:\n" + "".join(
        f"  - {{number: {n}, name: {name!r}, rating: {2350 - 50 * n}}}\n"
        for n, name in enumerate(["Adams, Ann", "Baker, Bob", "Clark, Cleo", "Davis, Dan", "Evans, Eve",
                                  "Flores, Finn"], start=1)),
    "open/rounds/01.yaml": 'round: 1\ngames:\n  - [1, 1, 4, "1-0"]\n  - [2, 5, 2, "0-1"]\nbye: [3]\n'
                           "withdrawn: [5]\n",
    "open/rounds/02.yaml": 'round: 2\ngames:\n  - [1, 2, 1, "1/2-1/2"]\n  - [2, 3, 6, "1-0"]\nbye: [4]\n',
}


def test_a_withdrawal_and_a_late_entry_survive_export_and_import(tmp_path: Path) -> None:
    """FIDE writes a round without a game as `0000 - Z`; TRF has no record of why, so the export
    adds `### bulletin:` comment lines (TRF-2026 comments) that the import reads back: the withdrawn
    player is withdrawn again, the late entrant enters late again, neither becomes absent."""
    for relative, text in FIELD_CHANGES.items():
        (tmp_path / "cup" / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "cup" / relative).write_text(text, encoding="utf-8")
    event = load_checked(tmp_path / "cup").events[0]
    text = export_trf(event, event.sections[0])
    rows = {int(line[4:8]): line for line in text.splitlines() if line.startswith("001")}
    assert rows[5].endswith("2 w 0  0000 - Z") and rows[6][91:99] == "0000 - Z"
    assert text.endswith("### bulletin: withdrawn 5 after round 1\n### bulletin: late entry 6 from round 2\n")
    source = tmp_path / "cup.trf"
    source.write_text(text, encoding="utf-8")
    import_trf(source, tmp_path / "again")
    again = load_checked(tmp_path / "again").events[0]
    first, second = again.sections[0].rounds
    assert first.withdrawn == (5,) and not first.absent and not second.absent
    assert 6 not in first.entrants and 6 in second.entrants
    assert export_trf(again, again.sections[0]) == text


def test_a_section_scored_otherwise_is_exported_as_trf_2026_only(tmp_path: Path) -> None:
    """TRF16 has no record for the points of a result: a section scored 3/1/0 written as TRF16 would be
    read by a checker as scored 1/½/0 (other scoregroups, other standings), so the export refuses it
    and names the format whose 162 record states them (VCL.12)."""
    target, _ = imported(tmp_path)
    event_yaml = target / "event.yaml"
    kept = event_yaml.read_text(encoding="utf-8").split("\ntrf:")[0]
    event_yaml.write_text(kept + "\nscoring: {win: 3, draw: 1}\n", encoding="utf-8")
    event = load_checked(target).events[0]
    with pytest.raises(ExportError, match=r"not scored 1, ½, 0 or in proportion.*--format trf2026"):
        export_trf(event, event.sections[0])
    assert "162  W 3.0" in export_trf(event, event.sections[0], "2026")


def test_a_start_day_written_day_first_with_slashes_dates_the_event(tmp_path: Path) -> None:
    """042 and 052 written DD/MM/YYYY, as JaVaFo's example file has them (`042 24/09/2010`): the
    event starts on 24 September 2010, so its tie-breaks follow the C.07 text of that day (2023),
    not the text for an event without a date (2026)."""
    text = "\n".join(line for line in SAMPLE.splitlines() if not line.startswith("132"))
    _, event = imported(tmp_path, text.replace("042 2025/03/08", "042 24/09/2010")
                        .replace("052 2025/03/09", "052 02/10/2010"))
    assert (event.dates.start, event.dates.end) == (dt.date(2010, 9, 24), dt.date(2010, 10, 2))
    assert event.sections[0].ranking.c07_text == "2023"


def test_export_refuses_an_id_or_a_start_rank_too_wide_whatever_reaches_it() -> None:
    """docs/chess.md, TRF import and export: the export checks each value it writes, whatever the
    loader let through (it refuses these already): a 12-digit FIDE id is refused at the player's
    `fide_id`, never cut to 11 digits (another id), and start rank 10000 at his `number`, never
    written over the round columns."""
    event = load_checked(ROOT / "content" / "2025-club-open").events[0]
    section = event.sections[0]
    anna = section.player(1)
    players = tuple(dataclasses.replace(p, fields={**p.fields, "fide_id": "123456789012"}) if p.number == 1
                    else p for p in section.players)
    with pytest.raises(ContentError) as refused:
        export_trf(event, dataclasses.replace(section, players=players))
    [problem] = refused.value.problems
    assert problem.location == anna.at("fide_id") and problem.location.column > anna.at("name").column
    assert problem.message.startswith("the FIDE id of player #1, '123456789012', is 12 characters long")
    players = tuple(dataclasses.replace(p, number=10000) if p.number == 1 else p for p in section.players)
    with pytest.raises(ContentError) as refused:
        export_trf(event, dataclasses.replace(section, players=players, rounds=()))
    [problem] = refused.value.problems
    assert problem.location == anna.at("number")
    assert "start rank of player #10000, '10000'" in problem.message and "columns 5-8" in problem.message


@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein", "lim", "double-swiss"])
def test_an_accelerated_section_is_exported_as_trf_2026_only(tmp_path: Path, system: str) -> None:
    """A TRF16 file states no acceleration (docs/systems/double-swiss.md; C.04.7's virtual points
    are TRF-2026's 250 records): a Baku section written as TRF16 would be paired again unaccelerated
    and rejected by `verify`, so the export refuses it and names the format that states them."""
    from site_builder.tournament.generate import write_generated
    from site_builder.tournament.generator import Spec
    write_generated(Spec(seed=5, system=system, players=12, rounds=4, baku=True), tmp_path / "event")
    event = load_checked(tmp_path / "event").events[0]
    with pytest.raises(ExportError, match=r"is accelerated \(acceleration: baku.*--format trf2026"):
        export_trf(event, event.sections[0])
    with pytest.raises(ExportError, match=r"--format trf2026"):
        export_trf(event, event.sections[0], "16")
    assert any(line.startswith("250 ") for line in export_trf(event, event.sections[0], "2026").splitlines())
