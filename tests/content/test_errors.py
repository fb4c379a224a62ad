"""Broken content: every problem is reported as `file:line:column: message (hint: ...)`.

Each case starts from the minimal valid event of `content_tree.py` and breaks one thing. The real CLI
must exit with code 2, print no traceback, list every error on its own line (with a hint), sorted
by location, and leave an existing output directory exactly as it was.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path, PurePath

import pytest
from click.testing import CliRunner
from content_tree import BASE_FILES, DATED_EVENT_YAML, ROUND_1, ROUND_2, write_event

from site_builder.cli import main

ERROR_LINE = re.compile(
    r"^(?P<path>content/\S+?):(?P<line>\d+):(?P<column>\d+): (?P<message>.+?) \(hint: (?P<hint>.+)\)$"
)
SUMMARY_LINE = re.compile(r"^(?P<count>\d+) errors?(; nothing was written)?\.$")  # check writes nothing


@dataclass(frozen=True)
class Error:
    path: str
    line: int
    column: int
    message: str
    hint: str


@dataclass(frozen=True)
class Case:
    """One way of breaking the content and the error it must produce."""

    changes: dict[str, str | None]
    file: str  # relative to the content directory
    line: int
    phrase: str  # a key phrase of the message
    hint: str = ""  # a phrase the hint must contain (any hint is required in every case)
    count: int = 1  # the exact number of errors the run reports


def edit(relative: str, old: str, new: str) -> dict[str, str | None]:
    """The base file `relative` with `old` replaced by `new` (which must be there)."""
    text = BASE_FILES[relative]
    assert old in text, f"{old!r} is not in {relative}"
    return {relative: text.replace(old, new, 1)}


def append(relative: str, text: str) -> dict[str, str | None]:
    return {relative: BASE_FILES[relative] + text}


EVENT, PLAYERS = "event.yaml", "open/players.yaml"
R1, R2, PAGE = "open/rounds/01.yaml", "open/rounds/02.yaml", "pages/about.md"
CSV = "open/players.csv"
USE_CSV = append(EVENT, "    players: open/players.csv\n")

CASES: dict[str, Case] = {
    # --- YAML itself
    "yaml-syntax-event": Case(edit(EVENT, "name: Test Open", "name: Test: Open"),
                              EVENT, 1, "YAML syntax error", "indentation"),
    "yaml-syntax-players": Case(edit(PLAYERS, "name: Carol White", "name: Carol: White"),
                                PLAYERS, 4, "YAML syntax error", "quotes"),
    "yaml-syntax-round": Case(edit(R1, "date: 2024-05-01", "date: 2024-05-01: x"),
                              R1, 2, "YAML syntax error", "quotes"),
    "yaml-tab-indent": Case(edit(PLAYERS, "  - {number: 3", "\t- {number: 3"),
                            PLAYERS, 4, "a tab character: YAML indents and separates with spaces only",
                            "replace the tab with spaces"),
    "duplicate-key": Case(edit(EVENT, "language: en\n", "language: en\nlanguage: zh\n"),
                          EVENT, 4, "duplicate key 'language' (first given on line 3)", "keep only one"),
    # --- types and fields
    "wrong-type": Case(edit(EVENT, "rounds: 3", "rounds: nine"),
                       EVENT, 8, "'rounds' must be a whole number, found text 'nine'", "rounds: 1"),
    "below-minimum": Case(edit(EVENT, "rounds: 3", "rounds: 0"),
                          EVENT, 8, "'rounds' must be at least 1", "at least 1"),
    "unknown-field": Case(edit(EVENT, "system: swiss", "sytem: swiss"),
                          EVENT, 7, "unknown field 'sytem' in section 'open'", "did you mean 'system'"),
    "not-true-or-false": Case(append(EVENT, "    rematches: sometimes\n"),
                              EVENT, 9, "'rematches' must be true or false, found text 'sometimes'",
                              "rematches: true"),
    "missing-event-name": Case(edit(EVENT, "name: Test Open\n", ""),
                               EVENT, 1, "the event file is missing the field 'name'", "name:"),
    "missing-player-name": Case(append(PLAYERS, "  - {number: 7, club: East}\n"),
                                PLAYERS, 8, "a player is missing the field 'name'", "name:"),
    "missing-rounds": Case(edit(EVENT, "    rounds: 3\n", ""),
                           EVENT, 5, "does not say how many rounds", "rounds: N"),
    "section-id-not-slug": Case(edit(EVENT, "  open:", "  Open Section:"),
                                EVENT, 5, "section id 'Open Section' is not a URL-safe slug", "lowercase"),
    "unknown-game": Case(edit(EVENT, "game: xiangqi", "game: xiangi"),
                         EVENT, 2, "'game' must be one of", "did you mean 'xiangqi'?"),
    "unknown-language": Case(edit(EVENT, "language: en", "language: fr"),
                             EVENT, 3, "'language' must be one of zh, en, ja, found text 'fr'", "en, ja, zh"),
    "unknown-regulation": Case(edit(EVENT, "game: xiangqi\n",
                                    "game: xiangqi\nregulation: xiangqi-national\n"),
                               EVENT, 3, "unknown regulation 'xiangqi-national'",
                               "did you mean 'xiangqi-national-individual'"),
    "unknown-tiebreak": Case(append(EVENT, "    tiebreaks: [buchholz, sonneborn-berg]\n"),
                             EVENT, 9, "unknown tiebreak text 'sonneborn-berg'",
                             "did you mean 'sonneborn-berger'?"),
    "bad-tiebreak-option": Case(append(EVENT, "    tiebreaks:\n      - opponent-score: {cutt: 1}\n"),
                                EVENT, 10, "tiebreak 'opponent-score' has no option 'cutt'",
                                "did you mean 'cut'?"),
    "bad-tiebreak-option-value": Case(append(EVENT, "    tiebreaks:\n      - wins: {bye: maybe}\n"),
                                      EVENT, 10, "option 'bye' of 'wins' must be one of",
                                      "expected one of: none, win"),
    "fide-only-tiebreak": Case(append(EVENT, "    tiebreaks: [buchholz, KS]\n"),
                               EVENT, 9, "tiebreak 'koya' is defined by FIDE C.07 9.2 only",
                               "tiebreak_rules: fide"),
    "option-not-under-fide": Case(append(EVENT, "    tiebreak_rules: fide\n    tiebreaks:\n"
                                                "      - opponent-score: {bye: zero}\n"),
                                  EVENT, 11, "option 'bye' of 'opponent-score' does not apply under",
                                  "Article 16"),
    "bad-tiebreak-rules": Case(append(EVENT, "    tiebreak_rules: fida\n"),
                               EVENT, 9, "tiebreak_rules", "fide"),
    "bad-c07-text": Case(edit(EVENT, "game: xiangqi\n", "game: chess\nc07_text: 2024\n"),
                         EVENT, 3, "'c07_text' must be 2023 or 2026, found", "c07_text: 2023"),
    "c07-text-not-under-fide": Case(edit(EVENT, "language: en\n", "language: en\nc07_text: 2023\n"),
                                    EVENT, 4, "'c07_text' applies only under 'tiebreak_rules: fide'",
                                    "tiebreak_rules: fide"),
    "bad-date-event": Case(edit(EVENT, "game: xiangqi\n", "dates: [2024-05-01, 2024-05-32]\ngame: xiangqi\n"),
                           EVENT, 2, "text '2024-05-32' is not a date", "YYYY-MM-DD"),
    "bad-date-round": Case(edit(R1, "2024-05-01", "2024-13-01"),
                           R1, 2, "'date' must be a date (YYYY-MM-DD), found text '2024-13-01'", "date: "),
    # --- player lists
    "players-file-missing": Case({PLAYERS: None},
                                 EVENT, 5, "player list 'content/open/players.yaml' not found", "create it"),
    "players-file-named-missing": Case(append(EVENT, "    players: open/roster.yaml\n"),
                                       EVENT, 9, "player list 'content/open/roster.yaml' not found",
                                       "point 'players:'"),
    "players-not-a-list": Case({PLAYERS: "players: Alice Smith\n"},
                               PLAYERS, 1, "a player list must be a list, found text 'Alice Smith'", "- {"),
    "duplicate-player-number": Case(edit(PLAYERS, "number: 4", "number: 3"),
                                    PLAYERS, 5, "duplicate player number 3 (first on line 4)",
                                    "different number"),
    "duplicate-player": Case(append(PLAYERS, "  - {number: 7, name: Bob Jones, club: South}\n"),
                             PLAYERS, 8, "duplicate player 'Bob Jones' (same name and club as on line 3)",
                             "birth_year"),
    "player-field-typo": Case(edit(PLAYERS, "club: West}", "club: West, ratng: 1800}"),
                              PLAYERS, 5, "unknown field 'ratng' in a player", "did you mean 'rating'"),
    "unknown-sex": Case(edit(PLAYERS, "club: West}", "club: West, sex: x}"),
                        PLAYERS, 5, "unknown sex 'x'", "m or f"),
    "csv-bad-header": Case({**USE_CSV, CSV: "number,nom,club\n1,Alice Smith,North\n"},
                           CSV, 1, "the CSV header has no 'name' column", "number,name"),
    "csv-too-many-cells": Case({**USE_CSV, CSV: "number,name,club\n1,Alice Smith,North\n2,Bob Jones,South\n"
                                               "3,Carol White,East,Extra\n4,David Brown,West\n"
                                               "5,Erin Green,North\n6,Frank Black,South\n"},
                               CSV, 4, "4 cells but only 3 columns in the header", "quote cells"),
    # --- references to players in round files
    "unknown-player": Case(edit(R1, "[1, Alice Smith,", "[1, Alice Smyth,"),
                           R1, 4, "unknown player 'Alice Smyth'", "did you mean 'Alice Smith' (#1)?"),
    "unknown-player-number": Case(edit(R1, "[1, Alice Smith,", "[1, '#12',"),
                                  R1, 4, "no player has number 12", "numbers run from 1 to 6"),
    "ambiguous-player": Case(append(PLAYERS, "  - {number: 7, name: Erin Green, club: South}\n"),
                             R1, 5, "ambiguous player 'Erin Green': 2 players have this name",
                             "write the number instead: #5 (North), #7 (South)", count=2),
    "player-twice-in-round": Case(edit(R1, "[3, Carol White,", "[3, Alice Smith,"),
                                  R1, 6, "'Alice Smith' (#1) appears twice in round 1, on board 3 "
                                         "(first on line 4)", "one game, bye or absence"),
    "player-against-themself": Case(edit(R1, "Carol White, Frank Black", "Carol White, Carol White"),
                                    R1, 6, "'Carol White' cannot play against themself", "two players"),
    "bye-to-player-who-plays": Case(append(R1, "bye: Alice Smith\n"),
                                    R1, 7, "'Alice Smith' (#1) appears twice in round 1, as a bye",
                                    "one game, bye or absence"),
    "absent-player-who-plays": Case(append(R1, "absent: [Bob Jones]\n"),
                                    R1, 7, "'Bob Jones' (#2) appears twice in round 1, as absent",
                                    "one game, bye or absence"),
    "not-a-result": Case(edit(R1, '"0-1"]', '"3-0"]'),
                         R1, 6, "text '3-0' is not a result", "1-0 2:0 W"),
    "not-a-result-without-board": Case(edit(R1, '[3, Carol White, Frank Black, "0-1"]',
                                            '[Carol White, Frank Black, "3-0"]'),
                                       R1, 6, "text '3-0' is not a result", "1-0 2:0 W"),
    "not-a-game-row": Case(edit(R1, '[2, Erin Green, Bob Jones, "="]', "Erin Green - Bob Jones"),
                           R1, 5, "a game must be a list or a mapping", "[board, first, second, result]"),
    "unknown-game-kind": Case(edit(R1, '[2, Erin Green, Bob Jones, "="]',
                                   "{board: 2, first: Erin Green, second: Bob Jones, result: D, kind: rapd}"),
                              R1, 5, "unknown game kind 'rapd'", "did you mean 'rapid'?"),
    "duplicate-board": Case(edit(R1, "[3, Carol White,", "[2, Carol White,"),
                            R1, 6, "board 2 is listed twice (first on line 5)", "own board number"),
    "board-number-gap": Case(edit(R1, "[3, Carol White,", "[4, Carol White,"),
                             R1, 6, "board 3 is missing before board 4", "without a gap"),
    "result-in-a-two-item-row": Case(edit(R1, '[2, Erin Green, Bob Jones, "="]', '[7, "1-0"]'),
                                     R1, 5, "'1-0' is a result, but a row of two items names two players",
                                     "[7, 12, 3, '1-0']"),
    "negative-penalties": Case(append(R1, "penalties: {Alice Smith: -1}\n"),
                               R1, 7, "penalties must be a count (0, 1, 2 …), found the number -1",
                               "Alice Smith: 1"),
    # --- checks across round files
    "round-number-gap": Case({R2: None, "open/rounds/03.yaml": ROUND_2.replace("round: 2", "round: 3")},
                             "open/rounds/03.yaml", 1, "round 2 is missing before round 3",
                             "restore the file of round 2"),
    "file-name-round-mismatch": Case(edit(R2, "round: 2", "round: 3"),
                                     R2, 1, "the file is named for round 2 but says round 3", "rename"),
    "round-beyond-planned": Case(edit(EVENT, "rounds: 3", "rounds: 1"),
                                 R2, 1, "round 2 is beyond the 1 round planned", "raise 'rounds:'"),
    "duplicate-round": Case({"open/rounds/1.yaml": ROUND_1},
                            "open/rounds/1.yaml", 1,
                            "round 1 is given twice (also in content/open/rounds/01.yaml)",
                            "one file per round"),
    "rematch-in-swiss": Case({R2: ROUND_2.replace("Frank Black, Alice Smith", "David Brown, Alice Smith")
                                         .replace("David Brown, Erin Green", "Frank Black, Erin Green")},
                             R2, 4, "'David Brown' and 'Alice Smith' already met in round 1",
                             "forbids rematches"),
    "players-written-inline": Case(append(EVENT, "    players:\n      - {number: 1, name: Alice}\n"),
                                   EVENT, 10, "'players:' names the file of the player list, not the list",
                                   "move the list into open/players.yaml under 'players:'"),
    "plays-after-withdrawal": Case(append(R1, "withdrawn: [Frank Black]\n"),
                                   R2, 4, "'Frank Black' is paired in round 2 after withdrawing in round 1",
                                   "remove the pairing or the withdrawal"),
    # a system reads its family's part of a round file: another family's is refused where it is written
    "matches-outside-a-knockout": Case({R2: "round: 2\nmatches:\n  - board: 1\n    games:\n"
                                             "      - [Frank Black, Alice Smith, \"?\"]\n"
                                             "      - [Alice Smith, Frank Black, \"?\"]\n"},
                                       R2, 2, "matches belong to knockout sections; this section is swiss",
                                       "set 'system: knockout'"),
    "lineups-outside-a-team-section": Case(append(R2, "lineups: {East: [Alice Smith]}\n"),
                                           R2, 7, "line-ups belong to team sections", "remove 'lineups:'"),
    # --- pages
    "front-matter-syntax": Case(edit(PAGE, "title: About", "title: About: the event"),
                                PAGE, 2, "YAML syntax error", "quotes"),
    "front-matter-wrong-type": Case(edit(PAGE, "order: 1", "order: first"),
                                    PAGE, 3, "'order' must be a whole number, found text 'first'",
                                    "order: 1"),
    "front-matter-unknown-field": Case(edit(PAGE, "order: 1", "ordre: 1"),
                                       PAGE, 3, "unknown field 'ordre' in page front matter",
                                       "did you mean 'order'?"),
}


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file under `directory` as relative path → bytes."""
    return {
        path.relative_to(directory).as_posix(): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file()
    }


def existing_output(root: Path) -> Path:
    """An output directory from an earlier build, with a sentinel file in it."""
    output = root / "output"
    (output / "old-event").mkdir(parents=True)
    (output / "index.html").write_text("<p>published earlier</p>\n", encoding="utf-8")
    (output / "old-event" / "sentinel.txt").write_bytes(b"do not touch\x00\xff")
    return output


def parse_report(stderr: str) -> list[Error]:
    """The error lines of a failed run (checking their format and the closing summary line)."""
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert lines, "no errors were printed"
    summary = SUMMARY_LINE.match(lines[-1])
    assert summary, f"last line is not the summary: {lines[-1]!r}"
    errors = []
    for text in lines[:-1]:
        match = ERROR_LINE.match(text)
        assert match, f"not a 'file:line:column: message (hint: ...)' line: {text!r}"
        errors.append(Error(match["path"], int(match["line"]), int(match["column"]),
                            match["message"], match["hint"]))
    assert len(errors) == int(summary["count"])
    locations = [(PurePath(e.path), e.line, e.column) for e in errors]
    assert locations == sorted(locations), "errors are not sorted by location"
    return errors


def run_cli(*args: str) -> tuple[int, str, str]:
    """Run `bulletin ARGS` in-process; an uncaught exception fails the test."""
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_the_base_event_is_valid(workdir: Path) -> None:
    write_event(workdir / "content", {EVENT: DATED_EVENT_YAML})
    code, out, err = run_cli("check", "content")
    assert (code, err) == (0, "")
    assert out.startswith("ok: 1 event(s), 1 section(s)")
    code, out, err = run_cli("build", "content", "--output", "output", "--no-pdf")
    assert (code, err) == (0, ""), err
    assert (workdir / "output" / "content" / "open" / "round-02.html").is_file()


def test_at_least_24_kinds_of_broken_content_are_covered() -> None:
    assert len(CASES) >= 24


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_broken_content_is_reported_and_output_is_untouched(workdir: Path, case: Case) -> None:
    write_event(workdir / "content", case.changes)
    output = existing_output(workdir)
    before = snapshot(output)

    code, out, err = run_cli("build", "content", "--output", "output", "--no-pdf")

    assert code == 2, out + err
    assert "Traceback" not in out
    errors = parse_report(err)
    assert len(errors) == case.count, err
    expected_path = f"content/{case.file}"
    matching = [e for e in errors if e.path == expected_path and case.phrase in e.message]
    assert matching, f"no error in {expected_path} saying {case.phrase!r}:\n{err}"
    assert matching[0].line == case.line, err
    assert case.hint in matching[0].hint, err
    assert all(e.hint.strip() for e in errors)
    # output/ is exactly as it was, and no staging directory is left behind
    assert snapshot(output) == before
    assert sorted(p.name for p in workdir.iterdir()) == ["content", "output"]

    # `check` validates the same way, with the same report, but writes nothing to say it did not write
    code, out, check_err = run_cli("check", "content")
    assert code == 2
    assert check_err == err.replace("; nothing was written.\n", ".\n")
    assert not check_err.splitlines()[-1].endswith("nothing was written.")


def test_errors_in_several_files_are_all_reported_in_one_run_sorted(workdir: Path) -> None:
    write_event(workdir / "content", {
        **edit(PAGE, "order: 1", "order: first"),
        **edit(EVENT, "system: swiss", "sytem: swiss"),
        **edit(R2, "[3, David Brown,", "[3, David Browne,"),
        **edit(R1, '"0-1"]', '"3-0"]'),
        **append(PLAYERS, "  - {number: 7, name: Bob Jones, club: South}\n"),
    })
    output = existing_output(workdir)
    before = snapshot(output)

    code, _, err = run_cli("build", "content", "--output", "output", "--no-pdf")

    assert code == 2
    errors = parse_report(err)
    assert [(e.path, e.line) for e in errors] == [
        ("content/event.yaml", 7),
        ("content/open/players.yaml", 8),
        ("content/open/rounds/01.yaml", 6),
        ("content/open/rounds/02.yaml", 6),
        ("content/pages/about.md", 3),
    ]
    assert "unknown field 'sytem'" in errors[0].message
    assert "duplicate player 'Bob Jones'" in errors[1].message
    assert "'3-0' is not a result" in errors[2].message
    assert "unknown player 'David Browne'" in errors[3].message
    assert "did you mean 'David Brown' (#4)?" in errors[3].hint
    assert "'order' must be a whole number" in errors[4].message
    assert err.splitlines()[-1] == "5 errors; nothing was written."
    assert snapshot(output) == before


def test_several_errors_in_one_file_are_all_reported(workdir: Path) -> None:
    broken = ROUND_1.replace("Alice Smith", "Alice Smyth").replace('"="', '"draw?"') + "bye: Carol White\n"
    write_event(workdir / "content", {R1: broken})
    code, _, err = run_cli("check", "content")
    assert code == 2
    errors = parse_report(err)
    assert [(e.line, e.message.split(" ")[0]) for e in errors] == [
        (4, "unknown"), (5, "text"), (7, "'Carol"),
    ]


def test_a_broken_player_list_is_not_repeated_by_every_reference(workdir: Path) -> None:
    """A player list that cannot be read gives one error, not one per game in every round."""
    write_event(workdir / "content", {**edit(PLAYERS, "name: Carol White", "name: Carol: White"),
                                      **edit(R1, '"0-1"]', '"3-0"]')})
    code, _, err = run_cli("check", "content")
    assert code == 2
    errors = parse_report(err)
    assert [(e.path, e.line) for e in errors] == [
        ("content/open/players.yaml", 4),
        ("content/open/rounds/01.yaml", 6),  # errors not about players are still reported
    ]


def test_an_unreadable_round_file_does_not_also_report_a_gap(workdir: Path) -> None:
    write_event(workdir / "content", {**edit(R1, "date: 2024-05-01", "date: 2024-05-01: x")})
    code, _, err = run_cli("check", "content")
    assert code == 2
    assert [e.path for e in parse_report(err)] == ["content/open/rounds/01.yaml"]


def test_a_build_that_fails_creates_no_output_directory(workdir: Path) -> None:
    write_event(workdir / "content", edit(R1, '"0-1"]', '"3-0"]'))
    code, _, _ = run_cli("build", "content", "--output", "output", "--no-pdf")
    assert code == 2
    assert sorted(p.name for p in workdir.iterdir()) == ["content"]


def test_bulletin_check_in_a_real_process_prints_no_traceback(workdir: Path) -> None:
    write_event(workdir / "content", {
        **edit(PLAYERS, "name: Carol White", "name: Carol: White"),
        **edit(R1, "date: 2024-05-01", "date: 2024-13-01"),
        **edit(EVENT, "rounds: 3", "rounds: nine"),
    })
    bulletin = Path(sys.executable).with_name("bulletin")
    assert bulletin.is_file(), "the console script is not installed next to the interpreter"
    for command in (["check", "content"], ["build", "content", "--output", "output", "--no-pdf"]):
        done = subprocess.run([str(bulletin), *command], cwd=workdir, capture_output=True, text=True,
                              timeout=120, check=False)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr + done.stdout
        errors = parse_report(done.stderr)
        assert [(e.path, e.line) for e in errors] == [
            ("content/event.yaml", 8),
            ("content/open/players.yaml", 4),
            ("content/open/rounds/01.yaml", 2),
        ]
    assert not (workdir / "output").exists()


def test_messages_show_paths_as_given_outside_the_working_directory(tmp_path: Path) -> None:
    """Run from elsewhere, the path in each message still leads to the file."""
    content = write_event(tmp_path / "content", edit(R1, '"0-1"]', '"3-0"]'))
    code, _, err = run_cli("check", str(content))
    assert code == 2
    first = err.splitlines()[0]
    shown = first.split(":")[0]
    assert Path(shown).resolve() == (content / R1).resolve()
    assert first.startswith(f"{shown}:6:")


# ---------------------------------------------------------------- team events (seed 001)

TEAM_EVENT = """name: Team Cup
game: xiangqi
regulation: xiangqi-team-swiss
draw_seed: 1
sections:
  open: {name: Open, rounds: 3}
"""
TEAMS = """teams:
  - {name: Red, players: [A1, A2, A3]}
  - {name: Blue, players: [B1, B2, B3]}
"""
TEAM_ROUND = """round: 1
matches:
  - table: 1
    home: Red
    away: Blue
    boards:
      - [A1, B1, "2:0"]
      - [A2, B2, "1:1"]
      - [B3, A3, "0:2"]
    result: "5:1"
"""


def _team_event(root: Path, teams: str = TEAMS, round_1: str = TEAM_ROUND) -> Path:
    content = root / "content"
    (content / "cup" / "open" / "rounds").mkdir(parents=True)
    (content / "cup" / "event.yaml").write_text(TEAM_EVENT, encoding="utf-8")
    (content / "cup" / "open" / "teams.yaml").write_text(teams, encoding="utf-8")
    (content / "cup" / "open" / "rounds" / "01.yaml").write_text(round_1, encoding="utf-8")
    return content


def test_valid_team_event(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(_team_event(tmp_path))])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("teams", "round_1", "message"), [
    (TEAMS.replace("B1, B2, B3", "B1, B2, A3"), TEAM_ROUND, "'A3' plays for two teams"),
    (TEAMS.replace("B1, B2, B3", "B1, B2"), TEAM_ROUND, "lists 2 players for 3 boards"),
    (TEAMS, TEAM_ROUND.replace("[A1, B1", "[A2, B1").replace("[A2, B2", "[A1, B2"), ""),
    (TEAMS, TEAM_ROUND.replace("[B3, A3,", "[A3, B3,"), "is not on the list of team 'Blue', who plays first"),
    (TEAMS, TEAM_ROUND.replace('      - [B3, A3, "0:2"]\n', ""),
     "the match has 2 boards, the section plays 3"),
    (TEAMS, TEAM_ROUND.replace('"5:1"', '"4:2"'), "the boards add up to 5:1, not 4:2"),
    (TEAMS, TEAM_ROUND.replace("away: Blue", "away: Bleu"), "unknown team 'Bleu'"),
])
def test_team_content_errors(tmp_path: Path, teams: str, round_1: str, message: str) -> None:
    """Seed 001: a player in two teams, team size, home red on boards 1–2 (五), board count, stated result."""
    result = CliRunner().invoke(main, ["check", str(_team_event(tmp_path, teams, round_1))])
    if not message:  # boards in another order than registration are allowed (the engine orders them)
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 2
    assert message in result.output, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("prizes", "message"), [
    ("prizes: {categories: [{name: Seniors, filter: {age_group: S}, places: [50]}]}",
     "filters on an unknown player field 'age_group'"),
    ("prizes: {categories: [{name: A, filter: {rating: {min: 1400, max: 1699}}, places: [50]}, "
     "{name: B, filter: {rating: {min: 1600, max: 1899}}, places: [50]}]}",
     "rating band of 'B' overlaps 'A'"),
    ("prizes: {places: [500, lots]}", ""),  # an item: a prize may be a thing, not money
    ("prizes: {places: [500, true]}", "a prize amount must be a number"),
])
def test_prize_configuration_errors(tmp_path: Path, prizes: str, message: str) -> None:
    """Issue: validation of prize settings — unknown player fields, overlapping rating bands, amounts."""
    content = tmp_path / "content"
    write_event(content, {"event.yaml": BASE_FILES["event.yaml"].replace(
        "    system: swiss", "    system: swiss\n    " + prizes)})
    result = CliRunner().invoke(main, ["check", str(content)])
    if not message:
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 2 and message in result.output, result.output


def test_players_written_in_a_one_section_event_file_are_located_where_written(tmp_path: Path) -> None:
    """An event without `sections:` whose `players:` holds the list itself: one error, at the list,
    saying where the list goes (not "must be text (hint: quote it)" at line 1, then a missing file)."""
    event = tmp_path / "content" / "open"
    event.mkdir(parents=True)
    (event / "event.yaml").write_text("name: Open\ngame: chess\nsystem: dutch\nrounds: 3\n"
                                      "players:\n  - {number: 1, name: A}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path / "content")])
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert lines[-1] == "1 error."
    assert lines[0].endswith("open/event.yaml:6:3: 'players:' names the file of the player list, not the "
                             "list itself (hint: move the list into players.yaml under 'players:' and write "
                             "'players: players.yaml', or leave 'players:' out)")
