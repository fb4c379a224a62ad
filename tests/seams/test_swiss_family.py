"""FIDE's Swiss family end to end (issue 40's "Done when"): for each system, `bulletin generate`
writes a tournament (byes, forfeits, ½-0 results, the Baku acceleration, a tie-break list) that
`bulletin verify` accepts round by round; the same file with two opponents exchanged in a middle
round is refused, the message naming that round and the criterion broken."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.cli import main

#: The FIDE Swiss systems that `bulletin generate` plays and `bulletin verify` checks.
FAMILY = ("dutch", "dubov", "burstein", "lim")

#: A TRF player line's rounds: from column 90, ten characters each (opponent in 92–95, colour 97, result 99).
ROUNDS_AT, ROUND_WIDTH = 89, 10


def _generate(tmp_path: Path, system: str, *extra: str) -> Path:
    out = tmp_path / f"{system}.trf"
    result = CliRunner().invoke(main, ["generate", "--system", system, "-o", str(out), "--seed", "7",
                                       "--players", "16", "--rounds", "7", "--half-byes", "0.03",
                                       "--forfeits", "0.03", "--abnormal", "0.03", *extra])
    assert result.exit_code == 0, result.output
    return out


def _verify(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["verify", str(path)])
    return result.exit_code, result.output


def _cells(line: str) -> list[tuple[str, str, str]]:
    rounds = line[ROUNDS_AT:]
    return [(rounds[i:i + 6].strip(), rounds[i + 7:i + 8], rounds[i + 9:i + 10])
            for i in range(0, len(rounds.rstrip()), ROUND_WIDTH)]


def exchanged(text: str, rnd: int) -> str:
    """The TRF `text` with two games of round `rnd` that ended alike (both played, same result,
    the players of different scores before it) given each other's second player: A–B and C–D
    become A–D and C–B, every result and colour kept, so that no score changes."""
    lines = text.splitlines()
    players = {int(line[4:8]): (i, _cells(line)) for i, line in enumerate(lines) if line.startswith("001")}
    score = {n: sum({"1": 2, "=": 1, "+": 2, "W": 2, "D": 1, "H": 1, "F": 2, "U": 2}.get(c[2], 0)
                    for c in cells[:rnd - 1]) for n, (_, cells) in players.items()}
    games = []
    for number, (_, cells) in sorted(players.items()):
        opponent, colour, result = cells[rnd - 1]
        if colour == "w" and opponent.isdigit() and result in "10=":
            games.append((number, int(opponent), result))
    met = {frozenset((n, int(c[0]))) for n, (_, cells) in players.items() for c in cells if c[0].isdigit()}
    for a, b, result in games:
        for c, d, other in games:
            if (a < c and result == other and score[a] != score[c]
                    and frozenset((a, d)) not in met and frozenset((c, b)) not in met):
                return "\n".join(_swapped(lines, players, rnd, {a: d, d: a, c: b, b: c})) + "\n"
    raise AssertionError(f"round {rnd} has no two games to exchange")


def _swapped(lines: list[str], players: dict[int, tuple[int, list[tuple[str, str, str]]]], rnd: int,
             opponent: dict[int, int]) -> list[str]:
    out = list(lines)
    at = ROUNDS_AT + (rnd - 1) * ROUND_WIDTH
    for number, new in opponent.items():
        index = players[number][0]
        out[index] = out[index][:at] + f"{new:>6}" + out[index][at + 6:]
    return out


@pytest.mark.parametrize("system", FAMILY)
def test_a_generated_tournament_is_accepted_round_by_round(tmp_path: Path, system: str) -> None:
    code, said = _verify(_generate(tmp_path, system, "--baku", "--tiebreaks", "BH-C1,BH,SB,DE,WIN"))
    assert code == 0, said
    assert len(re.findall(r"^ok", said, re.M)) >= 7, said


@pytest.mark.parametrize("system", FAMILY)
def test_two_opponents_exchanged_in_a_middle_round_are_refused(tmp_path: Path, system: str) -> None:
    path = _generate(tmp_path, system)
    path.write_text(exchanged(path.read_text(encoding="utf-8"), 4), encoding="utf-8")
    code, said = _verify(path)
    assert code == 1, said
    verdicts = {int(m.group(2)): (m.group(1), m.group(3)) for m in
                re.finditer(r"^(\S+)\s+\S+ round (\d+): (.*)$", said, re.M)}
    assert all(verdicts[n][0] == "ok" for n in (1, 2, 3)), said
    criterion = r"\S+ \(C\.04\.[\d.]+ art\. [\d.]+\) broken|worse on C\d+"  # its own checker's, or the Dutch
    assert verdicts[4][0] == "DIFF" and re.search(criterion, verdicts[4][1]), said


def test_verify_round_checks_that_round_alone(tmp_path: Path) -> None:
    """`bulletin verify FILE --round N`: one line, round N's, and the summary; the exit status is
    that round's (an arbiter checking the round just paired)."""
    path = _generate(tmp_path, "dubov")
    path.write_text(exchanged(path.read_text(encoding="utf-8"), 4), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(path), "--round", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 2 and re.match(r"ok\s+\S+ round 3: ", lines[0]), result.output
    result = CliRunner().invoke(main, ["verify", str(path), "--round", "4"])
    assert result.exit_code == 1, result.output
    assert re.match(r"DIFF\s+\S+ round 4: .*broken", result.output.splitlines()[0]), result.output
    assert "standings" not in result.output
    result = CliRunner().invoke(main, ["verify", str(path), "--round", "9"])
    assert result.exit_code == 2 and "has a round 9 paired" in result.output, result.output
