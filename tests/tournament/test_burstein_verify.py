"""The Burstein system end to end: `bulletin generate --system burstein` writes tournaments (byes,
forfeits, ½-0, Baku) that `bulletin verify` accepts round by round, checked by the system's own
checker; the same file with two opponents exchanged in a round after the seeding rounds is refused at
that round with the criterion and its article; TRF-2026 carries the system as FIDE_BURSTEIN(_BAKU)
both ways; `bulletin pair` pairs a generated folder's last round as the generator did."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.cli import main
from site_builder.tournament.check import verify_trf
from site_builder.tournament.generate import trf_text
from site_builder.tournament.generator import Spec, generate
from site_builder.trf.records import ROUND_START

COMPLEMENT = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
BREACH = re.compile(r"(C[1-8]|3\.1|4|5\.2|1\.6\.1) \(C\.04\.4\.2 art\. [\d.]+\) broken: ")


def burstein(seed: int, players: int = 15, baku: bool = False) -> str:
    spec = Spec(seed=seed, system="burstein", players=players, rounds=7, half_byes=0.04, zero_byes=0.03,
                forfeits=0.04, abnormal=0.04, baku=baku)
    return trf_text(generate(spec))


def exchanged(text: str, rnd: int, skip: int = 0) -> str:
    """Round `rnd` with two games exchanging their black players (results kept), such that nobody
    meets twice; `skip` passes over that many candidate exchanges first."""
    lines = text.splitlines()
    index = {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001 ")}
    at = ROUND_START - 1 + 10 * (rnd - 1)
    met = {frozenset((n, int(lines[i][c:c + 4]))) for n, i in index.items()
           for c in range(ROUND_START - 1, len(lines[i]), 10) if lines[i][c:c + 4].strip(" 0")}
    whites = [n for n, i in sorted(index.items()) if lines[index[n]][at + 5] == "w"
              and lines[index[n]][at + 7] in "10="]
    for a, c in itertools.combinations(whites, 2):
        b, d = int(lines[index[a]][at:at + 4]), int(lines[index[c]][at:at + 4])
        if frozenset((a, d)) in met or frozenset((c, b)) in met:
            continue
        if skip:
            skip -= 1
            continue
        cell_a, cell_c = lines[index[a]][at:at + 8], lines[index[c]][at:at + 8]
        cells = ((a, f"{d:>4}{cell_a[4:]}"), (c, f"{b:>4}{cell_c[4:]}"),
                 (d, f"{a:>4} b {COMPLEMENT[cell_a[7]]}"), (b, f"{c:>4} b {COMPLEMENT[cell_c[7]]}"))
        for player, cell in cells:
            line = lines[index[player]]
            lines[index[player]] = line[:at] + cell + line[at + 8:]
        return "\n".join(lines) + "\n"
    raise AssertionError(f"no two games of round {rnd} can exchange players")


@pytest.mark.parametrize(("seed", "baku"), [(1, False), (2, True), (3, False)])
def test_a_generated_tournament_verifies_rule_by_rule(tmp_path: Path, seed: int, baku: bool) -> None:
    path = tmp_path / "open.trf"
    path.write_text(burstein(seed, baku=baku), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    rounds = [line for line in result.output.splitlines() if re.match(r"\w+ +open/main round \d+: ", line)]
    assert len(rounds) == 7
    assert all(line.startswith("ok") and "checked one by one" in line for line in rounds)


def test_two_opponents_exchanged_after_the_seeding_rounds_are_refused_at_that_round(tmp_path: Path) -> None:
    """Seven rounds: three seeding rounds; round 5 exchanged is named with a criterion and its article."""
    text = exchanged(burstein(5), 5)
    verdicts, _ = verify_trf(tmp_path / "open.trf", text)
    rounds = [v for v in verdicts if not v.standings]
    assert [v.agrees for v in rounds[:4]] == [True] * 4
    assert not rounds[4].agrees and rounds[4].where.endswith("round 5")
    assert BREACH.match(rounds[4].text), rounds[4].text


def test_two_opponents_exchanged_in_a_seeding_round_break_art_1_6_1(tmp_path: Path) -> None:
    verdicts, _ = verify_trf(tmp_path / "open.trf", exchanged(burstein(6), 2))
    rounds = [v for v in verdicts if not v.standings]
    assert rounds[0].agrees and not rounds[1].agrees
    assert rounds[1].text.startswith("1.6.1 (C.04.4.2 art. 1.6.1) broken: "), rounds[1].text


def test_the_cli_names_the_round_the_criterion_and_the_article(tmp_path: Path) -> None:
    path = tmp_path / "open.trf"
    path.write_text(exchanged(burstein(7, players=12), 6), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1
    line = next(line for line in result.output.splitlines() if line.startswith("DIFF"))
    assert line.startswith("DIFF  open/main round 6: ") and BREACH.match(line.split(": ", 1)[1]), line


def test_trf_2026_carries_the_system_both_ways(tmp_path: Path) -> None:
    text = burstein(2, baku=True)
    assert "\n192 FIDE_BURSTEIN_BAKU\n" in text
    source = tmp_path / "open.trf"
    source.write_text(text, encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(main, ["import", "trf", str(source), str(tmp_path / "ev")]).exit_code == 0
    event = (tmp_path / "ev" / "event.yaml").read_text(encoding="utf-8")
    assert "system: burstein" in event and "acceleration: baku" in event
    back = tmp_path / "back.trf"
    result = runner.invoke(main, ["export", "trf", str(tmp_path / "ev"), "--format", "trf2026",
                                  "-o", str(back)])
    assert result.exit_code == 0, result.output
    assert back.read_text(encoding="utf-8") == text


def test_a_generated_folder_is_paired_again_by_bulletin_pair(tmp_path: Path) -> None:
    runner = CliRunner()
    folder = tmp_path / "content" / "ev"
    result = runner.invoke(main, ["generate", "--system", "burstein", "--seed", "4", "--players", "13",
                                  "--rounds", "6", "--half-byes", "0.05", "--forfeits", "0.05",
                                  "-o", str(folder)])
    assert result.exit_code == 0, result.output
    assert runner.invoke(main, ["verify", str(tmp_path / "content")]).exit_code == 0
    last = folder / "open" / "rounds" / "06.yaml"
    games = re.compile(r'^  - \[(\d+, "[^"]+", "[^"]+")', re.M)
    generated = games.findall(last.read_text(encoding="utf-8"))
    last.unlink()
    result = runner.invoke(main, ["pair", str(tmp_path / "content")])
    assert result.exit_code == 0, result.output
    assert games.findall(last.read_text(encoding="utf-8")) == generated and len(generated) == 6
