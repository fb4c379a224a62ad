"""Go's content (docs/go.md, "Go events: ranks, results, handicap, exports"): players' ranks, EGD
PINs and countries; go results, handicaps and komi in round files; each mistake one located line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from go_event import FIXTURE, go_event, problems

from site_builder.checks import load_checked
from site_builder.content.go_games import parse_go_result
from site_builder.model import Outcome

PLAYERS = (FIXTURE / "players.yaml").read_text(encoding="utf-8")
ROUND_3 = (FIXTURE / "rounds" / "03.yaml").read_text(encoding="utf-8")
EVENT = (FIXTURE / "event.yaml").read_text(encoding="utf-8")


def test_the_go_event_loads_with_ranks_pins_countries_handicaps_and_komi(tmp_path: Path) -> None:
    event = load_checked(go_event(tmp_path)).events[0]
    section = event.sections[0]
    dubois, sato = section.player(1), section.player(5)
    assert (str(dubois.rank), dubois.fields["egd_pin"], dubois.fields["federation"]) \
        == ("3d", "10461107", "FR")
    assert str(sato.rank) == "1p" and sato.rank is not None and sato.rank.value == 8
    assert section.go.komi == Fraction(13, 2)
    r1, r2, r3 = section.rounds
    assert [(g.outcome, g.detail, g.handicap, g.komi) for g in r1.games] == [
        (Outcome.SECOND_WINS, "W+R", None, Fraction(13, 2)),
        (Outcome.FIRST_WINS, "B+3.5", 0, Fraction(13, 2)),
        (Outcome.SECOND_WINS, "W+T", 8, Fraction(1, 2))]
    assert [(g.outcome, g.detail, g.handicap, g.komi) for g in r2.games] == [
        (Outcome.SECOND_WINS_FORFEIT, "W+F", None, Fraction(13, 2)),
        (Outcome.FIRST_WINS, "B+12", 4, Fraction(0)),
        (Outcome.SECOND_WINS, "W+R", 9, Fraction(1, 2))]
    assert [g.outcome for g in r3.games] == [Outcome.DRAW, Outcome.DOUBLE_FORFEIT, Outcome.FIRST_WINS]
    assert r3.games[0].komi == 7 and r3.games[2].handicap == 1


@pytest.mark.parametrize(("text", "outcome", "detail"), [
    ("B+", Outcome.FIRST_WINS, ""), ("W+", Outcome.SECOND_WINS, ""), ("b+r", Outcome.FIRST_WINS, "B+R"),
    ("W+Resign", Outcome.SECOND_WINS, "W+R"), ("B+T", Outcome.FIRST_WINS, "B+T"),
    ("W+Time", Outcome.SECOND_WINS, "W+T"), ("B+3.5", Outcome.FIRST_WINS, "B+3.5"),
    ("W+0.5", Outcome.SECOND_WINS, "W+0.5"), ("jigo", Outcome.DRAW, ""), ("=", Outcome.DRAW, ""),
    ("B+F", Outcome.FIRST_WINS_FORFEIT, "B+F"), ("W+F", Outcome.SECOND_WINS_FORFEIT, "W+F"),
    ("+-", Outcome.FIRST_WINS_FORFEIT, ""), ("-+", Outcome.SECOND_WINS_FORFEIT, ""),
    ("0-0", Outcome.DOUBLE_FORFEIT, ""), ("--", Outcome.DOUBLE_FORFEIT, ""), ("?", Outcome.PENDING, ""),
])
def test_go_results_as_go_players_write_them(text: str, outcome: Outcome, detail: str) -> None:
    result = parse_go_result(text)
    assert result is not None and (result.outcome, result.detail) == (outcome, detail)


@pytest.mark.parametrize("text", ["1-0", "0-1", "W", "½-½", "B+0", "B+3.25", "B+X", "black"])
def test_what_is_not_a_go_result(text: str) -> None:
    assert parse_go_result(text) is None


@pytest.mark.parametrize(("rank", "message"), [
    ("31k", "'31k' is not a go rank: kyu ranks run from 30k to 1k"),
    ("10d", "'10d' is not a go rank: dan ranks run from 1d to 9d"),
    ("0p", "'0p' is not a go rank: professional grades run from 1p to 9p"),
])
def test_a_rank_that_does_not_exist_is_one_located_error(tmp_path: Path, rank: str, message: str) -> None:
    [error] = problems(tmp_path, {"players.yaml": PLAYERS.replace("rank: 5k", f"rank: {rank}")})
    assert error.split(": ")[0].endswith("go-open/players.yaml:5:43")
    assert message in error and "(hint: write a rank such as 5k, 1d or 2p)" in error


def test_an_egd_pin_and_a_country_are_checked(tmp_path: Path) -> None:
    changed = PLAYERS.replace("egd_pin: 12345678", "egd_pin: 1234").replace("country: DE", "country: DEU")
    first, second = problems(tmp_path, {"players.yaml": changed})
    assert ":3:" in first and "'1234' is not an EGD PIN: it has 8 digits" in first
    assert ":4:" in second and "'DEU' is not a country code of two letters" in second


def test_a_latin_name_latin_9_cannot_hold_is_refused_at_its_value(tmp_path: Path) -> None:
    """`latin_name:` is what the federations' files write: `check` refuses one ISO-8859-15 cannot
    hold at the field's value, not only `export h9`; accents Latin-9 has not are dropped there."""
    changed = PLAYERS.replace('"Wang, Fang", rank: 5k', '"Wang, Fang", latin_name: "王 芳", rank: 5k')
    [error] = problems(tmp_path, {"players.yaml": changed})
    assert error.split(": ")[0].endswith("go-open/players.yaml:5:49"), error
    assert "the latin_name '王 芳' has letters the go federations' files (ISO-8859-15) cannot hold" in error
    assert "(hint: write the name in Latin letters" in error
    accented = PLAYERS.replace('"Wang, Fang", rank: 5k', '"Wang, Fang", latin_name: "Wáng, Fāng", rank: 5k')
    assert problems(tmp_path / "accents", {"players.yaml": accented}) == []


def test_a_result_that_is_not_a_go_result_is_one_located_line(tmp_path: Path) -> None:
    [error] = problems(tmp_path, {"rounds/03.yaml": ROUND_3.replace("result: jigo", 'result: "1-0"')})
    location, _, rest = error.partition(": ")
    assert location.endswith("go-open/rounds/03.yaml:4:71")
    assert rest.startswith("text '1-0' is not a go result (hint: write one of B+ W+")
    assert "\n" not in error


def test_jigo_needs_a_whole_komi(tmp_path: Path) -> None:
    [error] = problems(tmp_path, {"rounds/03.yaml": ROUND_3.replace("komi: 7}", "komi: 7.5}")})
    assert "jigo cannot happen with komi 7.5" in error and "a jigo needs a whole komi" in error
    [error] = problems(tmp_path / "b", {"rounds/03.yaml": ROUND_3.replace(", komi: 7}", "}")})
    assert "jigo cannot happen with komi 6.5" in error  # the event's komi


def test_a_win_by_points_must_fit_the_komi(tmp_path: Path) -> None:
    round_1 = (FIXTURE / "rounds" / "01.yaml").read_text(encoding="utf-8")
    [error] = problems(tmp_path, {"rounds/01.yaml": round_1.replace("B+3.5", "B+3")})
    assert "B+3 cannot happen with komi 6.5" in error and "won by a half point" in error


@pytest.mark.parametrize(("handicap", "message"), [
    ("10", "handicap 10 is past the ceiling of 9 stones"), ("-1", "handicap -1 is negative"),
    ("two", "a handicap is a number of stones, found text 'two'"),
])
def test_a_handicap_past_the_ceiling_or_negative_is_refused(tmp_path: Path, handicap: str, message: str
                                                             ) -> None:
    [error] = problems(tmp_path, {"rounds/03.yaml": ROUND_3.replace("handicap: 1", f"handicap: {handicap}")})
    assert ":6:" in error and message in error


def test_handicap_and_komi_belong_to_go(tmp_path: Path) -> None:
    chess = EVENT.replace("game: go", "game: chess").replace("komi: 6.5\n", "")
    found = problems(tmp_path, {"event.yaml": chess + "komi: 6.5\n",
                                "rounds/03.yaml": 'games:\n  - {board: 1, first: 1, second: 2, '
                                                  'result: "1-0", handicap: 2}\n'})
    assert any("'komi' belongs to go events, but the event's game is chess" in e for e in found)
    assert any("'handicap' belongs to go games" in e for e in found)


def test_a_komi_is_a_multiple_of_a_half(tmp_path: Path) -> None:
    [error] = problems(tmp_path, {"event.yaml": EVENT.replace("komi: 6.5", "komi: 6.25")})
    assert "event.yaml:13:7:" in error and "komi 6.25 is not a multiple of ½" in error
