"""The Berger tables checked against a second source: Gacrux's (FIDE's reference checker), printed
for 3 … 20 players (tests/fixtures/berger-gacrux/README.md); FIDE C.05 Annex 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.pairing.round_robin import berger_round, berger_rounds, bye_number, table_size

CORPUS = Path(__file__).parents[1] / "fixtures" / "berger-gacrux" / "tables.txt"


def _gacrux() -> dict[int, list[list[tuple[int, int]]]]:
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        head, games = line.split(":")
        n, rnd = (int(x) for x in head.split())
        assert rnd == len(tables.setdefault(n, [])) + 1
        tables[n].append([(int(w), int(b)) for w, b in (g.split("-") for g in games.split())])
    return tables


GACRUX = _gacrux()


def test_the_corpus_covers_3_to_20_players() -> None:
    assert sorted(GACRUX) == list(range(3, 21))


@pytest.mark.parametrize("n", sorted(GACRUX))
def test_every_round_and_board_is_gacrux_s(n: int) -> None:
    """Same players on the same board with the same colours, round by round (the dummy included)."""
    size = table_size(n)
    assert [berger_round(size, r) for r in range(1, size)] == GACRUX[n]
    if n % 2:  # the highest number of the table is the bye
        assert berger_rounds(n) == [[g for g in games if size not in g] for games in GACRUX[n]]
        assert [bye_number(n, r) for r in range(1, size)] == [
            next(a + b - size for a, b in games if size in (a, b)) for games in GACRUX[n]]
