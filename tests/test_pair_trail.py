"""FIDE mode's trail in the round files: `bulletin pair` records the tiebreak chain with round 1,
`bulletin pair --record` the engine's pairing of a round changed by hand; `check` warns when the
chain changes after round 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.checks.unfinished import tiebreak_warnings
from site_builder.commands.pair import PairCommandError, pair_next, record_rounds
from site_builder.model import Proposal

EVENT = """\
name: Club Round Robin
game: chess
language: en
system: round-robin
rounds: 3
tiebreaks: [direct-encounter, sonneborn-berger]
"""
PLAYERS = "players:\n" + "".join(f"  - {{number: {n}, name: P{n}}}\n" for n in range(1, 5))


@pytest.fixture
def event(tmp_path: Path) -> Path:
    folder = tmp_path / "rr"
    folder.mkdir()
    (folder / "event.yaml").write_text(EVENT, encoding="utf-8")
    (folder / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    return folder


def test_round_one_records_the_chain_and_a_change_is_warned(event: Path) -> None:
    result = pair_next(event)
    assert 'tiebreaks: "direct-encounter, sonneborn-berger"' in result.text
    assert tiebreak_warnings(load_checked(event)) == []
    path = event / "event.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("[direct-encounter, sonneborn-berger]",
                                                             "[sonneborn-berger, wins]"), encoding="utf-8")
    (warning,) = tiebreak_warnings(load_checked(event))
    assert warning.location.path.name == "01.yaml"
    assert "'direct-encounter, sonneborn-berger' then, 'sonneborn-berger, wins' now" in warning.message


def test_a_round_changed_by_hand_records_the_engine_s_pairing(event: Path) -> None:
    pair_next(event)  # Berger table of 4, round 1: 1-4 2-3
    path = event / "rounds" / "01.yaml"
    assert record_rounds(event, "1") == ["round 1 is the engine's pairing: nothing to record"]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('[1, "P1", "P4",', '[1, "P4", "P1",'), encoding="utf-8")  # colours by hand
    (said,) = record_rounds(event, "1")
    assert said.startswith("recorded the engine's pairing: ") and said.endswith("rounds/01.yaml")
    rnd = load_checked(event).events[0].sections[0].rounds[0]
    assert rnd.provenance.proposed == Proposal(((1, 1, 4), (2, 2, 3)), ())
    assert (rnd.games[0].first, rnd.games[0].second) == (4, 1)  # the games stay as the arbiter wrote them
    assert path.read_text(encoding="utf-8").startswith(text.split("games:")[0])  # other lines kept
    record_rounds(event, "1")  # again: one proposal, not two
    assert path.read_text(encoding="utf-8").count("proposed:") == 1
    path.write_text(path.read_text(encoding="utf-8").replace('[1, "P4", "P1",', '[1, "P1", "P4",'),
                    encoding="utf-8")  # the arbiter goes back to the engine's pairing
    assert record_rounds(event, "1") == ["round 1 is the engine's pairing: nothing to record"]
    assert "proposed:" not in path.read_text(encoding="utf-8")
    with pytest.raises(PairCommandError, match="round 5 of 'Club Round Robin' is not played"):
        record_rounds(event, "5")


def test_a_double_round_robin_with_schedule_tables_is_paired_and_exported(tmp_path: Path) -> None:
    """Three players, `cycles: 2`, `table_numbers: schedule`: round 1 is the table of 4's 1-4 2-3
    with 1 on the bye and 2-3 at table 2; the export's type code is FIDE_DOUBLEROUNDROBIN."""
    from site_builder.trf.write import export_trf

    folder = tmp_path / "double"
    (folder / "main").mkdir(parents=True)
    (folder / "event.yaml").write_text(
        "name: Double\ngame: chess\nlanguage: en\nsystem: round-robin\nrounds: 6\n"
        "sections:\n  main: {name: Double, cycles: 2, table_numbers: schedule}\n", encoding="utf-8")
    (folder / "main" / "players.yaml").write_text(
        "players:\n" + "".join(f"  - {{number: {n}, name: P{n}}}\n" for n in range(1, 4)), encoding="utf-8")
    result = pair_next(folder)
    assert '  - [2, "P2", "P3", "?"]' in result.text and 'byes: ["P1"]' in result.text
    event = load_checked(folder).events[0]
    assert "192 FIDE_DOUBLEROUNDROBIN" in export_trf(event, event.sections[0], "2026")


def test_accept_records_what_the_engine_pairs_from_the_corrected_results(tmp_path: Path) -> None:
    """Round 2 kept as played after round 1's results were corrected: the engine, from the corrected
    results, pairs it otherwise, and the round file says how (`proposed:`)."""
    from site_builder.commands.pair import accept_rounds

    folder = tmp_path / "dutch"
    folder.mkdir()
    (folder / "event.yaml").write_text(
        "name: X\ngame: chess\nlanguage: en\nsystem: dutch\nrounds: 3\nfirst_colour: white\n",
        encoding="utf-8")
    (folder / "players.yaml").write_text("players:\n" + "".join(
        f"  - {{number: {n}, name: {name}, rating: {2500 - 100 * n}}}\n" for n, name in enumerate("ABCD", 1)),
        encoding="utf-8")
    rounds = folder / "rounds"
    pair_next(folder)  # A-C, D-B
    one = rounds / "01.yaml"
    one.write_text(one.read_text(encoding="utf-8").replace('"?"]', '"1-0"]'), encoding="utf-8")
    pair_next(folder)  # D-A, B-C
    two = rounds / "02.yaml"
    two.write_text(two.read_text(encoding="utf-8").replace('"?"]', '"1-0"]'), encoding="utf-8")
    one.write_text(one.read_text(encoding="utf-8").replace('[1, "A", "C", "1-0"]', '[1, "A", "C", "0-1"]'),
                   encoding="utf-8")  # a correction
    accept_rounds(folder, "2")
    rnd = load_checked(folder).events[0].sections[0].rounds[1]
    assert rnd.provenance.accepted_from and rnd.provenance.proposed == Proposal(((1, 3, 4), (2, 2, 1)), ())
    assert [(g.first, g.second) for g in rnd.games] == [(4, 1), (2, 3)]


def _said_of_proposal(path: Path) -> str:
    """The comment of a round file's `proposed:` line."""
    (line,) = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("proposed:")]
    return line.split("# ", 1)[1]


def test_a_round_on_other_boards_is_recorded_in_verify_s_words(event: Path) -> None:
    """docs/commands.md, `bulletin verify`: a different order of boards is not a different draw. The
    `proposed:` of a round whose games are the engine's on other boards says so, in the words of
    verify's `ok ~` line (one message of the catalogue), not that the games depart from it."""
    from site_builder.languages import catalogue
    from site_builder.tournament.verify import verify

    words = catalogue("en").labels
    pair_next(event)  # Berger table of 4, round 1: 1-4 2-3
    path = event / "rounds" / "01.yaml"
    text = path.read_text(encoding="utf-8")
    swapped = text.replace('[1, "P1", "P4",', '[9, "P1", "P4",').replace('[2, "P2", "P3",', '[1, "P2", "P3",')
    path.write_text(swapped.replace('[9, "P1", "P4",', '[2, "P1", "P4",'), encoding="utf-8")  # boards swapped
    (said,) = record_rounds(event, "1")
    assert said.startswith("recorded the engine's pairing: ")
    assert "depart" not in _said_of_proposal(path)
    assert words["verify.same_games"] in _said_of_proposal(path)
    (line,) = [str(v) for v in verify(event)[0] if "round 1" in str(v)]
    assert line.startswith("ok ~") and words["verify.same_games"] in line
    path.write_text(text.replace('[1, "P1", "P4",', '[1, "P4", "P1",'), encoding="utf-8")  # colours by hand
    record_rounds(event, "1")
    assert _said_of_proposal(path) == words["file.proposed"]  # other games: they depart from it


def test_accept_says_when_the_engine_pairs_the_same_games_on_other_boards(tmp_path: Path) -> None:
    """`bulletin pair --accept 3` after a round-2 result is corrected, where the engine, from the
    corrected results, gives round 3's games on other boards: the trail says so, as verify does."""
    import re

    from site_builder.commands.pair import accept_rounds
    from site_builder.languages import catalogue

    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "event.yaml").write_text(
        "name: Club\ngame: chess\nlanguage: en\nsystem: dutch\nrounds: 5\ndraw_seed: 94\n", encoding="utf-8")
    (folder / "players.yaml").write_text("players:\n" + "".join(
        f"  - {{number: {n}, name: P{n}, rating: {2300 - 50 * n}}}\n" for n in range(1, 7)), encoding="utf-8")
    played = {1: ["1-0", "0-1", "1-0"], 2: ["1/2-1/2", "1/2-1/2", "0-1"], 3: ["0-1", "1/2-1/2", "1-0"]}
    rounds = folder / "rounds"
    for number, results in played.items():
        pair_next(folder)
        path = rounds / f"{number:02d}.yaml"
        text = path.read_text(encoding="utf-8")
        for result in results:
            text = text.replace('"?"]', f'"{result}"]', 1)
        path.write_text(text, encoding="utf-8")
    pair_next(folder)  # round 4 paired
    two = rounds / "02.yaml"
    text = two.read_text(encoding="utf-8")
    second = list(re.finditer(r'"1/2-1/2"\]', text))[1]
    two.write_text(text[:second.start()] + '"1-0"]' + text[second.end():], encoding="utf-8")  # a correction
    accept_rounds(folder, "3")
    rnd = load_checked(folder).events[0].sections[0].rounds[2]
    assert rnd.provenance.accepted_from and rnd.provenance.proposed is not None
    assert {frozenset(g[1:]) for g in rnd.provenance.proposed.games} == {frozenset((g.first, g.second))
                                                                        for g in rnd.games}
    assert "depart" not in _said_of_proposal(rounds / "03.yaml")
    words = catalogue("en").labels
    assert _said_of_proposal(rounds / "03.yaml") == words["file.proposed_reordered"].format(
        same_games=words["verify.same_games"])


def test_the_trail_keeps_a_byte_order_mark_and_crlf_line_endings(event: Path) -> None:
    """docs/commands.md, `bulletin pair`: a round file saved with a byte-order mark and CRLF line
    endings keeps both when `--record` adds its `proposed:` (and takes it away again)."""
    pair_next(event)
    path = event / "rounds" / "01.yaml"
    text = path.read_text(encoding="utf-8").replace('[1, "P1", "P4",', '[1, "P4", "P1",')
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    record_rounds(event, "1")
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"proposed:" in data
    assert data.count(b"\n") == data.count(b"\r\n")
    assert data.startswith(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))  # the rest as it was
