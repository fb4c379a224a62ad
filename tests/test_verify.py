"""`bulletin verify`: every round paired again from the rounds before it with the draw seed, and the
secret codes opened and drawn again, one line per draw; a pairing changed by hand is named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from organizer import give_dates

from site_builder.cli import main
from site_builder.draw_seed import ENV


def bulletin(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_an_event_paired_by_the_tool_verifies_draw_by_draw(played: Path) -> None:
    code, out = bulletin("verify", str(played))
    assert code == 0, out
    lines = out.strip().splitlines()
    # said in the event's language (the fixture's event is Chinese)
    assert lines[0] == "ok    cup/open 秘密编号: 种子抽出的 10 个编号；codes.yaml 与抽签结果逐字节一致"
    assert [line.split(":")[0] for line in lines[1:5]] == [f"ok    cup/open 第 {n} 轮" for n in range(1, 5)]
    assert lines[-1] == "5 次抽签中 5 次与规则和种子给出的一致"


def test_verify_run_in_the_event_s_folder_names_the_event(played: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(played / "cup")
    code, out = bulletin("verify", ".")
    assert code == 0, out
    assert out.splitlines()[1].startswith("ok    cup/open 第 1 轮")  # the folder's name, as from above


def test_a_pairing_changed_by_hand_is_named(played: Path) -> None:
    third = played / "cup" / "open" / "rounds" / "03.yaml"
    text = third.read_text(encoding="utf-8")
    a, b = re.search(r"^  - \[1, (\"[^\"]+\"), (\"[^\"]+\"),", text, flags=re.M).groups()
    third.write_text(text.replace(f"[1, {a}, {b},", f"[1, {b}, {a},"), encoding="utf-8")  # sides swapped
    code, out = bulletin("verify", str(played))
    assert code == 1
    line = next(line for line in out.splitlines() if "第 3 轮" in line)
    assert line == (f"DIFF  cup/open 第 3 轮: 与规则和种子给出的编排不同：第 1 台为 {b.strip(chr(34))} – "
                    f"{a.strip(chr(34))}，抽签结果为 {a.strip(chr(34))} – {b.strip(chr(34))}")
    # round 4 was paired from the round 3 that was published then: against today's round 3 it is
    # another draw, and its recorded `paired_from` says why (round 3's pairing changed, no result) —
    # unless, by the seed's lot, today's round 3 gives round 4's games on other boards: no other draw
    later = next(line for line in out.splitlines() if "第 4 轮" in line)
    if later.startswith("ok ~"):
        assert out.strip().endswith("5 次抽签中 4 次与规则和种子给出的一致"
                                    "（其中 1 次对局相同、台次顺序不同）；1 次不一致")
        return
    assert later.startswith("DIFF  cup/open 第 4 轮: 与规则和种子给出的编排不同"
                            "（编排依据的是第 3 轮的另一种对阵，而非文件现有的：见 'bulletin check'）")
    assert "更正" not in later
    assert out.strip().endswith("5 次抽签中 3 次与规则和种子给出的一致；2 次不一致")


def test_without_the_seed_nothing_is_said_to_agree(played: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV)
    code, out = bulletin("verify", str(played))
    assert code == 0 and "DIFF" not in out and "ok " not in out, out  # nothing checked: nothing differs
    assert "--    cup/open 秘密编号: 没有抽签种子无法打开" in out
    assert "--    cup/open 第 1 轮: 没有抽签种子无法重新抽签" in out
    assert out.strip().endswith("5 次抽签中 0 次与规则和种子给出的一致；5 次无法核对")


def boards_exchanged(text: str, first: int, second: int) -> str:
    """A round file's `text` with the games of boards `first` and `second` on each other's board."""
    text = re.sub(rf"^  - \[{first}, ", "  - [99, ", text, flags=re.M)
    text = re.sub(rf"^  - \[{second}, ", f"  - [{first}, ", text, flags=re.M)
    return re.sub(r"^  - \[99, ", f"  - [{second}, ", text, flags=re.M)


def test_boards_in_another_order_are_no_other_draw(played: Path) -> None:
    """The same games on other boards: the draw agrees, the order is named apart."""
    third = played / "cup" / "open" / "rounds" / "03.yaml"
    text = third.read_text(encoding="utf-8")
    third.write_text(boards_exchanged(text, 1, 2), encoding="utf-8")
    code, out = bulletin("verify", str(played))
    assert code == 0, out
    line = next(line for line in out.splitlines() if "第 3 轮" in line)
    assert line.startswith("ok ~  cup/open 第 3 轮: 对局与规则和种子给出的相同，"
                           "台次顺序不同：第 1 台为"), line
    assert "DIFF" not in out and "（其中 1 次对局相同、台次顺序不同）" in out.splitlines()[-1]


def test_a_game_changed_among_games_moved_is_named_not_a_game_moved(played: Path) -> None:
    """Boards 1 and 2 exchanged (a board order, no other draw) and board 3's sides swapped: the line
    names board 3, whose game the draw has on no board, not board 1, whose game the draw has on
    board 2 (docs/commands.md: a different order of boards is not a different draw)."""
    third = played / "cup" / "open" / "rounds" / "03.yaml"
    text = third.read_text(encoding="utf-8")
    a, b = re.search(r"^  - \[3, (\"[^\"]+\"), (\"[^\"]+\"),", text, flags=re.M).groups()
    text = text.replace(f"[3, {a}, {b},", f"[3, {b}, {a},")  # sides swapped
    third.write_text(boards_exchanged(text, 1, 2), encoding="utf-8")
    code, out = bulletin("verify", str(played))
    assert code == 1, out
    line = next(line for line in out.splitlines() if "第 3 轮" in line)
    a, b = a.strip(chr(34)), b.strip(chr(34))
    assert line == (f"DIFF  cup/open 第 3 轮: 与规则和种子给出的编排不同：第 3 台为 {b} – {a}，"
                    f"抽签结果为 {a} – {b}")


@pytest.mark.parametrize(("game", "result"), [("chess", "1-0"), ("xiangqi", "2:0")])
def test_a_late_entry_leaves_the_rounds_before_it_as_they_were(tmp_path: Path, game: str,
                                                               result: str) -> None:
    """A player added after round 3 and paired in round 4: the rounds before his entry are paired
    again with the players the round files show by then, and all agree (Dutch; positional Swiss)."""
    content = tmp_path / "content"
    assert bulletin("new", str(content / "club"), "--game", game, "--language", "en", "--rounds", "5",
                    "--players", "9", "--plain-seed")[0] == 0
    give_dates(content / "club", "[2027-03-06, 2027-03-06]")
    rounds = content / "club" / "open" / "rounds"
    for number in range(1, 4):
        assert bulletin("pair", str(content))[0] == 0
        path = rounds / f"{number:02d}.yaml"
        path.write_text(re.sub(r'"\?"', f'"{result}"', path.read_text(encoding="utf-8")), encoding="utf-8")
    players = content / "club" / "open" / "players.yaml"
    players.write_text(players.read_text(encoding="utf-8") + "  - {number: 10, name: \"Late, Larry\"}\n",
                       encoding="utf-8")
    code, out = bulletin("verify", str(content))  # listed, not yet paired
    assert code == 0 and "DIFF" not in out, out
    code, out = bulletin("pair", str(content))
    assert code == 0 and "Late, Larry" in (rounds / "04.yaml").read_text(encoding="utf-8"), out
    code, out = bulletin("verify", str(content))
    assert code == 0 and "DIFF" not in out, out
    assert out.strip().endswith("4 of 4 draws are the ones the rules and the seed give")


def played_dutch(tmp_path: Path, rounds: int = 4) -> Path:
    """A 10-player Dutch event with a recorded seed, `rounds` rounds paired and played (the same
    results in the same order on each round's boards): its content folder."""
    content = tmp_path / "content"
    assert bulletin("new", str(content / "club"), "--game", "chess", "--language", "en", "--players", "10",
                    "--plain-seed")[0] == 0
    event = content / "club" / "event.yaml"
    event.write_text(re.sub(r"^draw_seed: \d+", "draw_seed: 336961936324676448935035563910419917585",
                            event.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    give_dates(content / "club", "[2027-03-06, 2027-03-06]")
    for number in range(1, rounds + 1):
        assert bulletin("pair", str(content))[0] == 0
        path = content / "club" / "open" / "rounds" / f"{number:02d}.yaml"
        results = iter(["1-0", "0-1", "1/2-1/2", "1-0", "0-1"])
        text = re.sub(r'"\?"', lambda _, r=results: f'"{next(r)}"', path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
    return content


def test_rounds_kept_as_played_after_a_correction_are_said_so_and_pass(tmp_path: Path) -> None:
    """A round-1 result corrected after round 4: round 4 still agrees and its line says it is stale;
    rounds 2–3, kept as played (`pair --accept`), cannot be drawn again and are no hand edits."""
    content = played_dutch(tmp_path)
    first = content / "club" / "open" / "rounds" / "01.yaml"
    first.write_text(re.sub(r'^(  - \[3, "[^"]+", "[^"]+", )"[^"]+"', r'\1"0-1"',
                            first.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    stale = "(paired from other results of round 1 than the file now holds: a result was corrected"
    code, out = bulletin("verify", str(content))
    assert code == 1 and f"ok    club/open round 4: the pairing the rules and the seed give {stale}" in out
    assert bulletin("pair", str(content), "--accept", "2..3")[0] == 0
    code, out = bulletin("verify", str(content))
    assert code == 0 and "DIFF" not in out and "changed by hand" not in out, out
    for number in (2, 3):
        assert f"--    club/open round {number}: kept as played after a correction before it " \
               "('bulletin pair --accept'): paired from results the files no longer hold" in out
    assert out.strip().endswith("2 of 4 draws are the ones the rules and the seed give; 2 kept as played "
                                "after a correction before them (not checked)")


def test_a_trf_file_points_at_its_trail_line_not_at_a_round_file(tmp_path: Path) -> None:
    """docs/commands.md: a kept round's line names where the engine's pairing is recorded; a TRF file
    has no round file, its pairing is in the `### bulletin: round N proposed …` line of its trail
    (docs/chess.md, "A FIDE-mode trail"), and the line says that."""
    from site_builder.checks import load_checked
    from site_builder.trf.write import export_trf

    content = played_dutch(tmp_path)
    first = content / "club" / "open" / "rounds" / "01.yaml"
    first.write_text(re.sub(r'^(  - \[3, "[^"]+", "[^"]+", )"[^"]+"', r'\1"0-1"',
                            first.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    assert bulletin("pair", str(content), "--accept", "2..4")[0] == 0
    out = bulletin("verify", str(content))[1]
    assert "recorded in the round file's 'proposed:'" in out, out
    event = load_checked(content).events[0]
    trf = tmp_path / "club.trf"
    trf.write_text(export_trf(event, event.sections[0]), encoding="utf-8")
    code, out = bulletin("verify", str(trf))
    kept = [line for line in out.splitlines() if line.startswith("--") and "kept as played" in line]
    assert code == 0 and kept and "round file" not in out, out
    for line in kept:
        number = re.search(r" round (\d+):", line)[1]  # type: ignore[index]
        assert line.endswith(f"recorded in the file's '### bulletin: round {number} proposed …' line)"), line
        assert f"### bulletin: round {number} proposed " in trf.read_text(encoding="utf-8")


def test_rounds_kept_as_played_keep_their_verdict_through_a_trf_file(tmp_path: Path) -> None:
    """docs/chess.md, "A FIDE-mode trail": rounds kept as played after a correction (`pair --accept`)
    are carried in `### bulletin: round N kept as played` lines, so `verify FILE.trf` counts them as
    it does in the content (not as changes by hand), and the import gives them `accepted_from:` back."""
    from site_builder.checks import load_checked
    from site_builder.trf.write import export_trf

    content = played_dutch(tmp_path)
    first = content / "club" / "open" / "rounds" / "01.yaml"
    first.write_text(re.sub(r'^(  - \[3, "[^"]+", "[^"]+", )"[^"]+"', r'\1"0-1"',
                            first.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    assert bulletin("pair", str(content), "--accept", "2..4")[0] == 0
    code, out = bulletin("verify", str(content))
    kept = out.strip().splitlines()[-1]
    assert code == 0 and "kept as played after a correction before them" in kept, out
    event = load_checked(content).events[0]
    trf = tmp_path / "club.trf"
    trf.write_text(export_trf(event, event.sections[0]), encoding="utf-8")
    assert "### bulletin: round 2 kept as played\n" in trf.read_text(encoding="utf-8")
    code, out = bulletin("verify", str(trf))
    assert code == 0 and "DIFF" not in out and "changed by hand" not in out, out
    assert out.strip().splitlines()[-1].startswith(kept), out
    code, out = bulletin("import", "trf", str(trf), str(tmp_path / "again" / "club"))
    assert code == 0, out
    text = (tmp_path / "again" / "club" / "rounds" / "02.yaml").read_text(encoding="utf-8")
    assert "accepted_from: " in text and "changed by hand" not in text
    again = load_checked(tmp_path / "again").events[0]
    assert export_trf(again, again.sections[0]).encode("utf-8") == trf.read_bytes()


def test_a_missing_trf_file_is_a_file_that_cannot_be_read(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = bulletin("verify", "nosuch.trf")
    assert code == 2 and out.startswith("nosuch.trf:1:1: cannot read the file: "), out
    assert "content directory" not in out


def test_the_summary_of_generated_events_is_in_their_language(tmp_path: Path) -> None:
    """Two events of `bulletin generate` (English) in a folder without site.yaml: every line, the
    summary too, in English; a site.yaml's `language:` says the summary's."""
    content = tmp_path / "content"
    for seed in ("1", "2"):
        assert bulletin("generate", "-o", str(content / f"g{seed}"), "--players", "8", "--rounds", "2",
                        "--seed", seed)[0] == 0
    code, out = bulletin("verify", str(content))
    assert code == 0 and out.strip().endswith("4 of 4 draws are the ones the rules and the seed give"), out
    (content / "site.yaml").write_text("language: zh\n", encoding="utf-8")
    assert bulletin("verify", str(content))[1].strip().endswith("4 次抽签中 4 次与规则和种子给出的一致")


@pytest.mark.parametrize("system", ["dubov", "burstein", "lim"])
def test_a_rule_checked_round_kept_as_played_is_said_so_and_passes(tmp_path: Path, system: str) -> None:
    """The systems verified criterion by criterion (their own checkers): rounds kept as played after a
    round-1 correction (`pair --accept 2..4`) cannot be checked again and are no difference."""
    content = tmp_path / "content"
    assert bulletin("new", str(content / "club"), "--game", "chess", "--language", "en", "--players", "10",
                    "--system", system, "--plain-seed")[0] == 0
    players = content / "club" / "open" / "players.yaml"
    rated = iter(range(2400, 2000, -40))
    unrated = re.sub(r", rating: \d+", "", players.read_text(encoding="utf-8"))  # a Dubov list's placeholders
    players.write_text(re.sub(r"\}$", lambda _: f", rating: {next(rated)}}}", unrated, flags=re.M),
                       encoding="utf-8")
    give_dates(content / "club", "[2027-03-06, 2027-03-06]")
    for number in range(1, 5):
        assert bulletin("pair", str(content))[0] == 0
        path = content / "club" / "open" / "rounds" / f"{number:02d}.yaml"
        results = iter(["1-0", "0-1", "1/2-1/2", "1-0", "0-1"])
        text = re.sub(r'"\?"', lambda _, r=results: f'"{next(r)}"', path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
    first = content / "club" / "open" / "rounds" / "01.yaml"
    first.write_text(re.sub(r'^(  - \[3, "[^"]+", "[^"]+", )"[^"]+"', r'\1"0-1"',  # was a draw
                            first.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    assert bulletin("pair", str(content), "--accept", "2..4")[0] == 0
    code, out = bulletin("verify", str(content))
    assert code == 0 and "DIFF" not in out, out
    kept = [line for line in out.splitlines() if line.startswith("--") and "kept as played" in line]
    assert len(kept) >= 1 and all("'bulletin pair --accept'" in line for line in kept), out


def test_the_summary_s_language_is_the_one_the_loaded_content_states(tmp_path: Path) -> None:
    """Whether site.yaml states the site's language is the loaded content's word (`Site.
    language_stated`, read with the rest of site.yaml by content/loader.py), not a second reading of
    the file: a `language:` left empty states none, the loader taking the default, so the summary of
    two English events is in their language (docs/commands.md, `bulletin verify`)."""
    content = tmp_path / "content"
    for seed in ("1", "2"):
        assert bulletin("generate", "-o", str(content / f"g{seed}"), "--players", "8", "--rounds", "2",
                        "--seed", seed)[0] == 0
    (content / "site.yaml").write_text("title: Club\nlanguage:\n", encoding="utf-8")
    code, out = bulletin("verify", str(content))
    assert code == 0 and out.strip().endswith("4 of 4 draws are the ones the rules and the seed give"), out
    (content / "site.yaml").write_text("title: Club\nlanguage: ja\n", encoding="utf-8")
    assert not bulletin("verify", str(content))[1].strip().endswith("the seed give")
