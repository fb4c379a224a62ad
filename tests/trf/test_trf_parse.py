"""Reading TRF16: every record type and result code, and located errors for malformed lines."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from trf_sample import SAMPLE, player, put

from site_builder.errors import ContentError
from site_builder.trf.names import system_for_trf
from site_builder.trf.parse import parse_trf
from site_builder.trf.records import PLAYER


def parse(tmp_path: Path, text: str):
    path = tmp_path / "t.trf"
    path.write_text(text, encoding="utf-8")
    return parse_trf(path)


def problems(tmp_path: Path, text: str) -> list[tuple[int, int, str, str]]:
    with pytest.raises(ContentError) as error:
        parse(tmp_path, text)
    return [(p.location.line, p.location.column, p.message, p.hint) for p in error.value.problems]


def test_header_records_are_kept_in_order(tmp_path: Path) -> None:
    trf = parse(tmp_path, SAMPLE)
    codes = [r[:3] for r in trf.records]
    assert codes == ["012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
                     "132", "XXR", "XXC", PLAYER]
    assert trf.header("012") == "Riverside Rapid Open"
    assert trf.header("022") == "Riverside"
    assert trf.header("102") == "Jane Arbiter"
    assert trf.header("122") == "15 min + 10 s"
    assert trf.total_rounds == 5
    assert trf.round_dates == (dt.date(2025, 3, 8), dt.date(2025, 3, 8), dt.date(2025, 3, 9),
                               dt.date(2025, 3, 9))
    assert trf.rounds_present == 4


def test_player_fields(tmp_path: Path) -> None:
    first = parse(tmp_path, SAMPLE).players[0]
    assert (first.start_rank, first.sex, first.title, first.name, first.rating) == (
        1, "w", "WGM", "Adams, Ann", 2310)
    assert (first.federation, first.fide_id, first.birth, first.points, first.rank) == (
        "ENG", "400001", "1990/05/12", "1.5", 3)
    assert [(c.opponent, c.colour, c.result) for c in first.rounds] == [
        (4, "w", "1"), (5, "b", "D"), (2, "w", "-"), (6, "b", "")]


def test_every_result_code(tmp_path: Path) -> None:
    trf = parse(tmp_path, SAMPLE)
    codes = {c.result for p in trf.players for c in p.rounds}
    assert codes == {"1", "0", "=", "W", "D", "L", "+", "-", "H", "F", "U", "Z", ""}
    byes = {(p.start_rank, i + 1): c.result for p in trf.players for i, c in enumerate(p.rounds)
            if c.opponent is None and c.result}
    assert byes == {(3, 2): "H", (6, 2): "F", (5, 3): "U", (6, 3): "Z", (4, 4): "H"}
    assert len(trf.players[4].rounds) == 3  # not paired in round 4: the line ends after round 3


def test_the_corpus_header_order_and_blank_line(tmp_path: Path) -> None:
    text = ("012 Test\n" + player(1, "A", ["   2 w 1"]) + "\n" + player(2, "B", ["   1 b 0"])
            + "\n\n092 FIDE_DUTCH_2025\n")
    assert parse(tmp_path, text).records == ("012 Test", PLAYER, "", "092 FIDE_DUTCH_2025")


@pytest.mark.parametrize(("type_text", "system"), [
    ("FIDE_DUTCH_2025", "dutch"), ("Dutch system", "dutch"), ("Round Robin", "round-robin"),
    ("Swiss", "swiss"), ("", "swiss")])
def test_tournament_type(type_text: str, system: str) -> None:
    assert system_for_trf(type_text) == system


def two(a: list[str], b: list[str], **kw: str) -> str:
    return player(1, "Adams, Ann", a, **kw) + "\n" + player(2, "Brown, Bob", b) + "\n"


def test_a_character_in_a_blank_column(tmp_path: Path) -> None:
    line = put(player(1, "Adams, Ann", ["   2 w 1"]), 48, "X")
    found = problems(tmp_path, line + "\n" + player(2, "Brown, Bob", ["   1 b 0"]) + "\n")
    assert found[0][:3] == (1, 48, "column 48 must be blank, found 'X'")
    assert "name 15-47" in found[0][3]


def test_a_rating_that_is_not_a_number(tmp_path: Path) -> None:
    found = problems(tmp_path, two(["   2 w 1"], ["   1 b 0"], rating="20a0"))
    assert found == [(1, 49, "the rating must be a number, found '20a0'", found[0][3])]


def test_unknown_result_code(tmp_path: Path) -> None:
    found = problems(tmp_path, two(["   2 w X"], ["   1 b 0"]))
    assert found[0][:3] == (1, 99, "round 1: unknown result code 'X'")


def test_a_bye_code_with_an_opponent(tmp_path: Path) -> None:
    found = problems(tmp_path, two(["   2 w H"], ["   1 b 0"]))
    assert found[0][:2] == (1, 99)
    assert "0000 - H" in found[0][3]


def test_a_result_without_opponent_that_is_no_bye(tmp_path: Path) -> None:
    found = problems(tmp_path, two(["0000 - 1"], ["0000 - U"]))
    assert found[0][:3] == (1, 99, "round 1: unknown result code '1' without an opponent")


def test_opponent_out_of_range(tmp_path: Path) -> None:
    found = problems(tmp_path, two(["  99 w 1"], ["0000 - U"]))
    assert found[0][:3] == (1, 92, "round 1: opponent 99 is not a start rank of the file")
    assert found[0][3] == "start ranks run from 1 to 2"


def test_asymmetric_pairing(tmp_path: Path) -> None:
    text = (player(1, "A", ["   2 w 1"]) + "\n" + player(2, "B", ["   3 b 0"]) + "\n"
            + player(3, "C", ["   2 w 1"]) + "\n")
    found = problems(tmp_path, text)
    assert (2, 92, "round 1: #2's line gives #3, not #1") in [f[:3] for f in found]
    assert "line 1 says #1 plays #2" in found[0][3]


def test_results_that_do_not_answer_each_other(tmp_path: Path) -> None:
    found = problems(tmp_path, two(["   2 w 1"], ["   1 b 1"]))
    assert found[0][:3] == (2, 92, "round 1: result 1 does not answer 1")


def test_both_players_with_the_same_colour(tmp_path: Path) -> None:
    found = problems(tmp_path, two(["   2 w 1"], ["   1 w 0"]))
    assert found[0][:3] == (2, 92, "round 1: both players have colour w")


def test_a_game_without_colour(tmp_path: Path) -> None:
    found = problems(tmp_path, two(["   2 - 1"], ["   1 b 0"]))
    assert found[0][:3] == (1, 97, "round 1: a game needs colour w or b, found '-'")


def test_duplicate_start_rank(tmp_path: Path) -> None:
    text = player(1, "A", []) + "\n" + player(1, "B", []) + "\n"
    assert problems(tmp_path, text)[0][:3] == (2, 5, "start rank 1 is used twice (first on line 1)")


def test_bad_xxr_and_xxc(tmp_path: Path) -> None:
    found = problems(tmp_path, "XXR nine\nXXC green1\n" + two(["   2 w 1"], ["   1 b 0"]))
    assert [f[:2] for f in found] == [(1, 5), (2, 5)]


def test_xxr_below_the_rounds_played(tmp_path: Path) -> None:
    found = problems(tmp_path, "XXR 1\n" + two(["   2 w 1", "   2 b 1"], ["   1 b 0", "   1 w 0"]))
    assert found[0][:3] == (1, 5, "XXR says 1 rounds, but the player lines have 2")


def test_record_code_without_blank(tmp_path: Path) -> None:
    found = problems(tmp_path, "012Name\n" + two(["   2 w 1"], ["   1 b 0"]))
    assert found[0][:2] == (1, 4)


def test_no_player_lines(tmp_path: Path) -> None:
    assert problems(tmp_path, "012 Empty\n")[0][2] == "no player lines (001) in the file"


def test_every_error_is_reported(tmp_path: Path) -> None:
    text = two(["   2 w X"], ["   1 b 0"], rating="abc") + player(3, "C", ["  77 w 1"]) + "\n"
    assert len(problems(tmp_path, text)) >= 3
