"""A FIDE Double-Swiss (C.04.5) from the command line: `bulletin pair` writes game 1 of each match
and then game 2 (the same pairs, colours reversed, the same bye), the site builds with the next
round provisional and each round's page "Why these pairings?"; a section of an odd number of
rounds, and a second match between two players who played one, are refused where they are written;
a match forfeited may be played again."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from site_builder.cli import main
from site_builder.tournament.generate import write_generated
from site_builder.tournament.generator import SECTION, Spec

EVENT = ("name: Double Open\ngame: chess\nlanguage: en\ndraw_seed: 7\ndates: [2027-03-01, 2027-03-04]\n"
         "sections:\n  main: {{name: Open, system: double-swiss, rounds: {rounds}}}\n")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def ok(*args: str) -> str:
    code, output = run(*args)
    assert code == 0, output
    return output


def _event(tmp_path: Path, rounds: int = 6, players: int = 7) -> Path:
    content = tmp_path / "content"
    section = content / "open" / "main"
    (section / "rounds").mkdir(parents=True)
    (content / "open" / "event.yaml").write_text(EVENT.format(rounds=rounds), encoding="utf-8")
    lines = [f"  - {{name: Player {n}, rating: {2500 - 50 * n}}}" for n in range(1, players + 1)]
    (section / "players.yaml").write_text("players:\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return content


def _games(path: Path) -> tuple[list[tuple[str, str]], list[str]]:
    """A round file's pairs, and its pairing-allocated bye (game 2's: its half-point bye)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [(g[1], g[2]) for g in data["games"]], data.get("byes") or data.get("half_byes") or []


def _play(path: Path, results: itertools.cycle[str], number: int) -> None:
    day = f"date: 2027-03-0{(number + 1) // 2}\n#"
    text = path.read_text(encoding="utf-8").replace("# date: YYYY-MM-DD", day)
    while '"?"' in text:
        text = text.replace('"?"', f'"{next(results)}"', 1)
    path.write_text(text, encoding="utf-8")


def test_a_double_swiss_is_paired_match_by_match_and_built(tmp_path: Path) -> None:
    content = _event(tmp_path)
    rounds = content / "open" / "main" / "rounds"
    results = itertools.cycle(("1-0", "½-½", "0-1", "1-0", "½-½", "0-1", "0-1"))
    met: set[frozenset[str]] = set()
    byes: list[str] = []
    for number in range(1, 6):
        ok("pair", str(content))
        path = rounds / f"{number:02d}.yaml"
        pairs, bye = _games(path)
        assert len(pairs) == 3 and len(bye) == 1
        if number % 2 == 0:
            first, first_bye = _games(rounds / f"{number - 1:02d}.yaml")
            assert pairs == [(b, a) for a, b in first] and bye == first_bye  # art. 0: colours reversed
            assert "half_byes:" in path.read_text(encoding="utf-8")  # art. 1.4: 1½ for the bye
        else:
            assert not met & {frozenset(p) for p in pairs}  # [C1]
            met |= {frozenset(p) for p in pairs}
            byes += bye
        if number < 5:
            _play(path, results, number)
    assert len(set(byes)) == 3  # [C2]
    ok("build", str(content), "-o", str(tmp_path / "out"), "--no-pdf", "--strict")
    assert (tmp_path / "out/open/main/round-05.html").exists()  # the provisional round
    assert "C.04.5" in (tmp_path / "out/open/index.html").read_text(encoding="utf-8")
    after = (tmp_path / "out/open/main/standings-02.html").read_text(encoding="utf-8")
    why = (tmp_path / "out/open/main/round-03-why.html").read_text(encoding="utf-8")
    assert "checked one by one" in why and "(art. 4.3." in why and "Bracket of" in why
    assert "Game 2 of match 2" in (tmp_path / "out/open/main/round-04-why.html").read_text(encoding="utf-8")
    page = (tmp_path / "out/open/main/round-04.html").read_text(encoding="utf-8")
    assert re.search(r"<h1>[^<]*Round 4 <small class=\"stage\">match 2, game 2</small>", page)  # NamesRounds
    assert '<small class="stage">match 3, game 1</small>' in (tmp_path / "out/open/index.html").read_text(
        encoding="utf-8")
    points = re.search(rf'{byes[0]}</a></th>\s*<td[^>]*>\d+</td>\s*<td>([^<]+)<', after)
    assert points and points.group(1) == "1.5"  # art. 1.4: the bye is a game won and a game drawn


def test_an_odd_number_of_rounds_is_refused(tmp_path: Path) -> None:
    code, output = run("check", str(_event(tmp_path, rounds=5)))
    assert code != 0
    assert "plays 5 rounds: a Double-Swiss match is two games, each a round" in output
    assert "(hint: write 'rounds: 6' (3 matches))" in output


def _written(tmp_path: Path) -> Path:
    """The round files of a generated Double-Swiss of 6 players and 2 matches (`generate -o FOLDER`)."""
    folder = tmp_path / "content" / "cup"
    write_generated(Spec(seed=3, players=6, rounds=4, system="double-swiss"), folder)
    return folder / SECTION / "rounds"


def test_a_second_match_between_two_players_is_refused_where_it_is_written(tmp_path: Path) -> None:
    rounds = _written(tmp_path)
    first = (rounds / "01.yaml").read_text(encoding="utf-8")
    third = (rounds / "03.yaml").read_text(encoding="utf-8")
    games = [line for line in first.splitlines() if line.startswith("  - [")]
    again = [line for line in third.splitlines() if line.startswith("  - [")]
    (rounds / "03.yaml").write_text(third.replace("\n".join(again), "\n".join(games)), encoding="utf-8")
    code, output = run("check", str(tmp_path / "content"))
    assert code != 0 and "03.yaml" in output and "already played a match (match 1)" in output


def test_a_match_forfeited_by_one_player_may_be_played_again(tmp_path: Path) -> None:
    """The preface: a player forfeited both games of match 1; the two may meet in match 2, and a
    match of two played games may not be repeated."""
    rounds = _written(tmp_path)
    lines = (rounds / "01.yaml").read_text(encoding="utf-8").splitlines()
    pairs = [yaml.safe_load(line[4:]) for line in lines if line.startswith("  - [")]
    (a, b), (c, d), (e, f) = ((p[1], p[2]) for p in pairs)
    for number, result in ((1, "+:-"), (2, "-:+")):  # b forfeits game 1 (Black) and game 2 (White)
        path = rounds / f"0{number}.yaml"
        text = path.read_text(encoding="utf-8")
        first, second = (a, b) if number == 1 else (b, a)
        line = next(x for x in text.splitlines() if f'"{first}", "{second}"' in x)
        path.write_text(text.replace(line, f'  - [1, "{first}", "{second}", "{result}"]'), encoding="utf-8")
    (rounds / "04.yaml").unlink()
    third = rounds / "03.yaml"
    head = third.read_text(encoding="utf-8").split("games:")[0]

    def match_three(*games: tuple[str, str]) -> None:
        rows = "".join(f'  - [{n}, "{x}", "{y}", "1-0"]\n' for n, (x, y) in enumerate(games, 1))
        third.write_text(f"{head}games:\n{rows}", encoding="utf-8")

    match_three((a, b), (c, e), (d, f))
    code, output = run("check", str(tmp_path / "content"))
    assert code == 0, output
    match_three((c, d), (a, e), (b, f))
    code, output = run("check", str(tmp_path / "content"))
    assert code != 0 and "already played a match (match 1)" in output


def test_a_requested_bye_is_the_matchs(tmp_path: Path) -> None:
    """The preface: a bye applies to the match. A half-point bye asked in game 1's file leaves the
    player out of the match; game 2's file, written by `bulletin pair`, repeats it."""
    content = _event(tmp_path, players=8)
    rounds = content / "open" / "main" / "rounds"
    (rounds / "01.yaml").write_text("round: 1\nhalf_byes: [Player 8]\ngames: []\n", encoding="utf-8")
    ok("pair", str(content))
    pairs, bye = _games(rounds / "01.yaml")
    assert "Player 8" not in {p for pair in pairs for p in pair} and bye == ["Player 7"]
    _play(rounds / "01.yaml", itertools.cycle(("1-0",)), 1)
    ok("pair", str(content))
    second = yaml.safe_load((rounds / "02.yaml").read_text(encoding="utf-8"))
    assert second["half_byes"] == ["Player 7", "Player 8"]
    _play(rounds / "02.yaml", itertools.cycle(("0-1",)), 2)
    ok("check", str(content))


def _one_game_bye(tmp_path: Path, edit: str) -> tuple[Path, str]:
    """A half-point bye asked in game 1's file of match 1, game 2's file then written by `bulletin
    pair` with `edit` made to its line of requests: what `check` says of it."""
    content = _event(tmp_path, players=8)
    rounds = content / "open" / "main" / "rounds"
    (rounds / "01.yaml").write_text("round: 1\nhalf_byes: [Player 8]\ngames: []\n", encoding="utf-8")
    ok("pair", str(content))
    _play(rounds / "01.yaml", itertools.cycle(("1-0",)), 1)
    ok("pair", str(content))
    second = rounds / "02.yaml"
    _play(second, itertools.cycle(("0-1",)), 2)
    text = second.read_text(encoding="utf-8")
    second.write_text(text.replace('half_byes: ["Player 7", "Player 8"]', edit), encoding="utf-8")
    code, output = run("check", str(content))
    assert code != 0, output
    return content, output


@pytest.mark.parametrize("edit", ['half_byes: ["Player 7"]', 'half_byes: ["Player 7"]\nabsent: [Player 8]'])
def test_a_requested_bye_of_one_game_of_a_match_is_refused_where_it_is_written(tmp_path: Path, edit: str
                                                                                ) -> None:
    """C.04.5, preface: "byes apply to matches, never to one game". Game 1's half-point bye dropped
    from game 2's file, or changed there to an absence, is refused at game 2's file, by `check`,
    `build` and `verify` alike."""
    content, output = _one_game_bye(tmp_path, edit)
    given = "no bye" if "absent" not in edit else "a zero-point bye ('absent:')"
    assert re.search(rf"02\.yaml:\d+:\d+: 'Player 8' has a half-point bye in game 1 of match 1 \(round 1\) "
                     rf"but {re.escape(given)} in game 2 \(round 2\): a bye applies to the match, never to "
                     r"one game \(hint: .*'half_byes:'", output), output
    code, built = run("build", str(content), "-o", str(content.parent / "out"), "--no-pdf")
    assert code != 0 and "never to one game" in built
    code, verified = run("verify", str(content))
    assert code != 0 and "never to one game" in verified


def test_the_pairing_notes_name_the_float_and_only_a_withdrawal_between_the_games(tmp_path: Path) -> None:
    """Art. 1.3 and 1.5: match 2 pairs the pairing-allocated bye of match 1 (1½) with the half-point
    bye (1, an upfloater), noted as every Swiss notes a float: the higher-scored player meeting one
    of a lower score group. A player who withdrew in match 1 has no game in match 2, so game 2's
    file notes no forfeit for them (a Swiss schedules no game ahead); one who withdraws after game 1
    of match 2 loses game 2 by forfeit, and is noted."""
    content = _event(tmp_path, players=10)
    rounds = content / "open" / "main" / "rounds"
    (rounds / "01.yaml").write_text("round: 1\nhalf_byes: [Player 9]\ngames: []\n", encoding="utf-8")
    ok("pair", str(content))
    [(_, gone), *_], [bye] = _games(rounds / "01.yaml")
    _play(rounds / "01.yaml", itertools.cycle(("1-0",)), 1)
    ok("pair", str(content))
    _play(rounds / "02.yaml", itertools.cycle(("0-1",)), 2)  # game 1's White wins both games
    with (rounds / "02.yaml").open("a", encoding="utf-8") as file:
        file.write(f"withdrawn: [{gone}]\n")
    said = ok("pair", str(content))
    number = bye.split()[-1]
    assert f"# down-float: {bye} (#{number}) meets Player 9 (#9) of a lower score group\n" in said, said
    assert "meets  of" not in said
    [(white, black), *_], _ = _games(rounds / "03.yaml")
    _play(rounds / "03.yaml", itertools.cycle(("1-0",)), 3)
    assert "withdrawn" not in ok("pair", str(content))
    (rounds / "04.yaml").unlink()
    with (rounds / "03.yaml").open("a", encoding="utf-8") as file:
        file.write(f"withdrawn: [{white}]\n")
    said = ok("pair", str(content))
    noted = [line for line in said.splitlines() if line.startswith("# withdrawn:")]
    number = white.split()[-1]
    assert noted == [f"# withdrawn: {white} (#{number}) loses their scheduled games by forfeit"], said
    assert f'"{black}", "{white}", "+:-"]' in (rounds / "04.yaml").read_text(encoding="utf-8")


def test_generate_refuses_an_odd_number_of_rounds_before_writing_anything(tmp_path: Path) -> None:
    """`bulletin generate` never writes a file that `bulletin verify` and `check` refuse: a Double-Swiss
    of 5 rounds (two and a half matches) is refused by the system's own check, and nothing is written."""
    out = tmp_path / "ds.trf"
    result = CliRunner().invoke(main, ["generate", "--system", "double-swiss", "--rounds", "5", "--players",
                                       "10", "-o", str(out)])
    assert result.exit_code != 0 and "plays 5 rounds" in result.output and "rounds: 6" in result.output
    assert not out.exists()


def test_a_player_with_a_bye_who_withdraws_after_game_1_has_no_part_in_game_2(tmp_path: Path) -> None:
    """Decision (docs/systems/double-swiss.md): the byes of a match are its games' (art. 1.4); a
    player who withdraws in game 1's file, after a pairing-allocated bye or a requested bye, has no
    part in game 2: `bulletin pair` writes game 2 without their bye, and `check` accepts it."""
    content = _event(tmp_path, players=9)
    rounds = content / "open" / "main" / "rounds"
    (rounds / "01.yaml").write_text("round: 1\nhalf_byes: [Player 8]\ngames: []\n", encoding="utf-8")
    ok("pair", str(content))
    _, [bye] = _games(rounds / "01.yaml")
    _play(rounds / "01.yaml", itertools.cycle(("1-0",)), 1)
    with (rounds / "01.yaml").open("a", encoding="utf-8") as file:
        file.write(f"withdrawn: [{bye}, Player 8]\n")
    ok("pair", str(content))
    second = (rounds / "02.yaml").read_text(encoding="utf-8")
    assert bye not in second and "Player 8" not in second
    ok("check", str(content))
