"""`bulletin generate --system lim` and `bulletin verify`: the Lim system's checker accepts every
round of a generated tournament and names the round, the criterion and the article of one whose
opponents were exchanged; the TRF-2026 file of a Lim tournament names its system."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.cli import main
from site_builder.tournament.generate import write_generated
from site_builder.tournament.generator import Spec
from site_builder.trf.names import system_for_trf

GAME = re.compile(r'^  - \[(\d+), "([^"]+)", "([^"]+)", "([^"]+)"\]$', re.M)


def bulletin(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    content = tmp_path_factory.mktemp("lim") / "content"
    spec = Spec(seed=5, system="lim", players=13, rounds=6, half_byes=0.05, forfeits=0.05, abnormal=0.05)
    write_generated(spec, content / "open")
    return content


def test_every_round_of_a_generated_tournament_keeps_every_criterion(generated: Path) -> None:
    code, out = bulletin("verify", str(generated))
    rounds = [line for line in out.splitlines() if " round " in line and "standings" not in line]
    assert code == 0, out
    assert len(rounds) == 6 and all("checked one by one" in line for line in rounds), out


def _exchange(text: str) -> str:
    """The round file with the second players of its first two games exchanged."""
    games = GAME.findall(text)
    (b1, w1, s1, r1), (b2, w2, s2, r2) = games[0], games[1]
    old = f'  - [{b1}, "{w1}", "{s1}", "{r1}"]\n  - [{b2}, "{w2}", "{s2}", "{r2}"]'
    new = f'  - [{b1}, "{w1}", "{s2}", "{r1}"]\n  - [{b2}, "{w2}", "{s1}", "{r2}"]'
    assert old in text
    return text.replace(old, new)


def test_two_opponents_exchanged_in_a_middle_round_are_refused(generated: Path, tmp_path: Path) -> None:
    import shutil

    content = tmp_path / "content"
    shutil.copytree(generated, content)
    event = content / "open" / "event.yaml"
    own = "system: lim\n    rematches: true"  # the loader lets a rematch through to the checker
    event.write_text(event.read_text(encoding="utf-8").replace("system: lim", own), encoding="utf-8")
    third = content / "open" / "open" / "rounds" / "03.yaml"
    third.write_text(_exchange(third.read_text(encoding="utf-8")), encoding="utf-8")
    code, out = bulletin("verify", str(content))
    lines = {line.split(":")[0].rsplit(" ", 1)[-1]: line for line in out.splitlines() if " round " in line}
    assert code != 0
    assert lines["1"].startswith("ok") and lines["2"].startswith("ok")
    assert lines["3"].startswith("DIFF"), out
    assert re.search(r"round 3: [AQ]\d \(C\.04\.\d(\.\d)* art\. [\d.]+\) broken: ", lines["3"]), lines["3"]


def test_a_lim_trf_file_names_its_system_in_092_and_is_a_custom_swiss_in_192(tmp_path: Path) -> None:
    """TRF-2026's code table has no code for Lim: the file says CUSTOM_SWISS and names the system in
    its free-text tournament type, which a file without a 192 record is read back by."""
    code, out = bulletin("generate", "--system", "lim", "-o", str(tmp_path / "lim.trf"), "--seed", "2",
                         "--players", "10", "--rounds", "5", "--baku")
    assert code == 0, out
    header = (tmp_path / "lim.trf").read_text(encoding="utf-8").splitlines()
    assert "092 Swiss Lim" in header and "192 CUSTOM_SWISS" in header
    assert any(line.startswith("250 ") for line in header)  # the Baku method's virtual points
    assert system_for_trf("FIDE Lim System") == "lim" and system_for_trf("Swiss Lim") == "lim"
    assert system_for_trf("FIDE_DUTCH_2025") == "dutch"


def _cell(line: str, rnd: int) -> str:
    """A TRF player record's cell of round `rnd`: opponent (4 columns), colour, result."""
    return line[91 + 10 * (rnd - 1):99 + 10 * (rnd - 1)]


def _tampered(lines: list[str], rnd: int) -> list[str]:
    """The file with the Black players of two games of round `rnd` with the same result exchanged."""
    players = {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001 ")}
    white = [(n, _cell(lines[i], rnd)) for n, i in players.items() if _cell(lines[i], rnd)[5] == "w"]
    result = next(r for _, cell in white if sum(c[7] == (r := cell[7]) for _, c in white) > 1)
    (a, b), (c, d) = [(n, int(cell[:4])) for n, cell in white if cell[7] == result][:2]
    out = list(lines)
    for player, opponent in ((a, d), (d, a), (c, b), (b, c)):
        line = out[players[player]]
        cell = _cell(line, rnd)
        start = 91 + 10 * (rnd - 1)
        out[players[player]] = line[:start] + f"{opponent:4d}" + cell[4:] + line[start + 8:]
    return out


def test_a_trf_file_without_192_is_verified_as_lim_and_a_tampered_round_refused(tmp_path: Path) -> None:
    """`bulletin verify FILE.trf` on a Lim file read by its 092 type: every round accepted, and
    round 3 with two opponents exchanged refused with its criterion and article."""
    trf = tmp_path / "lim.trf"
    code, out = bulletin("generate", "--system", "lim", "-o", str(trf), "--seed", "4", "--players", "12",
                         "--rounds", "6", "--forfeits", "0.05")
    assert code == 0, out
    lines = [line for line in trf.read_text(encoding="utf-8").splitlines() if not line.startswith("192 ")]
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = bulletin("verify", str(trf))
    assert code == 0 and out.count("checked one by one") == 6, out
    trf.write_text("\n".join(_tampered(lines, 3)) + "\n", encoding="utf-8")
    code, out = bulletin("verify", str(trf))
    said = {line.split(":")[0].rsplit(" ", 1)[-1]: line for line in out.splitlines() if " round " in line}
    assert code != 0 and said["2"].startswith("ok"), out
    broken = r"DIFF  lim/main round 3: [AQ]\d \(C\.04\.\d(\.\d)* art\. [\d.]+\) broken: "
    assert re.search(broken, said["3"]), out


def test_a_lim_section_exported_as_trf16_is_imported_as_lim(generated: Path, tmp_path: Path) -> None:
    """TRF16 has no 192 record: `092 Swiss Lim` carries the system through export and import."""
    trf = tmp_path / "open.trf"
    code, out = bulletin("export", "trf", str(generated / "open"), "-o", str(trf))
    assert code == 0, out
    assert "092 Swiss Lim" in trf.read_text(encoding="utf-8").splitlines()
    code, out = bulletin("import", "trf", str(trf), str(tmp_path / "again"))
    assert code == 0, out
    assert "system: lim" in (tmp_path / "again" / "event.yaml").read_text(encoding="utf-8")
    assert len(list((tmp_path / "again" / "rounds").glob("*.yaml"))) == 6
