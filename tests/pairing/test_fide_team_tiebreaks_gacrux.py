"""Generated FIDE team Swiss tournaments whose C.07 team tiebreaks Gacrux's tie-break checker
computed (tests/data/fide-team-tiebreaks-gacrux, see its README): every value of every team, and
every rank, is Gacrux's."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from test_fide_team_gacrux import Sample, read

from site_builder.engine.team_tiebreaks import TeamScales, chain_of, ranked
from site_builder.engine.teams import TeamEntry

DATA = Path(__file__).parents[1] / "data" / "fide-team-tiebreaks-gacrux"
FILES = sorted(DATA.glob("*.trf"))
BOARDS = 4
#: Four boards, game points in half points, match points 2 / 1 / 0 in half points.
SCALES = TeamScales(draw={"M": 2, "G": BOARDS}, win={"M": 4, "G": 2 * BOARDS}, unit={"M": 2, "G": 2})


def history(sample: Sample) -> dict[int, tuple[TeamEntry, ...]]:
    """Each team's rounds as the engine keeps them, from the file's records."""
    out: dict[int, tuple[TeamEntry, ...]] = {}
    for team, record in sample.teams.items():
        entries, running = [], 0
        for number, entry in enumerate(record.rounds, start=1):
            if entry is None:
                running += 2 * sample.bye[0]
                entries.append(TeamEntry(number, "B", game_points=sample.bye[1],
                                         match_points=2 * sample.bye[0], running=running))
                continue
            opponent, colour, ours = entry
            other = sample.teams[opponent].rounds[number - 1]
            theirs = other[2] if other is not None else 0
            mp = 4 if ours > theirs else 2 if ours == theirs else 0
            running += mp
            entries.append(TeamEntry(number, "H" if colour == "w" else "A", opponent, 1, ours, theirs, mp,
                                     running))
        out[team] = tuple(entries)
    return out


def test_the_corpus_is_there() -> None:
    assert len(FILES) >= 5 and all(path.with_suffix(".txt").exists() for path in FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_value_and_rank_is_gacrux_s(path: Path) -> None:
    sample = read(path)
    lines = path.with_suffix(".txt").read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    names = header[3:]  # after StartNo, Rank and the primary score: the other score, then the chain
    primary = "G" if sample.game_first else "M"
    chain = chain_of(" ".join(name.replace("PTS", "P") for name in names), primary)
    assert len(chain) == len(names)
    rows = ranked(history(sample), sample.rounds, primary, chain, SCALES)
    theirs = {int(cells[0]): cells for cells in (line.split("\t") for line in lines[1:] if line.strip())}
    assert len(rows) == len(theirs) == len(sample.teams)
    for row in rows:
        cells = theirs[row.team]
        assert row.place == int(cells[1]), f"team {row.team}"
        for name, value, cell in zip(names, row.values, cells[3:], strict=True):
            if name != "DE":  # Gacrux writes 0 where DE decides nothing; the rank checks it
                assert value == Fraction(Decimal(cell)), f"team {row.team} {name}"
