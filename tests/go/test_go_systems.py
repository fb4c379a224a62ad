"""The go systems `mcmahon` and `go-swiss` end to end: each round of the example event
(content/2026-go-mcmahon, paired by `bulletin pair`) is OpenGotha's pairing of the rounds before it;
the standings' order and points are compute_scores' (MMS › SOSM › SOSOSM); a paired round file reads
back as the same games; bad options are located; `bulletin new --game go` pairs at once; the h9
export of the example passes the strict reader."""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
from pathlib import Path

import pytest
from h9_reader import read_h9
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from site_builder.checks import load_checked
from site_builder.commands.new import scaffold
from site_builder.commands.pair import pair_next
from site_builder.content.pair_text import round_yaml
from site_builder.engine.go_scores import Criterion, compute_scores
from site_builder.engine.go_section import go_inputs, key
from site_builder.engine.scoring import records
from site_builder.errors import ContentError
from site_builder.goformats.h9 import export_h9
from site_builder.model import Section
from site_builder.pairing.gotha.round import pair_round
from site_builder.pairing.gotha.section import gotha_event
from site_builder.systems import SYSTEMS, system_of
from site_builder.systems.go_common import GoSystem

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "content" / "2026-go-mcmahon"


def _section(event_dir: Path = EXAMPLE) -> Section:
    return load_checked(event_dir).events[0].sections[0]


def _before(section: Section, number: int) -> Section:
    return dataclasses.replace(section, rounds=tuple(r for r in section.rounds if r.number < number))


def _games(rnd_games: object) -> list[tuple[int, int, int, int]]:
    return sorted((g.board, g.first, g.second, g.handicap or 0) for g in rnd_games)  # type: ignore[attr-defined]


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_each_round_of_the_example_is_opengothas_pairing_of_the_rounds_before(number: int) -> None:
    section = _section()
    played = next(r for r in section.rounds if r.number == number)
    before = _before(section, number)
    system = system_of(section)
    assert isinstance(system, GoSystem)
    left_out = frozenset(played.absent)
    pairing = system.pair(before, records(before), None, None, left_out=left_out)
    paired = sorted((p.board, p.first, p.second, p.handicap or 0) for p in pairing.pairs)
    assert paired == _games(played.games)
    assert pairing.byes == played.byes
    # the same as the engine's own pairing of the same GothaEvent (White is the second player)
    engine = pair_round(gotha_event(before, system.gotha_parameters(before), left_out, number), number)
    assert sorted((g.table, g.black, g.white, g.handicap) for g in engine.games) == \
        sorted((b, key(f), key(s), h) for b, f, s, h in _games(played.games))
    assert engine.bye == (key(played.byes[0]) if played.byes else None)


def test_the_example_has_handicaps_an_absence_and_a_bye() -> None:
    section = _section()
    third = section.rounds[2]
    assert third.absent and len(third.byes) == 1
    assert any((g.handicap or 0) >= 2 for r in section.rounds for g in r.games)
    assert len(section.players) == 40 and len(section.rounds) == 5
    assert len(section.records.by_board) >= 2


def test_the_standings_are_compute_scores_order_with_mms_as_points() -> None:
    event = load_checked(EXAMPLE).events[0]
    section = event.sections[0]
    system = system_of(section)
    assert isinstance(system, GoSystem)
    table = system.standings(section, records(section), 5, None)
    assert [tb.id for tb in table.tiebreaks] == ["sos", "sosos"]
    assert all(tb.option("by") == "mms" for tb in table.tiebreaks)
    players, games, byes = go_inputs(section)
    scores = compute_scores(players, games, byes, system.general(section))
    criteria = (Criterion.MMS, Criterion.SOSM, Criterion.SOSOSM)

    def values(number: int) -> tuple[int, ...]:
        return tuple(scores[key(number)].value(c, 5) for c in criteria)

    assert [row.player for row in table.rows] == sorted((p.number for p in section.players),
                                                        key=lambda n: (tuple(-v for v in values(n)), n))
    assert all((row.points, *row.values) == values(row.player) for row in table.rows)  # scale 2: stored units


def test_the_h9_export_of_the_example_passes_the_strict_reader() -> None:
    event = load_checked(EXAMPLE).events[0]
    table = read_h9(export_h9(event, event.sections[0]))
    assert len(table.players) == 40
    first = table.players[0]
    assert first.place == 1 and len(first.cells) == 5
    assert b"MMS  SOSM SOSOSM" in export_h9(event, event.sections[0])


def _copy(root: Path) -> Path:
    target = root / "content" / EXAMPLE.name
    shutil.copytree(EXAMPLE, target)
    return target


def _problems(root: Path, options: str) -> list[str]:
    event = _copy(root)
    text = (event / "event.yaml").read_text(encoding="utf-8").replace("    mcmahon_bar: 3d\n", options)
    (event / "event.yaml").write_text(text, encoding="utf-8")
    try:
        load_checked(event)
    except ContentError as error:
        return [str(p) for p in error.problems]
    return []


def test_a_bar_below_the_floor_is_a_located_error(tmp_path: Path) -> None:
    found = _problems(tmp_path, "    mcmahon_bar: 25k\n")
    assert len(found) == 1 and found[0].endswith(
        "content/2026-go-mcmahon/event.yaml:18:18: the McMahon bar 25k is below the floor 20k "
        "(hint: raise the bar or lower the floor (e.g. bar 4d, floor 20k))")


@pytest.mark.parametrize(("options", "expected"), [
    ("    mcmahon_bar: 10d\n", "mcmahon_bar: '10d' is not a go rank"),
    ("    handicap_ceiling: 12\n", "handicap_ceiling 12 is not 0–9 stones"),
    ("    tiebreaks: [sos: {by: wins}]\n", "option 'by' of 'sos' must be one of mms, nbw"),
    ("    scoring: {win: 2, draw: 1}\n", "the mcmahon system counts a win 1, a jigo ½"),
])
def test_bad_go_settings_are_located(tmp_path: Path, options: str, expected: str) -> None:
    found = _problems(tmp_path, options)
    assert len(found) == 1 and expected in found[0], found
    assert found[0].split(":")[1].isdigit()  # at a line


def test_opengotha_names_give_the_variants(tmp_path: Path) -> None:
    event = _copy(tmp_path)
    text = (event / "event.yaml").read_text(encoding="utf-8").replace(
        "    mcmahon_bar: 3d\n", "    mcmahon_bar: 3d\n    tiebreaks: [SOSW, SODOSM, sos-1, CUSS, DC]\n")
    (event / "event.yaml").write_text(text, encoding="utf-8")
    section = _section(event)
    assert [(tb.id, tb.option("by")) for tb in section.tiebreaks] == [
        ("sos", "nbw"), ("sodos", "mms"), ("sos-1", "mms"), ("cuss", "mms"), ("dc", None)]
    table = system_of(section).standings(section, records(section), 5, None)
    assert len(table.rows) == 40


def test_a_new_go_event_is_mcmahon_with_ranks_and_komi_and_pairs_at_once(tmp_path: Path) -> None:
    scaffold(tmp_path / "content" / "go", game="go", language="zh", players=9, secret_seed=False)
    text = (tmp_path / "content" / "go" / "event.yaml").read_text(encoding="utf-8")
    assert "system: mcmahon" in text and "komi: 7.5" in text
    pair_next(tmp_path / "content")
    body = (tmp_path / "content" / "go" / "open" / "rounds" / "01.yaml").read_text(encoding="utf-8")
    section = _section(tmp_path / "content" / "go")
    assert len(section.rounds) == 1 and len(section.rounds[0].games) == 4 and len(section.rounds[0].byes) == 1
    assert "handicap: 0, komi: 7.5}" in body


@pytest.mark.parametrize("language", ["zh", "en", "ja"])
def test_a_new_go_event_carries_the_time_control_line_h9_needs(tmp_path: Path, language: str) -> None:
    """docs/go.md, h9: the EGF's class comes from the event's `time_control:`, which `bulletin new`
    writes commented out after the komi, explained in the event's language; given (the `#`
    removed), the pages show it in that language and the export reads its English for class A."""
    from site_builder.goformats.names import Latin9Texts
    from site_builder.goformats.time_class import egf_time
    from site_builder.languages import catalogue

    words = catalogue(language).labels
    folder = tmp_path / "content" / "go"
    scaffold(folder, game="go", language=language, players=4, secret_seed=False)
    path = folder / "event.yaml"
    text = path.read_text(encoding="utf-8")
    (line,) = [line for line in text.splitlines() if line.startswith("# time_control: ")]
    assert line.endswith(f"  # {words['new.time_control']}") and words["new.time_control.value"] in line
    assert text.index("komi: ") < text.index(line) < text.index("sections:")
    path.write_text(text.replace(line, line.removeprefix("# ")), encoding="utf-8")
    pair_next(tmp_path / "content")
    one = folder / "open" / "rounds" / "01.yaml"
    one.write_text(one.read_text(encoding="utf-8").replace('"?"', '"B+"'), encoding="utf-8")
    event = load_checked(tmp_path / "content").events[0]
    assert event.time_control == words["new.time_control.value"]  # what the pages show
    texts = Latin9Texts(event)
    assert egf_time(texts.event_text("time_control")).egf_class == "A" and not texts.problems.items
    if language == "en":  # the sample name and players are in Latin letters: the whole table exports
        assert "; CL[A]" in export_h9(event, event.sections[0]).decode("iso-8859-15").splitlines()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ranks=st.lists(st.integers(-30, 8), min_size=2, max_size=12),
       swiss=st.booleans())
def test_a_paired_round_file_reads_back_as_the_same_games(ranks: list[int], swiss: bool) -> None:
    """pair → round file → load: the same boards, players, handicaps and komi."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        scaffold(root / "content" / "go", game="go", language="en", players=len(ranks), secret_seed=False,
                 system="go-swiss" if swiss else "mcmahon")
        players = root / "content" / "go" / "open" / "players.yaml"
        lines = players.read_text(encoding="utf-8").splitlines()
        from site_builder.games.go_ranks import GoRank

        ranked = [line.split(", rank:")[0] + f", rank: {GoRank(r)}}}" if ", rank:" in line else line
                  for line, r in zip(lines, [0] * (len(lines) - len(ranks)) + ranks, strict=True)]
        players.write_text("\n".join(ranked) + "\n", encoding="utf-8")
        section = _section(root / "content" / "go")
        system = SYSTEMS[section.system]
        pairing = system.pair(section, records(section), None, None)
        text = round_yaml(section, pairing)
        (root / "content" / "go" / "open" / "rounds").mkdir()
        (root / "content" / "go" / "open" / "rounds" / "01.yaml").write_text(text, encoding="utf-8")
        loaded = _section(root / "content" / "go").rounds[0]
        assert [(g.board, g.first, g.second, g.handicap) for g in loaded.games] == \
            [(p.board, p.first, p.second, p.handicap) for p in pairing.pairs]
        assert loaded.byes == pairing.byes
        assert all(g.komi == (section.go.komi if not g.handicap else 0.5) for g in loaded.games)
        assert not swiss or all(g.handicap == 0 for g in loaded.games)


def test_a_round_paired_with_other_options_is_said_by_check_and_verify(tmp_path: Path) -> None:
    """`bulletin pair` records the options a go round was paired with; a bar moved afterwards is a
    warning at the round file, and verify says why round 1 no longer agrees."""
    from site_builder.checks.unfinished import warnings_of
    from site_builder.tournament.verify import verify

    event = tmp_path / "content" / "go"
    scaffold(event, game="go", language="en", players=12, secret_seed=False)
    pair_next(tmp_path / "content")
    body = (event / "open" / "rounds" / "01.yaml").read_text(encoding="utf-8")
    assert 'paired_with: "absent_mms=' in body and "mcmahon_bar=4d" in body
    assert not [p for p in warnings_of(load_checked(tmp_path / "content")) if "other options" in p.message]
    text = (event / "event.yaml").read_text(encoding="utf-8")
    (event / "event.yaml").write_text(text.replace("mcmahon_bar: 4d", "mcmahon_bar: 1k"), encoding="utf-8")
    found = [str(p) for p in warnings_of(load_checked(tmp_path / "content")) if "other options" in p.message]
    assert len(found) == 1 and "01.yaml:2:" in found[0], found
    assert "mcmahon_bar=4d then, mcmahon_bar=1k now" in found[0]
    verdicts, _ = verify(tmp_path / "content")
    differ = [v for v in verdicts if not v.agrees]
    assert differ and all("paired with other options" in v.text for v in differ), verdicts


def test_a_pairing_parameter_written_at_its_default_changes_no_record(tmp_path: Path) -> None:
    """`paired_with:` names the `pairing:` parameters that differ from OpenGotha's defaults: one
    written later at its default is no change, one set to another value is (docs/go.md)."""
    from site_builder.checks.unfinished import warnings_of

    event = tmp_path / "content" / "go"
    scaffold(event, game="go", language="en", players=12, secret_seed=False)
    pair_next(tmp_path / "content")
    text = (event / "event.yaml").read_text(encoding="utf-8")

    def warned(pairing: str) -> list[str]:
        floor = "    mcmahon_floor: 20k"
        changed = text.replace(floor, f"    pairing: {pairing}\n{floor}")
        (event / "event.yaml").write_text(changed, encoding="utf-8")
        problems = warnings_of(load_checked(tmp_path / "content"))
        return [str(p) for p in problems if "other options" in p.message]

    assert warned("{geography: 100_000_000_000, paiSeRankThreshold: 1D}") == []
    found = warned("{geography: 0}")
    assert len(found) == 1 and "pairing.geography=0 now" in found[0], found
