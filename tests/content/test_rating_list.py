"""`bulletin import players`: a player list started from FIDE's XML and TXT lists or a CSV export.

FIDE's download files, as FIDE writes them: the combined lists `players_list_foa.txt` (header
`… FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag`) and `players_list_xml_foa.xml` (`<rating>`,
`<rapid_rating>`, `<blitz_rating>` in each `<player>`), and the one-kind lists
`standard_rating_list.txt` / `rapid_rating_list.txt` / `blitz_rating_list.txt` (the rating column
headed by the list's month, `OCT26`) and their XML (`<rating>` only).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.cli import main
from site_builder.content.players import load_players
from site_builder.errors import Problems

#: The header of FIDE's combined TXT list (players_list_foa.txt), exactly.
COMBINED = ("ID Number      Name                                                         Fed Sex Tit  WTit "
            "OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
#: The header of FIDE's one-kind TXT lists (standard_rating_list.txt …): the rating column is the month.
ONE_KIND = ("ID Number      Name                                                         Fed Sex Tit  WTit "
            "OTit           FOA OCT26 Gms K  B-day Flag")

#: (FIDE id, name, federation, sex, title, standard, rapid, blitz, birth year): Carlsen's public entry
#: and made-up players, seeded Carlsen, Ding, Tester on the standard rating, Tester first on blitz.
PLAYERS = [("1503014", "Carlsen, Magnus", "NOR", "M", "GM", 2837, 2824, 2886, 1990),
           ("8603677", "Ding, Liren", "CHN", "M", "GM", 2734, 2693, 2736, 1992),
           ("90000011", "Tester, Anna", "GER", "F", "WGM", 2301, 2450, 2901, 2004)]


def _line(header: str, **values: object) -> str:
    """A line of a FIDE TXT list: each value starts under its column's header word."""
    starts = {m.group().replace(" ", "_").replace("-", "_"): m.start()
              for m in re.finditer(r"ID Number|\S+", header)}
    line = ""
    for word, value in values.items():
        line = line.ljust(starts[word]) + str(value)
    return line


def combined_txt() -> str:
    return "\r\n".join([COMBINED] + [
        _line(COMBINED, ID_Number=i, Name=n, Fed=f, Sex=s, Tit=t, SRtng=std, SGm=0, SK=10, RRtng=rpd, RGm=0,
              Rk=10, BRtng=blz, BGm=0, BK=10, B_day=born)
        for i, n, f, s, t, std, rpd, blz, born in PLAYERS]) + "\r\n"


def one_kind_txt(kind: int) -> str:
    """A one-kind TXT list of PLAYERS: kind 5 standard, 6 rapid, 7 blitz."""
    return "\n".join([ONE_KIND] + [
        _line(ONE_KIND, ID_Number=p[0], Name=p[1], Fed=p[2], Sex=p[3], Tit=p[4], OCT26=p[kind], Gms=0, K=10,
              B_day=p[8]) for p in PLAYERS]) + "\n"


def _xml_player(p: tuple, kinds: bool) -> str:
    ratings = (f"<rating>{p[5]}</rating><games>0</games><k>10</k><rapid_rating>{p[6]}</rapid_rating>"
               f"<rapid_games>0</rapid_games><rapid_k>10</rapid_k><blitz_rating>{p[7]}</blitz_rating>"
               "<blitz_games>0</blitz_games><blitz_k>10</blitz_k>" if kinds else
               f"<rating>{p[5]}</rating><games>0</games><k>10</k>")
    return (f"<player><fideid>{p[0]}</fideid><name>{p[1]}</name><country>{p[2]}</country><sex>{p[3]}</sex>"
            f"<title>{p[4]}</title><w_title></w_title><o_title></o_title><foa_title></foa_title>{ratings}"
            f"<birthday>{p[8]}</birthday><flag></flag></player>")


def fide_xml(kinds: bool) -> str:
    """FIDE's XML: the combined list (kinds) or the standard list; no XML declaration, as FIDE writes it."""
    return "<playerslist>\n" + "\n".join(_xml_player(p, kinds) for p in PLAYERS) + "\n</playerslist>\n"


def _import(tmp_path: Path, name: str, data: str | bytes, *args: str) -> tuple[int, str, Path]:
    source = tmp_path / name
    if isinstance(data, bytes):
        source.write_bytes(data)
    else:
        source.write_text(data, encoding="utf-8")
    target = tmp_path / source.stem / "players.yaml"
    result = CliRunner().invoke(main, ["import", "players", str(source), str(target), *args])
    return result.exit_code, result.output, target


def _seeded(target: Path) -> list[tuple[str, int | None]]:
    return [(p.name, p.rating) for p in load_players(target, target, Problems()).players]


#: FIDE's standard list in XML (standard_rating_list.xml), here with an XML declaration.
STANDARD_XML = """<?xml version="1.0" encoding="utf-8"?>
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


def test_a_fide_xml_list_by_federation_in_seeding_order(tmp_path: Path) -> None:
    code, output, target = _import(tmp_path, "standard_rating_list.xml", STANDARD_XML, "--fed", "chn")
    assert code == 0, output
    roster = load_players(target, target, Problems())
    assert [(p.number, p.name, p.rating, p.title, p.sex, p.birth_year) for p in roster.players] == [
        (1, "Ding, Liren", 2734, "GM", "m", 1992), (2, "Ju, Wenjun", 2560, "GM", "f", 1991)]
    assert dict(roster.players[0].fields) == {"federation": "CHN", "fide_id": "8603677"}


def test_a_fide_txt_list_by_id(tmp_path: Path) -> None:
    code, output, target = _import(tmp_path, "players_list_foa.txt", combined_txt(), "--id", "1503014")
    assert code == 0, output
    (player,) = load_players(target, target, Problems()).players
    assert (player.name, player.rating, player.title, player.birth_year, player.fields["fide_id"]) == (
        "Carlsen, Magnus", 2837, "GM", 1990, "1503014")
    ids = tmp_path / "ids.txt"
    ids.write_bytes("1503014\n8603677\xa0\n".encode("latin-1"))  # a no-break space, in Latin-1
    code, output, target = _import(tmp_path, "list.txt", combined_txt(), "--ids-file", str(ids))
    assert code == 2 and not target.parent.exists(), output
    assert output.startswith(f"error: {ids}:2:8: not UTF-8 text") and "(hint: " in output


def test_a_federation_csv_and_the_refusals(tmp_path: Path) -> None:
    csv_text = "姓名;等级分;性别\n王天一;2700;男\n唐丹;2500;女\n"
    code, output, target = _import(tmp_path, "entrants.csv", csv_text)
    assert code == 0, output
    assert [(p.name, p.sex) for p in load_players(target, target, Problems()).players] == [
        ("王天一", "m"), ("唐丹", "f")]
    again = CliRunner().invoke(main, ["import", "players", str(tmp_path / "entrants.csv"), str(target)])
    assert again.exit_code == 2 and "never overwritten" in again.output
    code, output, _ = _import(tmp_path, "other.xml", fide_xml(kinds=True), "--id", "999")
    assert code == 2 and "1 FIDE id(s) not in the list: 999" in output


@pytest.mark.parametrize(("args", "used", "seeded"), [
    ((), "standard (SRtng)", [("Carlsen, Magnus", 2837), ("Ding, Liren", 2734), ("Tester, Anna", 2301)]),
    (("--rating", "standard"), "standard (SRtng)",
     [("Carlsen, Magnus", 2837), ("Ding, Liren", 2734), ("Tester, Anna", 2301)]),
    (("--rating", "rapid"), "rapid (RRtng)",
     [("Carlsen, Magnus", 2824), ("Ding, Liren", 2693), ("Tester, Anna", 2450)]),
    (("--rating", "blitz"), "blitz (BRtng)",
     [("Tester, Anna", 2901), ("Carlsen, Magnus", 2886), ("Ding, Liren", 2736)]),
])
def test_the_combined_txt_list_seeds_on_the_standard_rating_or_the_one_asked(
        tmp_path: Path, args: tuple[str, ...], used: str, seeded: list[tuple[str, int]]) -> None:
    code, output, target = _import(tmp_path, "players_list_foa.txt", combined_txt(), *args)
    assert code == 0, output
    assert _seeded(target) == seeded
    assert f"ratings: {used}" in output.splitlines()


def test_fide_xml_and_txt_of_the_same_players_give_the_same_ratings(tmp_path: Path) -> None:
    lists = {"players_list_foa.txt": combined_txt(), "players_list_xml_foa.xml": fide_xml(kinds=True),
             "standard_rating_list.txt": one_kind_txt(5), "standard_rating_list.xml": fide_xml(kinds=False)}
    seeded = {}
    for number, (name, text) in enumerate(lists.items()):
        (tmp_path / str(number)).mkdir()
        code, output, target = _import(tmp_path / str(number), name, text)
        assert code == 0, output
        seeded[name] = _seeded(target)
    assert all(s == seeded["players_list_foa.txt"] for s in seeded.values()), seeded
    assert seeded["players_list_foa.txt"][0] == ("Carlsen, Magnus", 2837)
    code, output, target = _import(tmp_path, "players_list_xml_foa.xml", fide_xml(kinds=True),
                                   "--rating", "blitz")
    assert code == 0 and "ratings: blitz (blitz_rating)" in output, output
    assert _seeded(target)[:2] == [("Tester, Anna", 2901), ("Carlsen, Magnus", 2886)]


def test_a_one_kind_list_gives_its_own_rating_and_refuses_another(tmp_path: Path) -> None:
    code, output, target = _import(tmp_path, "rapid_rating_list.txt", one_kind_txt(6), "--rating", "rapid")
    assert code == 0 and "ratings: rapid (OCT26)" in output, output
    assert _seeded(target)[0] == ("Carlsen, Magnus", 2824)
    code, output, target = _import(tmp_path, "blitz_oct26frl.txt", one_kind_txt(7))
    assert code == 2 and not target.parent.exists(), output
    (line,) = output.splitlines()
    assert line.startswith(f"error: {tmp_path / 'blitz_oct26frl.txt'}:1:114: ")  # the OCT26 column
    assert "no standard rating" in line
    assert "(hint: " in line and "blitz (OCT26)" in line and "--rating blitz" in line
    code, output, target = _import(tmp_path, "rapid_oct26frl_xml.xml", fide_xml(kinds=False))
    assert code == 2 and not target.parent.exists() and "rapid (rating)" in output, output
    code, output, target = _import(tmp_path, "fide.txt", one_kind_txt(5))  # the name no longer says
    assert code == 2 and not target.parent.exists(), output
    assert "(hint: " in output and "standard_rating_list.txt" in output


def test_a_csv_list_with_rating_columns_by_kind(tmp_path: Path) -> None:
    csv_text = ('Name,Fed,Rtg,Rapid,Blitz\n"Carlsen, Magnus",NOR,2837,2824,2886\n'
                '"Tester, Anna",GER,2301,2450,2901\n')
    code, output, target = _import(tmp_path, "entrants.csv", csv_text)
    assert code == 0 and "ratings: standard (Rtg)" in output, output
    assert _seeded(target) == [("Carlsen, Magnus", 2837), ("Tester, Anna", 2301)]
    code, output, target = _import(tmp_path, "blitz.csv", csv_text, "--rating", "blitz")
    assert code == 0 and "ratings: blitz (Blitz)" in output, output
    assert _seeded(target) == [("Tester, Anna", 2901), ("Carlsen, Magnus", 2886)]
    code, output, target = _import(tmp_path, "rapid_only.csv", "Name;Rapid\nTester, Anna;2450\n")
    assert code == 2 and not target.parent.exists(), output
    (line,) = output.splitlines()
    assert re.match(r"error: .*rapid_only\.csv:1:1: .*no standard rating.*\(hint: .*rapid \(Rapid\).*\)$",
                    line)


def test_a_gbk_csv_from_chinese_excel_with_chinese_headers(tmp_path: Path) -> None:
    text = ("序号,姓名,等级分,单位,性别,出生年份\r\n1,王天一,2620,北京队,男,1989\r\n"
            "2,唐丹,2410,上海队,女,1992\r\n3,孙闻,,广东队,女,2008\r\n")
    code, output, target = _import(tmp_path, "报名表.csv", text.encode("gbk"))
    assert code == 0, output
    assert "ratings: standard (等级分)" in output and "GB18030" in output
    roster = load_players(target, target, Problems())
    assert [(p.number, p.name, p.rating, p.club, p.sex, p.birth_year) for p in roster.players] == [
        (1, "王天一", 2620, "北京队", "m", 1989), (2, "唐丹", 2410, "上海队", "f", 1992),
        (3, "孙闻", None, "广东队", "f", 2008)]


@pytest.mark.parametrize(("name", "data", "where"), [
    ("entrants.csv", "Name;Club\nJosé Núñez;Café Chess\n".encode("cp1252"), "2:4"),
    ("entrants.txt", "Name\tRtg\nAnna\t2100\n".encode("utf-16"), "1:1"),
    ("players_list_foa.txt", combined_txt().replace("Ding, Liren", "Dïng, Liren").encode("latin-1"), "3:17"),
])
def test_a_file_in_another_encoding_is_refused_and_nothing_is_written(
        tmp_path: Path, name: str, data: bytes, where: str) -> None:
    code, output, target = _import(tmp_path, name, data)
    assert code == 2 and not target.parent.exists(), output
    (line,) = output.splitlines()
    assert line.startswith(f"error: {tmp_path / name}:{where}: ") and "(hint: save the file as UTF-8" in line


#: A list as Excel saves it on a Western European Windows (Windows-1252): "ü" and "ö" are the bytes
#: 0xFC and 0xF6, which GB18030 reads, with the letter after each, as the Chinese characters 黮 and 鰎.
WESTERN = "Name;Club\nMüller, Jörg;SC Köln\nDupont, Aurélie;Échecs Club\n"


def _event(tmp_path: Path, language: str) -> Path:
    """The empty player list of a new event in `language` (`bulletin new --players 0`)."""
    folder = tmp_path / "content" / f"event-{language}"
    result = CliRunner().invoke(main, ["new", str(folder), "--language", language, "--game", "chess",
                                       "--players", "0", "--plain-seed"])
    assert result.exit_code == 0, result.output
    return folder / "open" / "players.yaml"


def _import_into(target: Path, source: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["import", "players", str(source), str(target), *args])
    return result.exit_code, result.output


def test_a_windows_1252_csv_is_refused_where_gb18030_would_put_chinese_inside_latin_names(
        tmp_path: Path) -> None:
    code, output, target = _import(tmp_path, "entrants.csv", WESTERN.encode("cp1252"))
    assert code == 2 and not target.parent.exists(), output
    (line,) = output.splitlines()
    assert line.startswith(f"error: {tmp_path / 'entrants.csv'}:2:2: ") and "M黮ler" in line, line
    assert "(hint: save the file as UTF-8, or name its encoding with --encoding" in line


def test_an_event_not_in_chinese_reads_utf_8_only(tmp_path: Path) -> None:
    target = _event(tmp_path, "en")
    source = tmp_path / "entrants.csv"
    source.write_bytes("Name,Club\n王天一,北京队\n".encode("gbk"))  # valid GB18030, no Latin word
    code, output = _import_into(target, source)
    assert code == 2, output
    (line,) = output.splitlines()
    assert line.startswith(f"error: {source}:2:1: ") and "byte 0xcd here is not UTF-8" in line, line
    assert "(language: en)" in line
    assert "(hint: save the file as UTF-8, or name its encoding with --encoding" in line
    assert "players: []" in target.read_text(encoding="utf-8")


def test_a_gbk_csv_with_latin_letters_beside_chinese_still_imports_for_a_chinese_event(
        tmp_path: Path) -> None:
    target = _event(tmp_path, "zh")
    source = tmp_path / "报名表.csv"
    source.write_bytes("姓名,单位,组别\n王天一,北京A队,A组\n唐丹,上海队,B组\n".encode("gbk"))
    code, output = _import_into(target, source)
    assert code == 0 and "read " in output and "GB18030" in output, output
    assert [(p.name, p.club) for p in load_players(target, target, Problems()).players] == [
        ("唐丹", "上海队"), ("王天一", "北京A队")]


def test_encoding_names_the_encoding_of_the_file(tmp_path: Path) -> None:
    target = _event(tmp_path, "en")
    source = tmp_path / "entrants.csv"
    source.write_bytes(WESTERN.encode("cp1252"))
    code, output = _import_into(target, source, "--encoding", "cp1252")
    assert code == 0 and f"read {source} as cp1252" in output, output
    assert [(p.name, p.club) for p in load_players(target, target, Problems()).players] == [
        ("Dupont, Aurélie", "Échecs Club"), ("Müller, Jörg", "SC Köln")]


@pytest.mark.parametrize(("args", "message"), [
    (("--encoding", "latin-11"), "error: --encoding latin-11: no such text encoding (hint: "),
    (("--encoding", "base64"), "error: --encoding base64: no such text encoding (hint: "),
    (("--encoding", "utf-8"), "entrants.csv:2:2: byte 0xfc here is not utf-8 text (hint: "),
    (("--encoding", "ascii"), "entrants.csv:2:2: byte 0xfc here is not ascii text (hint: "),
])
def test_an_unknown_or_wrong_encoding_is_a_one_line_error(tmp_path: Path, args: tuple[str, ...],
                                                           message: str) -> None:
    code, output, target = _import(tmp_path, "entrants.csv", WESTERN.encode("cp1252"), *args)
    assert code == 2 and not target.parent.exists(), output
    (line,) = output.splitlines()
    assert message in line, line


def test_encoding_reads_a_fide_txt_list_and_is_refused_for_an_xml_list(tmp_path: Path) -> None:
    data = combined_txt().replace("Ding, Liren", "Dïng, Liren").encode("latin-1")
    code, output, target = _import(tmp_path, "players_list_foa.txt", data, "--encoding", "latin-1")
    assert code == 0, output
    assert ("Dïng, Liren", 2734) in _seeded(target)
    code, output, target = _import(tmp_path, "list.xml", fide_xml(kinds=True), "--encoding", "latin-1")
    assert code == 2 and not target.parent.exists(), output
    assert "--encoding" in output and "an XML file names its own" in output


def test_a_player_twice_in_the_list_is_refused_at_the_second_entry(tmp_path: Path) -> None:
    target = _event(tmp_path, "en")
    source = tmp_path / "entrants.csv"
    source.write_text('Name,Club,Rtg\n"Tester, Anna",SC A,2100\n"Roe, Bo",,1900\n"tester,  anna",SC A,2000\n',
                      encoding="utf-8")
    code, output = _import_into(target, source)
    assert code == 2, output
    (line,) = output.splitlines()
    assert line.startswith(f"error: {source}:4:2: ") and "twice" in line and ":2:2" in line, line
    assert "(hint: " in line and "players: []" in target.read_text(encoding="utf-8")
    source.write_text('Name,Club,Rtg\n"Tester, Anna",SC A,2100\n"Roe, Bo",,1900\n"Tester, Anna",SC B,2000\n',
                      encoding="utf-8")  # two players of one name, told apart by their clubs
    code, output = _import_into(target, source)
    assert code == 0, output
    check = CliRunner().invoke(main, ["check", str(tmp_path / "content"), "--strict"])
    assert check.exit_code == 0, check.output


def test_a_player_twice_in_a_fide_list_is_located_in_it(tmp_path: Path) -> None:
    twice = combined_txt() + _line(COMBINED, ID_Number="90000012", Name="Tester, Anna", Fed="GER", Sex="F",
                                   SRtng=1500, B_day=2004) + "\n"
    code, output, target = _import(tmp_path, "players_list_foa.txt", twice)
    assert code == 2 and not target.parent.exists(), output
    assert f"{tmp_path / 'players_list_foa.txt'}:5:16: " in output and ":4:16" in output, output
    xml = fide_xml(kinds=True).replace("</playerslist>", _xml_player(
        ("90000012", "Tester, Anna", "GER", "F", "", 1500, 1500, 1500, 2004), True) + "\n</playerslist>")
    code, output, target = _import(tmp_path, "players_list_xml_foa.xml", xml)
    assert code == 2 and not target.parent.exists(), output
    assert f"{tmp_path / 'players_list_xml_foa.xml'}:5:" in output and "twice" in output, output


@pytest.mark.parametrize(("row", "where", "count"), [
    ("Müller, Jörg,2100,GER,1234567", "2:23", 5),  # an unquoted comma: every later column shifts
    ("Müller,2100", "2:12", 2),
])
def test_a_csv_row_of_more_or_fewer_fields_than_the_header_is_refused_at_its_line(
        tmp_path: Path, row: str, where: str, count: int) -> None:
    """docs/commands.md, `bulletin import players`: a row whose fields do not line up with the header
    is refused at its line (Excel's cp1252, CRLF lines), never read into the wrong columns."""
    source = tmp_path / "p.csv"
    source.write_bytes(f"Name,Rating,FED,FIDE ID\r\n{row}\r\n\r\n".encode("cp1252"))
    result = CliRunner().invoke(main, ["import", "players", str(source), str(tmp_path / "p.yaml"),
                                       "--encoding", "cp1252"])
    hint = "quote a name that contains a comma" if count > 4 else "write every field of the header"
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {source}:{where}: {count} fields where the header has 4 "
                                    f"(hint: {hint}"), result.output
    assert not (tmp_path / "p.yaml").exists()
    quoted = 'Name,Rating,FED,FIDE ID\r\n"Müller, Jörg",2100,GER,1234567\r\n'.encode("cp1252")
    code, output, target = _import(tmp_path, "q.csv", quoted, "--encoding", "cp1252")
    assert code == 0, output
    (player,) = load_players(target, target, Problems()).players
    assert (player.name, player.fields["federation"], player.fields["fide_id"]) == (
        "Müller, Jörg", "GER", "1234567")
