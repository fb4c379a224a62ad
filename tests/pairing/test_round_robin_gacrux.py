"""Generated round robins checked with Gacrux's Berger pairing checker (tests/data/round-robin-gacrux,
see its README): each round of each file is the engine's Berger table (C.05 Annex 1, one cycle or
two, with or without the swap of the first cycle's last two rounds), and Gacrux accepted it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from site_builder.pairing.round_robin import berger_rounds, bye_number

DATA = Path(__file__).parents[1] / "data" / "round-robin-gacrux"
FILES = sorted(DATA.glob("*.trf"))
#: The 192 codes: cycles and the swap.
CODES = {"FIDE_ROUNDROBIN": (1, True), "FIDE_DOUBLEROUNDROBIN": (2, True),
         "BERGER_DOUBLEROUNDROBIN": (2, False)}

Pair = tuple[int, int]


def rounds_of(path: Path) -> tuple[str, int, list[list[Pair]]]:
    """The 192 code, the players, and each round's pairs (White first; a bye as (player, 0))."""
    lines = path.read_text(encoding="utf-8").splitlines()
    code = next(line[4:].strip() for line in lines if line.startswith("192 "))
    cells = {int(line[4:8]): [line[i:i + 8] for i in range(91, len(line), 10)]
             for line in lines if line.startswith("001 ")}
    count = max(len(c) for c in cells.values())
    out: list[list[Pair]] = []
    for r in range(count):
        pairs: set[Pair] = set()
        for player, rounds in cells.items():
            opponent, colour = int(rounds[r][:4]), rounds[r][5]
            if opponent == 0:
                pairs.add((player, 0))
            elif colour == "w":
                pairs.add((player, opponent))
        out.append(sorted(pairs))
    return code, len(cells), out


def test_the_corpus_holds_every_kind() -> None:
    codes = {rounds_of(path)[0] for path in FILES}
    assert codes == set(CODES)
    assert any(" + " in path.read_text(encoding="utf-8") for path in FILES)  # a forfeit


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_round_is_the_engine_s_and_gacrux_accepted_it(path: Path) -> None:
    code, players, rounds = rounds_of(path)
    cycles, swap = CODES[code]
    expected = berger_rounds(players, cycles, swap)
    assert len(rounds) == len(expected)
    verdict = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))["rounds"]
    assert [r["round"] for r in verdict] == list(range(1, len(rounds) + 1))
    for number, (pairs, games, gacrux) in enumerate(zip(rounds, expected, verdict, strict=True), start=1):
        bye = bye_number(players, number, cycles, swap)
        assert pairs == sorted([*games, *([(bye, 0)] if bye else [])]), f"round {number}"
        assert gacrux["check"] and sorted(tuple(p) for p in gacrux["pairs"]) == pairs, f"round {number}"
