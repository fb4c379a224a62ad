"""`bulletin import players` from the EGD's rating list and from a CSV with a rank column: the go
player list (rank, country, EGD PIN, club, GoR), each broken line refused at its place."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.commands.import_players import ListRefused, import_players
from site_builder.content.players import load_players
from site_builder.errors import Problems

EGD = """\
 Pin_Player Last_Name            Name        Country Club  Grade ...
  19574643  Abad Jahin                            FR  38GJ   20k   --     15     2  T200202B
  10461107  Dubois Claire Marie                   FR  Pari    3d   4d   2310    45  T260101A
  12345678  Janssen Pieter                        NL          1d   --   2095     7  T250505B
"""


def test_the_egd_list_gives_a_go_player_list(tmp_path: Path) -> None:
    (tmp_path / "allworld_lp.txt").write_text(EGD, encoding="utf-8")
    target = tmp_path / "players.yaml"
    imported = import_players(tmp_path / "allworld_lp.txt", target)
    assert (imported.count, imported.ratings) == (3, "EGD (GoR)")
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[2] == ('  - {number: 1, name: "Dubois, Claire Marie", rank: "3d", country: "FR", '
                        'egd_pin: "10461107", club: "Pari", rating: 2310}')
    assert lines[3] == ('  - {number: 2, name: "Janssen, Pieter", rank: "1d", country: "NL", '
                        'egd_pin: "12345678", rating: 2095}')
    problems = Problems()
    roster = load_players(target, target, problems, ranks=True)
    assert not problems.items and [str(p.rank) for p in roster.players] == ["3d", "1d", "20k"]


def test_a_broken_line_of_the_egd_list_is_refused_at_its_place(tmp_path: Path) -> None:
    (tmp_path / "egd.txt").write_text(EGD + "  11111111  Broken\n", encoding="utf-8")
    with pytest.raises(ListRefused, match=r"egd\.txt:5:3: not a line of the EGD's rating list"):
        import_players(tmp_path / "egd.txt", tmp_path / "players.yaml")
    assert not (tmp_path / "players.yaml").exists()
    (tmp_path / "grade.txt").write_text(EGD.replace("  3d  ", " 10d  "), encoding="utf-8")
    with pytest.raises(ListRefused, match=r"grade\.txt:3:\d+: '10d' is not a go rank"):
        import_players(tmp_path / "grade.txt", tmp_path / "players.yaml")


def test_a_csv_rank_column(tmp_path: Path) -> None:
    (tmp_path / "go.csv").write_text('name,rank,country,EGD PIN\n"Wang, Fang",5k,CN,\n"Li, Lei",2d,CN,'
                                     '13570246\n', encoding="utf-8")
    import_players(tmp_path / "go.csv", tmp_path / "players.yaml")
    text = (tmp_path / "players.yaml").read_text(encoding="utf-8")
    assert '{number: 1, name: "Li, Lei", rank: "2d", country: "CN", egd_pin: "13570246"}' in text
    (tmp_path / "bad.csv").write_text('name,rank\n"Wang, Fang",5k\n"Li, Lei",31k\n', encoding="utf-8")
    with pytest.raises(ListRefused, match=r"bad\.csv:3:11: '31k' is not a go rank"):
        import_players(tmp_path / "bad.csv", tmp_path / "other.yaml")


GO_CSV = ("name,latin_name,rank,country,club,rating,mms_correction,aga_id,EGD PIN,Phone,Team\n"
          '王芳,"Wang, Fang",5k,CN,北京,1560,1,24680,13570246,555-0101,A\n'
          '李雷,"Li, Lei",2d,CN,,2100,,,,555-0102,B\n')


def test_a_csv_keeps_the_go_fields_and_names_the_columns_it_does_not_import(tmp_path: Path) -> None:
    """The go fields a player list takes (`latin_name`, `mms_correction`, `aga_id`, `egd_pin`,
    `country`, `club`, `rating`, `rank`) are written; the other columns are named in one warning."""
    from click.testing import CliRunner

    from site_builder.cli import main

    (tmp_path / "players.csv").write_text(GO_CSV, encoding="utf-8")
    target = tmp_path / "players.yaml"
    result = CliRunner().invoke(main, ["import", "players", str(tmp_path / "players.csv"), str(target)])
    assert result.exit_code == 0, result.output
    assert f"warning: {tmp_path / 'players.csv'}: columns not imported: Phone, Team\n" in result.stderr
    assert result.stderr.count("warning") == 1
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[2:] == [
        '  - {number: 1, name: "李雷", latin_name: "Li, Lei", rank: "2d", country: "CN", rating: 2100}',
        '  - {number: 2, name: "王芳", latin_name: "Wang, Fang", rank: "5k", country: "CN", '
        'egd_pin: "13570246", aga_id: "24680", club: "北京", rating: 1560, mms_correction: 1}']
    problems = Problems()
    wang = load_players(target, target, problems, ranks=True).players[1]
    assert not problems.items
    go_fields = ("latin_name", "mms_correction", "aga_id", "egd_pin", "federation")
    assert {key: wang.fields[key] for key in go_fields} == {
        "latin_name": "Wang, Fang", "mms_correction": "1", "aga_id": "24680", "egd_pin": "13570246",
        "federation": "CN"}
    assert (wang.club, wang.rating, str(wang.rank)) == ("北京", 1560, "5k")


def test_a_rank_column_of_places_is_no_go_rank(tmp_path: Path) -> None:
    (tmp_path / "chess.csv").write_text("Name,Rank,Rtg\nAnn,1,2100\nBob,2,2000\n", encoding="utf-8")
    import_players(tmp_path / "chess.csv", tmp_path / "players.yaml")
    assert "rank" not in (tmp_path / "players.yaml").read_text(encoding="utf-8")


def test_a_go_list_is_seeded_by_rank_then_rating_then_name_accents_ignored(tmp_path: Path) -> None:
    """A go list is "strongest first": rank, then rating, then the name with its accents ignored (Ó
    among the O), the unrated players by rank as well; a player without a rank comes last."""
    (tmp_path / "go.csv").write_text(
        "name,rank,rating\n"
        '"Petrov, Ivan",22k,\n"Smith, Ann",18k,\n"Zhang, Wei",25k,\n"Ó Briain, Seán",20k,\n'
        '"Owen, Tom",20k,\n"Nagy, Béla",,\n"Dubois, Claire",3d,2310\n"Abe, Jun",3d,2350\n'
        '"Kim, Min",1p,\n"Lee, Ho",20k,1190\n', encoding="utf-8")
    imported = import_players(tmp_path / "go.csv", tmp_path / "players.yaml")
    assert imported.order == "rank, then rating, then name"
    problems = Problems()
    roster = load_players(tmp_path / "players.yaml", tmp_path / "players.yaml", problems, ranks=True)
    assert not problems.items
    assert [p.name.split(",")[0] for p in roster.players] == [
        "Kim", "Abe", "Dubois", "Smith", "Lee", "Ó Briain", "Owen", "Petrov", "Zhang", "Nagy"]


def test_the_command_says_the_go_seeding_order(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from site_builder.cli import main

    (tmp_path / "allworld_lp.txt").write_text(EGD, encoding="utf-8")
    result = CliRunner().invoke(main, ["import", "players", str(tmp_path / "allworld_lp.txt"),
                                       str(tmp_path / "players.yaml")])
    assert result.exit_code == 0, result.output
    assert "3 players in seeding order (rank, then rating, then name)" in result.output


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_empty_list_new_writes_is_replaced_with_its_comments_and_a_list_with_players_never(
        tmp_path: Path, language: str) -> None:
    """`bulletin new --game go --players 0` writes `players: []` under its comment lines; the import
    replaces that list (nothing of the organizer's is lost) and keeps the comments, and refuses the
    list once it has players."""
    from click.testing import CliRunner

    from site_builder.checks import load_checked
    from site_builder.cli import main
    from site_builder.commands.new import scaffold

    event = tmp_path / "content" / "go"
    scaffold(event, game="go", language=language, players=0, secret_seed=False)
    target = event / "open" / "players.yaml"
    template = target.read_text(encoding="utf-8")
    comments = [line for line in template.splitlines() if line.startswith("#")]
    assert comments and "players: []" in template
    (tmp_path / "egd.txt").write_text(EGD, encoding="utf-8")
    command = ["import", "players", str(tmp_path / "egd.txt"), str(target)]
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 0, result.output
    assert f"{target} listed no player yet: replaced, its comment lines kept" in result.output
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[:len(comments)] == comments and lines[len(comments)].startswith("# Started from egd.txt")
    assert [p.name for p in load_checked(tmp_path / "content").events[0].sections[0].players] == [
        "Dubois, Claire Marie", "Janssen, Pieter", "Abad, Jahin"]
    imported = target.read_text(encoding="utf-8")
    again = CliRunner().invoke(main, command)
    assert again.exit_code == 2, again.output
    assert "exists and is not an empty player list; it is never overwritten (hint: " in again.output
    assert target.read_text(encoding="utf-8") == imported


@pytest.mark.parametrize("text", ["players:\n  - {number: 1, name: Ann}\n", "- Ann\n", "players: [\n",
                                  "players: []\nplayers_note: mine\n"])
def test_a_file_that_is_not_an_empty_list_is_never_replaced(tmp_path: Path, text: str) -> None:
    (tmp_path / "egd.txt").write_text(EGD, encoding="utf-8")
    (tmp_path / "players.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ListRefused, match="never overwritten"):
        import_players(tmp_path / "egd.txt", tmp_path / "players.yaml")
    assert (tmp_path / "players.yaml").read_text(encoding="utf-8") == text


def test_a_player_twice_in_the_egd_list_is_refused_at_the_second_line(tmp_path: Path) -> None:
    again = "  10461108  Dubois Claire Marie                   FR  Pari    2d   --   2210     3  T260101A\n"
    (tmp_path / "egd.txt").write_text(EGD + again, encoding="utf-8")
    with pytest.raises(ListRefused, match=r"egd\.txt:5:13: 'Dubois, Claire Marie' is in the list twice: .* "
                                          r"as at .*egd\.txt:3:13"):
        import_players(tmp_path / "egd.txt", tmp_path / "players.yaml")
    assert not (tmp_path / "players.yaml").exists()


def test_a_go_rating_may_be_negative_down_to_opengothas_lowest(tmp_path: Path) -> None:
    """A 20k–30k player's rating is negative on OpenGotha's scale (docs/go.md, "OpenGotha files"):
    a go list takes it down to -900; a chess list, and a go rating below -900, are refused."""
    path = tmp_path / "players.yaml"
    path.write_text('players:\n  - {name: "Abad, Jahin", rank: 25k, rating: -450}\n', encoding="utf-8")
    problems = Problems()
    assert load_players(path, path, problems, ranks=True).players[0].rating == -450 and not problems.items
    load_players(path, path, problems)
    assert [str(p) for p in problems.items] == [f"{path}:2:46: 'rating' must be at least 0, found -450 "
                                                "(hint: write a whole number of at least 0)"]
    path.write_text('players:\n  - {name: "Abad, Jahin", rank: 30k, rating: -901}\n', encoding="utf-8")
    problems = Problems()
    load_players(path, path, problems, ranks=True)
    assert [p.message for p in problems.items] == ["'rating' must be at least -900, found -901"]
