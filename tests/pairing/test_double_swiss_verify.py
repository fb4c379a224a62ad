"""A generated Double-Swiss tournament (C.04.5) is accepted round by round by `bulletin verify`,
its checker judging each criterion from the rules; the same file with two opponents exchanged in
game 1 of a middle match is refused at that round, the criterion and its article named."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.cli import main
from site_builder.tournament.generate import write_generated
from site_builder.tournament.generator import Spec


def _generated(tmp_path: Path, seed: int, players: int, **more: object) -> Path:
    path = tmp_path / f"double-{seed}.trf"
    write_generated(Spec(seed=seed, players=players, system="double-swiss", **more), path)  # type: ignore[arg-type]
    return path


def _verify(path: Path) -> tuple[int, dict[int, str]]:
    result = CliRunner().invoke(main, ["verify", str(path)])
    rounds = {int(m.group(2)): m.group(0) for m in re.finditer(r"^(ok|DIFF)\s+\S+ round (\d+): .*$",
                                                                result.output, re.M)}
    return result.exit_code, rounds


@pytest.mark.parametrize(("seed", "players", "more"), [
    (3, 15, {}),
    (4, 12, {"forfeits": 0.15, "abnormal": 0.1}),
    (5, 17, {"baku": True, "forfeits": 0.05}),
])
def test_a_generated_tournament_is_accepted_round_by_round(tmp_path: Path, seed: int, players: int,
                                                           more: dict[str, object]) -> None:
    path = _generated(tmp_path, seed, players, **more)
    text = path.read_text(encoding="utf-8")
    code_192 = "192 FIDE_DOUBLESWISS_BAKU" if more.get("baku") else "192 FIDE_DOUBLESWISS\n"
    assert f"\n{code_192}" in text
    code, rounds = _verify(path)
    assert rounds and all(line.startswith("ok") for line in rounds.values()), rounds
    assert code == 0
    for line in (x for x in text.splitlines() if x.startswith("001 ")):  # art. 1.4: the bye scores 1½
        for number in range(1, len(rounds), 2):
            assert (_cell(line, number)[2] == "U") == (_cell(line, number + 1)[2] == "H")


def _cell(line: str, number: int) -> tuple[int, str, str]:
    """A TRF player line's round `number`: opponent, colour, result."""
    start = 91 + 10 * (number - 1)
    return int(line[start:start + 4] or 0), line[start + 5], line[start + 7]


#: a result as the opponent's column reads it
OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _set(line: str, number: int, opponent: int, result: str) -> str:
    start = 91 + 10 * (number - 1)
    return line[:start] + f"{opponent:4d}" + line[start + 4:start + 7] + result + line[start + 8:]


def _exchange(text: str, number: int) -> str:
    """Round `number` with the opponents of two players with White exchanged, each keeping their
    result: the first two (in pairing-number order) whose new opponents they meet in no other round."""
    lines = text.splitlines()
    players = {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001 ")}
    cells = {p: _cell(lines[i], number) for p, i in players.items()}
    rounds = (len(lines[players[1]]) - 91 + 2) // 10
    met = {(p, _cell(lines[i], r)[0]) for p, i in players.items() for r in range(1, rounds + 1)}
    whites = sorted(p for p, (opp, colour, result) in cells.items()
                    if colour == "w" and opp and result in OTHER)
    a, c = next((a, c) for a in whites for c in whites
                if a < c and (a, cells[c][0]) not in met and (c, cells[a][0]) not in met)
    b, d = cells[a][0], cells[c][0]
    for player, opponent, result in ((a, d, cells[a][2]), (d, a, OTHER[cells[a][2]]),
                                     (c, b, cells[c][2]), (b, c, OTHER[cells[c][2]])):
        lines[players[player]] = _set(lines[players[player]], number, opponent, result)
    return "\n".join(lines) + "\n"


def test_two_opponents_exchanged_in_a_middle_match_are_refused_at_that_round(tmp_path: Path) -> None:
    path = _generated(tmp_path, 3, 15)
    path.write_text(_exchange(path.read_text(encoding="utf-8"), 5), encoding="utf-8")
    code, rounds = _verify(path)
    assert code != 0
    assert all(rounds[n].startswith("ok") for n in range(1, 5)), rounds
    assert rounds[5].startswith("DIFF")
    assert re.search(r"(C\d+|3\.\d) \(C\.04\.5 art\. [\d.]+\) broken", rounds[5])
    # the preface (numbered 0 in the handbook): game 2 no longer repeats game 1 reversed, said as such
    assert "0 (C.04.5, preface) broken: " in rounds[6] and "art. 0" not in rounds[6]
    assert re.search(r"broken: .+ and .+ played game 1 of their match, but game 2 does not pair them "
                     r"with its colours reversed \(.+ White\)", rounds[6]), rounds[6]


def test_the_first_match_must_have_the_smallest_identifier(tmp_path: Path) -> None:
    """Art. 3.6.2: with no history the pairing 1-4, 2-5, 3-6 is the one; 1-6, 2-5, 3-4 keeps the
    absolute criteria and every higher criterion but pairs a larger identifier."""
    path = _generated(tmp_path, 3, 6, rounds=2)
    path.write_text(_exchange(path.read_text(encoding="utf-8"), 1), encoding="utf-8")
    _, rounds = _verify(path)
    assert "3.6 (C.04.5 art. 3.6.2) broken: the bracket of 0 points pairs 1-4, 2-5, 3-6 (the smallest " \
           "identifier), not 1-6, 2-5, 3-4" in rounds[1]


def test_baku_pairs_group_a_apart_in_the_first_match(tmp_path: Path) -> None:
    """C.04.7: group A (the top half, 4 of 8) starts with the virtual points of rounds 1 and 2
    (1 and ½, as the file's 250 records state) and forms its own bracket: 1-3 and 2-4, then 5-7 and
    6-8 (art. 3.6.2's smallest identifier)."""
    path = _generated(tmp_path, 3, 8, rounds=4, baku=True)
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("001 ")]
    assert [_cell(line, 1)[0] for line in lines] == [3, 4, 1, 2, 7, 8, 5, 6]
    virtual = "250       1.0 001 001 0001 0004\n250       0.5 002 002 0001 0004"
    assert virtual in path.read_text(encoding="utf-8")


def test_the_first_set_of_upfloaters_in_the_order_of_art_3_5_4_is_taken(tmp_path: Path) -> None:
    """Art. 3.5.4: with Baku, 3, 6 and 7 score 2 after the first match and need one upfloater of
    the three scoring 1½ (1, 5 and 9): equal on [C4]–[C7], the first set, {1}, is the one; the same
    round with 5 as the upfloater (1 and 9 paired instead) is refused."""
    path = _generated(tmp_path, 66, 9, rounds=8, baku=True, forfeits=0.08, abnormal=0.05)
    path.write_text(_exchange(path.read_text(encoding="utf-8"), 3), encoding="utf-8")
    _, rounds = _verify(path)
    assert "3.5 (C.04.5 art. 3.5.4) broken: the bracket of 2 points takes the upfloaters 1 (the first " \
           "set), not 5" in rounds[3]


@settings(max_examples=6, deadline=None)
@given(st.integers(1, 10_000), st.integers(5, 16), st.booleans())
def test_the_checker_accepts_every_round_the_engine_pairs(seed: int, players: int, baku: bool) -> None:
    """The checker, written from the criteria, and the engine agree on random tournaments: every
    round `bulletin generate` pairs (forfeits, ½-0 games, Baku) keeps every criterion."""
    with tempfile.TemporaryDirectory() as folder:
        path = _generated(Path(folder), seed, players, forfeits=0.1, abnormal=0.05, baku=baku)
        code, rounds = _verify(path)
    assert code == 0 and rounds and all(line.startswith("ok") for line in rounds.values()), rounds


def test_a_bracket_too_large_to_search_is_judged_against_one_exchange_of_opponents(tmp_path: Path) -> None:
    """20 players in match 1 make one bracket of 654,729,075 pairings: too many to search, it is
    still refused when two pairs exchanging their opponents back pairs a smaller identifier."""
    path = _generated(tmp_path, 3, 20, rounds=2)
    path.write_text(_exchange(path.read_text(encoding="utf-8"), 1), encoding="utf-8")
    _, rounds = _verify(path)
    assert "3.6 (C.04.5 art. 3.6.2) broken: the bracket of 0 points pairs 1-11," in rounds[1]


@pytest.mark.parametrize(("version", "baku", "stated"), [
    ("trf16", False, "092 FIDE_DOUBLESWISS"),
    ("trf2026", False, "192 FIDE_DOUBLESWISS"),
    ("trf2026", True, "192 FIDE_DOUBLESWISS_BAKU"),
])
def test_an_exported_double_swiss_is_imported_and_verified_as_one(tmp_path: Path, version: str, baku: bool,
                                                                   stated: str) -> None:
    """C.04.5 (and C.04.7 with Baku) through TRF: the file names the system (TRF16's free-text 092,
    TRF-2026's 192 code of FIDE's table, `_BAKU` when accelerated so), so that importing it gives a
    Double-Swiss again, every round of which `verify` checks by the rules (not a Swiss by hand)."""
    event = tmp_path / "content" / "cup"
    spec = Spec(seed=6, players=11, rounds=6, system="double-swiss", baku=baku, forfeits=0.05)
    write_generated(spec, event)
    trf = tmp_path / "cup.trf"
    result = CliRunner().invoke(main, ["export", "trf", str(event), "--format", version, "-o", str(trf)])
    assert result.exit_code == 0, result.output
    assert stated in trf.read_text(encoding="utf-8").splitlines()
    code, rounds = _verify(trf)
    assert code == 0 and len(rounds) == 6, rounds
    assert all("every criterion of the system's rules holds" in line for line in rounds.values()), rounds
    result = CliRunner().invoke(main, ["import", "trf", str(trf), str(tmp_path / "again")])
    assert result.exit_code == 0, result.output
    imported = (tmp_path / "again" / "event.yaml").read_text(encoding="utf-8")
    assert "system: double-swiss" in imported and ("acceleration: baku" in imported) == baku
