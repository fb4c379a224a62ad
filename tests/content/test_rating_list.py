"""`bulletin import players`: a player list started from FIDE's XML and TXT lists or a CSV export."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from site_builder.cli import main
from site_builder.content.players import load_players
from site_builder.errors import Problems

XML = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><sex>M</sex>
<title>GM</title>
<w_title></w_title><o_title></o_title><rating>2831</rating><games>0</games><k>10</k><birthday>1990</birthday>
<flag></flag></player>
<player><fideid>8602980</fideid><name>Ju, Wenjun</name><country>CHN</country><sex>F</sex><title>GM</title>
<w_title>WGM</w_title><o_title></o_title><rating>2560</rating><games>9</games><k>10</k><birthday>1991</birthday>
<flag>w</flag></player>
<player><fideid>8603677</fideid><name>Ding, Liren</name><country>CHN</country><sex>M</sex><title>GM</title>
<w_title></w_title><o_title></o_title><rating>2734</rating><games>0</games><k>10</k><birthday>1992</birthday>
<flag></flag></player>
</playerslist>
"""

HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
          "           FOA SRtng SGm SK B-day Flag")


def _txt_line(**values: str) -> str:
    """A line of a FIDE TXT list: each value starts under its column's header word."""
    line = ""
    for word, value in values.items():
        at = HEADER.index(word.replace("_", " ").replace("B day", "B-day"))
        line = line.ljust(at) + value
    return line


TXT = "\n".join([HEADER,
                 _txt_line(ID_Number="1503014", Name="Carlsen, Magnus", Fed="NOR", Sex="M", Tit="GM",
                           SRtng="2831", SGm="0", SK="10", B_day="1990"),
                 _txt_line(ID_Number="8603677", Name="Ding, Liren", Fed="CHN", Sex="M", Tit="GM",
                           SRtng="2734", SGm="0", SK="10", B_day="1992")]) + "\n"


def _import(tmp_path: Path, name: str, text: str, *args: str) -> tuple[int, str, Path]:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    target = tmp_path / source.stem / "players.yaml"
    result = CliRunner().invoke(main, ["import", "players", str(source), str(target), *args])
    return result.exit_code, result.output, target


def test_a_fide_xml_list_by_federation_in_seeding_order(tmp_path: Path) -> None:
    code, output, target = _import(tmp_path, "players_list.xml", XML, "--fed", "chn")
    assert code == 0, output
    roster = load_players(target, target, Problems())
    assert [(p.number, p.name, p.rating, p.title, p.sex, p.birth_year) for p in roster.players] == [
        (1, "Ding, Liren", 2734, "GM", "m", 1992), (2, "Ju, Wenjun", 2560, "GM", "f", 1991)]
    assert dict(roster.players[0].fields) == {"federation": "CHN", "fide_id": "8603677"}


def test_a_fide_txt_list_by_id(tmp_path: Path) -> None:
    code, output, target = _import(tmp_path, "standard.txt", TXT, "--id", "1503014")
    assert code == 0, output
    (player,) = load_players(target, target, Problems()).players
    assert (player.name, player.rating, player.title, player.birth_year, player.fields["fide_id"]) == (
        "Carlsen, Magnus", 2831, "GM", 1990, "1503014")


def test_a_federation_csv_and_the_refusals(tmp_path: Path) -> None:
    csv_text = "姓名;等级分;性别\n王天一;2700;男\n唐丹;2500;女\n"
    code, output, target = _import(tmp_path, "entrants.csv", csv_text)
    assert code == 0, output
    assert [(p.name, p.sex) for p in load_players(target, target, Problems()).players] == [
        ("王天一", "m"), ("唐丹", "f")]
    again = CliRunner().invoke(main, ["import", "players", str(tmp_path / "entrants.csv"), str(target)])
    assert again.exit_code == 2 and "never overwritten" in again.output
    code, output, _ = _import(tmp_path, "other.xml", XML, "--id", "999")
    assert code == 2 and "1 FIDE id(s) not in the list: 999" in output
