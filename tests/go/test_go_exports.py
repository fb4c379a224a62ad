"""`bulletin export h9` and `bulletin export aga` of the small go event (tests/fixtures/go-open):
the h9 table passes a strict reader written from the EGF's description (`h9_reader.py`), with the
standings' order, EGF name case, ranks, countries, clubs, PINs and each game's colour and handicap."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from go_event import FIXTURE, go_event
from h9_reader import H9Error, read_h9

from site_builder.checks import load_checked
from site_builder.errors import ContentError
from site_builder.goformats.aga import export_aga
from site_builder.goformats.h9 import club_warnings, export_h9
from site_builder.goformats.time_class import egf_time

ROOT = Path(__file__).resolve().parents[2]


def _h9(event_dir: Path = FIXTURE) -> bytes:
    event = load_checked(event_dir).events[0]
    return export_h9(event, event.sections[0])


def test_the_h9_table_passes_the_strict_reader() -> None:
    table = read_h9(_h9())
    assert table.header == {"CL": "A", "EV": "Go Open", "PC": "FR,Leiden", "DT": "2026-04-11,2026-04-12",
                            "HA": "by game, up to 9 stones", "KM": "6.5", "TM": "82",
                            "TC": "60 min + 5×30 s byo-yomi"}
    by_name = {p.name: p for p in table.players}
    assert list(by_name) == ["Müller Jörg", "Novak Eva", "Wang Fang", "Janssen Pieter", "Sato Ken",
                             "Smith <b>Ann</b>", "Dubois Claire"]
    muller, novak, dubois = by_name["Müller Jörg"], by_name["Novak Eva"], by_name["Dubois Claire"]
    assert (muller.grade, muller.country, muller.club, muller.criteria[0]) == ("2k", "DE", "Berl", "3")
    # criteria as go players and OpenGotha write them: whole numbers as such, a half point .5
    values = [v for p in table.players for v in p.criteria]
    assert not any(v.endswith(".0") for v in values) and any(v.endswith(".5") for v in values)
    # white against Novak (H8), black against Dubois (H4), the bye
    assert muller.cells == ("2+/w8", "7+/b4", "0+")
    assert novak.cells == ("1-/b8", "0+", "6+/b1")
    assert dubois.cells == ("5-/b0", "1-/w4", "0-") and dubois.pin == "10461107"  # 0-0: both lose
    assert by_name["Wang Fang"].cells[1] == "5+!"  # won by forfeit: not rated
    assert (by_name["Wang Fang"].club, by_name["Smith <b>Ann</b>"].country) == ("xxxx", "GB")


def test_the_h9_table_is_latin_9() -> None:
    data = _h9()
    assert "Müller Jörg".encode("iso-8859-15") in data
    assert b"\xc3" not in data  # no UTF-8


def test_the_strict_reader_refuses_a_game_seen_differently_from_its_two_sides() -> None:
    broken = _h9().replace(b"2+/w8", b"2+/w7")
    with pytest.raises(H9Error, match="are not the two sides of one game"):
        read_h9(broken)


def _renamed(root: Path, name: str, latin: str = "") -> Path:
    """The go event with player #4 named `name` (and given `latin_name: latin`)."""
    field = f', latin_name: "{latin}"' if latin else ""
    players = (FIXTURE / "players.yaml").read_text(encoding="utf-8").replace(
        '"Wang, Fang", rank: 5k', f'"{name}"{field}, rank: 5k')
    rounds = {f"rounds/0{n}.yaml": (FIXTURE / "rounds" / f"0{n}.yaml").read_text(encoding="utf-8")
              .replace('"Wang, Fang"', f'"{name}"') for n in (1, 2, 3)}
    return go_event(root, {"players.yaml": players, **rounds})


def test_names_latin_9_cannot_hold_are_refused_at_the_players_name(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as error:
        _h9(_renamed(tmp_path, "李 明"))
    message = str(error.value)
    expected = (r"\S*go-open/players\.yaml:5:23: the name of player #4 \('李 明'\) has letters the file's "
                r"encoding \(ISO-8859-15\) cannot hold \(hint: give the player a 'latin_name:'")
    assert re.match(expected, message), message
    assert "\n" not in message and message.endswith("the pages keep the name)")


def test_latin_name_is_the_name_the_federations_files_write(tmp_path: Path) -> None:
    """A player whose name Latin-9 cannot hold is written to the EGD's and the AGA's files by their
    `latin_name:`; the pages and OpenGotha's file keep the name."""
    event_dir = _renamed(tmp_path, "李 明", "Li, Ming")
    event = load_checked(event_dir).events[0]
    section = event.sections[0]
    assert section.player(4).name == "李 明"
    table = read_h9(export_h9(event, section))
    assert [(p.name, p.country) for p in table.players if p.grade == "5k"] == [("Li Ming", "CN")]
    players = _aga(event_dir).split("\n\n")[1].splitlines()
    assert [line.split("\t")[1:] for line in players if line.endswith("\t5k")] == [["Li, Ming", "5k"]]


def test_the_class_follows_the_time_control() -> None:
    assert egf_time("90 min + 5×30 s byo-yomi").egf_class == "A"
    assert egf_time("45 min + 5×30 s byo-yomi").egf_class == "B"
    assert egf_time("30 min + 20 stones in 5 min").egf_class == "C"
    assert egf_time("10 min + 5 s per move").egf_class == ""


@pytest.mark.parametrize("line, expected", [
    ("", "event.yaml:1:1: the event gives no time_control, which the EGF's class needs (hint: write "
         "'time_control:'"),
    ('time_control: "two hours"\n', "event.yaml:6:15: the time control 'two hours' does not say its basic "
                                    "time, which the EGF's class needs"),
])
def test_an_unread_time_control_is_said_at_event_yaml(tmp_path: Path, line: str, expected: str) -> None:
    text = (FIXTURE / "event.yaml").read_text(encoding="utf-8").replace(
        "time_control: 60 min + 5×30 s byo-yomi\n", line)
    with pytest.raises(ContentError) as raised:
        _h9(go_event(tmp_path, {"event.yaml": text}))
    assert str(raised.value).split("go-open/", 1)[1].startswith(expected), raised.value


def test_ha_says_the_handicaps_of_the_rounds_in_the_table(tmp_path: Path) -> None:
    """Round 1 played even, round 2 paired with handicaps and not played: the table holds round 1,
    whose games are all even."""
    first = (FIXTURE / "rounds" / "01.yaml").read_text(encoding="utf-8").replace("handicap: 8", "handicap: 0")
    played = (FIXTURE / "rounds" / "02.yaml").read_text(encoding="utf-8")
    second = re.sub(r'result: "[^"]*"', 'result: "?"', played).replace('"W+F"]', '"?"]')
    assert second.count('"?"') == 3 and "handicap: 9" in second
    event = go_event(tmp_path, {"rounds/01.yaml": first, "rounds/02.yaml": second})
    (event / "rounds" / "03.yaml").unlink()
    lines = _h9(event).decode("iso-8859-15").splitlines()
    assert "; HA[none]" in lines


def _aga(event_dir: Path = FIXTURE) -> str:
    event = load_checked(event_dir).events[0]
    return export_aga(event, event.sections[0]).decode("iso-8859-15")


def test_the_aga_results_file() -> None:
    text = _aga()
    blocks = text.split("\n\n")
    assert blocks[0].startswith("TOURNEY Go Open, Leiden, 2026-04-11 - 2026-04-12\n\tstart=2026-04-11")
    assert blocks[1].splitlines()[:2] == ["PLAYERS", "99999\tDubois, Claire\t3d"]
    assert blocks[2].splitlines() == ["GAMES 1", "99995\t99999\tW\t0\t6", "99998\t99996\tB\t0\t6",
                                      "99997\t99994\tW\t8\t0"]
    assert "# board 1: 99996 (W) 99995 (B) -+: not won over the board, not rated" in blocks[3]


def test_the_commands_write_the_files(tmp_path: Path) -> None:
    out = tmp_path / "open.h9"
    run = subprocess.run([sys.executable, "-m", "site_builder", "export", "h9", str(FIXTURE), "-o", str(out)],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes() == _h9()
    aga = subprocess.run([sys.executable, "-m", "site_builder", "export", "aga", str(FIXTURE)],
                         capture_output=True, cwd=ROOT, check=False)
    assert aga.returncode == 0 and aga.stdout.decode("iso-8859-15") == _aga()  # Latin-9, as OpenGotha's
    assert "Müller, Jörg".encode("iso-8859-15") in aga.stdout
    chess = ROOT / "tests" / "fixtures" / "fide-open"
    run = subprocess.run([sys.executable, "-m", "site_builder", "export", "h9", str(chess)],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 2 and "the go federations' files hold go events" in run.stderr


def _hangzhou(root: Path, english: bool = True, name: str = "Wang, Fang") -> Path:
    """The go event as a Chinese one: its pages in Chinese first, its name and venue in Chinese (and
    in English when `english`), Müller's club 北京, player #4 named `name`."""
    event = (FIXTURE / "event.yaml").read_text(encoding="utf-8").replace("language: en", "language: zh")
    en_name, en_venue = (", en: Hangzhou Go Open 2026", ", en: Hangzhou Go Academy") if english else ("", "")
    event = event.replace("name: Go Open", f"name: {{zh: 2026 杭州围棋公开赛{en_name}}}").replace(
        "venue: Leiden", f"venue: {{zh: 杭州棋院{en_venue}}}")
    root.mkdir(parents=True, exist_ok=True)
    renamed = _renamed(root, name)
    players = (renamed / "players.yaml").read_text(encoding="utf-8").replace("club: Berl", "club: 北京")
    (renamed / "players.yaml").write_text(players, encoding="utf-8")
    (renamed / "event.yaml").write_text(event, encoding="utf-8")
    return renamed


def test_a_chinese_event_writes_its_english_name_and_venue(tmp_path: Path) -> None:
    """The federations' files take the event's English name and venue (`name: {zh: …, en: …}`), as
    its English pages show them, while its Chinese pages keep theirs."""
    event_dir = _hangzhou(tmp_path)
    event = load_checked(event_dir).events[0]
    assert event.name == "2026 杭州围棋公开赛"
    table = read_h9(export_h9(event, event.sections[0]))
    assert (table.header["EV"], table.header["PC"]) == ("Hangzhou Go Open 2026", "FR,Hangzhou Go Academy")
    assert _aga(event_dir).startswith("TOURNEY Hangzhou Go Open 2026, Hangzhou Go Academy, 2026-04-11 - ")


def test_a_club_latin_9_cannot_hold_is_written_as_no_club_with_a_warning(tmp_path: Path) -> None:
    """The h9 club column is the EGD's club code, in Latin letters: a club of other letters is
    written as `xxxx` (no club), as a player without a club is, and a warning says so at the club."""
    event = load_checked(_hangzhou(tmp_path)).events[0]
    section = event.sections[0]
    muller = next(p for p in read_h9(export_h9(event, section)).players if p.name == "Müller Jörg")
    assert muller.club == "xxxx"
    [warning] = club_warnings(section)
    assert re.match(r"\S*go-open/players\.yaml:4:82: the club of player #3 \('北京'\) has letters the h9 "
                    r"table's encoding \(ISO-8859-15\) cannot hold: it writes the player's club as 'xxxx'",
                    warning), warning


def test_every_text_an_export_cannot_hold_is_said_in_one_run_each_at_its_line(tmp_path: Path) -> None:
    """A Chinese event without English names and a player without `latin_name:`: the h9 table and the
    AGA file refuse the event's name, its venue and the player's name together, each at its line."""
    event_dir = _hangzhou(tmp_path, english=False, name="李 明")
    event = load_checked(event_dir).events[0]
    for export in (export_h9, export_aga):
        with pytest.raises(ContentError) as raised:
            export(event, event.sections[0])
        said = [f"{p.location.path.name}:{p.location.line}:{p.location.column}: {p.message}"
                for p in raised.value.problems]
        assert said == [
            "event.yaml:3:7: the event's name ('2026 杭州围棋公开赛') has letters the file's encoding "
            "(ISO-8859-15) cannot hold",
            "event.yaml:5:8: the venue ('杭州棋院') has letters the file's encoding (ISO-8859-15) "
            "cannot hold",
            "players.yaml:5:23: the name of player #4 ('李 明') has letters the file's encoding "
            "(ISO-8859-15) cannot hold"], said
        hints = [p.hint for p in raised.value.problems]
        assert hints[0].startswith("give it in English too") and "name: {zh: " in hints[0]
        assert "venue: {zh: " in hints[1] and "latin_name" in hints[2]
    run = subprocess.run([sys.executable, "-m", "site_builder", "export", "h9", str(event_dir)],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    lines = run.stderr.splitlines()
    assert run.returncode == 2 and run.stdout == "", run.stderr
    assert lines[0].startswith("warning: ") and "the club of player #3 ('北京')" in lines[0]
    assert [line.split("go-open/")[1].split(": ")[0] for line in lines[1:4]] == [
        "event.yaml:3:7", "event.yaml:5:8", "players.yaml:5:23"]
    assert lines[4] == "3 errors; nothing was written."
