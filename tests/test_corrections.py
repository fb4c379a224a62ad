"""A result corrected after later rounds were paired and played: one warning for those rounds, one
command that keeps them as played (recorded in each round file), and a result merely blanked to `?`
left to the pending-result warning."""

from __future__ import annotations

import itertools
import json
import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from site_builder.cli import main
from site_builder.languages import catalogue


def bulletin(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def correct_first_result(path: Path, to: str = "") -> None:
    """The first game's result changed to `to` (by default to another result: a correction)."""
    text = path.read_text(encoding="utf-8")
    first = re.search(r'"(2:0|1:1|0:2)"\]', text)
    assert first is not None
    to = to or ("1:1" if first.group(1) != "1:1" else "2:0")
    path.write_text(text[:first.start()] + f'"{to}"]' + text[first.end():], encoding="utf-8")


def test_a_correction_of_round_1_after_round_4_is_accepted_in_one_command(played: Path) -> None:
    rounds = played / "cup" / "open" / "rounds"
    correct_first_result(rounds / "01.yaml")
    code, out = bulletin("check", str(played), "--strict")
    assert code == 2
    (line,) = [line for line in out.splitlines() if "paired from other results" in line]
    assert "02.yaml:" in line and "rounds 2–4 of '公开组' were paired from other results" in line
    assert "run 'bulletin pair --accept 2..4'" in line
    code, out = bulletin("pair", str(played), "--accept", "2..4")
    assert code == 0, out
    assert out.count("按已赛保留：") == 3  # said in the event's language
    note = re.escape(catalogue("zh").labels["file.accepted_from"])
    for number in (2, 3, 4):
        text = (rounds / f"{number:02d}.yaml").read_text(encoding="utf-8")
        assert re.search(rf'^accepted_from: "[0-9a-f]{{16}}/[0-9a-f]{{16}}"   # {note}$', text, re.M)
        assert "paired_from: " in text  # what it was paired from stays: the trail
    assert bulletin("check", str(played), "--strict")[0] == 0


def test_after_a_partial_accept_the_later_round_is_not_said_to_come_from_a_kept_round(played: Path) -> None:
    """Round 1 corrected after round 4 was paired, rounds 2..3 kept as played: round 4's warning
    names the rounds from round 1 on, not round 3 alone (kept rounds vouch only for the rounds before
    them as they were when kept, which can be after round 4's pairing)."""
    rounds = played / "cup" / "open" / "rounds"
    correct_first_result(rounds / "01.yaml")
    assert bulletin("pair", str(played), "--accept", "2..3")[0] == 0
    code, out = bulletin("check", str(played))
    (line,) = [line for line in out.splitlines() if "paired from other results" in line]
    assert code == 0 and "04.yaml:" in line
    assert "round 4 of '公开组' was paired from other results of rounds 1–3 than their files now hold" in line
    assert "run 'bulletin pair --accept 4'" in line
    code, out = bulletin("verify", str(played))
    (four,) = [line for line in out.splitlines() if "第 4 轮:" in line]
    assert "第 1–3 轮的其他成绩" in four and "第 3 轮的其他成绩" not in four


def test_a_change_after_an_accept_names_the_round_changed_since_the_accept(played: Path) -> None:
    """Rounds 2..4 kept as played after a correction of round 1, then a result of round 3 corrected:
    round 4 was changed since it was kept in round 3 alone, and the warning says so (not "rounds
    1–3", which were as they are when round 4 was kept)."""
    rounds = played / "cup" / "open" / "rounds"
    correct_first_result(rounds / "01.yaml")
    assert bulletin("pair", str(played), "--accept", "2..4")[0] == 0
    correct_first_result(rounds / "03.yaml")
    code, out = bulletin("check", str(played))
    (line,) = [line for line in out.splitlines() if "paired from" in line]
    assert code == 0 and "04.yaml:" in line, out
    assert "round 4 of '公开组' was paired from other results of round 3 than its file now holds" in line


def test_accepting_an_unplayed_round_is_refused_and_nothing_is_written(played: Path) -> None:
    assert bulletin("pair", str(played))[0] == 0  # round 5 paired, not played
    before = {p: p.read_text(encoding="utf-8") for p in (played / "cup" / "open" / "rounds").glob("*.yaml")}
    code, out = bulletin("pair", str(played), "--accept", "4..5")
    assert code == 2 and "round 5 is not played yet" in out and "--replace" in out
    assert {p: p.read_text(encoding="utf-8") for p in before} == before


def test_accepting_rounds_paired_from_the_results_as_they_stand_writes_nothing(played: Path) -> None:
    before = {p: p.read_text(encoding="utf-8") for p in (played / "cup" / "open" / "rounds").glob("*.yaml")}
    code, out = bulletin("pair", str(played), "--accept", "2..3")
    assert code == 2 and "02.yaml:" in out and "nothing is to be accepted" in out and "(hint:" in out, out
    assert {p: p.read_text(encoding="utf-8") for p in before} == before


def test_a_result_blanked_to_pending_is_not_called_a_correction(played: Path) -> None:
    rounds = played / "cup" / "open" / "rounds"
    correct_first_result(rounds / "02.yaml", "?")
    code, out = bulletin("check", str(played))
    assert code == 0
    assert "result(s) pending while round 4 exists" in out and "paired from other results" not in out


GAME = re.compile(r"^(  - \[\d+, )(.+?), (.+?)(, \"[^\"]*\"\])$", re.M)


def swapped_opponents(played: Path, number: int) -> str:
    """Round `number`'s file changed by hand, results kept: two games exchanging their second players
    (the first two that can without a meeting the other rounds hold), else, when the random seed's
    rounds leave no such exchange, the first two games exchanging their boards; the `check` output
    that follows."""
    path = played / "cup" / "open" / "rounds" / f"{number:02d}.yaml"
    text = path.read_text(encoding="utf-8")
    games = list(GAME.finditer(text))
    for a, b in ((a, b) for i, a in enumerate(games) for b in games[i + 1:]):
        lines = {a.group(0): f"{a.group(1)}{a.group(2)}, {b.group(3)}{a.group(4)}",
                 b.group(0): f"{b.group(1)}{b.group(2)}, {a.group(3)}{b.group(4)}"}
        changed = GAME.sub(lambda m, lines=lines: lines.get(m.group(0), m.group(0)), text)
        path.write_text(changed, encoding="utf-8")
        code, out = bulletin("check", str(played))
        if code == 0:
            return out
    first, second = games[0], games[1]
    lines = {first.group(0): first.group(0).replace(first.group(1), second.group(1), 1),
             second.group(0): second.group(0).replace(second.group(1), first.group(1), 1)}
    path.write_text(GAME.sub(lambda m: lines.get(m.group(0), m.group(0)), text), encoding="utf-8")
    code, out = bulletin("check", str(played))
    assert code == 0, out
    return out


def test_a_pairing_changed_by_hand_is_named_as_a_pairing_not_a_corrected_result(played: Path) -> None:
    out = swapped_opponents(played, 2)
    (line,) = [line for line in out.splitlines() if "were paired from" in line]
    assert ("rounds 3–4 of '公开组' were paired from another pairing of round 2 than its file now holds (the "
            "pairing of round 2 was changed after pairing)") in line
    assert "result" not in line.split("(hint")[0]


def test_a_round_file_recording_one_digest_says_it_cannot_tell_a_pairing_from_a_result(played: Path) -> None:
    """`paired_from:` written before it recorded the pairings too: the round that changed is named."""
    for path in (played / "cup" / "open" / "rounds").glob("*.yaml"):
        path.write_text(re.sub(r'(paired_from: "[0-9a-f]{16})/[0-9a-f]{16}"', r'\1"',
                               path.read_text(encoding="utf-8")), encoding="utf-8")
    out = swapped_opponents(played, 2)
    assert ("rounds 3–4 of '公开组' were paired from round 2 as it was then, not as its file now holds (a "
            "pairing or a result was changed after pairing)") in out


STAGES = """players: players.yaml
sections:
  swiss: {name: 预赛, stage: 1, system: swiss-positional, rounds: 3}
  ko: {name: 淘汰赛, stage: 2, system: knockout, rounds: 3, qualify: {places: [1, 2, 3, 4, 5, 6, 7, 8]}}
"""


def staged(tmp_path: Path) -> Path:
    """12 players: a Swiss of 3 rounds played, then a knockout of its first 8, round 1 played."""
    content = tmp_path / "content"
    assert bulletin("new", str(content / "e"), "--game", "chess", "--players", "12", "--plain-seed")[0] == 0
    event = content / "e" / "event.yaml"
    (content / "e" / "open" / "players.yaml").rename(content / "e" / "players.yaml")
    text = event.read_text(encoding="utf-8")
    event.write_text(re.sub(r"draw_seed: \d+", "draw_seed: 42", text[:text.index("sections:")]) + STAGES,
                     encoding="utf-8")
    plays = (("swiss", 3, ("1-0", "0-1", "1-0", "=", "1-0")), ("ko", 1, ("1-0", "0-1")))
    for section, rounds, results in plays:
        for number in range(1, rounds + 1):
            code, out = bulletin("pair", str(content), "--section", section)
            assert code == 0, out
            path = content / "e" / section / "rounds" / f"{number:02d}.yaml"
            cycle = itertools.cycle(results)
            text = re.sub(r'"\?"', lambda _, c=cycle: f'"{next(c)}"', path.read_text(encoding="utf-8"))
            path.write_text(text, encoding="utf-8")
    return content


def test_a_stage_1_correction_that_changes_the_qualifiers_makes_the_knockout_stale(tmp_path: Path) -> None:
    content = staged(tmp_path)
    one = (content / "e" / "ko" / "rounds" / "01.yaml").read_text(encoding="utf-8")
    assert 'paired_from: "e3b0c44298fc1c14/' not in one  # the qualifiers it was drawn from are recorded
    three = content / "e" / "swiss" / "rounds" / "03.yaml"
    draw = '[4, "棋手04", "棋手09", "="]'
    assert draw in three.read_text(encoding="utf-8")
    corrected = three.read_text(encoding="utf-8").replace(draw, draw.replace("=", "0-1"))
    three.write_text(corrected, encoding="utf-8")
    code, out = bulletin("check", str(content))
    assert code == 0 and "late entry" not in out, out
    (line,) = [line for line in out.splitlines() if "qualif" in line]
    assert "ko/rounds/01.yaml:" in line
    assert "round 1 of '淘汰赛' was paired from other qualifiers of '预赛'" in line
    assert "'棋手06' now qualifies; '棋手04' no longer qualifies" in line
    assert "run 'bulletin pair --accept 1 --section ko'" in line
    assert bulletin("pair", str(content), "--accept", "1", "--section", "ko")[0] == 0  # the games stand
    code, out = bulletin("check", str(content), "--strict")
    assert "qualif" not in out and bulletin("pair", str(content), "--section", "ko")[0] == 0, out


LEAGUE = Path(__file__).resolve().parents[1] / "content" / "2024-student-shogi-league"


def test_a_stage_1_correction_makes_finals_paired_by_hand_stale(tmp_path: Path) -> None:
    """docs/content.md: a round robin final and the random rounds whose files record no qualifiers
    (no `paired_from:`) are stale for them once a stage-1 correction changes who qualifies: each
    section's first round names a player who no longer qualifies and not the new qualifier."""
    content = tmp_path / "content"
    shutil.copytree(LEAGUE, content / LEAGUE.name)
    event = content / LEAGUE.name
    assert "paired_from" not in (event / "final-a" / "rounds" / "01.yaml").read_text(encoding="utf-8")
    assert bulletin("check", str(content), "--strict")[0] == 0
    four = event / "group-a" / "rounds" / "04.yaml"
    game = '[3, "袁明子", "叶欣", "1-0"]'  # 叶欣 becomes second of group A, 袁明子 leaves the places
    text = four.read_text(encoding="utf-8")
    four.write_text(text.replace(game, game.replace("1-0", "0-1")), encoding="utf-8")
    challenges = event / "challenges.yaml"  # now refused: 袁明子 is ranked far above 张梓梓
    challenges.write_text(challenges.read_text(encoding="utf-8").replace('  - [袁明子, 张梓梓, "="]\n', ""),
                          encoding="utf-8")
    code, out = bulletin("check", str(content))
    assert code == 0, out
    (final,) = [line for line in out.splitlines() if "'决赛甲组'" in line]
    assert "final-a/rounds/01.yaml:2:8: rounds 1–7 of '决赛甲组' were paired from other qualifiers" in final
    assert "'叶欣' now qualifies; '袁明子' no longer qualifies" in final
    assert "run 'bulletin pair --accept 1..7 --section final-a'" in final
    assert any("rounds 1–2 of '第二阶段随机对局' were paired from other qualifiers" in line
               for line in out.splitlines())
    assert bulletin("check", str(content), "--strict")[0] == 2
    code, out = bulletin("pair", str(content), "--accept", "1..7", "--section", "final-a")  # the games stand
    assert code == 0, out
    first = (event / "final-a" / "rounds" / "01.yaml").read_text(encoding="utf-8")
    assert 'round: 1\naccepted_from: "' in first
    assert "'决赛甲组'" not in bulletin("check", str(content))[1]


def knockout_played(tmp_path: Path) -> Path:
    """An 8-player chess knockout, rounds 1 and 2 played: the first player of every match wins its
    first game and draws the second."""
    content = tmp_path / "content"
    code, out = bulletin("new", str(content / "ko"), "--game", "chess", "--language", "en", "--system",
                         "knockout", "--players", "8", "--plain-seed")
    assert code == 0, out
    for number in (1, 2):
        assert bulletin("pair", str(content))[0] == 0
        path = content / "ko" / "open" / "rounds" / f"{number:02d}.yaml"
        text = re.sub(r'(games:\n +- \[[^\]]*)"\?"\]\n( +- \[[^\]]*)"\?"\]', r'\1"1-0"]\n\2"1/2-1/2"]',
                      path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
    return content


def placing_rows(page: str) -> dict[str, tuple[str, str]]:
    """Each player's (place, the round the player went out in) as the placings page lists them."""
    rows = re.findall(r'<td class="num">([^<]+)</td><td class="num minor">\d+</td>\s*<th scope="row" '
                      r'class="name"><a href="[^"]+">([^<]+)</a></th><td class="minor">(?:<a [^>]+>)?([^<]*)',
                      page)
    return {name: (place, out) for place, name, out in rows}


def knockout_corrected(tmp_path: Path) -> tuple[Path, str, str]:
    """`knockout_played`, then round 1's board 1 corrected so that its loser wins it (0.5:1.5) and
    round 2 kept as played: the content, the player who went on and the corrected result's winner."""
    content = knockout_played(tmp_path)
    one = content / "ko" / "open" / "rounds" / "01.yaml"
    text = one.read_text(encoding="utf-8")
    went_on, corrected_winner = re.findall(r'- \["([^"]+)", "([^"]+)", "1-0"\]', text)[0]
    one.write_text(text.replace('"1-0"]', '"0-1"]', 1), encoding="utf-8")
    assert bulletin("pair", str(content), "--accept", "2")[0] == 0
    return content, went_on, corrected_winner


def test_a_knockout_correction_kept_as_played_places_players_by_the_bracket_as_played(tmp_path: Path) -> None:
    """docs/systems.md, Knockout sections: round 1's board 1 is corrected so that its loser wins it,
    after round 2 was played with its winner; round 2 is kept as played. The bracket as played decides
    who went on: the player who played on in the main bracket was not out in round 1, the one who did
    not go on was."""
    content, went_on, corrected_winner = knockout_corrected(tmp_path)
    assert bulletin("pair", str(content))[0] == 0
    code, out = bulletin("build", str(content), "-o", str(tmp_path / "out"), "--no-pdf")
    assert code == 0, out
    rows = placing_rows((tmp_path / "out" / "ko" / "open" / "placings.html").read_text(encoding="utf-8"))
    assert len(rows) == 8
    assert rows[went_on][0] in ("1-2", "3-4") and rows[went_on][1] != "Round 1"
    assert rows[corrected_winner] in (("5-6", "Round 1"), ("7-8", "Round 1"))
    assert sum(out == "Round 1" for _, out in rows.values()) == 4


def test_a_knockout_correction_kept_as_played_marks_who_went_on_on_every_page(tmp_path: Path) -> None:
    """docs/systems.md, Knockout sections: the corrected score stays, but the match's winner mark
    (bracket, round page, player card) follows the bracket as played, as the placings do, and the
    match says its result was corrected after the next round was paired."""
    content, went_on, corrected_winner = knockout_corrected(tmp_path)
    code, out = bulletin("build", str(content), "-o", str(tmp_path / "out"), "--no-pdf")
    assert code == 0, out
    site = tmp_path / "out" / "ko" / "open"
    said = "the result was corrected after the next round was paired: the bracket goes on as played"
    bracket = (site / "bracket.html").read_text(encoding="utf-8")
    start = bracket.index('<li class="bracket-match"')
    first = bracket[start:bracket.index("</li>", start)]
    assert re.search(rf'class="bracket-player won"><a [^>]+>{re.escape(went_on)}</a>', first)
    assert f">{corrected_winner}</a><span" not in first and said in first
    # the note is a line of the match's own, not part of its score, which never wraps (a phone's
    # bracket would squeeze the players' names out)
    assert f'<small class="muted bracket-note">{said}</small>' in first
    score = first.index('class="bracket-score"')
    assert said not in first[score:first.index("</span>", score)]
    round_page = (site / "round-01.html").read_text(encoding="utf-8")
    match = round_page[round_page.index('id="match-1"'):round_page.index('id="match-2"')]
    assert f"<strong>{went_on}</strong> advances" in match and said in match
    assert "0.5:1.5" in match  # the corrected score stays
    assert "Decided by" not in match
    assert f"<strong>{corrected_winner}</strong>" not in match
    event = json.loads((tmp_path / "out" / "ko" / "event.json").read_text(encoding="utf-8"))  # one answer
    players = {p["name"]: p["number"] for p in event["sections"][0]["players"]}
    first_match = event["sections"][0]["rounds"][0]["matches"][0]
    assert (first_match["winner"], first_match["corrected"]) == (players[went_on], True)


def test_a_correction_that_bars_played_challenges_is_one_line_and_pair_accept_keeps_them(tmp_path: Path
                                                                                          ) -> None:
    """Seed 000 六.3 and docs/systems.md, the shogi league's challenges: a result of group A's round 4
    corrected after the challenges were played changes the stage-2 ranking so that two played
    challenges no longer meet 六.3; `check` says so in one line at the first of them, naming the
    correction and `bulletin pair --accept challenges`, which keeps them as played: the challenge list
    gets `accepted_from:` (the ranking they are kept with), and they count again."""
    content = tmp_path / "content"
    shutil.copytree(LEAGUE, content / LEAGUE.name)
    event = content / LEAGUE.name
    four = event / "group-a" / "rounds" / "04.yaml"
    text = four.read_text(encoding="utf-8")
    game = '[1, "杜杰", "王明浩", "1-0"]'
    four.write_text(text.replace(game, game.replace("1-0", "0-1")), encoding="utf-8")
    code, out = bulletin("check", str(content))
    assert code != 0
    (line,) = [line for line in out.splitlines() if "challenge" in line]
    assert f"{LEAGUE.name}/challenges.yaml:5:5: challenge not allowed: 韩晨梓 (#10) may not challenge 杜杰 " \
           "(#24): the target is ranked 8 place(s) below the challenger" in line, out
    assert "; 高明宇 (#20) may not challenge 孙晨 (#27): the target is ranked 7 places above" in line
    assert ", by the stage-2 ranking as the results now stand, though played: a result of stage 1 or 2 " \
           "corrected after the challenges were agreed" in line
    assert f"'bulletin pair --event {LEAGUE.name} --accept challenges'" in line
    code, out = bulletin("pair", str(content), "--accept", "challenges")
    assert code == 0 and "challenges.yaml" in out, out
    text = (event / "challenges.yaml").read_text(encoding="utf-8")
    note = re.escape(catalogue("zh").labels["file.kept_as_played"])
    assert re.search(rf'^accepted_from: "[0-9a-f]{{16}}"   # {note}$', text, re.M), text
    code, out = bulletin("check", str(content))
    assert code == 0 and "challenge" not in out, out
    assert bulletin("pair", str(content), "--accept", "challenges")[0] != 0  # nothing more to keep


def test_a_challenge_barred_for_a_reason_no_result_gives_is_not_kept(tmp_path: Path) -> None:
    """六.3: a second challenge by the same challenger is no correction's doing: it stays an error
    after `accepted_from:`, whatever the ranking."""
    content = tmp_path / "content"
    shutil.copytree(LEAGUE, content / LEAGUE.name)
    path = content / LEAGUE.name / "challenges.yaml"
    path.write_text(path.read_text(encoding="utf-8") + '  - [朱轩文, 袁明子, "1-0"]\n', encoding="utf-8")
    assert bulletin("pair", str(content), "--accept", "challenges")[0] != 0
    code, out = bulletin("check", str(content))
    assert code != 0 and "has already challenged once" in out and "though played" not in out, out


def round_robin(tmp_path: Path, played: int = 3, days: int = 1) -> Path:
    """A 6-player round robin (chess, English), rounds 1..`played` paired and played, over `days`
    days (round n dated on day n)."""
    from organizer import give_dates

    content = tmp_path / "content"
    assert bulletin("new", str(content / "rr"), "--game", "chess", "--language", "en",
                    "--system", "round-robin", "--players", "6", "--plain-seed")[0] == 0
    give_dates(content / "rr", f"[2027-03-01, 2027-03-{days:02d}]")
    for number in range(1, played + 1):
        assert bulletin("pair", str(content))[0] == 0
        path = content / "rr" / "open" / "rounds" / f"{number:02d}.yaml"
        results = itertools.cycle(("1-0", "1/2-1/2", "0-1"))
        text = re.sub(r'"\?"', lambda _, r=results: f'"{next(r)}"', path.read_text(encoding="utf-8"))
        text = re.sub(r"^# date: .*$", f"date: 2027-03-{number:02d}", text, flags=re.M)
        path.write_text(text, encoding="utf-8")
    return content


def test_a_correction_makes_no_round_of_a_round_robin_stale(tmp_path: Path) -> None:
    """A Berger table (FIDE C.05 Annex 1) does not depend on results (`PairingRules.reads_results`):
    a result corrected after later rounds were paired leaves them as they are (docs/content.md)."""
    content = round_robin(tmp_path)
    correct_first_result_to(content / "rr" / "open" / "rounds" / "01.yaml")
    code, out = bulletin("check", str(content), "--strict")
    assert code == 0 and "paired from" not in out, out
    code, out = bulletin("verify", str(content))
    assert code == 0 and "paired from" not in out, out


def test_a_withdrawal_still_makes_a_round_robin_round_stale_and_a_kept_one_stays_kept(tmp_path: Path) -> None:
    """A withdrawal changes a Berger table's rounds after it (the withdrawn player's games are
    forfeits): the round paired before it is stale, the warning naming the round and the withdrawal,
    not the rounds before (docs/content.md); kept as played, a later correction of a result leaves it
    kept."""
    content = round_robin(tmp_path, played=2)
    assert bulletin("pair", str(content))[0] == 0
    rounds = content / "rr" / "open" / "rounds"
    three = rounds / "03.yaml"
    game = re.search(r'^  - \[1, "([^"]+)", "([^"]+)", "\?"\]$', three.read_text(encoding="utf-8"), re.M)
    assert game is not None
    with (rounds / "02.yaml").open("a", encoding="utf-8") as out:
        out.write(f'withdrawn: ["{game[2]}"]\n')
    three.write_text(re.sub(r'"\?"', '"1-0"', three.read_text(encoding="utf-8")).replace(
        f'"{game[2]}", "1-0"]', f'"{game[2]}", "+:-"]'), encoding="utf-8")
    code, out = bulletin("check", str(content), "--strict")
    assert code == 2 and "round 3 of 'Open' was paired from another field of round 2 than its file now " \
        "holds (a withdrawal was added to round 2 after pairing)" in out, out
    assert bulletin("pair", str(content), "--accept", "3")[0] == 0
    correct_first_result_to(rounds / "01.yaml")
    code, out = bulletin("check", str(content), "--strict")
    assert code == 0 and "paired from" not in out, out


def correct_first_result_to(path: Path) -> None:
    """The first chess game's result of the round file `path` changed to another result."""
    text = path.read_text(encoding="utf-8")
    first = re.search(r'"(1-0|0-1|1/2-1/2)"\]', text)
    assert first is not None
    to = "0-1" if first.group(1) != "0-1" else "1-0"
    path.write_text(text[:first.start()] + f'"{to}"]' + text[first.end():], encoding="utf-8")


def test_the_round_pair_writes_after_a_withdrawal_passes_check_strict(tmp_path: Path) -> None:
    """A round robin's withdrawn player keeps his place in the table and loses his later games by
    forfeit (FIDE C.06 art. 5.4), which `pair` writes with the pairing: those forfeits are no results
    that need the round's date (docs/content.md), so the file pair writes passes `check --strict`;
    once a game is played, the date is asked for."""
    content = round_robin(tmp_path, played=2, days=5)
    two = content / "rr" / "open" / "rounds" / "02.yaml"
    player = re.search(r'^  - \[1, "([^"]+)"', two.read_text(encoding="utf-8"), re.M)
    assert player is not None
    with two.open("a", encoding="utf-8") as out:
        out.write(f'withdrawn: ["{player[1]}"]\n')
    assert bulletin("pair", str(content))[0] == 0
    three = content / "rr" / "open" / "rounds" / "03.yaml"
    assert re.search(r'"(-:\+|\+:-)"\]', three.read_text(encoding="utf-8")), three.read_text(encoding="utf-8")
    code, out = bulletin("check", str(content), "--strict")
    assert code == 0 and "no date" not in out, out
    three.write_text(three.read_text(encoding="utf-8").replace('"?"]', '"1-0"]', 1), encoding="utf-8")
    code, out = bulletin("check", str(content), "--strict")
    assert code == 2 and "round 3 of 'Open' has results but no date" in out, out


def withdrawal_paired(tmp_path: Path) -> tuple[Path, Path, str]:
    """A round robin of two rounds played, round 2's first player withdrawn after it and round 3 paired
    (his game a forfeit): the content, round 2's file and its text before the withdrawal."""
    content = round_robin(tmp_path, played=2)
    two = content / "rr" / "open" / "rounds" / "02.yaml"
    before = two.read_text(encoding="utf-8")
    player = re.search(r'^  - \[1, "([^"]+)"', before, re.M)
    assert player is not None
    two.write_text(before + f'withdrawn: ["{player[1]}"]\n', encoding="utf-8")
    assert bulletin("pair", str(content))[0] == 0
    return content, two, before


def test_a_withdrawal_taken_back_leaves_the_round_paired_from_it_to_be_paired_again(tmp_path: Path) -> None:
    """A withdrawal removed after the next round was paired: the warning says the field changed, and
    the forfeits `pair` wrote for the player are no results — judged against the withdrawals the
    round was paired from — so `--accept` refuses the round, not played yet, and `--replace` pairs
    it again (docs/content.md: a stale round whose only decided games are such forfeits is paired
    again; docs/commands.md: `--accept` refuses a round not played yet)."""
    content, two, before = withdrawal_paired(tmp_path)
    three = two.with_name("03.yaml")
    assert re.search(r'"(-:\+|\+:-)"\]', three.read_text(encoding="utf-8"))
    two.write_text(before, encoding="utf-8")  # the withdrawal was a mistake
    code, out = bulletin("check", str(content))
    assert code == 0 and "round 3 of 'Open' was paired from another field of round 2 than its file now " \
        "holds (a withdrawal was removed from round 2 after pairing), and round 3 is not played yet" in out, \
        out
    assert "--replace" in out and "--accept" not in out, out
    code, out = bulletin("verify", str(content))
    assert "a withdrawal was removed after pairing" in out, out
    paired = three.read_text(encoding="utf-8")
    code, out = bulletin("pair", str(content), "--accept", "3")
    assert code == 2 and "round 3 is not played yet" in out, out
    assert three.read_text(encoding="utf-8") == paired
    code, out = bulletin("pair", str(content), "--replace")
    assert code == 0, out
    assert not re.search(r'"(-:\+|\+:-)"\]', three.read_text(encoding="utf-8"))
    code, out = bulletin("check", str(content), "--strict")
    assert code == 0 and "paired from" not in out, out


def test_a_round_played_after_a_withdrawal_taken_back_is_kept_not_paired_again(tmp_path: Path) -> None:
    """The same round with a game played over the board has results: `--replace` refuses it and
    `--accept` keeps it (the forfeit alone is no result, a game played is)."""
    content, two, before = withdrawal_paired(tmp_path)
    three = two.with_name("03.yaml")
    three.write_text(three.read_text(encoding="utf-8").replace('"?"]', '"1-0"]', 1), encoding="utf-8")
    two.write_text(before, encoding="utf-8")
    code, out = bulletin("pair", str(content), "--replace")
    assert code == 2 and "round 3 already has results" in out, out
    code, out = bulletin("pair", str(content), "--accept", "3")
    assert code == 0, out


def test_accepting_a_round_the_section_does_not_have_is_refused_in_one_located_line(played: Path) -> None:
    """`--accept 7` of a 5-round section (4 played): refused at the section's `rounds:` in event.yaml,
    saying which rounds it has, with a hint; a round planned but not paired yet (5) is refused at
    the last round's file (errors are `file:line:column: message (hint: …)`, docs/commands.md)."""
    code, out = bulletin("pair", str(played), "--accept", "7")
    line = r"\S*cup/event\.yaml"  # as the command shows it: absolute, or relative when that is shorter
    assert code == 2 and re.search(rf"^{line}:\d+:\d+: round 7 of '公开组' is not played \(the section has "
                                   r"rounds 1–4, of 5 planned\) \(hint: give a round from 1 to 4\)$",
                                   out.strip().removeprefix("error: ")), out
    event = (played / "cup" / "event.yaml").read_text(encoding="utf-8").splitlines()
    at = int(re.search(r"event\.yaml:(\d+):", out)[1])  # type: ignore[index]
    assert event[at - 1].strip().startswith("rounds:"), event[at - 1]
    code, out = bulletin("pair", str(played), "--accept", "5")
    assert code == 2 and "04.yaml:" in out and "round 5 of '公开组' is not played" in out, out


def test_pair_after_a_correction_names_the_rounds_waiting_for_the_arbiter(played: Path) -> None:
    """`pair` pairs round 5 from the corrected results (the new round is not stale), and says on
    stderr, as `check` does, that rounds 2–4 were paired from the result before the correction: the
    arbiter learns it then, not from CI's `check --strict`."""
    rounds = played / "cup" / "open" / "rounds"
    correct_first_result(rounds / "01.yaml")
    _, checked = bulletin("check", str(played))
    (said,) = [line for line in checked.splitlines() if "paired from other results" in line]
    result = CliRunner().invoke(main, ["pair", str(played)])
    assert result.exit_code == 0, result.output
    assert (rounds / "05.yaml").exists() and "paired from" not in result.stdout
    assert result.stderr.splitlines() == [said]
    _, after = bulletin("check", str(played))
    assert [line for line in after.splitlines() if "paired from" in line] == [said]  # round 5 is not stale
